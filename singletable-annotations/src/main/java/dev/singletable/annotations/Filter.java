package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A filter of a {@link Query} or {@link Scan} on a non-key attribute: items whose attribute compares with the parameter's value as
 * {@link #op()} says are returned (a DynamoDB {@code FilterExpression}: read, and paid for, then dropped). Several
 * filters combine with AND. Generated as {@code .filter(Condition.eq(ATTRIBUTE, value))} and the like. The ordered ops
 * ({@code LESS_THAN} ... {@code GREATER_THAN_OR_EQUAL}) are a compile error on an {@code Instant} or enum attribute, whose
 * stored text does not sort as the values do: compare an instant through a sort-key slot ({@code @From}/{@code @To},
 * {@code @After}...) or declare it {@code @EpochSeconds}.
 *
 * <pre>{@code
 * @Query
 * List<Order> bigOrders(String customerId, @Filter(value = "total", op = Filter.Op.GREATER_THAN) BigDecimal minimum);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Filter {
    /** The attribute (property or stored name); empty: the parameter's name. */
    String value() default "";

    /** How the attribute compares with the value. */
    Op op() default Op.EQUALS;

    /** A comparison of a filter. */
    enum Op {
        /** {@code =} */
        EQUALS,
        /** {@code <>} */
        NOT_EQUALS,
        /** {@code <} */
        LESS_THAN,
        /** {@code <=} */
        LESS_THAN_OR_EQUAL,
        /** {@code >} */
        GREATER_THAN,
        /** {@code >=} */
        GREATER_THAN_OR_EQUAL,
        /** {@code begins_with} (strings) */
        BEGINS_WITH
    }
}
