package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.StoredValuesNeededException;
import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A sparse index conditioned on a Java method ({@code when: {java: isShipped}}), written through the file's table schema,
 * as the Spring Boot starter, a user's {@code SchemaFile.load(...).tableSchema()} or a migration step do: a write that
 * would decide whether the item is on the index is refused before any write is sent (only the method can tell), and
 * writes of items lacking the index's key slot go through. The method may read any attribute (isShipped reads
 * shippedAt), so an update by key alone needs the stored item, and is decided on the item it leaves.
 */
class JavaConditionWritesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.loadResource(JavaConditionTest.ORDERS);
    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    private static final String REFUSAL = "an item of Order is on index GSI1 only when the application's Java method isShipped() "
            + "says so, which the design file names but cannot run; this one has GSI1's key slot createdAt (2025-01-01T00:00:00Z), so "
            + "written from the design file it would be put on the index whatever isShipped() says, where the Java application may "
            + "keep it out; nothing written. An item of Order without createdAt is not on GSI1: write it without createdAt, or "
            + "write Order items with the Java application that has isShipped(), or, if the condition can be said in the schema file, declare it "
            + "there (present, absent, equals, notEquals, beginsWith, all, any) instead of {java: isShipped}";

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).recordingRequests();

    private final List<DynamoDbRequest> sent = db.sent();
    private final EntitySchema<DynamicItem> order = DESIGN.entity("Order");
    private final Table table = db.table();

    private <V> Attribute<DynamicItem, V> attribute(String name) {
        return db.attribute("Order", name);
    }

    private static DynamicItem order(String id, boolean created) {
        DynamicItem.Builder builder = DynamicItem.builder("Order").set("id", id);
        return (created ? builder.set("createdAt", T0) : builder).build();
    }

    @Test
    void put_whenTheItemHasTheSlotsOfAnIndexConditionedOnAJavaMethod_isRefusedNamingEntityIndexMethodAndFixBeforeSending() {
        JavaConditionException refused = catchThrowableOfType(JavaConditionException.class, () -> table.put(order("p1", true)));

        assertThat(refused).hasMessage(REFUSAL);
        assertThat(List.of(refused.entityType(), refused.index(), refused.method())).containsExactly("Order", "GSI1", "isShipped");
        assertThat(sent).isEmpty();
    }

    @Test
    void createTransactionAndBatchPuts_whenTheItemHasTheSlots_areRefusedBeforeSending() {
        assertThat(catchThrowableOfType(JavaConditionException.class, () -> table.create(order("c1", true)))).isNotNull();
        assertThat(catchThrowableOfType(JavaConditionException.class, () -> table.transaction().put(order("t1", true)).execute()))
                .isNotNull();
        assertThat(catchThrowableOfType(JavaConditionException.class, () -> table.batchWrite().put(order("b1", true)).execute()))
                .isNotNull();
        assertThat(sent).isEmpty();
    }

    @Test
    void put_whenTheItemLacksASlotOfTheIndex_writesItOffTheIndex() {
        table.put(order("n1", false));

        assertThat(table.get(order, KeyValues.of("id", "n1"))).map(item -> item.getString("id")).contains("n1");
        assertThat(db.client().getItem(r -> r.tableName(db.tableName()).key(Map.of("PK", s("ORDER#n1"), "SK", s("META")))).item())
                .doesNotContainKeys("GSI1PK", "GSI1SK");
    }

    @Test
    void update_whenByKeyAlone_needsTheStoredItemAsTheMethodMayReadAnyAttributeAndSendsNothing() {
        table.put(order("u1", false));
        sent.clear();

        Throwable needs = catchThrowable(() -> table.update(order, KeyValues.of("id", "u1"),
                u -> u.set(this.<Instant>attribute("shippedAt"), T0)));

        assertThat(needs).isInstanceOf(StoredValuesNeededException.class).hasMessageContaining("index GSI1")
                .hasMessageNotContaining("indexConditionReads").hasMessageContaining("a when the schema file can evaluate");
        assertThat(sent).isEmpty();
    }

    @Test
    void update_whenTheStoredItemLacksASlotOfTheIndex_isSentAndLeavesItOffTheIndex() {
        table.put(order("u2", false));
        sent.clear();

        table.update(order, KeyValues.of("id", "u2"), u -> u.set(this.<Instant>attribute("shippedAt"), T0).readingStoredValuesForIndexKeys());

        assertThat(sent).filteredOn(UpdateItemRequest.class::isInstance).hasSize(1);
        assertThat(stored("u2")).containsKey("shippedAt").doesNotContainKeys("GSI1PK", "GSI1SK");
    }

    @Test
    void update_whenItSetsASlotOfTheIndex_isRefusedAndNoUpdateIsSent() {
        table.put(order("u3", false));
        sent.clear();

        JavaConditionException refused = catchThrowableOfType(JavaConditionException.class, () -> table.update(order,
                KeyValues.of("id", "u3"), u -> u.set(this.<Instant>attribute("createdAt"), T0).readingStoredValuesForIndexKeys()));

        assertThat(refused).hasMessage(REFUSAL);
        assertThat(sent).noneMatch(UpdateItemRequest.class::isInstance);
    }

    @Test
    void update_whenItRemovesWhatTheMethodReadsFromAStoredShippedOrder_isRefusedByKeyAndFromTheEntityRead() {
        storedByTheJavaApplication("a1", true);
        DynamicItem current = table.get(order, KeyValues.of("id", "a1")).orElseThrow();
        sent.clear();

        Throwable byKey = catchThrowable(() -> table.update(order, KeyValues.of("id", "a1"),
                u -> u.remove(this.<Instant>attribute("shippedAt")).readingStoredValuesForIndexKeys()));
        Throwable fromCurrent = catchThrowable(() -> table.update(current, u -> u.remove(this.<Instant>attribute("shippedAt"))));

        assertThat(byKey).isInstanceOf(JavaConditionException.class);
        assertThat(fromCurrent).isInstanceOf(JavaConditionException.class);
        assertThat(sent).noneMatch(UpdateItemRequest.class::isInstance);
        assertThat(stored("a1")).containsKeys("shippedAt", "GSI1PK");
    }

    @Test
    void update_whenItSetsWhatTheMethodReadsOnAStoredUnshippedOrderWithTheSlot_isRefusedByKeyAndFromTheEntityRead() {
        storedByTheJavaApplication("a2", false);
        DynamicItem current = table.get(order, KeyValues.of("id", "a2")).orElseThrow();
        sent.clear();

        Throwable byKey = catchThrowable(() -> table.update(order, KeyValues.of("id", "a2"),
                u -> u.set(this.<Instant>attribute("shippedAt"), T0).readingStoredValuesForIndexKeys()));
        Throwable fromCurrent = catchThrowable(() -> table.update(current, u -> u.set(this.<Instant>attribute("shippedAt"), T0)));

        assertThat(byKey).isInstanceOf(JavaConditionException.class);
        assertThat(fromCurrent).isInstanceOf(JavaConditionException.class);
        assertThat(sent).noneMatch(UpdateItemRequest.class::isInstance);
        assertThat(stored("a2")).doesNotContainKeys("shippedAt", "GSI1PK");
    }

    /** An order as the Java application writes it: with createdAt, and when shipped its shippedAt and GSI1 keys. */
    private static void storedByTheJavaApplication(String id, boolean shipped) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item = new java.util.HashMap<>(Map.of("PK",
                s("ORDER#" + id), "SK", s("META"), "entityType", s("Order"), "id", s(id), "createdAt", s(T0.toString())));
        if (shipped) {
            item.putAll(Map.of("shippedAt", s(T0.toString()), "GSI1PK", s("SHIPPED"), "GSI1SK", s(T0.toString())));
        }
        db.client().putItem(r -> r.tableName(db.tableName()).item(item));
    }

    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> stored(String id) {
        return db.client().getItem(r -> r.tableName(db.tableName()).key(Map.of("PK", s("ORDER#" + id), "SK", s("META"))))
                .item();
    }

    @Test
    void upperBoundSchema_whenTheItemHasTheSlots_composesTheIndexKeysAsTheDesignToolsShowThem() {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item = Table.offline(DESIGN.upperBoundSchema())
                .toItem(order("v1", true));

        assertThat(item).containsEntry("GSI1PK", s("SHIPPED"));
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue s(String text) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(text);
    }
}
