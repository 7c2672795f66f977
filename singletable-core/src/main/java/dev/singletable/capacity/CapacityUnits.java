package dev.singletable.capacity;

import dev.singletable.Experimental;
import java.util.Collection;

/**
 * The capacity units one request consumes, from the sizes of the items it reads or writes, as DynamoDB bills them
 * (<a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html">DynamoDB read
 * and write operations</a>,
 * <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/provisioned-capacity-mode.html">provisioned
 * capacity mode</a>):
 *
 * <ul>
 *   <li>a read is rounded up to the next 4 KB, at least one block, times the {@link ReadMode}'s units: a GetItem of a
 *       3,500-byte item costs one strongly consistent unit; of a 10 KB item three (12 KB); a get of no item still costs one
 *       block;</li>
 *   <li>a Query or Scan adds up the sizes of every item it reads (filtered out or not) and rounds the sum once per page,
 *       not each item: 100 items of 40 bytes read eventually consistent cost half a unit;</li>
 *   <li>a BatchGetItem rounds each item on its own ("1.5 KB and 6.5 KB are billed as 4 KB + 8 KB");</li>
 *   <li>a write is rounded up to the next 1 KB, at least one: a 1,500-byte put costs two units; transactional writes
 *       cost two units per KB; BatchWriteItem rounds each put or delete on its own;</li>
 *   <li>{@code ReturnValues} and {@code ReturnConsumedCapacity} cost nothing more: the write is billed for the item it
 *       writes, the larger of the old and the new one.</li>
 * </ul>
 *
 * <pre>{@code
 * double units = CapacityUnits.query(List.of(1_200, 3_000, 900), ReadMode.EVENTUALLY_CONSISTENT);   // 5,100 B: 2 blocks, 1.0
 * }</pre>
 */
@Experimental
public final class CapacityUnits {
    /** Bytes of one read block. */
    public static final int READ_BLOCK_BYTES = 4096;
    /** Bytes of one write unit. */
    public static final int WRITE_BLOCK_BYTES = 1024;

    private CapacityUnits() {
    }

    /** Read units of reading one item of this size (GetItem, each item of a BatchGetItem or a TransactGetItems). */
    public static double read(long bytes, ReadMode mode) {
        return readBlocks(bytes) * mode.unitsPerBlock();
    }

    /** Read units of one Query or Scan page that reads items of these sizes: the sum is rounded, once. */
    public static double query(Collection<? extends Number> itemBytes, ReadMode mode) {
        long sum = 0;
        for (Number bytes : itemBytes) {
            sum += bytes.longValue();
        }
        return read(sum, mode);
    }

    /** Read units of a BatchGetItem of items of these sizes: each one rounded on its own. */
    public static double batchGet(Collection<? extends Number> itemBytes, ReadMode mode) {
        double units = 0;
        for (Number bytes : itemBytes) {
            units += read(bytes.longValue(), mode);
        }
        return units;
    }

    /** 4 KB blocks of a read of this many bytes: at least one. */
    public static long readBlocks(long bytes) {
        return Math.max(1, ceilDiv(bytes, READ_BLOCK_BYTES));
    }

    /** Write units of writing (or deleting) an item of this size, outside a transaction: per 1 KB, at least one. */
    public static double write(long bytes) {
        return writeBlocks(bytes);
    }

    /** Write units of one write of a TransactWriteItems: twice {@link #write(long)}. */
    public static double transactionalWrite(long bytes) {
        return 2.0 * writeBlocks(bytes);
    }

    /** 1 KB blocks of a write of this many bytes: at least one. */
    public static long writeBlocks(long bytes) {
        return Math.max(1, ceilDiv(bytes, WRITE_BLOCK_BYTES));
    }

    private static long ceilDiv(long bytes, long block) {
        return (bytes + block - 1) / block;
    }
}
