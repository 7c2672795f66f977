package dev.singletable.internal.wire;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The attribute values of one page as the wire codec read them, flat: one node per value in the order of the body,
 * a map, list or set followed by its elements. A text (of an S, N or B value, or a set element) is a range of the
 * body's own bytes when it is plain ASCII without escapes, as nearly every DynamoDB text is: the page keeps one copy
 * of the body's range that holds its texts, so no text is decoded or copied on its own, and a value the entity does not
 * keep as a string (a number, an instant, an enum, the keys) costs no {@code String}. A text with an escape or a
 * character beyond ASCII is kept as the {@code String} the parser decoded. Attribute types read nodes through
 * {@link WireItem}; anything else asks for an {@code AttributeValue}, built on request.
 * Read by one thread at a time, as a page is.
 */
final class WireNodes {
    public static final byte S = 1;
    public static final byte N = 2;
    public static final byte B = 3;
    public static final byte BOOL = 4;
    public static final byte NULL = 5;
    public static final byte SS = 6;
    public static final byte NS = 7;
    public static final byte BS = 8;
    public static final byte L = 9;
    public static final byte M = 10;

    private final byte[] kinds;
    /** The attribute or map key a node is the value of; null for list and set elements. */
    private final String[] names;
    /** Texts: offset into {@link #ascii}, or {@code -1 - i} for {@code wide[i]}. BOOL: 1 for true. Containers: element count. */
    private final int[] first;
    /** Texts: length in characters. Containers: the index of the node after the last element. */
    private final int[] second;
    private final byte[] ascii;
    private final String[] wide;
    private final TextView view = new TextView();
    private char[] chars = new char[0];

    private WireNodes(byte[] kinds, String[] names, int[] first, int[] second, byte[] ascii, String[] wide) {
        this.kinds = kinds;
        this.names = names;
        this.first = first;
        this.second = second;
        this.ascii = ascii;
        this.wide = wide;
    }

    public byte kind(int node) {
        return kinds[node];
    }

    /** The attribute or map key of the node. */
    public String name(int node) {
        return names[node];
    }

    /** True for {@code {"NULL": true}}, which every reader takes as an absent value. */
    public boolean isNull(int node) {
        return kinds[node] == NULL;
    }

    public boolean bool(int node) {
        return first[node] == 1;
    }

    /** The number of elements of a map, list or set. */
    public int size(int node) {
        return first[node];
    }

    /** The node after this one and its elements: the next element of the same container. */
    public int next(int node) {
        byte kind = kinds[node];
        return kind >= SS ? second[node] : node + 1;
    }

    /** The text of an S, N or B node (or set element) as a new string. */
    public String string(int node) {
        int at = first[node];
        return at < 0 ? wide[-1 - at] : new String(ascii, at, second[node], StandardCharsets.ISO_8859_1);
    }

    /**
     * The text of an S, N or B node without a copy: a view valid until the next call of {@code text} or {@link #chars}
     * on this page, for a reader that parses it at once.
     */
    public CharSequence text(int node) {
        int at = first[node];
        if (at < 0) {
            return wide[-1 - at];
        }
        view.at = at;
        view.length = second[node];
        return view;
    }

    /** The text's length in characters. */
    public int textLength(int node) {
        int at = first[node];
        return at < 0 ? wide[-1 - at].length() : second[node];
    }

    /** The text's characters from index 0 of an array shared by this page: valid until the next {@code text} or {@code chars}. */
    public char[] chars(int node) {
        int length = textLength(node);
        if (chars.length < length) {
            chars = new char[Math.max(length, 64)];
        }
        int at = first[node];
        if (at < 0) {
            wide[-1 - at].getChars(0, length, chars, 0);
        } else {
            for (int i = 0; i < length; i++) {
                chars[i] = (char) (ascii[at + i] & 0xFF);
            }
        }
        return chars;
    }

