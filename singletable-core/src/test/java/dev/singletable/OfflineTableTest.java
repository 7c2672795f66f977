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
