package shop;

import com.github.f4b6a3.ulid.UlidCreator;
import dev.singletable.Attribute;
import dev.singletable.AttributePath;
import dev.singletable.AttributeTypes;
import dev.singletable.Declaration;
import dev.singletable.EntitySchema;
import dev.singletable.ItemReader;
import dev.singletable.extension.ItemCodec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Generated;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema of {@link Order}, generated from its annotations.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class OrderSchema {
    public static final Attribute<Order, String> CUSTOMER_ID =
            Attribute.required("customerId", AttributeTypes.STRING, new Accessor<>(0));
    public static final Attribute<Order, String> ORDER_ID =
            Attribute.required("orderId", AttributeTypes.STRING, new Accessor<>(1));
    public static final Attribute<Order, OrderStatus> STATUS =
            Attribute.of("status", AttributeTypes.enumType(OrderStatus.class, OrderStatus.values()), new Accessor<>(2));
    public static final Attribute<Order, BigDecimal> TOTAL =
            Attribute.of("total", AttributeTypes.DECIMAL, new Accessor<>(3));
    public static final Attribute<Order, Instant> CREATED_AT =
            Attribute.of("createdAt", AttributeTypes.INSTANT, new Accessor<>(4));
    public static final Attribute<Order, Instant> SHIPPED_AT =
            Attribute.of("shippedAt", AttributeTypes.INSTANT, new Accessor<>(5));
    public static final Attribute<Order, List<LineItem>> LINES =
            Attribute.of("lines", AttributeTypes.listOf(LineItemSchema.TYPE), new Accessor<>(6));
    public static final Attribute<Order, Address> SHIP_TO =
            Attribute.of("shipTo", AddressSchema.TYPE, new Accessor<>(7));
    public static final Attribute<Order, Instant> EXPIRES_AT =
            Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, new Accessor<>(8));

    // paths into embedded records (@Embeddable), for Update and Condition, as in u.set(SHIP_TO_STREET, value)
    public static final AttributePath<Order, String> SHIP_TO_STREET =
            SHIP_TO.then(AddressSchema.STREET);
    public static final AttributePath<Order, String> SHIP_TO_POSTAL_CODE =
            SHIP_TO.then(AddressSchema.POSTAL_CODE);
    public static final AttributePath<Order, String> SHIP_TO_CITY =
            SHIP_TO.then(AddressSchema.CITY);

    /** The index {@code GSI1}, as {@code query(...).index(OrderSchema.GSI1)} names it. */
    public static final String GSI1 = "GSI1";
    /** The index {@code GSI2}, as {@code query(...).index(OrderSchema.GSI2)} names it. */
    public static final String GSI2 = "GSI2";

    private static final Codec CODEC = new Codec();

    /** The entity {@code Order}: attributes, keys and how to build a {@link Order}. */
    public static final EntitySchema<Order> INSTANCE = EntitySchema.builder(Order.class)
            .type("Order")
            .attributes(CUSTOMER_ID, ORDER_ID, STATUS, TOTAL, CREATED_AT, SHIPPED_AT, LINES, SHIP_TO, EXPIRES_AT)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .index("GSI1", "STATUS#{status}", "{createdAt}")
            .index("GSI2", "SHIPPED", "{shippedAt}", new Predicate<Order>() {
                @Override
                public boolean test(Order entity) {
                    return entity.isShipped();
                }
            })
            .beforeWrite(new UnaryOperator<Order>() {
                @Override
                public Order apply(Order entity) {
                    return generateOrderId(entity);
                }
            })
            .beforeToItem(new BiConsumer<Order, Map<String, AttributeValue>>() {
                @Override
                public void accept(Order entity, Map<String, AttributeValue> item) {
                    Order.before(entity, item);
                }
            })
            .afterToItem(new BiConsumer<Order, Map<String, AttributeValue>>() {
                @Override
                public void accept(Order entity, Map<String, AttributeValue> item) {
                    Order.after(entity, item);
                }
            })
            .beforeFromItem(new Consumer<Map<String, AttributeValue>>() {
                @Override
                public void accept(Map<String, AttributeValue> item) {
                    Order.migrate(item);
                }
            })
            .afterFromItem(new BiFunction<Map<String, AttributeValue>, Order, Order>() {
                @Override
                public Order apply(Map<String, AttributeValue> item, Order entity) {
                    return Order.afterRead(item, entity);
                }
            })
            .declaredWith(Declaration.ANNOTATIONS)
            .factory(CODEC)
            .codec(CODEC)
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

    /**
     * Writes and reads a {@link Order} in straight-line code, through the same attribute types as the constants above.
     * As a function, it is the factory singletable falls back to when the item needs its checks.
     */
    private static final class Codec implements ItemCodec<Order>, Function<ItemReader, Order> {
        @Override
        public Order apply(ItemReader item) {
            return new Order(
                    item.get(CUSTOMER_ID),
                    item.get(ORDER_ID),
                    item.get(STATUS),
                    item.get(TOTAL),
                    item.get(CREATED_AT),
                    item.get(SHIPPED_AT),
                    item.get(LINES),
                    item.get(SHIP_TO),
                    item.get(EXPIRES_AT));
        }

        @Override
        public void encode(Order entity, Map<String, AttributeValue> item) {
            item.put("customerId", CUSTOMER_ID.type().toAttributeValue(Objects.requireNonNull(entity.customerId(), "customerId")));
            item.put("orderId", ORDER_ID.type().toAttributeValue(Objects.requireNonNull(entity.orderId(), "orderId")));
            OrderStatus status = entity.status();
            if (status != null) {
                item.put("status", STATUS.type().toAttributeValue(status));
            }
            BigDecimal total = entity.total();
            if (total != null) {
                item.put("total", TOTAL.type().toAttributeValue(total));
            }
            Instant createdAt = entity.createdAt();
            if (createdAt != null) {
                item.put("createdAt", CREATED_AT.type().toAttributeValue(createdAt));
            }
            Instant shippedAt = entity.shippedAt();
            if (shippedAt != null) {
                item.put("shippedAt", SHIPPED_AT.type().toAttributeValue(shippedAt));
            }
            List<LineItem> lines = entity.lines();
            if (lines != null) {
                item.put("lines", LINES.type().toAttributeValue(lines));
            }
            Address shipTo = entity.shipTo();
            if (shipTo != null) {
                item.put("shipTo", SHIP_TO.type().toAttributeValue(shipTo));
            }
            Instant expiresAt = entity.expiresAt();
            if (expiresAt != null) {
                item.put("expiresAt", EXPIRES_AT.type().toAttributeValue(expiresAt));
            }
        }

        @Override
        public Order decode(Map<String, AttributeValue> item, ItemReader reader) {
            AttributeValue customerId = ItemCodec.stored(item, "customerId");
            AttributeValue orderId = ItemCodec.stored(item, "orderId");
            AttributeValue status = ItemCodec.stored(item, "status");
            AttributeValue total = ItemCodec.stored(item, "total");
            AttributeValue createdAt = ItemCodec.stored(item, "createdAt");
            AttributeValue shippedAt = ItemCodec.stored(item, "shippedAt");
            AttributeValue lines = ItemCodec.stored(item, "lines");
            AttributeValue shipTo = ItemCodec.stored(item, "shipTo");
            AttributeValue expiresAt = ItemCodec.stored(item, "expiresAt");
            return new Order(
                    customerId == null ? ItemCodec.absent(CUSTOMER_ID) : CUSTOMER_ID.type().fromAttributeValue(customerId),
                    orderId == null ? ItemCodec.absent(ORDER_ID) : ORDER_ID.type().fromAttributeValue(orderId),
                    status == null ? ItemCodec.absent(STATUS) : STATUS.type().fromAttributeValue(status),
                    total == null ? ItemCodec.absent(TOTAL) : TOTAL.type().fromAttributeValue(total),
                    createdAt == null ? ItemCodec.absent(CREATED_AT) : CREATED_AT.type().fromAttributeValue(createdAt),
                    shippedAt == null ? ItemCodec.absent(SHIPPED_AT) : SHIPPED_AT.type().fromAttributeValue(shippedAt),
                    lines == null ? ItemCodec.absent(LINES) : LINES.type().fromAttributeValue(lines),
                    shipTo == null ? ItemCodec.absent(SHIP_TO) : SHIP_TO.type().fromAttributeValue(shipTo),
                    expiresAt == null ? ItemCodec.absent(EXPIRES_AT) : EXPIRES_AT.type().fromAttributeValue(expiresAt));
        }
    }

    /** Reads the attribute at a position of the list above from a {@link Order}. */
    private static final class Accessor<V> implements Function<Order, V> {
        private final int position;

        Accessor(int position) {
            this.position = position;
        }

        @Override
        @SuppressWarnings("unchecked")
        public V apply(Order entity) {
            return (V) value(entity);
        }

        private Object value(Order entity) {
            return switch (position) {
                case 0 -> entity.customerId();
                case 1 -> entity.orderId();
                case 2 -> entity.status();
                case 3 -> entity.total();
                case 4 -> entity.createdAt();
                case 5 -> entity.shippedAt();
                case 6 -> entity.lines();
                case 7 -> entity.shipTo();
                case 8 -> entity.expiresAt();
                default -> throw new IllegalStateException("no attribute at position " + position);
            };
        }
    }

    private OrderSchema() {
    }
}
