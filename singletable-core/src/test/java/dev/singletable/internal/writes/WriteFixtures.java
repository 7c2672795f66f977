package dev.singletable.internal.writes;

import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import java.lang.reflect.Proxy;

import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

/** A product (versioned, timestamped, sparse category index) and an order (seed 004) for write tests. */
final class WriteFixtures {
    private WriteFixtures() {
    }

    static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    enum Status { ACTIVE, RETIRED, PENDING, CONFIRMED }

    record Product(String sku, String name, String category, Integer stock, Status status, Set<String> tags,
                   List<String> history, Long count, Integer reserved, Long version, Instant createdAt, Instant updatedAt) {
        static Product of(String sku, int stock) {
            return new Product(sku, "Headphones", "audio", stock, Status.ACTIVE, Set.of(), List.of(), null, 0, null, null, null);
        }
    }

    static final Attribute<Product, String> SKU = Attribute.required("sku", AttributeTypes.STRING, Product::sku);
    static final Attribute<Product, String> NAME = Attribute.required("name", AttributeTypes.STRING, Product::name);
    static final Attribute<Product, String> CATEGORY = Attribute.of("category", AttributeTypes.STRING, Product::category);
    static final Attribute<Product, Integer> STOCK = Attribute.required("stock", AttributeTypes.INTEGER, Product::stock);
    static final Attribute<Product, Status> STATUS = Attribute.of("status", AttributeTypes.enumType(Status.class), Product::status);
    static final Attribute<Product, Set<String>> TAGS = Attribute.of("tags", AttributeTypes.STRING_SET, Product::tags);
    static final Attribute<Product, List<String>> HISTORY = Attribute.of("history", AttributeTypes.STRING_LIST, Product::history);
    static final Attribute<Product, Long> COUNT = Attribute.of("count", AttributeTypes.LONG, Product::count);
    static final Attribute<Product, Integer> RESERVED = Attribute.of("reserved", AttributeTypes.INTEGER, Product::reserved);
    static final Attribute<Product, Long> VERSION = Attribute.of("version", AttributeTypes.LONG, Product::version);
    static final Attribute<Product, Instant> CREATED = Attribute.of("createdAt", AttributeTypes.INSTANT, Product::createdAt);
    static final Attribute<Product, Instant> UPDATED = Attribute.of("updatedAt", AttributeTypes.INSTANT, Product::updatedAt);

    static final EntitySchema<Product> PRODUCT = EntitySchema.builder(Product.class)
            .attributes(SKU, NAME, CATEGORY, STOCK, STATUS, TAGS, HISTORY, COUNT, RESERVED, VERSION, CREATED, UPDATED)
            .primaryKey("PRODUCT#{sku}", "METADATA")
            .index("GSI1", "CATEGORY#{category}", "NAME#{name}")
            .version(VERSION).createdAt(CREATED).updatedAt(UPDATED)
            .factory(i -> new Product(i.get(SKU), i.get(NAME), i.get(CATEGORY), i.get(STOCK), i.get(STATUS), i.get(TAGS),
                    i.get(HISTORY), i.get(COUNT), i.get(RESERVED), i.get(VERSION), i.get(CREATED), i.get(UPDATED)))
            .build();

    record Order(String customerId, String orderId, Status status, BigDecimal total, Instant createdAt, Instant expiresAt) {
        static Order of(String customerId, String orderId, String total) {
            return new Order(customerId, orderId, Status.CONFIRMED, new BigDecimal(total), null, null);
        }
    }

    static final Attribute<Order, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, Status> ORDER_STATUS = Attribute.of("status", AttributeTypes.enumType(Status.class), Order::status);
    static final Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    static final Attribute<Order, Instant> ORDER_CREATED = Attribute.of("createdAt", AttributeTypes.INSTANT, Order::createdAt);
    static final Attribute<Order, Instant> EXPIRES = Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Order::expiresAt);

    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
            .attributes(CUSTOMER_ID, ORDER_ID, ORDER_STATUS, TOTAL, ORDER_CREATED, EXPIRES)
            .primaryKey("USER#{customerId}", "ORDER#{orderId}")
            .index("GSI1", "STATUS#{status}", "{createdAt}")
            .createdAt(ORDER_CREATED)
            .factory(i -> new Order(i.get(CUSTOMER_ID), i.get(ORDER_ID), i.get(ORDER_STATUS), i.get(TOTAL), i.get(ORDER_CREATED),
                    i.get(EXPIRES)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("WritesTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(PRODUCT, ORDER)
            .build();

    static KeyValues sku(String sku) {
        return KeyValues.of(SKU, sku);
    }

    static KeyValues order(String customerId, String orderId) {
        return KeyValues.of(CUSTOMER_ID, customerId).and(ORDER_ID, orderId);
    }

    /** A table that renders requests; its client fails the test if anything is sent. */
    static Table renderingTable() {
        return Table.builder(SCHEMA, (DynamoDbClient) Proxy.newProxyInstance(WriteFixtures.class.getClassLoader(),
                new Class<?>[]{DynamoDbClient.class}, (proxy, method, args) -> {
                    throw new AssertionError("nothing should be sent, but " + method.getName() + " was called");
                })).clock(CLOCK).build();
    }

    /** The renderer of the table's writes. */
    static WritePlans plans() {
        return new WritePlans(new BoundTable(SCHEMA, List.of(), CLOCK, CursorCodec.withDefaultKey()));
    }
}
