package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import dev.singletable.IndefiniteArticle;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.SlotCodec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.lang.reflect.Type;
import java.util.Optional;

/**
 * What an entry of the registry does, beside what it is (its {@link Kind} constant's data): read its stored text, write
 * a value, fill key slots, be read from text and written as Java source. One instance per entry, in the file of its
 * family ({@link TextKinds}, {@link NumberKinds}, {@link TimeKinds}, {@link CollectionKinds}); a scalar's codec defines
 * the first four, a fixed collection's {@link #makeType}, and the defaults serve the rest.
 */
abstract class KindCodec {
    /** At most 38 significant digits: (38 + 1) / 2 + 1 bytes. */
    static final int NUMBER_BYTES = 21;

    /** The JSON Schema format of its values' text ({@code uuid}, {@code date-time}), if JSON Schema has one. */
    private final Optional<String> textFormat;
    /** Its entry, set once by the entry's constructor. */
    private Kind kind;

    /** A codec whose values' text has no JSON Schema format. */
    KindCodec() {
        this(Optional.empty());
    }

    KindCodec(Optional<String> textFormat) {
        this.textFormat = textFormat;
    }

    /** This codec, now the one of {@code entry}. */
    final KindCodec of(Kind entry) {
        if (kind != null) {
            throw new IllegalStateException("the codec of " + kind + " cannot also be the one of " + entry);
        }
        kind = entry;
        return this;
    }

    final Kind kind() {
        return kind;
    }

    /** The value of a stored text: a {@code String}, or a view of a page's text that is read at once and not kept. */
    Object fromStoredText(CharSequence text) {
        throw new IllegalStateException(kind + " is not stored as text");
    }

    AttributeValue toStored(Object value) {
        throw new IllegalStateException(kind + " is not a scalar kind");
    }

    SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
        throw new IllegalStateException(kind + " does not fill key slots");
    }

    int maxStoredBytes() {
        return -1;
    }

    /** The values of a bounded number kind; empty for the others. */
    Optional<NumberRange> range() {
        return Optional.empty();
    }

    /** By default the stored text, stripped of surrounding blanks. */
    Object parseText(String text) {
        if (kind.storedAs().equals("S") || kind.storedAs().equals("N") || kind.storedAs().equals("BOOL")) {
            return fromStoredText(text.strip());
        }
        throw new IllegalArgumentException(IndefiniteArticle.before(kind.fileName().orElse(kind.typeName())) + " value is written as JSON, not as text");
    }

    /** By default the class's own parser of the value's ISO text ({@code java.time.LocalDate.parse("2025-01-31")}). */
    String javaSource(Object value) {
        if (!(kind.typeOrNull() instanceof ScalarType<?>)) {
            throw new IllegalStateException(kind + " values have no Java expression: it is no scalar kind");
        }
        return kind.javaType().getName() + ".parse(" + quoted(value.toString()) + ")";
    }

    Type genericType() {
        return kind.javaType();
    }

    final Optional<String> textFormat() {
        return textFormat;
    }

    /** A scalar type for the scalar kinds, which fixed collection kinds replace with theirs. */
    AttributeType<?> makeType() {
        return kind == Kind.ENUM ? null : ScalarType.of(kind);
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
