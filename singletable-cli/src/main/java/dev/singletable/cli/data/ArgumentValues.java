package dev.singletable.cli.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;

import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;

/**
 * {@code name=value} arguments of the data commands, read by the attribute's type in the schema
 * file into the Java value a {@code DynamicItem} holds: {@code Long} for long, {@code Instant} for
 * instant... Sets, lists and maps are written as JSON: {@code tags='["a","b"]'}.
 */
final class ArgumentValues {
    private static final ObjectMapper JSON = JsonValues.mapper(); // numbers read exactly

    /** One {@code name=value} argument, split at the first {@code =}. */
    record Argument(String name, String text) {
        static Optional<Argument> parse(String argument) {
            int equals = argument.indexOf('=');
            if (equals <= 0) {
                return Optional.empty();
            }
            return Optional.of(new Argument(argument.substring(0, equals), argument.substring(equals + 1)));
        }

        @Override
        public String toString() {
            return name + "=" + text;
        }
    }

    private ArgumentValues() {
    }

    /**
     * The value of {@code text} for an attribute of this definition.
     *
     * @throws IllegalArgumentException saying what was expected (see {@link #expected})
     */
    static Object parse(AttributeDefinition definition, String text) {
        try {
            Object value = switch (definition.type()) {
                case ENUM -> enumValue(definition, text);
                // the JSON array or object as it is; the design reads its elements (EntityArguments), refusing a number or
                // boolean where a string goes (Jackson's typed read turned [5, true] into ["5", "true"])
                case STRING_SET, STRING_LIST -> shaped(JSON.readTree(text), true);
                case STRING_MAP -> shaped(JSON.readTree(text), false);
                // the other kinds written as JSON (records, number and binary sets, documents, lists and maps of a kind): plain
                // JSON values here, which the schema file reads by the attribute's definition (records by their type, EntityArguments);
                // strings, numbers, booleans, instants, dates, UUIDs, binaries: the core's registry of kinds parses them
                default -> definition.type().writtenAsJson() ? JsonValues.plain(JSON.readTree(text)) : definition.type().parse(text);
            };
            if (value == null) {
                throw new IllegalArgumentException("null");
            }
            return value;
        } catch (NumberFormatException | DateTimeParseException | JsonProcessingException e) {
            throw new IllegalArgumentException(expected(definition), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(expected(definition), e);
        }
    }

    /** The plain value of a JSON array (or object); anything else is not one, which the caller says as what was expected. */
    private static Object shaped(JsonNode node, boolean array) {
        if (array ? !node.isArray() : !node.isObject()) {
            throw new IllegalArgumentException(node.toString());
        }
        return JsonValues.plain(node);
    }

    /** What a value of the attribute looks like, for messages: {@code a boolean (true or false)}. */
    static String expected(AttributeDefinition definition) {
        return switch (definition.type()) {
            case ENUM -> "one of " + String.join(", ", definition.values());
            case RECORD -> "a " + definition.typeText() + " record (a JSON object of its attributes)";
            case RECORD_LIST -> "a list of " + definition.recordType().orElseThrow() + " records (a JSON array of objects)";
            case RECORD_MAP -> "a map of " + definition.recordType().orElseThrow() + " records (a JSON object of objects by key)";
            case LIST -> "a list of " + definition.elementType().orElseThrow().fileName() + " values (a JSON array)";
            case MAP -> "a map of " + definition.elementType().orElseThrow().fileName() + " values (a JSON object)";
            default -> definition.type().expected(); // the core's registry of kinds
        };
    }

    private static String enumValue(AttributeDefinition definition, String text) {
        if (!definition.values().contains(text)) {
            throw new IllegalArgumentException(text);
        }
        return text;
    }
}
