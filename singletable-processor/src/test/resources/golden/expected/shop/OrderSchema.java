package shop;

import com.github.f4b6a3.ulid.UlidCreator;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The schema of {@link Order}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class OrderSchema {
    public static final Attribute<Order, String> CUSTOMER_ID =
            Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    public static final Attribute<Order, String> ORDER_ID =
            Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    public static final Attribute<Order, OrderStatus> STATUS =
            Attribute.of("status", AttributeTypes.enumType(OrderStatus.class), Order::status);
    public static final Attribute<Order, BigDecimal> TOTAL =
            Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    public static final Attribute<Order, Instant> CREATED_AT =
            Attribute.of("createdAt", AttributeTypes.INSTANT, Order::createdAt);
    public static final Attribute<Order, Instant> SHIPPED_AT =
            Attribute.of("shippedAt", AttributeTypes.INSTANT, Order::shippedAt);
    public static final Attribute<Order, List<LineItem>> LINES =
            Attribute.of("lines", AttributeTypes.listOf(LineItemSchema.TYPE), Order::lines);
    public static final Attribute<Order, Address> SHIP_TO =
            Attribute.of("shipTo", AddressSchema.TYPE, Order::shipTo);
    public static final Attribute<Order, Instant> EXPIRES_AT =
            Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Order::expiresAt);

    /** The index {@code GSI1}, as {@code query(...).index(OrderSchema.GSI1)} names it. */
    public static final String GSI1 = "GSI1";
    /** The index {@code GSI2}, as {@code query(...).index(OrderSchema.GSI2)} names it. */
    public static final String GSI2 = "GSI2";

    /** The entity {@code Order}: attributes, keys and how to build a {@link Order}. */
    public static final EntitySchema<Order> INSTANCE = EntitySchema.builder(Order.class)
            .type("Order")
            .attributes(CUSTOMER_ID, ORDER_ID, STATUS, TOTAL, CREATED_AT, SHIPPED_AT, LINES, SHIP_TO, EXPIRES_AT)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .index("GSI1", "STATUS#{status}", "{createdAt}")
            .index("GSI2", "SHIPPED", "{shippedAt}", Order::isShipped)
            .beforeWrite(OrderSchema::generateOrderId)
            .beforeToItem(Order::before)
            .afterToItem(Order::after)
            .beforeFromItem(Order::migrate)
            .afterFromItem(Order::afterRead)
            .factory(item -> new Order(
                    item.get(CUSTOMER_ID),
                    item.get(ORDER_ID),
                    item.get(STATUS),
                    item.get(TOTAL),
                    item.get(CREATED_AT),
                    item.get(SHIPPED_AT),
                    item.get(LINES),
                    item.get(SHIP_TO),
                    item.get(EXPIRES_AT)))
            .build();

    /** Fills {@code orderId} with a new ULID when it is null. */
    private static Order generateOrderId(Order entity) {
        if (entity.orderId() != null) {
            return entity;
        }
        return new Order(
                entity.customerId(),
                UlidCreator.getMonotonicUlid().toString(),
                entity.status(),
                entity.total(),
                entity.createdAt(),
                entity.shippedAt(),
                entity.lines(),
                entity.shipTo(),
                entity.expiresAt());
    }

    private OrderSchema() {
    }
}
