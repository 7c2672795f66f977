package dev.singletable.schema.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.TextLimitException;
import dev.singletable.schema.TextLimits;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A YAML or JSON document read by Jackson's streaming parser into a tree, remembering where each
 * field and value starts: Jackson's tree reader drops locations, and they are what every error
 * message leads with. Duplicate keys are recorded rather than silently overwritten.
 */
final class LocatedTree {
    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private final JsonNode root;
    private final Map<String, JsonLocation> locations;
    private final Map<String, String> scalarTexts;
    private final List<SchemaError> errors;

    private LocatedTree(JsonNode root, Map<String, JsonLocation> locations, Map<String, String> scalarTexts, List<SchemaError> errors) {
        this.root = root;
        this.locations = locations;
        this.scalarTexts = scalarTexts;
        this.errors = errors;
    }

    /** Reads JSON when the file name ends in .json, else YAML (of which JSON is a subset anyway), within a design file's limits. */
    public static LocatedTree read(String text, String fileName) {
        return read(text, fileName, TextLimits.DESIGN_FILE);
    }

    /**
     * Reads JSON when the file name ends in .json, else YAML, within {@code limits}: size and line length are checked
     * before parsing, depth while parsing; YAML aliases are refused where they stand.
     */
    public static LocatedTree read(String text, String fileName, TextLimits limits) {
        Map<String, JsonLocation> locations = new HashMap<>();
        Map<String, String> scalarTexts = new HashMap<>();
        List<SchemaError> errors = new ArrayList<>();
        try {
            limits.check(text, fileName, !fileName.endsWith(".json"));
        } catch (TextLimitException e) {
            errors.add(new SchemaError(SchemaError.Kind.LIMIT, fileName, (int) e.line(), (int) e.column(), "", e.reason()));
            return new LocatedTree(NODES.missingNode(), locations, scalarTexts, errors);
        }
        JsonFactory factory = BoundedParsers.forName(fileName, limits);
        try (JsonParser parser = factory.createParser(text)) {
            try {
                if (parser.nextToken() == null) {
                    errors.add(new SchemaError(SchemaError.Kind.SYNTAX, fileName, 1, 1, "", "the file is empty; start it with 'format: singletable/1'"));
                    return new LocatedTree(NODES.missingNode(), locations, scalarTexts, errors);
                }
                JsonNode root = new Reader(parser, locations, scalarTexts, errors, fileName).value("");
                return new LocatedTree(root, locations, scalarTexts, errors);
            } catch (JsonProcessingException e) {
                JsonLocation at = BoundedParsers.location(e, parser);
                String reason = BoundedParsers.reason(e, limits, fileName);
                errors.add(new SchemaError(reason.equals(limits.tooDeep()) ? SchemaError.Kind.LIMIT : SchemaError.Kind.SYNTAX, fileName,
                        at.getLineNr(), at.getColumnNr(), "", reason));
                return new LocatedTree(NODES.missingNode(), locations, scalarTexts, errors);
            } catch (AliasException e) {
                errors.add(new SchemaError(SchemaError.Kind.SYNTAX, fileName, e.at.getLineNr(), e.at.getColumnNr(), "", e.getMessage()));
                return new LocatedTree(NODES.missingNode(), locations, scalarTexts, errors);
            }
        } catch (IOException e) {
            throw new IllegalStateException("reading a string cannot fail: " + e.getMessage(), e);
        }
    }

    /** A YAML alias ({@code *name}): read by Jackson as its name, which would surface later as a confusing wrong value. */
    private static final class AliasException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient JsonLocation at;

