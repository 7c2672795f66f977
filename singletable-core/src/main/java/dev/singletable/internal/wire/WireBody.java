package dev.singletable.internal.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.base.ParserBase;
import com.fasterxml.jackson.core.io.SerializedString;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a 2xx response body of Query, Scan, GetItem or BatchGetItem once, with Jackson's streaming parser:
 * the items into {@link WireNodes} and {@link WireItem}s over them; the small body the SDK then unmarshals is the
 * original with the items' bytes cut out ({@code "Items":[]}, {@code "Item":{}}, a batch get's items each as {@code {}}),
 * every other field byte for byte. A body it does not understand (another shape, an attribute type it does not know) gives
 * nothing, and the SDK reads the original.
 */
final class WireBody {
    private static final JsonFactory JSON = new JsonFactory();
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Each node kind's type tag as the parser matches it, by kind. */
    private static final SerializableString[] TYPES = new SerializableString[WireNodes.M + 1];

    static {
        TYPES[WireNodes.S] = new SerializedString("S");
        TYPES[WireNodes.N] = new SerializedString("N");
        TYPES[WireNodes.B] = new SerializedString("B");
        TYPES[WireNodes.BOOL] = new SerializedString("BOOL");
        TYPES[WireNodes.NULL] = new SerializedString("NULL");
        TYPES[WireNodes.SS] = new SerializedString("SS");
        TYPES[WireNodes.NS] = new SerializedString("NS");
        TYPES[WireNodes.BS] = new SerializedString("BS");
        TYPES[WireNodes.L] = new SerializedString("L");
        TYPES[WireNodes.M] = new SerializedString("M");
    }

    /** The items read and the body that remains for the SDK. */
    record Decoded(List<Map<String, AttributeValue>> items, byte[] rest) {
    }

    /** Thrown inside the decoder when the body is not in a shape it reads; the body then goes to the SDK untouched. */
    private static final class Unreadable extends Exception {
        Unreadable(String what) {
            super(what, null, false, false);
        }
    }

    private final JsonParser parser;
    private final byte[] body;
    private final int length;
    private final WireNodes.Builder nodes;
    private final ExpectedAttributes expected;

    private WireBody(JsonParser parser, byte[] body, int length, WireNodes.Builder nodes, ExpectedAttributes expected) {
        this.parser = parser;
        this.body = body;
        this.length = length;
        this.nodes = nodes;
        this.expected = expected;
    }

    static Optional<Decoded> decode(String operation, byte[] body) {
        return decode(operation, body, body.length);
    }

    /** Decodes the first {@code length} bytes of {@code body}; the items keep no reference to it. */
    static Optional<Decoded> decode(String operation, byte[] body, int length) {
        WireNodes.Builder nodes = WireNodes.Builder.forThisThread();
        nodes.readingFrom(body);
        try (JsonParser parser = JSON.createParser(body, 0, length)) {
            return Optional.of(new WireBody(parser, body, length, nodes, ExpectedAttributes.forThisThread()).read(operation));
        } catch (IOException | Unreadable | RuntimeException e) {
            return Optional.empty();
        } finally {
            nodes.release();
        }
    }

