package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeRule;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every stored shape through the builder API: number and binary sets, documents, nested lists and maps, nullable,
 * defaults and validation, round-tripped on the engine by put, get, query, update, batch and transaction.
 */
class AttributeShapesTest {
    record Address(String city, String zip) {
    }

    record Shape(String id, Set<Integer> sizes, Set<Long> counts, Set<BigDecimal> prices, Set<ByteBuffer> keys,
                 Map<String, Object> doc, List<Map<String, Object>> events, List<List<String>> grid,
                 List<Address> addresses, Map<String, Address> byName, String note, String currency, String code) {
    }

    static final Attribute<Address, String> CITY = Attribute.required("city", AttributeTypes.STRING, Address::city);
    static final Attribute<Address, String> ZIP = Attribute.of("zip", AttributeTypes.STRING, Address::zip)
            .validatedBy(AttributeRule.pattern("[0-9]{5}"));
    static final dev.singletable.AttributeType<Address> ADDRESS = AttributeTypes.object(Address.class, List.of(CITY, ZIP),
            r -> new Address(r.get(CITY), r.get(ZIP)));

    static final Attribute<Shape, String> ID = Attribute.required("id", AttributeTypes.STRING, Shape::id);
    static final Attribute<Shape, Set<Integer>> SIZES = Attribute.of("sizes", AttributeTypes.INTEGER_SET, Shape::sizes)
            .validatedBy(AttributeRule.range(BigDecimal.ONE, new BigDecimal("60")));
    static final Attribute<Shape, Set<Long>> COUNTS = Attribute.of("counts", AttributeTypes.setOf(AttributeTypes.LONG), Shape::counts);
    static final Attribute<Shape, Set<BigDecimal>> PRICES = Attribute.of("prices", AttributeTypes.DECIMAL_SET, Shape::prices);
    static final Attribute<Shape, Set<ByteBuffer>> KEYS = Attribute.of("keys", AttributeTypes.BINARY_SET, Shape::keys);
    static final Attribute<Shape, Map<String, Object>> DOC = Attribute.of("doc", AttributeTypes.DOCUMENT, Shape::doc);
    static final Attribute<Shape, List<Map<String, Object>>> EVENTS = Attribute.of("events",
            AttributeTypes.listOf(AttributeTypes.DOCUMENT), Shape::events);
    static final Attribute<Shape, List<List<String>>> GRID = Attribute.of("grid",
            AttributeTypes.listOf(AttributeTypes.listOf(AttributeTypes.STRING)), Shape::grid);
    static final Attribute<Shape, List<Address>> ADDRESSES = Attribute.of("addresses", AttributeTypes.listOf(ADDRESS), Shape::addresses);
    static final Attribute<Shape, Map<String, Address>> BY_NAME = Attribute.of("byName", AttributeTypes.mapOf(ADDRESS), Shape::byName);
    static final Attribute<Shape, String> NOTE = Attribute.of("note", AttributeTypes.STRING, Shape::note).nullable();
    static final Attribute<Shape, String> CURRENCY = Attribute.of("currency", AttributeTypes.STRING, Shape::currency)
            .withDefault("EUR").validatedBy(AttributeRule.allowedValues(List.of("EUR", "USD")));
    static final Attribute<Shape, String> CODE = Attribute.of("code", AttributeTypes.STRING, Shape::code)
            .validatedBy(AttributeRule.pattern("[A-Z]{3}"), AttributeRule.length(3, 3));

