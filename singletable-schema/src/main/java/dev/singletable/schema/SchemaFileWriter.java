package dev.singletable.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.singletable.schema.internal.DocumentWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link SchemaDocument} as a schema file, YAML (the default) or JSON, in the canonical
 * form: reading a canonical file and writing its document gives the same text. YAML files start
 * with the comment that points editors (the YAML language server) at the format's JSON Schema;
 * JSON files carry it as {@code $schema}.
 *
 * <pre>{@code
 * SchemaFileWriter.write(SchemaFile.load(Path.of("design.singletable.json")).document(), Path.of("design.singletable.yaml"));
 * }</pre>
 */
public final class SchemaFileWriter {
    /** Where editors find the format's JSON Schema; the same text is the resource {@code dev/singletable/schema/singletable-1.schema.json}. */
    public static final String SCHEMA_URL = "https://singletable.dev/schemas/singletable-1.schema.json";

    /** The first line of YAML schema files, read by the YAML language server (VS Code, IntelliJ, Neovim...). */
    public static final String YAML_HEADER = "# yaml-language-server: $schema=" + SCHEMA_URL + "\n";

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build());
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaFileWriter() {
    }

    public static String toYaml(SchemaDocument document) {
        try {
            return YAML_HEADER + YAML.writeValueAsString(DocumentWriter.write(document));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }

    public static String toJson(SchemaDocument document) {
        ObjectNode root = JSON.createObjectNode();
        root.put("$schema", SCHEMA_URL);
        root.setAll(DocumentWriter.write(document));
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
        printer.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
        try {
            return JSON.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }

    /** Writes JSON when the path ends in {@code .json}, else YAML. */
    public static void write(SchemaDocument document, Path path) {
        String text = path.toString().endsWith(".json") ? toJson(document) : toYaml(document);
        try {
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write schema file " + path + ": " + e.getMessage(), e);
        }
    }
}
