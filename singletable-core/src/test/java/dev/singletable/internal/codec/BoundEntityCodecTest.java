package dev.singletable.internal.codec;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.IndexSchema;
import dev.singletable.ItemDecodingException;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Items written and read without a database: {@link BoundEntity#toItem} and {@link BoundEntity#fromItem}. */
class BoundEntityCodecTest {

    enum Status { PENDING, SHIPPED }

    record Everything(String id, String name, Integer count, Long total, BigDecimal price, BigInteger huge, Boolean active,
                      Instant createdAt, Instant expiresAt, LocalDate day, Status status, UUID uuid, byte[] data,
                      List<String> names, Set<String> tags, Map<String, String> labels, Optional<String> nickname) {
    }

    static final Attribute<Everything, String> ID = Attribute.required("id", AttributeTypes.STRING, Everything::id);
    static final Attribute<Everything, String> NAME = Attribute.required("name", AttributeTypes.STRING, Everything::name);
    static final Attribute<Everything, Integer> COUNT = Attribute.of("count", AttributeTypes.INTEGER, Everything::count);
    static final Attribute<Everything, Long> TOTAL = Attribute.of("total", AttributeTypes.LONG, Everything::total);
    static final Attribute<Everything, BigDecimal> PRICE = Attribute.of("price", AttributeTypes.DECIMAL, Everything::price);
    static final Attribute<Everything, BigInteger> HUGE = Attribute.of("huge", AttributeTypes.BIG_INTEGER, Everything::huge);
    static final Attribute<Everything, Boolean> ACTIVE = Attribute.of("active", AttributeTypes.BOOLEAN, Everything::active);
    static final Attribute<Everything, Instant> CREATED_AT = Attribute.of("createdAt", AttributeTypes.INSTANT, Everything::createdAt);
    static final Attribute<Everything, Instant> EXPIRES_AT = Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Everything::expiresAt);
    static final Attribute<Everything, LocalDate> DAY = Attribute.of("day", AttributeTypes.LOCAL_DATE, Everything::day);
    static final Attribute<Everything, Status> STATUS = Attribute.of("status", AttributeTypes.enumType(Status.class), Everything::status);
    static final Attribute<Everything, UUID> UUID_ = Attribute.of("uuid", AttributeTypes.UUID, Everything::uuid);
    static final Attribute<Everything, byte[]> DATA = Attribute.of("data", AttributeTypes.BYTES, Everything::data);
    static final Attribute<Everything, List<String>> NAMES = Attribute.of("names", AttributeTypes.STRING_LIST, Everything::names);
    static final Attribute<Everything, Set<String>> TAGS = Attribute.of("tags", AttributeTypes.STRING_SET, Everything::tags);
    static final Attribute<Everything, Map<String, String>> LABELS = Attribute.of("labels", AttributeTypes.STRING_MAP, Everything::labels);
    static final Attribute<Everything, Optional<String>> NICKNAME =
            Attribute.of("nickname", AttributeTypes.optional(AttributeTypes.STRING), Everything::nickname);

    static final EntitySchema<Everything> EVERYTHING = EntitySchema.builder(Everything.class)
            .attributes(ID, NAME, COUNT, TOTAL, PRICE, HUGE, ACTIVE, CREATED_AT, EXPIRES_AT, DAY, STATUS, UUID_, DATA, NAMES, TAGS,
                    LABELS, NICKNAME)
            .primaryKey("E#{id}", "E#{id}")
            .index("GSI1", "STATUS#{status}", "{createdAt}")
            .factory(item -> new Everything(item.get(ID), item.get(NAME), item.get(COUNT), item.get(TOTAL), item.get(PRICE),
                    item.get(HUGE), item.get(ACTIVE), item.get(CREATED_AT), item.get(EXPIRES_AT), item.get(DAY), item.get(STATUS),
                    item.get(UUID_), item.get(DATA), item.get(NAMES), item.get(TAGS), item.get(LABELS), item.get(NICKNAME)))
            .build();

    static final TableSchema TABLE = TableSchema.builder("AppTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .entities(EVERYTHING)
            .build();

    static final BoundEntity<Everything> BOUND = new BoundEntity<>(EVERYTHING, TABLE);

    static Everything full() {
        return new Everything("1", "Ann", 42, -9_007_199_254_740_993L, new BigDecimal("12.50"), new BigInteger("-123456789012345678901234567890"),
                true, Instant.parse("2025-05-19T09:00:00.123456789Z"), Instant.parse("2025-06-01T00:00:00Z"), LocalDate.of(2025, 5, 19),
                Status.SHIPPED, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), new byte[] {0, 1, (byte) 0xFF},
                List.of("a", "b", "a"), new LinkedHashSet<>(List.of("x", "y")), Map.of("k", "v"), Optional.of("Annie"));
    }

    private static Everything minimal(String id) {
        return new Everything(id, "Ann", null, null, null, null, null, null, null, null, null, null, null, List.of(), Set.of(), Map.of(),
                Optional.empty());
    }

    private static Everything withPrice(BigDecimal price) {
        Everything e = minimal("1");
        return new Everything(e.id(), e.name(), null, null, price, null, null, null, null, null, null, null, null, e.names(), e.tags(),
                e.labels(), e.nickname());
    }

    private static Everything withHuge(BigInteger huge) {
        Everything e = minimal("1");
        return new Everything(e.id(), e.name(), null, null, null, huge, null, null, null, null, null, null, null, e.names(), e.tags(),
                e.labels(), e.nickname());
    }

    @Test
    void toItem_whenEveryTypeHasAValue_writesEachInItsDynamoDbType() {
        Map<String, AttributeValue> item = BOUND.toItem(full());

        assertThat(item).isEqualTo(Map.ofEntries(
                Map.entry("PK", AttributeValue.fromS("E#1")),
                Map.entry("SK", AttributeValue.fromS("E#1")),
                Map.entry("GSI1PK", AttributeValue.fromS("STATUS#SHIPPED")),
                Map.entry("GSI1SK", AttributeValue.fromS("2025-05-19T09:00:00.123456789Z")),
                Map.entry("entityType", AttributeValue.fromS("Everything")),
                Map.entry("id", AttributeValue.fromS("1")),
                Map.entry("name", AttributeValue.fromS("Ann")),
                Map.entry("count", AttributeValue.fromN("42")),
                Map.entry("total", AttributeValue.fromN("-9007199254740993")),
                Map.entry("price", AttributeValue.fromN("12.5")),
                // BigDecimal.toString after stripping trailing zeros: DynamoDB accepts exponents and stores the number
                Map.entry("huge", AttributeValue.fromN("-123456789012345678901234567890")),
                Map.entry("active", AttributeValue.fromBool(true)),
                Map.entry("createdAt", AttributeValue.fromS("2025-05-19T09:00:00.123456789Z")),
                Map.entry("expiresAt", AttributeValue.fromN("1748736000")),
                Map.entry("day", AttributeValue.fromS("2025-05-19")),
                Map.entry("status", AttributeValue.fromS("SHIPPED")),
                Map.entry("uuid", AttributeValue.fromS("123e4567-e89b-12d3-a456-426614174000")),
                Map.entry("data", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 0xFF}))),
                Map.entry("names", AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromS("b"), AttributeValue.fromS("a")))),
                Map.entry("tags", AttributeValue.fromSs(List.of("x", "y"))),
                Map.entry("labels", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("v")))),
                Map.entry("nickname", AttributeValue.fromS("Annie"))));
    }

    @Test
    void fromItem_whenWrittenByToItem_givesAnEqualEntity() {
        Everything original = full();

        Everything read = BOUND.fromItem(BOUND.toItem(original));

        assertThat(read).usingRecursiveComparison()
                .withComparatorForType(BigDecimal::compareTo, BigDecimal.class)
                .ignoringCollectionOrderInFields("tags")
                .isEqualTo(original);
        assertThat(read.price()).isEqualTo(new BigDecimal("12.5"));
    }

    @Test
    void toItem_whenOptionalValuesAreNullOrEmpty_leavesThemOutAndTheSparseIndexKeyToo() {
        Map<String, AttributeValue> item = BOUND.toItem(minimal("1"));

        assertThat(item).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("E#1"),
                "SK", AttributeValue.fromS("E#1"),
                "entityType", AttributeValue.fromS("Everything"),
                "id", AttributeValue.fromS("1"),
                "name", AttributeValue.fromS("Ann"),
                "names", AttributeValue.fromL(List.of()),
                "labels", AttributeValue.fromM(Map.of())));
    }

    @Test
    void fromItem_whenCollectionsAndOptionalAreAbsent_readsThemAsEmpty() {
        Map<String, AttributeValue> item = Map.of(
                "PK", AttributeValue.fromS("E#1"),
                "SK", AttributeValue.fromS("E#1"),
                "entityType", AttributeValue.fromS("Everything"),
                "id", AttributeValue.fromS("1"),
                "name", AttributeValue.fromS("Ann"),
                "count", AttributeValue.fromNul(true));

        Everything read = BOUND.fromItem(item);

        assertThat(read).usingRecursiveComparison().isEqualTo(minimal("1"));
        assertThat(read.tags()).isEqualTo(Set.of());
        assertThat(read.nickname()).isEqualTo(Optional.empty());
    }

    @Test
    void toItem_whenRequiredAttributeIsNull_failsNamingEntityAndAttribute() {
        Everything noName = new Everything("1", null, null, null, null, null, null, null, null, null, null, null, null, List.of(),
                Set.of(), Map.of(), Optional.empty());

        assertThatThrownBy(() -> BOUND.toItem(noName))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.name is null but required; give it a value or declare it with Attribute.of(...) to allow null");
    }

    @Test
    void toItem_whenKeySlotAttributeIsNull_failsNamingTemplateAndAttribute() {
        Attribute<Everything, String> optionalId = Attribute.of("id", AttributeTypes.STRING, Everything::id);
        EntitySchema<Everything> schema = EntitySchema.builder(Everything.class).attributes(optionalId, NAME)
                .primaryKey("E#{id}", "META").factory(item -> minimal(item.get(optionalId))).build();
        BoundEntity<Everything> bound = new BoundEntity<>(schema, TableSchema.builder("AppTable").entities(schema).build());

        assertThatThrownBy(() -> bound.toItem(minimal(null)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything primary partition key template 'E#{id}' needs attribute 'id', which is null; "
                        + "give it a value (key attributes are required)");
    }

    @Test
    void toItem_whenSetHasNull_failsNamingEntityAndAttribute() {
        Set<String> withNull = new LinkedHashSet<>();
        withNull.add(null);
        Everything e = minimal("1");
        Everything bad = new Everything("1", "Ann", null, null, null, null, null, null, null, null, null, null, null, e.names(),
                withNull, e.labels(), e.nickname());

        assertThatThrownBy(() -> BOUND.toItem(bad))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.tags: the set contains null; DynamoDB sets hold only values");
    }

    @Test
    void toItem_whenEpochSecondsHasAFraction_failsNamingTheFix() {
        Everything e = minimal("1");
        Everything bad = new Everything("1", "Ann", null, null, null, null, null, null, Instant.parse("2025-06-01T00:00:00.5Z"),
                null, null, null, null, e.names(), e.tags(), e.labels(), e.nickname());

        assertThatThrownBy(() -> BOUND.toItem(bad))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.expiresAt: instant 2025-06-01T00:00:00.500Z has a fraction of a second; epoch-seconds "
                        + "attributes hold whole seconds: truncate it (instant.truncatedTo(ChronoUnit.SECONDS))");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            12345678901234567890123456789012345678    | 12345678901234567890123456789012345678
            1.2345678901234567890123456789012345678   | 1.2345678901234567890123456789012345678
            123456789012345678901234567890123456780000 | 123456789012345678901234567890123456780000
            9.9999999999999999999999999999999999999E+125 | 999999999999999999999999999999999999990000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
            -9.9999999999999999999999999999999999999E+125 | -999999999999999999999999999999999999990000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
            1E-130                                    | 0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001
            -1E-130                                   | -0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001
            0.000                                     | 0
            1.2300                                    | 1.23
            100                                       | 100
            1E+2                                      | 100
            100.00                                    | 100
            0.0000010                                 | 0.000001
            1E-7                                      | 0.0000001
            -2.50E+3                                  | -2500
            """)
    void toItem_whenNumberWithinDynamoDbLimits_writesItInPlainNotationWithoutTrailingZeros(String value, String written) {
        assertThat(BOUND.toItem(withPrice(new BigDecimal(value))).get("price")).isEqualTo(AttributeValue.fromN(written));
        assertThat(BOUND.fromItem(BOUND.toItem(withPrice(new BigDecimal(value)))).price()).isEqualByComparingTo(value);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            123456789012345678901234567890123456789   | value 123456789012345678901234567890123456789 has 39 significant digits; DynamoDB numbers hold at most 38: round it (BigDecimal.round(new MathContext(38))) or store it as a String
            1.00000000000000000000000000000000000001  | value 1.00000000000000000000000000000000000001 has 39 significant digits; DynamoDB numbers hold at most 38: round it (BigDecimal.round(new MathContext(38))) or store it as a String
            1E+126                                    | value 1E+126 is too large; DynamoDB numbers must be below 1E+126 in magnitude: store it as a String
            -1E+126                                   | value -1E+126 is too large; DynamoDB numbers must be below 1E+126 in magnitude: store it as a String
            1E-131                                    | value 1E-131 is too small; DynamoDB numbers must be at least 1E-130 in magnitude: round it to zero or store it as a String
            1e200                                     | value 1E+200 is too large; DynamoDB numbers must be below 1E+126 in magnitude: store it as a String
            """)
    void toItem_whenDecimalBreaksDynamoDbLimits_failsNamingEntityAttributeAndValue(String value, String reason) {
        assertThatThrownBy(() -> BOUND.toItem(withPrice(new BigDecimal(value))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.price: " + reason);
    }

    @Test
    void toItem_whenBigIntegerIsTooLarge_failsNamingEntityAttributeAndAbbreviatedValue() {
        assertThatThrownBy(() -> BOUND.toItem(withHuge(BigInteger.TEN.pow(126))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.huge: value 1E+126 is too large; DynamoDB numbers must be "
                        + "below 1E+126 in magnitude: store it as a String");
        assertThatThrownBy(() -> BOUND.toItem(withHuge(BigInteger.TEN.pow(40).add(BigInteger.ONE))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.huge: value 1" + "0".repeat(39) + "1 has 41 significant digits; DynamoDB numbers hold "
                        + "at most 38: round it (BigDecimal.round(new MathContext(38))) or store it as a String");
    }

    // ------------------------------------------------------------------ item size

    record Blob(String id, byte[] data) {
    }

    static final Attribute<Blob, String> BLOB_ID = Attribute.required("id", AttributeTypes.STRING, Blob::id);
    static final Attribute<Blob, byte[]> BLOB_DATA = Attribute.required("data", AttributeTypes.BYTES, Blob::data);
    static final EntitySchema<Blob> BLOB = EntitySchema.builder(Blob.class).attributes(BLOB_ID, BLOB_DATA)
            .primaryKey("BLOB#{id}", "METADATA").factory(item -> new Blob(item.get(BLOB_ID), item.get(BLOB_DATA))).build();
    static final BoundEntity<Blob> BOUND_BLOB = new BoundEntity<>(BLOB, TableSchema.builder("AppTable").entities(BLOB).build());

    /** Names and values other than data: id 2+2, entityType 10+4, PK 2+7, SK 2+8, and the name "data": 4. */
    private static final int BYTES_BESIDES_DATA = 41;

    @Test
    void toItem_whenItemIsExactly400KB_writesIt() {
        byte[] data = new byte[ItemSize.MAX_ITEM_BYTES - BYTES_BESIDES_DATA];

        assertThat(ItemSize.of(BOUND_BLOB.toItem(new Blob("12", data)))).isEqualTo(409_600);
    }

    @Test
    void toItem_whenItemIsOver400KB_failsNamingKeySizeAndLargestAttributes() {
        byte[] data = new byte[400 * 1024];

        assertThatThrownBy(() -> BOUND_BLOB.toItem(new Blob("12", data)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Blob [PK=BLOB#12, SK=METADATA]: the item is 409641 bytes; DynamoDB items hold at most 409600 bytes "
                        + "(400 KB). Largest attributes: [data (409600 bytes), SK (8 bytes), PK (7 bytes)]. "
                        + "Move large values to S3 or split the item");
    }

    // ------------------------------------------------------------------ reading

    private static Map<String, AttributeValue> storedItem(String attribute, AttributeValue value) {
        Map<String, AttributeValue> item = new HashMap<>(BOUND.toItem(minimal("1")));
        item.put(attribute, value);
        return item;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            count     | Integer                  | expected a Number (N) but the item holds S AttributeValue(S=x)
            price     | BigDecimal               | expected a Number (N) but the item holds S AttributeValue(S=x)
            active    | Boolean                  | expected a Boolean (BOOL) but the item holds S AttributeValue(S=x)
            expiresAt | Instant (epoch seconds)  | expected a Number (N) but the item holds S AttributeValue(S=x)
            names     | List<String>             | expected a List (L) but the item holds S AttributeValue(S=x)
            tags      | Set<String>              | expected a String Set (SS) but the item holds S AttributeValue(S=x)
            labels    | Map<String, String>      | expected a Map (M) but the item holds S AttributeValue(S=x)
            data      | byte[]                   | expected Binary (B) but the item holds S AttributeValue(S=x)
            status    | Status                   | 'x' is not a constant of Status
            day       | LocalDate                | 'x' is not an ISO-8601 date
            createdAt | Instant                  | 'x' is not an ISO-8601 instant
            uuid      | UUID                     | Invalid UUID string: x
            """)
    void fromItem_whenStoredTypeDoesNotFit_failsNamingEntityAttributeKeyAndFound(String attribute, String typeName, String reason) {
        assertThatThrownBy(() -> BOUND.fromItem(storedItem(attribute, AttributeValue.fromS("x"))))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Everything." + attribute + " of item [PK=E#1, SK=E#1] cannot be read as " + typeName + ": " + reason);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            count | 1.5                     | Integer     | number 1.5 does not fit Integer
            count | 2147483648              | Integer     | number 2147483648 does not fit Integer
            total | 9223372036854775808     | Long        | number 9223372036854775808 does not fit Long
            huge  | 1.5                     | BigInteger  | number 1.5 does not fit BigInteger
            """)
    void fromItem_whenStoredNumberDoesNotFit_failsNamingTheNumber(String attribute, String number, String typeName, String reason) {
        assertThatThrownBy(() -> BOUND.fromItem(storedItem(attribute, AttributeValue.fromN(number))))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Everything." + attribute + " of item [PK=E#1, SK=E#1] cannot be read as " + typeName + ": " + reason);
    }

    @Test
    void fromItem_whenNumberStoredWhereStringExpected_failsNamingTheStoredValue() {
        assertThatThrownBy(() -> BOUND.fromItem(storedItem("name", AttributeValue.fromN("5"))))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Everything.name of item [PK=E#1, SK=E#1] cannot be read as String: expected a String (S) but the item "
                        + "holds N AttributeValue(N=5)");
    }

    @Test
    void fromItem_whenRequiredAttributeIsMissing_failsNamingEntityKeyAndAttribute() {
        Map<String, AttributeValue> item = new HashMap<>(BOUND.toItem(minimal("1")));
        item.remove("name");

        assertThatThrownBy(() -> BOUND.fromItem(item))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Everything [PK=E#1, SK=E#1] lacks required attribute 'name'; write it, or declare the attribute with "
                        + "Attribute.of(...) to allow it to be missing");
    }

    @Test
    void fromItem_whenItemIsOfAnotherEntityType_failsNamingBothTypes() {
        Map<String, AttributeValue> item = storedItem("entityType", AttributeValue.fromS("Order"));

        assertThatThrownBy(() -> BOUND.fromItem(item))
                .isInstanceOfSatisfying(EntityTypeMismatchException.class, e -> {
                    assertThat(e.expected()).isEqualTo("Everything");
                    assertThat(e.found()).isEqualTo("Order");
                })
                .hasMessage("Item [PK=E#1, SK=E#1] in table AppTable has entityType 'Order' but was read as Everything");
    }

    @Test
    void fromItem_whenItemHasNoEntityType_failsSayingHowThatHappens() {
        Map<String, AttributeValue> item = new HashMap<>(BOUND.toItem(minimal("1")));
        item.remove("entityType");

        assertThatThrownBy(() -> BOUND.fromItem(item))
                .isInstanceOfSatisfying(EntityTypeMismatchException.class, e -> assertThat(e.found()).isEqualTo("(none)"))
                .hasMessage("Item [PK=E#1, SK=E#1] in table AppTable has entityType '(none)' but was read as Everything; "
                        + "it was not written by singletable, or the entity type attribute is misnamed");
    }

    @Test
    void fromItem_whenItemHoldsOnlyKeys_failsSayingItIsAnIndexProjection() {
        Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("E#1"), "SK", AttributeValue.fromS("E#1"));

        assertThatThrownBy(() -> BOUND.fromItem(item))
                .isInstanceOf(EntityTypeMismatchException.class)
                .hasMessageEndingWith("; it holds only key attributes, as a read of an index that projects only its keys returns them: "
                        + "read whole items (from the table, with fetchFullItems(), or from an index that projects them)")
                .hasMessageNotContaining("not written by singletable");
    }

    @Test
    void key_whenFromEntityOrKeyValues_givesTheSamePrimaryKey() {
        assertThat(BOUND.key(full())).isEqualTo(Map.of("PK", AttributeValue.fromS("E#1"), "SK", AttributeValue.fromS("E#1")));
        assertThat(BOUND.key(KeyValues.of(ID, "1"))).isEqualTo(BOUND.key(full()));
    }
}