    static final EntitySchema<Shape> SHAPE = EntitySchema.builder(Shape.class)
            .attributes(ID, SIZES, COUNTS, PRICES, KEYS, DOC, EVENTS, GRID, ADDRESSES, BY_NAME, NOTE, CURRENCY, CODE)
            .primaryKey("SHAPE", "SHAPE#{id}")
            .factory(r -> new Shape(r.get(ID), r.get(SIZES), r.get(COUNTS), r.get(PRICES), r.get(KEYS), r.get(DOC), r.get(EVENTS),
                    r.get(GRID), r.get(ADDRESSES), r.get(BY_NAME), r.get(NOTE), r.get(CURRENCY), r.get(CODE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("Shapes").entities(SHAPE).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    static Map<String, Object> document() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("flag", true);
        inner.put("nothing", null);
        inner.put("tags", new LinkedHashSet<>(List.of("a", "b")));
        inner.put("nums", new LinkedHashSet<>(List.of(new BigDecimal("1"), new BigDecimal("2.5"))));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", "widget");
        doc.put("weight", new BigDecimal("12.75"));
        doc.put("inner", inner);
        doc.put("list", Arrays.asList("x", new BigDecimal("3"), null, List.of(Map.of("deep", "yes")), Map.of()));
        doc.put("emptyList", List.of());
        return doc;
    }

    static Shape full(String id) {
        return new Shape(id, Set.of(41, 42), Set.of(7L, 9_000_000_000L), Set.of(new BigDecimal("9.99"), new BigDecimal("100")),
                Set.of(ByteBuffer.wrap(new byte[] {1, 2}), ByteBuffer.wrap(new byte[] {3})), document(),
                List.of(Map.of("type", "created", "at", new BigDecimal("1700000000")), Map.of("type", "paid")),
                List.of(List.of("a", "b"), List.of(), List.of("c")),
                List.of(new Address("Paris", "75001"), new Address("Lyon", null)),
                Map.of("home", new Address("Nice", "06000")), null, "USD", "ABC");
    }

    private Map<String, AttributeValue> stored(String id) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("SHAPE"), "SK", AttributeValue.fromS("SHAPE#" + id))).build()).item();
    }

    private Shape get(String id) {
        return db.table().get(SHAPE, KeyValues.of(ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    @Test
    void put_whenEveryShapeIsGiven_storesDynamoShapesAndGetReturnsTheEntity() {
        Shape shape = full("p1");
        db.table().put(shape);

        Map<String, AttributeValue> item = stored("p1");
        assertThat(item.get("sizes").ns()).containsExactlyInAnyOrder("41", "42");
        assertThat(item.get("counts").ns()).containsExactlyInAnyOrder("7", "9000000000");
        assertThat(item.get("prices").ns()).containsExactlyInAnyOrder("9.99", "100");
        assertThat(item.get("keys").bs()).containsExactlyInAnyOrder(SdkBytes.fromByteArray(new byte[] {1, 2}),
                SdkBytes.fromByteArray(new byte[] {3}));
        assertThat(item.get("doc").m().get("inner").m().get("nothing")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(item.get("doc").m().get("inner").m().get("tags").ss()).containsExactly("a", "b");
        assertThat(item.get("doc").m().get("inner").m().get("nums").ns()).containsExactly("1", "2.5");
        assertThat(item.get("note")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(item.get("grid").l().get(1)).isEqualTo(AttributeValue.fromL(List.of()));
        assertThat(get("p1")).isEqualTo(shape);
    }

    @Test
    void get_whenNullableIsNullOrAbsent_readsNullAndDefaultFillsOnlyAbsent() {
        Shape written = db.table().create(new Shape("n1", Set.of(), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(),
                List.of(), Map.of(), null, null, null));
        assertThat(written).isEqualTo(get("n1"));
        Map<String, AttributeValue> item = stored("n1");
        assertThat(item).containsEntry("note", AttributeValue.fromNul(true)).containsEntry("currency", AttributeValue.fromS("EUR"))
                .doesNotContainKeys("sizes", "keys", "doc", "code");
        assertThat(get("n1").note()).isNull();
        assertThat(get("n1").currency()).isEqualTo("EUR");

        // an item written by another tool: no currency at all reads the default (as a NULL currency would)
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of(
                "PK", AttributeValue.fromS("SHAPE"), "SK", AttributeValue.fromS("SHAPE#n2"), "entityType", AttributeValue.fromS("Shape"),
                "id", AttributeValue.fromS("n2"), "code", AttributeValue.fromNul(true))).build());
        Shape foreign = get("n2");
        assertThat(foreign.currency()).isEqualTo("EUR");
        assertThat(foreign.note()).isNull();
        assertThat(foreign.code()).isNull();
        assertThat(foreign.sizes()).isEmpty();
    }

    @Test
    void query_whenItemsHoldEveryShape_returnsThemExactly() {
        db.table().put(full("q1"));
        db.table().put(full("q2"));

        List<Shape> found = db.table().query(SHAPE).partition(KeyValues.none()).sortBeginsWithRaw("SHAPE#q").list();

        assertThat(found).containsExactly(full("q1"), full("q2"));
    }

    @Test
    void update_whenSettingSetsDocumentsAndNull_storesThemAndReturnsTheEntity() {
        db.table().put(full("u1"));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("changed", List.of(true, new BigDecimal("-1.5")));
        doc.put("gone", null);

        Shape updated = db.table().update(SHAPE, KeyValues.of(ID, "u1"), u -> u.set(SIZES, Set.of(38))
                .set(DOC, doc).set(NOTE, null).set(COUNTS, Set.of(1L, 2L)).set(CODE, "XYZ"));

        assertThat(updated).isEqualTo(get("u1"));
        assertThat(updated.sizes()).containsExactly(38);
        assertThat(updated.doc()).isEqualTo(doc);
        assertThat(stored("u1").get("note")).isEqualTo(AttributeValue.fromNul(true));
        assertThat(stored("u1").get("counts").ns()).containsExactlyInAnyOrder("1", "2");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void batchAndTransaction_whenItemsHoldEveryShape_roundTripExactly() {
        db.table().batchWrite().putAll(List.of(full("b1"), full("b2"))).execute();
        db.table().transaction().put(full("t1")).update(SHAPE, KeyValues.of(ID, "b2"), u -> u.set(PRICES, Set.of(new BigDecimal("0.5"))),
                Condition.none()).execute();

        var found = db.table().batchGet(List.of(ItemKey.of(SHAPE, KeyValues.of(ID, "b1")), ItemKey.of(SHAPE, KeyValues.of(ID, "b2")),
                ItemKey.of(SHAPE, KeyValues.of(ID, "t1"))));
        assertThat(found.get(ItemKey.of(SHAPE, KeyValues.of(ID, "b1")))).contains(full("b1"));
        assertThat(found.get(ItemKey.of(SHAPE, KeyValues.of(ID, "t1")))).contains(full("t1"));
        assertThat(found.get(ItemKey.of(SHAPE, KeyValues.of(ID, "b2"))).orElseThrow().prices()).containsExactly(new BigDecimal("0.5"));
    }

    @Test
    void put_whenValueBreaksARule_refusesBeforeSendingNamingEntityAttributeValueAndRule() {
        Shape badCode = new Shape("v1", Set.of(), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(), List.of(), Map.of(),
                null, "EUR", "abc");
        assertThatThrownBy(() -> db.table().put(badCode))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shape.code: value \"abc\" does not match the pattern '[A-Z]{3}'; give a value that matches it"
                        + " (rule: pattern '[A-Z]{3}')")
                .satisfies(e -> assertThat(((ValidationException) e).attribute()).contains("code"));

        Shape badSize = new Shape("v2", Set.of(99), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(), List.of(), Map.of(),
                null, "EUR", null);
        assertThatThrownBy(() -> db.table().put(badSize))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shape.sizes: element 0 of [99]: value 99 is above the maximum 60; give a number from 1 to 60"
                        + " (rule: range from 1 to 60)");

        Shape badZip = new Shape("v3", Set.of(), Set.of(), Set.of(), Set.of(), null, List.of(), List.of(),
                List.of(new Address("Paris", "7500")), Map.of(), null, "EUR", null);
        assertThatThrownBy(() -> db.table().put(badZip))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shape.addresses: element 0 of the list: Address.zip: value \"7500\" does not match the pattern"
                        + " '[0-9]{5}'; give a value that matches it (rule: pattern '[0-9]{5}')");

        assertThatThrownBy(() -> db.table().update(SHAPE, KeyValues.of(ID, "v4"), u -> u.set(CURRENCY, "GBP")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Shape: set(currency, GBP): Shape.currency: value \"GBP\" is not one of the allowed values"
                        + " [EUR, USD]; give one of them (rule: allowed values [EUR, USD])");
        assertThat(db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("SHAPE"), "SK", AttributeValue.fromS("SHAPE#v1"))).build()).hasItem()).isFalse();
    }

    @Test
    void set_whenAValueAtANestedPathBreaksItsRule_refusesBeforeSendingNamingEntityPathValueAndRule() {
        String zipRule = ": value \"7500\" does not match the pattern '[0-9]{5}'; give a value that matches it (rule: pattern '[0-9]{5}')";

        assertThatThrownBy(() -> db.table().update(SHAPE, KeyValues.of(ID, "r1"), u -> u.set(ADDRESSES.<Address>at(0).then(ZIP), "7500")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Shape: set(addresses[0].zip, 7500): Shape.addresses[0].zip" + zipRule)
                .satisfies(e -> assertThat(((ValidationException) e).attribute()).contains("addresses"));
        assertThatThrownBy(() -> db.table().upsert(SHAPE, KeyValues.of(ID, "r1"),
                u -> u.setIfAbsent(BY_NAME.<Address>key("home").then(ZIP), "7500")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Shape: setIfAbsent(byName.home.zip, 7500): Shape.byName.home.zip" + zipRule)
                .satisfies(e -> assertThat(((ValidationException) e).attribute()).contains("byName"));
        assertThat(db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("SHAPE"), "SK", AttributeValue.fromS("SHAPE#r1"))).build()).hasItem()).isFalse();
    }

    @Test
    void put_whenDocumentHoldsAValueDynamoCannotStore_namesEntityAttributeAndValue() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("when", java.time.LocalDate.of(2025, 1, 2));
        Shape bad = new Shape("d1", Set.of(), Set.of(), Set.of(), Set.of(), doc, List.of(), List.of(), List.of(), Map.of(),
                null, "EUR", null);

        assertThatThrownBy(() -> db.table().put(bad))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Shape.doc: entry 'when' of the map: the value 2025-01-02 is a LocalDate, not a document value; a document"
                        + " holds String, Number, Boolean, null, byte[], List, Map and Set (of strings, numbers or binaries) values:"
                        + " convert it to one of them");
    }

    @Test
    void withDefault_whenTheDefaultBreaksARule_failsNamingTheAttribute() {
        assertThatThrownBy(() -> Attribute.of("currency", AttributeTypes.STRING, Shape::currency)
                .validatedBy(AttributeRule.allowedValues(List.of("EUR"))).withDefault("USD"))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Attribute 'currency': the default value breaks its allowed values [EUR]: value \"USD\" is not one of the"
                        + " allowed values [EUR]; give one of them");
    }
}
