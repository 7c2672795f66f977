package dev.singletable.cli.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.singletable.IndefiniteArticle;
import dev.singletable.design.internal.text.JsonValues;
import dev.singletable.schema.AttributeDefinition;

import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code name=value} arguments of the data commands, read by the attribute's type in the schema
 * file into the Java value a {@code DynamicItem} holds: {@code Long} for long, {@code Instant} for
 * instant... Sets, lists and maps are written as JSON: {@code tags='["a","b"]'}.
 */
final class ArgumentValues {
    /** Numbers read exactly; a key given twice refused, as {@code load} refuses it (Jackson keeps the last one silently). */
    private static final ObjectReader JSON = JsonValues.mapper().reader().with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");
    /** The text null given in JSON quotes: a string attribute's way to hold the four letters, as the bare word is refused. */
    static final String QUOTED_NULL = "\"null\"";

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

    /**
     * A value refused for a reason of its own rather than for not being of its type (epoch milliseconds given as epoch
     * seconds, a key given twice in JSON, the bare word null): {@link #reason()} names the value and says what to give.
     * Its message reads after {@code name=text is not}, as every refusal of {@link #parse} does, for callers that say so.
     */
    static final class Refusal extends IllegalArgumentException {
        private final String reason;

        Refusal(String expected, String reason) {
            super(expected + ": " + reason);
            this.reason = reason;
        }

        String reason() {
            return reason;
        }
    }

    private ArgumentValues() {
    }

    /** How {@code argument} is refused for {@code e}: {@code es=1: 'why'} for a {@link Refusal}, else {@code es=x is not EXPECTED}. */
    static String refused(Argument argument, IllegalArgumentException e) {
        return e instanceof Refusal own ? argument + ": " + own.reason() : argument + " is not " + e.getMessage();
    }

    /**
     * The JSON value of an argument or option, refusing an object that gives a key twice (which of the two is meant is not
     * known), naming {@code name} and where in the value: {@code the key "a" is given twice in the value of sm.x}.
     */
    static JsonNode json(String name, String text) throws JsonProcessingException {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            Matcher duplicate = DUPLICATE.matcher(e.getOriginalMessage());
            if (!duplicate.matches() || !(e.getProcessor() instanceof JsonParser parser)) {
                throw e;
            }
            StringBuilder where = new StringBuilder(name);
            for (JsonPointer at = parser.getParsingContext().getParent().pathAsPointer(); !at.matches(); at = at.tail()) {
                where.append(at.getMatchingIndex() >= 0 ? "[" + at.getMatchingIndex() + "]" : "." + at.getMatchingProperty());
            }
            String path = where.toString().replaceFirst("^\\.", "");
            throw new Refusal("a value whose keys are each given once", "the key \"" + duplicate.group(1) + "\" is given twice in the "
                    + (path.isEmpty() ? "value" : "value of " + path) + "; which value is meant is not known, so keep one of them");
        }
    }

    /**
     * The bare word {@code null} given for an attribute or path, refused: it is no value of any kind, and stored as text it
     * would be the string "null" where the user meant none. {@code none} says what to do for no value ({@link #none}), where
     * there is a way; a string is told how to hold the text ({@code give note='"null"'}).
     */
    static Refusal bareNull(String expected, boolean string, Optional<String> none, String quoted) {
        return new Refusal(expected, "null is no value here" + none.map(clause -> "; " + clause).orElse("")
                + (string ? "; for the text null, give " + quoted + " (in JSON quotes)" : ""));
    }

    /**
     * What to do to have no value of attribute {@code name}: {@code how} ({@code leave note out}, {@code give --remove note}),
     * unless it is required, where that would be refused in turn: then it needs a value.
     */
    static Optional<String> none(String name, boolean required, String how) {
        return Optional.of(required ? name + " is required, so give it a value" : "to have none, " + how);
    }

    /**
     * The value of {@code text} for the attribute {@code name} of this definition; the bare word null is refused.
     *
     * @throws IllegalArgumentException saying what was expected (see {@link #expected}), a {@link Refusal} saying why
     */
    static Object parse(String name, AttributeDefinition definition, String text) {
        if (text.equals("null")) {
            throw bareNull(expected(definition), definition.type() == AttributeDefinition.AttributeKind.STRING,
                    none(name, definition.required(), "leave " + name + " out"), name + "='" + QUOTED_NULL + "'");
        }
        return value(name, definition, text);
    }

    /** The value of a parameter of a pattern ({@code run}), which has no attribute name to give for a value left out. */
    static Object parse(AttributeDefinition definition, String text) {
        return value("", definition, text);
    }

    private static Object value(String name, AttributeDefinition definition, String text) {
        try {
            refuseStored(definition, text, text); // a number its kind's rule refuses (a fraction of epoch seconds), before its parser
            Object value = switch (definition.type()) {
                case ENUM -> enumValue(definition, text);
                case STRING -> definition.type().parse(text.equals(QUOTED_NULL) ? "null" : text);
                // the JSON array or object as it is; the design reads its elements (EntityArguments), refusing a number or
                // boolean where a string goes (Jackson's typed read turned [5, true] into ["5", "true"])
                case STRING_SET, STRING_LIST -> shaped(json(name, text), true);
                case STRING_MAP -> shaped(json(name, text), false);
                // whole seconds in any notation (1735689600.0), as a file's number of them is read (the kind's parser reads digits)
                case EPOCH_SECONDS -> definition.type().parse(StoredValues.epochSecondsText(text));
                // the other kinds written as JSON (records, number and binary sets, documents, lists and maps of a kind): plain
                // JSON values here, which the schema file reads by the attribute's definition (records by their type, EntityArguments);
                // numbers, booleans, instants, dates, UUIDs, binaries: the core's registry of kinds parses them
                default -> definition.type().writtenAsJson() ? JsonValues.plain(json(name, text)) : definition.type().parse(text);
            };
            if (value == null) {
                throw new IllegalArgumentException("null");
            }
            refuseStored(definition, text, value);
            return value;
        } catch (Refusal e) {
            throw e;
        } catch (NumberFormatException | DateTimeParseException | JsonProcessingException e) {
            throw new IllegalArgumentException(expected(definition), e);
        } catch (IllegalArgumentException e) {
            if (instant(definition) && e.getCause() == null && e.getMessage() != null && e.getMessage().startsWith("'")) {
                // the kind's refusal of this value, naming it and the fix (epoch milliseconds given as seconds), as load says it
                throw new Refusal(expected(definition), e.getMessage());
            }
            throw new IllegalArgumentException(expected(definition), e);
        }
    }

    private static void refuseStored(AttributeDefinition definition, String text, Object value) {
        Optional<String> refusal = StoredValues.refusal(definition, text, value);
        if (refusal.isPresent()) {
            throw new Refusal(expected(definition), refusal.get());
        }
    }

    /** True for the kinds read from ISO-8601 text or epoch seconds, whose refusals of a number say what it likely is. */
    private static boolean instant(AttributeDefinition definition) {
        return definition.type() == AttributeDefinition.AttributeKind.INSTANT
                || definition.type() == AttributeDefinition.AttributeKind.EPOCH_SECONDS;
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
            case RECORD -> IndefiniteArticle.before(definition.typeText()) + " record (a JSON object of its attributes)";
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
