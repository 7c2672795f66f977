package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
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
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The schema file's attribute shapes (number and binary sets, documents, lists and maps of a kind, nullable, defaults and
 * validation) round-tripped on the engine, and their mistakes located in the file.
 */
class AttributeShapesOnEngineTest {
    static final String FILE = """
            format: singletable/1
            table:
              name: Shapes
              partitionKey: {name: PK}
              sortKey: {name: SK}
            types:
              Spot:
                attributes:
                  name: {type: string, required: true}
                  zip: {type: string, pattern: "[0-9]{5}"}
            entities:
              Shape:
                attributes:
                  id: {type: string, required: true}
                  sizes: {type: numberSet, minimum: 1, maximum: 60}
                  keys: {type: binarySet}
                  doc: {type: document}
                  events: {type: list, of: document}
                  scores: {type: list, of: integer}
                  rates: {type: map, of: decimal}
                  spots: {type: list, of: Spot}
                  note: {type: string, nullable: true}
                  currency: {type: string, default: EUR, allowedValues: [EUR, USD]}
                  code: {type: string, pattern: "[A-Z]{3}", minLength: 3, maxLength: 3}
                  quantity: {type: integer, default: 1}
                keys: {pk: SHAPE, sk: "SHAPE#{id}"}
                examples:
                  - {id: e1, sizes: [41, 42], doc: {a: [1, null, true]}, scores: [3, 1], code: ABC}
            """;
    static final SchemaFile DESIGN = SchemaFile.parse(FILE, "shapes.yaml");
    static final EntitySchema<DynamicItem> SHAPE = DESIGN.entity("Shape");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    static DynamicItem full(String id) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", "widget");
        doc.put("nothing", null);
        doc.put("list", Arrays.asList(new BigDecimal("1.5"), true, null, Map.of("deep", List.of("x"))));
        return DESIGN.item("Shape", Map.of("id", id, "sizes", List.of(41, 42), "keys", List.of("AQI="), "doc", doc,
                "events", List.of(Map.of("type", "created")), "scores", List.of(3, 1, 3), "rates", Map.of("eur", new BigDecimal("1.25")),
                "spots", List.of(Map.of("name", "home", "zip", "75001")), "currency", "USD", "code", "ABC"));
    }

    private static DynamicItem get(String id) {
        return db.table().get(SHAPE, KeyValues.of("id", id), ReadConsistency.STRONG).orElseThrow();
    }

    private static Map<String, AttributeValue> stored(String id) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("SHAPE"), "SK", AttributeValue.fromS("SHAPE#" + id))).build()).item();
    }

    @Test
    void put_whenEveryShapeIsGiven_storesDynamoShapesAndReadsTheItemBack() {
        DynamicItem item = full("f1");
        db.table().put(item);

        Map<String, AttributeValue> stored = stored("f1");
        assertThat(stored.get("sizes").ns()).containsExactlyInAnyOrder("41", "42");
        assertThat(stored.get("keys").hasBs()).isTrue();
        assertThat(stored.get("doc").m().get("nothing")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(stored.get("scores")).isEqualTo(AttributeValue.fromL(List.of(AttributeValue.fromN("3"), AttributeValue.fromN("1"),
                AttributeValue.fromN("3"))));
        assertThat(stored.get("quantity")).isEqualTo(AttributeValue.fromN("1"));
        DynamicItem read = get("f1");
        assertThat(read.values().get("sizes")).isEqualTo(Set.of(new BigDecimal("41"), new BigDecimal("42")));
        assertThat(read.values().get("keys")).isEqualTo(Set.of(ByteBuffer.wrap(new byte[] {1, 2})));
        assertThat(read.values().get("doc")).isEqualTo(item.values().get("doc"));
        assertThat(read.values().get("scores")).isEqualTo(List.of(3, 1, 3));
        assertThat(read.values().get("rates")).isEqualTo(Map.of("eur", new BigDecimal("1.25")));
        assertThat(read.values().get("quantity")).isEqualTo(1);
        assertThat(read.values()).containsEntry("currency", "USD").containsEntry("code", "ABC");
    }

    @Test
    void get_whenTheItemWasStoredWithoutItsDefaultedAttributes_readsTheDefaultsAsARecordEntityDoes() {
        db.client().putItem(r -> r.tableName(db.tableName()).item(Map.of("PK", AttributeValue.fromS("SHAPE"),
                "SK", AttributeValue.fromS("SHAPE#d1"), "entityType", AttributeValue.fromS("Shape"), "id", AttributeValue.fromS("d1"))));

        DynamicItem read = get("d1");

        assertThat(read.values()).isEqualTo(Map.of("id", "d1", "currency", "EUR", "quantity", 1));
    }

    @Test
    void writes_whenItemsHoldEveryShape_roundTripThroughQueryUpdateBatchAndTransaction() {
        db.table().batchWrite().putAll(List.of(full("b1"), full("b2"))).execute();
        db.table().transaction().put(full("t1")).execute();
        DynamicItem updated = db.table().update(SHAPE, KeyValues.of("id", "b2"), u -> u
                .set(DESIGN.<Object>path("Shape", "note"), null)
                .set(DESIGN.<Object>path("Shape", "scores"), List.of(9)));

        assertThat(stored("b2").get("note")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(updated.values().get("scores")).isEqualTo(List.of(9));
        List<DynamicItem> found = db.table().query(SHAPE).partition(KeyValues.none()).sortBeginsWithRaw("SHAPE#").list();
        assertThat(found).extracting(i -> i.values().get("id")).contains("b1", "b2", "t1");
        assertThat(db.table().batchGet(List.of(ItemKey.of(SHAPE, KeyValues.of("id", "t1")))).get(ItemKey.of(SHAPE, KeyValues.of("id", "t1")))
                .orElseThrow().values().get("doc")).isEqualTo(full("t1").values().get("doc"));
    }

    @Test
    void put_whenValueBreaksADeclaredRule_refusesNamingEntityAttributeAndValue() {
        DynamicItem bad = DESIGN.item("Shape", Map.of("id", "v1", "code", "abc"));

        assertThatThrownBy(() -> db.table().put(bad))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shape.code: value \"abc\" does not match the pattern '[A-Z]{3}'; give a value that matches it"
                        + " (rule: pattern '[A-Z]{3}')");
        assertThatThrownBy(() -> DESIGN.item("Shape", Map.of("id", "v2", "sizes", List.of("big"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shape.sizes is numberSet: '[big]' is not a list of numbers");
    }

    @Test
    void load_whenDefinitionsOrExamplesBreakTheRules_reportsEachAtItsLine() {
        String broken = FILE.replace("pattern: \"[A-Z]{3}\"", "pattern: \"[A-Z\"");
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(broken, "broken.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "broken.yaml:24:28: entities.Shape.attributes.code.pattern: Pattern '[A-Z' is not a valid regular expression: Unclosed "
                        + "character class at index 3; correct it (Java's java.util.regex syntax)");

        String badDefault = FILE.replace("quantity: {type: integer, default: 1}", "quantity: {type: integer, default: many}");
        failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(badDefault, "default.yaml"));
        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "default.yaml:25:33: entities.Shape.attributes.quantity.default: default 'many' is not an integer (32 bits); give a "
                        + "value of the attribute's type");

        String badExample = FILE.replace("code: ABC}", "code: abc}");
        failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(badExample, "example.yaml"));
        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "example.yaml:28:78: entities.Shape.examples[0].code: Shape.code: value \"abc\" does not match the pattern '[A-Z]{3}'; "
                        + "give a value that matches it (rule: pattern '[A-Z]{3}')");
    }

    @Test
    void write_whenTheFileIsWrittenBack_keepsEveryShapeAndOption() {
        String written = SchemaFileWriter.toYaml(DESIGN.document());

        assertThat(SchemaFile.parse(written, "again.yaml").document().entities().get("Shape").attributes())
                .isEqualTo(DESIGN.document().entities().get("Shape").attributes());
    }
}
