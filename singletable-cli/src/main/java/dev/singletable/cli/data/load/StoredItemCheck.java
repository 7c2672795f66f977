package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link Loader}'s check of a create the table refused because the row's key held an item: whether that item is the
 * row's item as the load writes it (its timestamps and version included), as when the interrupted run wrote it before
 * its checkpoint recorded it.
 */
final class StoredItemCheck {
    private final Table table;
    private final DynamoDbClient client;

    /** @param client the table's client, metered as the table's requests are */
    StoredItemCheck(Table table, DynamoDbClient client) {
        this.table = table;
        this.client = client;
    }

    /** Whether the item at the row's own key is the row's item as this load writes it (read when the refusal did not return it). */
    boolean sameAsStored(RowItems.Ready ready, Optional<Map<String, AttributeValue>> returned) {
        Map<String, AttributeValue> expected = asWritten(ready.item());
        // an engine (DynamoDB Local 2.6.1, 4 writer threads) was seen returning another key's item with a failed create:
        // the stored item is taken from the refusal only when its key is this one, else read (dynalite returns none)
        Map<String, AttributeValue> stored = returned.filter(current -> sameKey(current, expected)).orElseGet(() -> storedItem(expected));
        return StoredItems.same(expected, stored);
    }

    private boolean sameKey(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        TableSchema schema = table.schema();
        return Objects.equals(a.get(schema.partitionKeyAttribute()), b.get(schema.partitionKeyAttribute()))
                && schema.sortKeyAttribute().map(sk -> Objects.equals(a.get(sk), b.get(sk))).orElse(true);
    }

    /** The item stored under the key of {@code item} (a consistent GetItem), empty when there is none. */
    private Map<String, AttributeValue> storedItem(Map<String, AttributeValue> item) {
        TableSchema schema = table.schema();
        Map<String, AttributeValue> key = new HashMap<>();
        key.put(schema.partitionKeyAttribute(), item.get(schema.partitionKeyAttribute()));
        schema.sortKeyAttribute().ifPresent(sk -> key.put(sk, item.get(sk)));
        Map<String, AttributeValue> stored = client.getItem(r -> r.tableName(schema.name()).key(key).consistentRead(true)).item();
        return stored == null ? Map.of() : stored;
    }

    /** The item {@code restore} sends for the entity (with its timestamps and version), as rendered, not sent. */
    private Map<String, AttributeValue> asWritten(DynamicItem item) {
        DynamoDbRequest request = table.explainRestore(item).request();
        if (request instanceof PutItemRequest put) {
            return put.item();
        }
        if (request instanceof TransactWriteItemsRequest transaction) { // an entity stored by its state
            return transaction.transactItems().stream().filter(t -> t.put() != null).findFirst().map(t -> t.put().item()).orElse(Map.of());
        }
        return Map.of();
    }
}
