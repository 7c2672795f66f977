package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Entities without classes: two entity types sharing DynamicItem in one table, mapped through the ordinary paths. */
class DynamicItemTest {
    private static final Attribute<DynamicItem, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING,
            item -> item.find("customerId", String.class).orElse(null));
    private static final Attribute<DynamicItem, String> NAME = Attribute.of("name", AttributeTypes.STRING,
            item -> item.find("name", String.class).orElse(null));
    private static final Attribute<DynamicItem, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING,
            item -> item.find("orderId", String.class).orElse(null));
    private static final Attribute<DynamicItem, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL,
            item -> item.find("total", BigDecimal.class).orElse(null));

    private static final EntitySchema<DynamicItem> CUSTOMER = EntitySchema.builder(DynamicItem.class).type("Customer")
            .attributes(CUSTOMER_ID, NAME)
            .primaryKey("CUSTOMER#{customerId}", "PROFILE")
            .factory(item -> DynamicItem.builder("Customer").set("customerId", item.get(CUSTOMER_ID)).set("name", item.get(NAME)).build())
            .build();
    private static final EntitySchema<DynamicItem> ORDER = EntitySchema.builder(DynamicItem.class).type("Order")
            .attributes(CUSTOMER_ID, ORDER_ID, TOTAL)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
            .factory(item -> DynamicItem.builder("Order").set("customerId", item.get(CUSTOMER_ID)).set("orderId", item.get(ORDER_ID))
                    .set("total", item.get(TOTAL)).build())
            .build();
    private static final TableSchema SCHEMA = TableSchema.builder("AppTable").entities(CUSTOMER, ORDER).build();

    private final Table table = Table.offline(SCHEMA);

    @Test
    void toItem_whenTwoDynamicEntitiesShareTheClass_findsEachByItsEntityType() {
        DynamicItem order = DynamicItem.builder("Order").set("customerId", "C1").set("orderId", "O1").set("total", new BigDecimal("9.99")).build();
        DynamicItem customer = DynamicItem.builder("Customer").set("customerId", "C1").set("name", "Ada").build();

        assertThat(new TreeMap<>(table.toItem(order))).hasToString(new TreeMap<>(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#C1"), "SK", AttributeValue.fromS("ORDER#O1"),
                "entityType", AttributeValue.fromS("Order"), "customerId", AttributeValue.fromS("C1"),
                "orderId", AttributeValue.fromS("O1"), "total", AttributeValue.fromN("9.99"))).toString());
        assertThat(new TreeMap<>(table.toItem(customer))).hasToString(new TreeMap<>(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#C1"), "SK", AttributeValue.fromS("PROFILE"),
                "entityType", AttributeValue.fromS("Customer"), "customerId", AttributeValue.fromS("C1"),
                "name", AttributeValue.fromS("Ada"))).toString());
    }

    @Test
    void fromItem_whenGivenTheItemOfToItem_givesAnEqualItemBack() {
        DynamicItem order = DynamicItem.builder("Order").set("customerId", "C1").set("orderId", "O1").set("total", new BigDecimal("9.99")).build();

        assertThat(table.fromItem(ORDER, table.toItem(order))).isEqualTo(order).hasToString("Order{customerId=C1, orderId=O1, total=9.99}");
    }

    @Test
    void toItem_whenEntityTypeIsMistyped_failsSuggestingTheName() {
        DynamicItem order = DynamicItem.builder("Ordr").set("customerId", "C1").set("orderId", "O1").build();

        assertThatThrownBy(() -> table.toItem(order))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("No dynamic entity type 'Ordr' in table AppTable; did you mean 'Order'? (entities are [Customer, Order])");
    }

    @Test
    void toItem_whenTheItemSetsAnAttributeTheEntityDoesNotDeclare_isRefusedNamingIt() {
        DynamicItem customer = DynamicItem.builder("Customer").set("customerId", "C1").set("name", "Ada").set("nmae", "Ada L.").build();

        assertThatThrownBy(() -> table.toItem(customer))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer.nmae: the item sets 'nmae' (Ada L.), which Customer does not declare, so it would not be "
                        + "written; did you mean 'name'? declare it in the schema file, or remove it from the item (the attributes "
                        + "are [customerId, name])");
    }

    record Invoice(String invoiceId) {
    }

    @Test
    void toItem_whenTheNameIsAClassEntitysType_saysSoWithoutSuggestingTheSameName() {
        Attribute<Invoice, String> id = Attribute.required("invoiceId", AttributeTypes.STRING, Invoice::invoiceId);
        EntitySchema<Invoice> invoice = EntitySchema.builder(Invoice.class).attributes(id).primaryKey("INVOICE#{invoiceId}", "INVOICE")
                .factory(i -> new Invoice(i.get(id))).build();
        Table mixed = Table.offline(TableSchema.builder("AppTable").entities(CUSTOMER, invoice).build());

        assertThatThrownBy(() -> mixed.toItem(DynamicItem.builder("Invoice").set("invoiceId", "I1").build()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Entity type 'Invoice' of table AppTable is the entity of class Invoice, not a dynamic entity: put "
                        + "Invoice objects, or declare 'Invoice' in a schema file to put DynamicItems of it");
    }

    @Test
    void get_whenAttributeIsAbsentOrOfAnotherType_failsNamingIt() {
        DynamicItem customer = DynamicItem.builder("Customer").set("customerId", "C1").build();

        assertThatThrownBy(() -> customer.getString("name"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer.name has no value; the item has [customerId]; check has(\"name\") or use find(\"name\", ...) "
                        + "for an optional attribute");
        assertThatThrownBy(() -> customer.getLong("customerId"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer.customerId: the value C1 is a String, not a Long; read it with the getter of its attribute type");
    }

    @Test
    void equals_whenBytesAreEqualInContent_isEqualAndCopiesAreImmutable() {
        byte[] bytes = {1, 2};
        DynamicItem first = DynamicItem.builder("Blob").set("data", bytes).build();
        bytes[0] = 9;

        assertThat(first).isEqualTo(DynamicItem.builder("Blob").set("data", new byte[]{1, 2}).build())
                .hasSameHashCodeAs(DynamicItem.builder("Blob").set("data", new byte[]{1, 2}).build())
                .hasToString("Blob{data=<2 bytes>}");
        assertThat(first.getBytes("data")).containsExactly(1, 2);
        assertThat(first.toBuilder().remove("data").build().values()).isEmpty();
    }

    @Test
    void set_whenValueIsNull_refusesAndPointsAtRemove() {
        assertThatThrownBy(() -> DynamicItem.builder("Blob").set("data", null))
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("DynamicItem.Builder.set(value): value is null; use remove(\"data\") for an absent data");
    }
}
