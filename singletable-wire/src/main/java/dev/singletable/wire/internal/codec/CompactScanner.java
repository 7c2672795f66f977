package dev.singletable.wire.internal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The tokens of JSON in the compact form DynamoDB writes, read from a body's bytes at a position: the punctuation
 * expected, strings found by their closing quote (eight bytes at a time while they are plain ASCII) and decoded when
 * they hold escapes or UTF-8, and values skipped by their extent alone. {@link CompactBody} reads DynamoDB's shapes
 * (items, attribute values) with these. Anything this does not read throws {@link NotCompact}: the body is then
 * Jackson's to read.
 */
abstract class CompactScanner {
    /** DynamoDB nests maps and lists at most 32 levels deep; a deeper body goes to Jackson. */
    static final int MAX_DEPTH = 40;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    final byte[] body;
    final int length;
    /** The next byte to read. */
    int at;

    /** Thrown when the body is not in the form this reader reads; it is then Jackson's to read. */
    static final class NotCompact extends Exception {
        static final NotCompact INSTANCE = new NotCompact();

        private NotCompact() {
            super("not in DynamoDB's compact form", null, false, false);
        }
    }

    CompactScanner(byte[] body, int length) {
        this.body = body;
        this.length = length;
    }

    final void expect(char c) throws NotCompact {
        if (at >= length || body[at] != c) {
            throw NotCompact.INSTANCE;
        }
        at++;
    }

    final boolean take(char c) {
        if (at < length && body[at] == c) {
            at++;
            return true;
        }
        return false;
    }

    final boolean startsWith(int from, byte[] bytes) {
        return from + bytes.length <= length && Arrays.equals(body, from, from + bytes.length, bytes, 0, bytes.length);
    }

    final boolean isName(int from, int to, byte[] name) {
        return Arrays.equals(body, from, to, name, 0, name.length);
    }

    final boolean hasEscape(int from, int to) {
        for (int i = from; i < to; i++) {
            if (body[i] == '\\') {
                return true;
            }
        }
        return false;
    }

    final void skipString() throws NotCompact {
        expect('"');
        at = endOfString(at) + 1;
    }

    /** The index of the quote that closes the string whose text starts at {@code from}. */
    final int endOfString(int from) throws NotCompact {
        int i = from;
        while (i < length) {
            byte b = body[i];
            if (b == '"') {
                return i;
            }
            i += b == '\\' ? 2 : 1;
        }
        throw NotCompact.INSTANCE;
    }

    /** Skips a JSON value the SDK reads (its bytes stay in the rest): only its extent matters here. */
    final void skipValue(int depth) throws NotCompact {
        if (at >= length || depth > MAX_DEPTH) {
            throw NotCompact.INSTANCE;
        }
        byte b = body[at];
        switch (b) {
            case '"' -> {
                skipString();
            }
            case '{' -> {
                at++;
                if (!take('}')) {
                    do {
                        skipString();
                        expect(':');
                        skipValue(depth + 1);
                    } while (take(','));
                    expect('}');
                }
            }
            case '[' -> {
                at++;
                if (!take(']')) {
                    do {
                        skipValue(depth + 1);
                    } while (take(','));
                    expect(']');
                }
            }
            default -> {
                int from = at;
                while (at < length && isScalarByte(body[at])) {
                    at++;
                }
                if (at == from) {
                    throw NotCompact.INSTANCE;
                }
            }
        }
    }

    /** The bytes of a number, {@code true}, {@code false} or {@code null}; the SDK checks which it is. */
    static boolean isScalarByte(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || b == '-' || b == '+' || b == '.' || b == 'E';
    }

    /**
     * The high bit of each byte of the word that is a quote, a backslash, below 0x20 or above 0x7F; the lowest one set
     * is exact (the subtractions may also mark bytes above it, which the byte loop then never reaches).
     */
    static long special(long word) {
        long quotes = word ^ 0x2222222222222222L;
        long backslashes = word ^ 0x5C5C5C5C5C5C5C5CL;
        return ((quotes - ONES) & ~quotes | (backslashes - ONES) & ~backslashes | (word - 0x2020202020202020L) & ~word
                | word) & HIGH_BITS;
    }

