package dev.singletable.schema.internal;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.IndefiniteArticle;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.RecordTypeDefinition;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attribute kinds of the format as the core's attribute types, and values written in a file
 * (or typed on a command line) as the Java values of those types.
 */
final class DynamicTypes {
    private DynamicTypes() {
    }

    /** The core type storing the kind, its entry's in the core's registry; an enum is a string whose values the entity checks on write. */
    static AttributeType<?> typeOf(AttributeKind kind) {
        return switch (kind) {
            case ENUM -> AttributeTypes.STRING;
            case RECORD, RECORD_LIST, RECORD_MAP -> throw new IllegalStateException(kind + " attributes are typed by their record "
                    + "type, which DesignBuilder builds from the file's types");
            case LIST, MAP -> throw new IllegalStateException(kind + " attributes are typed by their element kind: use typeOf(definition)");
            default -> coreKind(kind).type();
        };
    }

    /**
     * The entry of the core's registry of attribute kinds that a kind of the file names (the file's names are the
     * registry's): every kind but the records, lists and maps, which the file structures itself.
     */
    static Kind coreKind(AttributeKind kind) {
        return Kind.ofFileName(kind.fileName()).filter(core -> !kind.holdsRecords() && !kind.holdsElements())
                .orElseThrow(() -> new IllegalStateException(kind + " is a structure of the file, not a kind of the core's registry"));
    }

    /** The file's kind of an entry of the core's registry; empty for an entry a file does not name. */
    static java.util.Optional<AttributeKind> fileKind(Kind kind) {
        return kind.fileName().flatMap(AttributeKind::ofFileName);
    }

    /**
     * The file's kind a stored value of this DynamoDB type ({@code N}) is read as when nothing says more: the registry's
     * ({@link Kind#readAs}); empty for another type.
     */
    static java.util.Optional<AttributeKind> readAs(String storedAs) {
        return Kind.readAs(storedAs).flatMap(DynamicTypes::fileKind);
    }

    /** True for a kind whose values a stored value of its DynamoDB type says nothing more of ({@code decimal}, not {@code integer}). */
    static boolean isReadAs(AttributeKind kind) {
        return readAs(kind.storedAs()).equals(java.util.Optional.of(kind));
    }

    /** The core type storing an attribute holding no records: its kind's, or a list or map of its element kind's. */
    static AttributeType<?> typeOf(AttributeDefinition attribute) {
        return switch (attribute.type()) {
            case LIST -> AttributeTypes.listOf(typeOf(attribute.elementType().orElseThrow()));
            case MAP -> AttributeTypes.mapOf(typeOf(attribute.elementType().orElseThrow()));
            default -> typeOf(attribute.type());
        };
    }

    /**
     * As {@link #valueOf(AttributeDefinition, Object)}, with the file's record types for attributes holding embedded
     * records: a map of the record's attributes (or a {@link DynamicItem} already) becomes a {@code DynamicItem} of the
     * record type, a list of them a {@code List<DynamicItem>}, a map of them a {@code Map<String, DynamicItem>}; each
     * attribute checked by its type, required ones present.
     *
     * @throws IllegalArgumentException saying where inside the value (such as {@code [1].city}) and what it takes
     */
    static Object valueOf(AttributeDefinition attribute, Object value, Map<String, RecordTypeDefinition> types) {
        if (!attribute.type().holdsRecords()) {
            return valueOf(attribute, value);
        }
        String typeName = attribute.recordType().orElseThrow();
        RecordTypeDefinition type = types.get(typeName);
        if (type == null) {
            throw new IllegalArgumentException("its record type '" + typeName + "' is not one of the file's types " + types.keySet()
                    + "; declare it under types");
        }
        return switch (attribute.type()) {
            case RECORD -> record(typeName, type, value, types);
            case RECORD_LIST -> {
                if (!(value instanceof List<?> list)) {
                    throw new IllegalArgumentException(shown(value) + " is not a list of " + typeName + " records; give [{...}, ...]");
                }
                List<DynamicItem> records = new ArrayList<>();
                for (int i = 0; i < list.size(); i++) {
                    Object element = list.get(i);
                    records.add(inside("[" + i + "]", () -> record(typeName, type, element, types)));
                }
                yield records;
            }
            default -> {
                if (!(value instanceof Map<?, ?> map)) {
                    throw new IllegalArgumentException(shown(value) + " is not a map of " + typeName + " records by key; give {key: {...}, ...}");
                }
                Map<String, DynamicItem> records = new LinkedHashMap<>();
                map.forEach((k, v) -> records.put(String.valueOf(k), inside("[\"" + k + "\"]", () -> record(typeName, type, v, types))));
                yield records;
            }
        };
    }

