package dev.singletable.design.internal.tables;

import dev.singletable.schema.NotUtf8TextException;
import dev.singletable.schema.Utf8Files;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.DynamicItem;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The items the design tools show and run the access patterns on: the design's examples, or the
 * rows of a JSON Lines data file ({@code {"entity": "Post", ...attributes}}), converted by the
 * design's attribute types as examples are.
 */
public record SampleItems(List<DynamicItem> items, String source) {
    /** The field naming a row's entity, unless the entity has an attribute of that name. */
    public static final String ENTITY_FIELD = "entity";
    private static final Pattern ENTITY_FIELDS = Pattern.compile("(@*)" + ENTITY_FIELD);
    private static final ObjectMapper JSON = JsonValues.mapper(); // numbers read exactly
    private static final Pattern EXAMPLE_PATH = Pattern.compile("entities\\.([^.]+)\\.examples\\[(\\d+)](.*)");

    public SampleItems {
        items = List.copyOf(items);
    }

    /**
     * The field naming the entity of an item with these attributes, as JSON output writes it and data files give it:
     * {@code entity}, or, when an attribute has that name ({@code entity} of an audit event), {@code @entity}: one
     * {@code @} more than the attribute named with the most {@code @}s before {@code entity}, so that it is the row's
     * field of that form with the most of them, whatever the attributes are ({@link #entityFieldOf(Collection)}).
     */
    public static String entityField(Collection<String> attributes) {
        int most = attributes.stream().map(ENTITY_FIELDS::matcher).filter(Matcher::matches)
                .mapToInt(name -> name.group(1).length() + 1).max().orElse(0);
        return "@".repeat(most) + ENTITY_FIELD;
    }

    /**
     * The field of a row that names its entity, as {@link #entityField(Collection)} chose it: of its fields
     * {@code entity}, {@code @entity}, {@code @@entity}..., the one with the most {@code @}s; the others are attributes.
     * Empty when it has none of them.
     */
    public static Optional<String> entityFieldOf(Collection<String> fields) {
        return fields.stream().filter(name -> ENTITY_FIELDS.matcher(name).matches()).max(Comparator.comparingInt(String::length));
    }

    /** The design's examples, entity by entity in declaration order. */
    public static SampleItems examplesOf(SchemaFile design) {
        List<DynamicItem> items = new ArrayList<>();
        design.document().entities().keySet().forEach(entity -> items.addAll(design.examples(entity)));
        items.addAll(RelationTables.sampleItems(design));
        return new SampleItems(items, "the design's examples");
    }

