package dev.singletable.cli.mcp;

import dev.singletable.cli.options.DesignFiles;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

/**
 * The server's resources: the design file, its key-design and access-pattern tables (Markdown, made by
 * {@code describe} and {@code patterns}), and the JSON Schema of the schema-file format.
 */
final class McpResources {
    static final String JSON_SCHEMA = "dev/singletable/schema/singletable-1.schema.json";

    private McpResources() {
    }

    static List<McpServerFeatures.SyncResourceSpecification> of(ServedDesign served, DesignFiles.DesignFile file) {
        String fileName = file.fileName();
        return List.of(
                resource("singletable://design/" + fileName, fileName, "The design file (" + file.name() + ")",
                        file.name().endsWith(".json") ? "application/json" : "application/yaml",
                        () -> new String(file.bytes(), StandardCharsets.UTF_8)),
                resource("singletable://design/key-design.md", "key-design.md", "The key-design table of "
                        + served.design().schema().name() + " (singletable describe --format markdown)", "text/markdown",
                        () -> document(served, "describe")),
                resource("singletable://design/access-patterns.md", "access-patterns.md", "The access-pattern table of "
                        + served.design().schema().name() + " (singletable patterns --format markdown)", "text/markdown",
                        () -> document(served, "patterns")),
                resource("singletable://schema/singletable-1.schema.json", "singletable-1.schema.json",
                        "The JSON Schema of the schema-file format singletable/1", "application/schema+json",
                        McpResources::jsonSchema));
    }

    private static McpServerFeatures.SyncResourceSpecification resource(String uri, String name, String description, String mimeType,
                                                                      Supplier<String> text) {
        McpSchema.Resource resource = McpSchema.Resource.builder(uri, name).description(description).mimeType(mimeType).build();
        return new McpServerFeatures.SyncResourceSpecification(resource, (exchange, request) ->
                McpSchema.ReadResourceResult.builder(List.of(McpSchema.TextResourceContents.builder(uri, text.get()).mimeType(mimeType).build())).build());
    }

    private static String document(ServedDesign served, String command) {
        ServedDesign.CommandRun run = served.designCommand(command, List.of("--format", "markdown"));
        if (run.exitCode() != 0) {
            throw new ToolInputException(command + " failed: " + run.message());
        }
        return run.out();
    }

    private static String jsonSchema() {
        try (InputStream in = McpResources.class.getClassLoader().getResourceAsStream(JSON_SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException(JSON_SCHEMA + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
