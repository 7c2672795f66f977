package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute whose value picks the keys of an entity declared with {@link KeyState}s: a {@code boolean} or
 * an enum, never null.
 *
 * <pre>{@code
 * public record Product(String productId, String name, @StateAttribute boolean archived) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface StateAttribute {
}
