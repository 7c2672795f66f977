package dev.singletable.internal.writes;

import dev.singletable.Table;

import dev.singletable.Condition;
import dev.singletable.TransactionCanceledException;
import dev.singletable.VersionConflictException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.internal.writes.WriteFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

/** DynamoDB's cancellation reasons, as the service sends them, mapped back to the actions that caused them. */
class CancellationMappingTest {

    @Test
    void canceled_whenReasonsMixConflictThrottlingAndVersion_mapsEachToItsActionInOrder() {
        Table table = renderingTable();
        DefaultWriteTransaction transaction = (DefaultWriteTransaction) table.transaction();
        Product v3 = new Product("sku-1", "Headphones", "audio", 10, Status.ACTIVE, Set.of(), List.of(), null, 0, 3L, NOW, NOW);
        transaction.put(Order.of("C1", "O1", "1"))
                .update(PRODUCT, sku("sku-2"), u -> u.subtract(STOCK, 1), Condition.ge(STOCK, 1))
                .replace(v3)
                .create(Order.of("C1", "O2", "1"));
        Map<String, AttributeValue> stored = Map.of("PK", AttributeValue.fromS("PRODUCT#sku-1"), "SK", AttributeValue.fromS("METADATA"),
                "entityType", AttributeValue.fromS("Product"), "sku", AttributeValue.fromS("sku-1"), "name", AttributeValue.fromS("Headphones"),
                "stock", AttributeValue.fromN("10"), "version", AttributeValue.fromN("4"));
        var sdk = software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.builder()
                .message("Transaction cancelled")
                .cancellationReasons(
                        CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("TransactionConflict").message("Transaction is ongoing for the item").build(),
                        CancellationReason.builder().code("ConditionalCheckFailed").message("The conditional request failed").item(stored).build(),
                        CancellationReason.builder().code("ThrottlingError").message("Throughput exceeds the current capacity").build())
                .build();

        TransactionCanceledException e = transaction.canceled(sdk);

        assertThat(e.reasons()).extracting(TransactionCanceledException.Reason::index, TransactionCanceledException.Reason::operation,
                        TransactionCanceledException.Reason::entityType, TransactionCanceledException.Reason::code)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0, "put", "Order", "None"),
                        org.assertj.core.groups.Tuple.tuple(1, "update", "Product", "TransactionConflict"),
                        org.assertj.core.groups.Tuple.tuple(2, "replace", "Product", "ConditionalCheckFailed"),
                        org.assertj.core.groups.Tuple.tuple(3, "create", "Order", "ThrottlingError"));
        assertThat(e.isConflict()).isTrue();
        assertThat(e.failures()).hasSize(3);
        assertThat(e.reasons().get(2).conditionFailure().orElseThrow()).isInstanceOfSatisfying(VersionConflictException.class, v -> {
            assertThat(v.expectedVersion()).hasValue(3);
            assertThat(v.storedVersion()).hasValue(4);
        });
        assertThat(e.getMessage()).isEqualTo("Transaction of 4 actions on table WritesTable was canceled; nothing was written. "
                + "action 1 (update Product {PK=PRODUCT#sku-2, SK=METADATA}): TransactionConflict: another transaction or write on this item "
                + "was in progress; retry the transaction; "
                + "action 2 (replace Product {PK=PRODUCT#sku-1, SK=METADATA}): ConditionalCheckFailed: replace of Product "
                + "{PK=PRODUCT#sku-1, SK=METADATA} in table WritesTable was refused: it was based on version 3 but version 4 is stored; "
                + "someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this); "
                + "action 3 (create Order {PK=USER#C1, SK=ORDER#O2}): ThrottlingError: DynamoDB throttled the item's partition; retry with backoff");
    }

    @Test
    void canceled_whenTheTransactionHasOneAction_saysActionInTheSingular() {
        DefaultWriteTransaction transaction = (DefaultWriteTransaction) renderingTable().transaction();
        transaction.create(Order.of("C1", "O2", "1"));
        var sdk = software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.builder()
                .message("Transaction cancelled")
                .cancellationReasons(CancellationReason.builder().code("ThrottlingError").message("Throughput exceeds the current capacity").build())
                .build();

        assertThat(transaction.canceled(sdk).getMessage()).isEqualTo("Transaction of 1 action on table WritesTable was canceled; "
                + "nothing was written. action 0 (create Order {PK=USER#C1, SK=ORDER#O2}): ThrottlingError: DynamoDB throttled the item's "
                + "partition; retry with backoff");
    }
}
