package dev.singletable.processor.it;


import dev.singletable.IndexSchema;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Generated schemas against the embedded engine: every type, null and empty values, hooks, bag, sparse keys, collections. */
class GeneratedSchemaRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("GeneratedThings")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(EverythingSchema.INSTANCE, ParcelSchema.INSTANCE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @BeforeEach
    void clearCalls() {
        Parcel.CALLS.clear();
    }

    static Everything full(String id) {
        Address home = new Address("1 Main St", "Springfield");
        return new Everything(id, 7, -3, 9_000_000_000L, 42L, new BigDecimal("12.5"), new BigInteger("123456789012345678901234567890"),
                Boolean.TRUE, true, Instant.parse("2025-05-19T09:00:00.123456789Z"), LocalDate.of(2025, 5, 19), Color.GREEN,
                UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), new byte[] {1, 2, 3},
                List.of("a", "b"), new LinkedHashSet<>(List.of("x", "y")), Map.of("k", "v"), Optional.of("opt"),
                home, List.of(home, new Address(null, "Shelbyville")), Map.of("work", home), Set.of(home),
                List.of(Color.RED), Instant.ofEpochSecond(1_900_000_000L));
    }

    static Everything sparse(String id) {
        return new Everything(id, null, 0, null, 0L, null, null, null, false, null, null, null, null, null,
                List.of(), Set.of(), Map.of(), Optional.empty(), null, List.of(), Map.of(), Set.of(), List.of(), null);
    }

    @Test
    void putAndGet_whenEveryTypeHasAValue_readsEqualValues() {
        Table table = db.table();
        Everything written = full("E1");

        table.put(written);
        Everything read = table.get(EverythingSchema.INSTANCE, KeyValues.of("id", "E1")).orElseThrow();

        assertThat(read).usingRecursiveComparison().ignoringCollectionOrder().isEqualTo(written);
    }

    @Test
    void toItem_whenEveryTypeHasAValue_writesTheDocumentedShapes() {
        Map<String, AttributeValue> item = new TreeMap<>(db.table().toItem(full("E1")));

        assertThat(item.get("boxedInt")).isEqualTo(AttributeValue.fromN("7"));
        assertThat(item.get("decimal")).isEqualTo(AttributeValue.fromN("12.5"));
        assertThat(item.get("bytes")).isEqualTo(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})));
        assertThat(item.get("stringSet")).isEqualTo(AttributeValue.fromSs(List.of("x", "y")));
        assertThat(item.get("address")).isEqualTo(AttributeValue.fromM(Map.of(
                "street", AttributeValue.fromS("1 Main St"), "city", AttributeValue.fromS("Springfield"))));
        assertThat(item.get("addresses").l().get(1)).isEqualTo(AttributeValue.fromM(Map.of("city", AttributeValue.fromS("Shelbyville"))));
        assertThat(item.get("expiresAt")).isEqualTo(AttributeValue.fromN("1900000000"));
        assertThat(item.get("color")).isEqualTo(AttributeValue.fromS("GREEN"));
        assertThat(item.get("PK")).isEqualTo(AttributeValue.fromS("THING#E1"));
        assertThat(item.get("entityType")).isEqualTo(AttributeValue.fromS("Everything"));
    }

    @Test
    void putAndGet_whenValuesAreNullOrEmpty_omitsThemAndReadsEmptyValues() {
        Map<String, AttributeValue> item = db.table().toItem(sparse("E2"));
        assertThat(new TreeMap<>(item).keySet()).containsExactly("PK", "SK", "addressMap", "addresses", "colors", "entityType", "id",
                "primitiveBool", "primitiveInt", "primitiveLong", "stringMap", "strings").doesNotContain("stringSet");

        db.table().put(sparse("E2"));
        Everything read = db.table().get(EverythingSchema.INSTANCE, KeyValues.of("id", "E2")).orElseThrow();

        assertThat(read).usingRecursiveComparison().ignoringCollectionOrder().isEqualTo(sparse("E2"));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transactionQueryAndBatchGet_whenListsAndMapsAreEmpty_storeEmptyLAndMAndReadThemBackEmpty() {
        Everything empty = sparse("E5");

        db.table().transaction().put(empty).execute();
        Map<String, AttributeValue> stored = db.client().getItem(b -> b.tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS("THING#E5"), "SK", AttributeValue.fromS("THING")))).item();
        List<Everything> queried = db.table().query(EverythingSchema.INSTANCE).partition(KeyValues.of("id", "E5")).list();
        List<Everything> fetched = db.table().batchGet(List.of(ItemKey.of(EverythingSchema.INSTANCE, KeyValues.of("id", "E5"))))
                .found(EverythingSchema.INSTANCE);

        AttributeValue emptyList = AttributeValue.fromL(List.of());
        AttributeValue emptyMap = AttributeValue.fromM(Map.of());
        assertThat(new TreeMap<>(stored)).containsExactlyEntriesOf(new TreeMap<>(Map.ofEntries(
                Map.entry("PK", AttributeValue.fromS("THING#E5")), Map.entry("SK", AttributeValue.fromS("THING")),
                Map.entry("entityType", AttributeValue.fromS("Everything")), Map.entry("id", AttributeValue.fromS("E5")),
                Map.entry("primitiveInt", AttributeValue.fromN("0")), Map.entry("primitiveLong", AttributeValue.fromN("0")),
                Map.entry("primitiveBool", AttributeValue.fromBool(false)),
                Map.entry("strings", emptyList), Map.entry("stringMap", emptyMap), Map.entry("addresses", emptyList),
                Map.entry("addressMap", emptyMap), Map.entry("colors", emptyList))));
        assertThat(queried).singleElement().usingRecursiveComparison().isEqualTo(empty);
        assertThat(fetched).singleElement().usingRecursiveComparison().isEqualTo(empty);
    }

    @Test
    void toItem_whenNestedRequiredAttributeIsNull_failsNamingIt() {
        Everything broken = new Everything("E3", null, 0, null, 0L, null, null, null, false, null, null, null, null, null,
                List.of(), Set.of(), Map.of(), Optional.empty(), new Address("street", null), List.of(), Map.of(), Set.of(), List.of(), null);

        assertThatThrownBy(() -> db.table().toItem(broken)).isInstanceOf(ValidationException.class)
                .hasMessage("Everything.address: Address.city is null but required");
    }

    @Test
    void toItem_whenConditionHolds_writesSparseIndexKeys() {
        Parcel shipped = new Parcel("O1", "P1", Instant.parse("2025-05-19T09:00:00Z"), Map.of());

        Map<String, AttributeValue> item = db.table().toItem(shipped);

        assertThat(item.get("GSI1PK")).isEqualTo(AttributeValue.fromS("SHIPPED"));
        assertThat(item.get("GSI1SK")).isEqualTo(AttributeValue.fromS("2025-05-19T09:00:00.000000000Z"));
    }

    @Test
    void toItem_whenConditionFails_writesNoSparseIndexKeys() {
        Map<String, AttributeValue> item = db.table().toItem(new Parcel("O1", "P1", null, Map.of()));

        assertThat(item).doesNotContainKeys("GSI1PK", "GSI1SK");
    }

    @Test
    void toItem_whenIdIsNull_fillsAUlid() {
        Map<String, AttributeValue> item = db.table().toItem(new Parcel("O1", null, null, Map.of()));

        assertThat(item.get("parcelId").s()).matches("[0-9A-HJKMNP-TV-Z]{26}");
        assertThat(item.get("SK").s()).isEqualTo("PARCEL#" + item.get("parcelId").s());
    }

    @Test
    void putAndGet_whenHooksDeclared_callsThemInOrder() {
        db.table().put(new Parcel("O2", "P2", null, Map.of()));
        Parcel read = db.table().get(ParcelSchema.INSTANCE, KeyValues.of("id", "O2").and("parcelId", "P2")).orElseThrow();

        assertThat(Parcel.CALLS).containsExactly("beforeToItem []", "afterToItem has PK true", "beforeFromItem", "afterFromItem");
        assertThat(read.extra()).isEmpty(); // the hook mark was removed before decoding, so it is not in the bag
    }

    @Test
    void putAndGet_whenBagHasEntries_writesAndReadsThemBack() {
        Map<String, AttributeValue> extra = Map.of("futureField", AttributeValue.fromS("kept"), "score", AttributeValue.fromN("3"));
        db.table().put(new Parcel("O3", "P3", null, extra));

        Parcel read = db.table().get(ParcelSchema.INSTANCE, KeyValues.of("id", "O3").and("parcelId", "P3")).orElseThrow();

        assertThat(read.extra()).isEqualTo(extra);
    }

    @Test
    void toItem_whenBagEntryHasAMappedName_failsNamingIt() {
        Parcel parcel = new Parcel("O1", "P1", null, Map.of("id", AttributeValue.fromS("x")));

        assertThatThrownBy(() -> db.table().toItem(parcel)).isInstanceOf(ValidationException.class)
                .hasMessage("Parcel: attribute bag entry 'id' has the name of the mapped attribute id; remove it from the bag "
                        + "(the bag holds only attributes the entity does not declare)");
    }

    @Test
    void queryCollection_whenPartitionHoldsTwoTypes_returnsBothAsTheSealedInterface() {
        db.table().put(full("C1"));
        db.table().put(new Parcel("C1", "P9", null, Map.of()));

        List<Shelf> items = db.table().query(ShelfCollection.INSTANCE).partition(KeyValues.of("id", "C1")).list();

        // Java 17: sealed, so an instanceof chain covers every member (Java 21 would use an exhaustive switch)
        List<String> described = items.stream()
                .map(item -> item instanceof Everything e ? "everything " + e.id() : "parcel " + ((Parcel) item).parcelId())
                .toList();
        assertThat(described).containsExactlyInAnyOrder("everything C1", "parcel P9");
    }
}
