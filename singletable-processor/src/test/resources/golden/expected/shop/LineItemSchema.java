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
    public static final Attribute<LineItem, String> SKU = Attribute.of("sku", AttributeTypes.STRING,
            new Function<LineItem, String>() {
                @Override
                public String apply(LineItem entity) {
                    return entity.sku();
                }
            });
    public static final Attribute<LineItem, Integer> QUANTITY = Attribute.required("quantity", AttributeTypes.INTEGER,
            new Function<LineItem, Integer>() {
                @Override
                public Integer apply(LineItem entity) {
                    return entity.quantity();
                }
            });
    public static final Attribute<LineItem, BigDecimal> PRICE = Attribute.of("price", AttributeTypes.DECIMAL,
            new Function<LineItem, BigDecimal>() {
                @Override
                public BigDecimal apply(LineItem entity) {
                    return entity.price();
                }
            });

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

    private LineItemSchema() {
    }
}
