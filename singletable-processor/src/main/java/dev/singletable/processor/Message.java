package dev.singletable.processor;

import dev.singletable.internal.kinds.Kind;

import javax.tools.Diagnostic;

import static javax.tools.Diagnostic.Kind.ERROR;
import static javax.tools.Diagnostic.Kind.NOTE;
import static javax.tools.Diagnostic.Kind.WARNING;

/**
 * Every diagnostic the processor reports, with its kind. Messages say what is wrong, where, and
 * the fix; arguments are filled with {@link String#format}.
 *
 * <p>One constant a line, however long its text, as MapStruct's {@code Message} writes them: the enum is read as the table
 * of diagnostics it is, name, kind and text together.
 */
enum Message {
    NOT_A_RECORD_OR_CLASS(ERROR, "@%s applies to records and classes, not to %s; annotate the record or class holding the data"),
    PRIVATE_TYPE(ERROR, "%s is private, so the generated %s cannot use it; make it package-private or public"),
    NON_STATIC_INNER_CLASS(ERROR, "%s is an inner class; make it static (or a record) so the generated schema can create it"),
    UNKNOWN_SLOT(ERROR, "key template '%s' names {%s}, which is no attribute of %s%s; slots name attributes by property or stored name (attributes: %s)"),
    AMBIGUOUS_SLOT(ERROR, "key template '%s' names {%s}, which is two attributes of %s: %s.%s by its property name (stored as '%s') and %s.%s by its stored name; write {%s} for the first, {%s} for the second, or rename one with @Attribute(name = \"...\")"),
    SLOT_NOT_WRITTEN(ERROR, "key template '%s' names {%s}, but %s.%s is %s, so it cannot fill a key slot; a slot needs a stored attribute: remove the @Ignore, or the slot"),
    MALFORMED_TEMPLATE(ERROR, "key template '%s' is malformed: %s"),
    UNSUPPORTED_TYPE(ERROR, "%s.%s has type %s, which singletable cannot store; %s; or store it your own way with @Convert(to = \"toX\", from = \"fromX\") and static methods AttributeValue toX(%s) and %s fromX(AttributeValue)"),
    DUPLICATE_ATTRIBUTE_NAME(ERROR, "%s.%s is stored as '%s', like %s.%s; give one of them another name with @Attribute(name = \"...\")"),
    NULLABLE_KEY_ATTRIBUTE(ERROR, "%s.%s fills a slot of the primary key template '%s' but can be null (%s); key attributes must always have a value: use a non-null type"),
    KEY_SLOT_NAME_NOT_WRITABLE(ERROR, "%s.%s fills a slot of key template '%s' but is stored as '%s', which a slot cannot name (slot names are letters, digits and _); give it such a name with @Attribute(name = \"%s\")"),
    KEY_SLOT_NOT_SCALAR(ERROR, "%s.%s fills a slot of key template '%s' but is stored as %s; key slots take strings, numbers, booleans, Instant, LocalDate, enums and UUID, and a List<String> as a hierarchy path"),
    COLLECTION_NOT_SEALED(ERROR, "@ItemCollection %s must be a sealed interface permitting its entity records, such as 'sealed interface %s permits Customer, Order {}'"),
    COLLECTION_MEMBER_NOT_ENTITY(ERROR, "@ItemCollection %s permits %s, which is not annotated @Entity; every member must be an entity"),
    COLLECTION_MEMBER_HAS_STATES(ERROR, "@ItemCollection %s permits %s, whose keys depend on its state (@KeyState: %s); each state is an entity type of its own, and a generated collection lists one entity type per member, so %s cannot be a member: remove %s from the permits clause of %s and read its states with their own queries (table.query(%sSchema.STATES.state(...)))"),
    COLLECTION_MEMBERS_INDISTINGUISHABLE(ERROR, "@ItemCollection %s: members %s and %s both have entity type '%s', so their items cannot be told apart; give one another type with @Entity(type = \"...\")"),
    COLLECTION_NO_SHARED_PARTITION(ERROR, "@ItemCollection %s: members %s can never share a partition, as their partition key templates differ (%s), so no query reads them together; give them one partition key template on the table, or on an index they all have keys on"),
    HOOK_SIGNATURE(ERROR, "@%s method %s must be declared as '%s'"),
    INDEX_KEY_TEMPLATE_COUNT(ERROR, "index %s gives %d partition and %d sort key templates; an index key has 1 to 4 partition templates and 0 to 4 sort templates, one per key attribute in the index's order, such as pk = {\"{tournament}\", \"{region}\"}"),
    INDEX_CONDITION_NOT_FOUND(ERROR, "index %s: condition '%s' is not a method of %s; declare 'boolean %s()' in %s or 'static boolean %s(%s entity)'"),
    INDEX_CONDITION_SIGNATURE(ERROR, "index %s: condition '%s' is a method of %s, but no condition: %s; declare it as 'boolean %s()' in %s or 'static boolean %s(%s entity)'"),
    CONVERTER_NOT_FOUND(ERROR, "%s.%s: @Convert names %s, but %s has no method '%s'; declare it as 'static %s'"),
    WRONG_TYPE_FOR_ANNOTATION(ERROR, "%s.%s: @%s needs %s, not %s"),
    // the TTL rule's texts are the core's, shared with the schema files and the builder API (the registry of kinds)
    TIME_TO_LIVE_NOT_THE_TABLES(ERROR, Kind.TIME_TO_LIVE_NOT_THE_TABLES),
    TIME_TO_LIVE_WRONG_TYPE(ERROR, Kind.TIME_TO_LIVE_WRONG_KIND),
    VALUE_OPTION_INVALID(ERROR, "%s.%s: %s cannot apply: %s; %s"),
    ONE_PER_ENTITY(ERROR, "%s: @%s is on both %s and %s; an entity has at most one: keep it on one of them"),
    CONFLICTING_ANNOTATIONS(ERROR, "%s.%s: @%s and @%s cannot both be on one attribute, which singletable maintains one way; keep one"),
    MAINTAINED_BUT_IGNORED(ERROR, "%s.%s: @%s on an attribute that is @Ignore'd is never written or read; remove one of the two annotations"),
    ABSTRACT_TYPE(ERROR, "%s is abstract, so the @%s's generated %s cannot create it; annotate a concrete class or a record"),
    /** The core's own message when its builder refuses the entity (one set of rules for the processor and the builder). */
    CORE_REFUSES_SCHEMA(ERROR, "%s"),
    ULID_CREATOR_MISSING(ERROR, "%s.%s: @GeneratedId(ULID) needs com.github.f4b6a3:ulid-creator on the class path; add the dependency, or use @GeneratedId(GeneratedId.Strategy.UUID)"),
    NO_WAY_TO_CREATE(ERROR, "%s has neither a constructor taking its properties (%s) nor a no-argument constructor with setters; add one"),
    NO_SETTER(ERROR, "%s.%s has no setter %s(%s) and no constructor sets it; add the setter, or @Ignore(Ignore.Direction.READ) it"),
    NO_GETTER(ERROR, "%s.%s cannot be read: add a getter %s() or make the field non-private, or @Ignore(Ignore.Direction.WRITE) it"),
    NO_ATTRIBUTES(ERROR, "%s has no stored attribute; add a record component or field"),
    CORE_LACKS_BUILDER_METHOD(WARNING, "%s.%s: @%s needs EntitySchema.Builder.%s(...), which this singletable-core lacks; it is stored as a plain attribute. Upgrade singletable-core"),
    ENTITY_WITHOUT_KEYS(ERROR, "%s: @Entity gives no pk; give the partition key template, such as pk = \"%s#{...}\", or declare its keys by state with @KeyState and @StateAttribute"),
    STATES_WITH_ENTITY_KEYS(ERROR, "%s: @Entity gives keys (pk '%s') and @KeyState gives each state's keys; remove pk and sk from @Entity, each state has its own"),
    STATES_WITH_ENTITY_INDEXES(ERROR, "%s: @Index on an entity with @KeyState; give each state's index keys in @KeyState(indexes = @Index(...))"),
    STATE_ATTRIBUTE_MISSING(ERROR, "%s: @KeyState needs the attribute whose value picks the state: mark one boolean or enum property @StateAttribute"),
    STATE_ATTRIBUTE_WITHOUT_STATES(ERROR, "%s.%s is @StateAttribute, but %s declares no @KeyState; add one @KeyState per value, or remove @StateAttribute"),
    STATE_ATTRIBUTE_NULLABLE(ERROR, "%s.%s picks the entity's keys but can be null (annotated @Nullable); then no state would hold the entity: remove @Nullable"),
    STATE_VALUE_UNKNOWN(ERROR, "%s: @KeyState(value = \"%s\") is no value of %s.%s%s; its values are %s"),
    STATE_VALUE_TWICE(ERROR, "%s: @KeyState(value = \"%s\") is given twice (types %s and %s); give each value one state"),
    STATE_VALUES_MISSING(ERROR, "%s: the @KeyStates by %s cover %s but not %s; an entity with %s would have no key: add @KeyState(value = \"%s\", type = \"...\", pk = \"...\")"),
    STATE_TYPE_KEYS_DIFFER(ERROR, "%s: @KeyState values %s and %s are both entity type %s but give other keys; give the second its own type, or the same keys"),
    ONE_STATE_ONLY(ERROR, "%s: every value of %s has the one state %s; give @Entity its pk and sk instead, or give each state its own type and keys"),
    STATES_INDISTINGUISHABLE(ERROR, "%s: states %s and %s have the same keys (%s), so nothing tells their items apart; give one of them other literal text in its pk, sk or an index key, such as '%s#{...}'"),
    VOLUME_NEGATIVE(ERROR, "%s: @Volume(%s = %s) is negative; give a figure of 0 or more, or leave it out"),
    VOLUME_AVERAGE_WITHOUT_PEAK(ERROR, "%s: @Volume gives writesAverage = %s without writesPeak; give writesPeak too, the busiest rate"),
    VOLUME_AVERAGE_OVER_PEAK(ERROR, "%s: @Volume writesAverage %s puts a second is more than writesPeak %s; the peak is the busiest rate: raise writesPeak to at least %s or lower writesAverage"),
    VOLUME_MORE_KEYS_THAN_ITEMS(ERROR, "%s: @Volume partitionKeyValues %s is more than count %s; each item has one partition key: give at most %s"),
    /** A {@code @TableDesign} whose annotation values do not fit together; the message says which and the fix. */
    DESIGN_MISTAKE(ERROR, "%s"),
    /** A mistake in the examples resource of a {@code @TableDesign}: where (resource:line) and what, with the fix. */
    ENTITY_INDEX_NOT_IN_TABLE(ERROR, "%s: index '%s' is not an index of table %s%s; %s"),
    DESIGN_INCLUDE_UNKNOWN(ERROR, "@TableDesign %s: index '%s' includes '%s', which no entity of the table stores%s; include stored attribute names (the table's: %s)"),
    DESIGN_EXAMPLES(ERROR, "@TableDesign %s: examples %s"),
    DESIGN_JAVA_CONDITION(NOTE, "@TableDesign %s: %s's condition on index %s is the Java method %s, which a schema file cannot hold; META-INF/singletable/%s.singletable.json marks it as {\"java\": \"%s\"}, and the design tools (lint, cost, view) take every %s whose key slots on %s have values as in the index, an upper bound"),
    DESIGN_NOT_EXPRESSIBLE(WARNING, "@TableDesign %s: %s cannot be written in a schema file (format singletable/1) yet; no META-INF/singletable/%s.singletable.json is written for this table"),
    PATTERNS_NOT_INTERFACE(ERROR, "@AccessPatterns applies to interfaces, not to %s; declare the patterns as abstract methods of an interface"),
    PATTERNS_TABLE_NOT_DESIGN(ERROR, "@AccessPatterns(table = %s.class): %s is not annotated @TableDesign, or its design has mistakes; name the class holding the table's @TableDesign"),
    PATTERN_NOT_ANNOTATED(ERROR, "%s is not an access pattern: annotate it with one of @Get, @BatchGet, @Query, @Scan, @Put, @Create, @Update, @Delete, or make it a default method"),
    PATTERN_TWO_KINDS(ERROR, "%s is annotated %s; an access pattern is one of them: keep one"),
    PATTERN_GENERIC(ERROR, "%s declares type parameters; access patterns name their entities: remove them"),
    PATTERN_MIXED_ASYNC(ERROR, "%s returns %s, unlike the first pattern of %s, which is %s; an interface is implemented on a Table or on an AsyncTable: declare the asynchronous patterns (returning CompletableFuture) on an interface of their own"),
    PATTERN_RETURN_TYPE(ERROR, "%s: %s cannot return %s; it returns %s%s"),
    PATTERN_WRITE_PARAMETERS(ERROR, "%s: %s takes the entity to write as its one parameter, not %d parameters; declare it as 'Entity %s(Entity entity)'"),
    PATTERN_ENTITY_NOT_COMPILED(ERROR, "%s reads %s, which is not compiled with %s (its generated schema is made in another compilation); compile the entities, their @TableDesign and the access-pattern interface together"),
    PATTERN_NOT_IN_TABLE(ERROR, "%s reads %s, which is no entity of table %s; add %s.class to the entities of the @TableDesign on %s"),
    PATTERN_ENTITY_HAS_STATES(ERROR, "%s reads %s, whose keys depend on its state (@KeyState); access-pattern interfaces do not take such entities yet: read its states with table.query(...STATES.state(...))"),
    PATTERN_INDEX_UNKNOWN(ERROR, "%s: index '%s' is no index of table %s%s; the table's indexes are %s"),
    PATTERN_NOT_ON_INDEX(ERROR, "%s: %s has no key template on index '%s' (it has keys on %s); add @Index(name = \"%s\", pk = \"...\") to %s, or query an index it has keys on"),
    PATTERN_UNKNOWN_SLOT(ERROR, "%s: parameter '%s' fills slot {%s}, but %s's key templates on %s have no such slot (their slots are %s)%s; name the parameter after a slot, or bind it with @Slot(\"...\")"),
    PATTERN_SLOT_UNBOUND(ERROR, "%s: key template '%s' of %s on %s needs {%s}, which no parameter gives; add a parameter '%s %s' (or bind one with @Slot)"),
    PATTERN_SLOT_TWICE(ERROR, "%s: parameters '%s' and '%s' both fill slot {%s}; a slot takes one value, so one argument would be dropped: remove one, or make one a @Filter"),
    PATTERN_SORT_NOT_NEXT(ERROR, "%s: %s sort slot {%s}, but the sort key template '%s' reaches it only after {%s}, which no parameter gives; add a parameter for {%s} before it, as sort key values fill the template from its first slot on"),
    PATTERN_TWO_SORT_CONDITIONS(ERROR, "%s: parameters '%s' and '%s' both give a sort key condition; a query takes one (a @From and a @To on one slot for a range): keep one, and filter with @Filter for the other"),
    PATTERN_BETWEEN_HALF(ERROR, "%s: parameter '%s' is one end of a range without the other; add a %s parameter on slot {%s}"),
    PATTERN_RAW_RANGE(ERROR, "%s: @Query(sortBetweenRaw = %s) takes two strings {from, to} and no sort slot parameters; give two, or use parameters"),
    PATTERN_RAW_PREFIX(ERROR, "%s: @Query(sortBeginsWithRaw = \"%s\") is the query's sort condition, but %s gives one too; a query takes one sort condition: drop the raw prefix, or the other"),
    PATTERN_PARAMETER_TYPE(ERROR, "%s: parameter '%s' is %s, but it fills %s.%s, a %s; declare the parameter as %s"),
    PATTERN_UNKNOWN_ATTRIBUTE(ERROR, "%s: %s names '%s', which is no attribute of %s%s (attributes: %s)"),
    PATTERN_BEGINS_WITH_NOT_STRING(ERROR, "%s: @Filter(op = BEGINS_WITH) on '%s' needs a String attribute, but %s.%s is a %s; begins_with compares text prefixes: filter it with another op (EQUALS, GREATER_THAN_OR_EQUAL, ...)"),
    /** The whole text is the registry's ({@code Kind.unorderedComparison}), shared with the other front ends. */
    PATTERN_FILTER_OUT_OF_ORDER(ERROR, "%s"),
    PATTERN_SET_KEY(ERROR, "%s: @Update(set) names '%s', which fills a slot of %s's primary key template '%s'; DynamoDB cannot update a key attribute (an item with another key is another item): delete the item and create it with the new key (in one transaction), or set other attributes"),
    PATTERN_SET_WITHOUT_PARAMETER(ERROR, "%s: @Update sets '%s' but no parameter gives its value; add a parameter '%s %s'"),
    PATTERN_BATCH_SHAPE(ERROR, "%s: @BatchGet has %s; give exactly one parameter as a Collection of one key slot's values (the others fill the remaining slots), such as 'List<Product> products(List<String> productId)'"),
    PATTERN_CURSOR(ERROR, "%s: @Cursor parameter '%s' must be a String on a query returning Page; declare it as '@Cursor String cursor' and return Page<...>"),
    PATTERN_LIMIT(ERROR, "%s: %s(limit = %d) is negative; give 0 (all) or more"),
    PATTERN_SCAN_PARAMETER(ERROR, "%s: parameter '%s' of a @Scan is no @Filter%s; a scan has no key to fill: annotate it @Filter(\"%s\") to filter on an attribute, or declare a @Query whose key the parameter fills"),
    PATTERN_EXAMPLE_COUNT(ERROR, "%s: @Example gives %d values for %d parameters %s; give one per parameter, in order (an empty string for a @Cursor)"),
    PATTERN_EXAMPLE_VALUE(ERROR, "%s: @Example value '%s' for parameter '%s' (%s) is not %s; give such a value"),
    PATTERN_EXAMPLE_RANGE(ERROR, "%s: @Example gives %s from %s (parameter '%s', GREATER_THAN_OR_EQUAL) to %s (parameter '%s', LESS_THAN_OR_EQUAL), low above high, which the design file's between refuses; give the lower value to '%s'"),
    PATTERN_FILTER_NOT_IN_FILE(NOTE, "%s: its @Filters compare %s in %d comparisons (%s); a design file gives each attribute's comparisons one parameter, named by the attribute, so only a GREATER_THAN_OR_EQUAL with a LESS_THAN_OR_EQUAL (a between, parameters %s.from and %s.to) is written there; the pattern is left out of the design file, and its Java method works as declared"),
    PATTERN_NAME_TAKEN(ERROR, "%s: its pattern name in the design file, '%s', is already taken by %s; the file names each pattern once: rename one of the methods"),
    /** The core's own message when it refuses the pattern's request (one set of rules for the processor and the query API). */
    PATTERN_CORE_REFUSES(ERROR, "%s: %s"),
    DESIGN_ENTITY_LISTED_TWICE(ERROR, "@TableDesign %s lists %s twice in entities; remove one %s.class"),
    DESIGN_ENTITY_TYPE_TWICE(ERROR, "%s (%s) and %s (%s) both have entity type '%s' in table %s, so their items cannot be told apart; give one another type with @Entity(type = \"...\")"),
    DESIGN_ENTITY_NOT_COMPILED(WARNING, "@TableDesign %s: entity %s is not an @Entity compiled with it; annotate it with @Entity, or list only the table's entities; no schema file is written for this table");

    private final Diagnostic.Kind kind;
    private final String format;

    Message(Diagnostic.Kind kind, String format) {
        this.kind = kind;
        this.format = format;
    }

    Diagnostic.Kind kind() {
        return kind;
    }

    String format(Object... args) {
        return String.format(format, args);
    }
}
