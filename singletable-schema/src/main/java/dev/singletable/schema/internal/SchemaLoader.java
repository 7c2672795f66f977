package dev.singletable.schema.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.NotUtf8TextException;
import dev.singletable.schema.TextLimitException;
import dev.singletable.schema.TextLimits;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.Utf8Files;
import dev.singletable.schema.SchemaFileException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Text to checked document and core model, in stages: syntax, format version, the JSON Schema,
 * then the model rules. A stage whose findings leave the document unreadable stops there (after
 * reporting all of them); unknown fields and duplicate keys do not, so the model rules still run.
 */
final class SchemaLoader {
    // numbers read exactly: Jackson's default reads a number with a fraction through double (17 of DynamoDB's 38 digits)
    private static final ObjectMapper JSON = com.fasterxml.jackson.databind.json.JsonMapper.builder()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(com.fasterxml.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES).build();

    /** A loaded file: its document, its core model and where each of its fields starts. */
    public record Loaded(SchemaDocument document, DesignBuilder.Design design, String fileName, LocatedTree tree) {
    }

    private SchemaLoader() {
    }

    /**
     * @param baseDirectory where example files are looked up, when the text came from a file
     * @throws SchemaFileException with every error found
     */
    public static Loaded load(String text, String fileName, Optional<Path> baseDirectory) {
        LocatedTree tree = LocatedTree.read(text, fileName);
        List<SchemaError> errors = new ArrayList<>(tree.errors());
        if (errors.stream().anyMatch(e -> e.kind() == Kind.SYNTAX || e.kind() == Kind.LIMIT)) {
            throw new SchemaFileException(errors, false);
        }
        JsonNode root = tree.root();
        JsonNode format = root.path("format");
        if (!root.isObject() || !format.isTextual() || !format.asText().equals(SchemaDocument.FORMAT)) {
            String found = !root.isObject() ? "the file is not a mapping" : format.isMissingNode() ? "the file has no format field"
                    : "format '" + format.asText() + "' is not one this version of singletable reads";
            errors.add(located(tree, fileName, new DesignBuilder.Problem(Kind.WRONG_FORMAT_VERSION, root.isObject() && !format.isMissingNode()
                    ? "/format" : "", found + "; start the file with 'format: " + SchemaDocument.FORMAT + "'")));
            throw new SchemaFileException(errors, false);
        }
        FormatSchema.Checked structure = FormatSchema.check(root);
        structure.problems().forEach(problem -> errors.add(located(tree, fileName, problem)));
        if (!structure.readable()) {
            throw new SchemaFileException(sorted(errors), false);
        }
        List<DesignBuilder.Problem> rules = DocumentReader.ruleProblems(root);
        rules.forEach(problem -> errors.add(located(tree, fileName, problem)));
        if (!rules.isEmpty()) {
            throw new SchemaFileException(sorted(errors), false);
        }
        try {
            SchemaDocument document = DocumentReader.read(root);
            Map<String, List<Map<String, Object>>> fileExamples = new LinkedHashMap<>();
            document.entities().forEach((name, entity) -> entity.exampleFile().ifPresent(file ->
                    readExamples(tree, fileName, baseDirectory, name, file, errors).ifPresent(examples -> fileExamples.put(name, examples))));
            DesignBuilder builder = new DesignBuilder(document, fileExamples, tree::writtenAs);
            Optional<DesignBuilder.Design> design = builder.build();
            // a value the JSON Schema refused (a table name, a negative limit) is reported once, in its words, not again by the model
            builder.problems().stream().filter(problem -> structure.problems().stream().noneMatch(refused ->
                            refused.pointer().equals(problem.pointer()) || refused.pointer().startsWith(problem.pointer() + "/")))
                    .forEach(problem -> errors.add(located(tree, fileName, problem)));
            if (!errors.isEmpty() || design.isEmpty()) {
                throw new SchemaFileException(sorted(errors));
            }
            return new Loaded(document, design.get(), fileName, tree);
        } catch (RuntimeException e) {
            if (e instanceof SchemaFileException || structure.problems().isEmpty()) {
                throw e;
            }
            // the values the JSON Schema refused were not readable after all: its findings alone, as for any other structure
            List<SchemaError> found = new ArrayList<>(tree.errors());
            structure.problems().forEach(problem -> found.add(located(tree, fileName, problem)));
            throw new SchemaFileException(sorted(found), false);
        }
    }

