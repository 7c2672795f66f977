package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The version for optimistic locking, a {@code long}, {@code Long}, {@code int} or {@code Integer}; maintained by every write.
 *
 * <pre>{@code
 * public record Session(String id, @Version long value) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Version {
}
