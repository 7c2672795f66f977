package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The sort key condition of a {@link Query}: the sort key is a direct child of the hierarchy path this parameter gives (a {@code List<String>} slot). The parameter fills the sort key slot of its name
 * (or {@link #value()}). Generated as {@code .sortChildren(KeyValues...)}.
 *
 * <pre>{@code
 * @Query
 * List<Category> categories(@Children("path") List<String> path);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Children {
    /** The sort key slot; empty: the parameter's name. */
    String value() default "";
}
