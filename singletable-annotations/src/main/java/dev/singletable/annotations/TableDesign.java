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

    /**
     * The table's DynamoDB stream and what its records carry; {@link StreamView#NONE} (the default) for none. The
     * generated {@code SCHEMA} declares it, {@code createTable} creates it and {@code dev.singletable.changes} reads it.
     */
    StreamView stream() default StreamView.NONE;

    /** The GSIs (up to 20). */
    GlobalIndex[] indexes() default {};

    /** The LSIs (up to 5; the table needs a sort key). */
    LocalIndex[] localIndexes() default {};

    /** The {@code @Entity} types stored in the table, in order. */
    Class<?>[] entities();

    /**
     * The many-to-many relations between the table's entities; each becomes a typed {@code Relation} constant of the
     * generated {@code <Holder>Design} (its name in upper snake case: {@code Membership} gives {@code MEMBERSHIP}),
     * registered in its {@code SCHEMA}, and the {@code relations} block of the schema file.
     */
    Relation[] relations() default {};

    /**
     * A resource of example items for the design tools, such as {@code "singletable/app-table-examples.jsonl"}; empty (the
     * default) for none. JSON Lines: one item a line, attribute name to value as a schema file's {@code examples} give them,
     * naming its entity type in the table's entity-type attribute:
     * <pre>{@code
     * {"entityType": "Customer", "customerId": "C1", "name": "Ada Lovelace", "email": "ada@example.com"}
     * }</pre>
     * The processor reads it at compile time from the directories of the processor option {@code singletable.resources}
     * (separated as the class path is), else from the class output (where Maven has copied the resources before it
     * compiles), else from the source path; checks each line against its entity (an unknown entity or attribute, a value
     * of the wrong type, a required attribute missing are compile errors naming the file and line), and writes the items
     * into the schema file's entities' {@code examples}, which {@code singletable patterns}, {@code view} and
     * {@code lint} read.
     */
    String examples() default "";

    /** The view type of the table's stream: which images its records carry, or no stream. */
    enum StreamView { NONE, NEW_AND_OLD_IMAGES, NEW_IMAGE, OLD_IMAGE, KEYS_ONLY }

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

    /**
     * A many-to-many relation between two entities of the table, stored as an adjacency item in each entity's
     * partition (see the core's {@code Relation}): checked at compile time as {@code Relation.Builder.build()}
     * checks it at run time (a side without a slot for the other entity's key, a copied attribute the entity
     * lacks...), each mistake a compile error on the {@code @TableDesign}.
     *
     * <pre>{@code
     * @TableDesign(name = "AppTable", entities = {User.class, Group.class},
     *         relations = @TableDesign.Relation(name = "Membership", first = User.class, second = Group.class,
     *                 firstSide = @TableDesign.RelationSide(pk = "USER#{userId}", sk = "GROUP#{groupId}"),
     *                 secondSide = @TableDesign.RelationSide(pk = "GROUP#{groupId}", sk = "USER#{userId}"),
     *                 copyFromFirst = "userName", copyFromSecond = "groupName", propagateCopies = true,
     *                 edges = @TableDesign.Edge(name = "role", type = TableDesign.EdgeType.STRING, required = true)))
     * public final class AppTable {}
     * // generated: AppTableDesign.MEMBERSHIP, a Relation<User, Group>
     * }</pre>
     */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({})
    @interface Relation {
        /** The relation's name, as {@code verifyRelation} and the CLI take it. */
        String name();

        /** The first entity: {@code firstSide} lives in its partition. */
        Class<?> first();

        /** The second entity: {@code secondSide} lives in its partition. */
        Class<?> second();

        /** The keys of the adjacency item in the first entity's partition: its key slots, then the second's. */
        RelationSide firstSide();

        /** The keys of the mirror item in the second entity's partition. */
        RelationSide secondSide();

        /** The two item types' names, first side first; empty: the two entity types joined ({@code UserGroup}, {@code GroupUser}). */
        String[] itemTypes() default {};

        /** Attributes of the first entity (property or stored names) copied onto both adjacency items. */
        String[] copyFromFirst() default {};

        /** Attributes of the second entity (property or stored names) copied onto both adjacency items. */
        String[] copyFromSecond() default {};

        /** Writes of either entity rewrite the copies on its adjacency items (a Query, then transactional updates). */
        boolean propagateCopies() default false;

        /**
         * The attributes of the edge itself (a membership's role, when it began), in order: {@code relate} writes their
         * values onto both adjacency items, the generated relation declares them and the schema file's {@code edge} block
         * lists them.
         *
         * <pre>{@code
         * edges = {@TableDesign.Edge(name = "role", type = TableDesign.EdgeType.ENUM, values = {"MEMBER", "ADMIN"},
         *                 required = true),
         *         @TableDesign.Edge(name = "joinedAt", type = TableDesign.EdgeType.INSTANT)}
         * }</pre>
         */
        Edge[] edges() default {};
    }

    /**
     * An attribute of a {@link Relation}'s edge, written onto both adjacency items: as a schema file's
     * {@code edge: {role: {type: enum, values: [MEMBER, ADMIN], required: true}}}.
     *
     * <pre>{@code
     * @TableDesign.Edge(name = "role", type = TableDesign.EdgeType.ENUM, values = {"MEMBER", "ADMIN"}, required = true,
     *         description = "what the user may do in the group")
     * }</pre>
     */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({})
    @interface Edge {
        /** The attribute's name on the adjacency items. */
        String name();

        /** Its kind. */
        EdgeType type();

        /** The allowed values of an {@link EdgeType#ENUM}, stored as strings; empty for other kinds. */
        String[] values() default {};

        /** Every {@code relate} must give it a value. */
        boolean required() default false;

        /** Free text; empty for none. */
        String description() default "";
    }

    /**
     * The kind of an {@link Edge} attribute, named as the core's {@code AttributeTypes} names it ({@code LOCAL_DATE}:
     * {@code AttributeTypes.LOCAL_DATE}, a schema file's {@code date}); {@link #ENUM} is a string of the edge's
     * {@code values}, as a schema file's {@code enum}.
     */
    enum EdgeType {
        STRING, INTEGER, LONG, DECIMAL, BOOLEAN, INSTANT, EPOCH_SECONDS, LOCAL_DATE, LOCAL_DATE_TIME, UUID, BYTES, ENUM,
        STRING_SET, DECIMAL_SET, BINARY_SET, DOCUMENT, STRING_LIST, STRING_MAP
    }

    /** The key templates of one adjacency item of a {@link Relation}. */
    @Documented
    @Retention(RetentionPolicy.CLASS)
    @Target({})
    @interface RelationSide {
        /** The partition key template, made of the near entity's key slots. */
        String pk();

        /** The sort key template, holding the far entity's key slots. */
        String sk();
    }
}
