package dev.singletable.internal.kinds;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.extension.ItemCodec;
import dev.singletable.ItemReader;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.KeyableType;
import dev.singletable.internal.keys.SlotCodec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The registry of attribute kinds: one entry per kind a value can have, holding everything every module needs to know
 * of it, so that a new kind is one entry here. An entry's name is the {@code AttributeTypes} constant of its type (the
 * annotation processor's vocabulary); it holds its Java class, its schema-file name, the DynamoDB shape it is stored
 * as, its type, its text parser (values typed on the command line or written in a schema file), its slot codec in key
 * templates (or none) and whether that codec keeps value order in a sort key. Scalars are read from the stored text by
 * {@link #fromStoredText}; the fixed collection kinds (sets, lists and maps of strings, documents) name their type.
 * The parametric kinds (enums, lists, maps and sets of a type, value objects) are made by the static methods below.
 * This enum is the one list of kinds and what each is; what each does (reading and writing its values, filling key
 * slots, its text and Java source) is its {@code KindCodec}, in the file of its family: {@code TextKinds},
 * {@code NumberKinds}, {@code TimeKinds}, {@code CollectionKinds}.
 *
 * <p>Exported to the processor, the schema files and the design tools (module-info), not to applications: its entries
 * hold the core's slot codecs.
 */
public enum Kind {
    STRING("string", String.class, "String", "S", "a string", "a string", true, "text", TextKinds.STRING),
    INTEGER("integer", Integer.class, "Integer", "N", "an integer (such as 42)", "an integer (32 bits)", true, "12345678",
            NumberKinds.INTEGER),
    LONG("long", Long.class, "Long", "N", "a long (such as 42)", "an integer (64 bits)", true, "12345678", NumberKinds.LONG),
    BIG_INTEGER(null, BigInteger.class, "BigInteger", "N", "an integer (such as 42)", null, true, "12345678", NumberKinds.BIG_INTEGER),
    DECIMAL("decimal", BigDecimal.class, "BigDecimal", "N", "a decimal (such as 12.50)", "a number", true, "123456.78",
            NumberKinds.DECIMAL),
    BOOLEAN("boolean", Boolean.class, "Boolean", "BOOL", "a boolean (true or false)", "true or false", true, "true", TextKinds.BOOLEAN),
    INSTANT("instant", Instant.class, "Instant", "S", "an instant (such as 2025-01-31T12:00:00Z, or epoch seconds)",
            "an ISO-8601 instant such as 2025-01-31T09:00:00Z", true, "2025-06-01T00:00:00Z", TimeKinds.INSTANT),
    LOCAL_DATE("date", LocalDate.class, "LocalDate", "S", "a date (such as 2025-01-31)", "an ISO-8601 date such as 2025-01-31", true,
            "2025-06-01", TimeKinds.LOCAL_DATE),
    UUID("uuid", java.util.UUID.class, "UUID", "S", "a uuid (such as 3f2b8c1e-6a4d-4e8f-9b2a-1c3d5e7f9a0b)",
            "a UUID such as 123e4567-e89b-12d3-a456-426614174000", false, "00000000-0000-4000-8000-000000000000", TextKinds.UUID),
    /**
     * A date and time without a zone: stored as ISO-8601 text ({@code 2025-01-31T09:30}); in a key slot written fixed
     * width to the nanosecond ({@code 2025-01-31T09:30:00.000000000}), whose text sorts as the values do.
     */
    LOCAL_DATE_TIME("dateTime", LocalDateTime.class, "LocalDateTime", "S", "a date and time (such as 2025-01-31T09:30:00)",
            "an ISO-8601 date and time such as 2025-01-31T09:30:00", true, "2025-06-01T00:00:00", TimeKinds.LOCAL_DATE_TIME),
    /** Parametric: each enum class has its type, {@link #enumType}; the entry says how all of them are stored. */
    ENUM("enum", Enum.class, "enum", "S", "one of the enum's constants", "a string", false, null, TextKinds.ENUM),
    EPOCH_SECONDS("epochSeconds", Instant.class, "Instant (epoch seconds)", "N",
            "an epochSeconds instant (such as 2025-01-31T12:00:00Z, or epoch seconds)",
            "epoch seconds, or an ISO-8601 instant such as 2025-01-31T09:00:00Z", false, "1748736000", TimeKinds.EPOCH_SECONDS),
    BYTES("binary", byte[].class, "byte[]", "B", "binary (as Base64)", "base64 text", false, null, TextKinds.BYTES),
    STRING_SET("stringSet", Set.class, "Set<String>", "SS", "a stringSet (a JSON array such as [\"a\",\"b\"])", "a list of strings", false,
            null, CollectionKinds.STRING_SET),
    INTEGER_SET(null, Set.class, "Set<Integer>", "NS", "a JSON array of integers", null, false, null, CollectionKinds.INTEGER_SET),
    LONG_SET(null, Set.class, "Set<Long>", "NS", "a JSON array of integers", null, false, null, CollectionKinds.LONG_SET),
    BIG_INTEGER_SET(null, Set.class, "Set<BigInteger>", "NS", "a JSON array of integers", null, false, null,
            CollectionKinds.BIG_INTEGER_SET),
    DECIMAL_SET("numberSet", Set.class, "Set<BigDecimal>", "NS", "a numberSet (a JSON array of numbers such as [1,2.5])",
            "a list of numbers", false, null, CollectionKinds.DECIMAL_SET),
    BINARY_SET("binarySet", Set.class, "Set<ByteBuffer>", "BS", "a binarySet (a JSON array of Base64 texts such as [\"AQI=\"])",
            "a list of base64 texts", false, null, CollectionKinds.BINARY_SET),
    DOCUMENT("document", Map.class, "Map<String, Object>", "M", "a document (a JSON object such as {\"a\":[1,null]})", "a map (a document)",
            false, null, CollectionKinds.DOCUMENT),
    /** Any stored value, read as plain Java: the element of free-form lists; no schema-file name of its own. */
    DOCUMENT_VALUE(null, Object.class, "Object", "any", "any JSON value", null, false, null, CollectionKinds.DOCUMENT_VALUE),
    STRING_LIST("stringList", List.class, "List<String>", "L", "a stringList (a JSON array such as [\"a\",\"b\"])", "a list of strings",
            false, null, CollectionKinds.STRING_LIST),
    STRING_MAP("stringMap", Map.class, "Map<String, String>", "M", "a stringMap (a JSON object such as {\"k\":\"v\"})", "a map of strings",
            false, null, CollectionKinds.STRING_MAP);

    /** What DynamoDB expires an item by, in the TTL rule's messages ({@link #timeToLive()}) and lint's. */
    public static final String TIME_TO_LIVE_VALUE = "a Number of epoch seconds";

    /**
     * The message of an attribute of another kind than the TTL kinds ({@link #timeToLive()}) that is (or is marked as) the
     * table's TTL attribute: entity, attribute, the kind given as its front end names it, the fix.
     */
    public static final String TIME_TO_LIVE_WRONG_KIND = "%s.%s: %s cannot be the table's TTL attribute, which DynamoDB reads as "
            + TIME_TO_LIVE_VALUE + "; %s";

    /**
     * The message of an attribute marked as the time to live but stored under another name than the table's TTL
     * attribute: entity, attribute, the mark ({@code @TimeToLive}), table, its TTL attribute (quoted or "not declared"),
     * the name stored as, the fix.
     */
    public static final String TIME_TO_LIVE_NOT_THE_TABLES = "%s.%s: %s is for the TTL attribute of table %s, which is %s, but "
            + "this one is stored as '%s': DynamoDB would never expire its items; %s";

    /** The kinds a TTL attribute may have: those stored as a Number of seconds, {@link #timeToLive()}. */
    private static final List<Kind> TIME_TO_LIVE = List.of(EPOCH_SECONDS, LONG, INTEGER);

    /** The widest kind of each DynamoDB type, {@link #readAs}. */
    private static final List<Kind> READ_AS = List.of(STRING, DECIMAL, BOOLEAN, BYTES, STRING_SET, DECIMAL_SET, BINARY_SET, STRING_LIST,
            STRING_MAP);

    /**
     * The kinds stored as a String, Number or Binary (the types DynamoDB orders) whose stored form does not sort as their
     * values do, each with why: {@link #storedInValueOrder()}. Every other kind of those types is stored in value order:
     * numbers (N, compared by value), strings and binaries (their own bytes), dates and dates with times (ISO-8601 text
     * from the year down, whose shorter forms are prefixes of the longer ones: in order for years 0000 to 9999, which
     * are written with four digits), epoch seconds (N) and UUIDs (lowercase hex text, which sorts as the 128 bits
     * unsigned: RFC 9562's order, a UUIDv7's time order; not {@code UUID.compareTo}'s, which compares signed halves).
     */
    private static final Map<Kind, String> STORED_OUT_OF_ORDER = Map.of( // not an EnumMap: its reflection needs the SDK in the processor
            INSTANT, "an instant is stored as ISO-8601 text whose fraction varies in width and which ends in Z, so "
                    + "2025-01-01T00:00:00Z sorts after 2025-01-01T00:00:00.500Z, half a second later",
            ENUM, "an enum is stored as its constant's name, which sorts alphabetically, not in the order the constants are declared");

    private final String fileName;
    private final Class<?> javaType;
    private final String typeName;
    private final String storedAs;
    private final String expected;
    private final String fileValue;
    private final boolean sortPreserving;
    private final String sample;
    /** What it does: reads and writes values, fills slots (its family's file: TextKinds, NumberKinds, TimeKinds, CollectionKinds). */
    private final KindCodec codec;
    /** Built after every entry exists (a set kind's type takes its element kind's): {@link #type()}. */
    private AttributeType<?> type;

    Kind(String fileName, Class<?> javaType, String typeName, String storedAs, String expected, String fileValue,
         boolean sortPreserving, String sample, KindCodec codec) {
        this.fileName = fileName;
        this.javaType = javaType;
        this.typeName = typeName;
        this.storedAs = storedAs;
        this.expected = expected;
        this.fileValue = fileValue == null ? expected : fileValue;
        this.sortPreserving = sortPreserving;
        this.sample = sample;
        this.codec = codec.of(this);
    }

    static {
        for (Kind kind : values()) {
            kind.type = kind.codec.makeType();
        }
    }

    /** The name of the kind in a schema file ({@code epochSeconds}); empty for the kinds a file does not name. */
    public Optional<String> fileName() {
        return Optional.ofNullable(fileName);
    }

    /**
     * The smallest value of a bounded number kind ({@code Integer}, {@code Long}), which DynamoDB does not bound: an update
     * adding to such a number is guarded to stay within {@link #minimum()} and {@link #maximum()}. Empty for every other kind.
     */
    public Optional<BigInteger> minimum() {
        return codec.range().map(NumberRange::min);
    }

    /** The largest value of a bounded number kind; empty for every other kind (see {@link #minimum()}). */
    public Optional<BigInteger> maximum() {
        return codec.range().map(NumberRange::max);
    }

    /** The Java class of its values ({@code Enum} for the enum kind, the interface for collections). */
    public Class<?> javaType() {
        return javaType;
    }

    /** The name of its type in messages ({@code LocalDate}). */
    public String typeName() {
        return typeName;
    }

    /**
     * The DynamoDB data type its values are stored as, as DynamoDB's JSON names it: S, N, BOOL, B, SS, NS, BS, L or M
     * ({@code any} for a document value). Text rather than the SDK's enum: the annotation processor reads the registry
     * in a compiler that may not have the SDK on its path.
     */
    public String storedAs() {
        return storedAs;
    }

    /** What a value looks like, for messages of the front ends that parse text: {@code a date (such as 2025-01-31)}. */
    public String expected() {
        return expected;
    }

    /**
     * What a value looks like in a file, for the messages of the schema files' and design files' values: {@code an
     * ISO-8601 date such as 2025-01-31} ({@link #expected} for a kind a file does not name).
     */
    public String fileValue() {
        return fileValue;
    }

    /**
     * The Java type of its values with their type arguments, for generated code: {@code LocalDate}, {@code Set<String>}
     * ({@code Enum} for the enum kind, whose classes are made per attribute).
     */
    public Type genericType() {
        return codec.genericType();
    }

    /**
     * The JSON Schema format of its values' text ({@code date-time}, {@code date}, {@code uuid}), for the schemas of
     * tools that take values as JSON; empty when JSON Schema names none.
     */
    public Optional<String> textFormat() {
        return codec.textFormat();
    }

    /**
     * A typical value of a scalar kind as text, as a file or the command line writes it ({@code 2025-06-01}), for the
     * tools that estimate with one (the cost model's item sizes); empty for the other kinds.
     */
    public Optional<String> sample() {
        return Optional.ofNullable(sample);
    }

    /** True when its values can fill key template slots: the scalars and enums. */
    public boolean keyable() {
        return type instanceof KeyableType<?> || this == ENUM;
    }

    /** True when its values fill a key slot as a hierarchy path, segment by segment: a list of strings. */
    public boolean fillsPathSlots() {
        return type != null && dev.singletable.internal.keys.BoundKeyTemplate.isPath(type);
    }

    /**
     * True when its slot codec in a sort key writes text that sorts as the values do (numbers fixed width, instants
     * and dates from the year down), so that range conditions on the slot hold.
     */
    public boolean sortPreserving() {
        return sortPreserving;
    }

    /**
     * True when DynamoDB's order of the stored values ({@code <}, {@code <=}, {@code >}, {@code >=}, BETWEEN: numbers by
     * value, strings by UTF-8 bytes, binaries by unsigned bytes) is the order of the values, so that an ordered
     * comparison of an attribute of this kind in a condition or filter holds as it reads. False for the kinds stored as
     * text that does not sort as the values do ({@link #storedOrderFlaw()}: instants, enums) and for those DynamoDB does
     * not order at all (booleans, sets, lists, maps, documents). The one answer every front end refuses ordered
     * comparisons by: the {@code Condition} API (and through it the command line and the MCP tools), the schema files'
     * filters and the annotation processor's {@code @Filter}. The key-slot form is another matter: {@link #sortPreserving()}.
     */
    public boolean storedInValueOrder() {
        return List.of("S", "N", "B").contains(storedAs) && !STORED_OUT_OF_ORDER.containsKey(this);
    }

    /**
     * Why the stored form of a kind DynamoDB orders (stored as S, N or B) does not sort as its values do, for the message
     * refusing an ordered comparison: {@code an instant is stored as ISO-8601 text whose fraction varies in width ...};
     * empty for a kind stored in value order and for one DynamoDB does not order (see {@link #storedInValueOrder()}).
     */
    public Optional<String> storedOrderFlaw() {
        return Optional.ofNullable(STORED_OUT_OF_ORDER.get(this));
    }

    /**
     * The message refusing an ordered comparison of an attribute of a kind with a {@link #storedOrderFlaw()}: where (the
     * front end's call or place), the comparison (with the value where the place does not show it), the attribute (with
     * its entity where known),
     * the flaw, then the fix in the front end's terms ({@link #storedOrderFix}).
     */
    public static String unorderedComparison(String where, String comparison, String attribute, Kind kind, String fix) {
        return where + ": " + comparison + " compares the stored values of " + attribute + ", and " + kind.storedOrderFlaw().orElseThrow()
                + ": DynamoDB would silently give wrong answers; " + fix;
    }

    /**
     * The fix of an ordered comparison refused by {@link #unorderedComparison}, in a front end's terms: for an instant,
     * compare it through a sort-key slot or store it as epoch seconds ({@code epochSeconds}: that kind as the front end
     * names it, {@code AttributeTypes.EPOCH_SECONDS}); for an enum, compare it with the front end's equality ({@code equality}, such as {@code eq or in}).
     */
    public String storedOrderFix(String epochSeconds, String equality) {
        return this == INSTANT ? "compare it through a sort-key slot, whose fixed-width text keeps time order (a query's sort "
                + "key range), or store it as epoch seconds (" + epochSeconds + "), a Number DynamoDB compares by value"
                : "compare it with " + equality + ", naming the values wanted";
    }

    /**
     * True when an attribute of this kind can be the table's TTL attribute: DynamoDB expires an item by one attribute
     * name, the table's, and only when it holds a Number of seconds since the epoch. The one rule of every front end
     * (the builder API's checks, the annotation processor, the schema files, lint); each words the fix in its terms,
     * the rest of the message is {@link #TIME_TO_LIVE_WRONG_KIND} and {@link #TIME_TO_LIVE_NOT_THE_TABLES}.
     */
    public boolean timeToLive() {
        return TIME_TO_LIVE.contains(this);
    }

    /**
     * The built-in type of the kind: {@code AttributeTypes.LOCAL_DATE} is {@code LOCAL_DATE.type()}.
     *
     * @throws IllegalStateException for {@link #ENUM}, whose types are made per class by {@link #enumType}
     */
    public AttributeType<?> type() {
        if (type == null) {
            throw new IllegalStateException("the " + this + " kind has a type per class: AttributeTypes.enumType(Class)");
        }
        return type;
    }

    /**
     * The value of text as a person writes it (a command line argument, a schema file's value): numbers, dates and
     * instants in ISO-8601 (instants also as epoch seconds), booleans as {@code true}/{@code false}, binaries in Base64.
     *
     * @throws IllegalArgumentException when the text is not a value of the kind, or the kind has no text form
     *                                  (collections and documents are written as JSON, enums by their type's constants)
     */
    public Object parse(String text) {
        try {
            return parseText(text);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("'" + text + "' is not " + expected, e);
        }
    }

    /**
     * The Java expression of a value of a scalar kind, for generated code: a literal for strings, numbers and booleans
     * ({@code 42L}), else the class's own parser of the value's ISO text ({@code java.time.LocalDate.parse("2025-01-31")}).
     *
     * @throws IllegalStateException for a kind that is no scalar
     */
    public String javaSource(Object value) {
        return codec.javaSource(value);
    }

    /** True when the stored value is none: no attribute, or DynamoDB's NULL. */
    public static boolean isMissing(AttributeValue stored) {
        return stored == null || Boolean.TRUE.equals(stored.nul());
    }

    /**
     * What the attribute reads as when the item holds no value for it: absent ({@code storedNull} false) or DynamoDB's
     * NULL ({@code storedNull} true); empty for null. Only a nullable attribute's NULL reads as null whatever the
     * attribute declares, as singletable writes NULL for a nullable attribute's null alone; any other missing value, a
     * NULL another writer stored included, reads as an absent attribute does: the declared default, else the type's value
     * when absent (an empty list, map or set). Empty for a required attribute means that it cannot be read. Decoding (of
     * entities and nested records) and the conditions that pin what was read both ask here, so that a pin holds for every
     * stored form that reads as the value it pins.
     */
    public static <V> Optional<V> whenMissing(Attribute<?, V> attribute, boolean storedNull) {
        if (storedNull && attribute.isNullable()) {
            return Optional.empty();
        }
        return attribute.defaultValue().or(() -> attribute.type().valueWhenAbsent());
    }

    /**
     * The value of an attribute the item holds none for ({@code stored} absent or NULL), as {@link #whenMissing} reads it:
     * null for an optional attribute without one, and {@code lacksRequired} thrown for a required one.
     */
    public static <V> V missingValue(Attribute<?, V> attribute, AttributeValue stored, Supplier<? extends RuntimeException> lacksRequired) {
        Optional<V> missing = whenMissing(attribute, stored != null);
        if (missing.isPresent()) {
            return missing.get();
        }
        if (attribute.isRequired()) {
            throw lacksRequired.get();
        }
        return null;
    }

    /** The kind of the scalar type ({@code AttributeTypes.LONG}), of any enum type, or of one of the fixed types. */
    public static Optional<Kind> of(AttributeType<?> type) {
        if (type instanceof ScalarType<?> scalar) {
            return Optional.of(scalar.kind());
        }
        for (Kind kind : values()) {
            if (kind.type == type) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** The kind of this name, the {@code AttributeTypes} constant of its type ({@code LOCAL_DATE}); empty for another name. */
    public static Optional<Kind> named(String name) {
        for (Kind kind : values()) {
            if (kind.name().equals(name)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /**
     * The kind a stored value of this DynamoDB type ({@code N}) is read as when nothing says more, for the imports that
     * see only stored values: S a string, N a decimal, BOOL a boolean, B a binary, SS, NS and BS their sets, L a list of
     * strings and M a map of strings; empty for another type.
     */
    public static Optional<Kind> readAs(String storedAs) {
        for (Kind kind : READ_AS) {
            if (kind.storedAs.equals(storedAs)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** The scalar kind whose values are of this Java class ({@code LocalDate.class}); empty for other classes. */
    public static Optional<Kind> ofJavaType(Class<?> javaType) {
        return ofJavaTypeName(javaType.getName());
    }

    /**
     * The scalar kind whose values are of the class of this name ({@code java.time.LocalDate}), for the annotation
     * processor, which reads types by name; empty for other classes.
     */
    public static Optional<Kind> ofJavaTypeName(String qualifiedName) {
        for (Kind kind : values()) {
            if (kind.type instanceof ScalarType<?> && kind.javaType.getName().equals(qualifiedName)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** The kind a schema file names so ({@code date}); empty for a name no kind has. */
    public static Optional<Kind> ofFileName(String name) {
        for (Kind kind : values()) {
            if (name.equals(kind.fileName)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** The scalar type of a Java class ({@code LocalDate.class}), as {@code AttributeTypes.scalar} gives it. */
    @SuppressWarnings("unchecked")
    public static <V> AttributeType<V> scalarType(Class<V> javaType) {
        return (AttributeType<V>) ofJavaType(javaType).orElseThrow(() -> new IllegalArgumentException(javaType.getName()
                + " is not a scalar attribute class; the scalar classes are " + scalarClassNames())).type();
    }

    /** The simple names of the scalar kinds' classes, in registry order: {@code String, Integer, ...}. */
    public static String scalarClassNames() {
        StringBuilder names = new StringBuilder();
        for (Kind kind : values()) {
            if (kind.type instanceof ScalarType<?>) {
                names.append(names.length() == 0 ? "" : ", ").append(kind.javaType.getSimpleName());
            }
        }
        return names.toString();
    }

    /**
     * The names of the TTL kinds ({@link #timeToLive()}) as a front end writes them, for its fix: {@code epochSeconds,
     * long or integer}.
     *
     * @param name the name of a kind in the front end's terms ({@link #fileName}, {@link #name}...)
     */
    public static String timeToLiveKinds(Function<Kind, String> name) {
        List<String> names = TIME_TO_LIVE.stream().map(name).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    /** {@link #TIME_TO_LIVE_WRONG_KIND} filled in. */
    public static String timeToLiveWrongKind(String entity, String attribute, String given, String fix) {
        return String.format(TIME_TO_LIVE_WRONG_KIND, entity, attribute, given, fix);
    }

    /** {@link #TIME_TO_LIVE_NOT_THE_TABLES} filled in; the table's TTL attribute quoted, or "not declared". */
    public static String timeToLiveNotTheTables(String entity, String attribute, String mark, String table,
                                                Optional<String> timeToLiveAttribute, String storedAs, String fix) {
        return String.format(TIME_TO_LIVE_NOT_THE_TABLES, entity, attribute, mark, table,
                timeToLiveAttribute.map(t -> "'" + t + "'").orElse("not declared"), storedAs, fix);
    }

    // --- the parametric kinds: enums, lists, maps, sets of a type and value objects, made per element or class

    /** An enum stored by its constant's name, read from the constants given rather than looked up by reflection. */
    public static <E extends Enum<E>> AttributeType<E> enumType(Class<E> type, E[] constants) {
        return ScalarType.enumType(type, constants);
    }

    /** A list stored as L, its element type kept for paths into it. */
    public static <E> AttributeType<List<E>> listOf(AttributeType<E> element) {
        return StandardTypes.listOf(element);
    }

    /** A map with string keys stored as M. */
    public static <E> AttributeType<Map<String, E>> mapOf(AttributeType<E> element) {
        return StandardTypes.mapOf(element);
    }

    /** A set of a number kind stored as NS; empty when the element is not of a number kind (such sets are stored as L). */
    public static <E> Optional<AttributeType<Set<E>>> numberSetOf(AttributeType<E> element) {
        if (element instanceof ScalarType<?> scalar && scalar.kind().storedAs.equals("N")) {
            return Optional.of(SetTypes.numberSetOf(element));
        }
        return Optional.empty();
    }

    /** A value object stored as M, named {@code typeName} in messages, optionally with a generated codec. */
    public static <V> AttributeType<V> objectType(String typeName, List<Attribute<V, ?>> attributes, Function<ItemReader, V> factory,
                                                  Optional<ItemCodec<V>> codec) {
        return new ObjectType<>(typeName, attributes, factory, codec);
    }

    /** The attributes of a value-object type; empty for any other type. */
    public static Optional<List<Attribute<?, ?>>> embeddedAttributes(AttributeType<?> type) {
        if (type instanceof ObjectType<?> object) {
            return Optional.of(List.copyOf(object.attributes()));
        }
        return Optional.empty();
    }

    /** The element type of a list type made by {@link #listOf}; empty for any other type. */
    public static Optional<AttributeType<?>> listElementType(AttributeType<?> type) {
        return StandardTypes.isList(type) ? StandardTypes.elementOf(type) : Optional.empty();
    }

    /** The value type of a map type made by {@link #mapOf}; empty for any other type. */
    public static Optional<AttributeType<?>> mapValueType(AttributeType<?> type) {
        return StandardTypes.isMap(type) ? StandardTypes.elementOf(type) : Optional.empty();
    }

    /** True when values of the type can fill key template slots. */
    public static boolean isKeyable(AttributeType<?> type) {
        return type instanceof KeyableType<?>;
    }

    // --- what each entry does, in its family's codec

    /** The value of the text a scalar is stored as (S or N; {@code true}/{@code false} for BOOL), with the reason when it is not one. */
    Object fromStoredText(CharSequence text) {
        return codec.fromStoredText(text);
    }

    /** The stored form of a value of the kind; a value of another Java class fails with ClassCastException. */
    AttributeValue toStored(Object value) {
        return codec.toStored(value);
    }

    /** Its codec in a key slot with this format. */
    SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
        return codec.slotCodec(format, role);
    }

    /** The most bytes a stored value takes in an item, or -1 when it has no bound. */
    int maxStoredBytes() {
        return codec.maxStoredBytes();
    }

    /** The value of text as a person writes it. */
    Object parseText(String text) {
        return codec.parseText(text);
    }

    /** Its type, or null for the enum kind, whose types are made per class. */
    AttributeType<?> typeOrNull() {
        return type;
    }
}
