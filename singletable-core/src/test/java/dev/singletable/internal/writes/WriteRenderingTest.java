package dev.singletable.internal.writes;

import dev.singletable.StoredValuesNeededException;
import dev.singletable.Table;

import dev.singletable.Condition;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.internal.writes.WriteFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class WriteRenderingTest {
    private final Table table = renderingTable();
    private final WritePlans writer = plans();

    static AttributeValue s(String s) {
        return AttributeValue.fromS(s);
    }

    static AttributeValue n(String n) {
        return AttributeValue.fromN(n);
    }

    private UpdateItemRequest update(UnaryOperator<Update<Product>> changes, Condition condition) {
        return ready(writer.update(PRODUCT, sku("sku-1"), changes.apply(Update.of(PRODUCT)), condition, EntityWrites.UpdateMode.UPDATE))
                .request(writer.table(), ReturnValue.ALL_NEW);
    }

    private static UpdateAction ready(UpdatePlan plan) {
        assertThat(plan).isInstanceOf(UpdatePlan.Ready.class);
        return ((UpdatePlan.Ready) plan).action();
    }

    private static Product stored(int version) {
        return new Product("sku-1", "Headphones", "audio", 10, Status.ACTIVE, Set.of(), List.of(), null, 0, (long) version,
                NOW.minusSeconds(3600), NOW.minusSeconds(60));
    }

    // ------------------------------------------------------------------ updates

    @Test
    void update_whenSubtractingWithCondition_rendersSeed004Shape() {
        UpdateItemRequest request = update(u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2));

        assertThat(request.tableName()).isEqualTo("WritesTable");
        assertThat(request.key()).containsExactly(entry("PK", s("PRODUCT#sku-1")), entry("SK", s("METADATA")));
        assertThat(request.updateExpression()).isEqualTo("SET #stock = #stock - :v0, #updatedAt = :v1 ADD #version :v2");
        // stock is an Integer: the stored number must stay at or above Integer.MIN_VALUE + 2
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 "
                + "AND (attribute_not_exists(#stock) OR #stock >= :v4) AND #stock >= :v5");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#stock", "stock"), entry("#updatedAt", "updatedAt"),
                entry("#version", "version"), entry("#PK", "PK"), entry("#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("2")), entry(":v1", s("2025-05-19T10:00:00Z")),
                entry(":v2", n("1")), entry(":v3", s("Product")), entry(":v4", n("-2147483646")), entry(":v5", n("2")));
        assertThat(request.returnValues()).isEqualTo(ReturnValue.ALL_NEW);
        assertThat(request.returnValuesOnConditionCheckFailure()).isEqualTo(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }

    @Test
    void update_whenSettingAddingAppendingAndAddingToSet_rendersSetThenAdd() {
        UpdateItemRequest request = update(u -> u.set(STATUS, Status.RETIRED).add(COUNT, 5L).append(HISTORY, List.of("a"))
                .addToSet(TAGS, Set.of("new")), Condition.none());

        assertThat(request.updateExpression()).isEqualTo("SET #status = :v0, #history = list_append(if_not_exists(#history, :v2), :v3), "
                + "#updatedAt = :v5 ADD #count :v1, #tags :v4, #version :v6");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v7 "
                + "AND (attribute_not_exists(#count) OR #count <= :v8)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#status", "status"), entry("#count", "count"),
                entry("#history", "history"), entry("#tags", "tags"), entry("#updatedAt", "updatedAt"), entry("#version", "version"),
                entry("#PK", "PK"), entry("#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("RETIRED")), entry(":v1", n("5")),
                entry(":v2", AttributeValue.fromL(List.of())), entry(":v3", AttributeValue.fromL(List.of(s("a")))),
                entry(":v4", AttributeValue.fromSs(List.of("new"))), entry(":v5", s("2025-05-19T10:00:00Z")), entry(":v6", n("1")),
                entry(":v7", s("Product")), entry(":v8", n("9223372036854775802")));
    }

    @Test
    void update_whenAddingToAnIntegerAttribute_conditionKeepsTheResultWithinInteger() {
        UpdateItemRequest request = update(u -> u.add(STOCK, 1), Condition.eq(STATUS, Status.ACTIVE));

        assertThat(request.updateExpression()).isEqualTo("SET #updatedAt = :v1 ADD #stock :v0, #version :v2");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 "
                + "AND (attribute_not_exists(#stock) OR #stock <= :v4) AND #status = :v5");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#stock", "stock"), entry("#updatedAt", "updatedAt"),
                entry("#version", "version"), entry("#PK", "PK"), entry("#entityType", "entityType"), entry("#status", "status"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("1")), entry(":v1", s("2025-05-19T10:00:00Z")),
                entry(":v2", n("1")), entry(":v3", s("Product")), entry(":v4", n("2147483646")), entry(":v5", s("ACTIVE")));
    }

    @Test
    void update_whenAddingANegativeAmountToALong_conditionKeepsTheResultAboveLongMinimum() {
        UpdateItemRequest request = update(u -> u.add(COUNT, -5L), Condition.none());

        assertThat(request.updateExpression()).isEqualTo("SET #updatedAt = :v1 ADD #count :v0, #version :v2");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 "
                + "AND (attribute_not_exists(#count) OR #count >= :v4)");
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("-5")), entry(":v1", s("2025-05-19T10:00:00Z")),
                entry(":v2", n("1")), entry(":v3", s("Product")), entry(":v4", n("-9223372036854775803")));
    }

    @Test
    void update_whenAddingZero_hasNoRangeCondition() {
        UpdateItemRequest request = update(u -> u.add(STOCK, 0), Condition.none());

        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3");
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("0")), entry(":v1", s("2025-05-19T10:00:00Z")),
                entry(":v2", n("1")), entry(":v3", s("Product")));
    }

    @Test
    void update_whenPrependingDeletingFromSetSettingIfAbsentAndFromAttribute_rendersEachFunction() {
        UpdateItemRequest request = update(u -> u.prepend(HISTORY, List.of("z")).deleteFromSet(TAGS, Set.of("old"))
                .setIfAbsent(STATUS, Status.ACTIVE).setFrom(RESERVED, RESERVED.equals(RESERVED) ? reservedSource() : null), Condition.none());

        assertThat(request.updateExpression()).isEqualTo("SET #history = list_append(:v0, if_not_exists(#history, :v1)), "
                + "#status = if_not_exists(#status, :v3), #reserved = #stock, #updatedAt = :v4 ADD #version :v5 DELETE #tags :v2");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#history", "history"), entry("#tags", "tags"),
                entry("#status", "status"), entry("#reserved", "reserved"), entry("#stock", "stock"), entry("#updatedAt", "updatedAt"),
                entry("#version", "version"), entry("#PK", "PK"), entry("#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", AttributeValue.fromL(List.of(s("z")))),
                entry(":v1", AttributeValue.fromL(List.of())), entry(":v2", AttributeValue.fromSs(List.of("old"))),
                entry(":v3", s("ACTIVE")), entry(":v4", s("2025-05-19T10:00:00Z")), entry(":v5", n("1")), entry(":v6", s("Product")));
    }

    private static dev.singletable.Attribute<Product, Integer> reservedSource() {
        return STOCK;
    }

    @Test
    void update_whenAttributeNamesAreReservedWords_sendsThemOnlyAsPlaceholders() {
        UpdateItemRequest request = update(u -> u.set(STATUS, Status.RETIRED).add(COUNT, 1L), Condition.eq(STATUS, Status.ACTIVE));

        assertThat(request.updateExpression()).doesNotContain(" status", " count").startsWith("SET #status = :v0");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v4 "
                + "AND (attribute_not_exists(#count) OR #count <= :v5) AND #status = :v6");
    }

    @Test
    void update_whenSparseIndexSlotIsRemoved_removesTheIndexKeys() {
        UpdateItemRequest request = update(u -> u.remove(CATEGORY), Condition.none());

        assertThat(request.updateExpression()).isEqualTo("SET #updatedAt = :v0 REMOVE #category, #GSI1PK, #GSI1SK ADD #version :v1");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#category", "category"), entry("#updatedAt", "updatedAt"),
                entry("#version", "version"), entry("#GSI1PK", "GSI1PK"), entry("#GSI1SK", "GSI1SK"), entry("#PK", "PK"),
                entry("#entityType", "entityType"));
    }

    @Test
    void update_whenEveryIndexSlotIsSet_rewritesTheIndexKeys() {
        UpdateItemRequest request = update(u -> u.set(CATEGORY, "video").set(NAME, "Cam #1"), Condition.none());

        assertThat(request.updateExpression()).isEqualTo(
                "SET #category = :v0, #name = :v1, #updatedAt = :v2, #GSI1PK = :v4, #GSI1SK = :v5 ADD #version :v3");
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("video")), entry(":v1", s("Cam #1")),
                entry(":v2", s("2025-05-19T10:00:00Z")), entry(":v3", n("1")), entry(":v4", s("CATEGORY#video")),
                entry(":v5", s("NAME#Cam \\#1")), entry(":v6", s("Product")));
    }

    @Test
    void update_whenIndexSlotChangesWithoutTheOtherSlot_failsNamingIndexAndAttribute() {
        assertThatThrownBy(() -> update(u -> u.set(CATEGORY, "video"), Condition.none()))
                .isInstanceOf(StoredValuesNeededException.class)
                .hasMessage("update of Product {PK=PRODUCT#sku-1, SK=METADATA} changes 'category', which index GSI1's key "
                        + "('CATEGORY#{category}' / 'NAME#{name}') is built from, but gives no value for 'name', which that key also needs. "
                        + "Set 'name' in the same update, update from the current entity (table.update(current, ...)), "
                        + "or call readingStoredValuesForIndexKeys() to read the item first");
    }

    @Test
    void update_whenIndexSlotChangesToAValueOnlyDynamoDbKnows_fails() {
        assertThatThrownBy(() -> update(u -> u.setIfAbsent(NAME, "x").set(CATEGORY, "c"), Condition.none()))
                .isExactlyInstanceOf(ValidationException.class) // reading the item first cannot help
                .hasMessage("update of Product {PK=PRODUCT#sku-1, SK=METADATA}: index GSI1's key is built from 'name', which "
                        + "setIfAbsent(...) changes to a value only DynamoDB knows, so the index key cannot be rewritten; "
                        + "set 'name' to a value with set(...) instead");
    }

    @Test
    void update_whenPrimaryKeyAttributeChanges_failsPointingToMove() {
        assertThatThrownBy(() -> update(u -> u.set(SKU, "sku-2"), Condition.none()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product {PK=PRODUCT#sku-1, SK=METADATA} changes 'sku', which the primary key ('PRODUCT#{sku}' / "
                        + "'METADATA') is built from: an item cannot change its key in place. Move it instead: table.move(PRODUCT, "
                        + "oldKey, newEntity) deletes the old item and creates the new one in one transaction");
    }

    @Test
    void update_whenVersionAttributeChanges_fails() {
        assertThatThrownBy(() -> update(u -> u.set(VERSION, 7L), Condition.none()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product {PK=PRODUCT#sku-1, SK=METADATA} changes 'version' (SET), which singletable maintains "
                        + "on every write (version or timestamp); leave it out");
    }

    @Test
    void update_whenEmpty_fails() {
        assertThatThrownBy(() -> update(u -> u, Condition.none()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("update of Product {PK=PRODUCT#sku-1, SK=METADATA} changes nothing; give at least one change (set, remove, add...)");
    }

    @Test
    void update_whenFromCurrentEntity_checksVersionAndPinsTheSlotsItReused() {
        UpdateItemRequest request = writer.update(stored(3), u -> u.set(CATEGORY, "video"), Condition.none())
                .request(writer.table(), ReturnValue.ALL_NEW);

        assertThat(request.updateExpression()).isEqualTo("SET #category = :v0, #updatedAt = :v1, #GSI1PK = :v3, #GSI1SK = :v4 "
                + "ADD #version :v2");
        assertThat(request.conditionExpression()).isEqualTo(
                "attribute_exists(#PK) AND #entityType = :v5 AND #version = :v6 AND #name = :v7");
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("video")), entry(":v1", s("2025-05-19T10:00:00Z")),
                entry(":v2", n("1")), entry(":v3", s("CATEGORY#video")), entry(":v4", s("NAME#Headphones")), entry(":v5", s("Product")),
                entry(":v6", n("3")), entry(":v7", s("Headphones")));
    }

    @Test
    void upsert_whenItemMayBeMissing_setsTypeKeySlotsAndCreatedAtIfAbsent() {
        UpdateItemRequest request = ready(writer.update(ORDER, order("C1", "O1"), Update.of(ORDER).set(TOTAL, new BigDecimal("9.99")), Condition.none(),
                EntityWrites.UpdateMode.UPSERT)).request(writer.table(), ReturnValue.ALL_NEW);

        assertThat(request.key()).containsExactly(entry("PK", s("USER#C1")), entry("SK", s("ORDER#O1")));
        assertThat(request.updateExpression()).isEqualTo("SET #entityType = :v0, #customerId = :v1, #orderId = :v2, #total = :v3, "
                + "#createdAt = if_not_exists(#createdAt, :v4)");
        // Order has the table's TTL attribute: an expired item refuses the upsert, which Writes clears and sends again
        assertThat(request.conditionExpression()).isEqualTo("(attribute_not_exists(#PK) OR #entityType = :v5) "
                + "AND (attribute_not_exists(#expiresAt) OR #expiresAt > :v6)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#entityType", "entityType"), entry("#customerId", "customerId"),
                entry("#orderId", "orderId"), entry("#total", "total"), entry("#createdAt", "createdAt"), entry("#PK", "PK"),
                entry("#expiresAt", "expiresAt"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("Order")), entry(":v1", s("C1")),
                entry(":v2", s("O1")), entry(":v3", n("9.99")), entry(":v4", s("2025-05-19T10:00:00Z")), entry(":v5", s("Order")),
                entry(":v6", n("1747648800")));
    }

    // ------------------------------------------------------------------ puts and deletes

    @Test
    void create_whenVersioned_startsAtVersionOneWithTimestampsAndRequiresAbsence() {
        PutAction plan = writer.put(Product.of("sku-1", 10), EntityWrites.PutMode.CREATE, Condition.none());
        PutItemRequest request = plan.request(writer.table());

        assertThat(request.conditionExpression()).isEqualTo("attribute_not_exists(#PK)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#PK", "PK"));
        assertThat(request.hasExpressionAttributeValues()).isFalse();
        assertThat(request.item()).contains(entry("version", n("1")), entry("createdAt", s("2025-05-19T10:00:00Z")),
                entry("updatedAt", s("2025-05-19T10:00:00Z")), entry("GSI1PK", s("CATEGORY#audio")), entry("GSI1SK", s("NAME#Headphones")),
                entry("entityType", s("Product")), entry("PK", s("PRODUCT#sku-1")), entry("SK", s("METADATA")));
        assertThat(((Product) plan.written()).version()).isEqualTo(1L);
    }

    @Test
    void put_whenVersionedEntityWasRead_checksItsVersionAndWritesTheNext() {
        PutAction plan = writer.put(stored(3), EntityWrites.PutMode.PUT, Condition.ne(STATUS, Status.RETIRED));
        PutItemRequest request = plan.request(writer.table());

        assertThat(request.conditionExpression()).isEqualTo("#version = :v0 AND #status <> :v1");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#version", "version"), entry("#status", "status"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("3")), entry(":v1", s("RETIRED")));
        assertThat(request.item()).contains(entry("version", n("4")), entry("createdAt", s("2025-05-19T09:00:00Z")),
                entry("updatedAt", s("2025-05-19T10:00:00Z")));
    }

    @Test
    void explainRestoreReplacing_whenVersioned_rendersOnePutWithoutConditionKeepingTimestampsAndVersion() {
        Product exported = new Product("sku-9", "Lamp", "home", 2, Status.ACTIVE, Set.of(), List.of(), null, 0, 7L,
                java.time.Instant.parse("2020-01-01T00:00:00Z"), java.time.Instant.parse("2021-06-01T00:00:00Z"));

        dev.singletable.Explanation explained = table.explainRestoreReplacing(exported);

        assertThat(explained.operation()).isEqualTo("PutItem");
        assertThat(explained.request()).isEqualTo(PutItemRequest.builder().tableName("WritesTable").item(java.util.Map.ofEntries(
                entry("PK", s("PRODUCT#sku-9")), entry("SK", s("METADATA")), entry("GSI1PK", s("CATEGORY#home")),
                entry("GSI1SK", s("NAME#Lamp")), entry("entityType", s("Product")), entry("sku", s("sku-9")), entry("name", s("Lamp")),
                entry("category", s("home")), entry("stock", n("2")), entry("status", s("ACTIVE")), entry("history", AttributeValue.fromL(List.of())), entry("reserved", n("0")),
                entry("version", n("7")), entry("createdAt", s("2020-01-01T00:00:00Z")), entry("updatedAt", s("2021-06-01T00:00:00Z"))))
                .build());
    }

    @Test
    void put_whenVersionedEntityIsNew_requiresAbsence() {
        PutItemRequest request = writer.put(Product.of("sku-1", 1), EntityWrites.PutMode.PUT, Condition.none()).request(writer.table());

        assertThat(request.conditionExpression()).isEqualTo("attribute_not_exists(#PK)");
    }

    @Test
    void replace_whenConditionIsAnOr_parenthesizesIt() {
        PutItemRequest request = writer.put(Order.of("C1", "O1", "5"), EntityWrites.PutMode.REPLACE,
                Condition.eq(ORDER_STATUS, Status.PENDING).or(Condition.notExists(ORDER_STATUS))).request(writer.table());

        // an Order has the table's TTL attribute: the item replaced must not have expired, last
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND (#status = :v0 OR attribute_not_exists(#status)) "
                + "AND (attribute_not_exists(#expiresAt) OR #expiresAt > :v1)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#PK", "PK"), entry("#status", "status"),
                entry("#expiresAt", "expiresAt"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("PENDING")), entry(":v1", n("1747648800")));
    }

    @Test
    void put_whenUnversionedWithoutCondition_sendsNoCondition() {
        PutItemRequest request = writer.put(Order.of("C1", "O1", "5"), EntityWrites.PutMode.PUT, Condition.none()).request(writer.table());

        assertThat(request.conditionExpression()).isNull();
        assertThat(request.hasExpressionAttributeNames()).isFalse();
        assertThat(request.returnValuesOnConditionCheckFailure()).isNull();
        assertThat(request.item()).containsEntry("createdAt", s("2025-05-19T10:00:00Z"))
                .containsEntry("GSI1PK", s("STATUS#CONFIRMED")).containsEntry("GSI1SK", s("2025-05-19T10:00:00.000000000Z"));
    }

    @Test
    void delete_whenCurrentIsVersioned_requiresItAndItsVersion() {
        DeleteItemRequest request = writer.delete(stored(5), false).request(writer.table(), ReturnValue.ALL_OLD);

        assertThat(request.key()).containsExactly(entry("PK", s("PRODUCT#sku-1")), entry("SK", s("METADATA")));
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #version = :v0");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#PK", "PK"), entry("#version", "version"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("5")));
        assertThat(request.returnValues()).isEqualTo(ReturnValue.ALL_OLD);
    }

    @Test
    void delete_whenTheConditionIsALoneOrOnAnEntityWithTtl_parenthesizesItBeforeTheTtlPart() {
        DeleteItemRequest request = writer.delete(ORDER, order("C1", "O1"),
                Condition.eq(ORDER_STATUS, Status.PENDING).or(Condition.eq(ORDER_STATUS, Status.CONFIRMED))).request(writer.table(), ReturnValue.ALL_OLD);

        // unparenthesized, AND would bind tighter and an expired PENDING item would be deleted
        assertThat(request.conditionExpression()).isEqualTo(
                "(#status = :v0 OR #status = :v1) AND (attribute_not_exists(#expiresAt) OR #expiresAt > :v2)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#status", "status"), entry("#expiresAt", "expiresAt"));
        assertThat(request.expressionAttributeValues()).containsOnlyKeys(":v0", ":v1", ":v2");
        assertThat(request.expressionAttributeValues()).contains(entry(":v0", s("PENDING")), entry(":v1", s("CONFIRMED")));
    }

    @Test
    void delete_whenConditional_rendersTheCondition() {
        DeleteItemRequest request = writer.delete(ORDER, order("C1", "O1"), Condition.lt(TOTAL, BigDecimal.ONE))
                .request(writer.table(), ReturnValue.ALL_OLD);

        // Order has the table's TTL attribute: the condition is judged on a live item only
        assertThat(request.conditionExpression()).isEqualTo("#total < :v0 AND (attribute_not_exists(#expiresAt) OR #expiresAt > :v1)");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#total", "total"), entry("#expiresAt", "expiresAt"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", n("1")), entry(":v1", n("1747648800")));
    }
}
