package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.lang.reflect.Proxy;
import java.util.Map;

import static dev.singletable.ReadFixtures.CUSTOMER_ITEMS;
import static dev.singletable.ReadFixtures.ORDER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One query, scan and PartiQL method each takes an EntityTypes: an entity schema reads as one type, a collection as its members. */
class EntityTypesTest {
    private final Table table = ReadFixtures.table();

    @Test
    void scan_whenGivenAnEntitySchema_keepsItsType() {
        EntityTypes<ReadFixtures.Order> entity = ORDER;

        assertThat(table.scan(entity).toRequest()).isEqualTo(ScanRequest.builder()
                .tableName("AppTable")
                .filterExpression("#et = :et")
                .expressionAttributeNames(Map.of("#et", "entityType"))
                .expressionAttributeValues(Map.of(":et", AttributeValue.fromS("Order")))
                .build());
    }

    @Test
    void scan_whenGivenACollection_keepsEachMembersType() {
        EntityTypes<ReadFixtures.CustomerItems> collection = CUSTOMER_ITEMS;

        assertThat(table.scan(collection).toRequest()).isEqualTo(ScanRequest.builder()
                .tableName("AppTable")
                .filterExpression("#et IN (:et0, :et1)")
                .expressionAttributeNames(Map.of("#et", "entityType"))
                .expressionAttributeValues(Map.of(":et0", AttributeValue.fromS("Customer"), ":et1", AttributeValue.fromS("Order")))
                .build());
    }

    @Test
    void scan_whenGivenACollectionOfOneEntity_readsItAsACollection() {
        EntityTypes<Object> ordersOnly = EntityCollection.of(Object.class, ORDER);

        assertThat(table.scan(ordersOnly).toRequest().filterExpression()).isEqualTo("#et IN (:et0)");
    }

    @Test
    void reads_whenEntityTypesIsNull_refuseNamingTheParameter() {
        assertThatThrownBy(() -> table.query((EntityTypes<Object>) null)).isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("Table.query(entities): entities is null");
        assertThatThrownBy(() -> table.scan((EntityCollection<Object>) null)).isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("Table.scan(entities): entities is null");
        assertThatThrownBy(() -> table.partiql((EntitySchema<Object>) null, "SELECT * FROM \"AppTable\""))
                .isInstanceOf(NullArgumentException.class).hasMessageStartingWith("Table.partiql(entities): entities is null");
    }

    @Test
    void partiql_whenStatementIsNull_refuseNamingTheParameter() {
        assertThatThrownBy(() -> table.partiql(ORDER, null)).isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("Table.partiql(statement): statement is null");
    }

    @Test
    void asyncReads_whenEntityTypesOrStatementIsNull_refuseNamingTheAsyncMethod() {
        AsyncTable async = AsyncTable.builder(ReadFixtures.SCHEMA, unusedClient()).build();

        assertThatThrownBy(() -> async.query((EntityTypes<Object>) null)).isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("AsyncTable.query(entities): entities is null");
        assertThatThrownBy(() -> async.scan((EntityTypes<Object>) null)).isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("AsyncTable.scan(entities): entities is null");
        assertThatThrownBy(() -> async.partiql((EntityTypes<Object>) null, "SELECT * FROM \"AppTable\""))
                .isInstanceOf(NullArgumentException.class).hasMessageStartingWith("AsyncTable.partiql(entities): entities is null");
        assertThatThrownBy(() -> async.partiql(ORDER, null)).isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("AsyncTable.partiql(statement): statement is null");
    }

    /** A client no call may reach: the refusals come before anything is sent. */
    private static DynamoDbAsyncClient unusedClient() {
        return (DynamoDbAsyncClient) Proxy.newProxyInstance(EntityTypesTest.class.getClassLoader(), new Class<?>[]{DynamoDbAsyncClient.class},
                (proxy, method, args) -> {
                    throw new AssertionError("unexpected " + method.getName());
                });
    }
}
