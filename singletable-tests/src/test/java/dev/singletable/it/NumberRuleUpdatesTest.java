package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeRule;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.NumberRuleException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.fixtures.RecordingClient;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Adding to a number with a range rule (seed 004's stock, {@code minimum: 0}) on the embedded engine: the amount is not
 * the value written, so it is not checked against the rule; the update's condition keeps the result within it, as the
 * seed's {@code SET stock = stock - :qty} with {@code stock >= :qty} does.
 */
class NumberRuleUpdatesTest {
    record Product(String sku, int stock) {
    }

    static final Attribute<Product, String> SKU = Attribute.required("sku", AttributeTypes.STRING, Product::sku);
    static final Attribute<Product, Integer> STOCK = Attribute.of("stock", AttributeTypes.INTEGER, Product::stock)
            .validatedBy(AttributeRule.range(BigDecimal.ZERO, new BigDecimal("10")));
    static final EntitySchema<Product> PRODUCT = EntitySchema.builder(Product.class)
            .attributes(SKU, STOCK)
            .primaryKey("PRODUCT#{sku}", "METADATA")
            .factory(r -> new Product(r.get(SKU), r.get(STOCK)))
            .build();

    /** An embedded record whose number has a range rule, and a number whose rule is wider than its type. */
    record Shelf(int count) {
    }

    record Warehouse(String id, Shelf shelf, int level, Map<String, Integer> bins) {
    }

    static final Attribute<Shelf, Integer> COUNT = Attribute.of("count", AttributeTypes.INTEGER, Shelf::count)
            .validatedBy(AttributeRule.range(BigDecimal.ZERO, new BigDecimal("5")));
    static final AttributeType<Shelf> SHELF_TYPE = AttributeTypes.object(Shelf.class, List.of(COUNT), r -> new Shelf(r.get(COUNT)));
    static final Attribute<Warehouse, String> WAREHOUSE_ID = Attribute.required("id", AttributeTypes.STRING, Warehouse::id);
    static final Attribute<Warehouse, Shelf> SHELF = Attribute.of("shelf", SHELF_TYPE, Warehouse::shelf);
    static final Attribute<Warehouse, Integer> LEVEL = Attribute.of("level", AttributeTypes.INTEGER, Warehouse::level)
            .validatedBy(AttributeRule.range(new BigDecimal("-1e12"), new BigDecimal("1e12")));
    /** Each value of the map lies within the range. */
    static final Attribute<Warehouse, Map<String, Integer>> BINS = Attribute.of("bins", AttributeTypes.mapOf(AttributeTypes.INTEGER),
            Warehouse::bins).validatedBy(AttributeRule.range(BigDecimal.ZERO, new BigDecimal("5")));
    static final EntitySchema<Warehouse> WAREHOUSE = EntitySchema.builder(Warehouse.class)
            .attributes(WAREHOUSE_ID, SHELF, LEVEL, BINS)
            .primaryKey("WAREHOUSE#{id}", "METADATA")
            .factory(r -> new Warehouse(r.get(WAREHOUSE_ID), r.get(SHELF), r.get(LEVEL), r.get(BINS)))
            .build();

    /** A number with a range rule and no range of its type (a decimal), and one with its type's range alone. */
    record Meter(String id, BigDecimal weight, long ticks) {
    }

    static final Attribute<Meter, String> METER_ID = Attribute.required("id", AttributeTypes.STRING, Meter::id);
    static final Attribute<Meter, BigDecimal> WEIGHT = Attribute.of("weight", AttributeTypes.DECIMAL, Meter::weight)
            .validatedBy(AttributeRule.range(BigDecimal.ZERO, new BigDecimal("100")));
    static final Attribute<Meter, Long> TICKS = Attribute.of("ticks", AttributeTypes.LONG, Meter::ticks);
    static final EntitySchema<Meter> METER = EntitySchema.builder(Meter.class)
            .attributes(METER_ID, WEIGHT, TICKS)
            .primaryKey("METER#{id}", "METADATA")
            .factory(r -> new Meter(r.get(METER_ID), r.get(WEIGHT), r.get(TICKS)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("NumberRules").entities(PRODUCT, WAREHOUSE, METER).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private final List<DynamoDbRequest> sent = new ArrayList<>();
    private Table table;

    @BeforeEach
    void table() {
        table = Table.builder(db.table().schema(), RecordingClient.recording(db.client(), sent)).build();
    }

    private static KeyValues key(String sku) {
        return KeyValues.of(SKU, sku);
    }

    private int stock(String sku) {
        return table.get(PRODUCT, key(sku), ReadConsistency.STRONG).orElseThrow().stock();
    }

    @Test
    void set_whenANestedNumberOrAMapValueBreaksItsRange_isRefusedBeforeSending() {
        table.put(new Warehouse("w9", new Shelf(1), 0, Map.of("a", 1)));
        sent.clear();

        assertThatThrownBy(() -> table.update(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w9"), u -> u.set(SHELF.then(COUNT), 6)))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Update of Warehouse: set(shelf.count, 6): Warehouse.shelf.count: value 6 is above the maximum 5; give a "
                        + "number from 0 to 5 (rule: range from 0 to 5)");
        assertThatThrownBy(() -> table.update(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w9"), u -> u.set(BINS.<Integer>key("a"), -1)))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Update of Warehouse: set(bins.a, -1): Warehouse.bins.a: value -1 is below the minimum 0; give a "
                        + "number from 0 to 5 (rule: range from 0 to 5)");
        assertThat(sent).isEmpty();
        assertThat(table.get(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w9"), ReadConsistency.STRONG))
                .contains(new Warehouse("w9", new Shelf(1), 0, Map.of("a", 1)));
    }

    @Test
    void add_whenANegativeAmountKeepsTheMinimum_writesTheResult() {
        table.put(new Product("s5", 5));

        table.update(PRODUCT, key("s5"), u -> u.add(STOCK, -1), Condition.none());

        assertThat(stock("s5")).isEqualTo(4);
    }

    @Test
    void subtract_whenTheRuleHasAMinimum_guardsTheStoredNumberWithTheRuleAlone() {
        table.put(new Product("guarded", 5));
        sent.clear();

        table.update(PRODUCT, key("guarded"), u -> u.subtract(STOCK, 1), Condition.none());

        // the rule's bound (stock >= 1) is tighter than Integer's (stock >= -2147483647): only it is sent
        assertThat(sentUpdate()).isEqualTo(expectedUpdate("PRODUCT#guarded", "SET #stock = #stock - :v0",
                "attribute_exists(#PK) AND #entityType = :v1 AND #stock >= :v2",
                Map.of("#stock", "stock", "#PK", "PK", "#entityType", "entityType"),
                Map.of(":v0", n("1"), ":v1", s("Product"), ":v2", n("1"))));
        assertThat(stock("guarded")).isEqualTo(4);
    }

    @Test
    void subtract_whenTheCallersConditionEqualsTheRulesGuard_sendsItOnce() {
        table.put(new Product("twice", 5));
        sent.clear();

        table.update(PRODUCT, key("twice"), u -> u.subtract(STOCK, 2),
                Condition.ge(STOCK, 2).and(Condition.ge(STOCK, 2)).and(Condition.le(STOCK, 9)));

        // the caller's stock >= 2 is the rule's own guard: sent once, as is a comparison the caller gave twice
        assertThat(sentUpdate()).isEqualTo(expectedUpdate("PRODUCT#twice", "SET #stock = #stock - :v0",
                "attribute_exists(#PK) AND #entityType = :v1 AND #stock >= :v2 AND #stock <= :v3",
                Map.of("#stock", "stock", "#PK", "PK", "#entityType", "entityType"),
                Map.of(":v0", n("2"), ":v1", s("Product"), ":v2", n("2"), ":v3", n("9"))));
        assertThat(stock("twice")).isEqualTo(3);
    }

    @Test
    void add_whenTheTypesRangeIsTighterThanTheRule_guardsWithTheTypesRangeAlone() {
        table.put(new Warehouse("w1", new Shelf(1), 3, Map.of()));
        sent.clear();

        table.update(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w1"), u -> u.add(LEVEL, 2), Condition.none());

        // Integer's bound (level <= 2147483645) is tighter than the rule's (level <= 999999999998): only it is sent
        assertThat(sentUpdate()).isEqualTo(expectedUpdate("WAREHOUSE#w1", "ADD #level :v0",
                "attribute_exists(#PK) AND #entityType = :v1 AND (attribute_not_exists(#level) OR #level <= :v2)",
                Map.of("#level", "level", "#PK", "PK", "#entityType", "entityType"),
                Map.of(":v0", n("2"), ":v1", s("Warehouse"), ":v2", n("2147483645"))));
    }

    @Test
    void add_toANumberOfAnEmbeddedRecordWithARule_guardsItByTheRule() {
        table.put(new Warehouse("w2", new Shelf(4), 0, Map.of()));
        sent.clear();

        table.update(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w2"), u -> u.add(SHELF.then(COUNT), 1), Condition.none());

        // the rule of the embedded record's count (maximum 5), not Integer's range, bounds the stored number
        assertThat(sentUpdate()).isEqualTo(expectedUpdate("WAREHOUSE#w2", "SET #shelf.#count = if_not_exists(#shelf.#count, :v0) + :v1",
                "attribute_exists(#PK) AND #entityType = :v2 AND (attribute_not_exists(#shelf.#count) OR #shelf.#count <= :v3)",
                Map.of("#shelf", "shelf", "#count", "count", "#PK", "PK", "#entityType", "entityType"),
                Map.of(":v0", n("0"), ":v1", n("1"), ":v2", s("Warehouse"), ":v3", n("4"))));
        assertThat(table.get(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w2"), ReadConsistency.STRONG).orElseThrow().shelf().count()).isEqualTo(5);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the rule is named from the stored item
    void add_toANumberOfAnEmbeddedRecordPastItsRule_isRefusedNamingTheRule() {
        table.put(new Warehouse("w3", new Shelf(5), 0, Map.of()));

        assertThatThrownBy(() -> table.update(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w3"), u -> u.add(SHELF.then(COUNT), 1), Condition.none()))
                .isInstanceOf(NumberRuleException.class)
                .hasMessageContaining("adding 1 to Warehouse.shelf.count (stored 5) would give 6, above the maximum 5 of its rule");
        assertThat(table.get(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w3"), ReadConsistency.STRONG).orElseThrow().shelf().count()).isEqualTo(5);
    }

    /** The one request sent, without the per-request settings the table adds (its user agent), as the engine reads it. */
    private UpdateItemRequest sentUpdate() {
        assertThat(sent).hasSize(1);
        return ((UpdateItemRequest) sent.get(0)).toBuilder().overrideConfiguration((AwsRequestOverrideConfiguration) null).build();
    }

    @Test
    void subtract_fromAMapValueWhoseMapHasARule_guardsItByTheRule() {
        table.put(new Warehouse("w4", new Shelf(0), 0, Map.of("a", 3)));
        sent.clear();

        table.update(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w4"), u -> u.subtract(BINS.key("a"), 1), Condition.none());

        // the map's rule holds for each value: bins.a keeps the minimum 0, a tighter bound than Integer's
        assertThat(sentUpdate()).isEqualTo(expectedUpdate("WAREHOUSE#w4", "SET #bins.#a = #bins.#a - :v0",
                "attribute_exists(#PK) AND #entityType = :v1 AND #bins.#a >= :v2",
                Map.of("#bins", "bins", "#a", "a", "#PK", "PK", "#entityType", "entityType"),
                Map.of(":v0", n("1"), ":v1", s("Warehouse"), ":v2", n("1"))));
        assertThat(table.get(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w4"), ReadConsistency.STRONG).orElseThrow().bins()).containsEntry("a", 2);
    }

    /** The UpdateItem an update of the item at {@code pk} sends, returning the new item, and the stored one when refused. */
    private static UpdateItemRequest expectedUpdate(String pk, String expression, String condition, Map<String, String> names,
                                                    Map<String, AttributeValue> values) {
        return UpdateItemRequest.builder().tableName(db.tableName()).key(Map.of("PK", s(pk), "SK", s("METADATA")))
                .updateExpression(expression).conditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(values)
                .returnValues(ReturnValue.ALL_NEW).returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private static AttributeValue n(String number) {
        return AttributeValue.fromN(number);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the rule is named from the stored item
    void subtract_whenTheResultWouldBeBelowTheMinimum_isRefusedNamingTheRule() {
        table.put(new Product("empty", 0));

        assertThatThrownBy(() -> table.update(PRODUCT, key("empty"), u -> u.subtract(STOCK, 1), Condition.none()))
                .isInstanceOfSatisfying(NumberRuleException.class, e -> {
                    assertThat(e.path()).isEqualTo("stock");
                    assertThat(e.delta()).isEqualByComparingTo("-1");
                    assertThat(e.storedValue()).hasValueSatisfying(stored -> assertThat(stored).isZero());
                    assertThat(e.rule()).isEqualTo(STOCK.rules().get(0));
                })
                .hasMessageContaining("was refused: subtracting 1 from Product.stock (stored 0) would give -1, below the minimum 0 of "
                        + "its rule (range from 0 to 10); nothing was written");

        assertThat(stock("empty")).isZero();
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void add_whenTheResultWouldBeAboveTheMaximum_isRefusedNamingTheRule() {
        table.put(new Product("full", 9));

        assertThatThrownBy(() -> table.update(PRODUCT, key("full"), u -> u.add(STOCK, 2), Condition.none()))
                .isInstanceOf(NumberRuleException.class)
                .hasMessageContaining("adding 2 to Product.stock (stored 9) would give 11, above the maximum 10 of its rule");

        assertThat(stock("full")).isEqualTo(9);
    }

    @Test
    void add_whenAnAmountKeepsTheRuleUpToTheBound_reachesIt() {
        table.put(new Product("edge", 1));

        table.update(PRODUCT, key("edge"), u -> u.subtract(STOCK, 1), Condition.none());

        assertThat(stock("edge")).isZero();
    }

    // ---------------------------------------------------------------- PartiQL: the same single guard, as a whole statement

    /** The statement's opening: {@code UPDATE "table" }. */
    private static String update() {
        return "UPDATE \"" + db.tableName() + "\" ";
    }

    private static final String WHERE = " WHERE \"PK\" = ? AND \"SK\" = ? AND \"entityType\" = ? AND ";

    @Test
    void partiqlUpdate_addingUnderARangeRuleOnly_guardsWithTheRulesBound() {
        PartiqlWrite add = table.partiqlUpdate(METER, KeyValues.of(METER_ID, "m1"), u -> u.add(WEIGHT, new BigDecimal("2.5")));

        // a decimal has no range of its type: the rule's maximum is the guard, and an absent weight (0) plus 2.5 keeps it
        assertThat(add.statement()).isEqualTo(update() + "SET \"weight\" = weight + ?" + WHERE + "(weight IS MISSING OR weight <= ?)");
        assertThat(add.parameters()).containsExactly(n("2.5"), s("METER#m1"), s("METADATA"), s("Meter"), n("97.5"));
    }

    @Test
    void partiqlUpdate_addingUnderTheTypesRangeOnly_guardsWithTheTypesBound() {
        PartiqlWrite add = table.partiqlUpdate(METER, KeyValues.of(METER_ID, "m2"), u -> u.add(TICKS, 5L));

        assertThat(add.statement()).isEqualTo(update() + "SET \"ticks\" = ticks + ?" + WHERE + "(ticks IS MISSING OR ticks <= ?)");
        assertThat(add.parameters()).containsExactly(n("5"), s("METER#m2"), s("METADATA"), s("Meter"), n("9223372036854775802"));
    }

    @Test
    void partiqlUpdate_addingUnderBothWhenTheRuleIsTighter_guardsWithTheRulesBoundAlone() {
        PartiqlWrite add = table.partiqlUpdate(PRODUCT, key("p1"), u -> u.add(STOCK, 3));
        PartiqlWrite subtract = table.partiqlUpdate(PRODUCT, key("p1"), u -> u.subtract(STOCK, 1));

        // Integer's bound (stock <= 2147483644) is implied by the rule's (stock <= 7): only the rule's is sent
        assertThat(add.statement()).isEqualTo(update() + "SET \"stock\" = stock + ?" + WHERE + "(stock IS MISSING OR stock <= ?)");
        assertThat(add.parameters()).containsExactly(n("3"), s("PRODUCT#p1"), s("METADATA"), s("Product"), n("7"));
        // an absent stock counts as 0, and 0 - 1 is below the minimum: the stored stock must be there and at least 1
        assertThat(subtract.statement()).isEqualTo(update() + "SET \"stock\" = stock - ?" + WHERE + "stock >= ?");
        assertThat(subtract.parameters()).containsExactly(n("1"), s("PRODUCT#p1"), s("METADATA"), s("Product"), n("1"));
    }

    @Test
    void partiqlUpdate_addingUnderBothWhenTheTypesRangeIsTighter_guardsWithTheTypesBoundAlone() {
        PartiqlWrite add = table.partiqlUpdate(WAREHOUSE, KeyValues.of(WAREHOUSE_ID, "w9"), u -> u.add(LEVEL, 2));

        // level is a reserved word: quoted where a value is read too
        assertThat(add.statement()).isEqualTo(update() + "SET \"level\" = \"level\" + ?" + WHERE
                + "(\"level\" IS MISSING OR \"level\" <= ?)");
        assertThat(add.parameters()).containsExactly(n("2"), s("WAREHOUSE#w9"), s("METADATA"), s("Warehouse"), n("2147483645"));
    }
}
