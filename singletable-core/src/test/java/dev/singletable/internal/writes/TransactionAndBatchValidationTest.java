package dev.singletable.internal.writes;

import dev.singletable.NullArgumentException;

import dev.singletable.Table;

import dev.singletable.Condition;
import dev.singletable.ItemKey;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.WriteTransaction;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.List;
import java.util.Set;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.internal.writes.WriteFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class TransactionAndBatchValidationTest {
    private final Table table = renderingTable();

    @Test
    void transaction_whenSeed004StockExample_rendersConditionalDecrementAndCreate() {
        TransactWriteItemsRequest request = table.transaction()
                .update(PRODUCT, sku("sku-123"), u -> u.subtract(STOCK, 1), Condition.ge(STOCK, 1))
                .create(Order.of("alice", "2025-001", "49.99"))
                .idempotencyToken("order-alice-2025-001")
                .toRequest();

        assertThat(request.clientRequestToken()).isEqualTo("order-alice-2025-001");
        assertThat(request.transactItems()).hasSize(2);
        var update = request.transactItems().get(0).update();
        assertThat(update.updateExpression()).isEqualTo("SET #stock = #stock - :v0, #updatedAt = :v1 ADD #version :v2");
        assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 "
                + "AND (attribute_not_exists(#stock) OR #stock >= :v4) AND #stock >= :v5");
        assertThat(update.expressionAttributeValues()).containsEntry(":v4", AttributeValue.fromN("-2147483647"))
                .containsEntry(":v5", AttributeValue.fromN("1"));
        assertThat(update.returnValuesOnConditionCheckFailureAsString()).isEqualTo("ALL_OLD");
        var put = request.transactItems().get(1).put();
        // an Order has the table's TTL attribute: an expired one at the key counts as absent and is overwritten
        assertThat(put.conditionExpression()).isEqualTo("(attribute_not_exists(#PK) OR #expiresAt <= :v0)");
        assertThat(put.expressionAttributeNames()).containsExactly(entry("#PK", "PK"), entry("#expiresAt", "expiresAt"));
        assertThat(put.expressionAttributeValues()).containsExactly(entry(":v0", AttributeValue.fromN("1747648800")));
        assertThat(put.item()).containsEntry("PK", AttributeValue.fromS("USER#alice")).containsEntry("SK", AttributeValue.fromS("ORDER#2025-001"));
    }

    @Test
    void transaction_whenTwoActionsTouchOneItem_isRefusedBeforeSending() {
        WriteTransaction transaction = table.transaction()
                .update(PRODUCT, sku("sku-1"), u -> u.subtract(STOCK, 1))
                .check(PRODUCT, sku("sku-1"), Condition.ge(STOCK, 1));

        assertThatThrownBy(transaction::execute).isInstanceOf(ValidationException.class)
                .hasMessage("Transaction actions 0 (update Product {PK=PRODUCT#sku-1, SK=METADATA}) and 1 (conditionCheck Product "
                        + "{PK=PRODUCT#sku-1, SK=METADATA}) are on the same item; DynamoDB allows one action per item in a transaction: combine them");
    }

    @Test
    void transaction_whenOver100Actions_isRefusedBeforeSending() {
        WriteTransaction transaction = table.transaction();
        for (int i = 0; i < 101; i++) {
            transaction.put(Order.of("C1", "O" + i, "1"));
        }
        assertThatThrownBy(transaction::execute).isInstanceOf(ValidationException.class)
                .hasMessage("Transaction on table WritesTable has 101 actions; DynamoDB takes at most 100 (the first is put Order "
                        + "{PK=USER#C1, SK=ORDER#O0}). Split it, or use a batch if the writes need not be atomic");
    }

    @Test
    void transaction_whenOver4MB_isRefusedBeforeSending() {
        WriteTransaction transaction = table.transaction();
        String big = "x".repeat(350_000);
        for (int i = 0; i < 13; i++) {
            int n = i;
            transaction.update(PRODUCT, sku("sku-" + n), u -> u.append(HISTORY, List.of(big)));
        }
        assertThatThrownBy(transaction::execute).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Transaction on table WritesTable is about ")
                .hasMessageEndingWith(" KB; DynamoDB takes at most 4 MB per transaction: split it");
    }

    @Test
    void transaction_whenEmpty_isRefused() {
        assertThatThrownBy(() -> table.transaction().execute()).isInstanceOf(ValidationException.class)
                .hasMessage("Transaction on table WritesTable has no actions; add at least one");
    }

    @Test
    void transaction_whenConditionCheckHasNoCondition_isRefused() {
        assertThatThrownBy(() -> table.transaction().check(PRODUCT, sku("a"), Condition.none())).isInstanceOf(ValidationException.class)
                .hasMessage("Condition check on Product {PK=PRODUCT#a, SK=METADATA} has no condition; give the condition the transaction depends on");
    }

    @Test
    void batchWrite_whenAKeyIsGivenTwice_isRefusedBeforeSending() {
        assertThatThrownBy(() -> table.batchWrite().put(Order.of("C1", "O1", "1"))
                .delete(ItemKey.of(ORDER, order("C1", "O1"))).execute())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Batch write has two requests for item {PK=USER#C1, SK=ORDER#O1} (put Order and delete Order); DynamoDB refuses "
                        + "a batch with the same key twice: keep one");
    }

    @Test
    void batchWrite_whenEntityIsVersioned_isRefused() {
        assertThatThrownBy(() -> table.batchWrite().put(Product.of("sku-1", 1)).execute())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Batch write of Product {PK=PRODUCT#sku-1, SK=METADATA}: the entity is versioned, and BatchWriteItem cannot "
                        + "check versions, so it could overwrite a newer version. Write versioned entities with put or a transaction");
    }

    @Test
    void batchWriteRestore_whenEntityIsVersioned_isRefusedSayingToRestoreItAloneOrReplacing() {
        assertThatThrownBy(() -> table.batchWrite().restore(Product.of("sku-1", 1)).execute())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Batch write of Product {PK=PRODUCT#sku-1, SK=METADATA}: the entity is versioned, and BatchWriteItem cannot "
                        + "check versions, so it could overwrite a newer version. Restore versioned entities one at a time, keeping "
                        + "the version they give: with restore where no item has the key (it refuses a stored one), with "
                        + "restoreReplacing where one may be stored (it overwrites whatever version is stored there, the risk this "
                        + "batch refuses)");
    }

    @Test
    void batchGet_whenAKeyIsGivenTwice_isRefused() {
        assertThatThrownBy(() -> table.batchGet(List.of(ItemKey.of(ORDER, order("C1", "O1")), ItemKey.of(ORDER, order("C1", "O1")))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("batchGet asks for key {PK=USER#C1, SK=ORDER#O1} twice (Order{customerId=C1, orderId=O1} and "
                        + "Order{customerId=C1, orderId=O1}); DynamoDB refuses duplicate keys in one request: ask once");
    }

    @Test
    void update_whenAttributeIsChangedTwice_isRefused() {
        assertThatThrownBy(() -> Update.of(PRODUCT).add(STOCK, 1).subtract(STOCK, 2)).isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product changes stock twice (ADD_NUMBER and SUBTRACT_NUMBER); DynamoDB allows one action per attribute in an "
                        + "update: combine them");
    }

    @Test
    void update_whenRemovingRequiredAttribute_isRefused() {
        assertThatThrownBy(() -> Update.of(PRODUCT).remove(STOCK)).isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product cannot remove stock: it is required (declared with Attribute.required); set another value, "
                        + "or declare it with Attribute.of(...) to allow it to be absent");
    }

    @Test
    void update_whenSettingEmptySet_isRefusedPointingToRemove() {
        assertThatThrownBy(() -> Update.of(PRODUCT).set(TAGS, Set.of())).isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product: set(tags, []): Set<String> stores this value as no attribute at all (DynamoDB refuses empty sets); "
                        + "use remove(tags)");
    }

    @Test
    void update_whenSettingNull_isRefusedPointingToRemove() {
        assertThatThrownBy(() -> Update.of(PRODUCT).set(CATEGORY, null)).isInstanceOf(NullArgumentException.class)
                .hasMessage("Update.set(value): value is null; null is not a value of Product.category: use remove(category) to delete the "
                        + "attribute");
    }
}
