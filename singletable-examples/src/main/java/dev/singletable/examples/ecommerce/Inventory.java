package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Entity;

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
@Entity(pk = "PRODUCT#{productId}", sk = "INVENTORY#{location}")
public record Inventory(String productId, String location, int quantity) implements ProductItems {
}
