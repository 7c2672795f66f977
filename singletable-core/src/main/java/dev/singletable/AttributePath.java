package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A document path into one of an entity's attributes: an attribute of an embedded record
 * ({@code @Embeddable}), an element of a list, a value of a map, nested as deep as DynamoDB allows
 * (32 levels). {@link Update} and {@link Condition} take it wherever they take an {@link Attribute} (both are a
 * {@link DocumentPath}), and
 * every element of it reaches DynamoDB as a placeholder ({@code #home.#city}, {@code #tags[2]},
 * {@code #counters.#views}): map keys are names, never inlined into the expression.
 *
 * <pre>{@code
 * table.update(CUSTOMER, key, u -> u
 *         .set(HOME.then(AddressSchema.CITY), "Paris")      // SET #home.#city = :v0
 *         .remove(TAGS.at(2))                               // REMOVE #tags[2]
 *         .add(COUNTERS.key("views"), 1L));                 // SET #counters.#views = if_not_exists(...) + :v1
 * }</pre>
 *
 * <p>{@link #then} is typed at compile time: the path to {@code CITY} of an {@code Address} is an
 * {@code AttributePath<Customer, String>} and takes only a String. Java cannot tie the element type of a
 * list or map attribute to {@link #at} and {@link #key}: their value type is inferred where the path is
 * used and checked when the update or condition is built, against the list's or map's element type
 * ({@link ValidationException} naming the path, the value and the type it needs). Immutable.
 *
 * @param <T> the entity type
 * @param <V> the Java type of the value at the path
 */
@Stable
public final class AttributePath<T, V> implements DocumentPath<T, V> {
    /** DynamoDB's limit on the nesting of maps and lists, which bounds a document path. */
    public static final int MAX_DEPTH = 32;


    private final Attribute<T, ?> root;
    private final List<Step> steps;
    private final AttributeType<V> type;
    private final boolean required;
    private final AttributePath<T, ?> parent; // null for the attribute alone
    private final List<AttributeRule> rules;

    private enum Kind { ATTRIBUTE, MAP_KEY, LIST_INDEX }

    /** One element after the root: an embedded record's attribute, a map key or a list index. */
    private record Step(Kind kind, String name, int index) {
        boolean isIndex() {
            return kind == Kind.LIST_INDEX;
        }
    }

    private AttributePath(Attribute<T, ?> root, List<Step> steps, AttributeType<V> type, boolean required, AttributePath<T, ?> parent,
                          List<AttributeRule> rules) {
        this.root = root;
        this.steps = steps;
        this.type = type;
        this.required = required;
        this.parent = parent;
        this.rules = rules;
    }

    /** The attribute itself, as a path of one element. */
    public static <T, V> AttributePath<T, V> of(Attribute<T, V> attribute) {
        NullArgumentException.check("AttributePath.of", "attribute", attribute);
        return new AttributePath<>(attribute, List.of(), attribute.type(), attribute.isRequired(), null, attribute.rules());
    }

    /** This path itself. */
    @Override
    public AttributePath<T, V> asPath() {
        return this;
    }

    /**
     * The path to an attribute of the embedded record at this path.
     *
     * @throws ValidationException when the value at this path is not an embedded record ({@code AttributeTypes.object},
     *         {@code @Embeddable}), or {@code nested} is not one of its attributes
     */
    @Override
    public <W> AttributePath<T, W> then(Attribute<V, W> nested) {
        NullArgumentException.check("AttributePath.then", "nested", nested);
        AttributeType<?> shape = AttributeTypes.storedShape(type);
        List<Attribute<?, ?>> attributes = dev.singletable.internal.kinds.Kind.embeddedAttributes(shape).orElseThrow(() -> new ValidationException("Path "
                + this + "." + nested.name() + ": " + this + " is " + IndefiniteArticle.before(type.typeName()) + ", not an embedded record, so it has no attribute '"
                + nested.name() + "'; a path goes into embedded records (@Embeddable, AttributeTypes.object), lists (at) and maps (key)"));
        java.util.Optional<Attribute<?, ?>> own = attributes.stream()
                .filter(a -> a.name().equals(nested.name()) && a.type().typeName().equals(nested.type().typeName())).findFirst();
        if (own.isEmpty()) {
            throw new ValidationException("Path " + this + "." + nested.name() + ": '" + nested.name() + "' (" + nested.type().typeName()
                    + ") is not an attribute of " + shape.typeName() + ", the record at " + this + "; its attributes are "
                    + attributes.stream().map(a -> a.name() + " (" + a.type().typeName() + ")").toList());
        }
        // the record's own declaration holds the rules its values are checked against when written
        return next(new Step(Kind.ATTRIBUTE, nested.name(), -1), nested.type(), nested.isRequired(), own.get().rules());
    }

    /**
     * The path to the element at {@code index} (from 0) of the list at this path. The element type {@code E} is
     * checked against the list's when the path is used.
     *
     * @throws ValidationException when the index is negative or the value at this path is not a list
     */
    @Override
    public <E> AttributePath<T, E> at(int index) {
        if (index < 0) {
            throw new ValidationException("Path " + this + "[" + index + "]: list index " + index + " is negative; DynamoDB counts "
                    + "list elements from 0 (the last one is size - 1)");
        }
        AttributeType<?> element = dev.singletable.internal.kinds.Kind.listElementType(AttributeTypes.storedShape(type)).orElseThrow(() -> new ValidationException(
                "Path " + this + "[" + index + "]: " + this + " is " + IndefiniteArticle.before(type.typeName()) + ", not a list (AttributeTypes.listOf), so it "
                        + "has no element " + index + "; use at(...) on lists, key(...) on maps and then(...) on embedded records"));
        return next(new Step(Kind.LIST_INDEX, null, index), element, false, elementRules());
    }

    /**
     * The path to the value under {@code mapKey} in the map at this path. The key goes to DynamoDB as a name
     * placeholder, so any text is safe; the value type {@code E} is checked against the map's when the path is used.
     *
     * @throws ValidationException when the key is empty or the value at this path is not a map
     */
    @Override
    public <E> AttributePath<T, E> key(String mapKey) {
        NullArgumentException.check("AttributePath.key", "mapKey", mapKey);
        if (mapKey.isEmpty()) {
            throw new ValidationException("Path " + this + ": the map key is empty; DynamoDB refuses an empty name in a document "
                    + "path: give a key of at least one character");
        }
        AttributeType<?> value = dev.singletable.internal.kinds.Kind.mapValueType(AttributeTypes.storedShape(type)).orElseThrow(() -> new ValidationException(
                "Path " + this + "[\"" + mapKey + "\"]: " + this + " is " + IndefiniteArticle.before(type.typeName()) + ", not a map (AttributeTypes.mapOf), so "
                        + "it has no key '" + mapKey + "'; use key(...) on maps, at(...) on lists and then(...) on embedded records"));
        return next(new Step(Kind.MAP_KEY, mapKey, -1), value, false, elementRules());
    }

    @SuppressWarnings("unchecked")
    private <W> AttributePath<T, W> next(Step step, AttributeType<?> nextType, boolean nextRequired, List<AttributeRule> nextRules) {
        if (steps.size() + 1 >= MAX_DEPTH) {
            throw new ValidationException("Path " + this + " is " + (steps.size() + 1) + " levels deep; DynamoDB nests maps and "
                    + "lists at most " + MAX_DEPTH + " levels, so a path cannot go further: store the deeper part elsewhere");
        }
        List<Step> next = new ArrayList<>(steps.size() + 1);
        next.addAll(steps);
        next.add(step);
        return new AttributePath<>(root, List.copyOf(next), (AttributeType<W>) nextType, nextRequired, this, nextRules);
    }

    /** The entity's attribute the path starts at. */
    public Attribute<T, ?> root() {
        return root;
    }

    /** The type of the value at the path. */
    public AttributeType<V> type() {
        return type;
    }

    /**
     * The rules the value at the path is checked against when written: the attribute's for the attribute alone, an embedded
     * record's attribute's for a path ending at one, and for a list element or a map value the rules of its list or map
     * that hold for each element (all but lengths). An update adding to a number here keeps the result within its range
     * rules.
     *
     * <pre>{@code HOME.then(AddressSchema.ZIP).rules()   // [pattern [0-9]{5}]}</pre>
     */
    public List<AttributeRule> rules() {
        return rules;
    }

    /** The rules of this list's or map's elements: a length is the collection's own, every other rule holds for each element. */
    private List<AttributeRule> elementRules() {
        return rules.stream().filter(rule -> rule.kind() != AttributeRule.Kind.LENGTH).toList();
    }

    /**
     * True when the value at the path must be present: a required attribute, or a required attribute of an
     * embedded record. List elements and map values are never required.
     */
    public boolean isRequired() {
        return required;
    }

    /**
     * True when the value type was inferred where the path is used rather than declared: the path ends at a
     * list element or map value ({@link #at}, {@link #key}), so values given for it are checked when the
     * update or condition is built.
     */
    public boolean isTypeInferred() {
        return !steps.isEmpty() && steps.get(steps.size() - 1).kind() != Kind.ATTRIBUTE;
    }

    /**
     * The value as stored at this path, through the path's type. {@code what} starts the message of a refusal,
     * such as {@code "Update of Customer: set(tags[2], 5)"}. A value given for an inferred type ({@link #isTypeInferred})
     * is read back through the type, so that a value of another Java type is refused here rather than stored wrongly.
     */
    AttributeValue encode(Object value, String what) {
        AttributeValue stored;
        try {
            @SuppressWarnings("unchecked")
            AttributeType<Object> untyped = (AttributeType<Object>) type;
            if (untyped.isOmitted(value)) {
                throw new ValidationException(what + ": " + type.typeName() + " stores this value as no attribute at all (DynamoDB "
                        + "refuses empty sets); use remove(" + this + ")");
            }
            stored = untyped.toAttributeValue(value);
            if (isTypeInferred() && !sameKind(untyped.fromAttributeValue(stored), value)) {
                throw new ClassCastException();
            }
        } catch (ClassCastException e) {
            throw new ValidationException(what + ": " + this + " holds " + type.typeName() + ", and " + describe(value) + " is not "
                    + IndefiniteArticle.before(type.typeName()) + "; give " + IndefiniteArticle.before(type.typeName()), e);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ValidationException(what + ": " + this + " holds " + type.typeName() + ", and " + describe(value)
                    + " cannot be stored as one (" + e.getMessage() + "); give " + IndefiniteArticle.before(type.typeName()), e);
        }
        return stored;
    }

    private static String describe(Object value) {
        return value instanceof String ? "\"" + value + "\"" : value + " (" + value.getClass().getSimpleName() + ")";
    }

    /** True when a value read back through the type is of the kind given: any numbers alike, any lists, sets or maps alike. */
    private static boolean sameKind(Object back, Object given) {
        if (back instanceof Number && given instanceof Number) {
            return true;
        }
        if (back instanceof java.util.Collection<?> || back instanceof java.util.Map<?, ?>) {
            return back instanceof java.util.Set<?> ? given instanceof java.util.Set<?>
                    : back instanceof java.util.List<?> ? given instanceof java.util.List<?>
                    : back instanceof java.util.Map<?, ?> ? given instanceof java.util.Map<?, ?> : given instanceof java.util.Collection<?>;
        }
        if (back instanceof Enum<?> e && given instanceof Enum<?> g) {
            return e.getDeclaringClass() == g.getDeclaringClass();
        }
        return back.getClass() == given.getClass();
    }

    /**
     * The path this one goes one step further than: {@code home} for {@code home.city}, {@code tags} for {@code tags[2]};
     * empty for the attribute alone.
     */
    public java.util.Optional<AttributePath<T, ?>> parent() {
        return java.util.Optional.ofNullable(parent);
    }

    /**
     * The deepest list element this path is at or goes through: {@code tags[2]} for {@code tags[2]}, {@code lines[1]} for
     * {@code lines[1].sku}; empty when the path goes through no list. An update writing at such a path needs that element
     * to exist ({@link Update#set}).
     */
    public java.util.Optional<AttributePath<T, ?>> listElement() {
        for (AttributePath<T, ?> path = this; path != null && !path.steps.isEmpty(); path = path.parent) {
            if (path.steps.get(path.steps.size() - 1).isIndex()) {
                return java.util.Optional.of(path);
            }
        }
        return java.util.Optional.empty();
    }

    /** True when the path is the root attribute alone. */
    public boolean isTopLevel() {
        return steps.isEmpty();
    }

    /** The number of elements after the root (0 for the root attribute alone). */
    public int depth() {
        return steps.size();
    }

    /**
     * True when one path is the other or leads into it ({@code home} and {@code home.city}): DynamoDB refuses
     * two actions of one update on overlapping paths.
     */
    public boolean overlaps(AttributePath<?, ?> other) {
        NullArgumentException.check("AttributePath.overlaps", "other", other);
        if (!root.name().equals(other.root.name())) {
            return false;
        }
        int common = Math.min(steps.size(), other.steps.size());
        return steps.subList(0, common).equals(other.steps.subList(0, common));
    }

    /** The names in the path (the root's, then embedded attributes' and map keys), in order. */
    public List<String> names() {
        List<String> names = new ArrayList<>(steps.size() + 1);
        names.add(root.name());
        for (Step step : steps) {
            if (!step.isIndex()) {
                names.add(step.name());
            }
        }
        return List.copyOf(names);
    }

    /**
     * The value stored at this path in an item (as DynamoDB returns it), or empty when something along the path is
     * absent or of another shape.
     *
     * <pre>{@code HOME.then(CITY).valueIn(item)   // Optional[AttributeValue(S=Paris)]}</pre>
     */
    public java.util.Optional<AttributeValue> valueIn(java.util.Map<String, AttributeValue> item) {
        NullArgumentException.check("AttributePath.valueIn", "item", item);
        AttributeValue current = item.get(root.name());
        for (Step step : steps) {
            if (current == null) {
                return java.util.Optional.empty();
            }
            if (step.isIndex()) {
                current = current.hasL() && step.index() < current.l().size() ? current.l().get(step.index()) : null;
            } else {
                current = current.hasM() ? current.m().get(step.name()) : null;
            }
        }
        return java.util.Optional.ofNullable(current);
    }

    /**
     * The path as expression text, asking {@code placeholders} for every name: {@code #home.#city},
     * {@code #tags[2]}.
     */
    public String render(Placeholders placeholders) {
        NullArgumentException.check("AttributePath.render", "placeholders", placeholders);
        StringBuilder out = new StringBuilder(placeholders.name(root.name()));
        for (Step step : steps) {
            if (step.isIndex()) {
                out.append('[').append(step.index()).append(']');
            } else {
                out.append('.').append(placeholders.nestedName(step.name()));
            }
        }
        return out.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AttributePath<?, ?> path && root.name().equals(path.root.name()) && steps.equals(path.steps);
    }

    @Override
    public int hashCode() {
        return Objects.hash(root.name(), steps);
    }

    /** The path as a reader writes it: {@code home.city}, {@code tags[2]}, {@code counters["page views"]}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(root.name());
        for (Step step : steps) {
            if (step.isIndex()) {
                out.append('[').append(step.index()).append(']');
            } else if (isPlain(step.name())) {
                out.append('.').append(step.name());
            } else {
                out.append("[\"").append(step.name().replace("\"", "\\\"")).append("\"]");
            }
        }
        return out.toString();
    }

    private static boolean isPlain(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }
}