        AliasException(String alias, JsonLocation at) {
            super("YAML alias *" + alias + ": anchors and aliases are not read in design files; write the value out where the alias stands");
            this.at = at;
        }
    }

    public JsonNode root() {
        return root;
    }

    /** Syntax errors and duplicate keys found while reading. */
    public List<SchemaError> errors() {
        return errors;
    }

    /** Where the field or value at the JSON pointer starts, or its nearest located parent. */
    public Optional<JsonLocation> location(String pointer) {
        for (String at = pointer; ; at = at.substring(0, at.lastIndexOf('/'))) {
            JsonLocation location = locations.get(at);
            if (location != null) {
                return Optional.of(location);
            }
            if (at.isEmpty()) {
                return Optional.empty();
            }
        }
    }

    /**
     * The text a number or boolean at the JSON pointer is written as: YAML reads {@code 0012} as the number 10, {@code 1e3}
     * as 1000 and {@code no} as false, so messages about such a value quote what the file says. Empty for other values.
     */
    public Optional<String> writtenAs(String pointer) {
        return Optional.ofNullable(scalarTexts.get(pointer));
    }

    /** A JSON pointer segment: '~' and '/' escaped. */
    public static String segment(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    /** The dotted path of messages, {@code entities.Order.keys.pk} or {@code accessPatterns[2].sort}, of a JSON pointer. */
    public static String dottedPath(String pointer) {
        StringBuilder path = new StringBuilder();
        if (pointer.isEmpty()) {
            return "";
        }
        for (String raw : pointer.substring(1).split("/", -1)) {
            String name = raw.replace("~1", "/").replace("~0", "~");
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit) && path.length() > 0) {
                path.append('[').append(name).append(']');
            } else {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(name);
            }
        }
        return path.toString();
    }

    private record Reader(JsonParser parser, Map<String, JsonLocation> locations, Map<String, String> scalarTexts, List<SchemaError> errors,
                          String fileName) {
        JsonNode value(String pointer) throws IOException {
            JsonToken token = parser.currentToken();
            locations.putIfAbsent(pointer, parser.currentTokenLocation());
            if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
                throw new AliasException(parser.getText(), parser.currentTokenLocation());
            }
            switch (token) {
                case START_OBJECT -> {
                    return object(pointer);
                }
                case START_ARRAY -> {
                    ArrayNode array = NODES.arrayNode();
                    int index = 0;
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        array.add(value(pointer + "/" + index++));
                    }
                    return array;
                }
                case VALUE_STRING -> {
                    return NODES.textNode(parser.getText());
                }
                case VALUE_NUMBER_INT -> {
                    scalarTexts.put(pointer, parser.getText());
                    return switch (parser.getNumberType()) {
                        case INT -> NODES.numberNode(parser.getIntValue());
                        case LONG -> NODES.numberNode(parser.getLongValue());
                        default -> NODES.numberNode(parser.getBigIntegerValue());
                    };
                }
                case VALUE_NUMBER_FLOAT -> {
                    scalarTexts.put(pointer, parser.getText());
                    return NODES.numberNode(parser.getDecimalValue());
                }
                case VALUE_TRUE, VALUE_FALSE -> {
                    scalarTexts.put(pointer, parser.getText());
                    return NODES.booleanNode(parser.getBooleanValue());
                }
                case VALUE_NULL -> {
                    return NODES.nullNode();
                }
                default -> throw new IllegalStateException("unexpected token " + token);
            }
        }

        /** The object starting at the current token; a name given twice is an error, its second value read and dropped. */
        private ObjectNode object(String pointer) throws IOException {
            ObjectNode object = NODES.objectNode();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonLocation at = parser.currentTokenLocation();
                String child = pointer + "/" + segment(name);
                parser.nextToken();
                if (object.has(name)) {
                    errors.add(new SchemaError(SchemaError.Kind.DUPLICATE_NAME, fileName, at.getLineNr(), at.getColumnNr(),
                            dottedPath(child), "'" + name + "' is given twice in " + (pointer.isEmpty() ? "the file" : dottedPath(pointer))
                            + "; names must be unique: remove or rename one"));
                    value(child + "~duplicate");
                    continue;
                }
                locations.put(child, at);
                object.set(name, value(child));
            }
            return object;
        }
    }
}
