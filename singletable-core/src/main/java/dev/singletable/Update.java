package dev.singletable;


import dev.singletable.internal.declaration.DeclarationFixes;
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
 * Order changed = table.update(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"),
 *         u -> u.set(TOTAL, new BigDecimal("42.50")).add(ITEM_COUNT, 1).remove(NOTE));
 * // UpdateExpression: SET #total = :v0 REMOVE #note ADD #itemCount :v1
 * }</pre>
 *
 * <p>Every change but {@link #setFrom} takes a {@link DocumentPath}: an {@link Attribute}, or an {@link AttributePath} into an
 * embedded record, list or map, changing one value in place: {@code u.set(HOME.then(AddressSchema.CITY), "Paris").remove(TAGS.at(2))} renders
 * {@code SET #home.#city = :v0 REMOVE #tags[2]}. Two changes on overlapping paths ({@code home} and
 * {@code home.city}) are refused, as DynamoDB refuses them.
 *
 * <p>When an update changes an attribute that an index key is built from, singletable rewrites
 * that index key in the same request (or removes it, for a sparse index whose slot becomes null).
 * It needs the values of that key's other slots: from the update itself, from the primary key, or from the
 * entity read before ({@code table.update(order, u -> u.set(STATUS, OrderStatus.SHIPPED))}, where {@code order}
 * gives {@code createdAt} for GSI1's {@code {createdAt}}). Without them the update is refused before sending, naming
 * the missing slot, unless it is {@linkplain #readingStoredValuesForIndexKeys() told to read them first}.
 * Changing an attribute of the primary key is refused: the item must move ({@link Table#move}).
 * Each attribute may be changed once per update, as DynamoDB requires.
 *
 * @param <T> the entity type
 */
@Stable
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
        private final AttributePath<T, ?> path;
        private final Object value;
        private final AttributeValue storedValue;
        private final Attribute<T, ?> source;

        private Action(Operation operation, AttributePath<T, ?> path, Object value, AttributeValue storedValue, Attribute<T, ?> source) {
            this.operation = operation;
            this.path = path;
            this.value = value;
            this.storedValue = storedValue;
            this.source = source;
        }

        public Operation operation() {
            return operation;
        }

        /** The entity's attribute the action changes: the attribute itself, or the one its path starts at. */
        public Attribute<T, ?> attribute() {
            return path.root();
        }

        /** Where the action changes the item: the attribute alone, or a path into it ({@code home.city}). */
        public AttributePath<T, ?> path() {
            return path;
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
            return operation + " " + path + (value != null ? " " + value : "") + (source != null ? " from " + source.name() : "");
        }
    }

    private final EntitySchema<T> entity; // its declaration words the fix of a refused remove
    private final String entityType;
    // the actions as a chain, each update adding one to the update it was made from: an update of n changes is built
    // in n steps without copying a list at each (an update is immutable, so the chain is shared safely)
    private final Update<T> previous; // null for an update without changes
    private final Action<T> last; // null for an update without changes
    private final int size;
    private final boolean readStoredValues;
    /** {@link #actions()}, made on first use: an immutable list, so shared between threads without a lock. */
    private List<Action<T>> actions;

    private Update(EntitySchema<T> entity, Update<T> previous, Action<T> last, int size, boolean readStoredValues) {
        this.entity = entity;
        this.entityType = entity.type();
        this.previous = previous;
        this.last = last;
        this.size = size;
        this.readStoredValues = readStoredValues;
    }

    /** An update of this entity type with no changes yet. */
    public static <T> Update<T> of(EntitySchema<T> entity) {
        NullArgumentException.check("Update.of", "entity", entity);
        return new Update<>(Objects.requireNonNull(entity, "entity"), null, null, 0, false);
    }

    /** The actions in the order given. */
    public List<Action<T>> actions() {
        List<Action<T>> made = actions;
        if (made == null) {
            List<Action<T>> ordered = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                ordered.add(null);
            }
            int i = size;
            for (Update<T> u = this; u.last != null; u = u.previous) {
                ordered.set(--i, u.last);
            }
            made = List.copyOf(ordered);
            actions = made;
        }
        return made;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * When an index key must be rewritten but this update lacks the value of one of its other slots,
     * read the item first (strongly consistent) and take the value from it, adding a condition that the
     * value is still the one read. Without this, such an update is refused before sending.
     */
    public Update<T> readingStoredValuesForIndexKeys() {
        return new Update<>(entity, previous, last, size, true);
    }

    /** True when {@link #readingStoredValuesForIndexKeys()} was asked. */
    public boolean readsStoredValuesForIndexKeys() {
        return readStoredValues;
    }

    /**
     * {@code SET #a = :v}, or {@code SET #a.#b = :v} at a path into an embedded record, list or map. A null value is
     * refused (use {@link #remove}), except for a {@link Attribute#nullable nullable} attribute, which it sets to
     * DynamoDB's NULL. The record, list or map a path goes into must exist in the item (DynamoDB refuses the update
     * otherwise). At a list element ({@code TAGS.at(2)}) it replaces the element, which must exist: the update's condition
     * requires it ({@code attribute_exists(#tags[2])}), and past the end of the list nothing is written and
     * {@link ListElementNotFoundException} says why (DynamoDB alone would append, other engines pad with NULLs). Add
     * elements with {@link #append} or {@link #prepend}. Every change at or inside a list element but {@link #remove}
     * needs the element likewise.
     *
     * <pre>{@code u.set(NOTE, "gift").set(HOME.then(AddressSchema.CITY), "Paris")   // SET #note = :v0, #home.#city = :v1}</pre>
     */
    public <V> Update<T> set(DocumentPath<T, V> path, V value) {
        AttributePath<T, V> at = given("Update.set", path);
        if (value == null && at.isTopLevel() && at.root().isNullable()) {
            return with(Operation.SET, at, null, AttributeValue.fromNul(true), null);
        }
        requireValue(value, "Update.set", "value", at);
        return with(Operation.SET, at, value, encode(at, value, "set"), null);
    }

    /**
     * {@code SET #a = if_not_exists(#a, :v)}: sets the value only when nothing is there (the attribute, or the value at a
     * path, is absent).
     */
    public <V> Update<T> setIfAbsent(DocumentPath<T, V> path, V value) {
        AttributePath<T, V> at = given("Update.setIfAbsent", path);
        requireValue(value, "Update.setIfAbsent", "value", at);
        return with(Operation.SET_IF_ABSENT, at, value, encode(at, value, "setIfAbsent"), null);
    }

    /** {@code SET #a = #source}: copies another attribute's stored value. */
    public <V> Update<T> setFrom(Attribute<T, V> attribute, Attribute<T, V> source) {
        NullArgumentException.check("Update.setFrom", "attribute", attribute, "source", source);
        Objects.requireNonNull(source, "source");
        return with(Operation.SET_FROM_ATTRIBUTE, AttributePath.of(attribute), null, null, source);
    }

    /**
     * {@code REMOVE #a}, or {@code REMOVE #a.#b} and {@code REMOVE #a[2]} at a path: removes an attribute, an embedded
     * record's attribute, a map's entry or a list's element (the elements after it move up). Refused for a required
     * attribute, of the entity or of an embedded record.
     *
     * <pre>{@code u.remove(NOTE).remove(TAGS.at(2))   // REMOVE #note, #tags[2]}</pre>
     */
    public Update<T> remove(DocumentPath<T, ?> path) {
        AttributePath<T, ?> at = given("Update.remove", path);
        if (at.isRequired()) {
            throw new ValidationException("Update of " + entityType + " cannot remove " + at + ": "
                    + DeclarationFixes.removeRequired(entity, at.root().name(), at.isTopLevel()));
        }
        return with(Operation.REMOVE, at, null, null, null);
    }

    /**
     * Adds to a number; an absent number counts as 0. Negative amounts subtract. On an attribute it is {@code ADD #a :v};
     * at a path {@code SET #a.#b = if_not_exists(#a.#b, :zero) + :v} (DynamoDB's ADD works on top-level attributes only),
     * and the map or record holding the number must exist. On an {@code Integer} or {@code Long} the update's condition
     * also keeps the result in the type's range ({@code (attribute_not_exists(#a) OR #a <= :max-minus-amount)}); past it
     * nothing is written and {@link NumberOutOfRangeException} says why ({@link #subtract} likewise). The amount is not
     * checked against the attribute's range rules ({@code minimum: 0}): the condition keeps the result within them
     * ({@code #stock >= :1} for {@code subtract(STOCK, 1)}), and past them a {@link NumberRuleException} names the rule.
     *
     * <pre>{@code u.add(ITEM_COUNT, 1).add(COUNTERS.key("views"), 1L)}</pre>
     */
    public <V extends Number> Update<T> add(DocumentPath<T, V> path, V amount) {
        return numberAction(Operation.ADD_NUMBER, "add", given("Update.add", path), amount);
    }

    /** {@code SET #a = #a - :v}: subtracts from a number (of an attribute or at a path), which must exist. */
    public <V extends Number> Update<T> subtract(DocumentPath<T, V> path, V amount) {
        return numberAction(Operation.SUBTRACT_NUMBER, "subtract", given("Update.subtract", path), amount);
    }

    /** Appends elements to a list, of an attribute or at a path ({@code list_append}); an absent list counts as empty. */
    public <E> Update<T> append(DocumentPath<T, List<E>> path, List<E> elements) {
        return listAction(Operation.APPEND, "append", given("Update.append", path), elements);
    }

    /** Prepends elements to a list, of an attribute or at a path ({@code list_append}); an absent list counts as empty. */
    public <E> Update<T> prepend(DocumentPath<T, List<E>> path, List<E> elements) {
        return listAction(Operation.PREPEND, "prepend", given("Update.prepend", path), elements);
    }

    /**
     * {@code ADD #a :v}: adds elements to a set, of an attribute or at a path; an absent set counts as empty. A set at a
     * path must be stored as a DynamoDB set (SS, as {@link AttributeTypes#STRING_SET}).
     */
    public <E> Update<T> addToSet(DocumentPath<T, Set<E>> path, Collection<E> elements) {
        return setAction(Operation.ADD_TO_SET, "addToSet", given("Update.addToSet", path), elements);
    }

    /** {@code DELETE #a :v}: removes elements from a set, of an attribute or at a path (a set left empty is removed by DynamoDB). */
    public <E> Update<T> deleteFromSet(DocumentPath<T, Set<E>> path, Collection<E> elements) {
        return setAction(Operation.DELETE_FROM_SET, "deleteFromSet", given("Update.deleteFromSet", path), elements);
    }

    /** The path a method was given, refusing null. */
    private static <T, V> AttributePath<T, V> given(String method, DocumentPath<T, V> path) {
        return NullArgumentException.require(path, method, "path", Condition.PATH_FIX).asPath();
    }

    private <V extends Number> Update<T> numberAction(Operation operation, String name, AttributePath<T, V> path, V amount) {
        requireValue(amount, "Update." + name, "amount", path);
        // the amount is not the value written: the update's condition keeps the result within the attribute's range rules
        return with(operation, path, amount, encode(path, amount, name, false), null);
    }

    private <E> Update<T> listAction(Operation operation, String name, AttributePath<T, List<E>> path, List<E> elements) {
        requireValue(elements, "Update." + name, "elements", path);
        return with(operation, path, List.copyOf(elements), encode(path, elements, name), null);
    }

    private <E> Update<T> setAction(Operation operation, String name, AttributePath<T, Set<E>> path, Collection<E> elements) {
        if (elements == null) {
            throw new NullArgumentException("Update." + name, "elements", "give at least one element of " + entityType + "." + path);
        }
        Set<E> set = Set.copyOf(requireElements(path, elements, name));
        return with(operation, path, set, encode(path, set, name), null);
    }

    /** Refuses a null value with the hint to remove instead; the hint is written only then. */
    private void requireValue(Object value, String method, String parameter, AttributePath<T, ?> path) {
        if (value == null) {
            throw new NullArgumentException(method, parameter, nullHint(path));
        }
    }

    private String nullHint(AttributePath<T, ?> path) {
        return "null is not a value of " + entityType + "." + path + ": use remove(" + path + ") to delete the attribute";
    }

    private <E> Collection<E> requireElements(AttributePath<T, ?> path, Collection<E> elements, String operation) {
        if (elements == null || elements.isEmpty()) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + path + ") has no elements; "
                    + "DynamoDB sets are never empty: give at least one element");
        }
        return elements;
    }

    private Update<T> with(Operation operation, AttributePath<T, ?> path, Object value, AttributeValue stored, Attribute<T, ?> source) {
        Objects.requireNonNull(path, "path");
        Action<T> clash = null; // the first action given that changes the same or an overlapping path: the chain runs backwards
        for (Update<T> u = this; u.last != null; u = u.previous) {
            if (u.last.path().equals(path) || u.last.path().overlaps(path)) {
                clash = u.last;
            }
        }
        if (clash != null) {
            if (clash.path().equals(path)) {
                throw new ValidationException("Update of " + entityType + " changes " + path + " twice (" + clash.operation() + " and "
                        + operation + "); DynamoDB allows one action per attribute in an update: combine them");
            }
            throw new ValidationException("Update of " + entityType + " changes " + clash.path() + " (" + clash.operation() + ") and "
                    + path + " (" + operation + "), and one path leads into the other; DynamoDB refuses two actions on overlapping "
                    + "document paths in one update: change the inner value in the outer one, or use two updates");
        }
        return new Update<>(entity, this, new Action<>(operation, path, value, stored, source), size + 1, readStoredValues);
    }

    private <V> AttributeValue encode(AttributePath<T, V> path, Object given, String operation) {
        return encode(path, given, operation, true);
    }

    private <V> AttributeValue encode(AttributePath<T, V> path, Object given, String operation, boolean checkRules) {
        if (!path.isTopLevel()) {
            String what = "Update of " + entityType + ": " + operation + "(" + path + ", " + given + ")";
            AttributeValue stored = path.encode(given, what); // its type first: a rule reads a value of the path's type
            if (checkRules) {
                for (AttributeRule rule : path.rules()) {
                    Optional<String> broken = rule.violation(given);
                    if (broken.isPresent()) {
                        throw ValidationException.ofAttribute(path.root().name(), what + ": " + entityType + "." + path + ": "
                                + broken.get() + " (rule: " + rule + ")");
                    }
                }
            }
            return stored;
        }
        @SuppressWarnings("unchecked")
        V value = (V) given;
        if (checkRules) {
            path.root().check("Update of " + entityType + ": " + operation + "(" + path + ", " + value + "): " + entityType, value);
        }
        if (path.type().isOmitted(value)) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + path + ", " + value + "): "
                    + path.type().typeName() + " stores this value as no attribute at all (DynamoDB refuses empty sets); "
                    + "use remove(" + path + ")");
        }
        try {
            return path.type().toAttributeValue(value);
        } catch (IllegalArgumentException | ArithmeticException | ClassCastException e) {
            throw new ValidationException("Update of " + entityType + ": " + operation + "(" + path + ", " + value + "): "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "Update of " + entityType + actions();
    }
}
