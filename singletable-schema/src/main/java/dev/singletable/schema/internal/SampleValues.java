package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.AttributeDefinition.AttributeKind;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Sample attribute values in DynamoDB JSON ({@code {"S": "x"}}): their text in keys, their singletable/1 kind, their plain value. */
final class SampleValues {
    /** Stands for a NULL inside a document while it is read: Optional holds no null. */
    private static final Object NULL = new Object();
    private final ImportNotes notes;

    SampleValues(ImportNotes notes) {
        this.notes = notes;
    }

    static boolean isScalar(JsonNode attributeValue) {
        return attributeValue.has("S") || attributeValue.has("N") || attributeValue.has("BOOL");
    }

    /** The text of a scalar attribute value in DynamoDB JSON ({@code {"S": "x"}}), as keys hold it. */
    static String scalar(JsonNode attributeValue) {
        for (String type : List.of("S", "N", "B", "BOOL")) {
            if (attributeValue.has(type)) {
                return attributeValue.get(type).asText();
            }
        }
        return attributeValue.asText("");
    }

    /**
     * The attribute a sample value implies: scalars and sets as their DynamoDB type; a list or map of strings as
     * {@code stringList}/{@code stringMap}; a list of numbers, booleans or maps as a {@code list} of that kind; any other
     * map (nested maps, lists, numbers) as a free-form {@code document}.
     */
    AttributeDefinition definition(JsonNode attributeValue) {
        String type = attributeValue.fieldNames().hasNext() ? attributeValue.fieldNames().next() : "S";
        if (type.equals("L")) {
            JsonNode list = attributeValue.get("L");
            if (allOf(list, "S")) {
                return AttributeDefinition.of(AttributeKind.STRING_LIST, false);
            }
            for (String element : List.of("N", "BOOL", "M")) {
                if (allOf(list, element)) {
                    return AttributeDefinition.ofElements(AttributeKind.LIST, element.equals("M") ? AttributeKind.DOCUMENT
                            : kindOf(element).orElseThrow(), false);
                }
            }
            return AttributeDefinition.of(AttributeKind.STRING_LIST, false);
        }
        if (type.equals("M")) {
            return AttributeDefinition.of(allOf(attributeValue.get("M"), "S") ? AttributeKind.STRING_MAP : AttributeKind.DOCUMENT, false);
        }
        return AttributeDefinition.of(kindOf(type).orElse(AttributeKind.STRING), false);
    }

    /** Of two sample values' attributes, the one that holds both: a document holds any map, so a map of strings too. */
    static AttributeDefinition wider(AttributeDefinition first, AttributeDefinition second) {
        if (first.type() == AttributeKind.STRING_MAP && second.type() == AttributeKind.DOCUMENT) {
            return second;
        }
        return first;
    }

    AttributeKind kindOfType(String type, String path) {
        return kindOf(type).orElseGet(() -> {
            notes.notMapped(path, "attribute type '" + type + "' has no singletable/1 type; read as string");
            return AttributeKind.STRING;
        });
    }

    /** The kind of a DynamoDB type (S a string, N a decimal, L a list of strings...): the registry's, {@link DynamicTypes#readAs}. */
    private static Optional<AttributeKind> kindOf(String type) {
        return DynamicTypes.readAs(type);
    }

    /** A sample value as the document holds it, or a note when it has no singletable/1 type. */
    Optional<Object> plainValue(JsonNode attributeValue, String path) {
        if (attributeValue.has("S") || attributeValue.has("B")) {
            return Optional.of(attributeValue.path(attributeValue.has("S") ? "S" : "B").asText());
        }
        if (attributeValue.has("N")) {
            return Optional.of(number(attributeValue.get("N"), "N", path));
        }
        if (attributeValue.has("BOOL")) {
            return Optional.of(bool(attributeValue.get("BOOL"), path));
        }
        if (attributeValue.has("SS") || (attributeValue.has("L") && allStrings(attributeValue.get("L")))) {
            JsonNode list = attributeValue.has("SS") ? attributeValue.get("SS") : attributeValue.get("L");
            List<Object> values = new ArrayList<>();
            list.forEach(v -> values.add(v.isTextual() ? v.asText() : v.path("S").asText()));
            return Optional.of(values);
        }
        if (attributeValue.has("NS") || attributeValue.has("BS")) {
            List<Object> values = new ArrayList<>();
            boolean numbers = attributeValue.has("NS");
            attributeValue.get(numbers ? "NS" : "BS").forEach(v -> values.add(numbers ? number(v, "NS", path) : v.asText()));
            return Optional.of(values);
        }
        if (attributeValue.has("M") || attributeValue.has("L")) {
            Optional<Object> document = documentValue(attributeValue, path);
            if (document.isPresent()) {
                return document;
            }
        }
        notes.notMapped(path, "value " + attributeValue + " has no singletable/1 type (string, number, boolean, binary, a set, "
                + "a list of one kind or a document of maps, lists, strings, numbers, booleans and nulls); left out of the example");
        return Optional.empty();
    }

    /** A map or list as a document holds it (strings, numbers, booleans, nulls, lists, maps), or empty when a value inside is not one. */
    private static Optional<Object> documentValue(JsonNode attributeValue, String path) {
        if (attributeValue.has("S")) {
            return Optional.of(attributeValue.get("S").asText());
        }
        if (attributeValue.has("N")) {
            return Optional.of(number(attributeValue.get("N"), "N", path));
        }
        if (attributeValue.has("BOOL")) {
            return Optional.of(bool(attributeValue.get("BOOL"), path));
        }
        if (attributeValue.has("NULL")) {
            return Optional.of(NULL);
        }
        if (attributeValue.has("M")) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> entry : attributeValue.get("M").properties()) {
                Optional<Object> value = documentValue(entry.getValue(), path + "." + entry.getKey());
                if (value.isEmpty()) {
                    return Optional.empty();
                }
                values.put(entry.getKey(), value.get() == NULL ? null : value.get());
            }
            return Optional.of(values);
        }
        if (attributeValue.has("L") || attributeValue.has("SS")) {
            List<Object> values = new ArrayList<>();
            for (JsonNode element : attributeValue.get(attributeValue.has("L") ? "L" : "SS")) {
                Optional<Object> value = element.isTextual() ? Optional.of(element.asText()) : documentValue(element, path);
                if (value.isEmpty()) {
                    return Optional.empty();
                }
                values.add(value.get() == NULL ? null : value.get());
            }
            return Optional.of(values);
        }
        return Optional.empty();
    }

    /** A BOOL's value: true or false, never coerced (Jackson's asBoolean() reads "yes" as false and 1 as true). */
    private static boolean bool(JsonNode value, String path) {
        if (!value.isBoolean()) {
            throw new DesignImportException(path + ": BOOL takes true or false, found " + value + "; fix the sample item");
        }
        return value.booleanValue();
    }

    /** An N's (or an NS element's) value: a number written as a string, every digit kept. */
    private static BigDecimal number(JsonNode value, String type, String path) {
        try {
            if (value.isTextual()) {
                return new BigDecimal(value.textValue());
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new DesignImportException(path + ": " + type + " takes a number written as a string (\"42\"), found " + value
                + "; fix the sample item");
    }

    private static boolean allOf(JsonNode container, String type) {
        if (container == null || container.isEmpty()) {
            return false;
        }
        for (JsonNode value : container) {
            if (!value.has(type)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allStrings(JsonNode container) {
        for (JsonNode value : container) {
            if (!value.has("S")) {
                return false;
            }
        }
        return true;
    }
}
