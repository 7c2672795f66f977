package dev.singletable.cli.data.load;

import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.schema.TextLimits;
import dev.singletable.schema.Utf8Files;
import dev.singletable.cli.output.Failures;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaDocument;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.singletable.cli.data.AdjacencyItems;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads the items of one input file, in order, as {@link InputRow}s with their line numbers: JSON
 * items (JSON Lines or over several lines), CSV (one entity per file), DynamoDB JSON or a NoSQL Workbench model's sample data.
 * Parsing is Jackson's (jackson-databind, jackson-dataformat-csv); a line that does not parse becomes
 * an unreadable row, so one bad line never stops the file. A DynamoDB JSON value becomes plain data in
 * {@link DynamoDbJsonValues}.
 */
final class InputFiles {
    /** Numbers read exactly; a key given twice in one object refused (Jackson's default keeps the last one silently). */
    private static final ObjectReader JSON = JsonValues.mapper().reader().with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    private static final java.util.regex.Pattern DUPLICATE = java.util.regex.Pattern.compile("Duplicate field '(.*)'");
    private static final CsvMapper CSV = new CsvMapper();
    /** The JSON objects of a file of JSON items (JSON Lines or not, DynamoDB JSON), over any line breaks. */
    static final JsonObjects JSON_OBJECTS = new JsonObjects(JSON, InputFiles::notJson);

    private final SchemaDocument design;
    private final Optional<String> entity;
    /** Places an item that names no entity type by its keys. */
    private final KeyedItems keyed;
    /** The table's and its indexes' key attributes and the entity-type attribute, in that order, which the design writes itself. */
    private final Set<String> derivedAttributes = new LinkedHashSet<>();

    /**
     * @param design the design, for attribute types (CSV) and the attributes the table derives (DynamoDB JSON)
     * @param entity the entity of every item, when the user named one with {@code --entity}
     */
    InputFiles(SchemaDocument design, Optional<String> entity) {
        this.design = design;
        this.entity = entity;
        this.keyed = new KeyedItems(design, entity);
        derivedAttributes.add(design.table().partitionKey().name());
        design.table().sortKey().ifPresent(sk -> derivedAttributes.add(sk.name()));
        design.table().indexes().forEach(index -> {
            index.partitionKey().forEach(k -> derivedAttributes.add(k.name()));
            index.sortKey().forEach(k -> derivedAttributes.add(k.name()));
        });
        derivedAttributes.add(design.table().entityTypeAttribute());
    }

    /**
     * The file's text: UTF-8, past a byte order mark; a gzip-compressed file ({@code .gz}, as DynamoDB's export to S3 writes
     * its {@code data/*.json.gz}) decompressed as it is read.
     */
    static BufferedReader open(Path file) throws IOException {
        if (!file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gz")) {
            return Utf8Files.newBufferedReader(file);
        }
        java.io.InputStream in = Files.newInputStream(file);
        try {
            return new BufferedReader(new java.io.InputStreamReader(new java.util.zip.GZIPInputStream(in, 1 << 16),
                    java.nio.charset.StandardCharsets.UTF_8.newDecoder()));
        } catch (IOException e) {
            in.close();
            throw new LoadInputException(file + ": not a gzip file (" + e.getMessage() + "); a .gz file must be gzip-compressed, as an "
                    + "S3 export's data files are");
        }
    }

