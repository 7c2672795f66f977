package dev.singletable.examples.ecommerce;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

/**
 * How many units of a product one location holds, stored in the product's partition after the
 * {@link Product} itself.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code PRODUCT#{productId}}</td><td>{@code INVENTORY#{location}}</td><td>product with inventory</td></tr>
 * </table>
 */
public record Inventory(String productId, String location, int quantity) implements ProductItems {

    public static final Attribute<Inventory, String> PRODUCT_ID =
            Attribute.required("productId", AttributeTypes.STRING, Inventory::productId);
    public static final Attribute<Inventory, String> LOCATION =
            Attribute.required("location", AttributeTypes.STRING, Inventory::location);
    public static final Attribute<Inventory, Integer> QUANTITY =
            Attribute.required("quantity", AttributeTypes.INTEGER, Inventory::quantity);

    public static final EntitySchema<Inventory> SCHEMA = EntitySchema.builder(Inventory.class)
            .type("Inventory")
            .attributes(PRODUCT_ID, LOCATION, QUANTITY)
            .primaryKey("PRODUCT#{productId}", "INVENTORY#{location}")
            .factory(item -> new Inventory(item.get(PRODUCT_ID), item.get(LOCATION), item.get(QUANTITY)))
            .build();
}