    /** A document built in code: the same model rules, errors placed by path only. */
    public static DesignBuilder.Design build(SchemaDocument document) {
        DesignBuilder builder = new DesignBuilder(document, Map.of());
        Optional<DesignBuilder.Design> design = builder.build();
        if (design.isEmpty()) {
            throw new SchemaFileException(builder.problems().stream().map(p -> new SchemaError(p.kind(), "(document)", 0, 0,
                    LocatedTree.dottedPath(p.pointer()), p.message())).toList());
        }
        return design.get();
    }

    private static Optional<List<Map<String, Object>>> readExamples(LocatedTree tree, String fileName, Optional<Path> baseDirectory,
                                                                   String entity, String file, List<SchemaError> errors) {
        String at = "/entities/" + LocatedTree.segment(entity) + "/exampleFile";
        Path path = baseDirectory.map(base -> base.resolve(file)).orElse(Path.of(file));
        List<String> lines;
        try {
            lines = Utf8Files.readAllLines(path, TextLimits.EXAMPLE_FILE);
        } catch (NotUtf8TextException | TextLimitException e) {
            errors.add(located(tree, fileName, new DesignBuilder.Problem(Kind.INVALID_VALUE, at, "example file " + e.getMessage())));
            return Optional.empty();
        } catch (IOException e) {
            errors.add(located(tree, fileName, new DesignBuilder.Problem(Kind.INVALID_VALUE, at, "cannot read example file " + path
                    + " (" + e.getClass().getSimpleName() + "); give a JSON Lines file relative to the schema file")));
            return Optional.empty();
        }
        List<Map<String, Object>> examples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(lines.get(i));
                if (!node.isObject()) {
                    throw new IOException("not a JSON object");
                }
                Map<String, Object> values = new LinkedHashMap<>();
                node.properties().forEach(e -> {
                    if (!e.getValue().isNull()) {
                        values.put(e.getKey(), PlainValues.of(e.getValue()));
                    }
                });
                examples.add(values);
            } catch (IOException | IllegalArgumentException e) { // IllegalArgumentException: a null inside a value
                errors.add(located(tree, fileName, new DesignBuilder.Problem(Kind.INVALID_VALUE, at, path.getFileName() + " line " + (i + 1)
                        + " is not a JSON object of attribute values: " + e.getMessage().lines().findFirst().orElse(""))));
            }
        }
        return Optional.of(examples);
    }

    private static SchemaError located(LocatedTree tree, String fileName, DesignBuilder.Problem problem) {
        String pointer = problem.pointer();
        int hash = pointer.indexOf('#');
        String path = LocatedTree.dottedPath(hash < 0 ? pointer : pointer.substring(0, hash));
        if (hash >= 0) {
            String[] lineAndField = pointer.substring(hash + 1).split("/", 2);
            path += "[line " + lineAndField[0] + "]" + (lineAndField.length > 1 ? "." + LocatedTree.dottedPath("/" + lineAndField[1]) : "");
        }
        Optional<JsonLocation> at = tree.location(hash < 0 ? pointer : pointer.substring(0, hash));
        return new SchemaError(problem.kind(), fileName, at.map(JsonLocation::getLineNr).orElse(0), at.map(JsonLocation::getColumnNr).orElse(0),
                path, problem.message());
    }

    private static List<SchemaError> sorted(List<SchemaError> errors) {
        List<SchemaError> sorted = new ArrayList<>(errors);
        sorted.sort(Comparator.comparingInt(SchemaError::line).thenComparingInt(SchemaError::column));
        return sorted;
    }
}
