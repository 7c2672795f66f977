package dev.singletable.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Files made to hurt a reader: each is refused with one located, typed error, before (or instead of) a long parse.
 */
class HostileFilesTest {
    private static final String HEAD = "format: singletable/1\ntable: {name: T, partitionKey: PK}\n";

    @TempDir
    Path directory;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(directory.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static SchemaError onlyError(Path file) {
        try {
            SchemaFile.load(file);
        } catch (SchemaFileException e) {
            assertThat(e.errors()).hasSize(1);
            return e.errors().get(0);
        }
        throw new AssertionError("loaded: " + file);
    }

    @Test
    void load_whenFileLargerThanTheDesignLimit_refusesBeforeReadingIt() throws IOException {
        Path file = write("big.singletable.yaml", HEAD + "x: \"" + "a".repeat(3 * 1024 * 1024) + "\"\n");

        SchemaError error = onlyError(file);

        assertThat(error).isEqualTo(new SchemaError(SchemaError.Kind.LIMIT, file.toString(), 1, 1, "",
                "the file is 3.0 MB; a design file may be at most 3.0 MB: split the design, or move sample items into an "
                        + "entity's exampleFile"));
    }

    @Test
    void load_whenYamlLineLongerThanTheLimit_namesTheLine() throws IOException {
        Path file = write("long.singletable.yaml", HEAD + "x: " + "a".repeat(70_000) + "\n");

        SchemaError error = onlyError(file);

        assertThat(error).isEqualTo(new SchemaError(SchemaError.Kind.LIMIT, file.toString(), 3, 65_537, "",
                "line 3 is 70,003 characters long; a design file may have lines of at most 65,536: break the line (a design "
                        + "written as JSON goes in a .json file, whose lines are not limited)"));
    }

    @Test
    void load_whenJsonOnOneLongLine_readsIt() throws IOException {
        Path file = write("one-line.singletable.json", "{\"format\": \"singletable/1\", \"table\": {\"name\": \"T\", \"partitionKey\": \"PK\"},"
                + " \"entities\": {}" + " ".repeat(70_000) + "}");

        assertThatThrownBy(() -> SchemaFile.load(file)).isInstanceOfSatisfying(SchemaFileException.class,
                e -> assertThat(e.errors()).noneMatch(error -> error.kind() == SchemaError.Kind.LIMIT));
    }

    @Test
    void load_whenJsonNestedTooDeep_namesThePlaceAndTheLimit() throws IOException {
        Path file = write("deep.singletable.json", "{\"format\": \"singletable/1\", \"x\": " + "[".repeat(10_000) + "]".repeat(10_000) + "}");

        SchemaError error = onlyError(file);

        assertThat(error.kind()).isEqualTo(SchemaError.Kind.LIMIT);
        assertThat(error.line()).isEqualTo(1);
        assertThat(error.column()).isBetween(30, 100);
        assertThat(error.message()).isEqualTo("values nest deeper than 64 levels; a design file holds no such nesting (DynamoDB "
                + "nests attribute values at most 32 deep): fix the file");
    }

    @Test
    void load_whenYamlNestedTooDeep_isALocatedError() throws IOException {
        Path file = write("deep.singletable.yaml", HEAD + "x: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n");

        SchemaError error = onlyError(file);

        assertThat(error.line()).isEqualTo(3);
        assertThat(error.column()).isPositive();
        assertThat(error.kind()).isIn(SchemaError.Kind.LIMIT, SchemaError.Kind.SYNTAX);
        assertThat(error.message()).containsIgnoringCase("nest");
    }

    @Test
    void load_whenYamlAlias_refusesItWhereItStands() throws IOException {
        Path file = write("alias.singletable.yaml", HEAD + "a: &a [x, x]\nb: [*a, *a]\n");

        SchemaError error = onlyError(file);

        assertThat(error).isEqualTo(new SchemaError(SchemaError.Kind.SYNTAX, file.toString(), 4, 5, "",
                "YAML alias *a: anchors and aliases are not read in design files; write the value out where the alias stands"));
    }

    @Test
    void load_whenBinaryGarbage_isNotUtf8AtItsPlace() throws IOException {
        Path file = directory.resolve("garbage.singletable.yaml");
        Files.write(file, new byte[]{'f', 'o', (byte) 0xFF, (byte) 0xFE, 0, 1, 2, 3});

        SchemaError error = onlyError(file);

        assertThat(List.of(error.kind(), error.line(), error.column())).containsExactly(SchemaError.Kind.SYNTAX, 1, 3);
        assertThat(error.message()).startsWith("not UTF-8 text (byte 0xFF)");
    }

    @Test
    void load_whenUtf16_isNotUtf8AtItsFirstByte() throws IOException {
        Path file = directory.resolve("utf16.singletable.yaml");
        Files.write(file, HEAD.getBytes(StandardCharsets.UTF_16));

        SchemaError error = onlyError(file);

        assertThat(List.of(error.kind(), error.line(), error.column())).containsExactly(SchemaError.Kind.SYNTAX, 1, 1);
        assertThat(error.message()).startsWith("not UTF-8 text (byte 0xFE)");
    }

    @Test
    void load_whenJsonTruncated_namesWhereItEnds() throws IOException {
        Path file = write("cut.singletable.json", "{\"format\": \"singletable/1\",\n \"table\": {\"name\": \"T\"");

        SchemaError error = onlyError(file);

        assertThat(List.of(error.kind(), error.line())).containsExactly(SchemaError.Kind.SYNTAX, 2);
        assertThat(error.message()).contains("end-of-input").endsWith("; fix the JSON syntax there");
    }

    @Test
    void load_whenYamlTruncatedInsideAQuotedString_namesWhereItEnds() throws IOException {
        Path file = write("cut.singletable.yaml", HEAD + "entities:\n  Order:\n    description: \"half a sen");

        SchemaError error = onlyError(file);

        assertThat(error.kind()).isEqualTo(SchemaError.Kind.SYNTAX);
        assertThat(error.line()).isBetween(5, 6);
        assertThat(error.message()).endsWith("; fix the YAML syntax there");
    }

    @Test
    void parse_whenTextLargerThanTheLimit_refusesIt() {
        String text = HEAD + "x: \"" + "a".repeat(3 * 1024 * 1024) + "\"\n";

        assertThatThrownBy(() -> SchemaFile.parse(text, "given.yaml")).isInstanceOfSatisfying(SchemaFileException.class,
                e -> assertThat(e.errors()).extracting(SchemaError::kind, SchemaError::line, SchemaError::column)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple(SchemaError.Kind.LIMIT, 1, 1)));
    }