    /**
     * The rows of a data file as items of the design's entities, in file order.
     *
     * @throws SampleDataException naming the file and line of a row that is not a JSON object, names no
     *                             entity or an unknown one, or has values its entity's attributes do not take
     */
    public static SampleItems fromFile(SchemaFile design, Path file) {
        List<String> lines = lines(file);
        SchemaDocument document = design.document();
        Map<String, List<Map<String, Object>>> rows = new LinkedHashMap<>();
        Map<String, List<Integer>> lineNumbers = new LinkedHashMap<>();
        List<String> order = new ArrayList<>();
        document.entities().keySet().forEach(entity -> {
            rows.put(entity, new ArrayList<>());
            lineNumbers.put(entity, new ArrayList<>());
        });
        // every line's mistake is said at once, a line's JSON or entity before the values of the lines that have both
        java.util.SortedMap<Integer, String> refused = new java.util.TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            String at = file + ":" + (i + 1);
            JsonNode row;
            String entity;
            try {
                row = row(lines.get(i), at);
                entity = entityOf(row, at, document);
            } catch (SampleDataException e) {
                refused.put(i + 1, e.getMessage());
                continue;
            }
            Map<String, Object> values = JsonValues.attributes(row);
            values.remove(entityFieldOf(values.keySet()).orElseThrow());
            rows.get(entity).add(values);
            lineNumbers.get(entity).add(i + 1);
            order.add(entity + "#" + (rows.get(entity).size() - 1));
        }
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        document.entities().forEach((name, definition) -> entities.put(name, new EntityDefinition(definition.description(),
                definition.attributes(), definition.keys(), definition.indexes(), definition.attributeBag(), rows.get(name), Optional.empty(),
                definition.states())));
        SchemaFile withData;
        try {
            withData = SchemaFile.of(new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns(),
                    document.relations(), document.types()));
        } catch (SchemaFileException e) {
            throw located(e, file, lineNumbers, refused);
        }
        if (!refused.isEmpty()) {
            throw new SampleDataException(String.join("\n", refused.values()));
        }
        List<DynamicItem> items = new ArrayList<>();
        for (String reference : order) {
            int hash = reference.lastIndexOf('#');
            items.add(withData.examples(reference.substring(0, hash)).get(Integer.parseInt(reference.substring(hash + 1))));
        }
        return new SampleItems(items, file.toString());
    }

    private static List<String> lines(Path file) {
        try {
            return Utf8Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new SampleDataException(file + ": no such file; --data takes a JSON Lines file of sample items");
        } catch (IOException e) {
            IOException located = Utf8Files.located(file, e);
            throw new SampleDataException(located instanceof NotUtf8TextException ? located.getMessage()
                    : file + ": cannot read it: " + e.getMessage());
        }
    }

    /** The line as a JSON object, {@code at} its file and line. */
    private static JsonNode row(String line, String at) {
        JsonNode row;
        try {
            row = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            // Jackson appends where the object started, naming a redacted source: the file and line say it better
            throw new SampleDataException(at + ": not valid JSON: " + e.getOriginalMessage().split(" \\(start marker at ")[0]);
        }
        if (!row.isObject()) {
            throw new SampleDataException(at + ": not a JSON object; each line is one item, {\"entity\": \"<Entity>\", ...attributes}");
        }
        return row;
    }

    /** The entity a row's {@code entity} field names, one of the document's. */
    private static String entityOf(JsonNode row, String at, SchemaDocument document) {
        List<String> fields = new ArrayList<>();
        row.fieldNames().forEachRemaining(fields::add);
        JsonNode entityName = entityFieldOf(fields).map(row::get).orElse(null);
        if (entityName == null || !entityName.isTextual()) {
            throw new SampleDataException(at + ": no \"entity\" field naming the item's entity; the entities are "
                    + String.join(", ", document.entities().keySet()));
        }
        String entity = entityName.asText();
        if (!document.entities().containsKey(entity)) {
            throw new SampleDataException(at + ": no entity '" + entity + "' in table " + document.table().name()
                    + dev.singletable.ClosestName.among(entity, document.entities().keySet()).map(n -> " (did you mean '" + n + "'?)").orElse("")
                    + "; the entities are " + String.join(", ", document.entities().keySet()));
        }
        return entity;
    }

    /**
     * The design's refusal of the rows, each error of an example at the file's line of its row, in line order with the
     * lines {@code refused} before (not JSON, no entity).
     */
    private static SampleDataException located(SchemaFileException e, Path file, Map<String, List<Integer>> lineNumbers,
                                               java.util.SortedMap<Integer, String> refused) {
        java.util.SortedMap<Integer, String> byLine = new java.util.TreeMap<>(refused);
        List<String> unplaced = new ArrayList<>();
        for (SchemaError error : e.errors()) {
            Matcher example = EXAMPLE_PATH.matcher(error.path());
            if (example.matches() && lineNumbers.containsKey(example.group(1))) {
                int line = lineNumbers.get(example.group(1)).get(Integer.parseInt(example.group(2)));
                byLine.merge(line, file + ":" + line + ": " + example.group(1) + example.group(3) + ": " + error.message(),
                        (first, next) -> first + "\n" + next);
            } else {
                unplaced.add(file + ": " + error.path() + ": " + error.message());
            }
        }
        List<String> messages = new ArrayList<>(byLine.values());
        messages.addAll(unplaced);
        return new SampleDataException(String.join("\n", messages));
    }
}
