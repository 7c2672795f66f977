package dev.singletable.examples.ecommerce;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

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
public record Order(String customerId, String orderId, OrderStatus status, BigDecimal total, Instant createdAt,
                    Optional<Instant> shippedAt) implements CustomerItems, OrderDetails {

    public Order {
        total = total.setScale(2, RoundingMode.UNNECESSARY); // an amount of money: 129 read back equals 129.00 written
    }

    public static final Attribute<Order, String> CUSTOMER_ID =
            Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    public static final Attribute<Order, String> ORDER_ID =
            Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    public static final Attribute<Order, OrderStatus> STATUS =
            Attribute.required("status", AttributeTypes.enumType(OrderStatus.class), Order::status);
    public static final Attribute<Order, BigDecimal> TOTAL =
            Attribute.required("total", AttributeTypes.DECIMAL, Order::total);
    public static final Attribute<Order, Instant> CREATED_AT =
            Attribute.required("createdAt", AttributeTypes.INSTANT, Order::createdAt);
    public static final Attribute<Order, Optional<Instant>> SHIPPED_AT =
            Attribute.of("shippedAt", AttributeTypes.optional(AttributeTypes.INSTANT), Order::shippedAt);

    public static final EntitySchema<Order> SCHEMA = EntitySchema.builder(Order.class)
            .type("Order")
            .attributes(CUSTOMER_ID, ORDER_ID, STATUS, TOTAL, CREATED_AT, SHIPPED_AT)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .index("GSI1", "STATUS#{status}", "{createdAt}")
            .index("GSI2", "ORDER#{orderId}", "ORDER")
            .factory(item -> new Order(item.get(CUSTOMER_ID), item.get(ORDER_ID), item.get(STATUS), item.get(TOTAL),
                    item.get(CREATED_AT), item.get(SHIPPED_AT)))
            .build();
}
