package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A product in the catalogue, at the head of its partition; its {@link Inventory} per location
 * sorts after it. GSI1 lists the products of a category by price: the price is written
 * fixed-width ({@code %010.2f}, so {@code 49.99} becomes {@code 0000049.99}) so that text order
 * is price order.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code PRODUCT#{productId}}</td><td>{@code DETAILS}</td><td>product, product with inventory</td></tr>
 *   <tr><td>GSI1</td><td>{@code CATEGORY#{category}}</td><td>{@code PRICE#{price:%010.2f}}</td><td>products of a category by price</td></tr>
 * </table>
 *
 * @param category the {@link Category#path()} of the category the product is listed in
 * @param stock    units in stock over all locations
 */
@Entity(pk = "PRODUCT#{productId}", sk = "DETAILS")
@Index(name = "GSI1", pk = "CATEGORY#{category}", sk = "PRICE#{price:%010.2f}")
public record Product(String productId,
                      @Attribute(required = true) String name,
                      String description,
                      @Attribute(required = true) String category,
                      @Attribute(required = true) BigDecimal price,
                      int stock)
        implements ProductItems {

    public Product {
        price = price.setScale(2, RoundingMode.UNNECESSARY); // an amount of money: 129 read back equals 129.00 written
    }
}