    /** Items in the file, counted as cheaply as possible (lines, where it has one item a line), for the progress bar's total. */
    long count(Path file, InputFormat format) {
        if (format == InputFormat.NOSQL_WORKBENCH) {
            long[] count = {0};
            read(file, format, row -> count[0]++);
            return count[0];
        }
        if (format != InputFormat.CSV) {
            return JSON_OBJECTS.count(file, format.oneALine(file));
        }
        long lines = 0;
        try (BufferedReader reader = open(file)) {
            BoundedLines bounded = new BoundedLines(reader, file.toString(), TextLimits.DATA_LINE);
            for (Optional<String> line = bounded.next(); line.isPresent(); line = bounded.next()) {
                if (!line.get().isBlank()) {
                    lines++;
                }
            }
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
        return Math.max(0, lines - 1);
    }

    /** Gives every item of the file to {@code rows}, in file order. */
    void read(Path file, InputFormat format, Consumer<InputRow> rows) {
        try {
            switch (format) {
                case JSON_LINES, JSON_ITEMS, DYNAMODB_JSON -> readLines(file, format, rows);
                case CSV -> readCsv(file, rows);
                case NOSQL_WORKBENCH -> readWorkbench(file, rows);
                default -> throw new IllegalStateException(format.name());
            }
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    private void readLines(Path file, InputFormat format, Consumer<InputRow> rows) {
        String name = file.toString();
        JSON_OBJECTS.read(file, format.oneALine(file), (line, node) -> format == InputFormat.DYNAMODB_JSON
                ? dynamoDbJsonRow(name, line, node) : jsonLinesRow(name, line, node), rows);
    }

    /** Why a line is not an item's JSON: a key given twice named as such, else the parser's reason. */
    private static String notJson(JsonProcessingException e) {
        java.util.regex.Matcher duplicate = DUPLICATE.matcher(e.getOriginalMessage());
        if (duplicate.matches()) {
            return "the key \"" + duplicate.group(1) + "\" is given twice in " + objectPath(e) + "; which value is meant is not "
                    + "known, so keep one of them";
        }
        return "not JSON: " + e.getOriginalMessage();
    }

    /** Where the parser stood when it failed: {@code the item}, or the path of the value inside it ({@code email}, {@code tags[2]}). */
    private static String objectPath(JsonProcessingException e) {
        if (!(e.getProcessor() instanceof JsonParser parser)) {
            return "one object";
        }
        String path = "";
        for (com.fasterxml.jackson.core.JsonStreamContext at = parser.getParsingContext().getParent(); at != null && !at.inRoot();
             at = at.getParent()) {
            path = (at.inArray() ? "[" + at.getCurrentIndex() + "]" : (at.getParent() != null && at.getParent().inRoot() ? "" : ".")
                    + at.getCurrentName()) + path;
        }
        return path.isEmpty() ? "the item" : "the value of " + path;
    }

    private InputRow jsonLinesRow(String file, long line, JsonNode node) {
        Map<String, Object> values = new LinkedHashMap<>();
        Optional<String> named = entity;
        Set<String> fields = new LinkedHashSet<>();
        node.fieldNames().forEachRemaining(fields::add);
        Optional<String> entityField = SampleItems.entityFieldOf(fields); // "@entity" when the entity has an attribute "entity"
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (entityField.filter(field.getKey()::equals).isPresent()) {
                if (!field.getValue().isTextual()) {
                    return InputRow.unreadable(file, line, "\"" + field.getKey() + "\" must be the entity's name as text, got " + field.getValue());
                }
                named = Optional.of(field.getValue().asText());
            } else {
                values.put(field.getKey(), JsonValues.plain(field.getValue()));
            }
        }
        if (named.isEmpty()) {
            return InputRow.unreadable(file, line, "no \"entity\" field naming the item's entity; add one, or give --entity");
        }
        return InputRow.of(file, line, named, values);
    }

    private InputRow dynamoDbJsonRow(String file, long line, JsonNode node) {
        JsonNode item = node.get("Item");
        if (item == null || !item.isObject()) {
            return InputRow.unreadable(file, line, "not a DynamoDB JSON item: expected {\"Item\": {\"attribute\": {\"S\": \"...\"}, ...}}");
        }
        return entity.isPresent() ? attributeValueRow(file, line, item, KeyedItems.Placed.none()) : keyedRow(file, line, item);
    }

    /**
     * A DynamoDB JSON or NoSQL Workbench item: one naming no entity type is the entity whose key templates compose its
     * keys, with the slot values read from them; refused, naming the candidates, when no entity's or several entities'
     * templates do.
     */
    private InputRow keyedRow(String file, long line, JsonNode item) {
        KeyedItems.Placed placed = keyed.placed(item);
        return placed.refused().map(reason -> InputRow.unreadable(file, line, reason)).orElseGet(() -> attributeValueRow(file, line, item, placed));
    }

    /**
     * An item in DynamoDB's JSON ({@code {"name": {"S": "text"}}}), its entity where its keys {@code placed} it (with its
     * slots' values, where the item lacks them), else from the entity-type attribute, else {@code --entity}'s.
     */
    private InputRow attributeValueRow(String file, long line, JsonNode item, KeyedItems.Placed placed) {
        String typeAttribute = design.table().entityTypeAttribute();
        if (item.has(typeAttribute) && !item.get(typeAttribute).has("S")) {
            return InputRow.unreadable(file, line, notTextType(item.get(typeAttribute)));
        }
        // the keys' entity type first: with --entity, a NoSQL Workbench item is that entity whatever type it names
        Optional<String> named = placed.entityType().or(() -> Optional.of(item.path(typeAttribute).path("S"))
                .filter(JsonNode::isTextual).map(JsonNode::textValue)).or(() -> entity);
        Map<String, Object> attributes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : item.properties()) {
            Optional<AttributeDefinition> attribute = named.map(design.entityTypes()::get).map(e -> e.attributes().get(field.getKey()));
            String place = attribute.map(a -> named.get() + "." + field.getKey() + " is " + a.type().fileName())
                    .orElse("attribute '" + field.getKey() + "' is not a DynamoDB JSON value");
            Optional<String> mismatch = attribute.filter(a -> a.type().fileName().equals("string")).flatMap(a -> notText(field.getValue()));
            if (mismatch.isPresent()) {
                return InputRow.unreadable(file, line, place + ": " + mismatch.get());
            }
            try {
                attributes.put(field.getKey(), DynamoDbJsonValues.plain(field.getValue()));
            } catch (IllegalArgumentException e) {
                return InputRow.unreadable(file, line, place + ": " + e.getMessage());
            }
        }
        placed.slots().forEach(attributes::putIfAbsent);
        if (named.isEmpty()) {
            return InputRow.unreadable(file, line, "no entity-type attribute '" + design.table().entityTypeAttribute()
                    + "' naming the item's entity; give --entity");
        }
        EntityDefinition definition = design.entityTypes().get(named.get());
        Map<String, Object> values = new LinkedHashMap<>();
        attributes.forEach((name, value) -> {
            boolean own = definition != null && definition.attributes().containsKey(name);
            if (own || !derivedAttributes.contains(name)) {
                values.put(name, value);
            }
        });
        // the keys the item was stored under, to compare with those the design composes from its values (RowItems)
        Map<String, Object> storedKeys = new LinkedHashMap<>();
        derivedAttributes.stream().filter(name -> !name.equals(design.table().entityTypeAttribute()))
                .filter(name -> attributes.containsKey(name) && !values.containsKey(name))
                .forEach(name -> storedKeys.put(name, attributes.get(name)));
        return InputRow.stored(file, line, named, values, storedKeys);
    }

    /**
     * Why a value of a string attribute is not text: a number or boolean descriptor ({@code {"N": "12"}}), with the fix as
     * DynamoDB JSON writes it ({@code {"S": "12"}}), not as JSON Lines would (quotes).
     */
    private static Optional<String> notText(JsonNode value) {
        if (!value.isObject() || value.size() != 1 || !(value.has("N") || value.has("BOOL"))) {
            return Optional.empty();
        }
        Map.Entry<String, JsonNode> given = value.properties().iterator().next();
        return Optional.of("got {\"" + given.getKey() + "\": " + given.getValue() + "}; give {\"S\": "
                + com.fasterxml.jackson.databind.node.TextNode.valueOf(given.getValue().asText()) + "}");
    }

    /**
     * Why the item's entity-type attribute names no entity type: given, but not as text ({@code {"N": "1"}}), which is
     * never read as absent (the item would be loaded as {@code --entity}'s, or placed by its keys).
     */
    private String notTextType(JsonNode type) {
        return "the entity-type attribute '" + design.table().entityTypeAttribute() + "' is a DynamoDB " + type.fieldNames().next()
                + " (" + type + "); it must be a string (S) naming an entity type of the design ("
                + String.join(", ", design.entityTypes().keySet()) + ")" + (entity.isEmpty() ? ", or give --entity" : "");
    }

    private void readCsv(Path file, Consumer<InputRow> rows) throws IOException {
        String name = file.toString();
        if (entity.isEmpty()) {
            throw new LoadInputException(name + ": a CSV file holds one entity; name it with --entity");
        }
        // an entity stored by its state (Product) has the attributes of each of its states
        EntityDefinition definition = design.entityTypes().getOrDefault(entity.get(), design.entities().get(entity.get()));
        Function<String, Optional<AttributeDefinition>> attributes = definition != null
                ? column -> Optional.ofNullable(definition.attributes().get(column)) : column -> AdjacencyItems.definition(design, entity.get(), column);
        CsvSchema schema = CsvSchema.emptySchema().withHeader();
        try (Reader reader = open(file);
             MappingIterator<Map<String, String>> it = CSV.readerFor(Map.class).with(schema)
                     .with(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS).readValues(reader)) {
            refuseRepeatedColumns(name, ((CsvParser) it.getParser()).getSchema()); // the header is read by now
            while (true) {
                long line = -1;
                Map<String, String> cells;
                try {
                    if (!it.hasNextValue()) {
                        break;
                    }
                    // the row's start token is placed at the end of the line before (the header's, or the last row's)
                    line = it.getParser().currentTokenLocation().getLineNr() + 1;
                    cells = it.nextValue();
                } catch (IOException | RuntimeException e) {
                    // the row's own line: a row missing columns fails only at its end, where the parser is on the next line
                    long at = line > 0 ? line : it.getParser().currentLocation().getLineNr();
                    String problem = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
                    Optional<String> unclosed = unclosedQuote(file, at, problem);
                    if (unclosed.isPresent()) {
                        // the parser read on past the row's line inside the quote: what it reads next is not the file's rows
                        rows.accept(InputRow.unreadable(name, at, unclosed.get()));
                        break;
                    }
                    rows.accept(InputRow.unreadable(name, at, "not a CSV row of the header's columns: " + problem));
                    if (it.getParser().isClosed()) {
                        break;
                    }
                    continue;
                }
                rows.accept(csvRow(name, line, attributes, cells));
            }
        }
    }

    /**
     * Refuses a header naming a column twice: each row would be read into one value per name, the last cell silently
     * winning, and which one is meant is not known (as JSON Lines refuses a key given twice).
     */
    private static void refuseRepeatedColumns(String file, CsvSchema header) {
        Map<String, Integer> columns = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            Integer first = columns.putIfAbsent(header.columnName(i), i + 1);
            if (first != null) {
                throw new LoadInputException(file + ":1: column '" + header.columnName(i) + "' appears twice (columns " + first + " and "
                        + (i + 1) + "); which cell is meant is not known, so rename or remove one of them");
            }
        }
    }

