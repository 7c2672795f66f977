package shop;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import java.math.BigDecimal;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The schema of {@link LineItem}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class LineItemSchema {
    public static final Attribute<LineItem, String> SKU =
            Attribute.of("sku", AttributeTypes.STRING, LineItem::sku);
    public static final Attribute<LineItem, Integer> QUANTITY =
            Attribute.required("quantity", AttributeTypes.INTEGER, LineItem::quantity);
    public static final Attribute<LineItem, BigDecimal> PRICE =
            Attribute.of("price", AttributeTypes.DECIMAL, LineItem::price);

    /** Stores a {@link LineItem} as a map (M). */
    public static final AttributeType<LineItem> TYPE =
            AttributeTypes.object(LineItem.class, List.of(SKU, QUANTITY, PRICE),
                    item -> new LineItem(
                            item.get(SKU),
                            item.get(QUANTITY),
                            item.get(PRICE)));

    private LineItemSchema() {
    }
}
