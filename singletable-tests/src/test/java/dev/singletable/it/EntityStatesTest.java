package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.extension.RequestEvent;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.fixtures.RecordingClient;
import dev.singletable.it.PatternsModel.Listing;
import dev.singletable.it.PatternsModel.Product;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.StoredItems.item;
import static dev.singletable.it.PatternsModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Seed 001's conditional keys (active and archived products) as entity states, on the embedded engine, sync and async. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class EntityStatesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SEED_001);

    private static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    private final List<DynamoDbRequest> sent = new CopyOnWriteArrayList<>();
    private final List<String> operations = new CopyOnWriteArrayList<>();
    private Table table;
    private AsyncTable async;

    @BeforeEach
    void tables() {
        StoredItems.deleteAll(db);
        table = Table.builder(db.table().schema(), RecordingClient.recording(db.client(), sent))
                .clock(Clock.fixed(NOW, ZoneOffset.UTC)).listener((RequestEvent e) -> operations.add(e.operation())).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient())
                .listener((RequestEvent e) -> operations.add(e.operation())).build();
    }

    private static List<Map<String, String>> items() {
        return StoredItems.of(db);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("PK", s(pk), "SK", s("METADATA"));
    }

    @Test
    void create_whenActive_writesAtTheActiveKeyAndRequiresTheArchivedKeyFreeInOneTransaction() {
        Product lamp = table.create(new Product("p1", "Lamp", false, null, null));

        assertThat(lamp).isEqualTo(new Product("p1", "Lamp", false, null, 1L));
        assertThat(operations).containsExactly("TransactWriteItems");
        Map<String, AttributeValue> stored = Map.of("productId", s("p1"), "name", s("Lamp"), "archived", AttributeValue.fromBool(false),
                "version", AttributeValue.fromN("1"), "entityType", s("ActiveProduct"), "PK", s("ACTIVE_PRODUCT#p1"), "SK", s("METADATA"));
        assertThat(((TransactWriteItemsRequest) sent.get(0)).toBuilder().clientRequestToken(null).build())
                .isEqualTo(TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().put(Put.builder().tableName(db.tableName()).item(stored)
                                .conditionExpression("attribute_not_exists(#PK)").expressionAttributeNames(Map.of("#PK", "PK"))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build(),
                        TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(db.tableName())
                                .key(key("ARCHIVED_PRODUCT#p1")).conditionExpression("attribute_not_exists(#PK)")
                                .expressionAttributeNames(Map.of("#PK", "PK"))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build())
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
        assertThat(items()).containsExactly(item("PK", "ACTIVE_PRODUCT#p1", "SK", "METADATA", "entityType", "ActiveProduct",
                "productId", "p1", "name", "Lamp", "archived", "false", "version", "1"));
    }

    /** Issue 35: the check of the other state's key was labelled with the state being created. */
    @Test
    void create_whenTheItemIsInTheOtherState_isCanceledByTheCheckLabelledWithThatState() {
        table.create(new Product("p7", "Lamp", true, NOW, null));

        assertThatThrownBy(() -> table.create(new Product("p7", "Lamp", false, null, null)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> assertThat(e.reasons())
                        .extracting(TransactionCanceledException.Reason::entityType, TransactionCanceledException.Reason::operation,
                                TransactionCanceledException.Reason::code)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple("ActiveProduct", "create", "None"),
                                org.assertj.core.groups.Tuple.tuple("ArchivedProduct", "conditionCheck", "ConditionalCheckFailed")));
        assertThat(items()).extracting(i -> i.get("PK") + " " + i.get("entityType")).containsExactly("ARCHIVED_PRODUCT#p7 ArchivedProduct");
    }

    @Test
    void update_whenArchiving_movesTheItemToTheArchivedKeyInOneVersionCheckedTransaction() {
        Product lamp = table.create(new Product("p1", "Lamp", false, null, null));
        operations.clear();
        sent.clear();

        Product archived = table.update(lamp, u -> u.set(ARCHIVED, true).set(ARCHIVED_AT, NOW));

        assertThat(archived).isEqualTo(new Product("p1", "Lamp", true, NOW, 2L));
        assertThat(operations).containsExactly("TransactWriteItems");
        Map<String, AttributeValue> stored = Map.of("productId", s("p1"), "name", s("Lamp"), "archived", AttributeValue.fromBool(true),
                "archivedAt", s("2025-05-19T10:00:00Z"), "version", AttributeValue.fromN("2"), "entityType", s("ArchivedProduct"),
                "PK", s("ARCHIVED_PRODUCT#p1"), "SK", s("METADATA"));
        assertThat(((TransactWriteItemsRequest) sent.get(0)).toBuilder().clientRequestToken(null).build())
                .isEqualTo(TransactWriteItemsRequest.builder().transactItems(
                        TransactWriteItem.builder().delete(Delete.builder().tableName(db.tableName()).key(key("ACTIVE_PRODUCT#p1"))
                                .conditionExpression("attribute_exists(#PK) AND #version = :v0")
                                .expressionAttributeNames(Map.of("#PK", "PK", "#version", "version"))
                                .expressionAttributeValues(Map.of(":v0", AttributeValue.fromN("1")))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build(),
                        TransactWriteItem.builder().put(Put.builder().tableName(db.tableName()).item(stored)
                                .conditionExpression("attribute_not_exists(#PK)").expressionAttributeNames(Map.of("#PK", "PK"))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build())
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
        assertThat(items()).containsExactly(item("PK", "ARCHIVED_PRODUCT#p1", "SK", "METADATA", "entityType", "ArchivedProduct",
                "productId", "p1", "name", "Lamp", "archived", "true", "archivedAt", "2025-05-19T10:00:00Z", "version", "2"));

        KeyValues p1 = KeyValues.of(PRODUCT_ID, "p1");
        assertThat(table.get(PRODUCT.state(true), p1, ReadConsistency.STRONG)).contains(archived);
        assertThat(table.get(PRODUCT.state(false), p1, ReadConsistency.STRONG)).isEmpty();
        assertThat(table.query(PRODUCT.state(true)).partition(p1).list()).containsExactly(archived);
        assertThat(table.query(PRODUCT.state(false)).partition(p1).list()).isEmpty();

        Product restored = table.update(archived, u -> u.set(ARCHIVED, false).remove(ARCHIVED_AT));
        assertThat(restored).isEqualTo(new Product("p1", "Lamp", false, null, 3L));
        assertThat(items()).extracting(i -> i.get("PK") + " v" + i.get("version")).containsExactly("ACTIVE_PRODUCT#p1 v3");
    }

    @Test
    void update_whenAConcurrentWriterStillHoldsTheActiveItem_itLosesWithATypedErrorAndOneCopyStays() {
        Product lamp = table.create(new Product("p1", "Lamp", false, null, null));
        Product seenByOther = table.get(PRODUCT.state(false), KeyValues.of(PRODUCT_ID, "p1"), ReadConsistency.STRONG).orElseThrow();

        Product archived = table.update(lamp, u -> u.set(ARCHIVED, true).set(ARCHIVED_AT, NOW));

        assertThatThrownBy(() -> table.update(seenByOther, u -> u.set(ARCHIVED, true).set(ARCHIVED_AT, NOW.plusSeconds(1))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.reasons()).extracting(TransactionCanceledException.Reason::code)
                            .containsExactly("ConditionalCheckFailed", "ConditionalCheckFailed");
                    assertThat(e.failures().get(0).operation()).isEqualTo("delete");
                    assertThat(e.failures().get(0).key()).isEqualTo(Map.of("PK", "ACTIVE_PRODUCT#p1", "SK", "METADATA"));
                });
        assertThatThrownBy(() -> table.update(seenByOther, u -> u.set(NAME, "Desk lamp")))
                .isInstanceOf(SingleTableException.class);
        assertThatThrownBy(() -> table.put(seenByOther.archive(NOW))).isInstanceOf(SingleTableException.class);
        assertThat(items()).extracting(i -> i.get("PK") + " " + i.get("name") + " v" + i.get("version"))
                .containsExactly("ARCHIVED_PRODUCT#p1 Lamp v2");
        assertThat(table.get(PRODUCT.state(true), KeyValues.of(PRODUCT_ID, "p1"), ReadConsistency.STRONG)).contains(archived);
    }

    @Test
    void update_whenTheOtherWriterMovedFirst_theStaleMoveIsAVersionConflictOrCancellation() {
        Product lamp = table.create(new Product("p2", "Chair", false, null, null));
        Product renamed = table.update(lamp, u -> u.set(NAME, "Arm chair"));   // same state: one UpdateItem

        assertThat(renamed).isEqualTo(new Product("p2", "Arm chair", false, null, 2L));
        assertThatThrownBy(() -> table.update(lamp, u -> u.set(NAME, "Stool"))).isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> table.update(lamp, u -> u.set(ARCHIVED, true).set(ARCHIVED_AT, NOW)))
                .isInstanceOf(TransactionCanceledException.class);
        assertThat(items()).extracting(i -> i.get("PK") + " " + i.get("name") + " v" + i.get("version"))
                .containsExactly("ACTIVE_PRODUCT#p2 Arm chair v2");
    }

    @Test
    void put_whenTheStoredVersionMatchesInTheSameState_writesItAndDeletesTheOtherStatesKeyInOneTransaction() {
        Product lamp = table.create(new Product("p3", "Lamp", false, null, null));
        operations.clear();
        sent.clear();

        Product renamed = table.put(new Product("p3", "Floor lamp", false, null, lamp.version()));

        assertThat(renamed).isEqualTo(new Product("p3", "Floor lamp", false, null, 2L));
        assertThat(operations).containsExactly("TransactWriteItems");
        assertThat(((TransactWriteItemsRequest) sent.get(0)).transactItems()).extracting(i -> i.put() != null ? "Put "
                + i.put().item().get("PK").s() + " if " + i.put().conditionExpression() : "Delete " + i.delete().key().get("PK").s()
                + " if " + i.delete().conditionExpression()).containsExactly("Put ACTIVE_PRODUCT#p3 if #version = :v0",
                "Delete ARCHIVED_PRODUCT#p3 if null");
        assertThat(items()).extracting(i -> i.get("PK") + " " + i.get("name") + " v" + i.get("version"))
                .containsExactly("ACTIVE_PRODUCT#p3 Floor lamp v2");
    }

    @Test
    void update_byKeyChangingTheState_isRefusedBeforeSendingWithTheWayOut() {
        assertThatThrownBy(() -> table.update(PRODUCT.state(false), KeyValues.of(PRODUCT_ID, "p1"), u -> u.set(ARCHIVED, true)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("update of ActiveProduct {productId=p1} changes 'archived', which picks the entity's key (states [false, "
                        + "true]), so the item moves to another key; read the entity and update it with table.update(current, changes), "
                        + "which moves it in one transaction");
        assertThat(operations).isEmpty();
    }

    @Test
    void statesSharingThePrimaryKey_changeByOneVersionCheckedPutAndAreQueriedByStateOnTheIndex() {
        Listing lamp = table.create(new Listing("l1", "Lamp", false, null, null));
        table.create(new Listing("l2", "Desk", false, null, null));
        operations.clear();

        Listing archived = table.update(lamp, u -> u.set(L_ARCHIVED, true).set(L_ARCHIVED_AT, NOW));

        assertThat(operations).containsExactly("PutItem");
        assertThat(archived).isEqualTo(new Listing("l1", "Lamp", true, NOW, 2L));
        assertThat(items()).containsExactly(
                item("PK", "PRODUCT#l1", "SK", "METADATA", "entityType", "ArchivedListing", "listingId", "l1", "name", "Lamp",
                        "archived", "true", "archivedAt", "2025-05-19T10:00:00Z", "version", "2", "GSI1PK", "ARCHIVED_PRODUCT",
                        "GSI1SK", "2025-05-19T10:00:00.000000000Z"),
                item("PK", "PRODUCT#l2", "SK", "METADATA", "entityType", "ActiveListing", "listingId", "l2", "name", "Desk",
                        "archived", "false", "version", "1", "GSI1PK", "ACTIVE_PRODUCT", "GSI1SK", "Desk"));
        assertThat(table.query(LISTING.state(false)).index("GSI1").partition(KeyValues.none()).list())
                .containsExactly(new Listing("l2", "Desk", false, null, 1L));
        assertThat(table.query(LISTING.state(true)).index("GSI1").partition(KeyValues.none()).list()).containsExactly(archived);
        assertThatThrownBy(() -> table.update(lamp, u -> u.set(L_ARCHIVED, true).set(L_ARCHIVED_AT, NOW)))
                .isInstanceOf(VersionConflictException.class);
        // a stale writer of the active state that does not move it: the version it read is gone too (issue 35: this was a
        // ConditionFailedException saying "check the key values")
        assertThatThrownBy(() -> table.update(lamp, u -> u.set(L_NAME, "Stool")))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> assertThat(e.getMessage())
                        .contains("it was based on version 1 of ActiveListing, but the item was changed to ArchivedListing at version 2 since"));
        assertThat(table.get(LISTING.state(true), KeyValues.of(L_ID, "l1"))).contains(archived);
    }

    @Test
    void asyncTable_whenCreatingAndArchiving_movesTheItemAsTheSyncTableDoes() {
        Product lamp = async.create(new Product("a1", "Lamp", false, null, null)).join();
        Product archived = async.update(lamp, u -> u.set(ARCHIVED, true).set(ARCHIVED_AT, NOW)).join();

        assertThat(archived).isEqualTo(new Product("a1", "Lamp", true, NOW, 2L));
        assertThat(operations).containsExactly("TransactWriteItems", "TransactWriteItems");
        assertThat(async.get(PRODUCT.state(true), KeyValues.of(PRODUCT_ID, "a1"), ReadConsistency.STRONG).join()).contains(archived);
        assertThat(items()).extracting(i -> i.get("PK") + " v" + i.get("version")).containsExactly("ARCHIVED_PRODUCT#a1 v2");
        assertThat(async.update(lamp, u -> u.set(ARCHIVED, true).set(ARCHIVED_AT, NOW))).failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableThat().havingCause().isInstanceOf(TransactionCanceledException.class);
        assertThat(async.create(new Product("a1", "Lamp", false, null, null))).failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableThat().havingCause().isInstanceOf(TransactionCanceledException.class);
        assertThat(items()).hasSize(1);
    }
}
