package dev.singletable.examples.ecommerce;

import dev.singletable.EntityCollection;

/**
 * What a customer's partition ({@code CUSTOMER#{customerId}}) holds: the {@link Customer}
 * profile and their {@link Order}s. Queried as {@link #COLLECTION}, one request returns the
 * customer with all their orders.
 */
public sealed interface CustomerItems permits Customer, Order {

    EntityCollection<CustomerItems> COLLECTION = EntityCollection.of(CustomerItems.class, Customer.SCHEMA, Order.SCHEMA);
}
