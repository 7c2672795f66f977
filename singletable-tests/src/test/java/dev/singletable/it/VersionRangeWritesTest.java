package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every write that increments a version in Java (put, replace, a transaction's put, the async twins, the create of a
 * state move, an update based on a version it knows) refuses a version at the top of its type before sending: an
 * Integer's next would be stored as 2147483648 (unreadable), a Long's would wrap to a negative number.
 */
class VersionRangeWritesTest {
    record Counter(String id, int n, Integer version) {
    }

    record Tally(String id, Long version) {
    }

    static final Attribute<Counter, String> C_ID = Attribute.required("id", AttributeTypes.STRING, Counter::id);
    static final Attribute<Counter, Integer> C_N = Attribute.required("n", AttributeTypes.INTEGER, Counter::n);
    static final Attribute<Counter, Integer> C_VERSION = Attribute.of("version", AttributeTypes.INTEGER, Counter::version);
    static final EntitySchema<Counter> COUNTER = EntitySchema.builder(Counter.class).type("Counter")
            .primaryKey("COUNTER#{id}", "COUNTER").attributes(C_ID, C_N, C_VERSION).version(C_VERSION)
            .factory(i -> new Counter(i.get(C_ID), i.get(C_N), i.get(C_VERSION))).build();

    static final Attribute<Tally, String> T_ID = Attribute.required("id", AttributeTypes.STRING, Tally::id);
    static final Attribute<Tally, Long> T_VERSION = Attribute.of("version", AttributeTypes.LONG, Tally::version);
    static final EntitySchema<Tally> TALLY = EntitySchema.builder(Tally.class).type("Tally").primaryKey("TALLY#{id}", "TALLY")
            .attributes(T_ID, T_VERSION).version(T_VERSION).factory(i -> new Tally(i.get(T_ID), i.get(T_VERSION))).build();

