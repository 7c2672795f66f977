package dev.singletable.wire.internal.codec;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The attribute values of one page as the wire codec read them, flat: one node per value in the order of the body,
 * a map, list or set followed by its elements. Texts (of S, N and B values, and of set elements) sit in one Latin-1
 * array, so a value no reader asks for (an attribute the entity does not map, the keys) costs no {@code String}; a
 * text with a character beyond Latin-1 is kept as a {@code String} of its own. The core reads items as
 * {@code AttributeValue} maps ({@link WireItem}), whose values {@link PageValues} builds from the nodes on request.
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
    /** The SDK's names of the kinds, by kind. */
    private static final String[] TYPE_NAMES = {"", "S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"};
    /** The most slots of a page's tables of texts; a smaller page gets about as many as it has nodes (a get's item: a few). */
    private static final int MOST_SLOTS = 256;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] kinds;
    /** The attribute or map key a node is the value of; null for list and set elements. */
    private final String[] names;
    /** Texts: offset into {@link #latin1}, or {@code -1 - i} for {@code wide[i]}. BOOL: 1 for true. Containers: element count. */
    private final int[] first;
    /** Texts: length in characters. Containers: the index of the node after the last element. */
    private final int[] second;
    private final byte[] latin1;
    private final String[] wide;
    private final TextView view = new TextView();
    /** The page's {@code AttributeValue}s, made on the first one asked for. */
    private PageValues values;
    /** The texts the core kept as Strings, by a hash of their characters (lossy, like {@link PageValues}' table). */
    private String[] strings;

    private WireNodes(byte[] kinds, String[] names, int[] first, int[] second, byte[] latin1, String[] wide) {
        this.kinds = kinds;
        this.names = names;
        this.first = first;
        this.second = second;
        this.latin1 = latin1;
        this.wide = wide;
    }

    public byte kind(int node) {
        return kinds[node];
    }

    /** The attribute or map key of the node. */
    public String name(int node) {
        return names[node];
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
        return at < 0 ? wide[-1 - at] : new String(latin1, at, second[node], StandardCharsets.ISO_8859_1);
    }

    /** The SDK's name of a kind: {@code "S"}, {@code "N"}, {@code "BOOL"}, ... */
    static String typeName(byte kind) {
        return TYPE_NAMES[kind];
    }

    /** The slots of a page's table of texts: a power of two, about the page's node count, at most {@link #MOST_SLOTS}. */
    static int slots(int nodeCount) {
        return Math.min(MOST_SLOTS, Integer.highestOneBit(Math.max(nodeCount, 4) - 1) << 1);
    }

    /**
     * The text of an S, N or B node without a copy: a view valid until the next call of {@code text} on this page, for a
     * reader that parses it at once. Its {@code toString()} gives the page's {@code String} of that text when one was
     * made before (a text the page repeats: the partition's key values, an enum's names), else a new one, kept for the
     * next; the table is only looked up there, so a text parsed in place (a number, an instant) costs no hash.
     */
    public CharSequence text(int node) {
        int at = first[node];
        if (at < 0) {
            return wide[-1 - at];
        }
        view.node = node;
        view.at = at;
        view.length = second[node];
        return view;
    }

    /** The page's String of the text node: the one made before for the same text when the table still has it. */
    private String keptString(int node) {
        if (strings == null) {
            strings = new String[slots(kinds.length)];
        }
        int hash = textHash(node);
        int slot = (hash ^ (hash >>> 16)) & (strings.length - 1);
        String known = strings[slot];
        if (known != null && sameText(node, known)) {
            return known;
        }
        String text = string(node);
        strings[slot] = text;
        return text;
    }

    /** True when the text of an S, N or B node (or set element) is exactly this one. */
    boolean sameText(int node, String text) {
        int at = first[node];
        if (at < 0) {
            return wide[-1 - at].equals(text);
        }
        int length = second[node];
        if (text.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if ((latin1[at + i] & 0xFF) != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The node as the SDK's {@code AttributeValue}, built when first asked for; a text the page repeats (an entity type,
     * the partition's key values, an enum's name) may be the very value given for another node of the page.
     */
    public AttributeValue attributeValue(int node) {
        if (values == null) {
            values = new PageValues(this, kinds.length);
        }
        return values.of(node);
    }

    /** The node of a map, list or set after its last element. */
    int end(int container) {
        return second[container];
    }

    /**
     * A hash of a text node's characters, the same for equal texts: of its length and, for a Latin-1 text, all its bytes
     * read eight at a time (the last eight overlapping the word before), so that texts differing only in the middle (the
     * sort keys {@code ORDER#O0001#SHIPPED} and {@code ORDER#O0002#SHIPPED}) hash apart.
     */
    int textHash(int node) {
        int at = first[node];
        if (at < 0) {
            return wide[-1 - at].hashCode(); // never equal to a Latin-1 text, whatever its hash
        }
        int length = second[node];
        int end = at + length;
        long bytes = 0;
        if (length >= 8) {
            for (int i = at; i + 8 < end; i += 8) {
                bytes = bytes * 31 + (long) LONGS.get(latin1, i);
            }
            bytes = bytes * 31 + (long) LONGS.get(latin1, end - 8);
        } else {
            for (int i = end - 1; i >= at; i--) {
                bytes = bytes << 8 | (latin1[i] & 0xFF);
            }
        }
        return (int) (((bytes + length) * 0x9E3779B97F4A7C15L) >>> 32);
    }

    /** A text of the Latin-1 array, reused for every {@link #text} call of a page. */
    private final class TextView implements CharSequence {
        int node;
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
            return (char) (latin1[at + index] & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().subSequence(start, end);
        }

        @Override
        public String toString() {
            return keptString(node);
        }
    }

    /**
     * Collects a page's nodes while the body is parsed. One per thread, kept between pages (so its arrays are
     * allocated once, not per page); {@link #build} copies out exactly what the page holds.
     */
    static final class Builder {
        // a builder grown beyond these (a page of unusually many or long values) is not kept for the next page
        private static final int KEPT_NODES = 1 << 13;
        private static final int KEPT_TEXT = 1 << 17;
        private static final ThreadLocal<Builder> PER_THREAD = new ThreadLocal<>();

        private byte[] kinds = new byte[256];
        private String[] names = new String[256];
        private int[] first = new int[256];
        private int[] second = new int[256];
        private int nodes;
        private byte[] latin1 = new byte[4096];
        private int text;
        private String[] wide = new String[4];
        private int wides;

        static Builder forThisThread() {
            Builder builder = PER_THREAD.get();
            if (builder == null) {
                builder = new Builder();
                PER_THREAD.set(builder);
            }
            builder.nodes = 0;
            builder.text = 0;
            builder.wides = 0;
            return builder;
        }

        /** Lets go of what the page kept (names and wide texts) and of arrays grown too large to keep. */
        void release() {
            Arrays.fill(names, 0, nodes, null);
            Arrays.fill(wide, 0, wides, null);
            if (kinds.length > KEPT_NODES || latin1.length > KEPT_TEXT) {
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

        /** A text node, its characters copied from the parser's buffer. */
        void text(byte kind, String name, char[] source, int offset, int length) {
            if (text + length > latin1.length) {
                latin1 = Arrays.copyOf(latin1, Math.max(latin1.length * 2, text + length));
            }
            // copied and checked in one pass; a text with a character beyond Latin-1 then overwrites nothing kept
            int any = 0;
            for (int i = 0; i < length; i++) {
                char c = source[offset + i];
                latin1[text + i] = (byte) c;
                any |= c;
            }
            if (any > 0xFF) {
                if (wides == wide.length) {
                    wide = Arrays.copyOf(wide, wides * 2);
                }
                wide[wides] = new String(source, offset, length);
                add(kind, name, -1 - wides++, length);
                return;
            }
            add(kind, name, text, length);
            text += length;
        }

        /** A text node of plain ASCII bytes, copied from the body as they are. */
        void latin1(byte kind, String name, byte[] source, int offset, int length) {
            if (text + length > latin1.length) {
                latin1 = Arrays.copyOf(latin1, Math.max(latin1.length * 2, text + length));
            }
            System.arraycopy(source, offset, latin1, text, length);
            add(kind, name, text, length);
            text += length;
        }

        /** The text of a text node collected on this page. */
        String textOf(int node) {
            int at = first[node];
            return at < 0 ? wide[-1 - at] : new String(latin1, at, second[node], StandardCharsets.ISO_8859_1);
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

        /** The page: exactly the nodes and texts collected, copied out of this builder's arrays. */
        WireNodes build() {
            return new WireNodes(Arrays.copyOf(kinds, nodes), Arrays.copyOf(names, nodes), Arrays.copyOf(first, nodes),
                    Arrays.copyOf(second, nodes), Arrays.copyOf(latin1, text), Arrays.copyOf(wide, wides));
        }
    }
}
