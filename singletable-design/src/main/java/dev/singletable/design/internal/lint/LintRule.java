package dev.singletable.design.internal.lint;

import java.util.Arrays;

/**
 * The lint rules, each with a stable id (never reused), a short name, its severity, and why it
 * matters. {@code docs/lint-rules.md} documents each with an example.
 *
 * <pre>{@code
 * LintRule rule = LintRule.byId("ST003"); // HOT_PARTITION
 * System.out.println(rule.title() + ": " + rule.why());
 * }</pre>
 */
public enum LintRule {
    SCAN_PATTERN("ST001", "scan-pattern", Severity.ERROR, "Access pattern served only by a Scan",
            "A Scan reads every item of the table and pays for all of them; its latency and cost grow with the table, not with the answer."),
    FILTER_DISCARDS_MOST("ST002", "filter-discards-most", Severity.WARNING, "Access pattern whose filter discards most items",
            "A filter runs after the read: every item the key condition selects is read and paid for (and counts toward the 1 MB page), "
                    + "then most are thrown away."),
    HOT_PARTITION("ST003", "hot-partition", Severity.WARNING, "Constant or low-cardinality partition key",
            "Every item with the same partition key lives in one partition, which takes at most 1,000 writes and 3,000 reads a second; "
                    + "a constant key or one of a few values puts a whole entity type there."),
    GSI_COUNT("ST004", "gsi-count", Severity.WARNING, "Global secondary index count near the limit of 20",
            "A table has at most 20 GSIs (a quota that can be raised only by request); every GSI is another copy of its items, paid on every write."),
    LOCAL_SECONDARY_INDEX("ST005", "local-secondary-index", Severity.WARNING, "Local secondary index",
            "With an LSI, an item collection (all items of one partition key, in the table and its LSIs) may not exceed 10 GB, "
                    + "and LSIs can only be created with the table, never added or removed later."),
    SHARED_PARTITION("ST006", "shared-partition", Severity.NOTE, "Entities sharing a partition outside a collection",
            "Their sort keys do not start with distinct literal prefixes, so a query of one entity type reads (and pays for) the "
                    + "other's items in the partition and filters them out; an intended item collection should say so."),
    SHARED_KEY("ST007", "shared-key", Severity.WARNING, "Entities whose whole index key can coincide",
            "Two entity types that can write the same index key are told apart only by the entity-type attribute: every read of one "
                    + "reads the other and filters it out, and the key alone no longer says what an item is."),
    UNSORTABLE_SORT_KEY("ST008", "unsortable-sort-key", Severity.WARNING, "Number or date in a sort key without a sort-preserving format",
            "Sort keys of type S compare as text: 10 sorts before 9, and ISO instants with different fraction digits sort out of time order, "
                    + "so range conditions and ordered reads return wrong items."),
    RANDOM_ID_ORDER("ST009", "random-id-order", Severity.WARNING, "Random id where a pattern wants time order",
            "A random UUID (v4) in a sort key orders items randomly: a pattern reading newest first or the first N gets arbitrary items."),
    SPARSE_INDEX_OPPORTUNITY("ST010", "sparse-index-opportunity", Severity.NOTE, "Index read with a filter on presence",
            "A filter on an attribute's presence reads every item and discards those without it; a sparse index holds only the items "
                    + "with it, so the query reads just those and the index costs less."),
    PROJECTION_ALL("ST011", "projection-all", Severity.NOTE, "Index projecting ALL attributes",
            "ALL copies every attribute of every item written to the index: writes and storage pay for attributes that the index's "
                    + "access patterns may not need."),
    MISSING_ENTITY_TYPE("ST012", "missing-entity-type", Severity.WARNING, "Entity-type attribute missing from an index",
            "An index shared by several entity types whose projection leaves out the entity-type attribute returns items that cannot "
                    + "be told apart without fetching them from the table."),
    TTL_NOT_EPOCH_SECONDS("ST013", "ttl-not-epoch-seconds", Severity.ERROR, "TTL attribute not a number of epoch seconds",
            "DynamoDB deletes an expired item only when its TTL attribute is a Number of seconds since the epoch; text, or milliseconds, "
                    + "never expire (milliseconds read as dates thousands of years ahead)."),
    ITEM_SIZE("ST014", "item-size", Severity.WARNING, "Item size over 4 KB",
            "A read costs one unit per 4 KB and a write one per 1 KB of item; large items make every access pattern that reads them "
                    + "cost several units, and items may not exceed 400 KB."),
    RELATION_STALE_COPIES("ST015", "relation-stale-copies", Severity.WARNING, "Relation copying attributes without propagation",
            "An attribute copied onto a relation's adjacency items is written once, by relate: when the entity's value changes, every "
                    + "copy keeps the old one, and a listing of related entities shows stale names until the pair is related again."),
    RELATION_ONE_PARTITION("ST016", "relation-one-partition", Severity.WARNING, "Relation side whose adjacency items share one partition",
            "A side whose partition template has no slot puts every pair's adjacency item in one partition: it takes at most 1,000 "
                    + "writes a second for all relate calls, and related from any entity reads (and pays for) every pair."),
    PARTITION_THROUGHPUT("ST017", "partition-throughput", Severity.WARNING, "Traffic over a partition's throughput at the declared peak",
            "One partition serves at most 3,000 read units and 1,000 write units a second, whatever the table's capacity: traffic "
                    + "that one partition key takes beyond that is throttled, on-demand or provisioned."),
    ITEM_COLLECTION_SIZE("ST018", "item-collection-size", Severity.WARNING, "Item collection over 10 GB, or reaching it within a year, on a table with an LSI",
            "Once a table has an LSI, the items of one partition key in the table and its LSIs may not pass 10 GB: writes to a full "
                    + "collection fail with ItemCollectionSizeLimitExceededException, and an LSI cannot be removed."),
    GSI_WRITE_AMPLIFICATION("ST019", "gsi-write-amplification", Severity.NOTE, "Each write copied to three or more index units",
            "Every GSI an item is in costs its own write on every put, update of a projected attribute and delete; an entity "
                    + "written to many indexes pays for all of them on each write."),
    PARTIAL_PROJECTION_READ("ST020", "partial-projection-read", Severity.ERROR, "Access pattern reading what its index does not project",
            "A GSI projecting KEYS_ONLY or INCLUDE returns only its keys and projected attributes: a read that needs others cannot "
                    + "run as written, so the library refuses it before sending, and patterns, run and view with it.");

    private final String id;
    private final String ruleName;
    private final Severity severity;
    private final String title;
    private final String why;

    LintRule(String id, String ruleName, Severity severity, String title, String why) {
        this.id = id;
        this.ruleName = ruleName;
        this.severity = severity;
        this.title = title;
        this.why = why;
    }

    /** The stable id, {@code ST001}... */
    public String id() {
        return id;
    }

    /** The short name, {@code hot-partition}. */
    public String ruleName() {
        return ruleName;
    }

    public Severity severity() {
        return severity;
    }

    public String title() {
        return title;
    }

    public String why() {
        return why;
    }

    /**
     * The rule with this id.
     *
     * @throws IllegalArgumentException naming the ids when there is none
     */
    public static LintRule byId(String id) {
        return Arrays.stream(values()).filter(rule -> rule.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No lint rule '" + id + "'; the rules are ST001 to ST0" + values().length));
    }
}
