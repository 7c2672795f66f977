package dev.singletable.capacity;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The billing examples of "DynamoDB read and write operations",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html.
 */
class CapacityUnitsTest {
    private static final int KB = 1024;

    @Test
    void read_whenItemUnder4Kb_roundsUpToOneBlock() {
        // "reading a 3,500-byte item consumes the same throughput as reading a 4 KB item"
        assertThat(CapacityUnits.read(3_500, ReadMode.STRONGLY_CONSISTENT)).isEqualTo(1.0);
        assertThat(CapacityUnits.read(3_500, ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(0.5);
        assertThat(CapacityUnits.read(3_500, ReadMode.TRANSACTIONAL)).isEqualTo(2.0);
    }

    @Test
    void read_when8KbItem_costsTwoStrongOneEventualFourTransactional() {
        // "if your item size is 8 KB, you require 2 read units ... 1 read unit if you choose eventually consistent reads,
        // or 4 read units for a transactional read request"
        assertThat(CapacityUnits.read(8 * KB, ReadMode.STRONGLY_CONSISTENT)).isEqualTo(2.0);
        assertThat(CapacityUnits.read(8 * KB, ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(1.0);
        assertThat(CapacityUnits.read(8 * KB, ReadMode.TRANSACTIONAL)).isEqualTo(4.0);
    }

    @Test
    void read_when10KbItem_roundsUpTo12Kb() {
        // GetItem: "If you read an item of 10 KB, DynamoDB rounds the item size to 12 KB"
        assertThat(CapacityUnits.read(10 * KB, ReadMode.STRONGLY_CONSISTENT)).isEqualTo(3.0);
    }

    @Test
    void read_whenNoItem_stillCostsOneBlock() {
        assertThat(CapacityUnits.read(0, ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(0.5);
    }

    @Test
    void batchGet_roundsEachItemBeforeAdding() {
        // BatchGetItem: "reads a 1.5 KB item and a 6.5 KB item, DynamoDB calculates the size as 12 KB (4 KB + 8 KB), not 8 KB"
        assertThat(CapacityUnits.batchGet(List.of(1_536, 6_656), ReadMode.STRONGLY_CONSISTENT)).isEqualTo(3.0);
    }

    @Test
    void query_sumsTheItemsReadThenRoundsOnce() {
        // Query: "The number of read units consumed is the sum of the sizes of the items, rounded up to the next 4 KB"
        assertThat(CapacityUnits.query(List.of(1_536, 6_656), ReadMode.STRONGLY_CONSISTENT)).isEqualTo(2.0);
        assertThat(CapacityUnits.query(java.util.Collections.nCopies(100, 40), ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(0.5);
        assertThat(CapacityUnits.query(List.of(), ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(0.5);
    }

    @Test
    void write_roundsUpPerKilobyte() {
        // "For items up to 1 KB in size, one WCU can perform one standard write ... a 1.5 KB item needs 2 WCUs";
        // transactional writes need 2 WCUs per KB
        assertThat(CapacityUnits.write(500)).isEqualTo(1.0);
        assertThat(CapacityUnits.write(1_536)).isEqualTo(2.0);
        assertThat(CapacityUnits.transactionalWrite(1_536)).isEqualTo(4.0);
        assertThat(CapacityUnits.write(0)).isEqualTo(1.0);
    }
}
