package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Sample values for a {@link Get} or {@link Query} pattern's parameters, one per parameter in order, as text (numbers
 * and booleans as written in Java, a hierarchy path's parts separated by commas, a {@link Cursor} as an empty string).
 * With them the processor writes the pattern, named after the method in kebab case ({@code ordersByStatus} is
 * {@code orders-by-status}), into the table's design file {@code META-INF/singletable/<table>.singletable.json}, so that
 * {@code singletable patterns}, {@code run} and {@code lint} on the classes directory or jar see it. A pattern without
 * parameters is written with {@code @Example({})}.
 *
 * <pre>{@code
 * @Query(index = "GSI1")
 * @Example("PENDING")
 * List<Order> ordersByStatus(OrderStatus status);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Example {
    /** One value per parameter, in the parameters' order. */
    String[] value();
}
