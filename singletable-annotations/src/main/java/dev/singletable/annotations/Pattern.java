package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute's text (a string, or the text of each element of a collection) must match this regular expression
 * whole (experimental); checked before any write is sent. An invalid expression is a compile error.
 *
 * <pre>{@code
 * public record Product(@Pattern("[A-Z]{3}-[0-9]{4}") String sku) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Pattern {
    /** The regular expression, in {@code java.util.regex} syntax. */
    String value();
}
