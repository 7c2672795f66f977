package dev.singletable.bench.operations;

import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchGetItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.IgnoreNullsMode;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.ReadBatch;
import software.amazon.awssdk.enhanced.dynamodb.model.UpdateItemEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The operations through the SDK's Enhanced Client with a {@code BeanTableSchema} (its most used form), on the same
 * requests where it can send them: the update sets only the bean's non-null properties under the same condition, the
 * query has the same entity-type filter. It cannot decode a collection of several types, so it has no collection query.
 */
final class EnhancedOperations {
    private static final Expression UPDATE_CONDITION = Expression.builder()
            .expression("attribute_exists(#PK) AND #entityType = :v2")
            .expressionNames(Map.of("#PK", "PK", "#entityType", "entityType"))
            .expressionValues(Map.of(":v2", AttributeValue.fromS("Order")))
            .build();
    private static final Expression ORDER_FILTER = Expression.builder()
            .expression("#et = :et")
            .expressionNames(Map.of("#et", "entityType"))
            .expressionValues(Map.of(":et", AttributeValue.fromS("Order")))
            .build();

    private final DynamoDbEnhancedClient enhanced;
    private final DynamoDbTable<OrderBean> orders;

    EnhancedOperations(DynamoDbClient client) {
        this.enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
        this.orders = enhanced.table(BenchTable.NAME, TableSchema.fromBean(OrderBean.class));
    }

    OrderBean get(String customerId, String orderId) {
        return orders.getItem(key(customerId, orderId));
    }

    void put(OrderBean order) {
        orders.putItem(order);
    }

    OrderBean update(String customerId, String orderId, OrderStatus status, BigDecimal total) {
        OrderBean changes = new OrderBean();
        changes.setPk("CUSTOMER#" + customerId);
        changes.setSk("ORDER#" + orderId);
        changes.setStatus(status);
        changes.setTotal(total);
        return orders.updateItem(UpdateItemEnhancedRequest.builder(OrderBean.class).item(changes)
                .ignoreNullsMode(IgnoreNullsMode.SCALAR_ONLY).conditionExpression(UPDATE_CONDITION).build());
    }

    List<OrderBean> queryOrders(String customerId) {
        List<OrderBean> result = new ArrayList<>();
        orders.query(QueryEnhancedRequest.builder()
                .queryConditional(QueryConditional.sortBeginsWith(Key.builder().partitionValue("CUSTOMER#" + customerId).sortValue("ORDER#").build()))
                .filterExpression(ORDER_FILTER)
                .build()).items().forEach(result::add);
        return result;
    }

    List<OrderBean> batchGet(String customerId, List<String> orderIds) {
        ReadBatch.Builder<OrderBean> batch = ReadBatch.builder(OrderBean.class).mappedTableResource(orders);
        for (String orderId : orderIds) {
            batch.addGetItem(key(customerId, orderId));
        }
        List<OrderBean> result = new ArrayList<>(orderIds.size());
        enhanced.batchGetItem(BatchGetItemEnhancedRequest.builder().readBatches(batch.build()).build())
                .resultsForTable(orders).forEach(result::add);
        return result;
    }

    private static Key key(String customerId, String orderId) {
        return Key.builder().partitionValue("CUSTOMER#" + customerId).sortValue("ORDER#" + orderId).build();
    }
}
