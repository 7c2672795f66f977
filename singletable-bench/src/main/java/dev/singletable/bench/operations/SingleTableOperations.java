package dev.singletable.bench.operations;

import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The operations through singletable's public {@link Table} API. */
final class SingleTableOperations implements Operations {
    private final Table table;

    SingleTableOperations(DynamoDbClient client) {
        this.table = Table.of(BenchTable.SCHEMA, client);
    }

    Table table() {
        return table;
    }

    @Override
    public Optional<Order> get(String customerId, String orderId) {
        return table.get(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, customerId).and(OrderSchema.ORDER_ID, orderId));
    }

    @Override
    public void put(Order order) {
        table.put(order);
    }

    @Override
    public Order update(String customerId, String orderId, OrderStatus status, BigDecimal total) {
        return table.update(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, customerId).and(OrderSchema.ORDER_ID, orderId),
                u -> u.set(OrderSchema.STATUS, status).set(OrderSchema.TOTAL, total));
    }

    @Override
    public List<Order> queryOrders(String customerId) {
        return table.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, customerId).sortBeginsWith(KeyValues.none()).list();
    }

    @Override
    public List<CustomerItems> queryCollection(String customerId) {
        return table.query(CustomerItemsCollection.INSTANCE).partition(KeyValues.of("customerId", customerId)).list();
    }

    @Override
    public List<Order> batchGet(String customerId, List<String> orderIds) {
        List<ItemKey<Order>> keys = new ArrayList<>(orderIds.size());
        for (String orderId : orderIds) {
            keys.add(ItemKey.of(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, customerId).and(OrderSchema.ORDER_ID, orderId)));
        }
        return table.batchGet(keys).orThrow().found(OrderSchema.INSTANCE);
    }
}
