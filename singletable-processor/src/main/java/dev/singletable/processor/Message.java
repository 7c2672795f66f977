package dev.singletable.processor;

import javax.tools.Diagnostic;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * Every diagnostic the processor reports, with its kind; an error unless given. The texts are data, in
 * {@code Message.properties} beside this class and keyed by the constant's name, as javac keeps its own in
 * {@code compiler.properties}: arguments are filled with {@link String#format}.
 */
enum Message {
    NOT_A_RECORD_OR_CLASS,
    PRIVATE_TYPE,
    NON_STATIC_INNER_CLASS,
    UNKNOWN_SLOT,
    MALFORMED_TEMPLATE,
    UNSUPPORTED_TYPE,
    DUPLICATE_ATTRIBUTE_NAME,
    NULLABLE_KEY_ATTRIBUTE,
    KEY_SLOT_NAME_NOT_WRITABLE,
    KEY_SLOT_NOT_SCALAR,
    COLLECTION_NOT_SEALED,
    COLLECTION_MEMBER_NOT_ENTITY,
    COLLECTION_MEMBER_HAS_STATES,
    COLLECTION_MEMBERS_INDISTINGUISHABLE,
    HOOK_SIGNATURE,
    INDEX_KEY_TEMPLATE_COUNT,
    INDEX_CONDITION_NOT_FOUND,
    CONVERTER_NOT_FOUND,
    WRONG_TYPE_FOR_ANNOTATION,
    VALUE_OPTION_INVALID,
    ONE_PER_ENTITY,
    CONFLICTING_ANNOTATIONS,
    MAINTAINED_BUT_IGNORED,
    ABSTRACT_TYPE,
    /** The core's own message when its builder refuses the entity (one set of rules for the processor and the builder). */
    CORE_REFUSES_SCHEMA,
    ULID_CREATOR_MISSING,
    NO_WAY_TO_CREATE,
    NO_SETTER,
    NO_GETTER,
    NO_ATTRIBUTES,
    CORE_LACKS_BUILDER_METHOD(Diagnostic.Kind.WARNING),
    ENTITY_WITHOUT_KEYS,
    STATES_WITH_ENTITY_KEYS,
    STATES_WITH_ENTITY_INDEXES,
    STATE_ATTRIBUTE_MISSING,
    STATE_ATTRIBUTE_WITHOUT_STATES,
    STATE_ATTRIBUTE_NULLABLE,
    STATE_VALUE_UNKNOWN,
    STATE_VALUE_TWICE,
    STATE_VALUES_MISSING,
    STATE_TYPE_KEYS_DIFFER,
    ONE_STATE_ONLY,
    STATES_INDISTINGUISHABLE,
    VOLUME_NEGATIVE,
    VOLUME_AVERAGE_WITHOUT_PEAK,
    VOLUME_AVERAGE_OVER_PEAK,
    VOLUME_MORE_KEYS_THAN_ITEMS,
    /** A {@code @TableDesign} whose annotation values do not fit together; the message says which and the fix. */
    DESIGN_MISTAKE,
    /** A mistake in the examples resource of a {@code @TableDesign}: where (resource:line) and what, with the fix. */
    DESIGN_EXAMPLES,
    DESIGN_NOT_EXPRESSIBLE(Diagnostic.Kind.WARNING),
    PATTERNS_NOT_INTERFACE,
    PATTERNS_TABLE_NOT_DESIGN,
    PATTERN_NOT_ANNOTATED,
    PATTERN_TWO_KINDS,
    PATTERN_GENERIC,
    PATTERN_MIXED_ASYNC,
    PATTERN_RETURN_TYPE,
    PATTERN_WRITE_PARAMETERS,
    PATTERN_ENTITY_NOT_COMPILED,
    PATTERN_NOT_IN_TABLE,
    PATTERN_ENTITY_HAS_STATES,
    PATTERN_INDEX_UNKNOWN,
    PATTERN_NOT_ON_INDEX,
    PATTERN_UNKNOWN_SLOT,
    PATTERN_SLOT_UNBOUND,
    PATTERN_SORT_NOT_NEXT,
    PATTERN_TWO_SORT_CONDITIONS,
    PATTERN_BETWEEN_HALF,
    PATTERN_RAW_RANGE,
    PATTERN_RAW_PREFIX,
    PATTERN_PARAMETER_TYPE,
    PATTERN_UNKNOWN_ATTRIBUTE,
    PATTERN_SET_WITHOUT_PARAMETER,
    PATTERN_BATCH_SHAPE,
    PATTERN_CURSOR,
    PATTERN_LIMIT,
    PATTERN_SCAN_PARAMETER,
    PATTERN_EXAMPLE_COUNT,
    PATTERN_EXAMPLE_VALUE,
    /** The core's own message when it refuses the pattern's request (one set of rules for the processor and the query API). */
    PATTERN_CORE_REFUSES,
    DESIGN_ENTITY_NOT_COMPILED(Diagnostic.Kind.WARNING);

    private static final String TEXTS = "Message.properties";
    private static final Map<Message, String> FORMATS = load();

    private final Diagnostic.Kind kind;

    Message() {
        this(Diagnostic.Kind.ERROR);
    }

    Message(Diagnostic.Kind kind) {
        this.kind = kind;
    }

    Diagnostic.Kind kind() {
        return kind;
    }

    String format(Object... args) {
        return String.format(FORMATS.get(this), args);
    }

    /** Every constant's text; a missing or unknown key is a packaging mistake, so it fails when the enum loads. */
    private static Map<Message, String> load() {
        Properties texts = new Properties();
        try (InputStream in = Message.class.getResourceAsStream(TEXTS)) {
            if (in == null) {
                throw new IllegalStateException(TEXTS + " is missing beside " + Message.class.getName());
            }
            texts.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + TEXTS, e);
        }
        Map<Message, String> formats = new EnumMap<>(Message.class);
        for (Message message : values()) {
            String text = texts.getProperty(message.name());
            if (text == null) {
                throw new IllegalStateException(TEXTS + " has no text for " + message.name() + "; add '" + message.name() + " = ...'");
            }
            formats.put(message, text);
            texts.remove(message.name());
        }
        if (!texts.isEmpty()) {
            throw new IllegalStateException(TEXTS + " has texts for no constant: " + texts.keySet() + "; remove them or add the constants");
        }
        return formats;
    }
}
