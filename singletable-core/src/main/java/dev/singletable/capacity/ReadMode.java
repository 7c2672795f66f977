package dev.singletable.capacity;

import dev.singletable.Experimental;
import dev.singletable.ReadConsistency;

/**
 * How a read is billed per 4 KB block it reads
 * (<a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html">DynamoDB read
 * and write operations</a>): eventually consistent half a unit, strongly consistent one, transactional two.
 */
@Experimental
public enum ReadMode {
    EVENTUALLY_CONSISTENT(0.5),
    STRONGLY_CONSISTENT(1),
    TRANSACTIONAL(2);

    private final double unitsPerBlock;

    ReadMode(double unitsPerBlock) {
        this.unitsPerBlock = unitsPerBlock;
    }

    /** Read units per 4 KB block read. */
    public double unitsPerBlock() {
        return unitsPerBlock;
    }

    /** The mode of a non-transactional read of this consistency. */
    public static ReadMode of(ReadConsistency consistency) {
        return consistency == ReadConsistency.STRONG ? STRONGLY_CONSISTENT : EVENTUALLY_CONSISTENT;
    }
}
