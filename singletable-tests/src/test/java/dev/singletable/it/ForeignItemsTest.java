package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.KeyValues;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Items of entity types the read does not know (written raw, as another application or an older version of this
 * one might): a collection query skips them as a filter on the entity-type attribute would; a query of one entity
 * reads only its own sort key range, and refuses a foreign item found there loudly (issue 10).
 */
class ForeignItemsTest {
    sealed interface CustomerItems permits Customer, Order {
    }

    record Customer(String customerId, String name) implements CustomerItems {
    }

    record Order(String customerId, String orderId) implements CustomerItems {
    }

    static final Attribute<Customer, String> C_ID = Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    static final Attribute<Customer, String> C_NAME = Attribute.required("name", AttributeTypes.STRING, Customer::name);
    static final EntitySchema<Customer> CUSTOMER = EntitySchema.builder(Customer.class).attributes(C_ID, C_NAME)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE").factory(i -> new Customer(i.get(C_ID), i.get(C_NAME))).build();
    static final Attribute<Order, String> O_CUSTOMER = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> O_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class).attributes(O_CUSTOMER, O_ID)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}").factory(i -> new Order(i.get(O_CUSTOMER), i.get(O_ID))).build();
    static final EntityCollection<CustomerItems> CUSTOMER_ITEMS = EntityCollection.of(CustomerItems.class, CUSTOMER, ORDER);
    static final TableSchema SCHEMA = TableSchema.builder("Foreign").entities(CUSTOMER, ORDER).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @BeforeAll
    static void load() {
        db.table().put(new Customer("C1", "Ann"));
        db.table().put(new Order("C1", "O1"));
        db.table().put(new Order("C1", "O2"));
        db.table().put(new Customer("C2", "Bob"));
        db.table().put(new Order("C2", "O3"));
        raw("CUSTOMER#C1", "INVOICE#1", Map.of("entityType", AttributeValue.fromS("Invoice")));
        raw("CUSTOMER#C1", "NOTE", Map.of("text", AttributeValue.fromS("no entity type at all")));
        raw("CUSTOMER#C2", "ORDER#legacy-1", Map.of("entityType", AttributeValue.fromS("LegacyOrder")));
    }

    private static void raw(String pk, String sk, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(attributes);
        item.put("PK", AttributeValue.fromS(pk));
        item.put("SK", AttributeValue.fromS(sk));
        db.client().putItem(r -> r.tableName(db.tableName()).item(item));
    }

    @Test
    void collectionQuery_whenPartitionHoldsForeignItems_skipsThemAndReturnsTheMembers() {
        List<CustomerItems> items = db.table().query(CUSTOMER_ITEMS).partition(KeyValues.of("customerId", "C1")).list();

        assertThat(items).containsExactly(new Order("C1", "O1"), new Order("C1", "O2"), new Customer("C1", "Ann"));
    }

    @Test
    void collectionQuery_whenForeignItemsAreSkipped_countsOnlyTheMembersAgainstTheLimitAndPages() {
        List<CustomerItems> items = db.table().query(CUSTOMER_ITEMS).partition(KeyValues.of("customerId", "C1")).pageSize(1)
                .stream().toList();

        assertThat(items).containsExactly(new Order("C1", "O1"), new Order("C1", "O2"), new Customer("C1", "Ann"));
    }

    @Test
    void collectionCount_whenPartitionHoldsForeignItems_countsOnlyTheMembers() {
        long count = db.table().query(CUSTOMER_ITEMS).partition(KeyValues.of("customerId", "C1")).count();

        assertThat(count).isEqualTo(3);
    }

    @Test
    void entityQuery_whenAForeignItemLiesInItsSortKeyRange_refusesItNamingBothTypes() {
        assertThatThrownBy(() -> db.table().query(ORDER).partition(O_CUSTOMER, "C2").list())
                .isInstanceOf(EntityTypeMismatchException.class)
                .hasMessage("Item [PK=CUSTOMER#C2, SK=ORDER#legacy-1] in table " + db.tableName()
                        + " has entityType 'LegacyOrder' but was read as Order");
    }

    @Test
    void entityQuery_whenForeignItemsLieOutsideItsSortKeyRange_neverReadsThem() {
        List<RequestEvent> events = new ArrayList<>();
        Table listened = Table.builder(SCHEMA.toBuilder().name(db.tableName()).build(), db.client()).listener(events::add).build();

        assertThat(listened.query(ORDER).partition(O_CUSTOMER, "C1").list()).containsExactly(new Order("C1", "O1"), new Order("C1", "O2"));
        assertThat(listened.query(CUSTOMER).partition(C_ID, "C1").list()).containsExactly(new Customer("C1", "Ann"));
        // DynamoDB read 2 and 1 items: the key conditions (begins_with ORDER#, = PROFILE) left the rest of the partition out
        assertThat(events).extracting(RequestEvent::itemCount).containsExactly(2, 1);
    }
}
