package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import dev.singletable.ClosestName;
import dev.singletable.schema.SchemaError.Kind;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The format's JSON Schema (the resource editors use too) applied to a document tree by the
 * networknt validator; its findings as problems at JSON pointers, unknown fields with the closest
 * known field.
 */
final class FormatSchema {
    /** Where the JSON Schema is, in this module's jar. */
    public static final String RESOURCE = "/dev/singletable/schema/singletable-1.schema.json";

    private static final JsonNode SCHEMA_TREE = load();
    private static final String UNKNOWN_TYPE = "unknown attribute type";
    private static final List<String> BUILT_IN_TYPES = builtInTypes();
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(SCHEMA_TREE);

    private FormatSchema() {
    }

    /**
     * The names a file's attribute type can take besides a record type's: every kind's file name, {@code list} and
     * {@code map} last as they name an element kind ({@code record} is never written).
     */
    private static List<String> builtInTypes() {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (dev.singletable.schema.AttributeDefinition.AttributeKind kind : dev.singletable.schema.AttributeDefinition.AttributeKind.values()) {
            if (!kind.holdsRecords() && !kind.holdsElements()) {
                names.add(kind.fileName());
            }
        }
        names.add("list");
        names.add("map");
        return List.copyOf(names);
    }

    /** The JSON Schema's text. */
    public static String text() {
        return SCHEMA_TREE.toPrettyString();
    }

