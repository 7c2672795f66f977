package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Access patterns whose filters compare (lessThan ... greaterThanOrEqual, between, in, contains, not), as the core's
 * {@code Condition} does: read from the file, refused with the pattern, attribute and value where they cannot hold, and
 * run on the embedded engine.
 */
class FilterComparisonsOnEngineTest {
    static final Path FILE = Path.of("src/test/resources/filters/orders-filters.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Order");

    /** The order ids of the items read, in order (shared with {@link FilterSizesOnEngineTest}). */
    static List<String> orderIds(List<DynamicItem> items) {
        return items.stream().map(item -> (String) item.values().get("orderId")).toList();
    }

    @Test
    void run_whenFilterIsLessThan_readsTheOrdersBelowTheTotal() {
        assertThat(orderIds(DESIGN.run(db.table(), "small-orders", Map.of()))).containsExactly("O1", "O3");
        assertThat(orderIds(DESIGN.run(db.table(), "small-orders", Map.of("total", "50")))).containsExactly("O1");
    }

    @Test
    void run_whenFilterIsBetween_readsTheOrdersInTheRangeAndTakesItsBoundsAsParameters() {
        assertThat(orderIds(DESIGN.run(db.table(), "orders-in-total-range", Map.of()))).containsExactly("O2", "O3");
        assertThat(orderIds(DESIGN.run(db.table(), "orders-in-total-range", Map.of("total.from", "100")))).containsExactly("O2");
    }

    @Test
    void run_whenFilterIsInOrContains_readsTheOrdersHoldingAValue() {
        assertThat(orderIds(DESIGN.run(db.table(), "open-orders", Map.of()))).containsExactly("O1", "O2");
        assertThat(orderIds(DESIGN.run(db.table(), "urgent-orders", Map.of()))).containsExactly("O2", "O3");
    }

    @Test
    void run_whenFilterJoinsComparisonsAndNot_readsTheOrdersMeetingAll() {
        assertThat(orderIds(DESIGN.run(db.table(), "unshipped-large-orders", Map.of()))).containsExactly("O1", "O2");
        assertThat(orderIds(DESIGN.run(db.table(), "unshipped-large-orders", Map.of("createdAt", "2025-02-01T00:00:00Z"))))
                .containsExactly("O2");
    }

    @Test
    void run_whenScanFilterIsAnyOfContainsAndLessThanOrEqual_readsEachMatch() {
        assertThat(orderIds(DESIGN.run(db.table(), "orders-with-a-ring", Map.of()))).containsExactlyInAnyOrder("O1", "O2");
    }

    @Test
    void explain_whenFilterCompares_sendsTheCoresExpression() {
        Table table = Table.offlineBuilder(DESIGN.tableSchema()).build();

        QueryRequest query = (QueryRequest) DESIGN.explain(table, "unshipped-large-orders", Map.of()).request();
        ScanRequest scan = (ScanRequest) DESIGN.explain(table, "orders-with-a-ring", Map.of()).request();
        QueryRequest range = (QueryRequest) DESIGN.explain(table, "orders-in-total-range", Map.of()).request();
        QueryRequest in = (QueryRequest) DESIGN.explain(table, "open-orders", Map.of()).request();

        assertThat(query.filterExpression()).isEqualTo("#total >= :v0 AND #createdAt > :v1 AND NOT #status = :v2");
        assertThat(query.expressionAttributeValues()).containsEntry(":v0", AttributeValue.fromN("20"))
                .containsEntry(":v1", AttributeValue.fromN("1735689600")).containsEntry(":v2", AttributeValue.fromS("SHIPPED"));
        assertThat(scan.filterExpression()).isEqualTo("#et = :et AND (contains(#note, :v0) OR #total <= :v1)");
        assertThat(range.filterExpression()).isEqualTo("#total BETWEEN :v0 AND :v1");
        assertThat(in.filterExpression()).isEqualTo("#status IN (:v0, :v1)");
    }

