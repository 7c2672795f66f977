package dev.singletable.cli.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

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
                case STRING -> text;
                case ENUM -> enumValue(definition, text);
                case INTEGER -> Integer.valueOf(text.strip());
                case LONG -> Long.valueOf(text.strip());
                case DECIMAL -> new BigDecimal(text.strip());
                case BOOLEAN -> bool(text.strip());
                case INSTANT, EPOCH_SECONDS -> instant(text.strip());
                case DATE -> LocalDate.parse(text.strip());
                case UUID -> UUID.fromString(text.strip());
                case BINARY -> Base64.getDecoder().decode(text.strip());
                case STRING_SET -> new LinkedHashSet<>(JSON.readValue(text, new TypeReference<List<String>>() { }));
                case STRING_LIST -> JSON.readValue(text, new TypeReference<List<String>>() { });
                case STRING_MAP -> JSON.readValue(text, new TypeReference<LinkedHashMap<String, String>>() { });
                // plain JSON values here; the schema file reads them into records by the record type (EntityArguments)
                // (and the new shapes: sets, documents, lists and maps of a kind) by the attribute's definition
                case RECORD, RECORD_LIST, RECORD_MAP, NUMBER_SET, BINARY_SET, DOCUMENT, LIST, MAP -> JsonValues.plain(JSON.readTree(text));
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

    /** What a value of the attribute looks like, for messages: {@code a boolean (true or false)}. */
    static String expected(AttributeDefinition definition) {
        return switch (definition.type()) {
            case STRING -> "a string";
            case ENUM -> "one of " + String.join(", ", definition.values());
            case INTEGER -> "an integer (such as 42)";
            case LONG -> "a long (such as 42)";
            case DECIMAL -> "a decimal (such as 12.50)";
            case BOOLEAN -> "a boolean (true or false)";
            case INSTANT -> "an instant (such as 2025-01-31T12:00:00Z, or epoch seconds)";
            case EPOCH_SECONDS -> "an epochSeconds instant (such as 2025-01-31T12:00:00Z, or epoch seconds)";
            case DATE -> "a date (such as 2025-01-31)";
            case UUID -> "a uuid (such as 3f2b8c1e-6a4d-4e8f-9b2a-1c3d5e7f9a0b)";
            case BINARY -> "binary (as Base64)";
            case STRING_SET -> "a stringSet (a JSON array such as [\"a\",\"b\"])";
            case STRING_LIST -> "a stringList (a JSON array such as [\"a\",\"b\"])";
            case STRING_MAP -> "a stringMap (a JSON object such as {\"k\":\"v\"})";
            case RECORD -> "a " + definition.typeText() + " record (a JSON object of its attributes)";
            case RECORD_LIST -> "a list of " + definition.recordType().orElseThrow() + " records (a JSON array of objects)";
            case RECORD_MAP -> "a map of " + definition.recordType().orElseThrow() + " records (a JSON object of objects by key)";
            case NUMBER_SET -> "a numberSet (a JSON array of numbers such as [1,2.5])";
            case BINARY_SET -> "a binarySet (a JSON array of Base64 texts such as [\"AQI=\"])";
            case DOCUMENT -> "a document (a JSON object such as {\"a\":[1,null]})";
            case LIST -> "a list of " + definition.elementType().orElseThrow().fileName() + " values (a JSON array)";
            case MAP -> "a map of " + definition.elementType().orElseThrow().fileName() + " values (a JSON object)";
        };
    }

    private static String enumValue(AttributeDefinition definition, String text) {
        if (!definition.values().contains(text)) {
            throw new IllegalArgumentException(text);
        }
        return text;
    }

    private static Boolean bool(String text) {
        return switch (text) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException(text);
        };
    }

    private static Instant instant(String text) {
        if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
            return Instant.ofEpochSecond(Long.parseLong(text));
        }
        return Instant.parse(text);
    }
}