    private static JsonNode load() {
        try (InputStream in = FormatSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the singletable-schema jar");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The departures of a document from the JSON Schema, and whether the document can still be read into the model: true
     * when each is an unknown field, or a value of the right type refused only by its pattern or bounds (a table name, a
     * negative limit), which the model's own checks can run past, so that every other mistake is found in the same run.
     */
    public record Checked(List<DesignBuilder.Problem> problems, boolean readable) {
    }

    /** Keywords that refuse a value of the right JSON type: the document still reads, the value is just not allowed. */
    private static final java.util.Set<String> VALUE_RULES = java.util.Set.of("pattern", "minimum", "maximum", "exclusiveMinimum",
            "exclusiveMaximum");

    /** The document's departures from the JSON Schema, one per place, in document order. */
    public static Checked check(JsonNode document) {
        List<Error> all = SCHEMA.validate(document);
        boolean readable = all.stream().allMatch(e -> "additionalProperties".equals(e.getKeyword()) && e.getProperty() != null
                || VALUE_RULES.contains(e.getKeyword()));
        return new Checked(problems(all), readable);
    }

    private static List<DesignBuilder.Problem> problems(List<Error> found) {
        Map<String, DesignBuilder.Problem> byPlace = new LinkedHashMap<>();
        List<Error> errors = new ArrayList<>(found);
        errors.sort(Comparator.comparing(e -> pointer(e.getInstanceLocation())));
        for (Error error : errors) {
            String pointer = pointer(error.getInstanceLocation());
            if (String.valueOf(error.getSchemaLocation()).contains("#/$defs/keyAttributes/")
                    && ("oneOf".equals(error.getKeyword()) || "type".equals(error.getKeyword()))
                    && errors.stream().anyMatch(other -> pointer(other.getInstanceLocation()).startsWith(pointer + "/"))) {
                // the value has the shape of one of the forms (a key attribute, not a list of them) and a mistake inside it:
                // that mistake is the one to report, not that no form fits, nor how to write the other form
                continue;
            }
            if ("additionalProperties".equals(error.getKeyword()) && error.getProperty() != null) {
                String field = error.getProperty();
                String at = pointer + "/" + LocatedTree.segment(field);
                byPlace.put(at, new DesignBuilder.Problem(Kind.UNKNOWN_FIELD, at, "unknown field '" + field + "'"
                        + knownFields(error).map(known -> ClosestName.among(field, known).map(n -> " (did you mean '" + n + "'?)").orElse("")
                        + "; the fields here are " + String.join(", ", known)).orElse("")));
                continue;
            }
            // one problem per place, its messages joined: a oneOf's branches each object in their own words
            String message = message(error);
            DesignBuilder.Problem previous = byPlace.get(pointer);
            if (previous == null) {
                byPlace.put(pointer, new DesignBuilder.Problem(Kind.INVALID_STRUCTURE, pointer, message));
            } else if (!previous.message().contains(message) && !previous.message().startsWith(UNKNOWN_TYPE)) {
                byPlace.put(pointer, new DesignBuilder.Problem(previous.kind(), pointer, previous.message() + "; " + message));
            }
        }
        return List.copyOf(byPlace.values());
    }

    private static String message(Error error) {
        if (String.valueOf(error.getSchemaLocation()).endsWith("#/$defs/accessPattern/oneOf")) {
            return "an access pattern reads one entity or one collection: give exactly one of 'entity' and 'collection'";
        }
        if (String.valueOf(error.getSchemaLocation()).contains("#/$defs/attribute/properties/type/")) {
            JsonNode given = error.getInstanceNode();
            String typed = given != null && given.isTextual()
                    ? " '" + given.asText() + "'" + ClosestName.among(given.asText(), BUILT_IN_TYPES).map(n -> " (did you mean '" + n + "'?)").orElse("")
                    : "";
            return UNKNOWN_TYPE + typed + "; the types are " + String.join(", ", BUILT_IN_TYPES.subList(0, BUILT_IN_TYPES.size() - 1))
                    + " and " + BUILT_IN_TYPES.get(BUILT_IN_TYPES.size() - 1) + " (with of), or the name of one of the file's types "
                    + "(a record type, starting with a capital letter)";
        }
        String location = String.valueOf(error.getSchemaLocation());
        if (location.contains("#/$defs/keyAttribute/properties/type/")) {
            JsonNode given = error.getInstanceNode();
            return (given != null && given.isTextual() ? "'" + given.asText() + "'" : String.valueOf(given))
                    + " is not a key type; use S (string), N (number) or B (binary)";
        }
        if (location.contains("#/$defs/templates/")) {
            JsonNode given = error.getInstanceNode();
            return (given == null ? "" : given.isTextual() && given.asText().isEmpty() ? "an empty template" : given + " is no template")
                    + "; a key template is text with {attribute} slots, such as ORDER#{orderId} (or a list of 1 to 4 of them for a "
                    + "multi-attribute key)";
        }
        if ("pattern".equals(error.getKeyword()) || error.getMessage().contains("name is not valid: does not match the regex pattern")) {
            return patternMessage(error, location);
        }
        if (String.valueOf(error.getSchemaLocation()).contains("#/$defs/entity/then/properties/")) {
            return "an entity with states has no keys or indexes of its own: each state gives its keys and indexes under "
                    + "states.values; move them there, or remove states";
        }
        String message = error.getMessage();
        int colon = message.indexOf(": ");
        if (message.startsWith("$") && colon > 0) {
            message = message.substring(colon + 2);
        }
        JsonNode given = error.getInstanceNode();
        if ("uniqueItems".equals(error.getKeyword()) && given != null && given.isArray()) {
            java.util.Set<JsonNode> seen = new java.util.HashSet<>();
            for (JsonNode element : given) {
                if (!seen.add(element)) {
                    return "lists " + element + " more than once: give each value once";
                }
            }
        }
        if ("type".equals(error.getKeyword()) && message.endsWith("boolean expected")) {
            return message + ": write true or false";
        }
        if ("type".equals(error.getKeyword()) && given != null) {
            // the usual slip between YAML's two collections: say how the expected one is written
            if (given.isObject() && message.endsWith("array expected")) {
                return message + ": write a list, one entry a line starting with '- ' (each named entry as '- name: ...')";
            }
            if (given.isArray() && message.endsWith("object expected")) {
                return message + ": write a map, one 'key: value' a line, without '- '";
            }
        }
        return message;
    }

    /**
     * A value refused by a pattern, named with what the pattern allows in words, instead of the regular expression: a
     * table or index name as DynamoDB takes it, a name of the file (entity, attribute, state), a record type's name.
     */
    private static String patternMessage(Error error, String location) {
        String message = error.getMessage();
        JsonNode given = error.getInstanceNode();
        // a map's key refused by propertyNames: the validator names it in its message, property 'User ' name is not valid
        int quote = message.indexOf("property '");
        String value = quote >= 0 && message.indexOf("' name is not valid", quote) > 0
                ? message.substring(quote + "property '".length(), message.indexOf("' name is not valid", quote))
                : given != null && given.isTextual() ? given.asText() : String.valueOf(given);
        String what;
        if (location.contains("#/$defs/table/properties/name/")) {
            what = "is not a DynamoDB table name: 3 to 255 letters, digits, '_', '-' and '.'";
        } else if (location.contains("#/$defs/index/properties/name/")) {
            what = "is not a DynamoDB index name: 3 to 255 letters, digits, '_', '-' and '.'";
        } else if (location.contains("#/$defs/recordTypeName/") || message.endsWith(SCHEMA_TREE.at("/$defs/recordTypeName/pattern").asText())) {
            what = "is not a record type name: a capital letter, then letters, digits or '_' (Address, LineItem)";
        } else if (location.contains("#/$defs/name/") || message.endsWith(SCHEMA_TREE.at("/$defs/name/pattern").asText())) {
            what = "is not a name: a letter or '_', then letters, digits, '_', '-' and '.'"
                    + (value.strip().equals(value) ? "" : " (no spaces around it)");
        } else {
            return message;
        }
        return "'" + value + "' " + what;
    }

    /** The properties the schema object that refused a field declares, read from the schema location of the error. */
    private static java.util.Optional<List<String>> knownFields(Error error) {
        String location = String.valueOf(error.getSchemaLocation());
        int hash = location.indexOf('#');
        if (hash < 0) {
            return java.util.Optional.empty();
        }
        String fragment = location.substring(hash + 1);
        if (!fragment.endsWith("/additionalProperties")) {
            return java.util.Optional.empty();
        }
        JsonNode owner = SCHEMA_TREE.at(fragment.substring(0, fragment.length() - "/additionalProperties".length()));
        List<String> names = new ArrayList<>();
        owner.path("properties").fieldNames().forEachRemaining(names::add);
        return names.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(names);
    }

    private static String pointer(NodePath path) {
        StringBuilder pointer = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            pointer.append('/').append(LocatedTree.segment(String.valueOf(path.getElement(i))));
        }
        return pointer.toString();
    }
}
