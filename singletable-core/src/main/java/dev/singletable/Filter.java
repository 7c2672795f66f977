package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A typed filter on the items a query or scan reads, built from {@link Attribute} constants. Values
 * are encoded through the attribute's {@link AttributeType}, so a filter on a {@code BigDecimal}
 * attribute compares numbers and one on an {@code Instant} compares its stored text. Names and values
 * are always sent through placeholders ({@code #f0}, {@code :f0}), so reserved words such as
 * {@code status} need no care.
 *
 * <p>DynamoDB applies a filter after reading: filtered-out items still cost read capacity and count
 * towards a request's {@code Limit} (singletable's {@code limit(n)} still returns n matching items).
 * Filters are immutable; {@link #none()} is the filter that keeps everything.
 *
 * <p>This is the read-side expression tree; the write-side condition builder renders the same shape,
 * and the two are meant to be one type once both exist.
 *
 * <pre>{@code
 * List<Order> big = table.query(ORDER).partition(CUSTOMER_ID, "C1")
 *         .filter(Filter.gt(TOTAL, new BigDecimal("100")).and(Filter.ne(STATUS, OrderStatus.CANCELLED)))
 *         .list();
 * }</pre>
 */
public sealed interface Filter {

    /** Keeps every item; the identity of {@link #and(Filter)}. */
    static Filter none() {
        return None.INSTANCE;
    }

    static <V> Filter eq(Attribute<?, V> attribute, V value) {
        return compare(attribute, Operator.EQ, value);
    }

    static <V> Filter ne(Attribute<?, V> attribute, V value) {
        return compare(attribute, Operator.NE, value);
    }

    static <V> Filter lt(Attribute<?, V> attribute, V value) {
        return compare(attribute, Operator.LT, value);
    }

    static <V> Filter le(Attribute<?, V> attribute, V value) {
        return compare(attribute, Operator.LE, value);
    }

    static <V> Filter gt(Attribute<?, V> attribute, V value) {
        return compare(attribute, Operator.GT, value);
    }

    static <V> Filter ge(Attribute<?, V> attribute, V value) {
        return compare(attribute, Operator.GE, value);
    }

    /** {@code low <= attribute <= high}, in the stored type's order (numbers numerically, strings by bytes). */
    static <V> Filter between(Attribute<?, V> attribute, V low, V high) {
        return new Between(attribute.name(), encode(attribute, low), encode(attribute, high));
    }

    /** The stored string starts with the prefix. */
    static Filter beginsWith(Attribute<?, String> attribute, String prefix) {
        return new BeginsWith(attribute.name(), encode(attribute, prefix));
    }

    /** A string attribute contains the text, or a string set or list has it as an element. */
    static Filter contains(Attribute<?, ?> attribute, String text) {
        Objects.requireNonNull(text, () -> "Filter.contains on " + attribute.name() + ": the text is null");
        return new Contains(attribute.name(), AttributeValue.fromS(text));
    }

    /** The item has the attribute (any value, including an empty string). */
    static Filter exists(Attribute<?, ?> attribute) {
        return new Exists(attribute.name(), true);
    }

    /** The item lacks the attribute. */
    static Filter notExists(Attribute<?, ?> attribute) {
        return new Exists(attribute.name(), false);
    }

    /** The attribute equals one of the values (at most 100, DynamoDB's limit for {@code IN}). */
    @SafeVarargs
    static <V> Filter in(Attribute<?, V> attribute, V... values) {
        List<V> list = new ArrayList<>(values.length);
        for (V value : values) {
            list.add(value);
        }
        return in(attribute, list);
    }

    static <V> Filter in(Attribute<?, V> attribute, List<V> values) {
        if (values.isEmpty() || values.size() > 100) {
            throw new ValidationException("Filter.in on " + attribute.name() + " has " + values.size()
                    + " values; DynamoDB's IN takes 1 to 100: split the filter with or(...)");
        }
        List<AttributeValue> encoded = new ArrayList<>(values.size());
        for (V value : values) {
            encoded.add(encode(attribute, value));
        }
        return new In(attribute.name(), List.copyOf(encoded));
    }

    /** Every filter holds; {@link #none()} operands are dropped. */
    static Filter and(Filter... filters) {
        return combine(true, List.of(filters));
    }

    /** At least one filter holds; with a {@link #none()} operand, every item is kept. */
    static Filter or(Filter... filters) {
        return combine(false, List.of(filters));
    }

    /** The filter does not hold. */
    static Filter not(Filter filter) {
        if (filter instanceof None) {
            throw new ValidationException("Filter.not(Filter.none()) would drop every item; leave the filter out instead");
        }
        return new Not(filter);
    }

    default Filter and(Filter other) {
        return and(this, other);
    }

    default Filter or(Filter other) {
        return or(this, other);
    }

    /** Comparison operators, rendered as DynamoDB writes them. */
    enum Operator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** {@code attribute op value}. */
    record Comparison(String attribute, Operator operator, AttributeValue value) implements Filter {
    }

    /** {@code attribute BETWEEN low AND high}. */
    record Between(String attribute, AttributeValue low, AttributeValue high) implements Filter {
    }

    /** {@code begins_with(attribute, prefix)}. */
    record BeginsWith(String attribute, AttributeValue prefix) implements Filter {
    }

    /** {@code contains(attribute, operand)}. */
    record Contains(String attribute, AttributeValue operand) implements Filter {
    }

    /** {@code attribute_exists(attribute)} or {@code attribute_not_exists(attribute)}. */
    record Exists(String attribute, boolean exists) implements Filter {
    }

    /** {@code attribute IN (values)}. */
    record In(String attribute, List<AttributeValue> values) implements Filter {
    }

    /** Every operand holds ({@code all}) or at least one does. Two or more operands. */
    record Junction(boolean all, List<Filter> operands) implements Filter {
    }

    /** {@code NOT operand}. */
    record Not(Filter operand) implements Filter {
    }

    /** No filter. */
    enum None implements Filter {
        INSTANCE
    }

    private static <V> Filter compare(Attribute<?, V> attribute, Operator operator, V value) {
        return new Comparison(attribute.name(), operator, encode(attribute, value));
    }

    private static <V> AttributeValue encode(Attribute<?, V> attribute, V value) {
        if (value == null) {
            throw new ValidationException("Filter on " + attribute.name() + ": the value is null; use Filter.notExists("
                    + attribute.name() + ") to find items without it");
        }
        try {
            return attribute.type().toAttributeValue(value);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ValidationException("Filter on " + attribute.name() + ": " + e.getMessage(), e);
        }
    }

    private static Filter combine(boolean all, List<Filter> filters) {
        List<Filter> operands = new ArrayList<>(filters.size());
        for (Filter filter : filters) {
            Objects.requireNonNull(filter, "filter");
            if (filter instanceof None) {
                if (!all) {
                    return none(); // keeping everything OR anything keeps everything
                }
                continue;
            }
            if (filter instanceof Junction junction && junction.all() == all) {
                operands.addAll(junction.operands());
            } else {
                operands.add(filter);
            }
        }
        if (operands.isEmpty()) {
            return none();
        }
        return operands.size() == 1 ? operands.get(0) : new Junction(all, List.copyOf(operands));
    }
}
