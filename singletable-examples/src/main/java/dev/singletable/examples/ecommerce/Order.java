package dev.singletable.examples.ecommerce;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Optional;

/**
 * An order, stored in its customer's partition. GSI1 lists orders by status and time; GSI2
 * puts the order at the head of its own partition, next to its {@link OrderItem}s, so that an
 * order and all its items come back in one request.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code CUSTOMER#{customerId}}</td><td>{@code ORDER#{orderId}}</td><td>orders of a customer, single order</td></tr>
 *   <tr><td>GSI1</td><td>{@code STATUS#{status}}</td><td>{@code {createdAt}}</td><td>orders by status, oldest first</td></tr>
 *   <tr><td>GSI2</td><td>{@code ORDER#{orderId}}</td><td>{@code ORDER}</td><td>order with all its items</td></tr>
 * </table>
 *
 * @param shippedAt when the order left the warehouse; empty until it has
 */
@Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
@Index(name = "GSI1", pk = "STATUS#{status}", sk = "{createdAt}")
@Index(name = "GSI2", pk = "ORDER#{orderId}", sk = "ORDER")
public record Order(String customerId,
                    String orderId,
                    @Attribute(required = true) OrderStatus status,
                    @Attribute(required = true) BigDecimal total,
                    @Attribute(required = true) Instant createdAt,
                    Optional<Instant> shippedAt)
        implements CustomerItems, OrderDetails {

    public Order {
        total = total.setScale(2, RoundingMode.UNNECESSARY); // an amount of money: 129 read back equals 129.00 written
    }
}
