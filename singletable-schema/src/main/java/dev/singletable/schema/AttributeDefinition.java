package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.IndefiniteArticle;
import dev.singletable.internal.kinds.Kind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One attribute of an entity: its type, whether it must have a value, and the role singletable
 * maintains for it.
 *
 * <pre>{@code
 * status: {type: enum, values: [DRAFT, PUBLISHED], required: true}
 * createdAt: {type: instant, role: createdAt}
 * postId: {type: string, generated: ulid}
 * address: {type: Address}                 # an embedded record of the file's types
 * addresses: {type: list, of: Address}     # a list of them
 * scores: {type: list, of: integer}        # a list of numbers
 * sizes: {type: numberSet}                 # NS
 * payload: {type: document}                # any map, null kept as NULL
 * note: {type: string, nullable: true}     # null stored as NULL
 * currency: {type: string, default: EUR, allowedValues: [EUR, USD]}
 * sku: {type: string, pattern: "[A-Z]{3}-[0-9]{4}", minLength: 8, maxLength: 8}
 * }</pre>
 *
 * @param type the attribute's type
 * @param required true when every item must have a value
 * @param values the allowed values of an {@code enum}; empty for other types
 * @param role version, createdAt, updatedAt or timeToLive, when singletable maintains it
 * @param generated how an id is filled when absent on write
 * @param description free text
 * @param recordType the record type (a name of the file's {@code types}) of a {@code RECORD}, {@code RECORD_LIST} or
 *        {@code RECORD_MAP} attribute; empty for other types
 */
@Experimental
public record AttributeDefinition(AttributeKind type, boolean required, List<String> values, Optional<Role> role,
                                  Optional<IdGenerator> generated, Optional<String> description, Optional<String> recordType,
                                  Optional<AttributeKind> elementType, boolean nullable, Optional<Object> defaultValue,
                                  List<dev.singletable.AttributeRule> rules) {
    /**
     * Every part, including those of the shapes added later: {@code elementType} the kind of the elements of a
     * {@code LIST} or {@code MAP} ({@code {type: list, of: integer}}), {@code nullable} ({@code nullable: true}: null is
     * stored as NULL), {@code defaultValue} (a file value, {@code default: EUR}) and the validation {@code rules}
     * ({@code pattern}, {@code minimum}, {@code maximum}, {@code minLength}, {@code maxLength}, {@code allowedValues}).
     */
    public AttributeDefinition {
        Objects.requireNonNull(type, "type");
        values = List.copyOf(values);
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(generated, "generated");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(recordType, "recordType");
        Objects.requireNonNull(elementType, "elementType");
        Objects.requireNonNull(defaultValue, "defaultValue");
        rules = List.copyOf(rules);
        if (type.holdsElements() != elementType.isPresent()) {
            throw new dev.singletable.SchemaDefinitionException(type.holdsElements() ? "An attribute of type " + type.fileName()
                    + " holds elements of one kind and needs it; use AttributeDefinition.ofElements(kind, AttributeKind.INTEGER, required)"
                    : "Only list and map attributes name an element kind, not " + type.fileName() + "; give Optional.empty()");
        }
        if (elementType.isPresent() && (elementType.get().holdsRecords() || elementType.get().holdsElements())) {
            throw new dev.singletable.SchemaDefinitionException("A list or map holds scalars, documents or records (by their record "
                    + "type's name), not " + elementType.get().fileName() + "; for records give AttributeDefinition.ofRecords");
        }
        if (type.holdsRecords() != recordType.isPresent()) {
            throw new dev.singletable.SchemaDefinitionException(type.holdsRecords() ? "An attribute of type " + type.fileName()
                    + " holds embedded records and needs the name of their record type; use AttributeDefinition.ofRecords(kind, \"Address\", required)"
                    : "Only record, list and map attributes name a record type, not " + type.fileName() + " (record type "
                    + recordType.orElseThrow() + "); give Optional.empty()");
        }
    }

    /** An attribute of a type that holds no records. */
    public AttributeDefinition(AttributeKind type, boolean required, List<String> values, Optional<Role> role,
                               Optional<IdGenerator> generated, Optional<String> description) {
        this(type, required, values, role, generated, description, Optional.empty());
    }

    /** An attribute without element kind, nullable flag, default or rules. */
    public AttributeDefinition(AttributeKind type, boolean required, List<String> values, Optional<Role> role,
                               Optional<IdGenerator> generated, Optional<String> description, Optional<String> recordType) {
        this(type, required, values, role, generated, description, recordType, Optional.empty(), false, Optional.empty(), List.of());
    }

    /**
     * A list ({@code LIST}) or map ({@code MAP}) of values of one kind: {@code {type: list, of: integer}}.
     *
     * <pre>{@code AttributeDefinition.ofElements(AttributeKind.LIST, AttributeKind.DOCUMENT, false)}</pre>
     */
    public static AttributeDefinition ofElements(AttributeKind kind, AttributeKind element, boolean required) {
        return new AttributeDefinition(kind, required, List.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(element), false, Optional.empty(), List.of());
    }

    /**
     * This definition with the value options: nullable, a default (a file value) and validation rules.
     *
     * <pre>{@code AttributeDefinition.of(AttributeKind.STRING, false).withOptions(false, Optional.of("EUR"), List.of())}</pre>
     */
    public AttributeDefinition withOptions(boolean nullable, Optional<Object> defaultValue, List<dev.singletable.AttributeRule> rules) {
        return new AttributeDefinition(type, required, values, role, generated, description, recordType, elementType, nullable,
                defaultValue, rules);
    }

    /**
     * An embedded record of the file's type {@code recordType} ({@code {type: Address}}), in a list of them
     * ({@code {type: list, of: Address}}) or in a map of them by key ({@code {type: map, of: Address}}).
     *
     * <pre>{@code AttributeDefinition.ofRecords(AttributeKind.RECORD, "Address", true)}</pre>
     */
    public static AttributeDefinition ofRecords(AttributeKind kind, String recordType, boolean required) {
        return new AttributeDefinition(kind, required, List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(recordType));
    }

    /** True when the attribute declares no validation rule, default or nullable flag. */
    public boolean hasNoValueOptions() {
        return !nullable && defaultValue.isEmpty() && rules.isEmpty();
    }

    /** The type as the file writes it: the kind's name, or the record type's name for {@code RECORD}. */
    public String typeText() {
        return type == AttributeKind.RECORD ? recordType.orElseThrow() : type.fileName();
    }

    /** A plain attribute of the type. */
    public static AttributeDefinition of(AttributeKind type, boolean required) {
        return new AttributeDefinition(type, required, List.of(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The attribute types of the format, each stored as the core's {@code AttributeTypes} stores it. */
    public enum AttributeKind {
        STRING(Kind.STRING), INTEGER(Kind.INTEGER), LONG(Kind.LONG), DECIMAL(Kind.DECIMAL), BOOLEAN(Kind.BOOLEAN),
        INSTANT(Kind.INSTANT), EPOCH_SECONDS(Kind.EPOCH_SECONDS), DATE(Kind.LOCAL_DATE), DATE_TIME(Kind.LOCAL_DATE_TIME), UUID(Kind.UUID),
        BINARY(Kind.BYTES),
        STRING_SET(Kind.STRING_SET), STRING_LIST(Kind.STRING_LIST), STRING_MAP(Kind.STRING_MAP), ENUM(Kind.ENUM),
        /** An embedded record, stored as M; the file writes its type's name ({@code type: Address}). */
        RECORD("record"),
        /** A list of embedded records ({@code type: list, of: Address}), stored as L of M. */
        RECORD_LIST("list"),
        /** Embedded records by string key ({@code type: map, of: Address}), stored as M of M. */
        RECORD_MAP("map"),
        /** Numbers stored as DynamoDB's number set (NS), read as a set of decimals. */
        NUMBER_SET(Kind.DECIMAL_SET),
        /** Binaries (base64 in a file) stored as DynamoDB's binary set (BS). */
        BINARY_SET(Kind.BINARY_SET),
        /** A free-form map of any values (strings, numbers, booleans, null, lists, maps) stored as M; null kept as NULL. */
        DOCUMENT(Kind.DOCUMENT),
        /** A list of values of one kind ({@code type: list, of: integer}), stored as L. */
        LIST("list"),
        /** Values of one kind by string key ({@code type: map, of: document}), stored as M. */
        MAP("map");

        private final String fileName;
        /** Its entry in the core's registry of attribute kinds; null for the file's structures. */
        private final Kind kind;

        /** A kind of the core's registry of attribute kinds: its file name, text parser and examples are the registry's. */
        AttributeKind(Kind kind) {
            this.fileName = kind.fileName().orElseThrow();
            this.kind = kind;
        }

        /** A structure of the file (records, lists and maps of a kind), which the core's registry does not name. */
        AttributeKind(String fileName) {
            this.fileName = fileName;
            this.kind = null;
        }

        /**
         * The value of text as a person writes it for an attribute of this kind, such as a command-line argument:
         * numbers, dates and instants in ISO-8601 (instants also as epoch seconds), booleans as {@code true} or
         * {@code false}, binaries in Base64; the core's registry of attribute kinds parses it.
         *
         * <pre>{@code
         * AttributeKind.DATE.parse("2025-01-31")     // LocalDate 2025-01-31
         * }</pre>
         *
         * @throws IllegalArgumentException when the text is not a value of the kind, or the kind is written as JSON
         *                                  (sets, lists, maps, documents, records) or by its values (enums)
         */
        public Object parse(String text) {
            if (kind == null || this == ENUM) {
                throw new IllegalArgumentException(IndefiniteArticle.before(fileName) + " value is not read from text by its kind alone");
            }
            return kind.parse(text);
        }

        /** What a value of the kind looks like, for messages: {@code a date (such as 2025-01-31)}; for a structure, its file name. */
        public String expected() {
            return kind == null ? IndefiniteArticle.before(fileName) : kind.expected();
        }

        /**
         * The Java type of the kind's values, with their type arguments, as its registry entry gives it: {@code
         * DATE.javaType()} is {@code LocalDate}, {@code STRING_SET.javaType()} {@code Set<String>}; an enum's values are
         * strings, a record's {@link dev.singletable.DynamicItem}s, lists and maps of a kind {@code List} and {@code Map}.
         */
        public java.lang.reflect.Type javaType() {
            return switch (this) {
                case ENUM -> String.class;
                case RECORD -> dev.singletable.DynamicItem.class;
                case RECORD_LIST, LIST -> List.class;
                case RECORD_MAP, MAP -> java.util.Map.class;
                default -> kind.genericType();
            };
        }

        /**
         * The DynamoDB type its values are stored as, as DynamoDB's JSON names it: {@code INTEGER.storedAs()} is
         * {@code N}, {@code BOOLEAN.storedAs()} {@code BOOL}; L or M for the lists, maps and records.
         */
        public String storedAs() {
            return switch (this) {
                case RECORD_LIST, LIST -> "L";
                case RECORD, RECORD_MAP, MAP -> "M";
                default -> kind.storedAs();
            };
        }

        /**
         * The JSON Schema format of its values' text, when JSON Schema names one: {@code INSTANT.textFormat()} is
         * {@code date-time}, {@code DATE.textFormat()} {@code date}, {@code UUID.textFormat()} {@code uuid}.
         */
        public Optional<String> textFormat() {
            return kind == null ? Optional.empty() : kind.textFormat();
        }

        /**
         * Why an ordered comparison ({@code <}, {@code <=}, {@code >}, {@code >=}, between) of an attribute of this kind
         * would give wrong answers, as the sentence a front end refuses it with; empty when DynamoDB orders the stored
         * values as the values are ordered. An instant is stored as ISO-8601 text whose fraction varies in width, an enum
         * as its value's text (alphabetical, not the order the values are listed): DynamoDB compares that text.
         *
         * <pre>{@code
         * AttributeKind.ENUM.orderedComparisonRefusal("--expect status<PAID", "<", "status", "type: epochSeconds", "=");
         * // Optional["--expect status<PAID: < compares the stored values of status, and an enum is stored as ..."]
         * AttributeKind.INTEGER.orderedComparisonRefusal(...)   // Optional.empty()
         * }</pre>
         *
         * @param where        the front end's place, such as the option and its argument
         * @param comparison   the comparison as the place does not already show it
         * @param attribute    the attribute or path compared
         * @param epochSeconds the epoch-seconds kind as the front end names it, for an instant's fix
         * @param equality     the front end's equality, for an enum's fix, such as {@code =}
         */
        public Optional<String> orderedComparisonRefusal(String where, String comparison, String attribute, String epochSeconds,
                                                         String equality) {
            return kind == null || kind.storedOrderFlaw().isEmpty() ? Optional.empty()
                    : Optional.of(Kind.unorderedComparison(where, comparison, attribute, kind, kind.storedOrderFix(epochSeconds, equality)));
        }

        /** The name used in the file, such as {@code epochSeconds}. */
        public String fileName() {
            return fileName;
        }

        /**
         * True for the kinds a person writes as JSON where a value is text (a command-line argument, a CSV cell): the
         * sets, lists, maps, documents and records, stored as SS, NS, BS, L or M. The others are read by {@link #parse}
         * (or by their values, for enums).
         *
         * <pre>{@code
         * AttributeKind.NUMBER_SET.writtenAsJson()   // true: sizes=[41, 42]
         * AttributeKind.DATE.writtenAsJson()         // false: day=2025-01-31
         * }</pre>
         */
        public boolean writtenAsJson() {
            return switch (storedAs()) {
                case "SS", "NS", "BS", "L", "M" -> true;
                default -> false;
            };
        }

        /** True for the lists and maps of a scalar or document kind, which name their element kind. */
        public boolean holdsElements() {
            return this == LIST || this == MAP;
        }

        /** True for the kinds holding embedded records, which name their record type. */
        public boolean holdsRecords() {
            return this == RECORD || this == RECORD_LIST || this == RECORD_MAP;
        }

        /** The kind with this file name ({@code record} is never written: a record attribute's type is its record type's name). */
        public static Optional<AttributeKind> ofFileName(String name) {
            for (AttributeKind kind : values()) {
                if (kind != RECORD && kind.fileName.equals(name)) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }
    }

    /** What singletable maintains in the attribute. */
    public enum Role {
        /** Optimistic locking: checked and incremented on every write (integer or long). */
        VERSION("version"),
        /** Set when the item is created (instant or epochSeconds). */
        CREATED_AT("createdAt"),
        /** Set on every write (instant or epochSeconds). */
        UPDATED_AT("updatedAt"),
        /** The table's TTL attribute (epochSeconds or long). */
        TIME_TO_LIVE("timeToLive");

        private final String fileName;

        Role(String fileName) {
            this.fileName = fileName;
        }

        public String fileName() {
            return fileName;
        }

        public static Optional<Role> ofFileName(String name) {
            for (Role role : values()) {
                if (role.fileName.equals(name)) {
                    return Optional.of(role);
                }
            }
            return Optional.empty();
        }
    }

    /** How a generated id is made. */
    public enum IdGenerator {
        /** A ULID: 26 characters, sorts by creation time (string attributes). */
        ULID,
        /** A random UUID (string or uuid attributes). */
        UUID
    }
}
