package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;

/**
 * The table of the bad-input catalogue and the null sweep: customers and their orders in one
 * partition, a versioned account, a reading with a numeric sort key slot, and an entity whose
 * attribute names are DynamoDB reserved words.
 */
final class BadInputModel {
    private BadInputModel() {
    }

    static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    enum Status { NEW, PAID, SHIPPED }

    sealed interface CustomerItems permits Customer, Order {}

    record Customer(String customerId, String name, String email) implements CustomerItems {}

    record Order(String customerId, String orderId, Status status, BigDecimal total, Instant placedAt, String note)
            implements CustomerItems {}

    record Account(String accountId, long balance, Long version) {}

    record Reading(String sensor, long seq, int level, Set<String> tags) {}

    /** Attribute names that are DynamoDB reserved words. */
    record Reserved(String id, String name, String data, Long count, String comment) {}

    static final Attribute<Customer, String> C_ID = Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    static final Attribute<Customer, String> C_NAME = Attribute.required("name", AttributeTypes.STRING, Customer::name);
    static final Attribute<Customer, String> C_EMAIL = Attribute.of("email", AttributeTypes.STRING, Customer::email);
    static final EntitySchema<Customer> CUSTOMER = EntitySchema.builder(Customer.class)
            .attributes(C_ID, C_NAME, C_EMAIL)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE")
            .factory(i -> new Customer(i.get(C_ID), i.get(C_NAME), i.get(C_EMAIL)))
            .build();

    static final Attribute<Order, String> O_CUSTOMER = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> O_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, Status> O_STATUS = Attribute.required("status", AttributeTypes.enumType(Status.class), Order::status);
    static final Attribute<Order, BigDecimal> O_TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    static final Attribute<Order, Instant> O_PLACED = Attribute.required("placedAt", AttributeTypes.INSTANT, Order::placedAt);
    static final Attribute<Order, String> O_NOTE = Attribute.of("note", AttributeTypes.STRING, Order::note);
    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
            .attributes(O_CUSTOMER, O_ID, O_STATUS, O_TOTAL, O_PLACED, O_NOTE)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .index("GSI1", "STATUS#{status}", "{placedAt}")
            .factory(i -> new Order(i.get(O_CUSTOMER), i.get(O_ID), i.get(O_STATUS), i.get(O_TOTAL), i.get(O_PLACED), i.get(O_NOTE)))
            .build();

    static final Attribute<Account, String> A_ID = Attribute.required("accountId", AttributeTypes.STRING, Account::accountId);
    static final Attribute<Account, Long> A_BALANCE = Attribute.required("balance", AttributeTypes.LONG, Account::balance);
    static final Attribute<Account, Long> A_VERSION = Attribute.of("version", AttributeTypes.LONG, Account::version);
    static final EntitySchema<Account> ACCOUNT = EntitySchema.builder(Account.class)
            .attributes(A_ID, A_BALANCE, A_VERSION)
            .primaryKey("ACCOUNT#{accountId}", "ACCOUNT")
            .version(A_VERSION)
            .factory(i -> new Account(i.get(A_ID), i.get(A_BALANCE), i.get(A_VERSION)))
            .build();

    static final Attribute<Reading, String> R_SENSOR = Attribute.required("sensor", AttributeTypes.STRING, Reading::sensor);
    static final Attribute<Reading, Long> R_SEQ = Attribute.required("seq", AttributeTypes.LONG, Reading::seq);
    static final Attribute<Reading, Integer> R_LEVEL = Attribute.required("level", AttributeTypes.INTEGER, Reading::level);
    static final Attribute<Reading, Set<String>> R_TAGS = Attribute.of("tags", AttributeTypes.STRING_SET, Reading::tags);
    static final EntitySchema<Reading> READING = EntitySchema.builder(Reading.class)
            .attributes(R_SENSOR, R_SEQ, R_LEVEL, R_TAGS)
            .primaryKey("SENSOR#{sensor}", "SEQ#{seq}")
            .factory(i -> new Reading(i.get(R_SENSOR), i.get(R_SEQ), i.get(R_LEVEL), i.get(R_TAGS)))
            .build();

    static final Attribute<Reserved, String> W_ID = Attribute.required("id", AttributeTypes.STRING, Reserved::id);
    static final Attribute<Reserved, String> W_NAME = Attribute.of("name", AttributeTypes.STRING, Reserved::name);
    static final Attribute<Reserved, String> W_DATA = Attribute.of("data", AttributeTypes.STRING, Reserved::data);
    static final Attribute<Reserved, Long> W_COUNT = Attribute.of("count", AttributeTypes.LONG, Reserved::count);
    static final Attribute<Reserved, String> W_COMMENT = Attribute.of("comment", AttributeTypes.STRING, Reserved::comment);
    static final EntitySchema<Reserved> RESERVED = EntitySchema.builder(Reserved.class)
            .attributes(W_ID, W_NAME, W_DATA, W_COUNT, W_COMMENT)
            .primaryKey("RESERVED#{id}", "RESERVED")
            .factory(i -> new Reserved(i.get(W_ID), i.get(W_NAME), i.get(W_DATA), i.get(W_COUNT), i.get(W_COMMENT)))
            .build();

    static final EntityCollection<CustomerItems> CUSTOMER_ITEMS = EntityCollection.of(CustomerItems.class, CUSTOMER, ORDER);

    static final TableSchema SCHEMA = TableSchema.builder("BadInput")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(CUSTOMER, ORDER, ACCOUNT, READING, RESERVED)
            .build();

    static KeyValues customerKey(String customerId) {
        return KeyValues.of(C_ID, customerId);
    }

    static KeyValues orderKey(String customerId, String orderId) {
        return KeyValues.of(O_CUSTOMER, customerId).and(O_ID, orderId);
    }

    static Order order(String customerId, String orderId) {
        return new Order(customerId, orderId, Status.NEW, new BigDecimal("9.99"), NOW, null);
    }
}