    /**
     * A CSV row as an input row of the --entity: empty cells left out, a cell of a kind written as JSON (sets, lists, maps,
     * documents, records: a CSV cell holds only text) read as JSON, as the command line reads it; unreadable at the first
     * such cell that is not JSON.
     */
    private InputRow csvRow(String file, long line, Function<String, Optional<AttributeDefinition>> attributes, Map<String, String> cells) {
        Map<String, Object> values = new LinkedHashMap<>();
        Optional<String> problem = Optional.empty();
        for (Map.Entry<String, String> cell : cells.entrySet()) {
            if (cell.getValue() == null || cell.getValue().isEmpty()) {
                continue;
            }
            Optional<AttributeDefinition> attribute = attributes.apply(cell.getKey()).filter(a -> a.type().writtenAsJson());
            if (attribute.isPresent()) {
                try {
                    values.put(cell.getKey(), JsonValues.plain(JSON.readTree(cell.getValue())));
                } catch (JsonProcessingException e) {
                    problem = Optional.of(entity.get() + "." + cell.getKey() + (DUPLICATE.matcher(e.getOriginalMessage()).matches()
                            ? ": " + notJson(e) : " is " + attribute.get().type().fileName() + ": '" + cell.getValue()
                            + "' is not JSON (write a list as [\"a\",\"b\"], a map as {\"k\":\"v\"})"));
                    break;
                }
            } else {
                values.put(cell.getKey(), cell.getValue());
            }
        }
        return problem.map(p -> InputRow.unreadable(file, line, p)).orElseGet(() -> InputRow.of(file, line, entity, values));
    }

