package dev.singletable;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * API status: internal. Public in an exported package for a technical reason only (a seam between singletable's
 * own modules), not for application code; it may change or go in any release, and the release build's API check
 * leaves it out. Types in {@code internal} packages are internal without this mark: no module exports them.
 *
 * <pre>{@code
 * @Internal
 * public final class Seam { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@Stable
public @interface Internal {
}
