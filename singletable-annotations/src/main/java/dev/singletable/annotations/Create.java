package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that writes a new item, refused with {@code ItemAlreadyExistsException} when its key is taken:
 * the one parameter is the entity; returns the entity as written or {@code void}. Generated as one
 * {@code table.create(entity)}.
 *
 * <pre>{@code
 * @Create
 * Customer register(Customer customer);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Create {
}
