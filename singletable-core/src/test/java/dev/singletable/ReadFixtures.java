package dev.singletable;

import java.math.BigDecimal;
import java.time.Instant;

/** A small design for rendering tests, on an offline table: anything sent fails the test. */
final class ReadFixtures {
    private ReadFixtures() {
    }

    enum Status { PENDING, SHIPPED }

    record Customer(String customerId, String name) implements CustomerItems {
    }

    record Order(String customerId, String orderId, Status status, BigDecimal total, Instant createdAt, String note)
            implements CustomerItems {
    }

    sealed interface CustomerItems permits Customer, Order {
    }

    static final Attribute<Customer, String> C_ID = Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    static final Attribute<Customer, String> NAME = Attribute.required("name", AttributeTypes.STRING, Customer::name);
    static final EntitySchema<Customer> CUSTOMER = EntitySchema.builder(Customer.class)
            .attributes(C_ID, NAME)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE")
            .factory(item -> new Customer(item.get(C_ID), item.get(NAME)))
            .build();

    static final Attribute<Order, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, Status> STATUS = Attribute.required("status", AttributeTypes.enumType(Status.class), Order::status);
    static final Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    static final Attribute<Order, Instant> CREATED_AT = Attribute.required("createdAt", AttributeTypes.INSTANT, Order::createdAt);
    static final Attribute<Order, String> NOTE = Attribute.of("note", AttributeTypes.STRING, Order::note);
    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
            .attributes(CUSTOMER_ID, ORDER_ID, STATUS, TOTAL, CREATED_AT, NOTE)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .index("GSI1", "STATUS#{status}", "{createdAt}")
            .factory(item -> new Order(item.get(CUSTOMER_ID), item.get(ORDER_ID), item.get(STATUS), item.get(TOTAL),
                    item.get(CREATED_AT), item.get(NOTE)))
            .build();

    static final EntityCollection<CustomerItems> CUSTOMER_ITEMS = EntityCollection.of(CustomerItems.class, CUSTOMER, ORDER);

    static final TableSchema SCHEMA = TableSchema.builder("AppTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(CUSTOMER, ORDER)
            .build();

    /** An offline table: a request sent throws {@link OfflineTableException}, so a test passing proves nothing was sent. */
    static Table table() {
        return Table.offline(SCHEMA);
    }
}
