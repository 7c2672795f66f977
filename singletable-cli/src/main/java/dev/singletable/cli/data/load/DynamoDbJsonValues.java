package dev.singletable.cli.data.load;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DynamoDB's JSON of one value ({@code {"S": "text"}}, {@code {"N": "42"}}, {@code {"L": [...]}}), as the plain data a row
 * holds: what a DynamoDB JSON file (an S3 export) and a NoSQL Workbench model give for each attribute.
 */
final class DynamoDbJsonValues {
    private DynamoDbJsonValues() {
    }

    /**
     * A value of DynamoDB's JSON as plain data: binary as base64 text, sets as lists, NULL as null. Each type descriptor
     * takes only its own JSON type (S, N and B a string, BOOL a boolean, NULL true, SS, NS and BS an array of strings, L an
     * array, M an object): anything else is refused, not coerced (Jackson would read {@code {"BOOL": "yes"}} as false).
     *
     * @throws IllegalArgumentException naming the descriptor and what was found, with its place inside the value
     */
    static Object plain(JsonNode value) {
        return plain(value, "");
    }

    private static Object plain(JsonNode value, String path) {
        if (!value.isObject() || value.size() != 1) {
            throw new IllegalArgumentException(path + "expected one type key such as {\"S\": \"text\"}, got " + shortened(value));
        }
        Map.Entry<String, JsonNode> typed = value.properties().iterator().next();
        String type = typed.getKey();
        JsonNode v = typed.getValue();
        return switch (type) {
            case "S", "B" -> text(type, v, path);
            case "N" -> number(type, v, path);
            case "BOOL" -> {
                if (!v.isBoolean()) {
                    throw wrongType(path, type, "true or false", v);
                }
                yield v.booleanValue();
            }
            case "NULL" -> {
                if (!v.isBoolean() || !v.booleanValue()) {
                    throw wrongType(path, type, "true", v);
                }
                yield null;
            }
            case "SS", "BS", "NS" -> {
                if (!v.isArray()) {
                    throw wrongType(path, type, "an array of strings", v);
                }
                List<Object> list = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    String element = type + "[" + i + "]";
                    list.add(type.equals("NS") ? number(element, v.get(i), path) : text(element, v.get(i), path));
                }
                yield list;
            }
            case "L" -> {
                if (!v.isArray()) {
                    throw wrongType(path, type, "an array of values", v);
                }
                List<Object> list = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    list.add(plain(v.get(i), path + "L[" + i + "]: "));
                }
                yield list;
            }
            case "M" -> {
                if (!v.isObject()) {
                    throw wrongType(path, type, "an object of values", v);
                }
                Map<String, Object> map = new LinkedHashMap<>();
                v.properties().forEach(e -> map.put(e.getKey(), plain(e.getValue(), path + "M." + e.getKey() + ": ")));
                yield map;
            }
            default -> throw new IllegalArgumentException(path + "unknown type '" + type + "'; DynamoDB's are S, N, B, BOOL, NULL, SS, "
                    + "NS, BS, L and M");
        };
    }

    private static String text(String type, JsonNode v, String path) {
        if (!v.isTextual()) {
            throw wrongType(path, type, "a string", v);
        }
        return v.textValue();
    }

    /** A number as DynamoDB JSON writes it: a string holding it, every digit kept. */
    private static BigDecimal number(String type, JsonNode v, String path) {
        if (!v.isTextual()) {
            throw wrongType(path, type, "a number written as a string (\"42\")", v);
        }
        try {
            return new BigDecimal(v.textValue());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(path + type + " takes a number written as a string (\"42\"), found "
                    + found(v) + ", which is not a number");
        }
    }

    private static IllegalArgumentException wrongType(String path, String type, String expected, JsonNode v) {
        return new IllegalArgumentException(path + type + " takes " + expected + ", found " + found(v));
    }

    /** What a JSON value is, with its text (long ones cut), for messages: {@code the string "yes"}. */
    private static String found(JsonNode v) {
        String kind = switch (v.getNodeType()) {
            case STRING -> "the string ";
            case NUMBER -> "the number ";
            case BOOLEAN -> "the boolean ";
            case ARRAY -> "the array ";
            case OBJECT -> "the object ";
            default -> "";
        };
        return kind + shortened(v);
    }

    private static String shortened(JsonNode v) {
        String text = v.toString();
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    /** Binary data as its plain form: base64 text, as DynamoDB JSON writes it. */
    static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
