package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An id filled when it is null on write: a ULID (a {@code String}; needs
 * {@code com.github.f4b6a3:ulid-creator} on the class path) or a random UUID (a {@code UUID} or {@code String}).
 *
 * <pre>{@code
 * @Entity(pk = "ORDER#{orderId}", sk = "ORDER")
 * public record Order(@GeneratedId String orderId, BigDecimal total) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface GeneratedId {
    Strategy value() default Strategy.ULID;

    /** How ids are made. */
    enum Strategy {
        /** Time-ordered, 26 characters, sorts by creation time. */
        ULID,
        /** Random (version 4). */
        UUID
    }
}
