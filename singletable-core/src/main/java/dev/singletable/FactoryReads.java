package dev.singletable;

import dev.singletable.internal.kinds.Kind;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The attributes an entity's factory reads, found by running it once, when the schema is built, on an item that holds
 * a typical value of each: an attribute it reads that the entity neither writes nor declares read-only would be
 * dropped on every write and read back empty, without a word. Package-private beside its one caller,
 * {@link EntitySchema.Builder#build}.
 */
final class FactoryReads implements ItemReader {
    private final Set<String> names = new LinkedHashSet<>();

    private FactoryReads() {
    }

    /**
     * Refuses a factory that reads an attribute that is neither among {@code attributes} nor {@code readOnly}.
     *
     * @throws SchemaDefinitionException naming the entity, the attribute and the two ways to declare it
     */
    static void check(String type, Function<ItemReader, ?> factory, Set<String> attributes, Set<String> readOnly) {
        for (String read : of(factory)) {
            if (!attributes.contains(read) && !readOnly.contains(read)) {
                throw SchemaDefinitionException.ofAttribute(read, type + ": the factory reads attribute '" + read + "', which is not among "
                        + type + "'s attributes " + attributes + ", so it would never be written and would always be read back empty; "
                        + "add it with attributes(...), or, when other code writes it and " + type + " only reads it, declare it with "
                        + "readOnlyAttributes(...)");
            }
        }
    }

    /** The names of the attributes the factory reads (asks for or asks about), in the order it reads them. */
    static Set<String> of(Function<ItemReader, ?> factory) {
        FactoryReads reader = new FactoryReads();
        try {
            factory.apply(reader);
        } catch (RuntimeException e) {
            // a factory refusing the typical values (a record's own checks) has still read what it read before: that is checked
        }
        return reader.names;
    }

    @Override
    public <V> V get(Attribute<?, V> attribute) {
        names.add(attribute.name());
        return typical(attribute);
    }

    @Override
    public boolean has(Attribute<?, ?> attribute) {
        names.add(attribute.name());
        return true;
    }

    /**
     * A value the factory can take: the attribute's default, its kind's typical value (so that an {@code int} component
     * unboxes and the factory reads on), the type's value when absent, else null.
     */
    @SuppressWarnings("unchecked")
    private static <V> V typical(Attribute<?, V> attribute) {
        if (attribute.defaultValue().isPresent()) {
            return attribute.defaultValue().get();
        }
        Optional<Kind> kind = Kind.of(attribute.type()).filter(k -> k.sample().isPresent());
        if (kind.isPresent()) {
            try {
                return (V) kind.get().parse(kind.get().sample().get());
            } catch (IllegalArgumentException e) {
                // no typical value after all: the value when absent, below
            }
        }
        return attribute.type().valueWhenAbsent().orElse(null);
    }
}
