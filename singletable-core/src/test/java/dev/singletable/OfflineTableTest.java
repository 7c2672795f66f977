package dev.singletable;

import dev.singletable.extension.RequestEvent;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.ReadFixtures.CUSTOMER_ID;
import static dev.singletable.ReadFixtures.ORDER;
import static dev.singletable.ReadFixtures.ORDER_ID;
import static dev.singletable.ReadFixtures.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OfflineTableTest {
    private static final ReadFixtures.Order ORDER_C1 = new ReadFixtures.Order("C1", "O1", ReadFixtures.Status.PENDING,
            new BigDecimal("9.99"), Instant.parse("2025-05-01T10:00:00Z"), "gift");
    private final Table table = Table.offline(SCHEMA);

    @Test
    void toRequest_whenOffline_rendersTheWholeRequest() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1").toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#C1"), ":sk", AttributeValue.fromS("ORDER#")))
                .build());
    }

    @Test
    void toItemAndFromItem_whenOffline_composeAndDecodeTheItem() {
        Map<String, AttributeValue> item = table.toItem(ORDER_C1);

        assertThat(item).isEqualTo(Map.ofEntries(
                Map.entry("PK", AttributeValue.fromS("CUSTOMER#C1")), Map.entry("SK", AttributeValue.fromS("ORDER#O1")),
                Map.entry("GSI1PK", AttributeValue.fromS("STATUS#PENDING")),
                Map.entry("GSI1SK", AttributeValue.fromS("2025-05-01T10:00:00.000000000Z")),
                Map.entry("entityType", AttributeValue.fromS("Order")), Map.entry("customerId", AttributeValue.fromS("C1")),
                Map.entry("orderId", AttributeValue.fromS("O1")), Map.entry("status", AttributeValue.fromS("PENDING")),
                Map.entry("total", AttributeValue.fromN("9.99")),
                Map.entry("createdAt", AttributeValue.fromS("2025-05-01T10:00:00Z")),
                Map.entry("note", AttributeValue.fromS("gift"))));
        assertThat(table.fromItem(ORDER, item)).isEqualTo(ORDER_C1);
    }

    /** A basket with a list, a map and a set, and with or without the values a put maintains. */
    record Basket(String id, List<String> tags, Map<String, Long> counters, java.util.Set<String> labels, Long version,
                  Instant updatedAt) {}

    private static final Attribute<Basket, String> B_ID = Attribute.required("id", AttributeTypes.STRING, Basket::id);
    private static final Attribute<Basket, List<String>> B_TAGS = Attribute.of("tags", AttributeTypes.STRING_LIST, Basket::tags);
    private static final Attribute<Basket, Map<String, Long>> B_COUNTERS =
            Attribute.of("counters", AttributeTypes.mapOf(AttributeTypes.LONG), Basket::counters);
    private static final Attribute<Basket, java.util.Set<String>> B_LABELS =
            Attribute.of("labels", AttributeTypes.STRING_SET, Basket::labels);
    private static final Attribute<Basket, Long> B_VERSION = Attribute.of("version", AttributeTypes.LONG, Basket::version);
    private static final Attribute<Basket, Instant> B_UPDATED = Attribute.of("updatedAt", AttributeTypes.INSTANT, Basket::updatedAt);

    private static EntitySchema<Basket> basket(boolean maintained) {
        EntitySchema.Builder<Basket> builder = EntitySchema.builder(Basket.class)
                .attributes(B_ID, B_TAGS, B_COUNTERS, B_LABELS, B_VERSION, B_UPDATED)
                .primaryKey("BASKET#{id}", "BASKET")
                .factory(i -> new Basket(i.get(B_ID), i.get(B_TAGS), i.get(B_COUNTERS), i.get(B_LABELS), i.get(B_VERSION),
                        i.get(B_UPDATED)));
        return maintained ? builder.version(B_VERSION).updatedAt(B_UPDATED).build() : builder.build();
    }

    @Test
    void keyOf_whenGivenAnotherSchemaObjectOfATableType_namesTheTablesOneInsteadOfCallingItAbsent() {
        Table baskets = Table.offline(TableSchema.builder("AppTable").entities(basket(false)).build());

        assertThatThrownBy(() -> baskets.keyOf(basket(false), KeyValues.of("id", "B1")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Entity type Basket of table AppTable was given as another EntitySchema object than the one the table was "
                        + "built with: use that one (keep it in a constant, or ask the table: "
                        + "table.schema().entity(\"Basket\", Basket.class).orElseThrow()), or build the table with this one");
    }

    @Test
    void keyOf_whenGivenTheSchemaTheRefusalAdvises_rendersTheKey() {
        Table baskets = Table.offline(TableSchema.builder("AppTable").entities(basket(false)).build());

        // the refusal's advice, as typed: it compiles and gives the table's own schema object
        EntitySchema<Basket> own = baskets.schema().entity("Basket", Basket.class).orElseThrow();

        assertThat(baskets.keyOf(own, KeyValues.of("id", "B1"))).isNotEmpty();
        assertThat(own).isSameAs(baskets.schema().entity("Basket").orElseThrow());
    }

    @Test
    void entity_whenAskedWithAnotherJavaType_namesTheEntitysOwn() {
        TableSchema schema = TableSchema.builder("AppTable").entities(basket(false)).build();

        assertThat(schema.entity("Nothing", Basket.class)).isEmpty();
        assertThatThrownBy(() -> schema.entity("Basket", String.class))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Entity type Basket of table AppTable is of Java type " + Basket.class.getName() + ", not java.lang.String; "
                        + "ask for it with Basket.class");
    }

    @Test
    void keyOf_whenGivenATypeTheTableLacks_listsTheTablesTypes() {
        Table baskets = Table.offline(TableSchema.builder("AppTable").entities(basket(false)).build());

        assertThatThrownBy(() -> baskets.keyOf(ORDER, KeyValues.of("customerId", "C1").and("orderId", "O1")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Entity type Order is not part of table AppTable; add it to the TableSchema (entities are [Basket])");
    }

    private static Map<String, AttributeValue> putItem(Table table, Object entity) {
        return ((software.amazon.awssdk.services.dynamodb.model.PutItemRequest) table.explainPut(entity).request()).item();
    }

    @Test
    void toItem_whenListMapAndSetAreNull_isTheItemPutWritesWithoutThem() {
        Table baskets = Table.offline(TableSchema.builder("AppTable").entities(basket(false)).build());
        Basket empty = new Basket("B1", null, null, null, null, null);
        Basket given = new Basket("B2", List.of(), Map.of(), java.util.Set.of(), null, null);

        Map<String, AttributeValue> item = baskets.toItem(empty);

        assertThat(item).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("BASKET#B1"), "SK", AttributeValue.fromS("BASKET"),
                "entityType", AttributeValue.fromS("Basket"), "id", AttributeValue.fromS("B1")));
        assertThat(putItem(baskets, empty)).isEqualTo(item);
        assertThat(baskets.partiqlInsert(empty).parameters()).containsExactlyInAnyOrderElementsOf(item.values());
        assertThat(baskets.toItem(given)).isEqualTo(putItem(baskets, given))
                .containsEntry("tags", AttributeValue.fromL(List.of())).containsEntry("counters", AttributeValue.fromM(Map.of()))
                .doesNotContainKey("labels");
    }

    /** The put rebuilds the entity to set version and timestamp: a null list or map is still left out, as without them. */
    @Test
    void toItem_whenPutAlsoMaintainsVersionAndTimestamp_isThePutItemWithoutThem() {
        Instant now = Instant.parse("2025-01-01T00:00:00Z");
        Table baskets = Table.offlineBuilder(TableSchema.builder("AppTable").entities(basket(true)).build())
                .clock(Clock.fixed(now, ZoneOffset.UTC)).build();
        Basket empty = new Basket("B1", null, null, null, null, null);

        Map<String, AttributeValue> item = baskets.toItem(empty);
        Map<String, AttributeValue> put = putItem(baskets, empty);

        assertThat(put).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("BASKET#B1"), "SK", AttributeValue.fromS("BASKET"),
                "entityType", AttributeValue.fromS("Basket"), "id", AttributeValue.fromS("B1"),
                "version", AttributeValue.fromN("1"), "updatedAt", AttributeValue.fromS("2025-01-01T00:00:00Z")));
        Map<String, AttributeValue> withoutMaintained = new java.util.HashMap<>(put);
        withoutMaintained.keySet().removeAll(List.of("version", "updatedAt"));
        assertThat(item).isEqualTo(withoutMaintained);
    }

    @Test
    void put_whenOffline_throwsOfflineTableExceptionNamingOperationTableAndFix() {
        assertThatThrownBy(() -> table.put(ORDER_C1))
                .isInstanceOfSatisfying(OfflineTableException.class, e -> assertThat(e.operation()).isEqualTo("PutItem"))
                .hasMessage("PutItem was called on table AppTable, which is offline (Table.offline): it renders requests and "
                        + "composes items but sends nothing; build the table with a DynamoDbClient (Table.of(schema, client)) to "
                        + "send requests");
    }

    @Test
    void readsAndWrites_whenOffline_eachNameTheOperationThatWouldHaveBeenSent() {
        KeyValues key = KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1");

        assertThat(List.of(
                operationOf(() -> table.get(ORDER, key)),
                operationOf(() -> table.query(ORDER).partition(CUSTOMER_ID, "C1").list()),
                operationOf(() -> table.scan(ORDER).list()),
                operationOf(() -> table.delete(ORDER, key)),
                operationOf(() -> table.update(ORDER, key, u -> u.set(ReadFixtures.NOTE, "late"))),
                operationOf(() -> table.createTable())))
                .containsExactly("GetItem", "Query", "Scan", "DeleteItem", "UpdateItem", "DescribeTable");
    }

    @Test
    void listener_whenOfflineTableRefusesARequest_hearsItAsAFailedRequest() {
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        Table listened = Table.offlineBuilder(SCHEMA).listener(events::add).build();

        assertThatThrownBy(() -> listened.put(ORDER_C1)).isInstanceOf(OfflineTableException.class);

        assertThat(events).extracting(RequestEvent::operation, RequestEvent::errorCode, RequestEvent::itemCount)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("PutItem", java.util.Optional.of("ClientError"), 0));
    }

    @Test
    void offlineBuilder_whenClockFixed_composesTimestampsAtThatClock() {
        Instant now = Instant.parse("2025-01-01T00:00:00Z");
        Table fixed = Table.offlineBuilder(SCHEMA).clock(Clock.fixed(now, ZoneOffset.UTC)).build();

        assertThat(fixed.schema()).isSameAs(SCHEMA);
        assertThat(fixed.query(ORDER).partition(CUSTOMER_ID, "C1").toRequest())
                .isEqualTo(table.query(ORDER).partition(CUSTOMER_ID, "C1").toRequest());
    }

    @Test
    void offline_whenSchemaNull_throwsNullArgumentException() {
        assertThatThrownBy(() -> Table.offline(null)).isInstanceOf(NullArgumentException.class);
        assertThatThrownBy(() -> Table.offlineBuilder(null)).isInstanceOf(NullArgumentException.class);
    }

    private static String operationOf(Runnable call) {
        try {
            call.run();
        } catch (OfflineTableException e) {
            return e.operation();
        } catch (CompletionException e) {
            return ((OfflineTableException) e.getCause()).operation();
        }
        throw new AssertionError("nothing was refused");
    }
}
