package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that writes a whole item, replacing any item with its key: the one parameter is the entity, and
 * the method returns the entity as written (with generated ids and maintained attributes) or {@code void}.
 * Generated as one {@code table.put(entity)}.
 *
 * <pre>{@code
 * @Put
 * Order save(Order order);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Put {
}
