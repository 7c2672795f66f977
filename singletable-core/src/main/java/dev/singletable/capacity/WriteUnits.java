package dev.singletable.capacity;

import dev.singletable.Experimental;
import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The write units one write consumes on the table and on each secondary index, as {@code ReturnConsumedCapacity=INDEXES}
 * reports them (<a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html">DynamoDB
 * read and write operations</a>, <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html">GSI:
 * provisioned throughput considerations</a>):
 *
 * <ul>
 *   <li>the table: the larger of the item before and after, per 1 KB, at least one unit (a delete: the deleted item);</li>
 *   <li>each index, by the item's {@link IndexEntry} before and after: none when the item is in it neither time (sparse
 *       indexes cost only where the item is in them) or when its entry does not change; one write of the new entry when
 *       the item enters the index, of the old entry when it leaves it; the larger of the two when the entry changes
 *       under the same key; and a delete plus a put (two writes, each rounded) when the index key moves;</li>
 *   <li>in a transaction, the table's units twice (a prepare and a commit of the item,
 *       <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-capacity-handling">capacity
 *       management for transactions</a>); the indexes' once, as the changes "propagate to global secondary indexes"
 *       after the transaction completes, as ordinary index writes (the same page; Dynoxide bills them so too,
 *       {@code CapacityRulesOnEngineTest}).</li>
 * </ul>
 *
 * <pre>{@code
 * WriteUnits units = WriteUnits.of(schema, Optional.empty(), Optional.of(table.toItem(order)), false);   // a new item
 * units.indexes().get("gsi1");   // 1.0 when the order is in gsi1
 * }</pre>
 *
 * @param table   units on the table itself
 * @param indexes units on each index the write touches, by index name, in the table's order of indexes
 */
@Experimental
public record WriteUnits(double table, Map<String, Double> indexes) {
    public WriteUnits {
        indexes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(indexes, "indexes")));
    }

    /**
     * The units of one write that turns {@code before} into {@code after}: a put of a new item has no {@code before}, a
     * delete no {@code after}.
     *
     * @throws IllegalArgumentException when both are empty
     */
    public static WriteUnits of(TableSchema schema, Optional<Map<String, AttributeValue>> before,
                                Optional<Map<String, AttributeValue>> after, boolean transactional) {
        if (before.isEmpty() && after.isEmpty()) {
            throw new IllegalArgumentException("a write changes an item: give the item before, after, or both");
        }
        double factor = transactional ? 2 : 1;
        long tableBytes = Math.max(before.map(ItemSize::of).orElse(0), after.map(ItemSize::of).orElse(0));
        Map<String, Double> indexes = new LinkedHashMap<>();
        for (IndexSchema index : schema.indexes()) {
            Optional<Map<String, AttributeValue>> old = before.flatMap(item -> IndexEntry.of(schema, index, item));
            Optional<Map<String, AttributeValue>> now = after.flatMap(item -> IndexEntry.of(schema, index, item));
            long blocks;
            if (old.isEmpty() && now.isEmpty()) {
                continue;
            } else if (old.isEmpty()) {
                blocks = CapacityUnits.writeBlocks(ItemSize.of(now.get()));
            } else if (now.isEmpty()) {
                blocks = CapacityUnits.writeBlocks(ItemSize.of(old.get()));
            } else if (!IndexEntry.sameKey(index, old.get(), now.get())) {
                blocks = CapacityUnits.writeBlocks(ItemSize.of(old.get())) + CapacityUnits.writeBlocks(ItemSize.of(now.get()));
            } else if (old.get().equals(now.get())) {
                continue;
            } else {
                blocks = CapacityUnits.writeBlocks(Math.max(ItemSize.of(old.get()), ItemSize.of(now.get())));
            }
            indexes.put(index.name(), (double) blocks);
        }
        return new WriteUnits(CapacityUnits.writeBlocks(tableBytes) * factor, indexes);
    }

    /** The write units of a put of a new item. */
    public static WriteUnits ofNewItem(TableSchema schema, Map<String, AttributeValue> item) {
        return of(schema, Optional.empty(), Optional.of(item), false);
    }

    /** Table and indexes together: what the request consumes in all. */
    public double total() {
        return table + indexes.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
