package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link LineItem}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class LineItemSchema {
    public static final Attribute<LineItem, String> SKU =
            Attribute.of("sku", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<LineItem, Integer> QUANTITY =
            Attribute.required("quantity", AttributeTypes.INTEGER, new Accessor<>(1));
    public static final Attribute<LineItem, BigDecimal> PRICE =
            Attribute.of("price", AttributeTypes.DECIMAL, new Accessor<>(2));

    private static final Codec CODEC = new Codec();

    /** Stores a {@link LineItem} as a map (M). */
    public static final AttributeType<LineItem> TYPE =
            AttributeTypes.object(LineItem.class, List.of(SKU, QUANTITY, PRICE), CODEC, CODEC);

    /**
     * Writes and reads a {@link LineItem} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<LineItem>, Function<ItemReader, LineItem> {
        @Override
        public LineItem apply(ItemReader item) {
            return new LineItem(
                    item.get(SKU),
                    item.get(QUANTITY),
                    item.get(PRICE));
        }

        @Override
        public void encode(LineItem entity, Map<String, AttributeValue> item) {
            String sku = entity.sku();
            if (sku != null) {
                item.put("sku", SKU.type().toAttributeValue(sku));
            }
            item.put("quantity", AttributeValue.fromN(Integer.toString(entity.quantity())));
            BigDecimal price = entity.price();
            if (price != null) {
                item.put("price", PRICE.type().toAttributeValue(price));
            }
        }

        @Override
        public LineItem decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue sku = ItemCodec.stored(item, "sku");
            AttributeValue quantity = ItemCodec.stored(item, "quantity");
            AttributeValue price = ItemCodec.stored(item, "price");
            return new LineItem(
                    sku == null ? ItemCodec.absent(SKU) : SKU.type().fromAttributeValue(sku),
                    quantity == null ? ItemCodec.absent(QUANTITY) : QUANTITY.type().fromAttributeValue(quantity),
                    price == null ? ItemCodec.absent(PRICE) : PRICE.type().fromAttributeValue(price));
        }
    }

    /** Reads the attribute at a position of the list above from a {@link LineItem}. */
    private static final class Accessor<V> implements Function<LineItem, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(LineItem entity) {
            return (V) value(entity);
        }

        private Object value(LineItem entity) {
            return switch (position) {
                case 0 -> entity.sku();
                case 1 -> entity.quantity();
                case 2 -> entity.price();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private LineItemSchema() {
    }
}
