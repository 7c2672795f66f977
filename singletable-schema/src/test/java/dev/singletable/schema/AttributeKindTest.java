package dev.singletable.schema;

import dev.singletable.schema.AttributeDefinition.AttributeKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The file's vocabulary of kinds, each made from its entry in the core's registry of attribute kinds. */
class AttributeKindTest {

    @Test
    void fileName_whenEveryKindIsListed_isTheFormatsVocabulary() {
        List<String> names = new ArrayList<>();
        for (AttributeKind kind : AttributeKind.values()) {
            names.add(kind.fileName());
        }

        assertThat(names).containsExactly("string", "integer", "long", "decimal", "boolean", "instant", "epochSeconds", "date", "dateTime",
                "uuid", "binary", "stringSet", "stringList", "stringMap", "enum", "record", "list", "map", "numberSet", "binarySet", "document",
                "list", "map");
    }

    @Test
    void parse_whenTextIsAValueOfTheKind_isTheValueTheRegistryReads() {
        assertThat(AttributeKind.DATE.parse("2025-01-31")).isEqualTo(LocalDate.parse("2025-01-31"));
        assertThat(AttributeKind.INSTANT.parse("1738324800")).isEqualTo(Instant.parse("2025-01-31T12:00:00Z"));
        assertThat(AttributeKind.DECIMAL.parse(" 12.50 ")).isEqualTo(new BigDecimal("12.50"));
        assertThat(AttributeKind.STRING.parse(" as typed ")).isEqualTo(" as typed ");
    }

    @Test
    void parse_whenTextIsNoValueOfTheKind_throwsSayingWhatItTakes() {
        assertThatThrownBy(() -> AttributeKind.DATE.parse("2025-02-30"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'2025-02-30' is not an ISO-8601 date");
        assertThatThrownBy(() -> AttributeKind.LIST.parse("[1]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a list value is not read from text by its kind alone");
    }

    @Test
    void expected_whenAsked_saysWhatAValueLooksLike() {
        assertThat(AttributeKind.UUID.expected()).isEqualTo("a uuid (such as 3f2b8c1e-6a4d-4e8f-9b2a-1c3d5e7f9a0b)");
        assertThat(AttributeKind.RECORD.expected()).isEqualTo("a record");
    }

    @Test
    void writtenAsJson_whenEveryKindIsListed_isTrueForTheSetsListsMapsDocumentsAndRecords() {
        List<AttributeKind> json = new ArrayList<>();
        for (AttributeKind kind : AttributeKind.values()) {
            if (kind.writtenAsJson()) {
                json.add(kind);
            }
        }

        assertThat(json).containsExactly(AttributeKind.STRING_SET, AttributeKind.STRING_LIST, AttributeKind.STRING_MAP, AttributeKind.RECORD,
                AttributeKind.RECORD_LIST, AttributeKind.RECORD_MAP, AttributeKind.NUMBER_SET, AttributeKind.BINARY_SET, AttributeKind.DOCUMENT,
                AttributeKind.LIST, AttributeKind.MAP);
    }

    @Test
    void orderedComparisonRefusal_whenStoredTextDoesNotSortAsTheValues_isGivenForInstantsAndEnumsOnly() {
        List<AttributeKind> refused = new ArrayList<>();
        for (AttributeKind kind : AttributeKind.values()) {
            if (kind.orderedComparisonRefusal("w", "<", "a", "epochSeconds", "=").isPresent()) {
                refused.add(kind);
            }
        }

        assertThat(refused).containsExactly(AttributeKind.INSTANT, AttributeKind.ENUM);
        assertThat(AttributeKind.ENUM.orderedComparisonRefusal("filter status", "< PAID", "Order.status", "epochSeconds", "equals or in"))
                .contains("filter status: < PAID compares the stored values of Order.status, and an enum is stored as its constant's "
                        + "name, which sorts alphabetically, not in the order the constants are declared: DynamoDB would silently give "
                        + "wrong answers; compare it with equals or in, naming the values wanted");
        assertThat(AttributeKind.INSTANT.orderedComparisonRefusal("w", ">", "at", "type: epochSeconds", "="))
                .contains("w: > compares the stored values of at, and an instant is stored as ISO-8601 text whose fraction varies in "
                        + "width and which ends in Z, so 2025-01-01T00:00:00Z sorts after 2025-01-01T00:00:00.500Z, half a second later: "
                        + "DynamoDB would silently give wrong answers; compare it through a sort-key slot, whose fixed-width text keeps "
                        + "time order (a query's sort key range), or store it as epoch seconds (type: epochSeconds), a Number DynamoDB "
                        + "compares by value");
    }
}
