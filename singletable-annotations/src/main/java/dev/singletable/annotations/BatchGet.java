package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that reads several items of one entity by their primary keys in one {@code BatchGetItem}: one
 * parameter is a {@code Collection} of one key slot's values, the others fill the remaining slots; it returns
 * {@code List<Entity>}, the items found. Generated as one {@code table.batchGet(keys).found(EntitySchema.INSTANCE)}.
 *
 * <pre>{@code
 * @BatchGet
 * List<Product> products(List<String> productId);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface BatchGet {
}
