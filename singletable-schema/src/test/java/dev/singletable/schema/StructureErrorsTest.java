package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Mistakes the format's JSON Schema finds: each once, in the file's words; a refused name does not hide the rest of the file. */
class StructureErrorsTest {
    private static final String ENTITIES = """
            entities:
              User:
                attributes:
                  userId: {type: string, required: true}
                  age: {type: integer}
                keys: {pk: "USER#{userId}", sk: PROFILE}
                examples:
                  - {userId: u1, age: "forty"}
            accessPatterns:
              - {name: get-user, operation: get, entity: Usr, key: {userId: u1}}
            """;

    private static SchemaFileException failureOf(String text) {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(text, "bad.singletable.yaml"));
        assertThat(failure).as("the file is refused").isNotNull();
        return failure;
    }

    private static List<String> errorsOf(SchemaFileException failure) {
        return failure.errors().stream().map(SchemaError::toString).toList();
    }

    @Test
    void parse_whenTheTableNameIsRefused_stillReportsEveryOtherMistakeOfTheFile() {
        SchemaFileException failure = failureOf("""
                format: singletable/1
                table:
                  name: T2
                  partitionKey: {name: pk, type: S}
                  sortKey: {name: sk, type: S}
                """ + ENTITIES);

        assertThat(failure.wholeFileChecked()).isTrue();
        assertThat(errorsOf(failure)).containsExactly(
                "bad.singletable.yaml:3:3: table.name: 'T2' is not a DynamoDB table name: 3 to 255 letters, digits, '_', '-' and '.'",
                "bad.singletable.yaml:13:22: entities.User.examples[0].age: attribute 'age' is integer: 'forty' is not an integer (32 bits)",
                "bad.singletable.yaml:15:38: accessPatterns[0].entity: unknown entity 'Usr' (did you mean 'User'?); the entities are User");
    }

    @Test
    void parse_whenAnIndexKeyTypeIsWrong_reportsOneErrorNamingTheValueAndThatTheRestWasNotChecked() {
        SchemaFileException failure = failureOf("""
                format: singletable/1
                table:
                  name: Users
                  partitionKey: {name: pk, type: S}
                  indexes:
                    - name: byAge
                      kind: global
                      partitionKey: {name: gpk, type: X}
                """ + ENTITIES);

        assertThat(failure.wholeFileChecked()).as("the rest of the file was not checked").isFalse();
        assertThat(errorsOf(failure)).containsExactly(
                "bad.singletable.yaml:8:33: table.indexes[0].partitionKey.type: 'X' is not a key type; use S (string), N (number) or B (binary)");
    }
}
