package dev.singletable.internal.writes;

import dev.singletable.internal.declaration.DeclarationFixes;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.kinds.DynamoNumbers;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.ItemReader;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/**
 * The entity as a write stores it: the given entity's values with the maintained ones (version,
 * timestamps) put in, built by the entity's factory before anything is encoded, so that the item
 * is encoded once, index keys built from maintained attributes included. Values read as a decode
 * of the item would: an omitted value (an empty set) reads as the type's value when absent, and a BigDecimal as
 * its stored text reads back (10.50 as 10.5, see {@code DynamoNumbers.normalised}). A null stays null, so that the
 * item is the one encoding the entity as given makes: a null list or map is left out whether or not the entity is
 * rebuilt.
 */
final class WrittenEntity<T> implements ItemReader {
    private final EntitySchema<T> schema;
    private final T entity;
    private final Map<String, Object> maintained;

    private WrittenEntity(EntitySchema<T> schema, T entity, Map<String, Object> maintained) {
        this.schema = schema;
        this.entity = entity;
        this.maintained = maintained;
    }

    static <T> T of(BoundEntity<T> bound, T entity, Map<String, Object> maintained) {
        EntitySchema<T> schema = bound.schema();
        // the beforeWrite steps run first (they may fill attributes, such as a generated id), as encoding would: the
        // entity handed back carries what they filled, even when nothing else makes it differ from the one given
        T prepared = bound.prepareForWrite(entity);
        if (maintained.isEmpty() && !hasDecimalToNormalise(schema, prepared) && !hasDefaultToFill(schema, prepared)) {
            return prepared;
        }
        return schema.create(new WrittenEntity<>(schema, prepared, maintained));
    }

    /** A null value written as its attribute's default: the entity is then rebuilt with it. */
    private static <T> boolean hasDefaultToFill(EntitySchema<T> schema, T entity) {
        for (Attribute<T, ?> attribute : schema.attributes()) {
            if (isDefaulted(attribute) && attribute.valueOf(entity) == null) {
                return true;
            }
        }
        return false;
    }

    /** A BigDecimal whose stored text reads back as another scale (10.50 reads as 10.5): the entity is then rebuilt. */
    private static <T> boolean hasDecimalToNormalise(EntitySchema<T> schema, T entity) {
        for (Attribute<T, ?> attribute : schema.attributes()) {
            if (attribute.type() == AttributeTypes.DECIMAL && attribute.valueOf(entity) instanceof BigDecimal decimal
                    && decimal.scale() != DynamoNumbers.normalised(decimal).scale()) {
                return true;
            }
        }
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> V get(Attribute<?, V> attribute) {
        if (maintained.containsKey(attribute.name())) {
            return (V) maintained.get(attribute.name());
        }
        Optional<Attribute<T, ?>> declared = schema.attribute(attribute.name());
        Object value = declared.isPresent() ? declared.get().valueOf(entity) : null;
        if (value instanceof BigDecimal decimal && attribute.type() == AttributeTypes.DECIMAL) {
            return (V) DynamoNumbers.normalised(decimal);
        }
        if (value != null && !isOmitted(attribute, (V) value)) {
            return (V) value;
        }
        if (value == null && declared.isPresent() && isDefaulted(declared.get())) {
            return (V) declared.get().defaultValue().get();
        }
        if (value == null && declared.isPresent() && declared.get().isNullable()) {
            return null;
        }
        if (value == null && declared.isPresent()) {
            // left null: the item leaves it out, as encoding the entity as given does (a list or map is not written as
            // L: [] or M: {} because the entity happens to be rebuilt), and a required one is refused as it is there
            if (declared.get().isRequired()) {
                throw nullButRequired(attribute);
            }
            return null;
        }
        Optional<V> absent = attribute.type().valueWhenAbsent();
        if (absent.isPresent()) {
            return absent.get();
        }
        if (value == null && attribute.isRequired()) {
            throw nullButRequired(attribute);
        }
        return null;
    }

    /** The message encoding the entity gives (BoundEntity). */
    private ValidationException nullButRequired(Attribute<?, ?> attribute) {
        return new ValidationException(schema.type() + "." + attribute.name() + " is null but required; "
                + DeclarationFixes.nullOnWrite(schema, attribute));
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean has(Attribute<?, ?> attribute) {
        if (maintained.get(attribute.name()) != null) {
            return true;
        }
        Optional<Attribute<T, ?>> declared = schema.attribute(attribute.name());
        Object value = declared.isPresent() ? declared.get().valueOf(entity) : null;
        if (value == null && declared.isPresent() && isDefaulted(declared.get())) {
            return true; // written as its default, so a factory reading only what the item has (a DynamicItem's) takes it too
        }
        return value != null && !isOmitted((Attribute<?, Object>) attribute, value);
    }

    /** A null value the write replaces by the attribute's default (a nullable one is written as NULL instead). */
    private static boolean isDefaulted(Attribute<?, ?> attribute) {
        return !attribute.isNullable() && attribute.defaultValue().isPresent();
    }

    private static <V> boolean isOmitted(Attribute<?, V> attribute, V value) {
        try {
            return attribute.type().isOmitted(value);
        } catch (ClassCastException wrongType) {
            return false; // a value of another Java type (a DynamicItem's String for a set): encoding refuses it, naming it
        }
    }

    @Override
    public Map<String, AttributeValue> unmappedAttributes() {
        Map<String, AttributeValue> bag = schema.attributeBag().map(f -> f.apply(entity)).orElse(null);
        return bag == null ? Map.of() : bag;
    }
}
