package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The table's TTL attribute: an {@code Instant} (stored as epoch seconds) or a {@code long} of epoch seconds.
 *
 * <pre>{@code
 * public record Session(String id, @TimeToLive Instant value) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface TimeToLive {
}