    /**
     * Why a row that failed to parse failed, when its line opens a quote it does not close (an odd number of quote
     * characters, as a quote inside a value is written twice): the quoted value ran on into the lines after it, swallowing
     * them (to the end of the file when the quote is never closed). Empty for any other failure. A quoted value may hold
     * line breaks (RFC 4180), so a quote closed on a later line with a well-formed row after it is a value like any other.
     */
    private Optional<String> unclosedQuote(Path file, long line, String problem) throws IOException {
        String text = null;
        long last = 0;
        try (BufferedReader reader = open(file)) {
            BoundedLines lines = new BoundedLines(reader, file.toString(), TextLimits.DATA_LINE);
            for (Optional<String> next = lines.next(); next.isPresent(); next = lines.next()) {
                last++;
                if (last == line) {
                    text = next.get();
                }
            }
        }
        if (text == null || text.chars().filter(c -> c == '"').count() % 2 == 0) {
            return Optional.empty();
        }
        boolean toTheEnd = problem != null && problem.startsWith("Missing closing quote");
        return Optional.of("a quoted value opened in this row is not closed on its line, so it ran on into the lines after it"
                + (toTheEnd ? " to the end of the file (line " + last + ")" : " and broke there (" + problem + ")")
                + "; nothing from line " + line + " on was loaded. Close the quote (a quote inside a value is written twice: \"\")");
    }

    /**
     * Every item of the model's tables ({@code DataModel[].TableData}, not the facets' copies of them),
     * with the line its object starts on.
     */
    private void readWorkbench(Path file, Consumer<InputRow> rows) throws IOException {
        String name = file.toString();
        try (JsonParser parser = JSON.createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new LoadInputException(name + ": not a NoSQL Workbench model (a JSON object with a DataModel array)");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!field.equals("DataModel") || value != JsonToken.START_ARRAY) {
                    parser.skipChildren();
                    continue;
                }
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String tableField = parser.currentName();
                        JsonToken tableValue = parser.nextToken();
                        if (!tableField.equals("TableData") || tableValue != JsonToken.START_ARRAY) {
                            parser.skipChildren();
                            continue;
                        }
                        while (parser.nextToken() == JsonToken.START_OBJECT) {
                            long line = parser.currentTokenLocation().getLineNr();
                            rows.accept(keyedRow(name, line, parser.readValueAsTree())); // entities and slot values from their keys
                        }
                    }
                }
            }
        }
    }
}
