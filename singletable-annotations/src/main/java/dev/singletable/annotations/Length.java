package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute's length must lie within bounds, both included (experimental): a string's characters, a
 * collection's or map's elements, a byte array's bytes; checked before any write is sent.
 *
 * <pre>{@code
 * public record User(String id, @Length(min = 1, max = 80) String name) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Length {
    int min() default 0;

    int max() default Integer.MAX_VALUE;
}
