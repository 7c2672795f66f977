package dev.singletable.cli.generate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaDocument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A schema file's example items (each entity's {@code examples}, then the lines of its {@code exampleFile}) as the JSON
 * Lines resource {@code @TableDesign(examples = ...)} names: one item a line, its entity named in the table's entity-type
 * attribute, values as the file gives them, so that the design the processor writes holds the same items.
 *
 * <pre>{@code
 * Map<String, List<Map<String, Object>>> items = ExampleLines.read(document, Optional.of(Path.of("designs")));
 * }</pre>
 */
public final class ExampleLines {
    private static final ObjectMapper JSON = JsonValues.mapper();
    // a decimal as the file wrote it (12.50, 1000), never as 1.25E+1
    private static final ObjectWriter LINE = JSON.writer().with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private ExampleLines() {
    }

    /**
     * Each entity's example items by entity name, in the file's order: those written in the file, then those of its
     * example file, read relative to {@code directory} (the schema file's; the working directory when empty). Entities
     * without examples are left out.
     *
     * @throws UncheckedIOException when an example file cannot be read (loading the schema file has read it once already)
     */
    public static Map<String, List<Map<String, Object>>> read(SchemaDocument document, Optional<Path> directory) {
        Map<String, List<Map<String, Object>>> examples = new LinkedHashMap<>();
        document.entities().forEach((name, entity) -> {
            List<Map<String, Object>> items = new ArrayList<>(entity.examples());
            entity.exampleFile().ifPresent(file -> items.addAll(fileItems(directory.map(d -> d.resolve(file)).orElse(Path.of(file)))));
            if (!items.isEmpty()) {
                examples.put(name, List.copyOf(items));
            }
        });
        return examples;
    }

    private static List<Map<String, Object>> fileItems(Path file) {
        List<Map<String, Object>> items = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    items.add(JsonValues.attributes(JSON.readTree(line)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the example file " + file + ": " + e.getMessage(), e);
        }
        return items;
    }

    /**
     * The lines of the resource: each item led by {@code typeAttribute} naming its entity; an attribute the generated record
     * does not have (kept by the file's attribute bag, which is not generated) is left out, with a note.
     */
    static String lines(SchemaDocument document, Map<String, List<Map<String, Object>>> examples, List<String> notes) {
        String typeAttribute = document.table().entityTypeAttribute();
        StringBuilder text = new StringBuilder();
        examples.forEach((name, items) -> {
            EntityDefinition entity = document.entities().get(name);
            List<String> dropped = new ArrayList<>();
            for (Map<String, Object> item : items) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put(typeAttribute, name);
                item.forEach((attribute, value) -> {
                    if (entity.attributes().containsKey(attribute)) {
                        line.put(attribute, value);
                    } else if (!dropped.contains(attribute)) {
                        dropped.add(attribute);
                    }
                });
                text.append(json(line)).append('\n');
            }
            if (!dropped.isEmpty()) {
                notes.add("entities." + name + ".examples: " + String.join(", ", dropped) + " left out of the examples, as the "
                        + "attribute bag that keeps them is not generated");
            }
        });
        document.relations().values().forEach(relation -> pairLines(relation, typeAttribute, text));
        return text.toString();
    }

    /**
     * A relation's example pairs as adjacency items of its first side's type, which the processor reads as the relation's
     * examples: the key slots and the edge values, but those of an edge attribute that is not generated (a list, map or record).
     */
    private static void pairLines(RelationDefinition relation, String typeAttribute, StringBuilder text) {
        String itemType = relation.itemTypes().isEmpty() ? relation.first() + relation.second() : relation.itemTypes().get(0);
        for (Map<String, Object> pair : relation.examples()) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put(typeAttribute, itemType);
            pair.forEach((attribute, value) -> {
                AttributeDefinition edge = relation.edge().get(attribute);
                if (edge == null || TableDesignSource.edgeType(edge.type()).isPresent()) {
                    line.put(attribute, value);
                }
            });
            text.append(json(line)).append('\n');
        }
    }

    private static String json(Map<String, Object> line) {
        try {
            return LINE.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an example of plain values is always JSON: " + line, e);
        }
    }
}
