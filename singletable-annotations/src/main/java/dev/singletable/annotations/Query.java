package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An access pattern that queries one partition of the table or of a secondary index, for one entity or for an
 * {@link ItemCollection}: parameters fill the partition key's slots and, after them, the sort key's slots in template
 * order (equal values), and at most one sort slot takes a condition ({@link BeginsWith}, {@link After},
 * {@link AtOrAfter}, {@link Before}, {@link AtOrBefore}, {@link From} with {@link To}, {@link Children}, {@link Subtree}); {@link Filter} parameters
 * filter on attributes. The return type says what is read: {@code List}, {@code Stream}, {@code Optional} (the first
 * item), {@code Page} (one page; a {@link Cursor} parameter resumes), {@code long} (a count), each element an entity or
 * a collection's sealed type; on an asynchronous interface {@code CompletableFuture} of these ({@code Long} for counts).
 *
 * <pre>{@code
 * @Query(index = "GSI1", descending = true, limit = 20)
 * List<Order> ordersByStatus(OrderStatus status, @AtOrAfter("createdAt") Instant since);
 * }</pre>
 *
 * @see AccessPatterns
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Query {
    /** The secondary index to query (a GSI or LSI of the table the entity has keys on); empty for the table. */
    String index() default "";

    /**
     * What a count ({@code long}) counts: an {@link Entity} or an {@link ItemCollection}. Other queries read it from
     * their return type and leave this out.
     */
    Class<?> entity() default void.class;

    /** Newest (highest sort key) first. */
    boolean descending() default false;

    /** At most this many items (0: all); a {@code Page} holds at most this many. */
    int limit() default 0;

    /** Read only these attributes (stored names); the entity must be buildable from them. Empty: whole items. */
    String[] select() default {};

    /**
     * A raw sort key range, both ends inclusive, as two strings {@code {from, to}}: for a collection whose members'
     * sort keys are neighbours, such as {@code {"POST#", "PROFILE"}}. Empty: none. Not with a sort condition parameter.
     */
    String[] sortBetweenRaw() default {};

    /**
     * A raw sort key prefix: the sort key begins with this text, such as {@code "POST#"} for the posts of a partition that
     * holds other items too, or {@code "PATH#ELECTRONICS/AUDIO/"} for what lies below a path. Empty: none. Not with a sort
     * condition parameter, sort slot values or {@link #sortBetweenRaw()}.
     */
    String sortBeginsWithRaw() default "";

    /** Strongly consistent (table and LSIs only). */
    boolean consistentRead() default false;
}
