package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.annotations.Default;
import dev.singletable.annotations.Entity;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A NULL another tool stored under an attribute with a default reads as the default, as the absent attribute does;
 * a nullable attribute's NULL (singletable's own null) reads as null. The generated schema and a builder schema of
 * the same declarations read the same item alike, and so does a nested record's attribute.
 */
class StoredNullDefaultsTest {
    @Entity(pk = "PRICE#{id}", sk = "PRICE")
    record Price(String id, @Default("EUR") String currency, @Default("1") Integer quantity,
                 @dev.singletable.annotations.Attribute(nullable = true) @Default("none") String memo) {
    }

    record Line(String sku, String unit) {
    }

    record Order(String id, String currency, Integer quantity, String memo, Line line) {
    }

    static final Attribute<Line, String> SKU = Attribute.required("sku", AttributeTypes.STRING, Line::sku);
    static final Attribute<Line, String> UNIT = Attribute.of("unit", AttributeTypes.STRING, Line::unit).withDefault("piece");
    static final AttributeType<Line> LINE = AttributeTypes.object(Line.class, List.of(SKU, UNIT), r -> new Line(r.get(SKU), r.get(UNIT)));

    static final Attribute<Order, String> ID = Attribute.required("id", AttributeTypes.STRING, Order::id);
    static final Attribute<Order, String> CURRENCY = Attribute.of("currency", AttributeTypes.STRING, Order::currency).withDefault("EUR");
    static final Attribute<Order, Integer> QUANTITY = Attribute.of("quantity", AttributeTypes.INTEGER, Order::quantity).withDefault(1);
    static final Attribute<Order, String> MEMO = Attribute.of("memo", AttributeTypes.STRING, Order::memo).nullable().withDefault("none");
    static final Attribute<Order, Line> LINE_ATTRIBUTE = Attribute.of("line", LINE, Order::line);

    static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
            .attributes(ID, CURRENCY, QUANTITY, MEMO, LINE_ATTRIBUTE)
            .primaryKey("ORDER#{id}", "ORDER")
            .factory(r -> new Order(r.get(ID), r.get(CURRENCY), r.get(QUANTITY), r.get(MEMO), r.get(LINE_ATTRIBUTE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("StoredNulls").entities(StoredNullDefaultsTest_PriceSchema.INSTANCE, ORDER).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final AttributeValue NULL = AttributeValue.fromNul(true);

    /** An item as another tool writes it: NULL under every attribute but the key. */
    private static void putForeign(String type, String pk, String sk, String id, Map<String, AttributeValue> values) {
        Map<String, AttributeValue> item = new HashMap<>(values);
        item.put("PK", AttributeValue.fromS(pk));
        item.put("SK", AttributeValue.fromS(sk));
        item.put("entityType", AttributeValue.fromS(type));
        item.put("id", AttributeValue.fromS(id));
        db.client().putItem(p -> p.tableName(db.tableName()).item(item));
    }

    @Test
    void get_whenAnotherToolStoredNullUnderDefaultedAttributes_generatedSchemaReadsTheDefaultsAndTheNullablesNull() {
        putForeign("Price", "PRICE#p1", "PRICE", "p1", Map.of("currency", NULL, "quantity", NULL, "memo", NULL));

        Price read = db.table().get(StoredNullDefaultsTest_PriceSchema.INSTANCE, KeyValues.of("id", "p1")).orElseThrow();

        assertThat(read).isEqualTo(new Price("p1", "EUR", 1, null));
    }

    @Test
    void get_whenAnotherToolStoredNullUnderDefaultedAttributes_builderSchemaReadsAsTheGeneratedOneDoes() {
        putForeign("Order", "ORDER#o1", "ORDER", "o1", Map.of("currency", NULL, "quantity", NULL, "memo", NULL,
                "line", AttributeValue.fromM(Map.of("sku", AttributeValue.fromS("S1"), "unit", NULL))));
        putForeign("Price", "PRICE#o1", "PRICE", "o1", Map.of("currency", NULL, "quantity", NULL, "memo", NULL));

        Order order = db.table().get(ORDER, KeyValues.of("id", "o1")).orElseThrow();
        Price price = db.table().get(StoredNullDefaultsTest_PriceSchema.INSTANCE, KeyValues.of("id", "o1")).orElseThrow();

        assertThat(order).isEqualTo(new Order("o1", "EUR", 1, null, new Line("S1", "piece")));
        assertThat(List.of(order.currency(), order.quantity())).isEqualTo(List.of(price.currency(), price.quantity()));
        assertThat(order.memo()).isEqualTo(price.memo());
    }

    @Test
    void get_whenDefaultedAttributesAreAbsent_bothSchemasReadTheDefaults() {
        putForeign("Order", "ORDER#o2", "ORDER", "o2", Map.of());
        putForeign("Price", "PRICE#o2", "PRICE", "o2", Map.of());

        assertThat(db.table().get(ORDER, KeyValues.of("id", "o2")).orElseThrow()).isEqualTo(new Order("o2", "EUR", 1, "none", null));
        assertThat(db.table().get(StoredNullDefaultsTest_PriceSchema.INSTANCE, KeyValues.of("id", "o2")).orElseThrow())
                .isEqualTo(new Price("o2", "EUR", 1, "none"));
    }
}
