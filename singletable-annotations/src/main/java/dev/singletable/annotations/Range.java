package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute's number (or each number of a collection) must lie within bounds, both included (experimental);
 * checked before any write is sent. Bounds are decimal texts; an empty bound is no bound.
 *
 * <pre>{@code
 * public record Shoe(String id, @Range(min = "15", max = "50") int size) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Range {
    /** The lowest value allowed; empty for none. */
    String min() default "";

    /** The highest value allowed; empty for none. */
    String max() default "";
}
