package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.Explanation;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.VersionConflictException;
import dev.singletable.fixtures.RecordingClient;
import dev.singletable.it.PatternsModel.Product;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static dev.singletable.it.PatternsModel.PRODUCT;
import static dev.singletable.it.PatternsModel.PRODUCT_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code table.put} of an entity stored by its state (seed 001's active and archived products, and a ticket with
 * three states) on the embedded engine: a put of an entity read from the table with its state changed moves the item in
 * a second, version-checked transaction; a stale version, an item already in the new state and a writer taking the
 * new key in between all fail typed with one copy left; a versioned entity without a version is refused where the
 * item is stored in another state.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class EntityStatePutsTest {
    enum Stage { OPEN, PARKED, CLOSED }

    record Ticket(String ticketId, String title, Stage stage, Long version) {
        Ticket in(Stage next) {
            return new Ticket(ticketId, title, next, version);
        }
    }

    static final Attribute<Ticket, String> TICKET_ID = Attribute.required("ticketId", AttributeTypes.STRING, Ticket::ticketId);
    static final Attribute<Ticket, String> TITLE = Attribute.required("title", AttributeTypes.STRING, Ticket::title);
    static final Attribute<Ticket, Stage> STAGE = Attribute.required("stage", AttributeTypes.enumType(Stage.class), Ticket::stage);
    static final Attribute<Ticket, Long> T_VERSION = Attribute.of("version", AttributeTypes.LONG, Ticket::version);

    /** Three states, each under its own partition: a move must first find which of the two others holds the item. */
    static final EntityStates<Ticket> TICKET = EntityStates.byEnum(STAGE, Stage.class, () -> EntitySchema.builder(Ticket.class)
                    .attributes(TICKET_ID, TITLE, STAGE, T_VERSION).version(T_VERSION)
                    .factory(i -> new Ticket(i.get(TICKET_ID), i.get(TITLE), i.get(STAGE), i.get(T_VERSION))))
            .state(Stage.OPEN, "OpenTicket", b -> b.primaryKey("OPEN#{ticketId}", "TICKET"))
            .state(Stage.PARKED, "ParkedTicket", b -> b.primaryKey("PARKED#{ticketId}", "TICKET"))
            .state(Stage.CLOSED, "ClosedTicket", b -> b.primaryKey("CLOSED#{ticketId}", "TICKET"))
            .build();

    record Door(String doorId, boolean locked) {
    }

    static final Attribute<Door, String> DOOR_ID = Attribute.required("doorId", AttributeTypes.STRING, Door::doorId);
    static final Attribute<Door, Boolean> LOCKED = Attribute.required("locked", AttributeTypes.BOOLEAN, Door::locked);

    /** Unversioned: a replace that changes the state moves the item on the strength of its existence alone. */
    static final EntityStates<Door> DOOR = EntityStates.byFlag(LOCKED, () -> EntitySchema.builder(Door.class)
                    .attributes(DOOR_ID, LOCKED).factory(i -> new Door(i.get(DOOR_ID), i.get(LOCKED))))
            .state(false, "OpenDoor", b -> b.primaryKey("OPEN_DOOR#{doorId}", "DOOR"))
            .state(true, "LockedDoor", b -> b.primaryKey("LOCKED_DOOR#{doorId}", "DOOR"))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("StatePuts").states(PRODUCT).states(TICKET).states(DOOR).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    private final List<DynamoDbRequest> sent = new CopyOnWriteArrayList<>();
    /** Run once, by the client, right after the first canceled transaction: another writer acting between a put's two. */
    private final AtomicReference<Runnable> afterCanceled = new AtomicReference<>();
    private Table table;

    @BeforeEach
    void emptyTable() {
        StoredItems.deleteAll(db);
        table = Table.builder(db.table().schema(), client()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
    }

    /** The engine's client, recording each request and running {@link #afterCanceled} after a canceled transaction. */
    private DynamoDbClient client() {
        return RecordingClient.recording(DynamoDbClient.class, db.client(), sent, () -> {
            Runnable between = afterCanceled.getAndSet(null);
            if (between != null) {
                between.run();
            }
        });
    }

    /** The operations of the requests sent (a listener hears only those that succeed), in order. */
    private List<String> operations() {
        return sent.stream().map(request -> request.getClass().getSimpleName().replaceFirst("Request$", "")).toList();
    }

    private Product created(String id) {
        Product product = table.create(new Product(id, "Lamp", false, null, null));
        sent.clear();
        return product;
    }

    private static List<String> stored() {
        return StoredItems.of(db).stream().map(Map::toString).sorted().toList();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", s(pk), "SK", s(sk));
    }

    private static TransactWriteItemsRequest withoutToken(DynamoDbRequest request) {
        return ((TransactWriteItemsRequest) request).toBuilder().clientRequestToken(null).build();
    }

    private static TransactWriteItem put(Map<String, AttributeValue> item, String condition, Map<String, String> names,
                                         Map<String, AttributeValue> values) {
        return TransactWriteItem.builder().put(Put.builder().tableName(db.tableName()).item(item).conditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    private static TransactWriteItem delete(Map<String, AttributeValue> key, String condition, Map<String, String> names,
                                            Map<String, AttributeValue> values) {
        Delete.Builder delete = Delete.builder().tableName(db.tableName()).key(key);
        if (condition != null) {
            delete.conditionExpression(condition).expressionAttributeNames(names).expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
        }
        return TransactWriteItem.builder().delete(delete.build()).build();
    }

    private static Map<String, AttributeValue> archivedLamp(String id, String version) {
        return Map.of("productId", s(id), "name", s("Lamp"), "archived", AttributeValue.fromBool(true),
                "archivedAt", s("2025-05-19T10:00:00Z"), "version", AttributeValue.fromN(version), "entityType", s("ArchivedProduct"),
                "PK", s("ARCHIVED_PRODUCT#" + id), "SK", s("METADATA"));
    }

    @Test
    void put_whenAReadEntitysStateChanged_movesTheItemInASecondVersionCheckedTransaction() {
        Product lamp = created("p1");

        Product archived = table.put(lamp.archive(NOW));

        assertThat(archived).isEqualTo(new Product("p1", "Lamp", true, NOW, 2L));
        assertThat(operations()).containsExactly("TransactWriteItems", "TransactWriteItems");
        Map<String, String> pkAndVersion = Map.of("#PK", "PK", "#version", "version");
        Map<String, AttributeValue> one = Map.of(":v0", AttributeValue.fromN("1"));
        assertThat(withoutToken(sent.get(0))).isEqualTo(TransactWriteItemsRequest.builder().transactItems(
                        put(archivedLamp("p1", "2"), "#version = :v0", Map.of("#version", "version"), one),
                        delete(key("ACTIVE_PRODUCT#p1", "METADATA"), null, null, null)).build());
        assertThat(withoutToken(sent.get(1))).isEqualTo(TransactWriteItemsRequest.builder().transactItems(
                        delete(key("ACTIVE_PRODUCT#p1", "METADATA"), "attribute_exists(#PK) AND #version = :v0", pkAndVersion, one),
                        put(archivedLamp("p1", "2"), "attribute_not_exists(#PK)", Map.of("#PK", "PK"), null)).build());
        assertThat(stored()).containsExactly("{PK=ARCHIVED_PRODUCT#p1, SK=METADATA, archived=true, archivedAt=2025-05-19T10:00:00Z, "
                + "entityType=ArchivedProduct, name=Lamp, productId=p1, version=2}");
        assertThat(table.get(PRODUCT.state(true), KeyValues.of(PRODUCT_ID, "p1"), ReadConsistency.STRONG)).contains(archived);
    }

    @Test
    void replace_whenAnUnversionedEntitysStateChanged_movesTheItemInASecondTransactionRequiringTheOldOne() {
        table.create(new Door("d1", false));
        sent.clear();

        Door locked = table.replace(new Door("d1", true));

        assertThat(locked).isEqualTo(new Door("d1", true));
        assertThat(operations()).containsExactly("TransactWriteItems", "TransactWriteItems");
        Map<String, AttributeValue> lockedItem = Map.of("doorId", s("d1"), "locked", AttributeValue.fromBool(true),
                "entityType", s("LockedDoor"), "PK", s("LOCKED_DOOR#d1"), "SK", s("DOOR"));
        assertThat(withoutToken(sent.get(1))).isEqualTo(TransactWriteItemsRequest.builder().transactItems(
                        delete(key("OPEN_DOOR#d1", "DOOR"), "attribute_exists(#PK)", Map.of("#PK", "PK"), null),
                        put(lockedItem, "attribute_not_exists(#PK)", Map.of("#PK", "PK"), null)).build());
        assertThat(stored()).containsExactly("{PK=LOCKED_DOOR#d1, SK=DOOR, doorId=d1, entityType=LockedDoor, locked=true}");
    }

    @Test
    void replace_whenAnUnversionedEntityIsStoredInNoState_isCanceledAndWritesNothing() {
        assertThatThrownBy(() -> table.replace(new Door("d2", true))).isInstanceOf(TransactionCanceledException.class);

        assertThat(stored()).isEmpty();
    }

    @Test
    void replace_whenAnUnversionedEntitysStateIsUnchanged_isOneTransaction() {
        table.create(new Door("d3", true));
        sent.clear();

        table.replace(new Door("d3", true));

        assertThat(operations()).containsExactly("TransactWriteItems");
        assertThat(stored()).containsExactly("{PK=LOCKED_DOOR#d3, SK=DOOR, doorId=d3, entityType=LockedDoor, locked=true}");
    }

    @Test
    void put_whenTheStateIsUnchanged_staysOneTransaction() {
        Product lamp = created("p2");

        Product renamed = table.put(new Product("p2", "Desk lamp", false, null, lamp.version()));

        assertThat(renamed).isEqualTo(new Product("p2", "Desk lamp", false, null, 2L));
        assertThat(operations()).containsExactly("TransactWriteItems");
        assertThat(stored()).containsExactly("{PK=ACTIVE_PRODUCT#p2, SK=METADATA, archived=false, entityType=ActiveProduct, "
                + "name=Desk lamp, productId=p2, version=2}");
    }

    @Test
    void put_whenTheMovingEntityHoldsAStaleVersion_isCanceledAndTheStoredItemStays() {
        Product lamp = created("p3");
        table.update(lamp, u -> u.set(PatternsModel.NAME, "Desk lamp"));
        sent.clear();

        assertThatThrownBy(() -> table.put(lamp.archive(NOW)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e).hasMessage("Transaction of 2 actions on table " + db.tableName() + " was canceled; nothing was written. action 0 "
                            + "(delete ActiveProduct {PK=ACTIVE_PRODUCT#p3, SK=METADATA}): ConditionalCheckFailed: delete of ActiveProduct "
                            + "{PK=ACTIVE_PRODUCT#p3, SK=METADATA} in table " + db.tableName() + " was refused: it was based on version 1 but version 2 "
                            + "is stored; someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this)");
                    assertThat(e.failures()).extracting(TransactionCanceledException.Reason::index).containsExactly(0);
                    VersionConflictException conflict = (VersionConflictException) e.failures().get(0).conditionFailure().orElseThrow();
                    assertThat(conflict.storedVersion()).isEqualTo(OptionalLong.of(2));
                    assertThat(conflict.currentEntity(Product.class)).contains(new Product("p3", "Desk lamp", false, null, 2L));
                });
        assertThat(operations()).containsExactly("TransactWriteItems", "TransactWriteItems");
        assertThat(stored()).containsExactly("{PK=ACTIVE_PRODUCT#p3, SK=METADATA, archived=false, entityType=ActiveProduct, "
                + "name=Desk lamp, productId=p3, version=2}");
    }

    @Test
    void put_whenAnotherWriterMovedTheItemFirst_isCanceledAtTheNewStatesKeyWithoutAMove() {
        Product lamp = created("p4");
        Product seenByOther = table.get(PRODUCT.state(false), KeyValues.of(PRODUCT_ID, "p4"), ReadConsistency.STRONG).orElseThrow();
        table.update(seenByOther, u -> u.set(PatternsModel.ARCHIVED, true).set(PatternsModel.ARCHIVED_AT, NOW));
        sent.clear();

        assertThatThrownBy(() -> table.put(lamp.archive(NOW.plusSeconds(60))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e).hasMessage("Transaction of 2 actions on table " + db.tableName() + " was canceled; nothing was written. action 0 "
                            + "(put ArchivedProduct {PK=ARCHIVED_PRODUCT#p4, SK=METADATA}): ConditionalCheckFailed: put of ArchivedProduct "
                            + "{PK=ARCHIVED_PRODUCT#p4, SK=METADATA} in table " + db.tableName() + " was refused: it was based on version 1 but version 2 "
                            + "is stored; someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this)");
                    assertThat(e.failures().get(0).conditionFailure().orElseThrow().currentEntity(Product.class))
                            .contains(new Product("p4", "Lamp", true, NOW, 2L));
                });
        assertThat(operations()).containsExactly("TransactWriteItems");
        assertThat(stored()).containsExactly("{PK=ARCHIVED_PRODUCT#p4, SK=METADATA, archived=true, archivedAt=2025-05-19T10:00:00Z, "
                + "entityType=ArchivedProduct, name=Lamp, productId=p4, version=2}");
    }

    @Test
    void put_whenAnotherWriterTakesTheNewStatesKeyBetweenTheTwoTransactions_theMoveIsCanceledAndNoSecondCopyIsMade() {
        Product lamp = created("p5");
        afterCanceled.set(() -> db.client().putItem(r -> r.tableName(db.tableName()).item(archivedLamp("p5", "7"))));

        assertThatThrownBy(() -> table.put(lamp.archive(NOW)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e).hasMessage("Transaction of 2 actions on table " + db.tableName() + " was canceled; nothing was written. action 1 "
                            + "(create ArchivedProduct {PK=ARCHIVED_PRODUCT#p5, SK=METADATA}): ConditionalCheckFailed: Cannot create "
                            + "ArchivedProduct {PK=ARCHIVED_PRODUCT#p5, SK=METADATA} in table " + db.tableName() + ": an item with this key already "
                            + "exists; use put to replace it, or choose another key");
                    assertThat(e.failures()).extracting(TransactionCanceledException.Reason::index).containsExactly(1);
                });
        assertThat(operations()).containsExactly("TransactWriteItems", "TransactWriteItems");
        assertThat(stored()).containsExactly(
                "{PK=ACTIVE_PRODUCT#p5, SK=METADATA, archived=false, entityType=ActiveProduct, name=Lamp, productId=p5, version=1}",
                "{PK=ARCHIVED_PRODUCT#p5, SK=METADATA, archived=true, archivedAt=2025-05-19T10:00:00Z, entityType=ArchivedProduct, "
                        + "name=Lamp, productId=p5, version=7}");
    }

    @Test
    void put_whenTheItemWasDeletedAfterItWasRead_isCanceledAndNothingComesBack() {
        Product lamp = created("p6");
        table.delete(lamp);
        sent.clear();

        assertThatThrownBy(() -> table.put(lamp.archive(NOW)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e ->
                        assertThat(e.failures()).extracting(r -> r.index() + " " + r.operation() + " " + r.entityType())
                                .containsExactly("0 delete ActiveProduct"));
        assertThat(operations()).containsExactly("TransactWriteItems", "TransactWriteItems");
        assertThat(stored()).isEmpty();
    }

    @Test
    void put_whenAVersionedEntityWithoutAVersionIsStoredInTheOtherState_isAVersionConflictSayingWhereAndHowToMoveIt() {
        created("p7");
        Product seenByOther = table.get(PRODUCT.state(false), KeyValues.of(PRODUCT_ID, "p7"), ReadConsistency.STRONG).orElseThrow();

        assertThatThrownBy(() -> table.put(new Product("p7", "Lamp", true, NOW, null)))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> {
                    assertThat(e).hasMessage("put of ArchivedProduct {PK=ARCHIVED_PRODUCT#p7, SK=METADATA} in table " + db.tableName() + " was refused: "
                            + "the entity has no version, so it is written as a new item, but the table holds it in another state, as "
                            + "ActiveProduct {PK=ACTIVE_PRODUCT#p7, SK=METADATA} at version 1; to move it, put the entity as read from "
                            + "the table (with its version) with 'archived' changed, or change it with table.update(current, u -> u.set(...))");
                    assertThat(e.expectedVersion()).isEmpty();
                    assertThat(e.storedVersion()).isEqualTo(OptionalLong.of(1));
                    assertThat(e.currentEntity(Product.class)).contains(seenByOther);
                });
        assertThat(operations()).containsExactly("GetItem", "TransactWriteItems");
        // the item keeps its version, so the writer that read it still moves it, and nothing is lost
        Product archived = table.put(seenByOther.archive(NOW));
        assertThat(archived).isEqualTo(new Product("p7", "Lamp", true, NOW, 2L));
        assertThat(stored()).containsExactly("{PK=ARCHIVED_PRODUCT#p7, SK=METADATA, archived=true, archivedAt=2025-05-19T10:00:00Z, "
                + "entityType=ArchivedProduct, name=Lamp, productId=p7, version=2}");
    }

    @Test
    void put_whenTheEntityHasThreeStates_readsTheOthersToFindTheOldOneAndMovesFromIt() {
        Ticket ticket = table.create(new Ticket("t1", "Printer jam", Stage.OPEN, null));
        Ticket parked = table.put(ticket.in(Stage.PARKED));
        sent.clear();

        Ticket closed = table.put(parked.in(Stage.CLOSED));

        assertThat(closed).isEqualTo(new Ticket("t1", "Printer jam", Stage.CLOSED, 3L));
        assertThat(operations()).containsExactly("TransactWriteItems", "GetItem", "GetItem", "TransactWriteItems");
        assertThat(sent.subList(1, 3)).extracting(r -> ((GetItemRequest) r).key().get("PK").s() + " " + ((GetItemRequest) r).consistentRead())
                .containsExactly("OPEN#t1 true", "PARKED#t1 true");
        assertThat(withoutToken(sent.get(3)).transactItems()).extracting(i -> i.put() != null
                ? "Put " + i.put().item().get("PK").s() + " if " + i.put().conditionExpression()
                : "Delete " + i.delete().key().get("PK").s() + " if " + i.delete().conditionExpression() + " "
                + i.delete().expressionAttributeValues())
                .containsExactly("Delete PARKED#t1 if attribute_exists(#PK) AND #version = :v0 {:v0=AttributeValue(N=2)}",
                        "Put CLOSED#t1 if attribute_not_exists(#PK)");
        assertThat(stored()).containsExactly("{PK=CLOSED#t1, SK=TICKET, entityType=ClosedTicket, stage=CLOSED, ticketId=t1, "
                + "title=Printer jam, version=3}");
    }

    @Test
    void put_whenTheEntityHasThreeStatesAndTheItemIsGone_failsAsTheFirstTransactionDidAfterReadingBoth() {
        Ticket ticket = table.create(new Ticket("t2", "Toner", Stage.OPEN, null));
        table.delete(ticket);
        sent.clear();

        assertThatThrownBy(() -> table.put(ticket.in(Stage.CLOSED)))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e ->
                        assertThat(e.failures()).extracting(r -> r.index() + " " + r.operation() + " " + r.entityType())
                                .containsExactly("0 put ClosedTicket"));
        assertThat(operations()).containsExactly("TransactWriteItems", "GetItem", "GetItem");
        assertThat(stored()).isEmpty();
    }

    @Test
    void explainPut_whenTheEntityHasStates_isTheTransactionThePutSendsFirst() {
        Product lamp = created("p8");
        Product renamed = new Product("p8", "Floor lamp", false, null, lamp.version());

        Explanation explained = table.explainPut(renamed);
        table.put(renamed);

        assertThat(explained.operation()).isEqualTo("TransactWriteItems");
        assertThat(explained.request()).isEqualTo(withoutToken(sent.get(0)));
        assertThat(table.explainCreate(new Product("p9", "Lamp", true, NOW, null)).request()).isEqualTo(TransactWriteItemsRequest.builder()
                .transactItems(put(Map.of("productId", s("p9"), "name", s("Lamp"), "archived", AttributeValue.fromBool(true),
                                "archivedAt", s("2025-05-19T10:00:00Z"), "version", AttributeValue.fromN("1"), "entityType",
                                s("ArchivedProduct"), "PK", s("ARCHIVED_PRODUCT#p9"), "SK", s("METADATA")), "attribute_not_exists(#PK)",
                                Map.of("#PK", "PK"), null),
                        TransactWriteItem.builder().conditionCheck(c -> c.tableName(db.tableName()).key(key("ACTIVE_PRODUCT#p9", "METADATA"))
                                .conditionExpression("attribute_not_exists(#PK)").expressionAttributeNames(Map.of("#PK", "PK"))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build()).build());
    }

    @Test
    void asyncTable_whenPuttingAReadEntityInAnotherState_movesItAsTheSyncTableDoes() {
        AsyncTable async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
        Product lamp = async.create(new Product("a1", "Lamp", false, null, null)).join();

        Product archived = async.put(lamp.archive(NOW)).join();

        assertThat(archived).isEqualTo(new Product("a1", "Lamp", true, NOW, 2L));
        assertThat(async.get(PRODUCT.state(false), KeyValues.of(PRODUCT_ID, "a1"), ReadConsistency.STRONG).join()).isEqualTo(Optional.empty());
        assertThat(async.put(lamp.archive(NOW))).failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableThat().havingCause().isInstanceOf(TransactionCanceledException.class);
        assertThat(stored()).containsExactly("{PK=ARCHIVED_PRODUCT#a1, SK=METADATA, archived=true, archivedAt=2025-05-19T10:00:00Z, "
                + "entityType=ArchivedProduct, name=Lamp, productId=a1, version=2}");
    }
}
