package dev.singletable.capacity;

import dev.singletable.Experimental;

/**
 * DynamoDB's per-partition limits
 * (<a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html">partition key
 * design</a>, <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html">service
 * quotas</a>, <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/LSI.html#LSI.ItemCollections.SizeLimit">item
 * collection size limit</a>): each physical partition serves at most 3,000 read units and 1,000 write units a second,
 * whatever the table's capacity; an item collection (one partition key's items in the table and its LSIs) holds at most
 * 10 GB once the table has an LSI; an item at most 400 KB.
 */
@Experimental
public final class PartitionLimits {
    /** Read units a second one partition serves. */
    public static final double READ_UNITS_PER_SECOND = 3000;
    /** Write units a second one partition serves. */
    public static final double WRITE_UNITS_PER_SECOND = 1000;
    /** Bytes of one item collection of a table with an LSI: 10 GB. */
    public static final long ITEM_COLLECTION_BYTES = 10L * 1024 * 1024 * 1024;
    /** Bytes of one item. */
    public static final long ITEM_BYTES = ItemSize.MAX_ITEM_BYTES;

    private PartitionLimits() {
    }

    /** The share of one partition's read throughput that this many read units a second take (1.0 is the limit). */
    public static double readShare(double readUnitsPerSecond) {
        return readUnitsPerSecond / READ_UNITS_PER_SECOND;
    }

    /** The share of one partition's write throughput that this many write units a second take (1.0 is the limit). */
    public static double writeShare(double writeUnitsPerSecond) {
        return writeUnitsPerSecond / WRITE_UNITS_PER_SECOND;
    }
}
