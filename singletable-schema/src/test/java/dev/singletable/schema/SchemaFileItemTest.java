package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.NullArgumentException;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link SchemaFile#item}: plain values (as data files and command lines give them) converted by the attribute types. */
class SchemaFileItemTest {
    private static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Shop
              partitionKey: {name: pk, type: S}
              sortKey: {name: sk, type: S}
            entities:
              Order:
                attributes:
                  orderId: {type: string, required: true}
                  total: {type: decimal, required: true}
                  lines: {type: integer}
                  paid: {type: boolean}
                  placedAt: {type: instant}
                  expiresAt: {type: epochSeconds}
                  tags: {type: stringSet}
                  status: {type: enum, values: [OPEN, SHIPPED]}
                keys:
                  pk: "ORDER#{orderId}"
                  sk: ORDER
            """, "shop.singletable.yaml");

    @Test
    void item_whenValuesArePlainData_convertsEachByItsAttributeType() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("orderId", "O1");
        values.put("total", "19.90");
        values.put("lines", new BigDecimal("3"));
        values.put("paid", "true");
        values.put("placedAt", "2025-01-31T09:00:00Z");
        values.put("tags", List.of("gift", "express"));
        values.put("status", "OPEN");
        values.put("note", null);

        DynamicItem item = DESIGN.item("Order", values);

        assertThat(item).isEqualTo(DynamicItem.builder("Order").set("orderId", "O1").set("total", new BigDecimal("19.90")).set("lines", 3)
                .set("paid", true).set("placedAt", Instant.parse("2025-01-31T09:00:00Z")).set("tags", Set.of("gift", "express"))
                .set("status", "OPEN").build());
    }

    @Test
    void load_whenAnExampleFileHoldsLongDecimals_keepsEveryDigit(@TempDir Path directory) throws IOException {
        Files.writeString(directory.resolve("orders.jsonl"), "{\"orderId\": \"O1\", \"total\": 123456789012345678901234567890.5}\n");
        Path file = Files.writeString(directory.resolve("orders.singletable.yaml"), """
                format: singletable/1
                table:
                  name: Orders
                  partitionKey: {name: PK}
                entities:
                  Order:
                    attributes:
                      orderId: {type: string, required: true}
                      total: {type: decimal}
                    keys: {pk: "ORDER#{orderId}"}
                    exampleFile: orders.jsonl
                """);

        assertThat(SchemaFile.load(file).examples("Order")).containsExactly(DynamicItem.builder("Order").set("orderId", "O1")
                .set("total", new BigDecimal("123456789012345678901234567890.5")).build());
    }

    @Test
    void item_whenAValueDoesNotFitItsType_namesEntityAttributeAndValue() {
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "lines", "three")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order.lines is integer: 'three' is not an integer (32 bits)");
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("status", "LOST")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order.status is enum: 'LOST' is not one of [OPEN, SHIPPED]");
    }

    @Test
    void item_whenAStringSetHoldsANumberOrBoolean_refusesNamingTheElementInsteadOfTurningItIntoText() {
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "tags", List.of("gift", new BigDecimal("1E+3")))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order.tags is stringSet: [1] is the number 1E+3, not a string; write text in quotes (\"1E+3\")");
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "tags", Arrays.asList(true, null))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order.tags is stringSet: [0] is the boolean true, not a string; write text in quotes (\"true\")");
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "tags", Arrays.asList("gift", null))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order.tags is stringSet: [1] is null, not a string");
    }

    @Test
    void item_whenAnInstantIsANumberOfMilliseconds_refusesNamingTheValueAndTheSecondsToGive() {
        String fix = "'1735689600000' as epoch seconds is after the year 9999; as epoch milliseconds it is 2025-01-01T00:00:00Z: give "
                + "seconds (1735689600) or an ISO-8601 instant";

        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "placedAt", new BigDecimal("1735689600000"))))
                .isInstanceOf(ValidationException.class).hasMessage("Order.placedAt is instant: " + fix);
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "expiresAt", new BigDecimal("1735689600000"))))
                .isInstanceOf(ValidationException.class).hasMessage("Order.expiresAt is epochSeconds: " + fix);
        assertThat(DESIGN.item("Order", Map.of("orderId", "O1", "expiresAt", new BigDecimal("1735689600"))).values())
                .containsEntry("expiresAt", Instant.parse("2025-01-01T00:00:00Z"));
    }

    @Test
    void item_whenEpochSecondsAreBeyondALong_refusesByTheKindsRuleQuotingTheValueAsWritten() {
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("orderId", "O1", "expiresAt", new BigDecimal("1E+200"))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order.expiresAt is epochSeconds: '1E+200' as epoch seconds is after the year 9999: give epoch seconds "
                        + "from -62167219200 to 253402300799 or an ISO-8601 instant");
    }

    @Test
    void item_whenAttributeIsUnknown_suggestsTheClosest() {
        assertThatThrownBy(() -> DESIGN.item("Order", Map.of("totl", "1")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Order has no attribute 'totl' (did you mean 'total'?); its attributes are orderId, total, lines, paid, "
                        + "placedAt, expiresAt, tags, status");
    }

    @Test
    void item_whenEntityIsUnknownOrArgumentNull_refuses() {
        assertThatThrownBy(() -> DESIGN.item("Ordr", Map.of()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("No entity 'Ordr' in the schema file; did you mean 'Order'?; the file has Order");
        assertThat(Arrays.asList(catchNull(() -> DESIGN.item(null, Map.of())), catchNull(() -> DESIGN.item("Order", null))))
                .allSatisfy(e -> assertThat(e).isInstanceOf(NullArgumentException.class));
    }

    private static Throwable catchNull(Runnable call) {
        try {
            call.run();
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