    private Decoded read(String operation) throws IOException, Unreadable {
        // the rest is the body itself with the items' bytes cut out (spliced), not a JSON document written anew: every
        // other field reaches the SDK byte for byte, and no generator is set up for it
        Splices splices = new Splices();
        ItemBounds bounds = new ItemBounds();
        expect(parser.nextToken(), JsonToken.START_OBJECT);
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken value = parser.nextToken();
            if (field.equals("Items") && (operation.equals("Query") || operation.equals("Scan"))) {
                int open = offset();
                readItems(value, bounds);
                splices.add(open + 1, offset(), 0); // "Items":[] (the SDK says the page had an item list)
            } else if (field.equals("Item") && operation.equals("GetItem")) {
                int open = offset();
                readItem(value, bounds);
                splices.add(open + 1, offset(), 0); // "Item":{}: the SDK still says the response has one
            } else if (field.equals("Responses") && operation.equals("BatchGetItem")) {
                readResponses(value, bounds, splices);
            } else {
                parser.skipChildren();
            }
        }
        expect(parser.currentToken(), JsonToken.END_OBJECT);
        if (parser.nextToken() != null) {
            throw new Unreadable("more after the body's object");
        }
        return new Decoded(bounds.items(nodes.build()), splices.apply(body, length));
    }

    /** The byte offset of the parser's current token in the body (the body is read from its index 0). */
    private int offset() {
        return Math.toIntExact(parser.currentTokenLocation().getByteOffset());
    }

    /**
     * Byte ranges of the body to leave out of the rest, in order, each replaced by {@code {}} repeated a number of
     * times with commas between (a batch get's empty items).
     */
    private static final class Splices {
        private static final byte[] EMPTY_ITEM = {'{', '}'};
        private int[] ranges = new int[6];
        private int count;

        void add(int from, int to, int emptyItems) {
            if (count * 3 == ranges.length) {
                ranges = Arrays.copyOf(ranges, ranges.length * 2);
            }
            ranges[count * 3] = from;
            ranges[count * 3 + 1] = to;
            ranges[count * 3 + 2] = emptyItems;
            count++;
        }

        byte[] apply(byte[] body, int length) {
            int size = length;
            for (int i = 0; i < count; i++) {
                int items = ranges[i * 3 + 2];
                size += -(ranges[i * 3 + 1] - ranges[i * 3]) + (items == 0 ? 0 : items * 3 - 1);
            }
            byte[] rest = new byte[size];
            int from = 0;
            int at = 0;
            for (int i = 0; i < count; i++) {
                int cut = ranges[i * 3];
                System.arraycopy(body, from, rest, at, cut - from);
                at += cut - from;
                for (int item = 0; item < ranges[i * 3 + 2]; item++) {
                    if (item > 0) {
                        rest[at++] = ',';
                    }
                    System.arraycopy(EMPTY_ITEM, 0, rest, at, 2);
                    at += 2;
                }
                from = ranges[i * 3 + 1];
            }
            System.arraycopy(body, from, rest, at, length - from);
            return rest;
        }
    }

    /** Where each item's attributes start and end among the page's nodes, and how many it has. */
    private static final class ItemBounds {
        private int[] bounds = new int[48];
        private int count;

        void add(int start, int end, int attributes) {
            if (count * 3 == bounds.length) {
                bounds = Arrays.copyOf(bounds, bounds.length * 2);
            }
            bounds[count * 3] = start;
            bounds[count * 3 + 1] = end;
            bounds[count * 3 + 2] = attributes;
            count++;
        }

        int count() {
            return count;
        }

        List<Map<String, AttributeValue>> items(WireNodes nodes) {
            List<Map<String, AttributeValue>> items = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                items.add(new WireItem(nodes, bounds[i * 3], bounds[i * 3 + 1], bounds[i * 3 + 2]));
            }
            return items;
        }
    }

    /** The items of the one table a singletable batch get asks; an empty item per item, so counts stay true. */
    private void readResponses(JsonToken value, ItemBounds bounds, Splices splices) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        int tables = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            if (++tables > 1) {
                throw new Unreadable("items of more than one table");
            }
            JsonToken items = parser.nextToken();
            int open = offset();
            int before = bounds.count();
            readItems(items, bounds);
            splices.add(open + 1, offset(), bounds.count() - before);
        }
    }

    private void readItems(JsonToken value, ItemBounds bounds) throws IOException, Unreadable {
        expect(value, JsonToken.START_ARRAY);
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            readItem(token, bounds);
        }
    }

    /**
     * One item. Its attributes are read as the page's items before it had them, the i-th by the i-th's name and type:
     * the items of one entity come with the same names in the same order, and the parser matches an expected name by
     * its bytes, without its hash and symbol table; any other name or type is read as such and expected next.
     */
    private void readItem(JsonToken value, ItemBounds bounds) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        int start = nodes.nodes();
        int attributes = 0;
        while (true) {
            SerializableString expectedName = expected.name(attributes);
            String name = nextName(expectedName);
            if (name == null) {
                break;
            }
            // the parser interns names: the expected name read again is the same String
            if (expectedName == null || name != expectedName.getValue()) {
                expected.name(attributes, name);
            }
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            byte expectedType = expected.type(attributes);
            byte type = nextType(expectedType);
            if (type != expectedType) {
                expected.type(attributes, type);
            }
            readContent(name, type);
            attributes++;
        }
        expect(parser.currentToken(), JsonToken.END_OBJECT);
        bounds.add(start, nodes.nodes(), attributes);
    }

    /** The next attribute's name, matched by its bytes when it is the one expected; null at the item's end. */
    private String nextName(SerializableString expectedName) throws IOException {
        if (expectedName == null) {
            return parser.nextFieldName();
        }
        if (parser.nextFieldName(expectedName)) {
            return expectedName.getValue();
        }
        return parser.currentToken() == JsonToken.FIELD_NAME ? parser.currentName() : null;
    }

    /** The node kind of the value's type tag, matched by its bytes when it is the one expected (0 for none). */
    private byte nextType(byte expectedType) throws IOException, Unreadable {
        String type;
        if (expectedType == 0) {
            type = parser.nextFieldName();
        } else if (parser.nextFieldName(TYPES[expectedType])) {
            return expectedType;
        } else {
            type = parser.currentToken() == JsonToken.FIELD_NAME ? parser.currentName() : null;
        }
        if (type == null) {
            throw new Unreadable("an attribute value without a type");
        }
        return tag(type);
    }

    /** One attribute value inside a map or list: {@code {"S": "..."}} and the like, from its opening brace, as nodes. */
    private void readValue(String name, JsonToken value) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        String type = parser.nextFieldName();
        if (type == null) {
            throw new Unreadable("an attribute value without a type");
        }
        readContent(name, tag(type));
    }

    /** The value after its type tag, to the closing brace of its object. */
    private void readContent(String name, byte type) throws IOException, Unreadable {
        JsonToken content = parser.nextToken();
        // by the tag's kind, not a switch on the String (its hash and equals per value): S and N are most values
        switch (type) {
            case WireNodes.S:
                text(content, WireNodes.S, name);
                break;
            case WireNodes.N:
                text(content, WireNodes.N, name);
                break;
            case WireNodes.B:
                binary(content, name);
                break;
            case WireNodes.BOOL:
                if (content != JsonToken.VALUE_TRUE && content != JsonToken.VALUE_FALSE) {
                    throw new Unreadable("BOOL " + content);
                }
                nodes.bool(WireNodes.BOOL, name, content == JsonToken.VALUE_TRUE);
                break;
            case WireNodes.NULL:
                if (content != JsonToken.VALUE_TRUE) {
                    throw new Unreadable("NULL " + content);
                }
                nodes.bool(WireNodes.NULL, name, true);
                break;
            case WireNodes.SS:
                texts(content, WireNodes.SS, WireNodes.S, name);
                break;
            case WireNodes.NS:
                texts(content, WireNodes.NS, WireNodes.N, name);
                break;
            case WireNodes.BS:
                texts(content, WireNodes.BS, WireNodes.B, name);
                break;
            case WireNodes.L: {
                expect(content, JsonToken.START_ARRAY);
                int list = nodes.open(WireNodes.L, name);
                int elements = 0;
                JsonToken token;
                while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                    readValue(null, token);
                    elements++;
                }
                nodes.close(list, elements);
                break;
            }
            case WireNodes.M: {
                expect(content, JsonToken.START_OBJECT);
                int map = nodes.open(WireNodes.M, name);
                int entries = 0;
                String key;
                while ((key = parser.nextFieldName()) != null) {
                    readValue(key, parser.nextToken());
                    entries++;
                }
                nodes.close(map, entries);
                break;
            }
            default:
                throw new Unreadable("attribute type " + parser.currentName());
        }
        expect(parser.nextToken(), JsonToken.END_OBJECT);
    }

    /** The node kind of an attribute value's type tag ("S", "NS", "BOOL"...), or 0 for a tag the codec does not read. */
    static byte tag(String type) {
        int length = type.length();
        char first = length == 0 ? 0 : type.charAt(0);
        if (length == 1) {
            return switch (first) {
                case 'S' -> WireNodes.S;
                case 'N' -> WireNodes.N;
                case 'B' -> WireNodes.B;
                case 'L' -> WireNodes.L;
                case 'M' -> WireNodes.M;
                default -> 0;
            };
        }
        if (length == 2 && type.charAt(1) == 'S') {
            return switch (first) {
                case 'S' -> WireNodes.SS;
                case 'N' -> WireNodes.NS;
                case 'B' -> WireNodes.BS;
                default -> 0;
            };
        }
        if (type.equals("BOOL")) {
            return WireNodes.BOOL;
        }
        return type.equals("NULL") ? WireNodes.NULL : 0;
    }

    /**
     * A string value: when its bytes in the body are plain ASCII up to the closing quote (no escape), the node is that
     * range of the body, which the page copies once with all its texts; otherwise the text the parser decodes.
     */
    private void text(JsonToken content, byte kind, String name) throws IOException, Unreadable {
        expect(content, JsonToken.VALUE_STRING);
        int from = contentStart();
        if (from > 0 && body[from - 1] == '"') {
            int at = plainEnd(body, from, length);
            if (at < length && body[at] == '"') {
                // the parser, not having decoded the string, skips it at the next token
                nodes.plain(kind, name, from, at - from);
                return;
            }
        }
        nodes.decoded(kind, name, parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
    }

    /**
     * The index of the first byte from {@code from} that is not plain text: a quote (the end), a backslash, a control
     * character or a byte of a multi-byte character (0x80 and above); {@code length} when there is none. Eight bytes
     * at a time: a byte below 0x20 borrows in the subtraction, a quote or backslash becomes zero in its XOR, and the top
     * bit of each byte found so is set (a borrow can flag bytes above a stop, never below one).
     */
    static int plainEnd(byte[] body, int from, int length) {
        int at = from;
        while (at + Long.BYTES <= length) {
            long word = (long) LONGS.get(body, at);
            long quotes = word ^ 0x2222222222222222L;
            long backslashes = word ^ 0x5C5C5C5C5C5C5C5CL;
            long stops = ((word - 0x2020202020202020L) | (quotes - 0x0101010101010101L & ~quotes)
                    | (backslashes - 0x0101010101010101L & ~backslashes) | word) & 0x8080808080808080L;
            if (stops != 0) {
                return at + (Long.numberOfTrailingZeros(stops) >>> 3);
            }
            at += Long.BYTES;
        }
        byte b;
        while (at < length && (b = body[at]) != '"' && b != '\\' && b >= 0x20) {
            at++;
        }
        return at;
    }

    /**
     * The body's index of the current string token's first character (after its opening quote), or -1 when the parser
     * does not say it without building a location.
     */
    private int contentStart() {
        return parser instanceof ParserBase base ? (int) base.getTokenCharacterOffset() : -1;
    }

    /** Base64 text, checked here as the SDK would decode it, so a body it refuses still goes to the SDK. */
    private void binary(JsonToken content, String name) throws IOException, Unreadable {
        expect(content, JsonToken.VALUE_STRING);
        Base64.getDecoder().decode(parser.getText());
        text(content, WireNodes.B, name);
    }

    private void texts(JsonToken content, byte set, byte element, String name) throws IOException, Unreadable {
        expect(content, JsonToken.START_ARRAY);
        int container = nodes.open(set, name);
        int elements = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (element == WireNodes.B) {
                binary(token, null);
            } else {
                text(token, element, null);
            }
            elements++;
        }
        nodes.close(container, elements);
    }

    private static void expect(JsonToken found, JsonToken expected) throws Unreadable {
        if (found != expected) {
            throw new Unreadable("expected " + expected + " but found " + found);
        }
    }

    /**
     * The name and type of each attribute position of the last item read on this thread, which the next item is
     * expected to repeat. Kept between pages: a thread reads the same entities page after page.
     */
    private static final class ExpectedAttributes {
        // an item with more attributes than this reads the rest by the parser's symbol table alone
        private static final int POSITIONS = 64;
        private static final ThreadLocal<ExpectedAttributes> PER_THREAD = ThreadLocal.withInitial(ExpectedAttributes::new);

        private final SerializableString[] names = new SerializableString[POSITIONS];
        private final byte[] types = new byte[POSITIONS];

        static ExpectedAttributes forThisThread() {
            return PER_THREAD.get();
        }

        /** The name expected at this position, or null when none is. */
        SerializableString name(int position) {
            return position < POSITIONS ? names[position] : null;
        }

        void name(int position, String name) {
            if (position < POSITIONS) {
                names[position] = new SerializedString(name);
            }
        }

        /** The node kind expected at this position, or 0 when none is. */
        byte type(int position) {
            return position < POSITIONS ? types[position] : 0;
        }

        void type(int position, byte type) {
            if (position < POSITIONS) {
                types[position] = type;
            }
        }
    }
}
