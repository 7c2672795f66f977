package dev.singletable.migrations;

import dev.singletable.Experimental;

/**
 * One versioned step of schema evolution for the items already in a table: renaming an attribute,
 * filling a new one, re-keying an entity. {@link MigrationRunner} applies pending steps in version
 * order and records each in the table itself.
 *
 * <p><b>Safe to run twice.</b> A step that fails or is interrupted is run again from its start on
 * the next {@code up}; the context's scans continue from their last saved page, but the items of
 * that page are seen again. Write each change so that applying it to an item already changed does
 * nothing (set a value rather than add to it; skip items that have the new shape).
 *
 * <pre>{@code
 * public final class PostsGetAStatus implements Migration {
 *     public long version() { return 3; }
 *     public String description() { return "Posts get status DRAFT or PUBLISHED from published"; }
 *
 *     public void up(MigrationContext context) {
 *         EntitySchema<DynamicItem> post = design.entity("Post");
 *         context.forEach(post, item -> {
 *             if (!item.has("status")) {                                   // safe to run twice
 *                 String status = item.getBoolean("published") ? "PUBLISHED" : "DRAFT";
 *                 context.table().put(item.with("status", status));
 *             }
 *         });
 *     }
 *
 *     public void down(MigrationContext context) { ... }                  // optional
 * }
 * }</pre>
 *
 * <p>The command line finds implementations with {@link java.util.ServiceLoader}: list them in
 * {@code META-INF/services/dev.singletable.migrations.Migration} of their jar or directory.
 */
@Experimental
public interface Migration {

    /** The step's version: a positive number, unique among the steps, applied in ascending order. */
    long version();

    /** One line saying what the step changes, for status output. */
    String description();

    /** Applies the change to the items in {@code context.table()}. */
    void up(MigrationContext context);

    /**
     * Undoes {@link #up}. Optional: a step that does not override it cannot be reverted, and
     * {@link MigrationRunner#down(long)} refuses before running anything.
     *
     * @throws MigrationDefinitionException unless overridden
     */
    default void down(MigrationContext context) {
        throw new MigrationDefinitionException("Migration " + version() + " (" + description() + ") has no down step; "
                + "override down(MigrationContext) in " + getClass().getName() + " to make it reversible");
    }
}
