package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.KeyValues;
import dev.singletable.NumberOutOfRangeException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Version;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigInteger;
import java.util.Map;

import static dev.singletable.it.VersionRangeUpdatesTest_CounterSchema.ID;
import static dev.singletable.it.VersionRangeUpdatesTest_CounterSchema.N;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An update adds 1 to the version: on an Integer version at its maximum (2^31 writes, or an item written by another
 * tool) DynamoDB would store 2147483648, which the entity can no longer read; the update is refused instead.
 */
class VersionRangeUpdatesTest {
    @Entity(pk = "COUNTER#{id}", sk = "COUNTER")
    public record Counter(String id, @Version int version, int n) {
    }

    static final TableSchema SCHEMA = TableSchema.builder("VersionRanges").entities(VersionRangeUpdatesTest_CounterSchema.INSTANCE).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).build();
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the range is named from the stored item
    void update_whenAnIntegerVersionIsAtItsMaximum_isRefusedAndLeavesTheItemReadable() {
        table.create(new Counter("c1", 0, 0));
        db.client().updateItem(r -> r.tableName(db.table().schema().name())
                .key(Map.of("PK", AttributeValue.fromS("COUNTER#c1"), "SK", AttributeValue.fromS("COUNTER")))
                .updateExpression("SET #v = :max").expressionAttributeNames(Map.of("#v", "version"))
                .expressionAttributeValues(Map.of(":max", AttributeValue.fromN(Integer.toString(Integer.MAX_VALUE)))));

        assertThatThrownBy(() -> table.update(VersionRangeUpdatesTest_CounterSchema.INSTANCE, KeyValues.of(ID, "c1"), u -> u.add(N, 1),
                Condition.none()))
                .isInstanceOfSatisfying(NumberOutOfRangeException.class, e -> {
                    assertThat(e.path()).isEqualTo("version");
                    assertThat(e.storedValue()).isEqualTo(BigInteger.valueOf(Integer.MAX_VALUE));
                    assertThat(e.maximum()).isEqualTo(BigInteger.valueOf(Integer.MAX_VALUE));
                });

        assertThat(table.get(VersionRangeUpdatesTest_CounterSchema.INSTANCE, KeyValues.of(ID, "c1"), ReadConsistency.STRONG).orElseThrow())
                .isEqualTo(new Counter("c1", Integer.MAX_VALUE, 0));
    }

    @Test
    void update_whenAnIntegerVersionIsBelowItsMaximum_addsOne() {
        table.create(new Counter("c2", 0, 0));

        table.update(VersionRangeUpdatesTest_CounterSchema.INSTANCE, KeyValues.of(ID, "c2"), u -> u.add(N, 1), Condition.none());

        assertThat(table.get(VersionRangeUpdatesTest_CounterSchema.INSTANCE, KeyValues.of(ID, "c2"), ReadConsistency.STRONG).orElseThrow())
                .isEqualTo(new Counter("c2", 2, 1));
    }
}
