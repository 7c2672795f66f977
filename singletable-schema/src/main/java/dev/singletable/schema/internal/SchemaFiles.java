package dev.singletable.schema.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.DynamicItem;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.SchemaFile;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SourceLocation;
import dev.singletable.schema.TextLimitException;
import dev.singletable.schema.TextLimits;
import java.io.IOException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The internal package's entry point: what {@code SchemaFile}, {@code SchemaFileWriter}, {@code SchemaFileImport} and
 * {@code SchemaFileExport} call (the loader, the builder of the core model, the writers, importers and exporters).
 */
public final class SchemaFiles {
    private static final ObjectMapper YAML_READER = new ObjectMapper(BoundedParsers.yaml(TextLimits.IMPORTED_MODEL));
    private static final ObjectMapper JSON_READER = new ObjectMapper(BoundedParsers.json(TextLimits.IMPORTED_MODEL));
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)   // "1001" stays a string when read back
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build());
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaFiles() {
    }

    /** Schema file text parsed and checked; example files are looked up relative to {@code baseDirectory} (the working directory when empty). */
    public static LoadedDesign load(String text, String fileName, Optional<Path> baseDirectory) {
        SchemaLoader.Loaded loaded = SchemaLoader.load(text, fileName, baseDirectory);
        return new LoadedDesign(loaded.document(), loaded.design(), path -> {
            String pointer = loaded.document().pathAsWritten(path).stream().map(name -> "/" + LocatedTree.segment(name))
                    .collect(Collectors.joining());
            return loaded.tree().location(pointer).filter(at -> at.getLineNr() > 0 && at.getColumnNr() > 0)
                    .map(at -> new SourceLocation(loaded.fileName(), at.getLineNr(), at.getColumnNr()));
        }, path -> codeLocation(loaded.tree().root(), loaded.document().pathAsWritten(path)));
    }

    /** The {@code source} of the entity or access pattern the path is in, as the processor writes it. */
    private static Optional<SourceLocation> codeLocation(com.fasterxml.jackson.databind.JsonNode root, List<String> path) {
        if (path.size() < 2 || !path.get(0).equals("entities") && !path.get(0).equals("accessPatterns")) {
            return Optional.empty();
        }
        com.fasterxml.jackson.databind.JsonNode source = root.at("/" + LocatedTree.segment(path.get(0)) + "/"
                + LocatedTree.segment(path.get(1)) + "/source");
        if (!source.path("path").isTextual() || source.path("path").asText().isEmpty() || !source.path("line").canConvertToInt()
                || source.path("line").asInt() < 1) {
            return Optional.empty();
        }
        return Optional.of(new SourceLocation(source.path("path").asText(), source.path("line").asInt(), 1));
    }

    /** The sample adjacency items of the design's relation of this name, as {@code relate} writes them. */
    public static List<DynamicItem> relationExamples(SchemaFile design, String relation) {
        return RelationSamples.items(design, relation);
    }

    /** The core model of a document built in code, under the same rules. */
    public static LoadedDesign build(SchemaDocument document) {
        return new LoadedDesign(document, SchemaLoader.build(document), path -> Optional.empty(), path -> Optional.empty());
    }

    public static String yaml(SchemaDocument document) {
        try {
            return YAML.writeValueAsString(DocumentWriter.write(document));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }

    public static String json(SchemaDocument document, String schemaUrl) {
        ObjectNode root = JSON.createObjectNode();
        root.put("$schema", schemaUrl);
        root.setAll(DocumentWriter.write(document));
        return pretty(root);
    }

    public static ImportResult importNoSqlWorkbench(String json, String fileName) {
        return loadable(WorkbenchImporter.read(parse(JSON_READER, json, fileName)));
    }

    public static ImportResult importTableDescription(String json, String fileName) {
        return loadable(TableDescriptionImporter.read(parse(JSON_READER, json, fileName)));
    }

    public static List<ImportResult> importNoSqlWorkbenchTables(String json, String fileName) {
        return loadable(WorkbenchImporter.readEach(parse(JSON_READER, json, fileName)));
    }

    public static ImportResult importTemplateModel(String text, String fileName, String tableName, boolean oneTable) {
        return loadable(TemplateModelImporter.read(parse(fileName.endsWith(".json") ? JSON_READER : YAML_READER, text, fileName),
                TemplateModelImporter.Flavor.of(oneTable), tableName));
    }

    public static ImportResult importDynamodbToolbox(String json, String fileName, String tableName) {
        return loadable(ToolboxImporter.read(parse(JSON_READER, json, fileName, true), tableName));
    }

    public static ExportResult dynamodbToolbox(SchemaFile design) {
        return ToolboxExporter.export(design.document());
    }

    public static SchemaDocument rename(SchemaDocument document, String rename) {
        return Renames.apply(document, rename);
    }

    public static String noSqlWorkbenchModel(SchemaFile design) {
        return pretty(WorkbenchExporter.export(design));
    }

    public static ExportResult noSqlWorkbenchWithNotes(SchemaFile design) {
        return WorkbenchExporter.exportWithNotes(design);
    }

    public static ExportResult templateModel(SchemaFile design, boolean oneTable) {
        return TemplateModelExporter.export(design.document(), oneTable);
    }

    public static ImportResult importMcpSchema(String json, String fileName) {
        return loadable(McpSchemaImporter.read(parse(JSON_READER, json, fileName)));
    }

    public static List<ImportResult> importMcpSchemaTables(String json, String fileName) {
        return loadable(McpSchemaImporter.readEach(parse(JSON_READER, json, fileName)));
    }

    public static ExportResult mcpSchema(SchemaFile design) {
        return McpSchemaExporter.export(design.document());
    }

    /** The import, with its design written as a loadable YAML file or its errors said. */
    private static ImportResult loadable(ImportResult result) {
        return LoadableImports.loadable(result, SchemaFiles::yaml);
    }

    /** Each table's import, as {@link #loadable(ImportResult)}. */
    private static List<ImportResult> loadable(List<ImportResult> results) {
        return results.stream().map(SchemaFiles::loadable).toList();
    }

    static String pretty(JsonNode tree) {
        DefaultIndenter indenter = DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(indenter);
        printer.indentArraysWith(indenter);
        try {
            return JSON.writer(printer).writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always writes: " + e.getMessage(), e);
        }
    }

    private static JsonNode parse(ObjectMapper mapper, String text, String fileName) {
        return parse(mapper, text, fileName, false);
    }

    /** The file's one object, or with {@code lists} its one object or list. */
    private static JsonNode parse(ObjectMapper mapper, String text, String fileName, boolean lists) {
        boolean json = mapper == JSON_READER;
        try {
            TextLimits.IMPORTED_MODEL.check(text, fileName, !json);
        } catch (TextLimitException e) {
            throw new DesignImportException(e.getMessage());
        }
        try (JsonParser parser = mapper.createParser(text)) {
            // a name given twice would silently keep its last value: refused, at the second one
            parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            try {
                JsonNode node = mapper.readTree(parser);
                if (node == null || !(node.isObject() || lists && node.isArray())) {
                    throw new DesignImportException(fileName + ":1:1: not an object; the file must hold one " + (json ? "JSON" : "JSON or YAML")
                            + " object" + (lists ? " or list" : ""));
                }
                if (parser.nextToken() != null) {
                    JsonLocation at = parser.currentTokenLocation();
                    throw new DesignImportException(fileName + ":" + at.getLineNr() + ":" + at.getColumnNr()
                            + ": text after the model's object; the file must hold one object");
                }
                return node;
            } catch (JsonProcessingException e) {
                JsonLocation at = BoundedParsers.location(e, parser);
                String reason = BoundedParsers.reason(e, TextLimits.IMPORTED_MODEL, json ? ".json" : ".yaml");
                throw new DesignImportException(fileName + ":" + at.getLineNr() + ":" + at.getColumnNr() + ": "
                        + (reason.equals(TextLimits.IMPORTED_MODEL.tooDeep()) ? reason
                        : "not valid " + (json ? "JSON" : "JSON or YAML") + ": " + BoundedParsers.problem(e)));
            }
        } catch (IOException e) {
            throw new IllegalStateException("reading a string cannot fail: " + e.getMessage(), e);
        }
    }

    /**
     * The Java value of a plain value (text, BigDecimal, Boolean, List or Map) for an attribute, with the file's record
     * types for embedded records.
     *
     * @throws IllegalArgumentException saying what the attribute takes, when the value does not fit
     */
    public static Object attributeValue(AttributeDefinition attribute, Object value, Map<String, RecordTypeDefinition> types) {
        return DynamicTypes.valueOf(attribute, value, types);
    }
}
