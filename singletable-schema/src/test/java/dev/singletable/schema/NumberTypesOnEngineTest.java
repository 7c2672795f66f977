package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.time.LocalDate;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Integer, long, date and UUID attributes of a dynamic item take only values of their Java type (issue 35: a Long of
 * 5e9 was stored in an integer attribute, to fail only when read; a String was sent as a number): anything else is
 * refused before sending, naming the entity, the attribute and the value, and nothing is written.
 */
class NumberTypesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Counters
              partitionKey: {name: PK}
              sortKey: {name: SK}
            entities:
              Counter:
                attributes:
                  counterId: {type: string, required: true}
                  hits: {type: integer}
                  total: {type: long}
                  day: {type: date}
                  ref: {type: uuid}
                keys:
                  pk: "COUNTER#{counterId}"
                  sk: "COUNTER"
            """, "counters.yaml");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.of(db.table().schema(), db.client());
    }

    static Stream<Arguments> wrongValues() {
        return Stream.of(
                Arguments.of("hits", 5_000_000_000L, "Counter.hits: the value 5000000000 is a Long, not an Integer"),
                Arguments.of("hits", "forty-two", "Counter.hits: the value forty-two is a String, not an Integer"),
                Arguments.of("total", 42, "Counter.total: the value 42 is an Integer, not a Long"),
                Arguments.of("total", "42", "Counter.total: the value 42 is a String, not a Long"),
                Arguments.of("day", "2025-05-30", "Counter.day: the value 2025-05-30 is a String, not a LocalDate"),
                Arguments.of("ref", "0f8fad5b", "Counter.ref: the value 0f8fad5b is a String, not a UUID"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("wrongValues")
    void put_whenValueIsOfAnotherJavaType_isRefusedNamingEntityAttributeAndValueAndWritesNothing(String attribute, Object value,
                                                                                                 String message) {
        DynamicItem item = DynamicItem.builder("Counter").set("counterId", "C1").set(attribute, value).build();

        assertThatThrownBy(() -> table.put(item)).isInstanceOf(ValidationException.class).hasMessageContaining(message);
        assertThat(db.client().scan(ScanRequest.builder().tableName(db.tableName()).build()).items()).isEmpty();
    }

    @Test
    void put_whenValuesAreOfTheirTypes_storesThemAsNumbersAndStrings() {
        DynamicItem item = DynamicItem.builder("Counter").set("counterId", "C2").set("hits", 7).set("total", 5_000_000_000L)
                .set("day", LocalDate.of(2025, 5, 30)).build();

        table.put(item);

        Map<String, AttributeValue> stored = db.client().getItem(r -> r.tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("COUNTER#C2"), "SK", AttributeValue.fromS("COUNTER")))).item();
        assertThat(stored).containsEntry("hits", AttributeValue.fromN("7")).containsEntry("total", AttributeValue.fromN("5000000000"))
                .containsEntry("day", AttributeValue.fromS("2025-05-30"));
        table.delete(item);
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"1-1-1-1-1", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950e0",
            "0f8fad5bd-9cb-469f-a165-70867728950e", "+f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950g"})
    void pathValue_whenUuidTextIsNotCanonical_isRefusedNamingTheValue(String text) {
        assertThatThrownBy(() -> DESIGN.pathValue("Counter", "ref", text)).isInstanceOf(ValidationException.class)
                .hasMessage("Counter: path ref holds uuid, and '" + text + "' does not fit: '" + text + "' is not a UUID such as "
                        + "123e4567-e89b-12d3-a456-426614174000; give a value of that type");
    }

    @Test
    void put_whenUuidTextIsCanonicalInEitherCase_storesItAsGivenInLowerCase() {
        java.util.UUID ref = DESIGN.pathValue("Counter", "ref", "0F8FAD5B-D9CB-469F-A165-70867728950E");
        DynamicItem item = DynamicItem.builder("Counter").set("counterId", "C3").set("ref", ref).build();

        table.put(item);

        Map<String, AttributeValue> stored = db.client().getItem(r -> r.tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("COUNTER#C3"), "SK", AttributeValue.fromS("COUNTER")))).item();
        assertThat(stored).containsEntry("ref", AttributeValue.fromS("0f8fad5b-d9cb-469f-a165-70867728950e"));
        table.delete(item);
    }
}
