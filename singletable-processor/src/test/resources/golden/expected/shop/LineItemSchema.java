package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.ItemReader;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.Function;
import javax.annotation.processing.Generated;

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

    /** Stores a {@link LineItem} as a map (M). */
    public static final AttributeType<LineItem> TYPE =
            AttributeTypes.object(LineItem.class, List.of(SKU, QUANTITY, PRICE),
            new Function<ItemReader, LineItem>() {
                @Override
                public LineItem apply(ItemReader item) {
                    return new LineItem(
                            item.get(SKU),
                            item.get(QUANTITY),
                            item.get(PRICE));
                }
            });

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
