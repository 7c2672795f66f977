package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class KindStoredOrderTest {
    /** DynamoDB's order of two stored scalars: numbers by value, strings by UTF-8 bytes, binaries by unsigned bytes. */
    private static final Comparator<AttributeValue> DYNAMODB_ORDER = (a, b) -> switch (a.type()) {
        case N -> new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
        case S -> Arrays.compareUnsigned(a.s().getBytes(StandardCharsets.UTF_8), b.s().getBytes(StandardCharsets.UTF_8));
        case B -> Arrays.compareUnsigned(a.b().asByteArray(), b.b().asByteArray());
        default -> throw new IllegalArgumentException(a.type() + " is not ordered");
    };

    @Test
    void storedInValueOrder_forEveryKind_isTheRegistrysAnswer() {
        Map<Kind, Boolean> answers = new EnumMap<>(Kind.class);
        for (Kind kind : Kind.values()) {
            answers.put(kind, kind.storedInValueOrder());
        }

        assertThat(answers).isEqualTo(new EnumMap<>(Map.ofEntries(
                Map.entry(Kind.STRING, true), Map.entry(Kind.INTEGER, true), Map.entry(Kind.LONG, true),
                Map.entry(Kind.BIG_INTEGER, true), Map.entry(Kind.DECIMAL, true), Map.entry(Kind.BOOLEAN, false),
                Map.entry(Kind.INSTANT, false), Map.entry(Kind.LOCAL_DATE, true), Map.entry(Kind.UUID, true),
                Map.entry(Kind.LOCAL_DATE_TIME, true), Map.entry(Kind.ENUM, false), Map.entry(Kind.EPOCH_SECONDS, true),
                Map.entry(Kind.BYTES, true), Map.entry(Kind.STRING_SET, false), Map.entry(Kind.INTEGER_SET, false),
                Map.entry(Kind.LONG_SET, false), Map.entry(Kind.BIG_INTEGER_SET, false), Map.entry(Kind.DECIMAL_SET, false),
                Map.entry(Kind.BINARY_SET, false), Map.entry(Kind.DOCUMENT, false), Map.entry(Kind.DOCUMENT_VALUE, false),
                Map.entry(Kind.STRING_LIST, false), Map.entry(Kind.STRING_MAP, false))));
    }

    @Test
    void storedOrderFlaw_whenAKindDynamoDbOrdersIsStoredOutOfOrder_saysWhy() {
        List<Kind> flawed = Arrays.stream(Kind.values()).filter(kind -> kind.storedOrderFlaw().isPresent()).toList();

        assertThat(flawed).containsExactly(Kind.INSTANT, Kind.ENUM);
        assertThat(Kind.INSTANT.storedOrderFlaw()).contains("an instant is stored as ISO-8601 text whose fraction varies in width and "
                + "which ends in Z, so 2025-01-01T00:00:00Z sorts after 2025-01-01T00:00:00.500Z, half a second later");
        assertThat(Kind.ENUM.storedOrderFlaw()).contains("an enum is stored as its constant's name, which sorts alphabetically, not in "
                + "the order the constants are declared");
        assertThat(Kind.BOOLEAN.storedOrderFlaw()).isEmpty(); // not ordered by DynamoDB at all: refused by its stored type
    }

    @Test
    void storedInValueOrder_whenInstantsDifferInTheirFraction_isFalseAsTheirStoredTextShows() {
        List<AttributeValue> stored = stored(Kind.INSTANT, Instant.parse("2025-01-01T00:00:00Z"), Instant.parse("2025-01-01T00:00:00.5Z"));

        assertThat(stored).extracting(AttributeValue::s).containsExactly("2025-01-01T00:00:00Z", "2025-01-01T00:00:00.500Z");
        assertThat(DYNAMODB_ORDER.compare(stored.get(0), stored.get(1))).isPositive();
    }

    @Test
    void storedInValueOrder_whenTheKindIsInOrder_sortsValuesInOrderAsDynamoDbComparesTheirStoredForms() {
        assertStoredInOrder(Kind.LOCAL_DATE_TIME, LocalDateTime.parse("0000-01-01T00:00"), LocalDateTime.parse("2025-01-31T09:30"),
                LocalDateTime.parse("2025-01-31T09:30:00.000000001"), LocalDateTime.parse("2025-01-31T09:30:00.001"),
                LocalDateTime.parse("2025-01-31T09:30:00.5"), LocalDateTime.parse("2025-01-31T09:30:01"),
                LocalDateTime.parse("2025-01-31T10:00"), LocalDateTime.parse("9999-12-31T23:59:59.999999999"));
        assertStoredInOrder(Kind.LOCAL_DATE, LocalDate.parse("0000-01-01"), LocalDate.parse("0999-12-31"), LocalDate.parse("2025-01-31"),
                LocalDate.parse("2025-02-01"), LocalDate.parse("9999-12-31"));
        assertStoredInOrder(Kind.EPOCH_SECONDS, Instant.parse("1969-12-31T23:59:59Z"), Instant.EPOCH, Instant.parse("2025-01-01T00:00:00Z"));
        assertStoredInOrder(Kind.LONG, Long.MIN_VALUE, -2L, 10L, Long.MAX_VALUE);
        assertStoredInOrder(Kind.DECIMAL, new BigDecimal("-1.5"), new BigDecimal("0.25"), new BigDecimal("10"));
        assertStoredInOrder(Kind.BYTES, new byte[] {0x01}, new byte[] {0x01, 0x00}, new byte[] {(byte) 0x80});
        List<UUID> uuids = List.of(UUID.fromString("00000000-0000-7000-8000-000000000000"),
                UUID.fromString("7fffffff-ffff-7fff-bfff-ffffffffffff"), UUID.fromString("80000000-0000-7000-8000-000000000000"),
                UUID.fromString("ffffffff-ffff-7fff-bfff-ffffffffffff"));
        assertThat(uuids).isSortedAccordingTo(Comparator.comparing(u -> new BigInteger(u.toString().replace("-", ""), 16)));
        assertStoredInOrder(Kind.UUID, uuids.toArray());
    }

    private static void assertStoredInOrder(Kind kind, Object... ascending) {
        assertThat(stored(kind, ascending)).as(kind.name()).isSortedAccordingTo(DYNAMODB_ORDER);
        assertThat(kind.storedInValueOrder()).as(kind.name()).isTrue();
    }

    @SuppressWarnings("unchecked")
    private static List<AttributeValue> stored(Kind kind, Object... values) {
        AttributeType<Object> type = (AttributeType<Object>) kind.type();
        return Arrays.stream(values).map(type::toAttributeValue).toList();
    }
}
