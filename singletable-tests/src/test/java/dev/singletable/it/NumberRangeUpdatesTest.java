package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.KeyValues;
import dev.singletable.NumberOutOfRangeException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Entity;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigInteger;

import static dev.singletable.it.NumberRangeUpdatesTest_ThingSchema.I;
import static dev.singletable.it.NumberRangeUpdatesTest_ThingSchema.ID;
import static dev.singletable.it.NumberRangeUpdatesTest_ThingSchema.L;
import static dev.singletable.it.NumberRangeUpdatesTest_ThingSchema.LOYALTY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Adding to an Integer or Long attribute (or one of an embedded record) on the embedded engine: DynamoDB stores any
 * number, so an addition past the type's range is refused by the update's condition, nothing is written, and the item
 * stays readable (as do the queries of its partition).
 */
class NumberRangeUpdatesTest {
    @Embeddable
    public record Loyalty(int points) {
    }

    @Entity(pk = "THING#{id}", sk = "THING")
    public record Thing(String id, int i, long l, Loyalty loyalty) {
    }

    static final TableSchema SCHEMA = TableSchema.builder("NumberRanges").entities(NumberRangeUpdatesTest_ThingSchema.INSTANCE).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).build();
    }

    private static KeyValues key(String id) {
        return KeyValues.of(ID, id);
    }

    private static Thing stored(String id) {
        return table.get(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key(id), ReadConsistency.STRONG).orElseThrow();
    }

    /**
     * On every engine the guard keeps the number in range: an engine that does not return the stored item with a failed
     * condition (dynalite) cannot tell the range from a missing item, so the refusal is a condition failure of either kind,
     * but nothing is written.
     */
    @Test
    void add_whenAnIntegerWouldPassItsMaximum_writesNothingOnAnyEngine() {
        Thing thing = table.put(new Thing("any-engine", Integer.MAX_VALUE, 0, new Loyalty(0)));

        assertThatThrownBy(() -> table.update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("any-engine"), u -> u.add(I, 1), Condition.none()))
                .isInstanceOf(ConditionFailedException.class);

        assertThat(stored("any-engine")).isEqualTo(thing);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the range is named from the stored item
    void add_whenAnIntegerWouldPassItsMaximum_isRefusedAndLeavesTheItemReadable() {
        Thing thing = table.put(new Thing("int-max", Integer.MAX_VALUE, 0, new Loyalty(0)));

        assertThatThrownBy(() -> table.update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("int-max"), u -> u.add(I, 1), Condition.none()))
                .isInstanceOfSatisfying(NumberOutOfRangeException.class, e -> {
                    assertThat(e.path()).isEqualTo("i");
                    assertThat(e.delta()).isEqualTo(BigInteger.ONE);
                    assertThat(e.storedValue()).isEqualTo(BigInteger.valueOf(Integer.MAX_VALUE));
                    assertThat(e.minimum()).isEqualTo(BigInteger.valueOf(Integer.MIN_VALUE));
                    assertThat(e.maximum()).isEqualTo(BigInteger.valueOf(Integer.MAX_VALUE));
                })
                .hasMessage("update of Thing {PK=THING#int-max, SK=THING} in table " + db.table().schema().name() + " was refused: adding 1 to Thing.i (stored 2147483647) "
                        + "would give 2147483648 outside the range of Integer [-2147483648, 2147483647]; nothing was written. Keep the "
                        + "number in range, or declare Thing.i with a wider Java type (such as long or BigInteger)");

        assertThat(stored("int-max")).isEqualTo(thing);
        assertThat(table.query(NumberRangeUpdatesTest_ThingSchema.INSTANCE).partition(ID, "int-max").list()).containsExactly(thing);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the range is named from the stored item
    void add_whenALongWouldPassItsMinimum_isRefusedAndLeavesTheItemReadable() {
        Thing thing = table.put(new Thing("long-min", 0, Long.MIN_VALUE + 1, new Loyalty(0)));

        assertThatThrownBy(() -> table.update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("long-min"), u -> u.add(L, -2L),
                Condition.none()))
                .isInstanceOf(NumberOutOfRangeException.class)
                .hasMessageContaining("subtracting 2 from Thing.l (stored -9223372036854775807) would give -9223372036854775809 "
                        + "outside the range of Long [-9223372036854775808, 9223372036854775807]; nothing was written");

        assertThat(stored("long-min")).isEqualTo(thing);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the range is named from the stored item
    void subtract_whenAnIntegerWouldPassItsMinimum_isRefused() {
        Thing thing = table.put(new Thing("int-min", Integer.MIN_VALUE, 0, new Loyalty(0)));

        assertThatThrownBy(() -> table.update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("int-min"), u -> u.subtract(I, 1),
                Condition.none()))
                .isInstanceOf(NumberOutOfRangeException.class)
                .hasMessageContaining("subtracting 1 from Thing.i (stored -2147483648) would give -2147483649");

        assertThat(stored("int-min")).isEqualTo(thing);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the range is named from the stored item
    void add_whenANestedIntegerWouldPassItsMaximum_isRefusedAndLeavesTheItemReadable() {
        Thing thing = table.put(new Thing("nested", 0, 0, new Loyalty(Integer.MAX_VALUE)));

        assertThatThrownBy(() -> table.update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("nested"),
                u -> u.add(LOYALTY.then(NumberRangeUpdatesTest_LoyaltySchema.POINTS), 1), Condition.none()))
                .isInstanceOf(NumberOutOfRangeException.class)
                .hasMessageContaining("adding 1 to Thing.loyalty.points (stored 2147483647) would give 2147483648 outside the range "
                        + "of Integer");

        assertThat(stored("nested")).isEqualTo(thing);
    }

    @Test
    void add_whenTheResultStaysInRange_writesIt() {
        table.put(new Thing("in-range", Integer.MAX_VALUE - 1, Long.MAX_VALUE - 1, new Loyalty(Integer.MAX_VALUE - 1)));

        Thing updated = table.update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("in-range"), u -> u.add(I, 1).add(L, 1L)
                .add(LOYALTY.then(NumberRangeUpdatesTest_LoyaltySchema.POINTS), 1), Condition.none());

        assertThat(updated).isEqualTo(new Thing("in-range", Integer.MAX_VALUE, Long.MAX_VALUE, new Loyalty(Integer.MAX_VALUE)));
        assertThat(stored("in-range")).isEqualTo(updated);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenAnAdditionWouldPassTheMaximum_isCanceledWithTheReason() {
        Thing thing = table.put(new Thing("tx", Integer.MAX_VALUE, 0, new Loyalty(0)));

        assertThatThrownBy(() -> table.transaction()
                .update(NumberRangeUpdatesTest_ThingSchema.INSTANCE, key("tx"), u -> u.add(I, 1), Condition.none())
                .execute())
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> assertThat(e.getMessage())
                        .contains("adding 1 to Thing.i (stored 2147483647) would give 2147483648 outside the range of Integer"));

        assertThat(stored("tx")).isEqualTo(thing);
    }
}
