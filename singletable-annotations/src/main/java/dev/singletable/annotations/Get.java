package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that reads one item by its primary key: the method's parameters fill the key template's slots
 * (by name, or {@link Slot}), and it returns {@code Optional<Entity>} (or {@code CompletableFuture<Optional<Entity>>}
 * on an asynchronous interface). Generated as one {@code table.get(EntitySchema.INSTANCE, key)}.
 *
 * <pre>{@code
 * @Get
 * Optional<Customer> customer(String customerId);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Get {
}
