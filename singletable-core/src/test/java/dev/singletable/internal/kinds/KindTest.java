package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.SchemaDefinitionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KindTest {

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = "ENUM", mode = EnumSource.Mode.EXCLUDE)
    void type_whenTheKindIsBuiltIn_isTheAttributeTypesConstantOfItsNameOrItsScalarType(Kind kind) throws ReflectiveOperationException {
        Optional<Field> constant = Arrays.stream(AttributeTypes.class.getFields()).filter(field -> field.getName().equals(kind.name()))
                .findFirst();

        assertThat(constant.isPresent() ? constant.get().get(null) : AttributeTypes.scalar(kind.javaType())).isSameAs(kind.type());
        assertThat(Kind.of(kind.type())).contains(kind);
        assertThat(Kind.named(kind.name())).contains(kind);
    }

    @Test
    void values_whenAttributeTypesConstantsAreListed_haveAnEntryForEachConstant() {
        List<String> constants = new ArrayList<>();
        for (Field field : AttributeTypes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && AttributeType.class.isAssignableFrom(field.getType())) {
                constants.add(field.getName());
            }
        }

        assertThat(constants).allSatisfy(name -> assertThat(Kind.valueOf(name)).isNotNull());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "STRING      | some text            | {S: some text}",
            "INTEGER     | 42                   | {N: 42}",
            "LONG        | 5000000000           | {N: 5000000000}",
            "BIG_INTEGER | 123456789012345678901 | {N: 123456789012345678901}",
            "DECIMAL     | 10.50                | {N: 10.5}",
            "BOOLEAN     | true                 | {BOOL: true}",
            "INSTANT     | 2025-01-31T12:00:00Z | {S: 2025-01-31T12:00:00Z}",
            "LOCAL_DATE  | 2025-01-31           | {S: 2025-01-31}",
            "LOCAL_DATE_TIME | 2025-01-31T09:30 | {S: 2025-01-31T09:30}",
            "UUID        | 0f8fad5b-d9cb-469f-a165-70867728950e | {S: 0f8fad5b-d9cb-469f-a165-70867728950e}"})
    void parse_whenTextIsAValueOfTheScalarKind_storesAndReadsItBack(Kind kind, String text, String stored) {
        Object value = kind.parse(text);
        AttributeValue written = unchecked(kind.type()).toAttributeValue(value);

        assertThat(written.toString()).isEqualTo("AttributeValue(" + stored.substring(1, stored.length() - 1).replace(": ", "=") + ")");
        assertThat(written.type().toString()).isEqualTo(kind.storedAs());
        assertThat(kind.javaType()).isInstanceOf(Class.class).matches(type -> type.isInstance(value));
        assertThat(unchecked(kind.type()).fromAttributeValue(written)).isEqualTo(kind == Kind.DECIMAL ? kind.parse("10.5") : value);
    }

    @Test
    void parse_whenInstantIsGivenInEpochSeconds_readsIt() {
        assertThat(Kind.INSTANT.parse("1738324800")).isEqualTo(Instant.parse("2025-01-31T12:00:00Z"));
        assertThat(Kind.EPOCH_SECONDS.parse(" 1738324800 ")).isEqualTo(Instant.parse("2025-01-31T12:00:00Z"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "1735689600000 | '1735689600000' as epoch seconds is after the year 9999; as epoch milliseconds it is 2025-01-01T00:00:00Z: "
                    + "give seconds (1735689600) or an ISO-8601 instant",
            "253402300800 | '253402300800' as epoch seconds is after the year 9999; as epoch milliseconds it is 1978-01-11T21:31:40.800Z: "
                    + "give seconds (253402300) or an ISO-8601 instant",
            "99999999999999999999 | '99999999999999999999' as epoch seconds is after the year 9999: give epoch seconds from "
                    + "-62167219200 to 253402300799 or an ISO-8601 instant"})
    void parse_whenEpochSecondsAreAfterTheYear9999_refusesThemSuggestingMilliseconds(String text, String message) {
        assertThatThrownBy(() -> Kind.INSTANT.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        assertThatThrownBy(() -> Kind.EPOCH_SECONDS.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        assertThat(List.of(Kind.INSTANT.parse("253402300799"), Kind.EPOCH_SECONDS.parse("-86400")))
                .containsExactly(Instant.parse("9999-12-31T23:59:59Z"), Instant.parse("1969-12-31T00:00:00Z"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"INTEGER | forty-two", "LONG | 1.5", "DECIMAL | ten", "BOOLEAN | yes",
            "INSTANT | yesterday", "LOCAL_DATE | 2025-02-30", "LOCAL_DATE_TIME | 2025-01-31", "UUID | not-a-uuid"})
    void parse_whenTextIsNoValueOfTheKind_throwsNamingTheText(Kind kind, String text) {
        assertThatThrownBy(() -> kind.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"1-1-1-1-1", "0f8fad5b-d9cb-469f-a165-70867728950",
            "0f8fad5bd-9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e0", " 0f8fad5b-d9cb-469f-a165-7086772895e"})
    void parse_whenUuidTextIsNotTheCanonicalForm_throwsRatherThanRewritingIt(String text) {
        assertThatThrownBy(() -> Kind.UUID.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid UUID string: " + text.strip());
        assertThatThrownBy(() -> dev.singletable.internal.keys.SlotFormats.uuid(Optional.empty()).decode(text.strip()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Invalid UUID string: " + text.strip());
    }

    @Test
    void parse_whenUuidTextIsUpperCase_readsTheSameUuid() {
        assertThat(Kind.UUID.parse("0F8FAD5B-D9CB-469F-A165-70867728950E"))
                .isEqualTo(java.util.UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e"));
    }

    @Test
    void parse_whenTheKindIsWrittenAsJson_throwsSayingSo() {
        assertThatThrownBy(() -> Kind.STRING_SET.parse("a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a stringSet value is written as JSON, not as text");
    }

    @Test
    void lookups_whenGivenTheNamesOfAKind_findIt() {
        assertThat(Kind.ofJavaType(LocalDate.class)).contains(Kind.LOCAL_DATE);
        assertThat(Kind.ofJavaType(Thread.class)).isEmpty();
        assertThat(Kind.ofFileName("date")).contains(Kind.LOCAL_DATE);
        assertThat(Kind.ofFileName("epochSeconds")).contains(Kind.EPOCH_SECONDS);
        assertThat(Kind.ofFileName("dateTime")).contains(Kind.LOCAL_DATE_TIME);
        assertThat(Kind.ofFileName("bigInteger")).isEmpty();
        assertThat(Kind.of(AttributeTypes.enumType(Thread.State.class))).contains(Kind.ENUM);
        assertThat(Kind.of(AttributeTypes.listOf(AttributeTypes.LONG))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"S | STRING", "N | DECIMAL", "BOOL | BOOLEAN", "B | BYTES", "SS | STRING_SET",
            "NS | DECIMAL_SET", "BS | BINARY_SET", "L | STRING_LIST", "M | STRING_MAP"})
    void readAs_whenGivenADynamoDbType_isTheWidestKindStoredSo(String storedAs, Kind kind) {
        assertThat(Kind.readAs(storedAs)).contains(kind);
        assertThat(kind.storedAs()).isEqualTo(storedAs);
    }

    @Test
    void fileValue_whenTheKindHasAFileName_saysWhatAFileWrites_elseWhatTheCommandLineDoes() {
        assertThat(Kind.LOCAL_DATE.fileValue()).isEqualTo("an ISO-8601 date such as 2025-01-31");
        assertThat(Kind.BIG_INTEGER.fileValue()).isEqualTo(Kind.BIG_INTEGER.expected());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "STRING          | say \"hi\"           | \"say \\\"hi\\\"\"",
            "INTEGER         | 42                   | 42",
            "LONG            | 42                   | 42L",
            "BIG_INTEGER     | 42                   | new java.math.BigInteger(\"42\")",
            "DECIMAL         | 12.50                | new java.math.BigDecimal(\"12.50\")",
            "BOOLEAN         | true                 | true",
            "INSTANT         | 1738324800           | java.time.Instant.parse(\"2025-01-31T12:00:00Z\")",
            "LOCAL_DATE      | 2025-01-31           | java.time.LocalDate.parse(\"2025-01-31\")",
            "LOCAL_DATE_TIME | 2025-01-31T09:30     | java.time.LocalDateTime.parse(\"2025-01-31T09:30\")",
            "UUID | 0f8fad5b-d9cb-469f-a165-70867728950e | java.util.UUID.fromString(\"0f8fad5b-d9cb-469f-a165-70867728950e\")"})
    void javaSource_whenGivenAValueOfTheScalarKind_isItsJavaExpression(Kind kind, String text, String source) {
        assertThat(kind.javaSource(kind.parse(text))).isEqualTo(source);
    }

    @Test
    void javaSource_whenTheKindIsNoScalar_throws() {
        assertThatThrownBy(() -> Kind.STRING_SET.javaSource(java.util.Set.of("a"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void fillsPathSlots_whenTheKindIsAListOfStrings_isTrue() {
        assertThat(Kind.STRING_LIST.fillsPathSlots()).isTrue();
        assertThat(Kind.STRING_SET.fillsPathSlots()).isFalse();
        assertThat(Kind.ENUM.fillsPathSlots()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"LOCAL_DATE | java.time.LocalDate", "BYTES | byte[]", "STRING_SET | java.util.Set<java.lang.String>",
            "BINARY_SET | java.util.Set<java.nio.ByteBuffer>", "DOCUMENT | java.util.Map<java.lang.String, java.lang.Object>",
            "STRING_MAP | java.util.Map<java.lang.String, java.lang.String>", "STRING_LIST | java.util.List<java.lang.String>"})
    void genericType_whenTheKindIsBuiltIn_isTheJavaTypeOfItsValuesWithTypeArguments(Kind kind, String typeName) {
        assertThat(kind.genericType().getTypeName()).isEqualTo(typeName);
    }

    @Test
    void textFormat_whenJsonSchemaNamesTheFormatOfTheText_isIt() {
        assertThat(Kind.INSTANT.textFormat()).contains("date-time");
        assertThat(Kind.EPOCH_SECONDS.textFormat()).contains("date-time");
        assertThat(Kind.LOCAL_DATE.textFormat()).contains("date");
        assertThat(Kind.UUID.textFormat()).contains("uuid");
        assertThat(Kind.LOCAL_DATE_TIME.textFormat()).isEmpty();
    }

    @Test
    void sample_whenTheKindIsAScalar_isATypicalValueItsParserReads() {
        for (Kind kind : Kind.values()) {
            kind.sample().ifPresent(text -> assertThat(kind.parse(text)).isNotNull());
        }
        assertThat(Kind.LOCAL_DATE.sample()).contains("2025-06-01");
        assertThat(Kind.STRING_SET.sample()).isEmpty();
    }

    @Test
    void readAs_whenTheTypeIsNoDynamoDbType_isEmpty() {
        assertThat(Kind.readAs("NULL")).isEmpty();
    }

    @Test
    void keyable_whenTheKindFillsKeySlots_isTrueForScalarsAndEnumsOnly() {
        List<Kind> keyable = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            if (kind.keyable()) {
                keyable.add(kind);
            }
        }

        assertThat(keyable).containsExactly(Kind.STRING, Kind.INTEGER, Kind.LONG, Kind.BIG_INTEGER,
                Kind.DECIMAL, Kind.BOOLEAN, Kind.INSTANT, Kind.LOCAL_DATE, Kind.UUID, Kind.LOCAL_DATE_TIME,
                Kind.ENUM);
    }

    @Test
    void scalar_whenTheClassIsAScalarKinds_isItsConstant() {
        assertThat(AttributeTypes.scalar(LocalDate.class)).isSameAs(AttributeTypes.LOCAL_DATE);
        assertThat(AttributeTypes.scalar(String.class)).isSameAs(AttributeTypes.STRING);
    }

    @Test
    void scalar_whenTheClassIsNoScalarKinds_throwsNamingTheScalarClasses() {
        assertThatThrownBy(() -> AttributeTypes.scalar(Thread.class))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("java.lang.Thread is not a scalar attribute class; the scalar classes are String, Integer, Long, BigInteger, "
                        + "BigDecimal, Boolean, Instant, LocalDate, UUID, LocalDateTime");
    }

    @Test
    void slotCodec_whenLocalDateTimesFillASortKey_writesFixedWidthTextThatSortsAsTheValues() {
        @SuppressWarnings("unchecked")
        dev.singletable.internal.keys.SlotCodec<LocalDateTime> codec = (dev.singletable.internal.keys.SlotCodec<LocalDateTime>)
                Kind.LOCAL_DATE_TIME.slotCodec(Optional.empty(), dev.singletable.internal.keys.KeyRole.SORT);
        List<LocalDateTime> ordered = List.of(LocalDateTime.parse("2025-01-31T09:30"), LocalDateTime.parse("2025-01-31T09:30:00.000000001"),
                LocalDateTime.parse("2025-01-31T10:00:00.5"), LocalDateTime.parse("2025-02-01T00:00"));
        List<String> texts = new ArrayList<>();
        ordered.forEach(value -> texts.add(codec.encode(value)));

        assertThat(texts).containsExactly("2025-01-31T09:30:00.000000000", "2025-01-31T09:30:00.000000001",
                "2025-01-31T10:00:00.500000000", "2025-02-01T00:00:00.000000000").isSorted();
        assertThat(texts).allSatisfy(text -> assertThat(codec.decode(text)).isEqualTo(ordered.get(texts.indexOf(text))));
        assertThat(Kind.LOCAL_DATE_TIME.sortPreserving()).isTrue();
        assertThatThrownBy(() -> Kind.LOCAL_DATE_TIME.slotCodec(Optional.of("yyyy"), dev.singletable.internal.keys.KeyRole.SORT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("format 'yyyy' does not fit LocalDateTime, whose slots take no format; drop ':yyyy' from the slot");
    }

    @SuppressWarnings("unchecked")
    private static AttributeType<Object> unchecked(AttributeType<?> type) {
        return (AttributeType<Object>) type;
    }
}
