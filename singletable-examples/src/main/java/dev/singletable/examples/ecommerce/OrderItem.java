package dev.singletable.examples.ecommerce;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * One line of an order: a product, how many, and the price paid for each. Stored in the
 * order's own partition; on GSI2 it shares that partition with its {@link Order} (sort key
 * {@code ORDER}), so one query returns the lines ({@code ITEM#…}) followed by the order.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code ORDER#{orderId}}</td><td>{@code ITEM#{productId}}</td><td>items of an order</td></tr>
 *   <tr><td>GSI2</td><td>{@code ORDER#{orderId}}</td><td>{@code ITEM#{productId}}</td><td>order with all its items</td></tr>
 * </table>
 */
public record OrderItem(String orderId, String productId, int quantity, BigDecimal unitPrice) implements OrderDetails {

    public OrderItem {
        unitPrice = unitPrice.setScale(2, RoundingMode.UNNECESSARY); // an amount of money: 129 read back equals 129.00 written
    }

    public static final Attribute<OrderItem, String> ORDER_ID =
            Attribute.required("orderId", AttributeTypes.STRING, OrderItem::orderId);
    public static final Attribute<OrderItem, String> PRODUCT_ID =
            Attribute.required("productId", AttributeTypes.STRING, OrderItem::productId);
    public static final Attribute<OrderItem, Integer> QUANTITY =
            Attribute.required("quantity", AttributeTypes.INTEGER, OrderItem::quantity);
    public static final Attribute<OrderItem, BigDecimal> UNIT_PRICE =
            Attribute.required("unitPrice", AttributeTypes.DECIMAL, OrderItem::unitPrice);

    public static final EntitySchema<OrderItem> SCHEMA = EntitySchema.builder(OrderItem.class)
            .type("OrderItem")
            .attributes(ORDER_ID, PRODUCT_ID, QUANTITY, UNIT_PRICE)
            .primaryKey("ORDER#{orderId}", "ITEM#{productId}")
            .index("GSI2", "ORDER#{orderId}", "ITEM#{productId}")
            .factory(item -> new OrderItem(item.get(ORDER_ID), item.get(PRODUCT_ID), item.get(QUANTITY), item.get(UNIT_PRICE)))
            .build();

    /** What this line costs: quantity times unit price. */
    public BigDecimal lineTotal() {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }
}
