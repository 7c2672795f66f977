package dev.singletable;

import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The README's example, verbatim, so that the documentation cannot drift from the API. */
class ReadmeExampleTest {
    record Customer(String customerId, String name) implements CustomerItems {}
    record Order(String customerId, String orderId, BigDecimal total) implements CustomerItems {}
    sealed interface CustomerItems permits Customer, Order {}

    static final Attribute<Customer, String> C_ID = Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    static final Attribute<Customer, String> NAME = Attribute.required("name", AttributeTypes.STRING, Customer::name);
    static final EntitySchema<Customer> CUSTOMER = EntitySchema.builder(Customer.class)
            .attributes(C_ID, NAME)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE")
            .factory(item -> new Customer(item.get(C_ID), item.get(NAME)))
            .build();

    static final Attribute<Order, String> O_CUSTOMER = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> O_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
            .attributes(O_CUSTOMER, O_ID, TOTAL)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .factory(item -> new Order(item.get(O_CUSTOMER), item.get(O_ID), item.get(TOTAL)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("AppTable").entities(CUSTOMER, ORDER).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void readmeExample_whenRun_returnsBothTypesInOneQuery() {
        Table table = db.table();
        table.createTable();                                         // idempotent; on-demand billing
        table.create(new Customer("C1", "Alice"));                   // fails with ItemAlreadyExistsException if present
        table.put(new Order("C1", "O1", new BigDecimal("99.99")));

        EntityCollection<CustomerItems> customerItems = EntityCollection.of(CustomerItems.class, CUSTOMER, ORDER);
        List<CustomerItems> all = table.query(customerItems).partition(KeyValues.of("customerId", "C1")).list(); // one Query
        List<Order> orders = table.query(ORDER).partition(O_CUSTOMER, "C1").sortBeginsWith(KeyValues.none()).list();

        assertThat(all).containsExactly(new Order("C1", "O1", new BigDecimal("99.99")), new Customer("C1", "Alice"));
        assertThat(orders).containsExactly(new Order("C1", "O1", new BigDecimal("99.99")));
        assertThatThrownBy(() -> table.create(new Customer("C1", "Alice again")))
                .isInstanceOf(ItemAlreadyExistsException.class);
    }

    @Test
    void put_whenOrderWritten_storesTheItemTheReadmeShows() {
        db.table().put(new Order("C1", "O1", new BigDecimal("99.99")));

        Map<String, AttributeValue> item = db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("CUSTOMER#C1"), "SK", AttributeValue.fromS("ORDER#O1"))).build()).item();

        assertThat(item).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#C1"),
                "SK", AttributeValue.fromS("ORDER#O1"),
                "entityType", AttributeValue.fromS("Order"),
                "customerId", AttributeValue.fromS("C1"),
                "orderId", AttributeValue.fromS("O1"),
                "total", AttributeValue.fromN("99.99")));
    }
}
