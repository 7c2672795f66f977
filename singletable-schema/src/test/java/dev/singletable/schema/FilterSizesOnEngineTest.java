package dev.singletable.schema;

import dev.singletable.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Access patterns whose filters ask for sizes ({@code size}) and stored types ({@code attributeType}), as the core's
 * {@code Condition.size} and {@code Condition.hasType} do: read from the file, refused with the pattern, attribute and
 * value where they cannot hold, and run on the embedded engine.
 */
class FilterSizesOnEngineTest {
    static final Path FILE = Path.of("src/test/resources/filters/orders-sizes.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Order");

    @Test
    void run_whenFilterComparesASetsSize_readsTheOrdersWithFewerTags() {
        assertThat(FilterComparisonsOnEngineTest.orderIds(DESIGN.run(db.table(), "few-tags", Map.of()))).containsExactly("O1", "O3");
    }

    @Test
    void run_whenFilterBoundsAStringsSizeTwice_readsTheOrdersWithinBoth() {
        assertThat(FilterComparisonsOnEngineTest.orderIds(DESIGN.run(db.table(), "short-notes", Map.of()))).containsExactly("O2");
    }

    @Test
    void run_whenFilterAsksForAStoredType_readsTheOrdersStoringIt() {
        assertThat(FilterComparisonsOnEngineTest.orderIds(DESIGN.run(db.table(), "noted-orders", Map.of()))).containsExactly("O1", "O2");
    }

    @Test
    void run_whenScanFilterNegatesASizeBesideAType_readsEachMatch() {
        assertThat(FilterComparisonsOnEngineTest.orderIds(DESIGN.run(db.table(), "many-tagged-totals", Map.of()))).containsExactly("O2");
    }

    @Test
    void explain_whenFilterAsksForSizesAndTypes_sendsTheCoresExpression() {
        Table table = Table.offlineBuilder(DESIGN.tableSchema()).build();

        QueryRequest bounded = (QueryRequest) DESIGN.explain(table, "short-notes", Map.of()).request();
        QueryRequest typed = (QueryRequest) DESIGN.explain(table, "noted-orders", Map.of()).request();
        ScanRequest scan = (ScanRequest) DESIGN.explain(table, "many-tagged-totals", Map.of()).request();

        assertThat(bounded.filterExpression()).isEqualTo("size(#note) > :v0 AND size(#note) <= :v1");
        assertThat(bounded.expressionAttributeValues()).containsEntry(":v0", AttributeValue.fromN("0"))
                .containsEntry(":v1", AttributeValue.fromN("10"));
        assertThat(typed.filterExpression()).isEqualTo("attribute_type(#note, :v0)");
        assertThat(typed.expressionAttributeValues()).containsEntry(":v0", AttributeValue.fromS("S"));
        assertThat(scan.filterExpression()).isEqualTo("#et = :et AND NOT size(#tags) = :v0 AND attribute_type(#total, :v1)");
    }

    @Test
    void parameters_whenFilterAsksForSizesAndTypes_namesNone() {
        assertThat(DESIGN.pattern("few-tags").parameters()).containsExactly(Map.entry("customerId", "C1"));
        assertThat(DESIGN.pattern("noted-orders").parameters()).containsExactly(Map.entry("customerId", "C1"));
        assertThat(DESIGN.pattern("many-tagged-totals").parameters()).isEmpty();
    }

