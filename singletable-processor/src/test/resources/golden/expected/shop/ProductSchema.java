package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Product}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class ProductSchema {
    public static final Attribute<Product, String> SKU =
            Attribute.required("Sku", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<Product, BigDecimal> UNIT_PRICE =
            Attribute.of("UnitPrice", AttributeTypes.DECIMAL, new Accessor<>(1));

    private static final Codec CODEC = new Codec();

    /** The entity {@code Product}: attributes, keys and how to build a {@link Product}. */
    public static final EntitySchema<Product> INSTANCE = EntitySchema.builder(Product.class)
            .type("Product")
            .attributes(SKU, UNIT_PRICE)
            .primaryKey("PRODUCT#{Sku}", "PRODUCT")
            .declaredWith(Declaration.ANNOTATIONS)
            .factory(CODEC)
            .codec(CODEC)
            .build();

    /**
     * Writes and reads a {@link Product} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Product>, Function<ItemReader, Product> {
        @Override
        public Product apply(ItemReader item) {
            return new Product(
                    item.get(SKU),
                    item.get(UNIT_PRICE));
        }

        @Override
        public void encode(Product entity, Map<String, AttributeValue> item) {
            item.put("Sku", SKU.type().toAttributeValue(Objects.requireNonNull(entity.sku(), "Sku")));
            BigDecimal unitPrice = entity.unitPrice();
            if (unitPrice != null) {
                item.put("UnitPrice", UNIT_PRICE.type().toAttributeValue(unitPrice));
            }
        }

        @Override
        public Product decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue sku = ItemCodec.stored(item, "Sku");
            AttributeValue unitPrice = ItemCodec.stored(item, "UnitPrice");
            return new Product(
                    sku == null ? ItemCodec.absent(SKU) : SKU.type().fromAttributeValue(sku),
                    unitPrice == null ? ItemCodec.absent(UNIT_PRICE) : UNIT_PRICE.type().fromAttributeValue(unitPrice));
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Product}. */
    private static final class Accessor<V> implements Function<Product, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Product entity) {
            return (V) value(entity);
        }

        private Object value(Product entity) {
            return switch (position) {
                case 0 -> entity.sku();
                case 1 -> entity.unitPrice();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private ProductSchema() {
    }
}
