package dev.singletable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a table once: its keys and their types, its GSIs and LSIs with their projections, its TTL
 * and entity-type attributes, and its entities. From it the processor generates
 * {@code <Holder>Design.SCHEMA}, the table's {@code TableSchema} built with the core's builders from
 * the entities' generated schemas, and writes the same design as the schema file
 * {@code META-INF/singletable/<name>.singletable.json} of the build output, which
 * {@code singletable check target/classes} and the design commands read. Every mistake (an entity's
 * {@code @Index} naming an index the table lacks, literal text in a template on a number key, an LSI
 * on a table without a sort key, more than 20 GSIs...) is a compile error with the core's message.
 *
 * <pre>{@code
 * @TableDesign(name = "AppTable", timeToLiveAttribute = "ttl",
 *         indexes = {@TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
 *                 @TableDesign.GlobalIndex(name = "ByScore", partitionKey = "GSI1PK", sortKey = "score",
 *                         sortKeyType = TableDesign.KeyType.N, projection = TableDesign.ProjectionType.INCLUDE,
 *                         include = {"title"})},
 *         localIndexes = {@TableDesign.LocalIndex(name = "ByDate", sortKey = "createdAt")},
 *         entities = {Customer.class, Order.class})
 * public final class AppTable {
 *     public static final TableSchema SCHEMA = AppTableDesign.SCHEMA;
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface TableDesign {
    /** The table name. */
    String name();

    /** The attribute holding the partition key. */
    String partitionKey() default "PK";

    /** The partition key's type: a number or binary key takes entity templates that are exactly one slot, {@code {userId}}. */
    KeyType partitionKeyType() default KeyType.S;

    /** The attribute holding the sort key; ignored with {@link #noSortKey()}. */
    String sortKey() default "SK";

    /** The sort key's type. */
    KeyType sortKeyType() default KeyType.S;

    /** The table has a partition key only: its entities give a partition key template only. */
    boolean noSortKey() default false;

    /** The attribute holding each item's entity type. */
    String entityTypeAttribute() default "entityType";

    /** The TTL attribute; empty for none. */
    String timeToLiveAttribute() default "";

    /** The GSIs (up to 20). */
    GlobalIndex[] indexes() default {};

    /** The LSIs (up to 5; the table needs a sort key). */
    LocalIndex[] localIndexes() default {};

    /** The {@code @Entity} types stored in the table, in order. */
    Class<?>[] entities();

    /** The DynamoDB type of a key attribute: string, number or binary. */
    enum KeyType { S, N, B }

    /** What an index holds besides the keys: every attribute, the keys only, or the attributes of {@code include}. */
    enum ProjectionType { ALL, KEYS_ONLY, INCLUDE }

    /**
     * A GSI of the table. A key of several attributes (up to four for the partition key and four for
     * the sort key) lists them in order; its types, when not all strings, list one type per attribute.
     *
     * <pre>{@code
     * @TableDesign.GlobalIndex(name = "ByRegion", partitionKey = {"tournament", "region"},
     *         sortKey = {"round", "score"}, sortKeyType = {KeyType.S, KeyType.N})
     * }</pre>
     */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({})
    @interface GlobalIndex {
        String name();

        /** The partition key attribute; several for a multi-attribute key. */
        String[] partitionKey();

        /** One type per partition key attribute; empty: all strings. */
        KeyType[] partitionKeyType() default {};

        /** The sort key attribute; several for a multi-attribute key; empty for a GSI without a sort key. */
        String[] sortKey() default {};

        /** One type per sort key attribute; empty: all strings. */
        KeyType[] sortKeyType() default {};

        ProjectionType projection() default ProjectionType.ALL;

        /** The non-key attributes an {@link ProjectionType#INCLUDE} projection holds. */
        String[] include() default {};
    }

    /** An LSI of the table: the table's partition key and a sort key of its own. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({})
    @interface LocalIndex {
        String name();

        String sortKey();

        KeyType sortKeyType() default KeyType.S;

        ProjectionType projection() default ProjectionType.ALL;

        /** The non-key attributes an {@link ProjectionType#INCLUDE} projection holds. */
        String[] include() default {};
    }
}
