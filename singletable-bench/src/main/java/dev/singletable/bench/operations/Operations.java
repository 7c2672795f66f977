package dev.singletable.bench.operations;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The operations every client under test runs, each from the identifiers a caller has: get, put and update of one
 * order, the query of a customer's orders, the collection query of a customer's partition (3 entity types) and a batch
 * get of orders.
 */
interface Operations {
    Optional<Order> get(String customerId, String orderId);

    void put(Order order);

    /** Sets status and total of an existing order; returns the order as stored after the update. */
    Order update(String customerId, String orderId, OrderStatus status, BigDecimal total);

    List<Order> queryOrders(String customerId);

    List<CustomerItems> queryCollection(String customerId);

    List<Order> batchGet(String customerId, List<String> orderIds);
}
