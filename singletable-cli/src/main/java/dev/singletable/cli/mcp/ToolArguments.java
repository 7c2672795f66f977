package dev.singletable.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.singletable.IndefiniteArticle;
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
    /** The Java types of integral numbers, whose JSON Schema type is integer. */
    private static final java.util.Set<java.lang.reflect.Type> INTEGRAL = java.util.Set.of(Integer.class, Long.class, java.math.BigInteger.class);

    private ToolArguments() {
    }

    /** A JSON value as CLI text: strings as they are, numbers and booleans as written, arrays and objects as JSON. */
    static String text(Object value) {
        if (value == null) {
            throw new ToolInputException("null is not a value; leave the argument out");
        }
        if (value instanceof String text) {
            // the command line refuses the bare word null (no value); the JSON string "null" is the text, which it reads in quotes
            return text.equals("null") ? "\"null\"" : text;
        }
        if (value instanceof BigDecimal decimal) {
            // as sent, digit for digit (the transport reads fractions as BigDecimal); the exponent form only where the
            // plain one would be hundreds of zeros
            BigDecimal stripped = decimal.stripTrailingZeros();
            return Math.abs(stripped.scale()) > 100 ? stripped.toString() : stripped.toPlainString();
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

    /** A JSON value as the caller wrote it, for messages: strings quoted ({@code "true"}), {@code null} as null. */
    static String shown(Object value) {
        try {
            return McpTool.JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }

    /**
     * The boolean argument {@code name} of {@code tool}: false when left out, and a JSON boolean otherwise. Anything else
     * ({@code "true"}, {@code 1}, {@code null}) is refused, never read as false: a flag such as ifNotExists read as false
     * would replace an item the caller meant to keep.
     */
    static boolean flag(String tool, Map<String, Object> arguments, String name) {
        if (!arguments.containsKey(name)) {
            return false;
        }
        if (!(arguments.get(name) instanceof Boolean flag)) {
            throw new ToolInputException(tool + ": " + name + " " + shown(arguments.get(name)) + " is not a boolean (true or false)");
        }
        return flag;
    }

    /** The object argument {@code name} of {@code tool} (absent: empty): its names and JSON values, in order. */
    static Map<String, Object> object(String tool, Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new ToolInputException(tool + ": " + name + " must be a JSON object of attribute names and values, not " + shown(value));
        }
        Map<String, Object> object = new LinkedHashMap<>();
        map.forEach((key, element) -> object.put(String.valueOf(key), element));
        return object;
    }

    /**
     * The value of the attribute (or path) {@code name} as the CLI's text, after checking its JSON type against the
     * attribute's, where {@code definition} is known (the core reads the text by the attribute's type, and refuses a
     * string such as {@code "yes"} for a boolean with its own message): an object or array only for an attribute of
     * objects or arrays, a number or boolean not for a string attribute, a boolean not for a number, a number not for a
     * boolean, and never {@code null}. What the text would
     * otherwise make of them ({@code "null"}, an object's JSON as a title) is a value the caller did not send.
     *
     * @param where      the tool and entity or pattern, to begin the message with ({@code put Post})
     * @param definition the attribute, or null for a name of none (the core refuses it by name) or a path into one
     */
    static String text(String where, String name, Object value, AttributeDefinition definition) {
        if (value == null) {
            throw new ToolInputException(where + ": " + name + " is null; give it a value, or leave it out");
        }
        if (definition != null) {
            String type = String.valueOf(schema(definition).get("type"));
            boolean structured = value instanceof Map<?, ?> || value instanceof List<?>;
            boolean fits = switch (type) {
                case "object", "array" -> !(value instanceof Number || value instanceof Boolean);
                case "string" -> value instanceof String;
                case "boolean" -> !(structured || value instanceof Number);
                default -> !(structured || value instanceof Boolean); // number, integer: that JSON value, or its text
            };
            if (!fits) {
                throw new ToolInputException(where + ": " + name + " " + shown(value) + " is " + jsonType(value) + ", not "
                        + IndefiniteArticle.before(type));
            }
        }
        return text(value);
    }

    /**
     * {@code name=text} for each attribute or path of {@code values} (as {@link #text(String, String, Object,
     * AttributeDefinition)}, the attributes from {@code attributes}), for the CLI's {@code name=value} arguments, which it
     * splits at the first {@code =}: a name holding one would be another name and value. A null value is the attribute
     * left out where {@code nullIsAbsent} (a put's item, which replaces the whole item) and refused elsewhere. A name
     * {@code inBag} (an attribute of the entity's attribute bag, which the design does not type) keeps its JSON type as the
     * CLI takes it there: a string as {@code name=text}, any other value as {@code name:=json}.
     */
    static List<String> assignments(String where, Map<String, Object> values, java.util.function.Function<String, AttributeDefinition> attributes,
                                    boolean nullIsAbsent, java.util.function.Predicate<String> inBag) {
        List<String> assignments = new java.util.ArrayList<>();
        values.forEach((name, value) -> {
            if (name.contains("=")) {
                throw new ToolInputException(where + ": no attribute '" + name + "'; no attribute or path has '=' in its name");
            }
            if (value != null && inBag.test(name)) {
                assignments.add(value instanceof String text ? name + "=" + text : name + ":=" + shown(value));
            } else if (value != null || !nullIsAbsent) {
                assignments.add(name + "=" + text(where, name, value, attributes.apply(name)));
            }
        });
        return assignments;
    }

    private static String jsonType(Object value) {
        if (value instanceof Map<?, ?>) {
            return "a JSON object";
        }
        if (value instanceof List<?>) {
            return "a JSON array";
        }
        if (value instanceof Number) {
            return "a JSON number";
        }
        return value instanceof Boolean ? "a JSON boolean" : "a JSON string";
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

    /** The JSON Schema of each attribute of {@code entity} that is {@code wanted}, with its description, by name in order. */
    static Map<String, Object> attributes(dev.singletable.schema.EntityDefinition entity, java.util.function.Predicate<String> wanted) {
        Map<String, Object> properties = new LinkedHashMap<>();
        entity.attributes().forEach((name, attribute) -> {
            if (wanted.test(name)) {
                Map<String, Object> property = schema(attribute);
                attribute.description().ifPresent(text -> property.put("description", text));
                properties.put(name, property);
            }
        });
        return properties;
    }

    /** The JSON Schema of the values of an attribute: type, enum, format. */
    static Map<String, Object> schema(AttributeDefinition definition) {
        Map<String, Object> schema = new LinkedHashMap<>();
        switch (definition.type()) {
            case ENUM -> {
                schema.put("type", "string");
                schema.put("enum", List.copyOf(definition.values()));
            }
            case RECORD, RECORD_MAP, MAP -> schema.put("type", "object");
            case RECORD_LIST -> {
                schema.put("type", "array");
                schema.put("items", ordered("type", "object"));
            }
            case LIST -> schema.put("type", "array");
            default -> schema.putAll(kindSchema(definition.type()));
        }
        return schema;
    }

    /**
     * The JSON Schema of a kind's values, from what its registry entry says: the DynamoDB type it is stored as, its Java
     * type and its text's format. A number is an integer where its Java type is; a value whose text has a format (an
     * instant, even one stored as epoch seconds) is that string; sets and lists are arrays, maps objects, of their
     * elements' schema.
     */
    private static Map<String, Object> kindSchema(AttributeDefinition.AttributeKind kind) {
        Map<String, Object> schema = new LinkedHashMap<>();
        if (kind.textFormat().isPresent()) {
            schema.put("type", "string");
            schema.put("format", kind.textFormat().get());
            return schema;
        }
        java.lang.reflect.Type[] arguments = kind.javaType() instanceof java.lang.reflect.ParameterizedType generic
                ? generic.getActualTypeArguments() : new java.lang.reflect.Type[0];
        switch (kind.storedAs()) {
            case "N" -> schema.put("type", INTEGRAL.contains(kind.javaType()) ? "integer" : "number");
            case "BOOL" -> schema.put("type", "boolean");
            case "B" -> {
                schema.put("type", "string");
                schema.put("contentEncoding", "base64");
            }
            case "SS", "NS", "BS", "L" -> {
                schema.put("type", "array");
                schema.put("items", ordered("type", elementType(arguments[arguments.length - 1])));
                if (!kind.storedAs().equals("L")) {
                    schema.put("uniqueItems", true);
                }
            }
            case "M" -> {
                schema.put("type", "object");
                if (arguments.length == 2 && arguments[1] != Object.class) {
                    schema.put("additionalProperties", ordered("type", elementType(arguments[1])));
                }
            }
            default -> schema.put("type", "string");
        }
        return schema;
    }

    /** The JSON type of a collection's elements: numbers as number (integer where integral), the rest (text, Base64) string. */
    private static String elementType(java.lang.reflect.Type element) {
        if (INTEGRAL.contains(element)) {
            return "integer";
        }
        return element instanceof Class<?> type && Number.class.isAssignableFrom(type) ? "number" : "string";
    }
}
