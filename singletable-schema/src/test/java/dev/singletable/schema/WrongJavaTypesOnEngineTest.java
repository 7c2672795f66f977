package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A dynamic item is a map of plain Java values, so nothing stops a caller from putting a String where the schema file
 * says list: each such value is refused before anything is sent, naming the entity, the attribute (and the element or
 * entry inside it), the value, its Java type and the attribute's type, and the table stays as it was.
 */
class WrongJavaTypesOnEngineTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(EmptyCollectionsOnEngineTest.DESIGN.tableSchema());

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.of(db.table().schema(), db.client());
    }

    @AfterEach
    void nothingWasWritten() {
        assertThat(db.client().scan(ScanRequest.builder().tableName(db.tableName()).build()).items()).isEmpty();
    }

    static Stream<Arguments> wrongValues() {
        return Stream.of(
                Arguments.of("owner", 42, "Note.owner: the value 42 is an Integer, not a String; give it a value of the attribute's type"),
                Arguments.of("tags", "one", "Note.tags: the value one is a String, not a List<String>; give it a value of the attribute's type"),
                Arguments.of("tags", List.of("a", 2), "Note.tags: element 1 of the list: the value 2 is an Integer, not a String"),
                Arguments.of("labels", List.of("a"), "Note.labels: the value [a] is a List, not a Map<String, String>; "
                        + "give it a value of the attribute's type"),
                Arguments.of("labels", Map.of("k", 3), "Note.labels: entry 'k' of the map: the value 3 is an Integer, not a String"),
                Arguments.of("flags", "x", "Note.flags: the value x is a String, not a Set<String>; give it a value of the attribute's type"),
                Arguments.of("main", Map.of("title", "t"), "Note.main: the value {title=t} is a Map, not a Section"),
                Arguments.of("main", "text", "Note.main: the value text is a String, not a Section"),
                Arguments.of("sections", List.of("s"), "Note.sections: element 0 of the list: the value s is a String, not a Section"),
                Arguments.of("byName", Map.of("a", "b"), "Note.byName: entry 'a' of the map: the value b is a String, not a Section"),
                Arguments.of("main", DynamicItem.builder("Section").set("title", "t").set("marks", List.of("m")).build(),
                        "Note.main: Section.marks: the value [m] is a List, not a Set<String>"),
                Arguments.of("sections", List.of(DynamicItem.builder("Section").set("title", 7).build()),
                        "Note.sections: element 0 of the list: Section.title: the value 7 is an Integer, not a String"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("wrongValues")
    void put_whenAValueIsOfAnotherJavaType_refusesItNamingEntityAttributeAndValue(String attribute, Object value, String message) {
        DynamicItem.Builder note = DynamicItem.builder("Note").set("owner", "ann").set("noteId", "N1");
        DynamicItem item = note.set(attribute, value).build();

        assertThatThrownBy(() -> table.put(item)).isExactlyInstanceOf(ValidationException.class).hasMessage(message);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("wrongValues")
    void create_whenAValueIsOfAnotherJavaType_refusesItAsPutDoes(String attribute, Object value, String message) {
        DynamicItem item = DynamicItem.builder("Note").set("owner", "ann").set("noteId", "N2").set(attribute, value).build();

        assertThatThrownBy(() -> table.create(item)).isExactlyInstanceOf(ValidationException.class).hasMessage(message);
    }

    @Test
    void put_whenASetHoldsAnotherJavaType_refusesIt() {
        DynamicItem item = DynamicItem.builder("Note").set("owner", "ann").set("noteId", "N3").set("flags", Set.of(1)).build();

        assertThatThrownBy(() -> table.put(item)).isExactlyInstanceOf(ValidationException.class)
                .hasMessage("Note.flags: an element of the set: the value 1 is an Integer, not a String");
    }
}
