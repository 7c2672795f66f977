package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that sets named attributes of an existing item: parameters fill the primary key's slots, and one
 * parameter per attribute of {@link #set()} (by name, or {@link Slot}) gives its new value. Returns the updated entity
 * or {@code void}. Generated as one {@code table.update(EntitySchema.INSTANCE, key, u -> u.set(...))}, refused with
 * {@code ItemNotFoundException} when there is no such item. On an entity with a sparse index ({@code @Index(when = ...)}),
 * whose Java condition may read any attribute, the update reads the stored item first
 * ({@code readingStoredValuesForIndexKeys()}, one strongly consistent GetItem) and sets or removes that index's keys as
 * the condition says of the item it leaves.
 *
 * <pre>{@code
 * @Update(set = "status")
 * Order changeStatus(String customerId, String orderId, OrderStatus status);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Update {
    /** The attributes to set (property or stored names); each needs a parameter of its type. */
    String[] set();

    /** The entity updated, when the method returns {@code void}; otherwise it is read from the return type. */
    Class<?> entity() default void.class;
}
