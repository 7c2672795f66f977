package dev.singletable;


import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A condition on an item's attributes, for conditional writes, transaction condition checks
 * and the filters of queries and scans ({@code Query.filter(Condition)}): comparisons, {@code BETWEEN}, {@code IN}, {@code begins_with}, {@code contains},
 * {@code attribute_exists}, {@code attribute_not_exists}, {@code attribute_type}, {@code size},
 * joined with {@link #and}, {@link #or} and {@link #not}. Built from {@link Attribute} constants,
 * so values are encoded through the attribute's {@link AttributeType} and names always go through
 * placeholders. Immutable.
 *
 * <p>Each also takes an {@link AttributePath} into an embedded record, list or map:
 * {@code Condition.eq(HOME.then(AddressSchema.CITY), "Lyon")} renders {@code #home.#city = :v0}.
 *
 * <p>{@link #none()} is the identity: {@code none().and(c)} and {@code none().or(c)} are {@code c},
 * a write with {@code none()} is unconditional, and a read filtered by {@code none()} sends no
 * filter of its own. {@code not(none())} is refused.
 *
 * <p>As a filter, DynamoDB applies the condition after reading: the items it drops still cost read
 * capacity (singletable's {@code limit(n)} still returns n matching items).
 *
 * <pre>{@code
 * Condition enoughStock = Condition.ge(STOCK, 2).and(Condition.eq(STATUS, ProductStatus.ACTIVE));
 * table.update(PRODUCT, KeyValues.of(SKU, "sku-123"), u -> u.subtract(STOCK, 2), enoughStock);
 * // ConditionExpression: #stock >= :v0 AND #status = :v1
 * }</pre>
 */
@Stable
public final class Condition {
    private static final Condition NONE = new Condition(null, Precedence.ATOM);

    private enum Precedence { OR, AND, NOT, ATOM }

    private interface Node {
        void render(Placeholders placeholders, StringBuilder out);
    }

    private final Node node;
    private final Precedence precedence;

    private Condition(Node node, Precedence precedence) {
        this.node = node;
        this.precedence = precedence;
    }

    /** The empty condition: always holds; the identity of {@link #and} and {@link #or}. */
    public static Condition none() {
        return NONE;
    }

    /** True for {@link #none()}. */
    public boolean isNone() {
        return node == null;
    }

    // ------------------------------------------------------------ comparisons

    /** {@code attribute = value}. */
    public static <V> Condition eq(Attribute<?, V> attribute, V value) {
        return compare("Condition.eq", attribute, "=", value);
    }

    /** {@code path = value}, at a path into an embedded record, list or map: {@code #home.#city = :v0}. */
    public static <V> Condition eq(AttributePath<?, V> path, V value) {
        return compare("Condition.eq", path, "=", value);
    }

    /** {@code attribute <> value}; also holds when the attribute is absent. */
    public static <V> Condition ne(Attribute<?, V> attribute, V value) {
        return compare("Condition.ne", attribute, "<>", value);
    }

    /** {@code path <> value}; also holds when nothing is at the path. */
    public static <V> Condition ne(AttributePath<?, V> path, V value) {
        return compare("Condition.ne", path, "<>", value);
    }

    /** {@code attribute < value}. */
    public static <V> Condition lt(Attribute<?, V> attribute, V value) {
        return compare("Condition.lt", attribute, "<", value);
    }

    /** {@code path < value}. */
    public static <V> Condition lt(AttributePath<?, V> path, V value) {
        return compare("Condition.lt", path, "<", value);
    }

    /** {@code attribute <= value}. */
    public static <V> Condition le(Attribute<?, V> attribute, V value) {
        return compare("Condition.le", attribute, "<=", value);
    }

    /** {@code path <= value}. */
    public static <V> Condition le(AttributePath<?, V> path, V value) {
        return compare("Condition.le", path, "<=", value);
    }

    /** {@code attribute > value}. */
    public static <V> Condition gt(Attribute<?, V> attribute, V value) {
        return compare("Condition.gt", attribute, ">", value);
    }

    /** {@code path > value}. */
    public static <V> Condition gt(AttributePath<?, V> path, V value) {
        return compare("Condition.gt", path, ">", value);
    }

    /** {@code attribute >= value}. */
    public static <V> Condition ge(Attribute<?, V> attribute, V value) {
        return compare("Condition.ge", attribute, ">=", value);
    }

    /** {@code path >= value}. */
    public static <V> Condition ge(AttributePath<?, V> path, V value) {
        return compare("Condition.ge", path, ">=", value);
    }

    /** {@code attribute = other}: two attributes of the same item hold equal values. */
    public static <V> Condition eqAttribute(Attribute<?, V> attribute, Attribute<?, V> other) {
        NullArgumentException.check("Condition.eqAttribute", "attribute", attribute, "other", other);
        return eqPath(AttributePath.of(attribute), AttributePath.of(other));
    }

    /** {@code path = other}: the values at two paths of the same item are equal ({@code #home.#city = #work.#city}). */
    public static <V> Condition eqPath(AttributePath<?, V> path, AttributePath<?, V> other) {
        NullArgumentException.check("Condition.eqPath", "path", path, "other", other);
        return atom((p, out) -> out.append(path.render(p)).append(" = ").append(other.render(p)));
    }

    private static <V> Condition compare(String method, Attribute<?, V> attribute, String operator, V value) {
        NullArgumentException.check(method, "attribute", attribute);
        valueGiven(method, "value", attribute.name(), value);
        return compare(AttributePath.of(attribute), operator, value);
    }

    private static <V> Condition compare(String method, AttributePath<?, V> path, String operator, V value) {
        NullArgumentException.check(method, "path", path);
        valueGiven(method, "value", path.toString(), value);
        return compare(path, operator, value);
    }

    private static <V> Condition compare(AttributePath<?, V> path, String operator, V value) {
        AttributeValue encoded = encode(path, value);
        return atom((p, out) -> out.append(path.render(p)).append(' ').append(operator).append(' ').append(p.value(encoded)));
    }

    /**
     * {@code attribute BETWEEN low AND high}, both inclusive.
     *
     * @throws ValidationException when low is above high as DynamoDB orders the stored values (numbers by value,
     *         strings by UTF-8 bytes, binary by unsigned bytes), which DynamoDB would refuse
     */
    public static <V> Condition between(Attribute<?, V> attribute, V low, V high) {
        NullArgumentException.check("Condition.between", "attribute", attribute);
        return between(AttributePath.of(attribute), low, high, "Condition.between");
    }

    /** {@code path BETWEEN low AND high}, both inclusive; refused when low is above high, as for an attribute. */
    public static <V> Condition between(AttributePath<?, V> path, V low, V high) {
        NullArgumentException.check("Condition.between", "path", path);
        return between(path, low, high, "Condition.between");
    }

    private static <V> Condition between(AttributePath<?, V> path, V low, V high, String method) {
        valueGiven(method, "low", path.toString(), low);
        valueGiven(method, "high", path.toString(), high);
        AttributeValue from = encode(path, low);
        AttributeValue to = encode(path, high);
        if (Expressions.storedOrder(from, to) > 0) {
            throw new ValidationException("Condition.between(" + path + ", " + low + ", " + high + "): low " + Expressions.describe(from)
                    + " is above high " + Expressions.describe(to) + " in DynamoDB's order, and DynamoDB refuses BETWEEN with low > high: swap them");
        }
        return atom((p, out) -> out.append(path.render(p)).append(" BETWEEN ").append(p.value(from))
                .append(" AND ").append(p.value(to)));
    }

    /** {@code attribute IN (v1, v2, ...)}: one to 100 values. */
    @SafeVarargs
    public static <V> Condition in(Attribute<?, V> attribute, V... values) {
        NullArgumentException.check("Condition.in", "attribute", attribute);
        if (values == null) {
            throw new NullArgumentException("Condition.in", "values", "give one to 100 values");
        }
        List<V> list = new ArrayList<>(values.length);
        for (V value : values) {
            list.add(value);
        }
        return in(AttributePath.of(attribute), list, "Condition.in");
    }

    /** {@code attribute IN (v1, v2, ...)}: one to 100 values. */
    public static <V> Condition in(Attribute<?, V> attribute, Collection<? extends V> values) {
        NullArgumentException.check("Condition.in", "attribute", attribute);
        return in(AttributePath.of(attribute), values, "Condition.in");
    }

    /** {@code path IN (v1, v2, ...)}: one to 100 values. */
    public static <V> Condition in(AttributePath<?, V> path, Collection<? extends V> values) {
        NullArgumentException.check("Condition.in", "path", path);
        return in(path, values, "Condition.in");
    }

    private static <V> Condition in(AttributePath<?, V> path, Collection<? extends V> values, String method) {
        if (values == null) {
            throw new NullArgumentException(method, "values", "give one to 100 values");
        }
        if (values.isEmpty() || values.size() > 100) {
            throw new ValidationException("Condition " + path + " IN (...) has " + values.size()
                    + " values; DynamoDB takes 1 to 100: split it with or(...) or use fewer values");
        }
        List<AttributeValue> encoded = new ArrayList<>(values.size());
        for (V value : values) {
            encoded.add(encode(path, value));
        }
        return atom((p, out) -> {
            out.append(path.render(p)).append(" IN (");
            for (int i = 0; i < encoded.size(); i++) {
                out.append(i == 0 ? "" : ", ").append(p.value(encoded.get(i)));
            }
            out.append(')');
        });
    }

    /** {@code begins_with(attribute, prefix)} on a String attribute. */
    public static Condition beginsWith(Attribute<?, String> attribute, String prefix) {
        NullArgumentException.check("Condition.beginsWith", "attribute", attribute);
        return beginsWith(AttributePath.of(attribute), prefix, "Condition.beginsWith");
    }

    /** {@code begins_with(path, prefix)} on the String at a path. */
    public static Condition beginsWith(AttributePath<?, String> path, String prefix) {
        NullArgumentException.check("Condition.beginsWith", "path", path);
        return beginsWith(path, prefix, "Condition.beginsWith");
    }

    private static Condition beginsWith(AttributePath<?, String> path, String prefix, String method) {
        valueGiven(method, "prefix", path.toString(), prefix);
        return function("begins_with", path, AttributeValue.fromS(requireValue(path, prefix)));
    }

    /**
     * {@code contains(attribute, text)}: a String attribute containing the text, or a set or list
     * of strings containing the element.
     */
    public static Condition contains(Attribute<?, ?> attribute, String text) {
        NullArgumentException.check("Condition.contains", "attribute", attribute);
        return contains(AttributePath.of(attribute), text, "Condition.contains");
    }

    /** {@code contains(path, text)}: the String at a path containing the text, or the set or list there holding it. */
    public static Condition contains(AttributePath<?, ?> path, String text) {
        NullArgumentException.check("Condition.contains", "path", path);
        return contains(path, text, "Condition.contains");
    }

    private static Condition contains(AttributePath<?, ?> path, String text, String method) {
        valueGiven(method, "text", path.toString(), text);
        return function("contains", path, AttributeValue.fromS(requireValue(path, text)));
    }

    /** {@code contains(attribute, number)}: a number set or list containing the number. */
    public static Condition contains(Attribute<?, ?> attribute, Number element) {
        NullArgumentException.check("Condition.contains", "attribute", attribute);
        return contains(AttributePath.of(attribute), element, "Condition.contains");
    }

    /** {@code contains(path, number)}: the number set or list at a path holding the number. */
    public static Condition contains(AttributePath<?, ?> path, Number element) {
        NullArgumentException.check("Condition.contains", "path", path);
        return contains(path, element, "Condition.contains");
    }

    private static Condition contains(AttributePath<?, ?> path, Number element, String method) {
        valueGiven(method, "element", path.toString(), element);
        return function("contains", path, AttributeValue.fromN(requireValue(path, element).toString()));
    }

    /** {@code attribute_exists(attribute)}. */
    public static Condition exists(Attribute<?, ?> attribute) {
        NullArgumentException.check("Condition.exists", "attribute", attribute);
        return exists(attribute.name());
    }

    /** {@code attribute_exists(path)}: something is stored at the path ({@code attribute_exists(#tags[2])}). */
    public static Condition exists(AttributePath<?, ?> path) {
        NullArgumentException.check("Condition.exists", "path", path);
        return atom((p, out) -> out.append("attribute_exists(").append(path.render(p)).append(')'));
    }

    /** {@code attribute_not_exists(attribute)}. */
    public static Condition notExists(Attribute<?, ?> attribute) {
        NullArgumentException.check("Condition.notExists", "attribute", attribute);
        return notExists(attribute.name());
    }

    /** {@code attribute_not_exists(path)}: nothing is stored at the path. */
    public static Condition notExists(AttributePath<?, ?> path) {
        NullArgumentException.check("Condition.notExists", "path", path);
        return atom((p, out) -> out.append("attribute_not_exists(").append(path.render(p)).append(')'));
    }

    /** {@code attribute_exists(name)} on any attribute, such as the table's key attribute {@code PK}. */
    public static Condition exists(String attributeName) {
        NullArgumentException.check("Condition.exists", "attributeName", attributeName);
        String name = requireName(attributeName);
        return atom((p, out) -> out.append("attribute_exists(").append(p.name(name)).append(')'));
    }

    /** {@code attribute_not_exists(name)} on any attribute, such as the table's key attribute {@code PK}. */
    public static Condition notExists(String attributeName) {
        NullArgumentException.check("Condition.notExists", "attributeName", attributeName);
        String name = requireName(attributeName);
        return atom((p, out) -> out.append("attribute_not_exists(").append(p.name(name)).append(')'));
    }

    /** {@code attribute_type(attribute, type)}: the stored value has this DynamoDB type. */
    public static Condition hasType(Attribute<?, ?> attribute, StoredType type) {
        NullArgumentException.check("Condition.hasType", "attribute", attribute, "type", type);
        return hasType(AttributePath.of(attribute), type);
    }

    /** {@code attribute_type(path, type)}: the value stored at the path has this DynamoDB type. */
    public static Condition hasType(AttributePath<?, ?> path, StoredType type) {
        NullArgumentException.check("Condition.hasType", "path", path, "type", type);
        return function("attribute_type", path, AttributeValue.fromS(type.code()));
    }

    /**
     * {@code size(attribute)}: the length of a string or binary, or the element count of a set, list or map,
     * to compare with a number.
     *
     * <pre>{@code Condition.size(TAGS).le(10)}</pre>
     */
    public static Size size(Attribute<?, ?> attribute) {
        NullArgumentException.check("Condition.size", "attribute", attribute);
        return new Size(AttributePath.of(attribute));
    }

    /** {@code size(path)}: the length or element count of the value at a path ({@code size(#home.#lines) <= :v0}). */
    public static Size size(AttributePath<?, ?> path) {
        NullArgumentException.check("Condition.size", "path", path);
        return new Size(path);
    }

    // ------------------------------------------------------------ logic

    /** Both conditions hold; {@code none()} on either side yields the other. */
    public Condition and(Condition other) {
        NullArgumentException.check("Condition.and", "other", other);
        return join(other, Precedence.AND, " AND ");
    }

    /** Either condition holds; {@code none()} on either side yields the other. */
    public Condition or(Condition other) {
        NullArgumentException.check("Condition.or", "other", other);
        return join(other, Precedence.OR, " OR ");
    }

    /** All of the conditions hold ({@code none()} when there are none). */
    public static Condition allOf(Collection<Condition> conditions) {
        NullArgumentException.check("Condition.allOf", "conditions", conditions);
        return fold(conditions, Condition::and);
    }

    /** All of the conditions hold ({@code none()} when there are none). */
    public static Condition allOf(Condition... conditions) {
        NullArgumentException.check("Condition.allOf", "conditions", conditions);
        return allOf(List.of(conditions));
    }

    /** At least one of the conditions holds ({@code none()} operands are skipped; {@code none()} when there are none). */
    public static Condition anyOf(Collection<Condition> conditions) {
        NullArgumentException.check("Condition.anyOf", "conditions", conditions);
        return fold(conditions, Condition::or);
    }

    /** At least one of the conditions holds ({@code none()} operands are skipped; {@code none()} when there are none). */
    public static Condition anyOf(Condition... conditions) {
        NullArgumentException.check("Condition.anyOf", "conditions", conditions);
        return anyOf(List.of(conditions));
    }

    private Condition join(Condition other, Precedence joined, String operator) {
        Objects.requireNonNull(other, "other (use Condition.none() for no condition)");
        if (other.isNone()) {
            return this;
        }
        if (isNone()) {
            return other;
        }
        Condition left = this;
        return new Condition((p, out) -> {
            left.renderAt(joined, p, out);
            out.append(operator);
            other.renderAt(joined, p, out);
        }, joined);
    }

    private static Condition fold(Collection<Condition> conditions, java.util.function.BinaryOperator<Condition> join) {
        Condition result = NONE;
        for (Condition condition : conditions) {
            result = join.apply(result, condition);
        }
        return result;
    }

    /** The condition does not hold. Refused on {@code none()}, whose negation could never hold. */
    public static Condition not(Condition condition) {
        NullArgumentException.check("Condition.not", "condition", condition);
        if (condition.isNone()) {
            throw new ValidationException("Condition.not(Condition.none()) would never hold; write the condition to negate");
        }
        return new Condition((p, out) -> {
            out.append("NOT ");
            condition.renderAt(Precedence.NOT, p, out);
        }, Precedence.NOT);
    }

    /** This condition, negated. */
    public Condition negate() {
        return not(this);
    }

    // ------------------------------------------------------------ rendering

    /**
     * The expression text, asking {@code placeholders} for every name and value.
     *
     * @throws IllegalStateException for {@link #none()}, which renders to no expression at all
     */
    public String render(Placeholders placeholders) {
        NullArgumentException.check("Condition.render", "placeholders", placeholders);
        if (isNone()) {
            throw new IllegalStateException("Condition.none() has no expression; check isNone() first");
        }
        StringBuilder out = new StringBuilder();
        node.render(placeholders, out);
        return out.toString();
    }

    /** Renders, in parentheses when this condition binds more loosely than its context. */
    private void renderAt(Precedence context, Placeholders placeholders, StringBuilder out) {
        boolean parenthesize = precedence.ordinal() < context.ordinal()
                || (context == Precedence.NOT && precedence != Precedence.ATOM);
        if (parenthesize) {
            out.append('(');
        }
        node.render(placeholders, out);
        if (parenthesize) {
            out.append(')');
        }
    }

    /** True when rendering this condition inside an {@code AND} needs no parentheses. */
    public boolean bindsAtLeastAsTightAsAnd() {
        return precedence != Precedence.OR;
    }

    /** The condition with readable placeholders, for messages: {@code #status = :v0}. */
    @Override
    public String toString() {
        return isNone() ? "Condition.none()" : Expressions.readable(this);
    }

    /** {@code function(path, operand)}, the shape of begins_with, contains and attribute_type. */
    private static Condition function(String function, AttributePath<?, ?> path, AttributeValue operand) {
        return atom((p, out) -> out.append(function).append('(').append(path.render(p)).append(", ").append(p.value(operand)).append(')'));
    }

    private static Condition atom(Node node) {
        return new Condition(node, Precedence.ATOM);
    }

    private static <V> AttributeValue encode(AttributePath<?, V> path, V value) {
        requireValue(path, value);
        if (!path.isTopLevel()) {
            return path.encode(value, "Condition on " + path);
        }
        try {
            return path.type().toAttributeValue(value);
        } catch (IllegalArgumentException | ArithmeticException | ClassCastException e) {
            throw new ValidationException("Condition on " + path + ": value " + value + " cannot be stored as "
                    + path.type().typeName() + ": " + e.getMessage(), e);
        }
    }

    private static void valueGiven(String method, String parameter, String path, Object value) {
        NullArgumentException.require(value, method, parameter, "use Condition.notExists(" + constantName(path)
                + ") to ask for an absent " + path);
    }

    /** How the attribute's constant is usually named ({@code NOTE} for {@code note}); a path as itself. */
    private static String constantName(String path) {
        return path.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_') ? path.toUpperCase(java.util.Locale.ROOT) : path;
    }

    private static <X> X requireValue(AttributePath<?, ?> path, X value) {
        if (value == null) {
            throw new ValidationException("Condition on " + path + " compares with null; use Condition.notExists("
                    + constantName(path.toString()) + ") to ask for an absent attribute");
        }
        return value;
    }

    private static String requireName(String name) {
        if (name.isEmpty()) {
            throw new ValidationException("Condition on an empty attribute name; name the attribute");
        }
        return name;
    }

    /** The DynamoDB types {@link #hasType} can ask for. */
    public enum StoredType {
        STRING("S"), NUMBER("N"), BINARY("B"), BOOLEAN("BOOL"), NULL("NULL"),
        STRING_SET("SS"), NUMBER_SET("NS"), BINARY_SET("BS"), LIST("L"), MAP("M");

        private final String code;

        StoredType(String code) {
            this.code = code;
        }

        /** DynamoDB's code for the type, such as {@code SS}. */
        public String code() {
            return code;
        }
    }

    /** {@code size(attribute)}, waiting for its comparison. */
    public static final class Size {
        private final AttributePath<?, ?> path;

        private Size(AttributePath<?, ?> path) {
            this.path = path;
        }

        public Condition eq(long size) {
            return compare("=", size);
        }

        public Condition ne(long size) {
            return compare("<>", size);
        }

        public Condition lt(long size) {
            return compare("<", size);
        }

        public Condition le(long size) {
            return compare("<=", size);
        }

        public Condition gt(long size) {
            return compare(">", size);
        }

        public Condition ge(long size) {
            return compare(">=", size);
        }

        private Condition compare(String operator, long size) {
            AttributeValue encoded = AttributeValue.fromN(Long.toString(size));
            return atom((p, out) -> out.append("size(").append(path.render(p)).append(") ").append(operator).append(' ')
                    .append(p.value(encoded)));
        }
    }
}
