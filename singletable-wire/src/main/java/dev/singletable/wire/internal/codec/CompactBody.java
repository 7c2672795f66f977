package dev.singletable.wire.internal.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * Reads a response body in the compact form DynamoDB writes (no white space between tokens) into the same
 * {@link WireBody.Decoded} as {@link WireBody}'s Jackson reader, in one pass over the bytes. Anything else (white space,
 * another shape, an attribute type it does not know, text that is not UTF-8, nesting deeper than DynamoDB allows) gives
 * nothing, and the Jackson reader reads the body as before: this reader is only ever a faster way to the same result.
 * <p>
 * Why it exists: a page's attribute values are {@code {"S":"..."}} again and again, and Jackson's token model spends five
 * calls on each (the brace, the type tag through its name table, the text decoded into its buffer, the closing brace),
 * which left the page's decode at about 3x of the SDK's, the figure issue 16 asks to beat. Here a value is read in one
 * step, an ASCII text is one copy of the body's bytes, and names are matched by their bytes. The fields that are not
 * items (counts, keys to continue from, capacity) are only skipped over, not checked: they reach the SDK byte for byte
 * and are parsed there, so one that is not JSON (a broken number, a bad escape) fails the call in the SDK, as it did
 * before this reader. One difference in the reader's favour: Jackson refuses a name longer than 50,000 characters (its
 * default limit), which DynamoDB allows (64 KB); this reader takes it.
 * <p>
 * The JSON tokens (punctuation, strings, skipped values) are {@link CompactScanner}'s; names go through the
 * {@link NameTable} every page shares.
 */
final class CompactBody extends CompactScanner {
    private final WireNodes.Builder nodes;
    private final NameTable names;
    /** The names of the previous item by position (and their bytes): the next item most often has the same. */
    private String[] itemNames = new String[16];
    private byte[][] itemNameBytes = new byte[16][];
    /** The bytes of the name {@link #name} read last (the name table's own copy: an item's names cost no copy each). */
    private byte[] nameBytes;

    private CompactBody(byte[] body, int length, WireNodes.Builder nodes, NameTable names) {
        super(body, length);
        this.nodes = nodes;
        this.names = names;
    }

    static Optional<WireBody.Decoded> decode(String operation, byte[] body, int length) {
        WireNodes.Builder nodes = WireNodes.Builder.forThisThread();
        try {
            return Optional.of(new CompactBody(body, length, nodes, NameTable.shared()).read(operation));
        } catch (NotCompact | RuntimeException e) {
            return Optional.empty();
        } finally {
            nodes.release();
        }
    }

    private WireBody.Decoded read(String operation) throws NotCompact {
        WireBody.Splices splices = new WireBody.Splices();
        WireBody.ItemBounds bounds = new WireBody.ItemBounds();
        boolean query = operation.equals("Query") || operation.equals("Scan");
        boolean get = operation.equals("GetItem");
        boolean batch = operation.equals("BatchGetItem");
        expect('{');
        if (!take('}')) {
            do {
                int nameStart = at;
                skipString();
                int nameEnd = at;
                if (hasEscape(nameStart, nameEnd)) {
                    throw NotCompact.INSTANCE; // "It\u0065ms" is Items to Jackson and the SDK: matched by bytes, it would be skipped
                }
                expect(':');
                if (query && isName(nameStart, nameEnd, ITEMS)) {
                    int open = at;
                    readItems(bounds);
                    splices.add(open + 1, at - 1, 0);
                } else if (get && isName(nameStart, nameEnd, ITEM)) {
                    int open = at;
                    readItem(bounds);
                    splices.add(open + 1, at - 1, 0);
                } else if (batch && isName(nameStart, nameEnd, RESPONSES)) {
                    readResponses(bounds, splices);
                } else {
                    skipValue(0);
                }
            } while (take(','));
            expect('}');
        }
        if (at != length) {
            throw NotCompact.INSTANCE;
        }
        return new WireBody.Decoded(bounds.items(nodes.build()), splices.apply(body, length));
    }

    private static final byte[] ITEMS = "\"Items\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ITEM = "\"Item\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSES = "\"Responses\"".getBytes(StandardCharsets.US_ASCII);

    private void readResponses(WireBody.ItemBounds bounds, WireBody.Splices splices) throws NotCompact {
        expect('{');
        if (take('}')) {
            return;
        }
        skipString(); // the table's name
        expect(':');
        int open = at;
        int before = bounds.count();
        readItems(bounds);
        splices.add(open + 1, at - 1, bounds.count() - before);
        expect('}'); // a second table: singletable's batches ask one, so this is not its response
    }

    private void readItems(WireBody.ItemBounds bounds) throws NotCompact {
        expect('[');
        if (take(']')) {
            return;
        }
        do {
            readItem(bounds);
        } while (take(','));
        expect(']');
    }

    private void readItem(WireBody.ItemBounds bounds) throws NotCompact {
        int start = nodes.nodes();
        expect('{');
        int attributes = 0;
        if (!take('}')) {
            do {
                String name = itemName(attributes);
                expect(':');
                readValue(name, 0);
                attributes++;
            } while (take(','));
            expect('}');
        }
        bounds.add(start, nodes.nodes(), attributes);
    }

    /** The item's attribute name at this position: the previous item's when its bytes are the same, else read. */
    private String itemName(int position) throws NotCompact {
        if (position < itemNames.length) {
            byte[] expected = itemNameBytes[position];
            if (expected != null) {
                int end = at + 1 + expected.length;
                if (end < length && body[at] == '"' && body[end] == '"'
                        && Arrays.equals(body, at + 1, end, expected, 0, expected.length)) {
                    at = end + 1;
                    return itemNames[position];
                }
            }
        } else {
            itemNames = Arrays.copyOf(itemNames, position * 2);
            itemNameBytes = Arrays.copyOf(itemNameBytes, position * 2);
        }
        String name = name();
        itemNames[position] = name;
        itemNameBytes[position] = nameBytes;
        return name;
    }

