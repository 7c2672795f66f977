package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AttributeDefinition.AttributeKind;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Sample attribute values in DynamoDB JSON ({@code {"S": "x"}}): their text in keys, their singletable/1 kind, their plain value. */
final class SampleValues {
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

    AttributeKind kind(JsonNode attributeValue) {
        String type = attributeValue.fieldNames().hasNext() ? attributeValue.fieldNames().next() : "S";
        if (type.equals("L")) {
            return AttributeKind.STRING_LIST;
        }
        if (type.equals("M")) {
            return AttributeKind.STRING_MAP;
        }
        return kindOf(type).orElse(AttributeKind.STRING);
    }

    AttributeKind kindOfType(String type, String path) {
        return kindOf(type).orElseGet(() -> {
            notes.notMapped(path, "attribute type '" + type + "' has no singletable/1 type; read as string");
            return AttributeKind.STRING;
        });
    }

    private static Optional<AttributeKind> kindOf(String type) {
        return Optional.ofNullable(switch (type) {
            case "S" -> AttributeKind.STRING;
            case "N" -> AttributeKind.DECIMAL;
            case "BOOL" -> AttributeKind.BOOLEAN;
            case "B" -> AttributeKind.BINARY;
            case "SS" -> AttributeKind.STRING_SET;
            case "L" -> AttributeKind.STRING_LIST;
            case "M" -> AttributeKind.STRING_MAP;
            default -> null;
        });
    }

    /** A sample value as the document holds it, or a note when it has no singletable/1 type. */
    Optional<Object> plainValue(JsonNode attributeValue, String path) {
        if (attributeValue.has("S") || attributeValue.has("B")) {
            return Optional.of(attributeValue.path(attributeValue.has("S") ? "S" : "B").asText());
        }
        if (attributeValue.has("N")) {
            return Optional.of(new BigDecimal(attributeValue.get("N").asText()));
        }
        if (attributeValue.has("BOOL")) {
            return Optional.of(attributeValue.get("BOOL").asBoolean());
        }
        if (attributeValue.has("SS") || (attributeValue.has("L") && allStrings(attributeValue.get("L")))) {
            JsonNode list = attributeValue.has("SS") ? attributeValue.get("SS") : attributeValue.get("L");
            List<Object> values = new ArrayList<>();
            list.forEach(v -> values.add(v.isTextual() ? v.asText() : v.path("S").asText()));
            return Optional.of(values);
        }
        if (attributeValue.has("M") && allStrings(attributeValue.get("M"))) {
            Map<String, Object> values = new LinkedHashMap<>();
            attributeValue.get("M").properties().forEach(e -> values.put(e.getKey(), e.getValue().path("S").asText()));
            return Optional.of(values);
        }
        notes.notMapped(path, "value " + attributeValue + " has no singletable/1 type (string, number, boolean, binary, string set, "
                + "list or map of strings); left out of the example");
        return Optional.empty();
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
