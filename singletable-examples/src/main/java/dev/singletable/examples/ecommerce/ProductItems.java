package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.ItemCollection;

/**
 * What a product's partition ({@code PRODUCT#{productId}}) holds: the {@link Product} and its
 * {@link Inventory} per location. Queried as {@link ProductItemsCollection#INSTANCE}, one request returns the
 * product with its stock everywhere.
 */
@ItemCollection
public sealed interface ProductItems permits Product, Inventory {
}
