package dev.singletable;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * API status: stable. A binary-incompatible change to this type (or member) comes only in a new major version, and
 * the CHANGELOG says how to migrate; the release build's API check (japicmp against the last release) fails on any
 * other. Every public type of an exported package carries one of {@code @Stable}, {@link Experimental} or
 * {@link Internal} (an ArchUnit test of each module checks it).
 *
 * <pre>{@code
 * @Stable
 * public interface Table { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@Stable
public @interface Stable {
}
