package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.schema.internal.SchemaFiles;
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
@Experimental
public final class SchemaFileWriter {
    /** Where editors find the format's JSON Schema; the same text is the resource {@code dev/singletable/schema/singletable-1.schema.json}. */
    public static final String SCHEMA_URL = "https://singletable.dev/schemas/singletable-1.schema.json";

    /** The first line of YAML schema files, read by the YAML language server (VS Code, IntelliJ, Neovim...). */
    public static final String YAML_HEADER = "# yaml-language-server: $schema=" + SCHEMA_URL + "\n";

    private SchemaFileWriter() {
    }

    public static String toYaml(SchemaDocument document) {
        return YAML_HEADER + SchemaFiles.yaml(document);
    }

    public static String toJson(SchemaDocument document) {
        return SchemaFiles.json(document, SCHEMA_URL);
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
