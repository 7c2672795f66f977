package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The upper end (inclusive) of a {@link Query}'s {@code BETWEEN} sort key condition; see {@link From}.
 *
 * <pre>{@code
 * List<Order> ordersBetween(OrderStatus status, @From("createdAt") Instant from, @To("createdAt") Instant to);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface To {
    /** The sort key slot; empty: the parameter's name. */
    String value() default "";
}
