package dev.singletable.it;

import dev.singletable.EntityTypeMismatchException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemDecodingException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.it.TestModel.Everything;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Memo;
import dev.singletable.it.TestModel.Note;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static dev.singletable.it.TestModel.EVERYTHING;
import static dev.singletable.it.TestModel.E_ID;
import static dev.singletable.it.TestModel.MEMO;
import static dev.singletable.it.TestModel.NOTE;
import static dev.singletable.it.TestModel.N_ID;
import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.R_SEQ;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ItemOperationsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant AT = Instant.parse("2025-05-19T09:00:00.123456789Z");

    private Map<String, AttributeValue> raw(String pk, String sk) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build()).item();
    }

    @Test
    void put_whenReading_writesAttributesTypeAndEveryIndexKey() {
        db.table().put(new Reading("s1", -42, AT, -7, Level.HIGH));

        assertThat(raw("SENSOR#s1", "READING#-9999999999999999958")).isEqualTo(Map.ofEntries(
                Map.entry("PK", AttributeValue.fromS("SENSOR#s1")),
                Map.entry("SK", AttributeValue.fromS("READING#-9999999999999999958")),
                Map.entry("GSI1PK", AttributeValue.fromS("SENSOR#s1#DELTA")),
                Map.entry("GSI1SK", AttributeValue.fromS("-9999999993#-9999999999999999958")),
                Map.entry("GSI2PK", AttributeValue.fromS("LEVEL#HIGH")),
                Map.entry("GSI2SK", AttributeValue.fromS("2025-05-19T09:00:00.123456789Z")),
                Map.entry("entityType", AttributeValue.fromS("Reading")),
                Map.entry("sensor", AttributeValue.fromS("s1")),
                Map.entry("seq", AttributeValue.fromN("-42")),
                Map.entry("at", AttributeValue.fromS("2025-05-19T09:00:00.123456789Z")),
                Map.entry("delta", AttributeValue.fromN("-7")),
                Map.entry("level", AttributeValue.fromS("HIGH"))));
    }

    @Test
    void put_whenSparseIndexSlotIsNull_leavesThatIndexKeyOut() {
        db.table().put(new Reading("s2", 1, AT, 3, null));

        assertThat(raw("SENSOR#s2", "READING#0000000000000000001"))
                .containsKeys("GSI1PK", "GSI1SK")
                .doesNotContainKeys("GSI2PK", "GSI2SK", "level");
    }

    @Test
    void get_whenItemWasPut_returnsEqualEntity() {
        Reading reading = new Reading("s3", 7, AT, 0, Level.LOW);
        db.table().put(reading);

        assertThat(db.table().get(READING, KeyValues.of(R_SENSOR, "s3").and(R_SEQ, 7L))).contains(reading);
        assertThat(db.table().get(READING, KeyValues.of(R_SENSOR, "s3").and(R_SEQ, 7L), ReadConsistency.STRONG)).contains(reading);
    }

    @Test
    void get_whenNoItem_returnsEmpty() {
        assertThat(db.table().get(READING, KeyValues.of(R_SENSOR, "nobody").and(R_SEQ, 1L))).isEmpty();
    }

    @Test
    void get_whenKeyValueMissing_failsNamingSlot() {
        assertThatThrownBy(() -> db.table().get(READING, KeyValues.of(R_SENSOR, "s3")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Reading primary sort key template 'READING#{seq}' needs a value for 'seq'; given: [sensor]");
    }

    @Test
    void get_whenKeyValueNamesNoSlot_failsListingTheSlots() {
        assertThatThrownBy(() -> db.table().get(READING, KeyValues.of(R_SENSOR, "s3").and("sequence", 7L)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Reading primary key has no slot for 'sequence'; its slots are [sensor, seq] "
                        + "(templates 'SENSOR#{sensor}' and 'READING#{seq}')");
    }

    @Test
    void get_whenKeyValueNamesASlotWithAnotherCase_failsOfferingTheSlot() {
        assertThatThrownBy(() -> db.table().get(READING, KeyValues.of("Sensor", "s3").and(R_SEQ, 7L)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Reading primary key has no slot for 'Sensor' (did you mean 'sensor'?); its slots are [sensor, seq] "
                        + "(templates 'SENSOR#{sensor}' and 'READING#{seq}')");
    }

    @Test
    void get_whenKeyValueHasWrongType_failsNamingAttributeAndValue() {
        assertThatThrownBy(() -> db.table().get(READING, KeyValues.of("sensor", "s3").and("seq", "seven")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Reading primary sort key template 'READING#{seq}': value seven (String) for 'seq' is not a Long");
    }

    @Test
    void create_whenItemExists_failsAndKeepsTheOriginal() {
        db.table().create(new Note("n1", "first"));

        assertThatThrownBy(() -> db.table().create(new Note("n1", "second")))
                .isInstanceOf(ItemAlreadyExistsException.class)
                .hasMessage("Cannot create Note {PK=DOC#n1, SK=BODY} in table " + db.tableName()
                        + ": an item with this key already exists; use put to replace it, or choose another key")
                .satisfies(e -> {
                    ItemAlreadyExistsException exists = (ItemAlreadyExistsException) e;
                    assertThat(exists.entityType()).isEqualTo("Note");
                    assertThat(exists.operation()).isEqualTo("create");
                    assertThat(exists.key()).isEqualTo(Map.of("PK", "DOC#n1", "SK", "BODY"));
                });
        assertThat(db.table().get(NOTE, KeyValues.of(N_ID, "n1"))).contains(new Note("n1", "first"));
    }

    @Test
    void put_whenItemExists_replacesIt() {
        db.table().put(new Note("n2", "first"));
        db.table().put(new Note("n2", "second"));

        assertThat(db.table().get(NOTE, KeyValues.of(N_ID, "n2"))).contains(new Note("n2", "second"));
    }

    @Test
    void delete_whenItemExists_removesIt() {
        db.table().put(new Note("n3", "bye"));
        db.table().delete(NOTE, KeyValues.of(N_ID, "n3"));
        db.table().delete(NOTE, KeyValues.of(N_ID, "n3")); // deleting nothing is fine

        assertThat(db.table().get(NOTE, KeyValues.of(N_ID, "n3"))).isEmpty();
    }

    /** The test table as an application that calls its DOC#/BODY items Memo declares it. */
    private static dev.singletable.Table memos() {
        return dev.singletable.Table.of(TestModel.MEMO_SCHEMA.toBuilder().name(db.tableName()).build(), db.client());
    }

    @Test
    void get_whenItemBelongsToAnotherType_failsNamingBothTypes() {
        db.table().put(new Note("n4", "a note"));

        assertThatThrownBy(() -> memos().get(MEMO, KeyValues.of("id", "n4")))
                .isInstanceOf(EntityTypeMismatchException.class)
                .hasMessage("Item [PK=DOC#n4, SK=BODY] in table " + db.tableName() + " has entityType 'Note' but was read as Memo")
                .satisfies(e -> {
                    assertThat(((EntityTypeMismatchException) e).expected()).isEqualTo("Memo");
                    assertThat(((EntityTypeMismatchException) e).found()).isEqualTo("Note");
                });
    }

    @Test
    void get_whenItemHasNoTypeAttribute_failsSayingSo() {
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of(
                "PK", AttributeValue.fromS("DOC#raw"), "SK", AttributeValue.fromS("BODY"),
                "id", AttributeValue.fromS("raw"), "text", AttributeValue.fromS("written by hand"))).build());

        assertThatThrownBy(() -> memos().get(MEMO, KeyValues.of("id", "raw")))
                .isInstanceOf(EntityTypeMismatchException.class)
                .hasMessage("Item [PK=DOC#raw, SK=BODY] in table " + db.tableName() + " has entityType '(none)' but was read as Memo; "
                        + "it was not written by singletable, or the entity type attribute is misnamed");
    }

    @Test
    void get_whenStoredAttributeHasWrongType_failsNamingEntityAttributeAndKey() {
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of(
                "PK", AttributeValue.fromS("DOC#bad"), "SK", AttributeValue.fromS("BODY"), "entityType", AttributeValue.fromS("Note"),
                "id", AttributeValue.fromS("bad"), "text", AttributeValue.fromN("12"))).build());

        assertThatThrownBy(() -> db.table().get(NOTE, KeyValues.of(N_ID, "bad")))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Note.text of item [PK=DOC#bad, SK=BODY] cannot be read as String: expected a String (S) but the item holds N "
                        + "AttributeValue(N=12)");
    }

    @Test
    void get_whenRequiredAttributeMissing_failsNamingIt() {
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of(
                "PK", AttributeValue.fromS("DOC#short"), "SK", AttributeValue.fromS("BODY"), "entityType", AttributeValue.fromS("Note"),
                "id", AttributeValue.fromS("short"))).build());

        assertThatThrownBy(() -> db.table().get(NOTE, KeyValues.of(N_ID, "short")))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Note [PK=DOC#short, SK=BODY] lacks required attribute 'text'; write it, or declare the attribute with "
                        + "Attribute.of(...) to allow it to be missing");
    }

    @Test
    void put_whenEveryTypeIsSet_roundTripsThroughDynamoDb() {
        Everything full = new Everything("full", "text ✓", 12, -5L, new BigDecimal("12345678901234567890.123456789012345678"),
                new BigInteger("-99999999999999999999999999999999999999"), true, AT, Instant.parse("2030-01-01T00:00:00Z"),
                LocalDate.parse("2025-05-19"), Level.LOW, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                new byte[]{0, 1, 2, (byte) 255}, List.of("b", "a", "b"), Set.of("x", "y"), Map.of("k", "v", "empty", ""),
                Optional.of("present"));
        db.table().put(full);

        Everything read = db.table().get(EVERYTHING, KeyValues.of(E_ID, "full")).orElseThrow();

        assertThat(read).usingRecursiveComparison().isEqualTo(full);
        assertThat(raw("EVERYTHING#full", "EVERYTHING").get("ttl")).isEqualTo(AttributeValue.fromN("1893456000"));
    }

    @Test
    void put_whenOptionalValuesAreEmpty_writesNoAttributeAndReadsEmptyValues() {
        Everything sparse = new Everything("sparse", null, null, 0L, null, null, false, null, null, null, null, null, null,
                List.of(), Set.of(), Map.of(), Optional.empty());
        db.table().put(sparse);

        assertThat(raw("EVERYTHING#sparse", "EVERYTHING").keySet())
                .containsExactlyInAnyOrder("PK", "SK", "entityType", "id", "primitiveLong", "flag", "list", "map");
        assertThat(db.table().get(EVERYTHING, KeyValues.of(E_ID, "sparse")).orElseThrow())
                .usingRecursiveComparison().isEqualTo(sparse);
    }

    @Test
    void toItem_whenListMapSetAndOptionalAreNull_isTheItemPutStoresWithoutThem() {
        Everything nulls = new Everything("nulls", null, null, 0L, null, null, false, null, null, null, null, null, null,
                null, null, null, null);
        Everything nullsAndDecimal = new Everything("nulls-decimal", null, null, 0L, new BigDecimal("10.50"), null, false, null,
                null, null, null, null, null, null, null, null, null);

        db.table().put(nulls);
        db.table().put(nullsAndDecimal);

        assertThat(raw("EVERYTHING#nulls", "EVERYTHING")).isEqualTo(db.table().toItem(nulls))
                .doesNotContainKeys("list", "map", "set", "maybe");
        assertThat(raw("EVERYTHING#nulls-decimal", "EVERYTHING")).isEqualTo(db.table().toItem(nullsAndDecimal))
                .containsEntry("decimal", AttributeValue.fromN("10.5")).doesNotContainKeys("list", "map", "set", "maybe");
    }

    @Test
    void put_whenNumberHasTooManyDigits_failsBeforeSendingNamingEntityAndAttribute() {
        Everything tooPrecise = new Everything("digits", null, null, 0L, new BigDecimal("1.234567890123456789012345678901234567891"),
                null, false, null, null, null, null, null, null, List.of(), Set.of(), Map.of(), Optional.empty());

        assertThatThrownBy(() -> db.table().put(tooPrecise))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.decimal: value 1.234567890123456789012345678901234567891 has 40 significant digits; "
                        + "DynamoDB numbers hold at most 38: round it (BigDecimal.round(new MathContext(38))) or store it as a String");
        assertThat(raw("EVERYTHING#digits", "EVERYTHING")).isEmpty();
    }

    @Test
    void put_whenNumberTooLarge_failsBeforeSending() {
        Everything huge = new Everything("huge", null, null, 0L, new BigDecimal("1e200"),
                null, false, null, null, null, null, null, null, List.of(), Set.of(), Map.of(), Optional.empty());

        assertThatThrownBy(() -> db.table().put(huge))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Everything.decimal: value 1E+200 is too large; DynamoDB numbers must be below 1E+126 in magnitude: "
                        + "store it as a String");
    }

    @Test
    void put_whenItemOver400Kb_failsBeforeSendingNamingEntityAndLargestAttributes() {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            chunks.add("x".repeat(100_000));
        }
        Everything big = new Everything("big", null, null, 0L, null, null, false, null, null, null, null, null, null,
                chunks, Set.of(), Map.of(), Optional.empty());

        assertThatThrownBy(() -> db.table().put(big))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Everything [PK=EVERYTHING#big, SK=EVERYTHING]: the item is 500")
                .hasMessageContaining("bytes; DynamoDB items hold at most 409600 bytes (400 KB). Largest attributes: [list (500");
        assertThat(raw("EVERYTHING#big", "EVERYTHING")).isEmpty();
    }

    @Test
    void put_whenPartitionKeyOver2048Bytes_failsBeforeSending() {
        String longSensor = "é".repeat(1100);

        assertThatThrownBy(() -> db.table().put(new Reading(longSensor, 1, AT, 1, null)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Reading primary partition key template 'SENSOR#{sensor}' gives a key of 2207 bytes ('SENSOR#"
                        + "é".repeat(33) + "…'); DynamoDB allows at most 2048 bytes in a partition key: shorten the values of [sensor]");
    }

    @Test
    void put_whenRequiredAttributeNull_failsNamingIt() {
        assertThatThrownBy(() -> db.table().put(new Note("n5", null)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note.text is null but required; give it a value or declare it with Attribute.of(...) to allow null");
    }

    @Test
    void put_whenKeySlotNull_failsNamingTemplateAndAttribute() {
        assertThatThrownBy(() -> db.table().put(new Note(null, "orphan")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note.id is null but required; give it a value or declare it with Attribute.of(...) to allow null");
    }

    @Test
    void listener_whenItemsWrittenAndRead_seesEveryRequestWithCapacity() {
        List<RequestEvent> events = new ArrayList<>();
        Table table = Table.builder(db.table().schema(), db.client()).listener(events::add).build();

        table.put(new Note("n6", "counted"));
        table.get(NOTE, KeyValues.of(N_ID, "n6"));

        assertThat(events).extracting(RequestEvent::operation, RequestEvent::tableName, RequestEvent::itemCount)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("PutItem", db.tableName(), 1),
                        org.assertj.core.groups.Tuple.tuple("GetItem", db.tableName(), 1));
        assertThat(events).allSatisfy(e -> assertThat(e.consumedCapacity()).isPositive());
    }

    @Test
    void keyOf_whenEntityGiven_returnsKeyTextWithoutSending() {
        assertThat(db.table().keyOf(new Reading("s#1", 5, AT, 1, null)))
                .containsExactly(Map.entry("PK", "SENSOR#s\\#1"), Map.entry("SK", "READING#0000000000000000005"));
    }
}
