package dev.singletable.processor.it.shapes;

import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Annotated records with number and binary sets, documents, nested lists, nullable, defaults and rules, on the engine. */
class ShapedRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("Shaped").entities(ShapedSchema.INSTANCE).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    static Shaped full(String id) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", "widget");
        doc.put("nothing", null);
        doc.put("list", Arrays.asList(new BigDecimal("1.5"), true, null, Map.of("deep", List.of("x"))));
        return new Shaped(id, Set.of(41, 42), Set.of(7L), Set.of(new BigDecimal("9.99")), Set.of(ByteBuffer.wrap(new byte[] {1})), doc,
                List.of(Map.of("type", "created")), List.of(List.of("a"), List.of()), List.of(3, 1, 3),
                List.of(new Spot("home", "75001")), Map.of("work", new Spot("office", null)), null, "USD", "ABC", 2);
    }

    private Shaped get(String id) {
        return db.table().get(ShapedSchema.INSTANCE, KeyValues.of(ShapedSchema.ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    private Map<String, AttributeValue> stored(String id) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("SHAPED"), "SK", AttributeValue.fromS("SHAPED#" + id))).build()).item();
    }

    @Test
    void put_whenEveryShapeIsGiven_storesDynamoShapesAndReadsTheRecordBack() {
        db.table().put(full("s1"));

        Map<String, AttributeValue> item = stored("s1");
        assertThat(item.get("sizes").ns()).containsExactlyInAnyOrder("41", "42");
        assertThat(item.get("keys").hasBs()).isTrue();
        assertThat(item.get("note")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(item.get("doc").m().get("nothing")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(get("s1")).isEqualTo(full("s1"));
    }

    @Test
    void create_whenDefaultedAttributesAreNull_writesTheDefaultsAndReturnsThem() {
        Shaped created = db.table().create(new Shaped("s2", Set.of(), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(), List.of(),
                List.of(), Map.of(), null, null, null, null));

        assertThat(created.currency()).isEqualTo("EUR");
        assertThat(created.quantity()).isEqualTo(1);
        assertThat(get("s2")).isEqualTo(created);
        assertThat(stored("s2").get("quantity")).isEqualTo(AttributeValue.fromN("1"));
    }

    @Test
    void update_whenSettingNullableToNullAndSets_storesNullAndNumberSet() {
        db.table().put(full("s3"));

        Shaped updated = db.table().update(ShapedSchema.INSTANCE, KeyValues.of(ShapedSchema.ID, "s3"),
                u -> u.set(ShapedSchema.NOTE, null).set(ShapedSchema.COUNTS, Set.of(1L, 2L)));

        assertThat(updated).isEqualTo(get("s3"));
        assertThat(stored("s3").get("counts").ns()).containsExactlyInAnyOrder("1", "2");
    }

    @Test
    void put_whenAnnotatedRuleIsBroken_refusesNamingEntityAttributeAndValue() {
        Shaped bad = new Shaped("s4", Set.of(), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(), List.of(),
                List.of(new Spot("home", "123")), Map.of(), null, "EUR", null, null);

        assertThatThrownBy(() -> db.table().put(bad))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shaped.spots: element 0 of the list: Spot.zip: value \"123\" does not match the pattern '[0-9]{5}';"
                        + " give a value that matches it (rule: pattern '[0-9]{5}')");
        Shaped wrongCurrency = new Shaped("s5", Set.of(), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(), List.of(),
                List.of(), Map.of(), null, "GBP", null, null);
        assertThatThrownBy(() -> db.table().put(wrongCurrency))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shaped.currency: value \"GBP\" is not one of the allowed values [EUR, USD]; give one of them"
                        + " (rule: allowed values [EUR, USD])");
    }
}
