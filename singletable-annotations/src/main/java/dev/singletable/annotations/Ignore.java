package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A property that is not stored, or stored in one direction only. A record component that is not
 * read gets null (or 0 or false) when an item is decoded.
 *
 * <pre>{@code
 * public record Order(String id, @Ignore BigDecimal cachedTotal, @Ignore(Ignore.Direction.WRITE) String legacyCode) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Ignore {
    Direction value() default Direction.BOTH;

    /** Which way the property is ignored. */
    enum Direction {
        /** Never written nor read. */
        BOTH,
        /** Read from items but never written (a value other code maintains). */
        WRITE,
        /** Written but never read back. */
        READ
    }
}
