package dev.singletable.examples.ecommerce;

import dev.singletable.EntityCollection;

/**
 * What a product's partition ({@code PRODUCT#{productId}}) holds: the {@link Product} and its
 * {@link Inventory} per location. Queried as {@link #COLLECTION}, one request returns the
 * product with its stock everywhere.
 */
public sealed interface ProductItems permits Product, Inventory {

    EntityCollection<ProductItems> COLLECTION = EntityCollection.of(ProductItems.class, Product.SCHEMA, Inventory.SCHEMA);
}