    /** True when the node is a String (S) of exactly this text. */
    public boolean textEquals(int node, String text) {
        if (kinds[node] != S) {
            return false;
        }
        int at = first[node];
        if (at < 0) {
            return wide[-1 - at].equals(text);
        }
        int length = second[node];
        if (text.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if ((ascii[at + i] & 0xFF) != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The node as the SDK's {@code AttributeValue}, built on each call (for readers that know no nodes). */
    public AttributeValue attributeValue(int node) {
        switch (kinds[node]) {
            case S:
                return AttributeValue.fromS(string(node));
            case N:
                return AttributeValue.fromN(string(node));
            case B:
                return AttributeValue.fromB(bytes(node));
            case BOOL:
                return AttributeValue.fromBool(bool(node));
            case NULL:
                return AttributeValue.fromNul(true);
            case SS:
                return AttributeValue.fromSs(strings(node));
            case NS:
                return AttributeValue.fromNs(strings(node));
            case BS: {
                List<SdkBytes> bytes = new ArrayList<>(size(node));
                for (int element = node + 1; element < second[node]; element++) {
                    bytes.add(bytes(element));
                }
                return AttributeValue.fromBs(bytes);
            }
            case L: {
                List<AttributeValue> list = new ArrayList<>(size(node));
                for (int element = node + 1; element < second[node]; element = next(element)) {
                    list.add(attributeValue(element));
                }
                return AttributeValue.fromL(list);
            }
            case M: {
                Map<String, AttributeValue> map = new LinkedHashMap<>(size(node) * 4 / 3 + 1);
                for (int entry = node + 1; entry < second[node]; entry = next(entry)) {
                    map.put(names[entry], attributeValue(entry));
                }
                return AttributeValue.fromM(map);
            }
            default:
                throw new IllegalStateException("node kind " + kinds[node]);
        }
    }

    private List<String> strings(int node) {
        List<String> texts = new ArrayList<>(size(node));
        for (int element = node + 1; element < second[node]; element++) {
            texts.add(string(element));
        }
        return texts;
    }

    private SdkBytes bytes(int node) {
        return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(string(node)));
    }

    /** A text of the ASCII array, reused for every {@link #text} call of a page. */
    private final class TextView implements CharSequence {
        int at;
        int length;

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= length) {
                throw new IndexOutOfBoundsException(index);
            }
            return (char) (ascii[at + index] & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().subSequence(start, end);
        }

        @Override
        public String toString() {
            return new String(ascii, at, length, StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * Collects a page's nodes while the body is parsed. One per thread, kept between pages (so its arrays are
     * allocated once, not per page); {@link #build} copies out exactly what the page holds.
     */
    static final class Builder {
        // a builder grown beyond this (a page of unusually many values) is not kept for the next page
        private static final int KEPT_NODES = 1 << 13;
        private static final ThreadLocal<Builder> PER_THREAD = new ThreadLocal<>();

        private byte[] kinds = new byte[256];
        private String[] names = new String[256];
        private int[] first = new int[256];
        private int[] second = new int[256];
        private int nodes;
        private byte[] body = new byte[0];
        /** The body's range holding the page's plain texts: from the first one's start to the last one's end. */
        private int textFrom;
        private int textTo;
        private String[] wide = new String[4];
        private int wides;

        static Builder forThisThread() {
            Builder builder = PER_THREAD.get();
            if (builder == null) {
                builder = new Builder();
                PER_THREAD.set(builder);
            }
            builder.nodes = 0;
            builder.textFrom = -1;
            builder.textTo = 0;
            builder.wides = 0;
            return builder;
        }

        /** Lets go of what the page kept (names and wide texts) and of arrays grown too large to keep. */
        void release() {
            Arrays.fill(names, 0, nodes, null);
            Arrays.fill(wide, 0, wides, null);
            body = new byte[0];
            if (kinds.length > KEPT_NODES) {
                PER_THREAD.remove();
            }
        }

        int nodes() {
            return nodes;
        }

        private int add(byte kind, String name, int a, int b) {
            if (nodes == kinds.length) {
                int capacity = nodes * 2;
                kinds = Arrays.copyOf(kinds, capacity);
                names = Arrays.copyOf(names, capacity);
                first = Arrays.copyOf(first, capacity);
                second = Arrays.copyOf(second, capacity);
            }
            kinds[nodes] = kind;
            names[nodes] = name;
            first[nodes] = a;
            second[nodes] = b;
            return nodes++;
        }

        /** The body whose byte ranges the next page's plain texts are ({@link #plain}); the page copies what it needs. */
        void readingFrom(byte[] body) {
            this.body = body;
        }

        /** A text that is bytes {@code from} to {@code from + length} of the body, plain ASCII without escapes. */
        void plain(byte kind, String name, int from, int length) {
            if (textFrom < 0) {
                textFrom = from;
            }
            add(kind, name, from - textFrom, length);
            textTo = from + length;
        }

        /** A text with an escape or a character beyond ASCII, as the parser decoded it. */
        void decoded(byte kind, String name, char[] source, int offset, int length) {
            if (wides == wide.length) {
                wide = Arrays.copyOf(wide, wides * 2);
            }
            wide[wides] = new String(source, offset, length);
            add(kind, name, -1 - wides++, length);
        }

        void bool(byte kind, String name, boolean value) {
            add(kind, name, value ? 1 : 0, 0);
        }

        /** Opens a map, list or set; its elements follow, then {@link #close}. */
        int open(byte kind, String name) {
            return add(kind, name, 0, 0);
        }

        void close(int container, int elements) {
            first[container] = elements;
            second[container] = nodes;
        }

        /** The page: exactly the nodes collected and the body's range of their texts, copied out of this builder and the body. */
        WireNodes build() {
            byte[] texts = textFrom < 0 ? new byte[0] : Arrays.copyOfRange(body, textFrom, textTo);
            return new WireNodes(Arrays.copyOf(kinds, nodes), Arrays.copyOf(names, nodes), Arrays.copyOf(first, nodes),
                    Arrays.copyOf(second, nodes), texts, Arrays.copyOf(wide, wides));
        }
    }
}
