package dev.singletable.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.singletable.schema.AttributeDefinition;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON values of tool arguments as the text the CLI reads ({@code published=true}), so that the core reads them by
 * their attributes' types and refuses them with the CLI's messages; and the JSON Schema of an attribute's values.
 */
final class ToolArguments {
    private ToolArguments() {
    }

    /** A JSON value as CLI text: strings as they are, numbers and booleans as written, arrays and objects as JSON. */
    static String text(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof Double || value instanceof Float) {
            return BigDecimal.valueOf(((Number) value).doubleValue()).stripTrailingZeros().toPlainString();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        try {
            return McpTool.JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new ToolInputException("a value that is not JSON: " + e.getOriginalMessage());
        }
    }

    /** The object argument {@code name} (absent: empty) as text by attribute name. */
    static Map<String, String> texts(Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new ToolInputException(name + " must be a JSON object of attribute names and values, not " + text(value));
        }
        Map<String, String> texts = new LinkedHashMap<>();
        map.forEach((key, element) -> texts.put(String.valueOf(key), text(element)));
        return texts;
    }

    /** {@code name=text} for each entry. */
    static List<String> assignments(Map<String, String> texts) {
        return texts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    /** A JSON object of these names and values, in this order (a tool's schema is shown as it is written). */
    static Map<String, Object> ordered(Object... namesAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    /** A value of the design (an example) as a JSON value: booleans, numbers and lists as they are, the others as the file writes them. */
    static Object json(Object value) {
        return value instanceof Boolean || value instanceof Number || value instanceof java.util.List<?>
                ? value : dev.singletable.cli.data.PatternCall.fileText(value);
    }

    /** The JSON Schema of the values of an attribute: type, enum, format. */
    static Map<String, Object> schema(AttributeDefinition definition) {
        Map<String, Object> schema = new LinkedHashMap<>();
        switch (definition.type()) {
            case STRING -> schema.put("type", "string");
            case ENUM -> {
                schema.put("type", "string");
                schema.put("enum", List.copyOf(definition.values()));
            }
            case INTEGER, LONG -> schema.put("type", "integer");
            case DECIMAL -> schema.put("type", "number");
            case BOOLEAN -> schema.put("type", "boolean");
            case INSTANT, EPOCH_SECONDS -> {
                schema.put("type", "string");
                schema.put("format", "date-time");
            }
            case DATE -> {
                schema.put("type", "string");
                schema.put("format", "date");
            }
            case UUID -> {
                schema.put("type", "string");
                schema.put("format", "uuid");
            }
            case BINARY -> {
                schema.put("type", "string");
                schema.put("contentEncoding", "base64");
            }
            case STRING_SET, STRING_LIST -> {
                schema.put("type", "array");
                schema.put("items", ordered("type", "string"));
                if (definition.type() == AttributeDefinition.AttributeKind.STRING_SET) {
                    schema.put("uniqueItems", true);
                }
            }
            case STRING_MAP -> {
                schema.put("type", "object");
                schema.put("additionalProperties", ordered("type", "string"));
            }
            case RECORD, RECORD_MAP -> schema.put("type", "object");
            case RECORD_LIST -> {
                schema.put("type", "array");
                schema.put("items", ordered("type", "object"));
            }
            case NUMBER_SET -> {
                schema.put("type", "array");
                schema.put("items", ordered("type", "number"));
                schema.put("uniqueItems", true);
            }
            case BINARY_SET -> {
                schema.put("type", "array");
                schema.put("items", ordered("type", "string"));
                schema.put("uniqueItems", true);
            }
            case LIST -> schema.put("type", "array");
            case DOCUMENT, MAP -> schema.put("type", "object");
        }
        return schema;
    }
}
