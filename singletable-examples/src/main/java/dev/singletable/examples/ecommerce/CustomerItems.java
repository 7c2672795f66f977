package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.ItemCollection;

/**
 * What a customer's partition ({@code CUSTOMER#{customerId}}) holds: the {@link Customer}
 * profile and their {@link Order}s. Queried as {@link CustomerItemsCollection#INSTANCE}, one request returns the
 * customer with all their orders.
 */
@ItemCollection
public sealed interface CustomerItems permits Customer, Order {
}
