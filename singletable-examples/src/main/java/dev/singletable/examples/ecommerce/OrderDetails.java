package dev.singletable.examples.ecommerce;

import dev.singletable.EntityCollection;

/**
 * What an order's GSI2 partition ({@code ORDER#{orderId}}) holds: its {@link OrderItem}s and
 * the {@link Order} itself. Queried as {@link #COLLECTION} on GSI2, one request returns the
 * order with all its items.
 */
public sealed interface OrderDetails permits Order, OrderItem {

    EntityCollection<OrderDetails> COLLECTION = EntityCollection.of(OrderDetails.class, Order.SCHEMA, OrderItem.SCHEMA);
}
