package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import java.math.BigDecimal;
import javax.annotation.processing.Generated;

/**
 * The schema of {@link Product}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class ProductSchema {
    public static final Attribute<Product, String> SKU =
            Attribute.required("Sku", AttributeTypes.STRING, Product::sku);
    public static final Attribute<Product, BigDecimal> UNIT_PRICE =
            Attribute.of("UnitPrice", AttributeTypes.DECIMAL, Product::unitPrice);

    /** The entity {@code Product}: attributes, keys and how to build a {@link Product}. */
    public static final EntitySchema<Product> INSTANCE = EntitySchema.builder(Product.class)
            .type("Product")
            .attributes(SKU, UNIT_PRICE)
            .primaryKey("PRODUCT#{Sku}", "PRODUCT")
            .factory(item -> new Product(
                    item.get(SKU),
                    item.get(UNIT_PRICE)))
            .build();

    private ProductSchema() {
    }
}
