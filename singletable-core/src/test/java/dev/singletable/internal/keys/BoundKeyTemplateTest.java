package dev.singletable.internal.keys;

import dev.singletable.NullArgumentException;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundKeyTemplateTest {

    enum Status { PENDING, SHIPPED }

    record Order(String customerId, String orderId, LocalDate day, Integer rating, Long seq, BigDecimal total, BigInteger big,
                 Instant createdAt, Boolean flag, UUID id, Status status, Set<String> tags, Instant expiresAt) {
        static Order of(String orderId) {
            return new Order("C1", orderId, LocalDate.of(2025, 5, 19), 5, 7L, new BigDecimal("12.50"), BigInteger.TEN,
                    Instant.parse("2025-05-19T09:00:00Z"), true, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                    Status.PENDING, Set.of("a"), Instant.parse("2025-06-01T00:00:00Z"));
        }
    }

    private static final Map<String, Attribute<Order, ?>> ATTRIBUTES = attributes();

    private static Map<String, Attribute<Order, ?>> attributes() {
        Map<String, Attribute<Order, ?>> map = new LinkedHashMap<>();
        for (Attribute<Order, ?> attribute : java.util.List.<Attribute<Order, ?>>of(
                Attribute.of("customerId", AttributeTypes.STRING, Order::customerId),
                Attribute.of("orderId", AttributeTypes.STRING, Order::orderId),
                Attribute.of("day", AttributeTypes.LOCAL_DATE, Order::day),
                Attribute.of("rating", AttributeTypes.INTEGER, Order::rating),
                Attribute.of("seq", AttributeTypes.LONG, Order::seq),
                Attribute.of("total", AttributeTypes.DECIMAL, Order::total),
                Attribute.of("big", AttributeTypes.BIG_INTEGER, Order::big),
                Attribute.of("createdAt", AttributeTypes.INSTANT, Order::createdAt),
                Attribute.of("flag", AttributeTypes.BOOLEAN, Order::flag),
                Attribute.of("id", AttributeTypes.UUID, Order::id),
                Attribute.of("status", AttributeTypes.enumType(Status.class), Order::status),
                Attribute.of("tags", AttributeTypes.STRING_SET, Order::tags),
                Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Order::expiresAt))) {
            map.put(attribute.name(), attribute);
        }
        return map;
    }

    private static BoundKeyTemplate<Order> sort(String text) {
        return new BoundKeyTemplate<>(KeyTemplate.parse(text), KeyRole.SORT, "Test sort key", ATTRIBUTES);
    }

    private static BoundKeyTemplate<Order> partition(String text) {
        return new BoundKeyTemplate<>(KeyTemplate.parse(text), KeyRole.PARTITION, "Test partition key", ATTRIBUTES);
    }

    private static String sortKey(String text, String attribute, Object value) {
        return sort(text).compose(KeyValues.of(attribute, value));
    }

    private static String partitionKey(String text, String attribute, Object value) {
        return partition(text).compose(KeyValues.of(attribute, value));
    }

    @Nested
    class KeyText {
        @Test
        void compose_whenValueHoldsTheDelimiter_escapesIt() {
            String key = sort("ORDER#{orderId}#{day}").compose(KeyValues.of("orderId", "a#b").and("day", LocalDate.of(2025, 5, 19)));

            assertThat(key).isEqualTo("ORDER#a\\#b#2025-05-19");
        }

        @Test
        void compose_whenValueHoldsTheEscape_doublesIt() {
            assertThat(sortKey("ORDER#{orderId}#", "orderId", "a\\#\\")).isEqualTo("ORDER#a\\\\\\#\\\\#");
        }

        @Test
        void compose_whenLastSlotHasNoLiteralAfterIt_stillEscapesTheCharactersNextToSlots() {
            assertThat(sortKey("ORDER#{orderId}", "orderId", "a#b\\")).isEqualTo("ORDER#a\\#b\\\\");
        }

        @Test
        void compose_whenLiteralStartsWithNonAsciiCharacters_escapesThatCharacter() {
            assertThat(sort("{customerId}→{orderId}").compose(KeyValues.of("customerId", "x→y#").and("orderId", "→")))
                    .isEqualTo("x\\→y#→\\→");
            assertThat(sort("{customerId}😀{orderId}").compose(KeyValues.of("customerId", "😀a😀").and("orderId", "😀")))
                    .isEqualTo("\\😀a\\😀😀\\😀");
        }

        @Test
        void compose_whenLiteralIsLongerThanOneCharacter_escapesOnlyItsCharactersNextToSlots() {
            // '#' follows {customerId}, '-' precedes {orderId}; 'x' touches no slot
            assertThat(sort("{customerId}#x-{orderId}").compose(KeyValues.of("customerId", "a-#x").and("orderId", "#x-")))
                    .isEqualTo("a\\-\\#x#x-\\#x\\-");
        }

        @Test
        void compose_whenCaseDiffers_keepsIt() {
            assertThat(partitionKey("Customer#{customerId}", "customerId", "AbC")).isEqualTo("Customer#AbC");
        }

        @Test
        void compose_whenFromEntity_readsTheAttributes() {
            assertThat(sort("ORDER#{orderId}#{createdAt}").compose(Order.of("O1"))).isEqualTo("ORDER#O1#2025-05-19T09:00:00.000000000Z");
        }

        @ParameterizedTest(name = "{0} in a sort key -> {1}")
        @CsvSource({
                "0, 0000000000",
                "42, 0000000042",
                "-1, -9999999999",
                "-42, -9999999958",
                "2147483647, 2147483647",
                "-2147483648, -7852516352"})
        void compose_whenIntegerInSortKey_writesTenDigitsAndNegativesAsComplement(int value, String expected) {
            assertThat(sortKey("{rating}", "rating", value)).isEqualTo(expected);
        }

        @ParameterizedTest(name = "{0} in a sort key -> {1}")
        @CsvSource({
                "0, 0000000000000000000",
                "42, 0000000000000000042",
                "-1, -9999999999999999999",
                "9223372036854775807, 9223372036854775807",
                "-9223372036854775808, -0776627963145224192"})
        void compose_whenLongInSortKey_writesNineteenDigitsAndNegativesAsComplement(long value, String expected) {
            assertThat(sortKey("{seq}", "seq", value)).isEqualTo(expected);
        }

        @ParameterizedTest(name = "{0} in a partition key -> {1}")
        @CsvSource({"0, 0", "42, 42", "-1, -1", "-2147483648, -2147483648"})
        void compose_whenIntegerInPartitionKey_writesPlainDecimal(int value, String expected) {
            assertThat(partitionKey("{rating}", "rating", value)).isEqualTo(expected);
        }

        @ParameterizedTest(name = "{1} with {0} -> {2}")
        @CsvSource({
                "%05d, 42, 00042",
                "%05d, -42, -99958",
                "%05d, 99999, 99999",
                "%05d, -99999, -00001",
                "%01d, 7, 7"})
        void compose_whenIntegerFormat_writesThatWidth(String format, int value, String expected) {
            assertThat(sortKey("{rating:" + format + "}", "rating", value)).isEqualTo(expected);
            assertThat(partitionKey("{rating:" + format + "}", "rating", value)).isEqualTo(expected);
        }

        @ParameterizedTest(name = "{1} with {0} -> {2}")
        @CsvSource({
                "%010.2f, 12.5, 0000012.50",
                "%010.2f, 0, 0000000.00",
                "%010.2f, -0.01, -9999999.99",
                "%010.2f, -9999999.99, -0000000.01",
                "%010.2f, 9999999.99, 9999999.99",
                "%05.0f, 12345, 12345",
                "%05.0f, -1, -99999",
                "%05.3f, 0.5, 0.500"})
        void compose_whenDecimalFormat_writesWidthCharactersWithTheDecimalPoint(String format, String value, String expected) {
            assertThat(sortKey("{total:" + format + "}", "total", new BigDecimal(value))).isEqualTo(expected);
        }

        @ParameterizedTest(name = "{0} in a partition key -> {1}")
        @CsvSource({"12.50, 12.5", "0.00, 0", "1E+3, 1000", "-0.5, -0.5", "100, 100"})
        void compose_whenDecimalInPartitionKey_writesPlainTextWithoutTrailingZeros(String value, String expected) {
            assertThat(partitionKey("{total}", "total", new BigDecimal(value))).isEqualTo(expected);
        }

        @Test
        void compose_whenTemporalSlots_writesFixedWidthUtcOrTheGivenPattern() {
            Instant instant = Instant.parse("2025-05-19T09:00:00.120Z");

            assertThat(sortKey("{createdAt}", "createdAt", instant)).isEqualTo("2025-05-19T09:00:00.120000000Z");
            assertThat(sortKey("{createdAt:yyyy-MM-dd}", "createdAt", instant)).isEqualTo("2025-05-19");
            assertThat(sortKey("{createdAt}", "createdAt", Instant.parse("0000-01-01T00:00:00Z"))).isEqualTo("0000-01-01T00:00:00.000000000Z");
            assertThat(sortKey("{day}", "day", LocalDate.of(2025, 5, 9))).isEqualTo("2025-05-09");
            assertThat(sortKey("{day:uuuuMMdd}", "day", LocalDate.of(2025, 5, 9))).isEqualTo("20250509");
        }

        @Test
        void compose_whenOtherScalars_writesTheirCanonicalText() {
            assertThat(sortKey("{flag}", "flag", false)).isEqualTo("false");
            assertThat(sortKey("{status}", "status", Status.SHIPPED)).isEqualTo("SHIPPED");
            assertThat(sortKey("{id}", "id", UUID.fromString("123E4567-E89B-12D3-A456-426614174000")))
                    .isEqualTo("123e4567-e89b-12d3-a456-426614174000");
            assertThat(sortKey("{big:%030d}", "big", BigInteger.TEN.pow(29).negate()))
                    .isEqualTo("-900000000000000000000000000000");
        }

        @Test
        void compose_whenDateOrSignFollowsALiteralItAlwaysHas_keepsOrderSoItIsAllowed() {
            assertThat(sort("{day}-{rating}").compose(KeyValues.of("day", LocalDate.of(2025, 5, 19)).and("rating", -1)))
                    .isEqualTo("2025\\-05\\-19--9999999999");
            assertThat(partition("{rating}-{orderId}").compose(KeyValues.of("rating", -1).and("orderId", "x")))
                    .isEqualTo("\\-1-x");
        }
    }

    @Nested
    class Binding {
        @Test
        void new_whenSlotNamesUnknownAttribute_failsSuggestingTheClosest() {
            assertThatThrownBy(() -> sort("ORDER#{ordrId}"))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Test sort key template 'ORDER#{ordrId}' refers to unknown attribute 'ordrId' (did you mean 'orderId'?); "
                            + "the attributes are customerId, orderId, day, rating, seq, total, big, createdAt, flag, id, status, tags, expiresAt");
        }

        @Test
        void new_whenSlotNameDiffersOnlyInCase_suggestsTheAttribute() {
            assertThatThrownBy(() -> sort("{CUSTOMERID}"))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Test sort key template '{CUSTOMERID}' refers to unknown attribute 'CUSTOMERID' "
                            + "(did you mean 'customerId'?); the attributes are customerId, orderId, day, rating, seq, total, big, "
                            + "createdAt, flag, id, status, tags, expiresAt");
        }

        @Test
        void new_whenNoAttributeIsClose_suggestsNothing() {
            assertThatThrownBy(() -> sort("X#{warehouse}"))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Test sort key template 'X#{warehouse}' refers to unknown attribute 'warehouse'; "
                            + "the attributes are customerId, orderId, day, rating, seq, total, big, createdAt, flag, id, status, tags, expiresAt");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                tags      | Set<String>
                expiresAt | Instant (epoch seconds)
                """)
        void new_whenSlotAttributeIsNotKeyable_failsNamingTypeAndKeyableTypes(String attribute, String typeName) {
            assertThatThrownBy(() -> sort("T#{" + attribute + "}"))
                    .isInstanceOf(SchemaDefinitionException.class)
                    .hasMessage("Test sort key template 'T#{" + attribute + "}': attribute '" + attribute + "' is a " + typeName
                            + ", which cannot fill a key slot; use a String, number, boolean, Instant, LocalDate, enum or UUID attribute");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
                {orderId:%05d}    | format '%05d' does not fit String, whose slots take no format; drop ':%05d' from the slot
                {orderId:yyyy-MM-dd} | format 'yyyy-MM-dd' does not fit String, whose slots take no format; drop ':yyyy-MM-dd' from the slot
                {flag:yes}        | format 'yes' does not fit boolean, whose slots take no format; drop ':yes' from the slot
                {id:x}            | format 'x' does not fit UUID, whose slots take no format; drop ':x' from the slot
                {status:lower}    | format 'lower' does not fit an enum, whose slots take no format; drop ':lower' from the slot
                {rating:yyyy}     | format 'yyyy' does not fit Integer; use %0Nd, for example %05d for five digits
                {rating:%5d}      | format '%5d' does not fit Integer; use %0Nd, for example %05d for five digits
                {seq:%010.2f}     | format '%010.2f' does not fit Long; use %0Nd, for example %05d for five digits
                {rating:%00d}     | format '%00d' gives width 0; use 1 to 40
                {big:%041d}       | format '%041d' gives width 41; use 1 to 40
                {big}             | BigInteger has no fixed width; give one so that the sort key sorts numerically, for example {slot:%020d}
                {total}           | BigDecimal in a sort key needs a fixed width and scale so that it sorts numerically, for example {slot:%012.2f}
                {total:%05d}      | format '%05d' does not fit BigDecimal; use %0W.Sf, for example %010.2f for 10 characters with 2 decimal places
                {total:%03.2f}    | format '%03.2f' needs a width from 4 to 41
                {total:%042.2f}   | format '%042.2f' needs a width from 4 to 41
                {day:bb}          | format 'bb' is not a date pattern: Unknown pattern letter: b
                {createdAt:%05d}  | format '%05d' is a number format, which does not fit Instant; use a date pattern such as yyyy-MM-dd
                {day:%08d}        | format '%08d' is a number format, which does not fit LocalDate; use a date pattern such as yyyy-MM-dd
                {day:MM-dd} | date pattern 'MM-dd' writes LocalDate 1969-12-31 as '12-31', which does not read back; a pattern needs the year (uuuu or yyyy, not the week-based YYYY) and every field above the smallest it writes, such as yyyy, yyyy-MM, yyyy-MM-dd or yyyy-MM-dd'T'HH:mm
                {createdAt:HH:mm} | date pattern 'HH:mm' writes Instant 1969-12-31T23:59:59.999999999Z as '23:59', which does not read back; a pattern needs the year (uuuu or yyyy, not the week-based YYYY) and every field above the smallest it writes, such as yyyy, yyyy-MM, yyyy-MM-dd or yyyy-MM-dd'T'HH:mm
                {day:YYYY-MM-dd} | date pattern 'YYYY-MM-dd' writes LocalDate 1969-12-31 as '1970-12-31', which does not read back; a pattern needs the year (uuuu or yyyy, not the week-based YYYY) and every field above the smallest it writes, such as yyyy, yyyy-MM, yyyy-MM-dd or yyyy-MM-dd'T'HH:mm
                {createdAt:dd-MM-yyyy} | date pattern 'dd-MM-yyyy' in a sort key does not sort in time order: '31-12-1969' sorts after '01-01-1970'; write the fields from the year down, fixed width and as numbers, such as yyyy-MM-dd'T'HH:mm
                {createdAt:yyyy-M-d} | date pattern 'yyyy-M-d' in a sort key does not sort in time order: '2009-9-9' sorts after '2009-9-30'; write the fields from the year down, fixed width and as numbers, such as yyyy-MM-dd'T'HH:mm
                {day:yyyy-MMM-dd} | date pattern 'yyyy-MMM-dd' in a sort key does not sort in time order: '2009-Sep-30' sorts after '2009-Oct-01'; write the fields from the year down, fixed width and as numbers, such as yyyy-MM-dd'T'HH:mm
                """)
        void new_whenFormatDoesNotFitTheType_failsNamingSlotAndFix(String slot, String reason) {
            String text = "X#" + slot;
            String slotText = KeyTemplate.parse(text).slots().get(0).toString();
            assertThatThrownBy(() -> sort(text))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Test sort key template '" + text + "', slot " + slotText + ": " + reason);
        }

        @Test
        void new_whenBigNumbersInPartitionKeyWithoutFormat_bindsPlain() {
            assertThat(partitionKey("{big}", "big", new BigInteger("-123456789012345678901234567890")))
                    .isEqualTo("-123456789012345678901234567890");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
                {rating}-{orderId}            | {rating}            | -  | Integer
                {seq}-{orderId}               | {seq}               | -  | Long
                {total:%010.2f}-{orderId}     | {total:%010.2f}     | -  | BigDecimal
                {big:%05d}-{orderId}          | {big:%05d}          | -  | BigInteger
                {rating}0{orderId}            | {rating}            | 0  | Integer
                {day}1{orderId}               | {day}               | 1  | LocalDate
                {createdAt}9{orderId}         | {createdAt}         | 9  | Instant
                {createdAt:yyyyMMdd}2X        | {createdAt:yyyyMMdd}| 2  | Instant
                """)
        void new_whenSortKeyLiteralStartsWithACharacterTheOrderedValuesMayHold_failsBecauseEscapingBreaksOrder(
                String text, String slot, String delimiter, String typeName) {
            assertThatThrownBy(() -> sort(text))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Test sort key template '" + text + "': the literal text after slot " + slot + " starts with '"
                            + delimiter + "', which " + typeName + " values in the slot may contain; escaping it would break "
                            + "the sort order: start the literal with another character, such as '#'");
        }
    }

    @Nested
    class RefusedValues {
        @ParameterizedTest(name = "{1} with {0}")
        @CsvSource(delimiter = '|', textBlock = """
                {rating:%05d}  | 100000     | value 100000 needs 6 digits but the slot is 5 wide; widen the format (e.g. %06d)
                {rating:%05d}  | -100000    | value -100000 needs more than 5 digits but the slot is 5 wide; widen the format
                """)
        void compose_whenIntegerDoesNotFitTheWidth_failsNamingSlotValueAndFix(String slot, int value, String reason) {
            assertThatThrownBy(() -> sortKey("X#" + slot, "rating", value))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'X#" + slot + "', slot {rating}: " + reason);
        }

        @ParameterizedTest(name = "{1} with {0}")
        @CsvSource(delimiter = '|', textBlock = """
                {total:%010.2f}  | 12345678.9   | value 12345678.9 needs 11 characters with 2 decimal places but the slot is 10 wide; widen the format (e.g. %011.2f)
                {total:%010.2f}  | -12345678    | value -12345678 needs 11 characters with 2 decimal places but the slot is 10 wide; widen the format (e.g. %011.2f)
                {total:%05.0f}   | 123456       | value 123456 needs 6 characters with 0 decimal places but the slot is 5 wide; widen the format (e.g. %06.0f)
                {total:%010.2f}  | 1.234        | value 1.234 has more than 2 decimal places; the slot format keeps 2: round it first or widen the format
                """)
        void compose_whenDecimalDoesNotFitTheFormat_failsNamingSlotValueAndFix(String slot, String value, String reason) {
            assertThatThrownBy(() -> sortKey("X#" + slot, "total", new BigDecimal(value)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'X#" + slot + "', slot {total}: " + reason);
        }

        @Test
        void compose_whenTemporalOutsideFourDigitYears_failsBecauseTextWouldNotSort() {
            assertThatThrownBy(() -> sortKey("{createdAt}", "createdAt", Instant.parse("+10000-01-01T00:00:00Z")))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{createdAt}', slot {createdAt}: instant +10000-01-01T00:00:00Z is outside "
                            + "years 0000-9999, where key text no longer sorts in time order");
            assertThatThrownBy(() -> sortKey("{day}", "day", LocalDate.of(-1, 1, 1)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{day}', slot {day}: date -0001-01-01 is outside years 0000-9999, "
                            + "where key text no longer sorts in date order");
        }

        @Test
        void compose_whenYearZeroAndPatternWritesYearOfEra_failsInsteadOfWritingYearOne() {
            // yyyy writes year 0 (1 BC) as 0001, the same text as year 1
            assertThat(sortKey("{day:yyyy-MM-dd}", "day", LocalDate.of(1, 3, 1))).isEqualTo("0001-03-01");
            assertThatThrownBy(() -> sortKey("{day:yyyy-MM-dd}", "day", LocalDate.of(0, 3, 1)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{day:yyyy-MM-dd}', slot {day}: date 0000-03-01 is outside years 0001-9999, "
                            + "where key text no longer sorts in date order");
            assertThatThrownBy(() -> sortKey("{createdAt:yyyy}", "createdAt", Instant.parse("0000-06-01T00:00:00Z")))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{createdAt:yyyy}', slot {createdAt}: instant 0000-06-01T00:00:00Z is outside "
                            + "years 0001-9999, where key text no longer sorts in time order");
            assertThat(sortKey("{day:uuuu-MM-dd}", "day", LocalDate.of(0, 3, 1))).isEqualTo("0000-03-01");
        }

        @Test
        void compose_whenValueHasTheWrongJavaType_failsNamingAttributeAndType() {
            assertThatThrownBy(() -> sortKey("{rating}", "rating", "five"))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{rating}': value five (String) for 'rating' is not an Integer")
                    .extracting(e -> ((ValidationException) e).attribute()).isEqualTo(java.util.Optional.of("rating"));
        }

        @Test
        void compose_whenValueHasAnUnpairedSurrogate_failsBecauseUtf8CannotHoldIt() {
            assertThatThrownBy(() -> sortKey("X#{orderId}", "orderId", "a\uD83D"))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'X#{orderId}', slot {orderId}: the value has an unpaired UTF-16 surrogate "
                            + "at index 1; DynamoDB stores keys as UTF-8, which cannot hold it, so two such values would be "
                            + "written as the same key")
                    .extracting(e -> ((ValidationException) e).attribute()).isEqualTo(java.util.Optional.of("orderId"));
        }

        @Test
        void compose_whenSortKeyOver1024Bytes_failsNamingTemplateAndSize() {
            assertThat(sortKey("X#{orderId}", "orderId", "y".repeat(1022))).hasSize(1024);

            assertThatThrownBy(() -> sortKey("X#{orderId}", "orderId", "y".repeat(1023)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'X#{orderId}' gives a key of 1025 bytes ('X#" + "y".repeat(38) + "…'); "
                            + "DynamoDB allows at most 1024 bytes in a sort key: shorten the values of [orderId]")
                    .extracting(e -> ((ValidationException) e).attribute()).isEqualTo(java.util.Optional.empty());
        }

        @Test
        void compose_whenKeyLengthInUtf8Exceeds_countsBytesNotChars() {
            assertThat(sortKey("X#{orderId}", "orderId", "😀".repeat(255))).hasSize(512);

            assertThatThrownBy(() -> sortKey("X#A{orderId}", "orderId", "😀".repeat(256)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'X#A{orderId}' gives a key of 1027 bytes ('X#A" + "😀".repeat(18) + "…'); "
                            + "DynamoDB allows at most 1024 bytes in a sort key: shorten the values of [orderId]");
        }

        @Test
        void compose_whenPartitionKeyOver2048Bytes_failsNamingTemplateAndSize() {
            assertThat(partitionKey("C#{customerId}", "customerId", "é".repeat(1023))).hasSize(1025);

            assertThatThrownBy(() -> partitionKey("C#{customerId}", "customerId", "é".repeat(1024)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test partition key template 'C#{customerId}' gives a key of 2050 bytes ('C#" + "é".repeat(38) + "…'); "
                            + "DynamoDB allows at most 2048 bytes in a partition key: shorten the values of [customerId]");
        }

        @Test
        void prefix_whenOverTheLimit_failsToo() {
            assertThatThrownBy(() -> sort("X#{orderId}#{day}").prefix(KeyValues.of("orderId", "y".repeat(1100))))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'X#{orderId}#{day}' gives a key of 1103 bytes ('X#" + "y".repeat(38) + "…'); "
                            + "DynamoDB allows at most 1024 bytes in a sort key: shorten the values of [orderId, day]");
        }

        @Test
        void compose_whenKeyWouldBeEmpty_fails() {
            assertThatThrownBy(() -> sortKey("{orderId}", "orderId", ""))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template '{orderId}' gives an empty key; DynamoDB key values can never be empty");
        }

        @Test
        void compose_whenEntityLacksASlotValue_failsNamingTheAttribute() {
            Order order = new Order(null, "O1", null, null, null, null, null, null, null, null, null, null, null);

            assertThatThrownBy(() -> partition("CUSTOMER#{customerId}").compose(order))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test partition key template 'CUSTOMER#{customerId}' needs attribute 'customerId', which is null; "
                            + "give it a value (key attributes are required)");
            assertThat(partition("CUSTOMER#{customerId}").composeIfComplete(order)).isEmpty();
            assertThat(sort("ORDER#{orderId}").composeIfComplete(order)).isEqualTo(Optional.of("ORDER#O1"));
        }

        @Test
        void compose_whenKeyValuesLackASlot_failsNamingItAndWhatWasGiven() {
            assertThatThrownBy(() -> sort("ORDER#{orderId}#{day}").compose(KeyValues.of("orderId", "O1")))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'ORDER#{orderId}#{day}' needs a value for 'day'; given: [orderId]");
        }

        @Test
        void keyValues_whenNull_fails() {
            assertThatThrownBy(() -> KeyValues.of("orderId", null))
                    .isInstanceOf(NullArgumentException.class)
                    .hasMessage("KeyValues.of(value): value is null; key slot 'orderId' needs a value");
        }
    }

    @Nested
    class Prefixes {
        @Test
        void prefix_whenLeadingSlotsGiven_endsWithTheLiteralAfterTheLastOne() {
            BoundKeyTemplate<Order> template = sort("ORDER#{orderId}#{day}");

            assertThat(template.prefix(KeyValues.of("orderId", "12"))).isEqualTo(new BoundKeyTemplate.Prefix("ORDER#12#", 1, false));
            assertThat(template.prefix(KeyValues.none())).isEqualTo(new BoundKeyTemplate.Prefix("ORDER#", 0, false));
            assertThat(template.prefix(KeyValues.of("orderId", "12").and("day", LocalDate.of(2025, 5, 19))))
                    .isEqualTo(new BoundKeyTemplate.Prefix("ORDER#12#2025-05-19", 2, true));
            assertThat(template.compose(KeyValues.of("orderId", "123").and("day", LocalDate.of(2025, 5, 19))))
                    .doesNotStartWith("ORDER#12#");
        }

        @Test
        void prefix_whenFixedWidthNumber_neverMatchesALongerNumber() {
            BoundKeyTemplate<Order> template = sort("ORDER#{rating:%05d}#{orderId}");

            assertThat(template.prefix(KeyValues.of("rating", 12)).text()).isEqualTo("ORDER#00012#");
            assertThat(template.compose(KeyValues.of("rating", 123).and("orderId", "x"))).isEqualTo("ORDER#00123#x");
        }

        @Test
        void prefix_whenValueAfterAGap_failsNamingTheMissingSlot() {
            assertThatThrownBy(() -> sort("ORDER#{orderId}#{day}").prefix(KeyValues.of("day", LocalDate.of(2025, 5, 19))))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'ORDER#{orderId}#{day}': a value for 'day' needs one for 'orderId' too; "
                            + "a key prefix is filled from the left");
        }

        @Test
        void prefix_whenValueForAnAttributeWithoutSlot_failsListingTheSlots() {
            assertThatThrownBy(() -> sort("ORDER#{orderId}#{day}").prefix(KeyValues.of("rating", 5)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("Test sort key template 'ORDER#{orderId}#{day}' has no slot for 'rating'; its slots are [orderId, day]");
        }
    }

    @Nested
    class Parsing {
        @Test
        void parse_whenComposedKey_givesTypedValues() {
            BoundKeyTemplate<Order> template = sort("O#{orderId}#{rating}#{seq}#{day}#{createdAt}#{flag}#{id}#{status}#{total:%08.3f}");
            Order order = Order.of("a#b\\c");

            Map<String, Object> values = template.parse(template.compose(order));

            assertThat(values).containsExactly(
                    Map.entry("orderId", "a#b\\c"), Map.entry("rating", 5), Map.entry("seq", 7L),
                    Map.entry("day", LocalDate.of(2025, 5, 19)), Map.entry("createdAt", Instant.parse("2025-05-19T09:00:00Z")),
                    Map.entry("flag", true), Map.entry("id", UUID.fromString("123e4567-e89b-12d3-a456-426614174000")),
                    Map.entry("status", Status.PENDING), Map.entry("total", new BigDecimal("12.500")));
        }

        @Test
        void parse_whenLossyDatePattern_givesTheStartOfTheDay() {
            BoundKeyTemplate<Order> template = sort("DAY#{createdAt:yyyy-MM-dd}");

            assertThat(template.parse("DAY#2025-05-19")).containsExactly(Map.entry("createdAt", Instant.parse("2025-05-19T00:00:00Z")));
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                M#{createdAt:yyyy-MM}  | M#2025-05   | 2025-05-01T00:00:00Z
                Y#{createdAt:yyyy}     | Y#2025      | 2025-01-01T00:00:00Z
                H#{createdAt:uuuu-MM-dd'T'HH} | H#2025-05-19T09 | 2025-05-19T09:00:00Z
                """)
        void parse_whenPatternStopsAtYearOrMonth_givesTheFirstInstantOfTheBucket(String text, String key, String instant) {
            BoundKeyTemplate<Order> template = sort(text);

            assertThat(sortKey(text, "createdAt", Instant.parse("2025-05-19T09:30:00Z"))).isEqualTo(key);
            assertThat(template.parse(key)).containsExactly(Map.entry("createdAt", Instant.parse(instant)));
        }

        @ParameterizedTest(name = "{0}: [{1}]")
        @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
                ORDER#{orderId}#{day}  | ITEM#1                     | it does not start with 'ORDER#'
                ORDER#{orderId}#{day}  | ""                         | it is empty, and DynamoDB key values never are
                ORDER#{orderId}#{day}  | ORDER#a                    | '#' after slot {orderId} is missing
                ORDER#{orderId}#{day}  | ORDER#a\\x#2025-05-19      | '\\x' at index 7 escapes a character that needs no escape
                ORDER#{orderId}#{day}  | ORDER#a\\                  | it ends in an escape character
                ORDER#{orderId}#{day}  | ORDER#a#2025-05-19#        | '#' at index 18 in slot {day} is not escaped, as this template escapes it in values
                ORDER#{orderId}#{day}  | ORDER#a#2025-05-19\\#      | slot {day} holds '2025-05-19#': '2025-05-19#' does not match the slot's date format: Text '2025-05-19#' could not be parsed, unparsed text found at index 10
                TENANT#{orderId}       | TENANT#t1#PROJECT#p1       | '#' at index 9 in slot {orderId} is not escaped, as this template escapes it in values
                ORDER#{orderId}#{day}  | ORDER#a#2025-5-19          | slot {day} holds '2025-5-19': '2025-5-19' does not match the slot's date format: Text '2025-5-19' could not be parsed at index 5
                ORDER#{orderId}#{day}  | ORDER#a#2025-02-30         | slot {day} holds '2025-02-30': '2025-02-30' does not match the slot's date format: Text '2025-02-30' could not be parsed: Invalid date 'FEBRUARY 30'
                X#{orderId}#           | X#a#b#                     | it has extra text after index 4
                {customerId}#-{orderId}| a#b                        | expected '#-' at index 1
                R#{rating}             | R#5                        | slot {rating} holds '5': '5' is not a 10-digit sortable number
                R#{rating}             | R#-0000000000              | slot {rating} holds '-0000000000': '-0000000000' is not a 10-digit sortable number
                R#{rating}             | R#9999999999               | slot {rating} holds '9999999999': BigInteger out of int range
                R#{rating:%03d}#       | R#+12#                     | slot {rating} holds '+12': '+12' is not a 3-digit sortable number
                T#{total:%06.2f}       | T#012.5                    | slot {total} holds '012.5': '012.5' is not a sortable decimal with 2 decimal places
                F#{flag}               | F#TRUE                     | slot {flag} holds 'TRUE': 'TRUE' is neither true nor false
                S#{status}             | S#pending                  | slot {status} holds 'pending': 'pending' is not a constant of Status
                {createdAt}            | 2025-05-19T09:00:00Z       | slot {createdAt} holds '2025-05-19T09:00:00Z': '2025-05-19T09:00:00Z' does not match the slot's date format: Text '2025-05-19T09:00:00Z' could not be parsed at index 19
                """)
        void parse_whenKeyDoesNotMatch_failsNamingKeyTemplateAndReason(String text, String key, String reason) {
            assertThatThrownBy(() -> sort(text).parse(key))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Key '" + key + "' does not match Test sort key template '" + text + "': " + reason);
        }

        @ParameterizedTest(name = "{1}")
        @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
                P#{rating}             | P#007                                   | slot {rating} holds '007', which singletable writes as '7'
                P#{rating}             | P#+7                                    | slot {rating} holds '+7', which singletable writes as '7'
                P#{rating}             | P#-0                                    | slot {rating} holds '-0', which singletable writes as '0'
                P#{rating}             | P#\u0661\u0662                          | slot {rating} holds '\u0661\u0662', which singletable writes as '12'
                P#{total}              | P#1.50                                  | slot {total} holds '1.50', which singletable writes as '1.5'
                P#{total}              | P#1E+3                                  | slot {total} holds '1E+3', which singletable writes as '1000'
                P#{id}                 | P#123E4567-E89B-12D3-A456-426614174000  | slot {id} holds '123E4567-E89B-12D3-A456-426614174000', which singletable writes as '123e4567-e89b-12d3-a456-426614174000'
                P#{day:yyyy-MM-dd}     | P#2025-02-30                            | slot {day} holds '2025-02-30', which singletable writes as '2025-02-28'
                """)
        void parse_whenKeyIsNotCanonical_failsShowingTheCanonicalText(String text, String key, String reason) {
            assertThatThrownBy(() -> partition(text).parse(key))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Key '" + key + "' does not match Test partition key template '" + text + "': " + reason);
        }

        @Test
        void parse_whenUuidSlotIsNotTheCanonicalForm_failsRatherThanReadingAnotherUuid() {
            assertThatThrownBy(() -> partition("P#{id}").parse("P#1-2-3-4-5"))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Key 'P#1-2-3-4-5' does not match Test partition key template 'P#{id}': slot {id} holds '1-2-3-4-5': "
                            + "Invalid UUID string: 1-2-3-4-5");
        }

        @Test
        void parse_whenConstantTemplate_acceptsOnlyItsText() {
            BoundKeyTemplate<Order> template = sort("PROFILE");

            assertThat(template.parse("PROFILE")).isEmpty();
            assertThatThrownBy(() -> template.parse("PROFILEX"))
                    .isInstanceOf(KeyTemplateException.class)
                    .hasMessage("Key 'PROFILEX' does not match Test sort key template 'PROFILE': the template is constant");
        }
    }
}
