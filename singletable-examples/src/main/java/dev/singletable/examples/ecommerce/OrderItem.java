package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

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
@Entity(pk = "ORDER#{orderId}", sk = "ITEM#{productId}")
@Index(name = "GSI2", pk = "ORDER#{orderId}", sk = "ITEM#{productId}")
public record OrderItem(String orderId,
                        String productId,
                        int quantity,
                        @Attribute(required = true) BigDecimal unitPrice)
        implements OrderDetails {

    public OrderItem {
        unitPrice = unitPrice.setScale(2, RoundingMode.UNNECESSARY); // an amount of money: 129 read back equals 129.00 written
    }

    /** What this line costs: quantity times unit price. */
    public BigDecimal lineTotal() {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }
}
