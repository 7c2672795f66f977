package dev.singletable.schema;

import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Values a schema file gives for string attributes are text as written, never a number or boolean turned into text (YAML
 * reads {@code 0012} as 10, {@code 1e3} as 1000, {@code no} as false); and no two examples share a primary key.
 */
class ExampleValuesTest {
    private static final String POST = """
            format: singletable/1
            table:
              name: ExTable
              partitionKey: {name: pk, type: S}
              sortKey: {name: sk, type: S}
            types:
              Address: {attributes: {zip: {type: string}}}
            entities:
              Post:
                attributes:
                  postId: {type: string, required: true}
                  title: {type: string}
                  zip: {type: string}
                  ver: {type: string}
                  flag: {type: string}
                  size: {type: enum, values: ["1", "2"]}
                  home: {type: Address}
                  notes: {type: map, of: string}
                keys: {pk: "POST#{postId}", sk: POST}
                examples:
            """;

    private static List<String> errorsOf(String text) {
        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(text, "ex.singletable.yaml"));
        assertThat(failure).as("the file is refused").isNotNull();
        return failure.errors().stream().map(SchemaError::toString).toList();
    }

    @Test
    void parse_whenYamlRewritesAnUnquotedStringValue_refusesItQuotingTheTextAsWritten() {
        List<String> errors = errorsOf(POST + "      - {postId: 0012, title: 42, zip: 01234, ver: 1e3, flag: no, size: 1}\n");

        assertThat(errors).containsExactly(
                "ex.singletable.yaml:21:10: entities.Post.examples[0].postId: attribute 'postId' is string: 0012 is read as the number 10, "
                        + "not a string; quote it ('0012') to keep the text as written",
                "ex.singletable.yaml:21:24: entities.Post.examples[0].title: attribute 'title' is string: got the number 42, not a string; "
                        + "write text in quotes (\"42\")",
                "ex.singletable.yaml:21:35: entities.Post.examples[0].zip: attribute 'zip' is string: 01234 is read as the number 668, "
                        + "not a string; quote it ('01234') to keep the text as written",
                "ex.singletable.yaml:21:47: entities.Post.examples[0].ver: attribute 'ver' is string: 1e3 is read as the number 1E+3, "
                        + "not a string; quote it ('1e3') to keep the text as written",
                "ex.singletable.yaml:21:57: entities.Post.examples[0].flag: attribute 'flag' is string: no is read as the boolean false, "
                        + "not a string; quote it ('no') to keep the text as written",
                "ex.singletable.yaml:21:67: entities.Post.examples[0].size: attribute 'size' is enum: got the number 1, not a string; "
                        + "write text in quotes (\"1\")");
    }

    @Test
    void parse_whenAStringInsideARecordOrMapIsANumber_refusesItAtItsPlaceQuotingItAsWritten() {
        List<String> errors = errorsOf(POST + "      - {postId: p1, home: {zip: 01234}, notes: {a: x, b: 0x1F}}\n");

        assertThat(errors).containsExactly(
                "ex.singletable.yaml:21:22: entities.Post.examples[0].home: attribute 'home' is Address: .zip: 01234 is read as the number "
                        + "668, not a string; quote it ('01234') to keep the text as written",
                "ex.singletable.yaml:21:42: entities.Post.examples[0].notes: attribute 'notes' is map: [\"b\"]: 0x1F is read as "
                        + "the number 31, not a string; quote it ('0x1F') to keep the text as written");
    }

    @Test
    void parse_whenQuoted_keepsTheTextAsWritten() {
        SchemaFile design = SchemaFile.parse(POST + "      - {postId: '0012', zip: \"01234\", ver: '1e3', flag: 'no', home: {zip: '01234'}}\n",
                "ex.singletable.yaml");

        assertThat(design.examples("Post").get(0).values()).containsEntry("postId", "0012").containsEntry("zip", "01234")
                .containsEntry("ver", "1e3").containsEntry("flag", "no");
    }

    @Test
    void parse_whenAnExampleFileGivesANumberForAString_refusesItAtItsLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("posts.jsonl"), "{\"postId\": \"p1\"}\n{\"postId\": 12, \"title\": true}\n");
        Path file = dir.resolve("ex.singletable.yaml");
        Files.writeString(file, POST.replace("    examples:\n", "    exampleFile: posts.jsonl\n"));

        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.load(file));

        assertThat(failure.errors()).extracting(SchemaError::path, SchemaError::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple("entities.Post.exampleFile[line 2].postId",
                        "attribute 'postId' is string: got the number 12, not a string; write text in quotes (\"12\")"),
                org.assertj.core.groups.Tuple.tuple("entities.Post.exampleFile[line 2].title",
                        "attribute 'title' is string: got the boolean true, not a string; write text in quotes (\"true\")"));
    }

    @Test
    void item_whenAJsonNumberIsGivenForAString_refusesItNamingEntityAttributeAndValue() {
        SchemaFile design = SchemaFile.parse(POST + "      - {postId: p1}\n", "ex.singletable.yaml");

        assertThatThrownBy(() -> design.item("Post", Map.of("postId", "p2", "title", 5)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Post.title is string: got the number 5, not a string; write text in quotes (\"5\")");
        assertThatThrownBy(() -> design.item("Post", Map.of("postId", "p2", "home", Map.of("zip", new java.math.BigDecimal("1234")))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Post.home is Address: .zip is the number 1234, not a string; write text in quotes (\"1234\")");
        assertThat(design.item("Post", Map.of("postId", "p2", "title", "5")).values()).containsEntry("title", "5");
    }

    @Test
    void parse_whenTwoExamplesHaveOnePrimaryKey_refusesTheSecondNamingTheFirstAndTheKey() {
        List<String> errors = errorsOf(POST + "      - {postId: p1, title: Lamp}\n      - {postId: p2}\n      - {postId: p1, title: Other lamp}\n");

        assertThat(errors).containsExactly("ex.singletable.yaml:23:9: entities.Post.examples[2]: same primary key as "
                + "entities.Post.examples[0] (POST#p1 / POST): written after it, this example would replace it; give it another key value "
                + "or remove one of them");
    }

    @Test
    void parse_whenExamplesOfTwoEntitiesHaveOnePrimaryKey_refusesTheSecond() {
        List<String> errors = errorsOf(POST + "      - {postId: p1}\n" + """
                  Draft:
                    attributes: {draftId: {type: string, required: true}}
                    keys: {pk: "POST#{draftId}", sk: POST}
                    examples: [{draftId: p1}]
                """);

        assertThat(errors).containsExactly("ex.singletable.yaml:25:16: entities.Draft.examples[0]: same primary key as "
                + "entities.Post.examples[0] (POST#p1 / POST): written after it, this example would replace it; give it another key value "
                + "or remove one of them");
    }
}
