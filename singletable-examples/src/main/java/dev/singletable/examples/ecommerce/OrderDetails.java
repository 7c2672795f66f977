package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.ItemCollection;

/**
 * What an order's GSI2 partition ({@code ORDER#{orderId}}) holds: its {@link OrderItem}s and
 * the {@link Order} itself. Queried as {@link OrderDetailsCollection#INSTANCE} on GSI2, one request returns the
 * order with all its items.
 */
@ItemCollection
public sealed interface OrderDetails permits Order, OrderItem {
}
