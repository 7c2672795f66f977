package dev.singletable.bench.operations;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The baseline: the SDK's {@link DynamoDbClient} with the keys, requests and mapping a careful person writes by hand.
 * Each request asks for what singletable's asks for (no consumed capacity, as singletable asks for it only when a request
 * listener or its debug log reads it; the same condition on update; on the order query no entity-type filter, as the sort key
 * prefix {@code ORDER#} reads orders only and singletable leaves the filter out), so that the difference is the cost of the
 * client, not of a different request.
 */
final class RawSdkOperations implements Operations {
    private static final String TABLE = BenchTable.NAME;
    private static final AttributeValue ORDER_TYPE = AttributeValue.fromS("Order");

    private final DynamoDbClient client;

    RawSdkOperations(DynamoDbClient client) {
        this.client = client;
    }

    @Override
    public Optional<Order> get(String customerId, String orderId) {
        GetItemResponse response = client.getItem(r -> r.tableName(TABLE).key(orderKey(customerId, orderId)).consistentRead(false));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(decodeOrder(response.item())) : Optional.empty();
    }

    @Override
    public void put(Order order) {
        client.putItem(r -> r.tableName(TABLE).item(encode(order)));
    }

    @Override
    public Order update(String customerId, String orderId, OrderStatus status, BigDecimal total) {
        Map<String, AttributeValue> values = new HashMap<>(4);
        values.put(":v0", AttributeValue.fromS(status.name()));
        values.put(":v1", AttributeValue.fromN(total.toString()));
        values.put(":v2", ORDER_TYPE);
        return decodeOrder(client.updateItem(r -> r.tableName(TABLE).key(orderKey(customerId, orderId))
                .returnValues(ReturnValue.ALL_NEW)
                .updateExpression("SET #status = :v0, #total = :v1")
                .conditionExpression("attribute_exists(#PK) AND #entityType = :v2")
                .expressionAttributeNames(Map.of("#status", "status", "#total", "total", "#PK", "PK", "#entityType", "entityType"))
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).attributes());
    }

    @Override
    public List<Order> queryOrders(String customerId) {
        QueryResponse response = client.query(r -> r.tableName(TABLE)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + customerId),
                        ":sk", AttributeValue.fromS("ORDER#"))));
        List<Order> orders = new ArrayList<>(response.items().size());
        for (Map<String, AttributeValue> item : response.items()) {
            orders.add(decodeOrder(item));
        }
        return orders;
    }

    @Override
    public List<CustomerItems> queryCollection(String customerId) {
        QueryResponse response = client.query(r -> r.tableName(TABLE)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "PK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + customerId))));
        List<CustomerItems> items = new ArrayList<>(response.items().size());
        for (Map<String, AttributeValue> item : response.items()) {
            String type = item.get("entityType").s();
            switch (type) {
                case "Order" -> items.add(decodeOrder(item));
                case "Address" -> items.add(decodeAddress(item));
                case "Customer" -> items.add(decodeCustomer(item));
                default -> throw new IllegalStateException("unknown entity type " + type);
            }
        }
        return items;
    }

    @Override
    public List<Order> batchGet(String customerId, List<String> orderIds) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(orderIds.size());
        for (String orderId : orderIds) {
            keys.add(orderKey(customerId, orderId));
        }
        BatchGetItemResponse response = client.batchGetItem(BatchGetItemRequest.builder()
                .requestItems(Map.of(TABLE, KeysAndAttributes.builder().keys(keys).consistentRead(false).build()))
                .build());
        if (response.hasUnprocessedKeys() && !response.unprocessedKeys().isEmpty()) {
            throw new IllegalStateException("unprocessed keys: " + response.unprocessedKeys());
        }
        List<Map<String, AttributeValue>> found = response.responses().get(TABLE);
        List<Order> orders = new ArrayList<>(found.size());
        for (Map<String, AttributeValue> item : found) {
            orders.add(decodeOrder(item));
        }
        return orders;
    }

    private static Map<String, AttributeValue> orderKey(String customerId, String orderId) {
        return Map.of("PK", AttributeValue.fromS("CUSTOMER#" + customerId), "SK", AttributeValue.fromS("ORDER#" + orderId));
    }

    static Map<String, AttributeValue> encode(Order order) {
        Map<String, AttributeValue> item = new HashMap<>(16);
        item.put("PK", AttributeValue.fromS("CUSTOMER#" + order.customerId()));
        item.put("SK", AttributeValue.fromS("ORDER#" + order.orderId()));
        item.put("entityType", ORDER_TYPE);
        item.put("customerId", AttributeValue.fromS(order.customerId()));
        item.put("orderId", AttributeValue.fromS(order.orderId()));
        item.put("status", AttributeValue.fromS(order.status().name()));
        item.put("total", AttributeValue.fromN(order.total().toString()));
        item.put("itemCount", AttributeValue.fromN(Integer.toString(order.itemCount())));
        item.put("createdAt", AttributeValue.fromS(order.createdAt().toString()));
        List<AttributeValue> tags = new ArrayList<>(order.tags().size());
        for (String tag : order.tags()) {
            tags.add(AttributeValue.fromS(tag));
        }
        item.put("tags", AttributeValue.fromL(tags));
        return item;
    }

    static Order decodeOrder(Map<String, AttributeValue> item) {
        if (!"Order".equals(item.get("entityType").s())) {
            throw new IllegalStateException("not an Order: " + item.get("entityType"));
        }
        List<AttributeValue> tagValues = item.get("tags").l();
        List<String> tags = new ArrayList<>(tagValues.size());
        for (AttributeValue tag : tagValues) {
            tags.add(tag.s());
        }
        return new Order(item.get("customerId").s(), item.get("orderId").s(), OrderStatus.valueOf(item.get("status").s()),
                new BigDecimal(item.get("total").n()), Integer.parseInt(item.get("itemCount").n()),
                Instant.parse(item.get("createdAt").s()), List.copyOf(tags));
    }

    private static Address decodeAddress(Map<String, AttributeValue> item) {
        return new Address(item.get("customerId").s(), item.get("label").s(), item.get("street").s(), item.get("city").s(),
                item.get("zip").s());
    }

    private static Customer decodeCustomer(Map<String, AttributeValue> item) {
        return new Customer(item.get("customerId").s(), item.get("name").s(), item.get("email").s(),
                Instant.parse(item.get("createdAt").s()));
    }
}
