package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that scans the whole table (or a secondary index) for one entity or for an {@link ItemCollection}:
 * it reads, and pays for, every item, so declare one only where no key serves the pattern (design tools flag it). Its
 * parameters are {@link Filter}s on attributes (and a {@link Cursor} for a {@code Page}); there is no key to fill. The
 * return type says what is read, as for {@link Query}: {@code List}, {@code Stream}, {@code Optional} (the first item),
 * {@code Page} (one page; a {@link Cursor} parameter resumes), {@code long} (a count, with {@link #entity()}); on an
 * asynchronous interface {@code CompletableFuture} of these ({@code Long} for counts) or {@code Flow.Publisher}.
 * Generated as {@code table.scan(SCHEMA)} with the filters, index and limit.
 *
 * <pre>{@code
 * @Scan
 * List<Inventory> outOfStock(@Filter("quantity") int quantity);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Scan {
    /** The secondary index to scan (a GSI or LSI the entity has keys on); empty for the table. */
    String index() default "";

    /**
     * What a count ({@code long}) counts: an {@link Entity} or an {@link ItemCollection}. Other scans read it from
     * their return type and leave this out.
     */
    Class<?> entity() default void.class;

    /** At most this many items (0: all); a {@code Page} holds at most this many. */
    int limit() default 0;
}
