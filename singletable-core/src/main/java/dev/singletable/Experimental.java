package dev.singletable;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * API status: experimental. Usable and tested, but its shape may still change in a minor version (the CHANGELOG
 * says so when it does); the release build's API check leaves it out. On a member of a {@link Stable} type, it marks
 * that member alone.
 *
 * <pre>{@code
 * @Experimental
 * public final class WireClient { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@Stable
public @interface Experimental {
}
