package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The cursor a {@link Query} or {@link Scan} returning {@code Page} resumes from: a {@code String} parameter holding the
 * {@code page.cursor()} of the previous page, or null for the first page. Generated as {@code .page(cursor)}.
 *
 * <pre>{@code
 * @Query(limit = 20)
 * Page<Order> orders(String customerId, @Cursor String cursor);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Cursor {
}
