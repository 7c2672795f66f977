package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link KeyReader}: a stored item's primary key read back into the values its entity's templates composed it from. */
class KeyReaderTest {
    record Customer(String customerId, String name) {
    }

    record Order(String customerId, String orderId, Instant placedAt) {
    }

    static final Attribute<Customer, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    static final Attribute<Customer, String> NAME = Attribute.of("name", AttributeTypes.STRING, Customer::name);
    static final EntitySchema<Customer> CUSTOMER = EntitySchema.builder(Customer.class).attributes(CUSTOMER_ID, NAME)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE").factory(i -> new Customer(i.get(CUSTOMER_ID), i.get(NAME))).build();

    static final Attribute<Order, String> ORDER_CUSTOMER = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, Instant> PLACED_AT = Attribute.required("placedAt", AttributeTypes.INSTANT, Order::placedAt);
    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class).attributes(ORDER_CUSTOMER, ORDER_ID, PLACED_AT)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{placedAt}#{orderId}")
            .factory(i -> new Order(i.get(ORDER_CUSTOMER), i.get(ORDER_ID), i.get(PLACED_AT))).build();

    static final TableSchema SCHEMA = TableSchema.builder("Shop").entities(CUSTOMER, ORDER).build();
    static final KeyReader KEYS = KeyReader.of(SCHEMA);

    @Test
    void values_whenKeyComposedFromValuesWithDelimiters_readsTheValuesBack() {
        Order order = new Order("C#1", "a#b\\c", Instant.parse("2025-05-19T10:00:00Z"));
        Map<String, AttributeValue> item = Table.offline(SCHEMA).toItem(order);

        assertThat(KEYS.values(ORDER, item).asMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of("customerId", "C#1", "orderId", "a#b\\c", "placedAt", order.placedAt()));
    }

    @Test
    void matches_whenKeyIsOneEntitysOnly_findsThatEntity() {
        Map<String, AttributeValue> item = key("CUSTOMER#C1", "PROFILE");

        assertThat(KEYS.matches(item)).containsExactly(new KeyReader.Match(CUSTOMER, KeyValues.of("customerId", "C1")));
        assertThat(KEYS.matches(key("CUSTOMER#C1", "ORDER#2025-05-19T10:00:00.000000000Z#O1")))
                .extracting(match -> match.entity().type()).containsExactly("Order");
    }

    @Test
    void matches_whenNoTemplateComposesTheKey_isEmpty() {
        assertThat(KEYS.matches(key("CUSTOMER#C1", "INVOICE#1"))).isEmpty();
        assertThat(KEYS.matches(key("CUSTOMER#C#1", "PROFILE"))).as("an unescaped '#' after the slot's literal").isEmpty();
        assertThat(KEYS.matches(Map.of("PK", AttributeValue.fromS("CUSTOMER#C1")))).as("no sort key").isEmpty();
    }

    @Test
    void values_whenKeyIsNotTheEntitys_saysWhichTemplateAndWhy() {
        assertThatThrownBy(() -> KEYS.values(CUSTOMER, key("CUSTOMER#C1", "ORDER#x#1")))
                .isInstanceOf(KeyTemplateException.class)
                .hasMessageContaining("does not match").hasMessageContaining("'PROFILE'");
        assertThatThrownBy(() -> KEYS.values(ORDER, key("CUSTOMER#C1", "ORDER#yesterday#1")))
                .isInstanceOf(KeyTemplateException.class).hasMessageContaining("slot {placedAt}");
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }
}
