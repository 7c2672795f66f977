package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The sort key condition of a {@link Query}: the sort key begins with the template rendered up to and including this
 * value, the slots after it left out (on the template's last slot, that is the whole key: an equality). The parameter
 * fills the sort key slot of its name (or {@link #value()}), which must be the next slot after those given as equal values.
 * Generated as {@code .sortBeginsWith(KeyValues...)}.
 *
 * <pre>{@code
 * @Query(index = "GSI1")
 * List<Order> ordersByStatus(OrderStatus status, @BeginsWith("createdAt") Instant createdAt);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface BeginsWith {
    /** The sort key slot; empty: the parameter's name. */
    String value() default "";
}
