package dev.singletable.examples.ecommerce;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

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
public record Product(String productId, String name, String description, String category, BigDecimal price, int stock)
        implements ProductItems {

    public Product {
        price = price.setScale(2, RoundingMode.UNNECESSARY); // an amount of money: 129 read back equals 129.00 written
    }

    public static final Attribute<Product, String> PRODUCT_ID =
            Attribute.required("productId", AttributeTypes.STRING, Product::productId);
    public static final Attribute<Product, String> NAME =
            Attribute.required("name", AttributeTypes.STRING, Product::name);
    public static final Attribute<Product, String> DESCRIPTION =
            Attribute.of("description", AttributeTypes.STRING, Product::description);
    public static final Attribute<Product, String> CATEGORY =
            Attribute.required("category", AttributeTypes.STRING, Product::category);
    public static final Attribute<Product, BigDecimal> PRICE =
            Attribute.required("price", AttributeTypes.DECIMAL, Product::price);
    public static final Attribute<Product, Integer> STOCK =
            Attribute.required("stock", AttributeTypes.INTEGER, Product::stock);

    public static final EntitySchema<Product> SCHEMA = EntitySchema.builder(Product.class)
            .type("Product")
            .attributes(PRODUCT_ID, NAME, DESCRIPTION, CATEGORY, PRICE, STOCK)
            .primaryKey("PRODUCT#{productId}", "DETAILS")
            .index("GSI1", "CATEGORY#{category}", "PRICE#{price:%010.2f}")
            .factory(item -> new Product(item.get(PRODUCT_ID), item.get(NAME), item.get(DESCRIPTION), item.get(CATEGORY),
                    item.get(PRICE), item.get(STOCK)))
            .build();
}
