package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeRule;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.NumberRuleException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.fixtures.RecordingClient;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

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

    static final TableSchema SCHEMA = TableSchema.builder("NumberRules").entities(PRODUCT).build();

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
    void add_whenANegativeAmountKeepsTheMinimum_writesTheResult() {
        table.put(new Product("s5", 5));

        table.update(PRODUCT, key("s5"), u -> u.add(STOCK, -1), Condition.none());

        assertThat(stock("s5")).isEqualTo(4);
    }

    @Test
    void subtract_whenTheRuleHasAMinimum_guardsTheStoredNumberInTheCondition() {
        table.put(new Product("guarded", 5));
        sent.clear();

        table.update(PRODUCT, key("guarded"), u -> u.subtract(STOCK, 1), Condition.none());

        UpdateItemRequest request = (UpdateItemRequest) sent.get(0);
        assertThat(request.expressionAttributeValues().entrySet()).anySatisfy(value -> {
            assertThat(value.getValue().n()).isEqualTo("1");
            assertThat(request.conditionExpression()).contains("#stock >= " + value.getKey());
        });
        assertThat(stock("guarded")).isEqualTo(4);
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
}
