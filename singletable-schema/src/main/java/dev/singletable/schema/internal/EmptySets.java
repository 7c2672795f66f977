package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.ValidationException;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Empty sets (of strings, numbers or binaries), which DynamoDB cannot store: whether an entity may hold one, and the
 * first one in an item.
 */
final class EmptySets {
    private static final Set<String> SET_TYPES = Set.of("SS", "NS", "BS");

    private final SchemaDocument document;

    EmptySets(SchemaDocument document) {
        this.document = document;
    }

    /** True when a set is among the attributes, or inside the records they hold. */
    boolean holdsSets(Map<String, AttributeDefinition> attributes, Set<String> seen) {
        for (AttributeDefinition attribute : attributes.values()) {
            if (isSet(attribute.type())) {
                return true;
            }
            Optional<RecordTypeDefinition> record = attribute.recordType().filter(seen::add).map(document.types()::get);
            if (record.isPresent() && holdsSets(record.get().attributes(), seen)) {
                return true;
            }
        }
        return false;
    }

    /** A kind stored as a DynamoDB set (SS, NS, BS), of which DynamoDB stores no empty one. */
    private static boolean isSet(AttributeKind kind) {
        return SET_TYPES.contains(kind.storedAs());
    }

    /**
     * Refuses an empty set anywhere in the item: DynamoDB stores no empty set, so it would be left out and the
     * item would read back without the attribute it was written with.
     */
    void refuseEmptySets(String where, DynamicItem item, Map<String, AttributeDefinition> attributes) {
        emptySetIn(where, item, attributes).ifPresent(empty -> {
            throw new ValidationException(empty.path() + ": " + empty.refusal());
        });
    }

    /** An empty set in an item's value, at {@code path} ({@code Order.tags}, {@code address.labels[1].tags}), of attribute {@code name}. */
    record EmptySet(String path, String name) {
        String refusal() {
            return "the empty set [] cannot be stored (DynamoDB has no empty sets, so the attribute would be left out and read back "
                    + "absent); leave " + name + " out, or give it at least one value";
        }
    }

    /** The first empty set among the item's attributes, or inside the records they hold, each at {@code where} + its name. */
    private Optional<EmptySet> emptySetIn(String where, DynamicItem item, Map<String, AttributeDefinition> attributes) {
        for (Map.Entry<String, AttributeDefinition> attribute : attributes.entrySet()) {
            String name = attribute.getKey();
            Optional<EmptySet> found = emptySet(where + "." + name, name, item.values().get(name), attribute.getValue());
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** As {@link #emptySetIn}, for one attribute's value, at {@code at}. */
    Optional<EmptySet> emptySet(String at, String name, Object value, AttributeDefinition attribute) {
        if (value instanceof Set<?> set && set.isEmpty() && isSet(attribute.type())) {
            return Optional.of(new EmptySet(at, name));
        }
        RecordTypeDefinition record = attribute.recordType().map(document.types()::get).orElse(null);
        if (record == null) {
            return Optional.empty();
        }
        if (value instanceof DynamicItem inner) {
            return emptySetIn(at, inner, record.attributes());
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                Optional<EmptySet> found = list.get(i) instanceof DynamicItem inner
                        ? emptySetIn(at + "[" + i + "]", inner, record.attributes()) : Optional.empty();
                if (found.isPresent()) {
                    return found;
                }
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> element : map.entrySet()) {
                Optional<EmptySet> found = element.getValue() instanceof DynamicItem inner
                        ? emptySetIn(at + "[\"" + element.getKey() + "\"]", inner, record.attributes()) : Optional.empty();
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }
}