    /** An object of named attribute values (an item, or a map's content), its values as nodes; the count of entries. */
    private int readEntries(int depth) throws NotCompact {
        expect('{');
        if (take('}')) {
            return 0;
        }
        int entries = 0;
        do {
            String name = name();
            expect(':');
            readValue(name, depth);
            entries++;
        } while (take(','));
        expect('}');
        return entries;
    }

    /** One attribute value, {@code {"S":"..."}} and the like. */
    private void readValue(String name, int depth) throws NotCompact {
        if (depth > MAX_DEPTH || at + 5 >= length || body[at] != '{' || body[at + 1] != '"') {
            throw NotCompact.INSTANCE;
        }
        byte first = body[at + 2];
        byte second = body[at + 3];
        if (second == '"' && body[at + 4] == ':') { // a one-letter tag: S, N, B, L or M
            at += 5;
            switch (first) {
                case 'S' -> text(WireNodes.S, name);
                case 'N' -> text(WireNodes.N, name);
                case 'B' -> binary(name);
                case 'L' -> list(name, depth);
                case 'M' -> {
                    int map = nodes.open(WireNodes.M, name);
                    nodes.close(map, readEntries(depth + 1));
                }
                default -> throw NotCompact.INSTANCE;
            }
        } else if (second == 'S' && at + 6 < length && body[at + 4] == '"' && body[at + 5] == ':') { // SS, NS or BS
            at += 6;
            switch (first) {
                case 'S' -> texts(WireNodes.SS, WireNodes.S, name);
                case 'N' -> texts(WireNodes.NS, WireNodes.N, name);
                case 'B' -> texts(WireNodes.BS, WireNodes.B, name);
                default -> throw NotCompact.INSTANCE;
            }
        } else if (startsWith(at + 1, BOOL_TAG)) {
            at += 1 + BOOL_TAG.length;
            if (startsWith(at, TRUE)) {
                at += TRUE.length;
                nodes.bool(WireNodes.BOOL, name, true);
            } else if (startsWith(at, FALSE)) {
                at += FALSE.length;
                nodes.bool(WireNodes.BOOL, name, false);
            } else {
                throw NotCompact.INSTANCE;
            }
        } else if (startsWith(at + 1, NULL_TAG) && startsWith(at + 1 + NULL_TAG.length, TRUE)) {
            at += 1 + NULL_TAG.length + TRUE.length;
            nodes.bool(WireNodes.NULL, name, true);
        } else {
            throw NotCompact.INSTANCE;
        }
        expect('}');
    }

    private static final byte[] BOOL_TAG = "\"BOOL\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_TAG = "\"NULL\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);

    private void list(String name, int depth) throws NotCompact {
        expect('[');
        int list = nodes.open(WireNodes.L, name);
        int elements = 0;
        if (!take(']')) {
            do {
                readValue(null, depth + 1);
                elements++;
            } while (take(','));
            expect(']');
        }
        nodes.close(list, elements);
    }

    private void texts(byte set, byte element, String name) throws NotCompact {
        expect('[');
        int container = nodes.open(set, name);
        int elements = 0;
        if (!take(']')) {
            do {
                if (element == WireNodes.B) {
                    binary(null);
                } else {
                    text(element, null);
                }
                elements++;
            } while (take(','));
            expect(']');
        }
        nodes.close(container, elements);
    }

    /** An S, N or B text: the body's bytes as they are when they are plain ASCII, else decoded. */
    private void text(byte kind, String name) throws NotCompact {
        expect('"');
        int from = at;
        int i = plainUpTo(from);
        byte b;
        while (i < length && (b = body[i]) != '"') {
            if (b == '\\' || b < 0x20) { // an escape, a control character, or a byte of a multi-byte character
                at = i;
                decodedText(kind, name, from);
                return;
            }
            i++;
        }
        if (i >= length) {
            throw NotCompact.INSTANCE;
        }
        nodes.latin1(kind, name, body, from, i - from);
        at = i + 1;
    }

    /** The slower way, from the first byte the plain copy cannot take: escapes and UTF-8, as JSON defines them. */
    private void decodedText(byte kind, String name, int from) throws NotCompact {
        int end = endOfString(from);
        char[] decoded = decode(from, end);
        nodes.text(kind, name, decoded, 0, decoded.length);
        at = end + 1;
    }

    /** Base64 text, checked as the SDK would decode it, so a body it refuses goes to the Jackson reader (and the SDK). */
    private void binary(String name) throws NotCompact {
        int start = nodes.nodes();
        text(WireNodes.B, name);
        try {
            Base64.getDecoder().decode(nodes.textOf(start));
        } catch (IllegalArgumentException e) {
            throw NotCompact.INSTANCE;
        }
    }

    /** An attribute name or map key, the same String for the same bytes, as Jackson's name table gives. */
    private String name() throws NotCompact {
        expect('"');
        int from = at;
        int i = plainUpTo(from);
        byte b;
        while (i < length && (b = body[i]) != '"' && b != '\\' && b >= 0x20) {
            i++; // the bytes after the last whole word, one by one
        }
        if (i < length && body[i] == '"') {
            at = i + 1;
            NameTable.Entry entry = names.of(body, from, i, wordHash(from, i));
            nameBytes = entry.bytes();
            return entry.name();
        }
        // an escape or a byte of a multi-byte character: decoded as JSON defines it
        int end = endOfString(from);
        at = end + 1;
        nameBytes = Arrays.copyOfRange(body, from, end);
        return new String(decode(from, end)).intern();
    }
}
