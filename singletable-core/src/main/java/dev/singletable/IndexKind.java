package dev.singletable;

/**
 * Whether a secondary index is global (its own partition key, eventually consistent) or local
 * (the table's partition key, another sort key, consistent reads allowed).
 *
 * <pre>{@code
 * boolean consistentReadsAllowed = schema.index("ByDate").orElseThrow().kind() == IndexKind.LOCAL;
 * }</pre>
 */
@Stable
public enum IndexKind {
    /** A global secondary index (GSI): up to 20 per table. */
    GLOBAL,
    /** A local secondary index (LSI): up to 5 per table, created with the table only. */
    LOCAL
}