    static final TableSchema SCHEMA = TableSchema.builder("VersionRangeWrites").entities(COUNTER, TALLY).states(LampStates.LAMP).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        table = Table.of(db.table().schema(), db.client());
        async = AsyncTable.of(db.table().schema(), db.engine().asyncClient());
    }

    /** Sets the stored version of the item under the key, as another writer could. */
    private static void storeVersion(String pk, String sk, String version) {
        db.client().updateItem(r -> r.tableName(db.table().schema().name())
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk)))
                .updateExpression("SET #v = :v").expressionAttributeNames(Map.of("#v", "version"))
                .expressionAttributeValues(Map.of(":v", AttributeValue.fromN(version))));
    }

    private static Counter counterAtMax(String id) {
        table.create(new Counter(id, 0, null));
        storeVersion("COUNTER#" + id, "COUNTER", Integer.toString(Integer.MAX_VALUE));
        return table.get(COUNTER, KeyValues.of(C_ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    private static void assertRefused(ThrowingCallable write, String value, String fix) {
        assertThatThrownBy(write).isInstanceOfSatisfying(ValidationException.class, e -> {
            assertThat(e.attribute()).contains("version");
            assertThat(e.getMessage()).contains(value).contains("nothing was sent").contains(fix);
        });
    }

    @Test
    void put_whenAnIntegerVersionIsAtItsMaximum_isRefusedBeforeSending() {
        Counter read = counterAtMax("put");

        assertRefused(() -> table.put(new Counter("put", 1, read.version())), "Counter.version is 2147483647",
                "Declare Counter.version with AttributeTypes.LONG");
        assertRefused(() -> table.replace(new Counter("put", 1, read.version())), "the next version (2147483648)", "LONG");

        assertThat(table.get(COUNTER, KeyValues.of(C_ID, "put"), ReadConsistency.STRONG)).contains(new Counter("put", 0, Integer.MAX_VALUE));
    }

    @Test
    void putInATransaction_whenAnIntegerVersionIsAtItsMaximum_isRefusedBeforeSending() {
        Counter read = counterAtMax("tx");

        assertRefused(() -> table.transaction().put(new Counter("tx", 1, read.version())).execute(), "2147483647", "LONG");

        assertThat(table.get(COUNTER, KeyValues.of(C_ID, "tx"), ReadConsistency.STRONG)).contains(new Counter("tx", 0, Integer.MAX_VALUE));
    }

    @Test
    void asyncPut_whenAnIntegerVersionIsAtItsMaximum_isRefusedBeforeSending() {
        Counter read = counterAtMax("async");

        assertRefused(() -> AsyncCalls.awaited(async.put(new Counter("async", 1, read.version()))), "2147483647", "LONG");
        assertRefused(() -> AsyncCalls.awaited(async.replace(new Counter("async", 1, read.version()))), "2147483647", "LONG");
    }

    @Test
    void update_whenTheVersionReadIsAtItsMaximum_isRefusedBeforeSending() {
        Counter read = counterAtMax("update");

        assertRefused(() -> table.update(read, u -> u.set(C_N, 1)), "2147483647", "LONG");
        assertRefused(() -> AsyncCalls.awaited(async.update(read, u -> u.set(C_N, 1))), "2147483647", "LONG");

        // the update of a loaded entity pins its version and carries no stored-side range guard: only this check refuses it
        assertThat(table.get(COUNTER, KeyValues.of(C_ID, "update"), ReadConsistency.STRONG))
                .contains(new Counter("update", 0, Integer.MAX_VALUE));
    }

    @Test
    void put_whenALongVersionIsAtItsMaximum_isRefusedInsteadOfWrappingToANegativeVersion() {
        table.create(new Tally("t", null));
        storeVersion("TALLY#t", "TALLY", Long.toString(Long.MAX_VALUE));
        Tally read = table.get(TALLY, KeyValues.of(T_ID, "t"), ReadConsistency.STRONG).orElseThrow();

        assertRefused(() -> table.put(new Tally("t", read.version())), "Tally.version is 9223372036854775807",
                "Write the item anew");

        assertThat(table.get(TALLY, KeyValues.of(T_ID, "t"), ReadConsistency.STRONG)).contains(new Tally("t", Long.MAX_VALUE));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS) // creating an entity stored by state is a transaction
    void putMovingTheState_whenAnIntegerVersionIsAtItsMaximum_isRefusedBeforeSending() {
        table.create(new LampStates.Lamp("l", false, null));
        storeVersion("DARK#l", "LAMP", Integer.toString(Integer.MAX_VALUE));

        assertRefused(() -> table.put(new LampStates.Lamp("l", true, Integer.MAX_VALUE)), "version is 2147483647", "LONG");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void updateMovingTheState_whenAnIntegerVersionIsAtItsMaximum_isRefusedNamingTheUpdate() {
        table.create(new LampStates.Lamp("m", false, null));
        storeVersion("DARK#m", "LAMP", Integer.toString(Integer.MAX_VALUE));
        LampStates.Lamp read = table.get(LampStates.LAMP.state(false), KeyValues.of(LampStates.ID, "m"), ReadConsistency.STRONG).orElseThrow();

        assertThatThrownBy(() -> table.update(read, u -> u.set(LampStates.LIT, true))).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("update of LitLamp: its version LitLamp.version is 2147483647");
    }

    @Test
    void put_whenAnIntegerVersionIsBelowItsMaximum_writesTheNext() {
        table.create(new Counter("below", 0, null));
        storeVersion("COUNTER#below", "COUNTER", Integer.toString(Integer.MAX_VALUE - 1));

        Counter written = table.put(new Counter("below", 1, Integer.MAX_VALUE - 1));

        assertThat(written.version()).isEqualTo(Integer.MAX_VALUE);
        assertThat(table.get(COUNTER, KeyValues.of(C_ID, "below"), ReadConsistency.STRONG)).contains(new Counter("below", 1, Integer.MAX_VALUE));
    }
}