    @Test
    void toJson_whenFiltersAskForSizesAndTypes_readsBackTheSameDocument() {
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "sizes.json").document()).isEqualTo(DESIGN.document());
        assertThat(SchemaFile.parse(SchemaFileWriter.toYaml(DESIGN.document()), "sizes.yaml").document()).isEqualTo(DESIGN.document());
    }

    @Test
    void document_whenFilterAsksForASize_holdsItsComparisonsInOrder() {
        assertThat(DESIGN.pattern("short-notes").filter()).contains(new ConditionDefinition.Size(Map.of("note", new java.util.LinkedHashMap<>(
                Map.of(ConditionDefinition.SizeComparison.GREATER_THAN, 0L, ConditionDefinition.SizeComparison.LESS_THAN_OR_EQUAL, 10L)))));
        assertThat(DESIGN.pattern("noted-orders").filter()).contains(new ConditionDefinition.AttributeType(Map.of("note", "S")));
    }

    private static List<String> errors(String from, String to) throws IOException {
        return FilterComparisonsOnEngineTest.errors(FILE, from, to);
    }

    @Test
    void parse_whenSizeIsOfANumber_refusesNamingPatternAttributeAndType() throws IOException {
        assertThat(errors("{size: {tags: {lessThan: 3}}}", "{size: {total: {lessThan: 3}}}")).containsExactly(
                "bad.yaml:25:21: accessPatterns[0].filter.size.total: access pattern 'few-tags': size is the length of a string or "
                        + "binary or the element count of a set, list or map; attribute 'total' is decimal (stored as N), which has no "
                        + "size: compare its value with equals, lessThan ... greaterThanOrEqual, between or in");
    }

    @Test
    void parse_whenSizeIsNegativeOrNoComparison_refusesByTheJsonSchema() throws IOException {
        assertThat(errors("{size: {tags: {lessThan: 3}}}", "{size: {tags: {lessThan: -1}}}")).containsExactly(
                "bad.yaml:25:28: accessPatterns[0].filter.size.tags.lessThan: must have a minimum value of 0");
        assertThat(errors("{size: {tags: {lessThan: 3}}}", "{size: {tags: {below: 3}}}")).containsExactly(
                "bad.yaml:25:28: accessPatterns[0].filter.size.tags.below: unknown field 'below'; the fields here are equals, "
                        + "notEquals, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual");
    }

    @Test
    void parse_whenSizeNamesAnUnknownAttribute_refusesListingTheAttributes() throws IOException {
        assertThat(errors("{size: {tags: {lessThan: 3}}}", "{size: {tag: {lessThan: 3}}}")).containsExactly(
                "bad.yaml:25:21: accessPatterns[0].filter.size.tag: unknown attribute 'tag' (did you mean 'tags'?); the attributes are "
                        + "customerId, orderId, total, note, tags");
    }

    @Test
    void parse_whenAttributeTypeIsNoDynamoDbType_refusesListingTheTypes() throws IOException {
        assertThat(errors("{attributeType: {note: S}}", "{attributeType: {note: STRING}}")).containsExactly(
                "bad.yaml:35:30: accessPatterns[2].filter.attributeType.note: access pattern 'noted-orders': attributeType of 'note' is "
                        + "STRING, which is no DynamoDB type; give one of S, N, B, BOOL, NULL, SS, NS, BS, L, M");
    }

    @Test
    void parse_whenAttributeTypeIsNotTheDeclaredOne_refusesNamingTheStoredType() throws IOException {
        assertThat(errors("{attributeType: {note: S}}", "{attributeType: {note: N}}")).containsExactly(
                "bad.yaml:35:30: accessPatterns[2].filter.attributeType.note: access pattern 'noted-orders': attribute 'note' is "
                        + "string, stored as S, so attributeType N holds for no item; give S (or present: note, which holds alike)");
    }

    @Test
    void parse_whenAnIndexWhenAsksForASize_refusesListingTheConditionsAWhenTakes() throws IOException {
        String when = "    keys: {pk: \"CUSTOMER#{customerId}\", sk: \"ORDER#{orderId}\"}\n";
        assertThat(errors(when, when + "    indexes:\n      gsi1: {pk: \"TAGGED\", sk: \"{orderId}\", when: {size: {tags: {greaterThan: 0}}}}\n"))
                .containsExactly("bad.yaml:17:52: entities.Order.indexes.gsi1.when.size: unknown field 'size'; the fields here are "
                        + "present, absent, equals, notEquals, beginsWith, all, any, java");
    }
}