    @Test
    void parameters_whenFilterCompares_namesTheComparedValuesAndTheBoundsButNotInOrContains() {
        assertThat(DESIGN.pattern("small-orders").parameters())
                .containsExactly(Map.entry("customerId", "C1"), Map.entry("total", new BigDecimal("100")));
        AccessPatternDefinition range = DESIGN.pattern("orders-in-total-range");
        assertThat(range.parameters()).containsExactly(Map.entry("customerId", "C1"), Map.entry("total.from", new BigDecimal("50")),
                Map.entry("total.to", new BigDecimal("200")));
        assertThat(range.parameterAttribute("total.to")).isEqualTo("total");
        assertThat(DESIGN.pattern("open-orders").parameters().keySet()).containsExactly("customerId");
        assertThat(DESIGN.pattern("urgent-orders").parameters().keySet()).containsExactly("customerId");
        assertThat(DESIGN.pattern("unshipped-large-orders").parameters().keySet()).containsExactly("customerId", "total", "createdAt", "status");
    }

    @Test
    void run_whenBetweenBoundsGivenLowAboveHigh_refusesNamingThePatternAndTheBounds() {
        assertThatThrownBy(() -> DESIGN.run(db.table(), "orders-in-total-range", Map.of("total.from", "500")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Access pattern 'orders-in-total-range': filter between on total: low 500 is above high 200; give total.from "
                        + "at most total.to");
    }

    @Test
    void toJson_whenFiltersCompare_readsBackTheSameDocument() {
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "filters.json").document()).isEqualTo(DESIGN.document());
        assertThat(SchemaFile.parse(SchemaFileWriter.toYaml(DESIGN.document()), "filters.yaml").document()).isEqualTo(DESIGN.document());
    }

    private static List<String> errors(String from, String to) throws IOException {
        return errors(FILE, from, to);
    }

    /** The errors of {@code file} with {@code from} replaced by {@code to}, which must be refused. */
    static List<String> errors(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).contains(from);
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class,
                () -> SchemaFile.parse(text.replace(from, to), "bad.yaml"));
        assertThat(failure).as("a schema file error for " + to).isNotNull();
        return failure.errors().stream().map(SchemaError::toString).toList();
    }

    @Test
    void parse_whenAComparedValueIsNotOfTheAttributesType_refusesNamingPatternAttributeAndValue() throws IOException {
        assertThat(errors("{lessThan: {total: 100}}", "{lessThan: {total: lots}}")).containsExactly(
                "bad.yaml:27:25: accessPatterns[0].filter.lessThan.total: access pattern 'small-orders': attribute 'total' is "
                        + "decimal: 'lots' is not a number");
        assertThat(errors("{in: {status: [NEW, PAID]}}", "{in: {status: [NEW, LOST]}}")).containsExactly(
                "bad.yaml:37:33: accessPatterns[2].filter.in.status[1]: access pattern 'open-orders': attribute 'status' is "
                        + "enum: 'LOST' is not one of [NEW, PAID, SHIPPED]");
    }

    @Test
    void parse_whenAnOrderedComparisonIsOnAnAttributeWithoutOrder_refusesNamingTheTypes() throws IOException {
        assertThat(errors("{lessThan: {total: 100}}", "{lessThan: {tags: urgent}}")).containsExactly(
                "bad.yaml:27:25: accessPatterns[0].filter.lessThan.tags: access pattern 'small-orders': lessThan compares by "
                        + "DynamoDB's order, which only strings, numbers and binary values have; attribute 'tags' is stringSet "
                        + "(stored as SS): compare it with equals, notEquals, in or contains");
    }

    @Test
    void parse_whenAnOrderedComparisonIsOnAnInstant_refusesAsItsStoredTextDoesNotSortInTimeOrder() throws IOException {
        assertThat(errors("createdAt: {type: epochSeconds}", "createdAt: {type: instant}")).containsExactly(
                "bad.yaml:47:70: accessPatterns[4].filter.all[1].greaterThan.createdAt: access pattern 'unshipped-large-orders': "
                        + "greaterThan 2025-01-01T00:00:00Z compares the stored values of Order.createdAt (instant), and an instant is "
                        + "stored as ISO-8601 text whose fraction varies in width and which ends in Z, so 2025-01-01T00:00:00Z sorts "
                        + "after 2025-01-01T00:00:00.500Z, half a second later: DynamoDB would silently give wrong answers; compare it "
                        + "through a sort-key slot, whose fixed-width text keeps time order (a query's sort key range), or store it as "
                        + "epoch seconds (type: epochSeconds), a Number DynamoDB compares by value");
    }

    @Test
    void parse_whenAnOrderedComparisonOrBetweenIsOnAnEnum_refusesAsItsNamesSortAlphabetically() throws IOException {
        String flaw = "compares the stored values of Order.status (enum), and an enum is stored as its constant's name, which sorts "
                + "alphabetically, not in the order the constants are declared: DynamoDB would silently give wrong answers; compare it "
                + "with equals or in, naming the values wanted";
        assertThat(errors("{lessThan: {total: 100}}", "{lessThan: {status: PAID}}")).containsExactly(
                "bad.yaml:27:25: accessPatterns[0].filter.lessThan.status: access pattern 'small-orders': lessThan PAID " + flaw);
        assertThat(errors("{between: {from: {total: 50}, to: {total: 200}}}", "{between: {from: {status: NEW}, to: {status: PAID}}}"))
                .containsExactly("bad.yaml:32:31: accessPatterns[1].filter.between.from.status: access pattern "
                        + "'orders-in-total-range': between NEW and PAID " + flaw);
    }

    @Test
    void parse_whenBetweenLowIsAboveHigh_refusesNamingBothBounds() throws IOException {
        assertThat(errors("{between: {from: {total: 50}, to: {total: 200}}}", "{between: {from: {total: 500}, to: {total: 200}}}"))
                .containsExactly("bad.yaml:32:14: accessPatterns[1].filter.between: access pattern 'orders-in-total-range': "
                        + "between on total: low 500 is above high 200, and DynamoDB refuses BETWEEN with low > high; swap them");
    }

    @Test
    void parse_whenBetweenBoundsNameDifferentAttributes_refusesNamingThem() throws IOException {
        assertThat(errors("{between: {from: {total: 50}, to: {total: 200}}}", "{between: {from: {total: 50}, to: {createdAt: 2025-01-01T00:00:00Z}}}"))
                .containsExactly("bad.yaml:32:14: accessPatterns[1].filter.between: access pattern 'orders-in-total-range': "
                        + "between's from names total and its to names createdAt; give both bounds of the same attributes");
    }

    @Test
    void parse_whenAFilterComparesOneAttributeTwiceByOneParameter_refusesNamingTheAttributeAndBetween() throws IOException {
        assertThat(errors("{lessThan: {total: 100}}", "{all: [{greaterThanOrEqual: {total: 10}}, {lessThan: {total: 100}}]}"))
                .containsExactly("bad.yaml:27:5: accessPatterns[0].filter: access pattern 'small-orders': the filter compares "
                        + "total in 2 comparisons (greaterThanOrEqual, lessThan), and its one parameter 'total' gives each the same value, "
                        + "so a caller's total would bound both ends alike; compare total once, or give a range with between "
                        + "(parameters total.from and total.to)");
    }

    @Test
    void parse_whenInIsEmpty_refusesAtTheListByTheJsonSchema() throws IOException {
        assertThat(errors("{in: {status: [NEW, PAID]}}", "{in: {status: []}}"))
                .containsExactly("bad.yaml:37:19: accessPatterns[2].filter.in.status: must have at least 1 items but found 0");
    }

    @Test
    void parse_whenAFilterNamesAnUnknownAttribute_refusesListingTheAttributes() throws IOException {
        assertThat(errors("{contains: {tags: urgent}}", "{contains: {tag: urgent}}")).containsExactly(
                "bad.yaml:42:25: accessPatterns[3].filter.contains.tag: unknown attribute 'tag' (did you mean 'tags'?); the attributes are "
                        + "customerId, orderId, status, total, note, tags, createdAt");
    }

    @Test
    void parse_whenContainsIsOnAnAttributeThatHoldsNoElementsOrText_refusesNamingTheType() throws IOException {
        assertThat(errors("{contains: {tags: urgent}}", "{contains: {total: 5}}")).containsExactly(
                "bad.yaml:42:25: accessPatterns[3].filter.contains.total: access pattern 'urgent-orders': contains looks for text in a "
                        + "string or an element of a set or list; attribute 'total' is decimal (stored as N): compare it with equals, "
                        + "lessThan ... greaterThanOrEqual, between or in");
    }
}