    @Test
    void importNoSqlWorkbench_whenNestedTooDeep_isALocatedImportError() throws IOException {
        Path file = write("deep.json", "{\"ModelName\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}");

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(file)).isInstanceOf(DesignImportException.class)
                .hasMessageStartingWith("deep.json:1:")
                .hasMessageEndingWith("values nest deeper than 64 levels; a model to import holds no such nesting (DynamoDB nests "
                        + "attribute values at most 32 deep): fix the file");
    }

    @Test
    void importNoSqlWorkbench_whenLargerThanTheLimit_refusesBeforeReadingIt() throws IOException {
        Path file = write("big.json", "{\"x\": \"" + "a".repeat(16 * 1024 * 1024) + "\"}");

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(file)).isInstanceOf(DesignImportException.class)
                .hasMessage(file + ":1:1: the file is 16.0 MB; a model to import may be at most 16.0 MB: remove sample data from the "
                        + "model before importing it");
    }

    @Test
    void importNoSqlWorkbench_whenTruncated_isALocatedImportError() throws IOException {
        Path file = write("cut.json", "{\"ModelName\": \"m\",\n \"DataModel\": [");

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(file)).isInstanceOf(DesignImportException.class)
                .hasMessageStartingWith("cut.json:2:").hasMessageContaining("not valid JSON");
    }

    @Test
    void importOneTable_whenBinaryGarbage_isNotUtf8AtItsPlace() throws IOException {
        Path file = directory.resolve("garbage.yaml");
        Files.write(file, new byte[]{'a', ':', ' ', (byte) 0xC3, (byte) 0x28});

        assertThatThrownBy(() -> ImportFormat.ONETABLE.read(file, "T")).isInstanceOf(DesignImportException.class)
                .hasMessageStartingWith(file + ":1:4: not UTF-8 text (byte 0xC3)");
    }
}
