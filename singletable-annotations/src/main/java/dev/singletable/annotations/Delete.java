package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that deletes one item by its primary key: parameters fill the key template's slots; returns
 * {@code void}, or {@code Optional<Entity>} for the deleted item. Generated as one {@code table.delete(...)}.
 *
 * <pre>{@code
 * @Delete(entity = Order.class)
 * void cancel(String customerId, String orderId);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Delete {
    /** The entity deleted, when the method returns {@code void}; otherwise it is read from the return type. */
    Class<?> entity() default void.class;
}
