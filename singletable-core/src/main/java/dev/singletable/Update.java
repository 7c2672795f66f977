package dev.singletable;


import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The changes of one UpdateItem: set, remove, add or subtract numbers, append or prepend to lists,
 * add or delete set elements, set if absent, set from another attribute. Immutable: every method
 * returns a new update. Usually written as a lambda given to {@link Table#update}:
 *
 * <pre>{@code
 * Order shipped = table.update(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"),
 *         u -> u.set(STATUS, OrderStatus.SHIPPED).add(ITEM_COUNT, 1).remove(NOTE));
 * // UpdateExpression: SET #status = :v0 REMOVE #note ADD #itemCount :v1
 * }</pre>
 *
 * <p>When an update changes an attribute that an index key is built from, singletable rewrites
 * that index key in the same request (or removes it, for a sparse index whose slot becomes null).
 * Changing an attribute of the primary key is refused: the item must move ({@link Table#move}).
 * Each attribute may be changed once per update, as DynamoDB requires.
 *
 * @param <T> the entity type
 */
public final class Update<T> {

    /** What one action does. */
    public enum Operation {
        /** {@code SET #a = :v}. */
        SET,
        /** {@code SET #a = if_not_exists(#a, :v)}. */
        SET_IF_ABSENT,
        /** {@code SET #a = #source}. */
        SET_FROM_ATTRIBUTE,
        /** {@code REMOVE #a}. */
        REMOVE,
        /** {@code ADD #a :v} on a number (an absent number counts as 0). */
        ADD_NUMBER,
        /** {@code SET #a = #a - :v} (the number must exist). */
        SUBTRACT_NUMBER,
        /** {@code SET #a = list_append(if_not_exists(#a, :empty), :v)}. */
        APPEND,
        /** {@code SET #a = list_append(:v, if_not_exists(#a, :empty))}. */
        PREPEND,
        /** {@code ADD #a :v} on a set. */
        ADD_TO_SET,
        /** {@code DELETE #a :v} on a set. */
        DELETE_FROM_SET
    }

    /**
     * One change: the attribute it changes and, by operation, the value (as given and as stored)
     * or the source attribute.
     */
    public static final class Action<T> {
        private final Operation operation;
        private final Attribute<T, ?> attribute;
        private final Object value;
        private final AttributeValue storedValue;
        private final Attribute<T, ?> source;

        private Action(Operation operation, Attribute<T, ?> attribute, Object value, AttributeValue storedValue, Attribute<T, ?> source) {
            this.operation = operation;
            this.attribute = attribute;
            this.value = value;
            this.storedValue = storedValue;
            this.source = source;
        }

        public Operation operation() {
            return operation;
        }

        public Attribute<T, ?> attribute() {
            return attribute;
        }

        /** The Java value given, for operations that take one. */
        public Optional<Object> value() {
            return Optional.ofNullable(value);
        }

        /** The value as sent to DynamoDB, for operations that take one. */
        public Optional<AttributeValue> storedValue() {
            return Optional.ofNullable(storedValue);
        }

        /** The attribute copied from, for {@link Operation#SET_FROM_ATTRIBUTE}. */
        public Optional<Attribute<T, ?>> source() {
            return Optional.ofNullable(source);
        }

        @Override
        public String toString() {
            return operation + " " + attribute.name() + (value != null ? " " + value : "") + (source != null ? " from " + source.name() : "");
        }
    }

    private final String entityType;
    private final List<Action<T>> actions;
    private final boolean readStoredValues;

    private Update(String entityType, List<Action<T>> actions, boolean readStoredValues) {
        this.entityType = entityType;
        this.actions = actions;
        this.readStoredValues = readStoredValues;
    }

    /** An update of this entity type with no changes yet. */
    public static <T> Update<T> of(EntitySchema<T> entity) {
        NullArgumentException.check("Update.of", "entity", entity);
        return new Update<>(Objects.requireNonNull(entity, "entity").type(), List.of(), false);
    }

    /** The actions in the order given. */
    public List<Action<T>> actions() {
        return actions;
    }

    public boolean isEmpty() {
        return actions.isEmpty();
    }

    /**
     * When an index key must be rewritten but this update lacks the value of one of its other slots,
     * read the item first (strongly consistent) and take the value from it, adding a condition that the
     * value is still the one read. Without this, such an update is refused before sending.
     */
    public Update<T> readingStoredValuesForIndexKeys() {
        return new Update<>(entityType, actions, true);
    }

    /** True when {@link #readingStoredValuesForIndexKeys()} was asked. */
    public boolean readsStoredValuesForIndexKeys() {
        return readStoredValues;
    }

    /** {@code SET #a = :v}. A null value is refused: use {@link #remove}. */
    public <V> Update<T> set(Attribute<T, V> attribute, V value) {
        NullArgumentException.check("Update.set", "attribute", attribute);
        NullArgumentException.require(value, "Update.set", "value", "null is not a value of " + entityType + "." + attribute.name() + ": use remove(" + attribute.name() + ") to delete the attribute");
        return with(Operation.SET, attribute, value, encode(entityType, attribute, value, "set"), null);
    }

    /** {@code SET #a = if_not_exists(#a, :v)}: sets the value only when the attribute is absent. */
    public <V> Update<T> setIfAbsent(Attribute<T, V> attribute, V value) {
        NullArgumentException.check("Update.setIfAbsent", "attribute", attribute);
        NullArgumentException.require(value, "Update.setIfAbsent", "value", "null is not a value of " + entityType + "." + attribute.name() + ": use remove(" + attribute.name() + ") to delete the attribute");
        return with(Operation.SET_IF_ABSENT, attribute, value, encode(entityType, attribute, value, "setIfAbsent"), null);
    }

    /** {@code SET #a = #source}: copies another attribute's stored value. */
    public <V> Update<T> setFrom(Attribute<T, V> attribute, Attribute<T, V> source) {
        NullArgumentException.check("Update.setFrom", "attribute", attribute, "source", source);
        Objects.requireNonNull(source, "source");
        return with(Operation.SET_FROM_ATTRIBUTE, attribute, null, null, source);
    }

    /** {@code REMOVE #a}. Refused for a required attribute. */
    public Update<T> remove(Attribute<T, ?> attribute) {
        NullArgumentException.check("Update.remove", "attribute", attribute);
        if (attribute.isRequired()) {
            throw new ValidationException("Update of " + entityType + " cannot remove " + attribute.name() + ": it is required (declared with "
                    + "Attribute.required); set another value, or declare it with Attribute.of(...) to allow it to be absent");
        }
        return with(Operation.REMOVE, attribute, null, null, null);
    }

    /** {@code ADD #a :v}: adds to a number; an absent number counts as 0. Negative amounts subtract. */
    public <V extends Number> Update<T> add(Attribute<T, V> attribute, V amount) {
        NullArgumentException.check("Update.add", "attribute", attribute);
        NullArgumentException.require(amount, "Update.add", "amount", "null is not a value of " + entityType + "." + attribute.name() + ": use remove(" + attribute.name() + ") to delete the attribute");
        return with(Operation.ADD_NUMBER, attribute, amount, encode(entityType, attribute, amount, "add"), null);
    }

    /** {@code SET #a = #a - :v}: subtracts from a number, which must exist. */
    public <V extends Number> Update<T> subtract(Attribute<T, V> attribute, V amount) {
        NullArgumentException.check("Update.subtract", "attribute", attribute);
        NullArgumentException.require(amount, "Update.subtract", "amount", "null is not a value of " + entityType + "." + attribute.name() + ": use remove(" + attribute.name() + ") to delete the attribute");
        return with(Operation.SUBTRACT_NUMBER, attribute, amount, encode(entityType, attribute, amount, "subtract"), null);
    }

    /** Appends elements to a list; an absent list counts as empty. */
    public <E> Update<T> append(Attribute<T, List<E>> attribute, List<E> elements) {
        NullArgumentException.check("Update.append", "attribute", attribute);
        NullArgumentException.require(elements, "Update.append", "elements", "null is not a value of " + entityType + "." + attribute.name() + ": use remove(" + attribute.name() + ") to delete the attribute");
        return with(Operation.APPEND, attribute, List.copyOf(elements), encode(entityType, attribute, elements, "append"), null);
    }

    /** Prepends elements to a list; an absent list counts as empty. */
    public <E> Update<T> prepend(Attribute<T, List<E>> attribute, List<E> elements) {
        NullArgumentException.check("Update.prepend", "attribute", attribute);
        NullArgumentException.require(elements, "Update.prepend", "elements", "null is not a value of " + entityType + "." + attribute.name() + ": use remove(" + attribute.name() + ") to delete the attribute");
        return with(Operation.PREPEND, attribute, List.copyOf(elements), encode(entityType, attribute, elements, "prepend"), null);
    }

    /** {@code ADD #a :v}: adds elements to a set; an absent set counts as empty. */
    public <E> Update<T> addToSet(Attribute<T, Set<E>> attribute, Collection<E> elements) {
        NullArgumentException.check("Update.addToSet", "attribute", attribute);
        NullArgumentException.require(elements, "Update.addToSet", "elements", "give at least one element of " + entityType + "." + attribute.name());
        Set<E> set = Set.copyOf(requireElements(attribute, elements, "addToSet"));
        return with(Operation.ADD_TO_SET, attribute, set, encode(entityType, attribute, set, "addToSet"), null);
    }

    /** {@code DELETE #a :v}: removes elements from a set (a set left empty is removed by DynamoDB). */
    public <E> Update<T> deleteFromSet(Attribute<T, Set<E>> attribute, Collection<E> elements) {
        NullArgumentException.check("Update.deleteFromSet", "attribute", attribute);
        NullArgumentException.require(elements, "Update.deleteFromSet", "elements", "give at least one element of " + entityType + "." + attribute.name());
        Set<E> set = Set.copyOf(requireElements(attribute, elements, "deleteFromSet"));
        return with(Operation.DELETE_FROM_SET, attribute, set, encode(entityType, attribute, set, "deleteFromSet"), null);
    }

    private <E> Collection<E> requireElements(Attribute<T, ?> attribute, Collection<E> elements, String operation) {
        if (elements == null || elements.isEmpty()) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + attribute.name() + ") has no elements; "
                    + "DynamoDB sets are never empty: give at least one element");
        }
        return elements;
    }

    private Update<T> with(Operation operation, Attribute<T, ?> attribute, Object value, AttributeValue stored, Attribute<T, ?> source) {
        Objects.requireNonNull(attribute, "attribute");
        for (Action<T> action : actions) {
            if (action.attribute().name().equals(attribute.name())) {
                throw new ValidationException("Update of " + entityType + " changes " + attribute.name() + " twice (" + action.operation() + " and "
                        + operation + "); DynamoDB allows one action per attribute in an update: combine them");
            }
        }
        List<Action<T>> next = new ArrayList<>(actions.size() + 1);
        next.addAll(actions);
        next.add(new Action<>(operation, attribute, value, stored, source));
        return new Update<>(entityType, List.copyOf(next), readStoredValues);
    }

    private static <V> AttributeValue encode(String entityType, Attribute<?, V> attribute, V value, String operation) {
        if (value == null) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + attribute.name() + ", null): null is not a value; "
                    + "use remove(" + attribute.name() + ") to delete the attribute");
        }
        if (attribute.type().isOmitted(value)) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + attribute.name() + ", " + value + "): "
                    + attribute.type().typeName() + " stores this value as no attribute at all (DynamoDB refuses empty sets); "
                    + "use remove(" + attribute.name() + ")");
        }
        try {
            return attribute.type().toAttributeValue(value);
        } catch (IllegalArgumentException | ArithmeticException | ClassCastException e) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + attribute.name() + ", " + value + "): "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "Update of " + entityType + actions;
    }
}
