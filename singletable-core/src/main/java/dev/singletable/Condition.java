package dev.singletable;


import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.kinds.Kind;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A condition on an item's attributes, for conditional writes, transaction condition checks
 * and the filters of queries and scans ({@code Query.filter(Condition)}): comparisons, {@code BETWEEN}, {@code IN}, {@code begins_with}, {@code contains},
 * {@code attribute_exists}, {@code attribute_not_exists}, {@code attribute_type}, {@code size},
 * joined with {@link #and}, {@link #or} and {@link #not}. Built from {@link Attribute} constants,
 * so values are encoded through the attribute's {@link AttributeType} and names always go through
 * placeholders. Immutable.
 *
 * <p>Each takes a {@link DocumentPath}: an {@link Attribute}, or an {@link AttributePath} into an embedded
 * record, list or map: {@code Condition.eq(HOME.then(AddressSchema.CITY), "Lyon")} renders {@code #home.#city = :v0}.
 *
 * <p>{@link #none()} is the identity: {@code none().and(c)} and {@code none().or(c)} are {@code c},
 * a write with {@code none()} is unconditional, and a read filtered by {@code none()} sends no
 * filter of its own. {@code not(none())} is refused.
 *
 * <p>The ordered comparisons ({@link #lt}, {@link #le}, {@link #gt}, {@link #ge}, {@link #between}) compare the stored
 * values as DynamoDB orders them: numbers by value, strings by UTF-8 bytes, binaries by unsigned bytes. On an attribute
 * whose stored form does not sort as its values they would silently give wrong answers, so they are refused with a
 * {@link ValidationException} before anything is sent: an {@code Instant} ({@code AttributeTypes.INSTANT}, stored as
 * {@code Instant.toString()}, whose fraction varies in width: {@code 2025-01-01T00:00:00Z} sorts after
 * {@code 2025-01-01T00:00:00.500Z}) and an enum (stored by name, which sorts alphabetically). Compare an instant through
 * a sort-key slot, whose fixed-width text keeps time order, or store it as {@code AttributeTypes.EPOCH_SECONDS}; compare
 * an enum with {@link #eq} or {@link #in}. Equality, {@code in}, {@code begins_with} and existence stay allowed.
 *
 * <p>As a filter, DynamoDB applies the condition after reading: the items it drops still cost read
 * capacity (singletable's {@code limit(n)} still returns n matching items).
 *
 * <pre>{@code
 * Condition enoughStock = Condition.ge(STOCK, 2).and(Condition.eq(STATUS, ProductStatus.ACTIVE));
 * table.update(PRODUCT, KeyValues.of(SKU, "sku-123"), u -> u.subtract(STOCK, 2), enoughStock);
 * // ConditionExpression: attribute_exists(#PK) AND #entityType = :v1 AND (attribute_not_exists(#stock) OR #stock >= :v2)
 * //     AND #stock >= :v3 AND #status = :v4
 * // (the item's existence and type, and the subtraction's range guard, which singletable adds; then enoughStock)
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
    /** The operands of a chain of {@code AND}s, flattened; this condition alone for any other. */
    private final List<Condition> conjuncts;

    private Condition(Node node, Precedence precedence) {
        this.node = node;
        this.precedence = precedence;
        this.conjuncts = node == null ? List.of() : List.of(this);
    }

    private Condition(Node node, List<Condition> conjuncts) {
        this.node = node;
        this.precedence = Precedence.AND;
        this.conjuncts = List.copyOf(conjuncts);
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

    /** {@code path = value}: {@code #status = :v0} on an attribute, {@code #home.#city = :v0} at a path. */
    public static <V> Condition eq(DocumentPath<?, V> path, V value) {
        return compare("Condition.eq", path, "=", value);
    }

    /** {@code path <> value}; also holds when nothing is there (the attribute, or the value at the path, is absent). */
    public static <V> Condition ne(DocumentPath<?, V> path, V value) {
        return compare("Condition.ne", path, "<>", value);
    }

    /**
     * {@code path < value}.
     *
     * @throws ValidationException on an instant or enum, whose stored text does not sort as the values do (see above)
     */
    public static <V> Condition lt(DocumentPath<?, V> path, V value) {
        return compare("Condition.lt", path, "<", value);
    }

    /**
     * {@code path <= value}.
     *
     * @throws ValidationException on an instant or enum, whose stored text does not sort as the values do (see above)
     */
    public static <V> Condition le(DocumentPath<?, V> path, V value) {
        return compare("Condition.le", path, "<=", value);
    }

    /**
     * {@code path > value}.
     *
     * @throws ValidationException on an instant or enum, whose stored text does not sort as the values do (see above)
     */
    public static <V> Condition gt(DocumentPath<?, V> path, V value) {
        return compare("Condition.gt", path, ">", value);
    }

    /**
     * {@code path >= value}.
     *
     * @throws ValidationException on an instant or enum, whose stored text does not sort as the values do (see above)
     */
    public static <V> Condition ge(DocumentPath<?, V> path, V value) {
        return compare("Condition.ge", path, ">=", value);
    }

    /**
     * {@code path = other}: two attributes of the same item hold equal values, or the values at two paths do
     * ({@code #home.#city = #work.#city}).
     */
    public static <V> Condition eqAttribute(DocumentPath<?, V> path, DocumentPath<?, V> other) {
        // "other" here is a path, not a Condition: the generic hint (Condition.none()) would mislead
        AttributePath<?, V> left = given("Condition.eqAttribute", path);
        AttributePath<?, V> right = NullArgumentException.require(other, "Condition.eqAttribute", "other", PATH_FIX).asPath();
        return atom((p, out) -> out.append(left.render(p)).append(" = ").append(right.render(p)));
    }

    private static <V> Condition compare(String method, DocumentPath<?, V> path, String operator, V value) {
        AttributePath<?, V> at = given(method, path);
        valueGiven(method, "value", at.toString(), value);
        AttributeValue encoded = encode(at, value);
        if (!operator.equals("=") && !operator.equals("<>")) {
            ordered(method + "(" + at + ", " + value + ")", operator, encoded);
            inValueOrder(method + "(" + at + ", " + value + ")", operator, at);
        }
        return atom((p, out) -> out.append(at.render(p)).append(' ').append(operator).append(' ').append(p.value(encoded)));
    }

    /**
     * DynamoDB orders strings, numbers and binary values only: {@code <}, {@code <=}, {@code >}, {@code >=} and BETWEEN on
     * a boolean, list, map, set or null would be refused (Amazon DynamoDB) or never match (other engines).
     */
    private static void ordered(String call, String operator, AttributeValue encoded) {
        AttributeValue.Type type = encoded.type();
        if (type != AttributeValue.Type.S && type != AttributeValue.Type.N && type != AttributeValue.Type.B) {
            String kind = switch (type) {
                case BOOL -> "a boolean";
                case L -> "a list";
                case M -> "a map";
                case NUL -> "null";
                default -> "a set";
            };
            throw new ValidationException(call + ": " + operator + " compares by DynamoDB's order, which only strings, numbers and "
                    + "binary values have; the value is " + kind + " (" + type + "): compare it with eq or ne, or test "
                    + "an attribute of a string, number or binary type");
        }
    }

    /**
     * An instant or enum is stored as text that does not sort as its values do ({@code Kind.storedInValueOrder}): DynamoDB
     * would compare that text and silently give wrong answers, so the comparison is refused before anything is sent.
     */
    private static void inValueOrder(String call, String operator, AttributePath<?, ?> at) {
        Optional<Kind> kind = Kind.of(at.type()).filter(k -> k.storedOrderFlaw().isPresent());
        if (kind.isPresent()) {
            throw ValidationException.ofAttribute(at.root().name(), Kind.unorderedComparison(call, operator, at.toString(), kind.get(),
                    kind.get().storedOrderFix("AttributeTypes.EPOCH_SECONDS", "eq or in")));
        }
    }

    /**
     * {@code path BETWEEN low AND high}, both inclusive.
     *
     * @throws ValidationException when low is above high as DynamoDB orders the stored values (numbers by value,
     *         strings by UTF-8 bytes, binary by unsigned bytes), which DynamoDB would refuse; and on an instant or enum, whose
     *         stored text does not sort as the values do (see above)
     */
    public static <V> Condition between(DocumentPath<?, V> path, V low, V high) {
        AttributePath<?, V> at = given("Condition.between", path);
        valueGiven("Condition.between", "low", at.toString(), low);
        valueGiven("Condition.between", "high", at.toString(), high);
        AttributeValue from = encode(at, low);
        AttributeValue to = encode(at, high);
        ordered("Condition.between(" + at + ", " + low + ", " + high + ")", "BETWEEN", from);
        inValueOrder("Condition.between(" + at + ", " + low + ", " + high + ")", "BETWEEN", at);
        if (Expressions.storedOrder(from, to) > 0) {
            throw new ValidationException("Condition.between(" + at + ", " + low + ", " + high + "): low " + Expressions.describe(from)
                    + " is above high " + Expressions.describe(to) + " in DynamoDB's order, and DynamoDB refuses BETWEEN with low > high: swap them");
        }
        return atom((p, out) -> out.append(at.render(p)).append(" BETWEEN ").append(p.value(from))
                .append(" AND ").append(p.value(to)));
    }

    /** {@code path IN (v1, v2, ...)}: one to 100 values. */
    @SafeVarargs
    public static <V> Condition in(DocumentPath<?, V> path, V... values) {
        AttributePath<?, V> at = given("Condition.in", path);
        if (values == null) {
            throw new NullArgumentException("Condition.in", "values", "give one to 100 values");
        }
        List<V> list = new ArrayList<>(values.length);
        for (V value : values) {
            list.add(value);
        }
        return in(at, list);
    }

    /** {@code path IN (v1, v2, ...)}: one to 100 values. */
    public static <V> Condition in(DocumentPath<?, V> path, Collection<? extends V> values) {
        AttributePath<?, V> at = given("Condition.in", path);
        if (values == null) {
            throw new NullArgumentException("Condition.in", "values", "give one to 100 values");
        }
        return in(at, values);
    }

    private static <V> Condition in(AttributePath<?, V> path, Collection<? extends V> values) {
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

    /** {@code begins_with(path, prefix)} on a String attribute, or the String at a path. */
    public static Condition beginsWith(DocumentPath<?, String> path, String prefix) {
        AttributePath<?, String> at = given("Condition.beginsWith", path);
        valueGiven("Condition.beginsWith", "prefix", at.toString(), prefix);
        return function("begins_with", at, AttributeValue.fromS(requireValue(at, prefix)));
    }

    /**
     * {@code contains(path, text)}: a String (an attribute, or at a path) containing the text, or a set or list of
     * strings holding it.
     */
    public static Condition contains(DocumentPath<?, ?> path, String text) {
        AttributePath<?, ?> at = given("Condition.contains", path);
        valueGiven("Condition.contains", "text", at.toString(), text);
        return function("contains", at, AttributeValue.fromS(requireValue(at, text)));
    }

    /** {@code contains(path, number)}: a number set or list (an attribute, or at a path) holding the number. */
    public static Condition contains(DocumentPath<?, ?> path, Number element) {
        AttributePath<?, ?> at = given("Condition.contains", path);
        valueGiven("Condition.contains", "element", at.toString(), element);
        return function("contains", at, AttributeValue.fromN(requireValue(at, element).toString()));
    }

    /** {@code attribute_exists(path)}: the attribute is stored, or something is stored at the path ({@code attribute_exists(#tags[2])}). */
    public static Condition exists(DocumentPath<?, ?> path) {
        AttributePath<?, ?> at = given("Condition.exists", path);
        return atom((p, out) -> out.append("attribute_exists(").append(at.render(p)).append(')'));
    }

    /** {@code attribute_not_exists(path)}: the attribute is absent, or nothing is stored at the path. */
    public static Condition notExists(DocumentPath<?, ?> path) {
        AttributePath<?, ?> at = given("Condition.notExists", path);
        return atom((p, out) -> out.append("attribute_not_exists(").append(at.render(p)).append(')'));
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

    /** {@code attribute_type(path, type)}: the value stored (in the attribute, or at the path) has this DynamoDB type. */
    public static Condition hasType(DocumentPath<?, ?> path, StoredType type) {
        AttributePath<?, ?> at = given("Condition.hasType", path);
        NullArgumentException.check("Condition.hasType", "type", type);
        return function("attribute_type", at, AttributeValue.fromS(type.code()));
    }

    /**
     * {@code size(path)}: the length of a string or binary, or the element count of a set, list or map (an attribute,
     * or at a path), to compare with a number.
     *
     * <pre>{@code Condition.size(TAGS).le(10)   // size(#tags) <= :v0}</pre>
     */
    public static Size size(DocumentPath<?, ?> path) {
        return new Size(given("Condition.size", path));
    }

    /** What to give for a null document path: NullArgumentException's hint for "path" is a file's. */
    static final String PATH_FIX = "give an Attribute, or an AttributePath such as HOME.then(CITY), TAGS.at(0) or COUNTERS.key(\"views\")";

    /** The path a method was given, refusing null. */
    private static <V> AttributePath<?, V> given(String method, DocumentPath<?, V> path) {
        return NullArgumentException.require(path, method, "path", PATH_FIX).asPath();
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
        Node node = (p, out) -> {
            left.renderAt(joined, p, out);
            out.append(operator);
            other.renderAt(joined, p, out);
        };
        if (joined != Precedence.AND) {
            return new Condition(node, joined);
        }
        List<Condition> operands = new ArrayList<>(left.conjuncts);
        operands.addAll(other.conjuncts);
        return new Condition(node, operands);
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

    /**
     * The conditions that must all hold for this one to hold: the operands of a chain of {@link #and}s, in order, flattened
     * (none for {@link #none()}, this condition alone for any other). The core's writes read it to send a comparison the
     * caller gave beside an equal guard of their own once.
     *
     * <pre>{@code
     * Condition.ge(STOCK, 2).and(Condition.eq(STATUS, OPEN)).conjuncts();   // [#stock >= :v0, #status = :v0]
     * }</pre>
     */
    @Internal
    public List<Condition> conjuncts() {
        return conjuncts;
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
