package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.List;
import java.util.Map;

import static dev.singletable.fixtures.ProductsAndOrders.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The range guard of an Integer version's {@code ADD 1}: an update by key adds where the item is stored and carries it;
 * an update of a loaded entity pins the stored version in its condition, checked in Java ({@link VersionIncrement}),
 * and carries none.
 */
class VersionGuardRenderingTest {
    record Counter(String id, int n, Integer version) {
    }

    static final Attribute<Counter, String> ID = Attribute.required("id", AttributeTypes.STRING, Counter::id);
    static final Attribute<Counter, Integer> N = Attribute.required("n", AttributeTypes.INTEGER, Counter::n);
    static final Attribute<Counter, Integer> VERSION = Attribute.of("version", AttributeTypes.INTEGER, Counter::version);
    static final EntitySchema<Counter> COUNTER = EntitySchema.builder(Counter.class).type("Counter")
            .primaryKey("COUNTER#{id}", "COUNTER").attributes(ID, N, VERSION).version(VERSION)
            .factory(i -> new Counter(i.get(ID), i.get(N), i.get(VERSION))).build();

    private final WritePlans writer = new WritePlans(new BoundTable(TableSchema.builder("Counters").entities(COUNTER).build(), List.of(),
            CLOCK, CursorCodec.withDefaultKey()));

    private static AttributeValue s(String s) {
        return AttributeValue.fromS(s);
    }

    private static AttributeValue n(String n) {
        return AttributeValue.fromN(n);
    }

    /** The whole UpdateItem of {@code set(N, 5)} on Counter c1, with the condition and its last value as given. */
    private static UpdateItemRequest setN(String condition, AttributeValue conditionValue) {
        return UpdateItemRequest.builder().tableName("Counters")
                .key(Map.of("PK", s("COUNTER#c1"), "SK", s("COUNTER")))
                .updateExpression("SET #n = :v0 ADD #version :v1")
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#n", "n", "#version", "version", "#PK", "PK", "#entityType", "entityType"))
                .expressionAttributeValues(Map.of(":v0", n("5"), ":v1", n("1"), ":v2", s("Counter"), ":v3", conditionValue))
                .returnValues(ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    @Test
    void update_whenFromALoadedEntity_pinsTheVersionWithoutTheStoredRangeGuard() {
        UpdateItemRequest request = writer.update(new Counter("c1", 4, 7), u -> u.set(N, 5), Condition.none())
                .request(writer.table(), ReturnValue.ALL_NEW);

        assertThat(request).isEqualTo(setN("attribute_exists(#PK) AND #entityType = :v2 AND #version = :v3", n("7")));
    }

    @Test
    void update_whenByKey_keepsTheStoredRangeGuardOfTheIntegerVersion() {
        UpdatePlan plan = writer.update(COUNTER, KeyValues.of(ID, "c1"), Update.of(COUNTER).set(N, 5), Condition.none(),
                EntityWrites.UpdateMode.UPDATE);
        UpdateItemRequest request = ((UpdatePlan.Ready) plan).action().request(writer.table(), ReturnValue.ALL_NEW);

        assertThat(request).isEqualTo(setN("attribute_exists(#PK) AND #entityType = :v2 AND (attribute_not_exists(#version) OR #version <= :v3)",
                n("2147483646")));
    }

    @Test
    void update_whenTheLoadedVersionIsAtTheIntegerMaximum_isRefusedBeforeRendering() {
        assertThatThrownBy(() -> writer.update(new Counter("c1", 4, Integer.MAX_VALUE), u -> u.set(N, 5), Condition.none()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("its version Counter.version is 2147483647, the largest")
                .hasMessageContaining("nothing was sent");
    }
}
