package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores an {@code Instant} as a number of epoch seconds (N), as a schema file's {@code type: epochSeconds} does, rather
 * than as an ISO-8601 string (S, the default for {@code Instant}); fractions of a second are not kept. For the table's
 * TTL attribute use {@link TimeToLive}, which stores the same way.
 *
 * <pre>{@code
 * public record Reading(String deviceId, @EpochSeconds Instant takenAt) {}
 * // stored as {"takenAt": {"N": "1735689600"}}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface EpochSeconds {
}