    private static DynamicItem record(String typeName, RecordTypeDefinition type, Object value, Map<String, RecordTypeDefinition> types) {
        if (value instanceof DynamicItem item && item.entityType().equals(typeName)) {
            return item;
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException(shown(value) + " is not a " + typeName + " record; give a map of its attributes ("
                    + String.join(", ", type.attributes().keySet()) + ")");
        }
        DynamicItem.Builder record = DynamicItem.builder(typeName);
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            String name = String.valueOf(entry.getKey());
            AttributeDefinition attribute = type.attributes().get(name);
            if (attribute == null) {
                throw new IllegalArgumentException(typeName + " has no attribute '" + name + "'" + dev.singletable.ClosestName.among(name,
                        type.attributes().keySet()).map(n -> " (did you mean '" + n + "'?)").orElse("") + "; its attributes are "
                        + String.join(", ", type.attributes().keySet()));
            }
            if (entry.getValue() != null) {
                record.set(name, inside("." + name, () -> valueOf(attribute, entry.getValue(), types)));
            }
        }
        for (Map.Entry<String, AttributeDefinition> attribute : type.attributes().entrySet()) {
            if (attribute.getValue().required() && map.get(attribute.getKey()) == null) {
                throw new IllegalArgumentException(typeName + "." + attribute.getKey() + " is required, and " + shown(value)
                        + " lacks it; give it a value");
            }
        }
        return record.build();
    }

    /** The conversion, its refusal prefixed by where inside the value it happened ({@code .city: ...}, {@code [1].city: ...}). */
    private static <R> R inside(String where, java.util.function.Supplier<R> conversion) {
        try {
            return conversion.get();
        } catch (NotText e) {
            throw e.within(where);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            throw new IllegalArgumentException(message.startsWith(".") || message.startsWith("[") ? where + message : where + ": " + message, e);
        }
    }

    private static String shown(Object value) {
        return value instanceof String ? "'" + value + "'" : String.valueOf(value);
    }

    /**
     * The Java value of a file value (String, BigDecimal, Boolean, List or Map) or of command-line
     * text, for an attribute of the definition.
     *
     * @throws IllegalArgumentException saying what the attribute takes, when the value does not fit
     */
    static Object valueOf(AttributeDefinition attribute, Object value) {
        AttributeKind kind = attribute.type();
        if (kind.holdsElements()) {
            AttributeDefinition element = AttributeDefinition.of(attribute.elementType().orElseThrow(), false);
            if (kind == AttributeKind.LIST) {
                if (!(value instanceof List<?> list)) {
                    throw new IllegalArgumentException(shown(value) + " is not a list of " + element.type().fileName() + " values; give [...]");
                }
                List<Object> elements = new ArrayList<>();
                for (int i = 0; i < list.size(); i++) {
                    Object e = list.get(i);
                    elements.add(inside("[" + i + "]", () -> valueOf(element, e)));
                }
                return elements;
            }
            if (!(value instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException(shown(value) + " is not a map of " + element.type().fileName() + " values; give {key: ..., ...}");
            }
            Map<String, Object> entries = new LinkedHashMap<>();
            map.forEach((k, v) -> entries.put(String.valueOf(k), inside("[\"" + k + "\"]", () -> valueOf(element, v))));
            return entries;
        }
        try {
            Object converted = convert(kind, value);
            if (kind == AttributeKind.ENUM && !attribute.values().contains((String) converted)) {
                throw new IllegalArgumentException("'" + converted + "' is not one of " + attribute.values());
            }
            return converted;
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException | ArithmeticException e) {
            // a message of its own: the value's ('...'), or the place inside it that does not fit ([0] is ...)
            if (e instanceof NotText || e instanceof IllegalArgumentException && e.getMessage() != null && e.getMessage().startsWith("'")) {
                throw (IllegalArgumentException) e;
            }
            throw new IllegalArgumentException("'" + value + "' is not " + expected(kind));
        }
    }

    private static Object convert(AttributeKind kind, Object value) {
        return switch (kind) {
            case STRING, ENUM -> text(value, "");
            case INTEGER -> decimal(value).intValueExact();
            case LONG -> decimal(value).longValueExact();
            case DECIMAL -> decimal(value);
            case BOOLEAN -> {
                if (value instanceof Boolean bool) {
                    yield bool;
                }
                String text = scalarText(value);
                if (!text.equals("true") && !text.equals("false")) {
                    throw new IllegalArgumentException(text);
                }
                yield Boolean.valueOf(text);
            }
            case EPOCH_SECONDS -> value instanceof String text && text.contains("T") ? Instant.parse(text) : epochSeconds(value);
            case STRING_SET -> new LinkedHashSet<>(strings(value));
            case STRING_LIST -> strings(value);
            case STRING_MAP -> {
                if (!(value instanceof Map<?, ?> map)) {
                    throw new IllegalArgumentException(String.valueOf(value));
                }
                Map<String, String> strings = new LinkedHashMap<>();
                map.forEach((k, v) -> strings.put(String.valueOf(k), text(v, "[\"" + k + "\"]")));
                yield strings;
            }
            case NUMBER_SET -> {
                if (!(value instanceof List<?> list)) {
                    throw new IllegalArgumentException(String.valueOf(value));
                }
                Set<BigDecimal> numbers = new LinkedHashSet<>();
                list.forEach(v -> numbers.add(decimal(v)));
                yield numbers;
            }
            case BINARY_SET -> {
                Set<ByteBuffer> binaries = new LinkedHashSet<>();
                strings(value).forEach(text -> binaries.add(ByteBuffer.wrap(Base64.getDecoder().decode(text)).asReadOnlyBuffer()));
                yield binaries;
            }
            case DOCUMENT -> {
                if (!(value instanceof Map<?, ?> map)) {
                    throw new IllegalArgumentException(String.valueOf(value));
                }
                yield document(map);
            }
            case RECORD, RECORD_LIST, RECORD_MAP -> throw new IllegalArgumentException("its record type is needed to read "
                    + shown(value) + "; the design's own conversions give it");
            case LIST, MAP -> throw new IllegalStateException("valueOf(AttributeDefinition, Object) reads lists and maps");
            // instants, dates, UUIDs, binaries and any kind the registry adds: its text parser
            default -> parsed(coreKind(kind), scalarText(value));
        };
    }

    /** The registry's text parser; its failure becomes {@link #expected}'s text, as every kind's does. */
    private static Object parsed(Kind kind, String text) {
        try {
            return kind.parse(text);
        } catch (IllegalArgumentException e) {
            if (e.getCause() == null && e.getMessage() != null && e.getMessage().startsWith("'")) {
                throw e; // a refusal of the value's own (epoch milliseconds given as seconds), naming it and the fix
            }
            throw new IllegalArgumentException(kind + " value " + text, e);
        }
    }

    /**
     * Whole epoch seconds by the registry's bounds. A whole number beyond a long ({@code 1E+200}) is asked as one of 30
     * digits of its sign, where the rule's answer is the same, so that its refusal is the kind's range rule, quoting the
     * value as written, rather than the number's not fitting a long.
     */
    private static Object epochSeconds(Object value) {
        BigDecimal seconds = decimal(value);
        Kind kind = coreKind(AttributeKind.EPOCH_SECONDS);
        if (seconds.stripTrailingZeros().scale() > 0 || seconds.precision() - seconds.scale() <= 18) {
            return parsed(kind, Long.toString(seconds.longValueExact()));
        }
        String far = BigDecimal.ONE.movePointRight(30).multiply(BigDecimal.valueOf(seconds.signum())).toBigIntegerExact().toString();
        try {
            return parsed(kind, far);
        } catch (IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            if (message.startsWith("'" + far + "'")) {
                throw new IllegalArgumentException("'" + value + "'" + message.substring(far.length() + 2));
            }
            throw e;
        }
    }

    /** A file's map as a document: numbers as BigDecimal, the rest as the file gives it (null kept). */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> document(Map<?, ?> map) {
        Map<String, Object> document = new LinkedHashMap<>();
        map.forEach((k, v) -> document.put(String.valueOf(k), documentValue(v)));
        return document;
    }

    private static Object documentValue(Object value) {
        if (value instanceof Map<?, ?> map) {
            return document(map);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(v -> copy.add(documentValue(v)));
            return copy;
        }
        if (value instanceof BigDecimal || value instanceof String || value instanceof Boolean || value == null) {
            return value;
        }
        if (value instanceof Number number) {
            return new BigDecimal(number.toString());
        }
        return value;
    }

    /** The value as a file holds it: the inverse of {@link #valueOf}, for writing examples. */
    static Object fileValueOf(Object value) {
        if (value instanceof DynamicItem record) {
            return fileValueOf(record.values());
        }
        if (value instanceof String || value instanceof Boolean || value instanceof BigDecimal) {
            return value;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
            return new BigDecimal(value.toString());
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value == null) {
            return null;
        }
        if (value instanceof java.util.Collection<?> collection) {
            List<Object> list = new ArrayList<>();
            collection.forEach(v -> list.add(fileValueOf(v)));
            return list;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(String.valueOf(k), fileValueOf(v)));
            return copy;
        }
        return value.toString(); // Instant, LocalDate, UUID: their ISO text
    }

    /** What a value of the kind looks like in a file: its registry entry's text; the file's structures say their shape. */
    private static String expected(AttributeKind kind) {
        return switch (kind) {
            case RECORD -> "an embedded record";
            case RECORD_LIST -> "a list of embedded records";
            case RECORD_MAP -> "a map of embedded records";
            case LIST -> "a list";
            case MAP -> "a map";
            default -> coreKind(kind).fileValue();
        };
    }

    private static String scalarText(Object value) {
        if (value instanceof String || value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof BigDecimal number) {
            return number.toPlainString();
        }
        throw new IllegalArgumentException(String.valueOf(value));
    }

    private static BigDecimal decimal(Object value) {
        if (value instanceof BigDecimal number) {
            return number;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof java.math.BigInteger) {
            return new BigDecimal(value.toString());
        }
        if (value instanceof String text) {
            return new BigDecimal(text.trim());
        }
        throw new IllegalArgumentException(String.valueOf(value));
    }

    private static List<String> strings(Object value) {
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException(String.valueOf(value));
        }
        List<String> strings = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            strings.add(text(list.get(i), "[" + i + "]"));
        }
        return strings;
    }

    /**
     * A number, boolean or structure where a string (a {@code string} or {@code enum} attribute, an element of a list, set or
     * map of strings) is declared: refused, not turned into text, which would rewrite it unseen (YAML reads {@code 0012} as
     * the number 10, {@code 1e3} as 1000 and {@code no} as false; a key composed of it would differ from the one written).
     * It knows where inside the value it stands, so that a file's loader can quote the value as the file writes it.
     */
    static final class NotText extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String place;
        private final transient Object value;

        NotText(Object value, String place) {
            super(message(place, found(value), quotable(value)));
            this.place = place;
            this.value = value;
        }

        /** The same refusal one level further out: {@code where} ({@code [1]}, {@code .city}, {@code ["k"]}) before its place. */
        NotText within(String where) {
            NotText outer = new NotText(value, where + place);
            outer.initCause(this);
            return outer;
        }

        /** Where inside the attribute's value it stands, as a JSON pointer suffix ({@code /1/city}; empty for the value itself). */
        String pointer() {
            return pointerOf(place);
        }

        /**
         * The message with the value as the file writes it ({@code 0012}), when its reader turned that text into another value
         * ({@code the number 10}); the plain message when the text is the value's own.
         */
        String message(String asWritten) {
            if (quotable(value).isEmpty() || asWritten.equals(quotable(value))) {
                return getMessage();
            }
            return (place.isEmpty() ? "" : place + ": ") + asWritten + " is read as " + found(value) + ", not a string; quote it ("
                    + quote(asWritten) + ") to keep the text as written";
        }

        private static String found(Object value) {
            return value == null ? "null" : value instanceof Boolean ? "the boolean " + value
                    : value instanceof Number ? "the number " + value
                    : IndefiniteArticle.before(value instanceof List<?> ? "list" : value instanceof Map<?, ?> ? "map" : value.getClass().getSimpleName());
        }

        /** The text a number or boolean would be quoted as; empty for what no quotes make a string of. */
        private static String quotable(Object value) {
            return value instanceof Boolean || value instanceof Number ? value.toString() : "";
        }

        private static String message(String place, String found, String quotable) {
            String fix = quotable.isEmpty() ? "" : "; write text in quotes (\"" + quotable + "\")";
            return place.isEmpty() ? "got " + found + ", not a string" + fix : place + " is " + found + ", not a string" + fix;
        }

        private static String quote(String text) {
            return text.contains("'") ? "\"" + text + "\"" : "'" + text + "'";
        }

        private static String pointerOf(String place) {
            StringBuilder pointer = new StringBuilder();
            java.util.regex.Matcher step = java.util.regex.Pattern.compile("\\[\"(.*?)\"\\]|\\[(\\d+)\\]|\\.([^.\\[]+)").matcher(place);
            while (step.find()) {
                String name = step.group(1) != null ? step.group(1) : step.group(2) != null ? step.group(2) : step.group(3);
                pointer.append('/').append(LocatedTree.segment(name));
            }
            return pointer.toString();
        }
    }

    /**
     * A string, or an element of a list, set or map of strings: text only. A number or boolean there is of the wrong JSON (or
     * YAML) type and is refused, not turned into text (which would also rewrite it: 1e3 became "1000").
     */
    private static String text(Object value, String place) {
        if (value instanceof String text) {
            return text;
        }
        throw new NotText(value, place);
    }
}
