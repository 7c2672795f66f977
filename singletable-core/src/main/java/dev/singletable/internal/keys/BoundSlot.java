package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.KeyTemplate;

import java.util.Arrays;

/**
 * One slot of a bound key template: its attribute, the codec that writes its value as text (none for a whole-value
 * or path slot), the code point that ends it in a key (the first of the literal text after it), and what it escapes.
 *
 * @param escapes what this slot escapes besides {@code \}, sorted: the template's escape set, less, in a
 *                sort key, what the slot's typed values contain at varying places (see {@link SlotBinding#withEscapes})
 * @param ascii   {@code escapes} below 128, for the common ASCII case
 */
record BoundSlot<T>(Attribute<T, Object> attribute, SlotCodec<Object> codec, int delimiter, int[] escapes,
                    boolean[] ascii, Kind kind) {
    /** The delimiter of a slot that ends the key. */
    static final int NO_DELIMITER = -1;

    /**
     * What a slot holds: the attribute's value; a hierarchy path (segments escaped and joined by
     * {@link BoundKeyTemplate#PATH_SEPARATOR}); or text that does not give the value back (a time bucket, a shard),
     * which parsing checks but does not return.
     */
    enum Kind { VALUE, PATH, LOSSY }

    BoundSlot(Attribute<T, Object> attribute, SlotCodec<Object> codec, int delimiter, int[] escapes, boolean[] ascii) {
        this(attribute, codec, delimiter, escapes, ascii, Kind.VALUE);
    }

    boolean isEscaped(int codePoint) {
        return codePoint == KeyTemplate.ESCAPE
                || (codePoint < 128 ? ascii[codePoint] : Arrays.binarySearch(escapes, codePoint) >= 0);
    }

    /** The lowest code point this slot escapes, {@code \\} included. */
    int lowestEscape() {
        return escapes.length > 0 ? Math.min(KeyTemplate.ESCAPE, escapes[0]) : KeyTemplate.ESCAPE;
    }

    /** The highest code point this slot escapes, {@code \\} included. */
    int highestEscape() {
        return escapes.length > 0 ? Math.max(KeyTemplate.ESCAPE, escapes[escapes.length - 1]) : KeyTemplate.ESCAPE;
    }

    BoundSlot<T> withEscapes(int[] escapes, boolean[] ascii) {
        return new BoundSlot<>(attribute, codec, delimiter, escapes, ascii, kind);
    }

    /** True when the text holds a character this slot escapes (or a surrogate, checked the slow way). */
    boolean needsEscape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 ? c == KeyTemplate.ESCAPE || ascii[c] : Character.isSurrogate(c) || isEscaped(c)) {
                return true;
            }
        }
        return false;
    }

    /** Appends the text to the key, each character this slot escapes preceded by {@code \}. */
    void appendEscaped(StringBuilder key, String text) {
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (isEscaped(cp)) {
                key.append(KeyTemplate.ESCAPE);
            }
            key.appendCodePoint(cp);
            i += Character.charCount(cp);
        }
    }
}
