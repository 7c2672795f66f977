package dev.singletable.bench.operations;

import dev.singletable.annotations.ItemCollection;

/** What a customer's partition holds: three entity types, read by one collection query. */
@ItemCollection
public sealed interface CustomerItems permits Customer, Order, Address {
}