    /** A string's text between {@code from} and {@code to}, its escapes resolved and its bytes decoded from UTF-8. */
    final char[] decode(int from, int to) throws NotCompact {
        char[] chars = new char[to - from];
        int count = 0;
        int i = from;
        while (i < to) {
            byte b = body[i];
            if (b == '\\') {
                if (i + 1 >= to) {
                    throw NotCompact.INSTANCE;
                }
                byte escaped = body[i + 1];
                i += 2;
                switch (escaped) {
                    case '"' -> chars[count++] = '"';
                    case '\\' -> chars[count++] = '\\';
                    case '/' -> chars[count++] = '/';
                    case 'b' -> chars[count++] = '\b';
                    case 'f' -> chars[count++] = '\f';
                    case 'n' -> chars[count++] = '\n';
                    case 'r' -> chars[count++] = '\r';
                    case 't' -> chars[count++] = '\t';
                    case 'u' -> {
                        chars[count++] = unicodeEscape(i, to);
                        i += 4;
                    }
                    default -> throw NotCompact.INSTANCE;
                }
            } else if (b >= 0x20) {
                chars[count++] = (char) b;
                i++;
            } else if (b >= 0) {
                throw NotCompact.INSTANCE; // a control character JSON requires escaped
            } else {
                // a run of multi-byte characters, decoded strictly: bytes that are not UTF-8 are Jackson's to refuse
                int run = i;
                while (run < to && body[run] < 0) {
                    run++;
                }
                try {
                    CharBuffer text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body, i, run - i));
                    int n = text.remaining();
                    text.get(chars, count, n);
                    count += n;
                } catch (CharacterCodingException e) {
                    throw NotCompact.INSTANCE;
                }
                i = run;
            }
        }
        return Arrays.copyOf(chars, count);
    }

    /** The character of a unicode escape, whose four hex digits start at {@code i}. */
    final char unicodeEscape(int i, int to) throws NotCompact {
        if (i + 4 > to) {
            throw NotCompact.INSTANCE;
        }
        int code = 0;
        for (int digit = 0; digit < 4; digit++) {
            int value = Character.digit(body[i + digit], 16);
            if (value < 0) {
                throw NotCompact.INSTANCE;
            }
            code = code * 16 + value;
        }
        return (char) code;
    }

    /**
     * A hash of the bytes from {@code from} to {@code to} (a name's), the same for the same bytes wherever they stand: of
     * their length and all their bytes read eight at a time (the last eight overlapping the word before), so a name
     * costs a word, not a byte, per step. Names that differ anywhere (only in the middle: {@code address_1_line},
     * {@code address_2_line}) hash apart, so that they do not take each other's slot of the name table on every item.
     */
    final int wordHash(int from, int to) {
        int count = to - from;
        long bytes = 0;
        if (count >= 8) {
            for (int i = from; i + 8 < to; i += 8) {
                bytes = bytes * 31 + (long) LONGS.get(body, i);
            }
            bytes = bytes * 31 + (long) LONGS.get(body, to - 8);
        } else if (from + 8 <= length) {
            bytes = (long) LONGS.get(body, from) & ((1L << (count << 3)) - 1); // the word's first count bytes
        } else {
            for (int i = to - 1; i >= from; i--) {
                bytes = bytes << 8 | (body[i] & 0xFF); // as the word above reads them, near the body's end
            }
        }
        return (int) (((bytes + count) * 0x9E3779B97F4A7C15L) >>> 32);
    }

    /**
     * The index of the first byte from {@code from}, by eight bytes at a time, that may not be plain ASCII text (a quote,
     * a backslash, a control character, a byte of a multi-byte character), or of the last word's start near the end:
     * the caller looks at the bytes from there one by one.
     */
    final int plainUpTo(int from) {
        int i = from;
        while (i + 8 <= length) {
            long special = special((long) LONGS.get(body, i));
            if (special != 0) {
                return i + (Long.numberOfTrailingZeros(special) >>> 3);
            }
            i += 8;
        }
        return i;
    }
}
