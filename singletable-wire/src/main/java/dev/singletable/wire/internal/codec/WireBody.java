package dev.singletable.wire.internal.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
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

    /** The items read and the body that remains for the SDK. */
    record Decoded(List<Map<String, AttributeValue>> items, byte[] rest) {
    }

    /** Thrown inside the decoder when the body is not in a shape it reads; the body then goes to the SDK untouched. */
    private static final class Unreadable extends Exception {
        Unreadable(String what) {
            super(what, null, false, false);
        }
    }

    private WireBody() {
    }

    static Optional<Decoded> decode(String operation, byte[] body) {
        return decode(operation, body, body.length);
    }

    /**
     * Decodes the first {@code length} bytes of {@code body}; the items keep no reference to it. A body in DynamoDB's
     * compact form (every body DynamoDB writes) is read by {@link CompactBody}; any other, or one it declines, by Jackson.
     */
    static Optional<Decoded> decode(String operation, byte[] body, int length) {
        Optional<Decoded> compact = CompactBody.decode(operation, body, length);
        return compact.isPresent() ? compact : decodeWithJackson(operation, body, length);
    }

    /** The body read with Jackson's streaming parser: any JSON the SDK reads, white space and escapes included. */
    static Optional<Decoded> decodeWithJackson(String operation, byte[] body, int length) {
        WireNodes.Builder nodes = WireNodes.Builder.forThisThread();
        // the rest is the body itself with the items' bytes cut out (spliced), not a JSON document written anew: every
        // other field reaches the SDK byte for byte, and no generator is set up for it
        Splices splices = new Splices();
        try (JsonParser parser = JSON.createParser(body, 0, length)) {
            ItemBounds bounds = new ItemBounds();
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            String field;
            while ((field = parser.nextFieldName()) != null) {
                JsonToken value = parser.nextToken();
                if (field.equals("Items") && (operation.equals("Query") || operation.equals("Scan"))) {
                    int open = offset(parser);
                    readItems(parser, value, nodes, bounds);
                    splices.add(open + 1, offset(parser), 0); // "Items":[] (the SDK says the page had an item list)
                } else if (field.equals("Item") && operation.equals("GetItem")) {
                    int open = offset(parser);
                    readItem(parser, value, nodes, bounds);
                    splices.add(open + 1, offset(parser), 0); // "Item":{}: the SDK still says the response has one
                } else if (field.equals("Responses") && operation.equals("BatchGetItem")) {
                    readResponses(parser, value, nodes, bounds, splices);
                } else {
                    parser.skipChildren();
                }
            }
            expect(parser.currentToken(), JsonToken.END_OBJECT);
            if (parser.nextToken() != null) {
                throw new Unreadable("more after the body's object");
            }
            return Optional.of(new Decoded(bounds.items(nodes.build()), splices.apply(body, length)));
        } catch (IOException | Unreadable | RuntimeException e) {
            return Optional.empty();
        } finally {
            nodes.release();
        }
    }

    /** The byte offset of the parser's current token in the body (the body is read from its index 0). */
    private static int offset(JsonParser parser) {
        return Math.toIntExact(parser.currentTokenLocation().getByteOffset());
    }

    /** A growing array of int triples: the shared storage of {@link Splices} and {@link ItemBounds}. */
    abstract static class Triples {
        int[] values;
        int count;

        Triples(int capacity) {
            values = new int[capacity * 3];
        }

        final void add(int first, int second, int third) {
            if (count * 3 == values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[count * 3] = first;
            values[count * 3 + 1] = second;
            values[count * 3 + 2] = third;
            count++;
        }

        final int count() {
            return count;
        }
    }

    /**
     * Byte ranges of the body to leave out of the rest, in order, each replaced by {@code {}} repeated a number of
     * times with commas between (a batch get's empty items).
     */
    static final class Splices extends Triples {
        private static final byte[] EMPTY_ITEM = {'{', '}'};

        Splices() {
            super(2);
        }

        byte[] apply(byte[] body, int length) {
            int size = length;
            for (int i = 0; i < count; i++) {
                int items = values[i * 3 + 2];
                size += -(values[i * 3 + 1] - values[i * 3]) + (items == 0 ? 0 : items * 3 - 1);
            }
            byte[] rest = new byte[size];
            int from = 0;
            int at = 0;
            for (int i = 0; i < count; i++) {
                int cut = values[i * 3];
                System.arraycopy(body, from, rest, at, cut - from);
                at += cut - from;
                for (int item = 0; item < values[i * 3 + 2]; item++) {
                    if (item > 0) {
                        rest[at++] = ',';
                    }
                    System.arraycopy(EMPTY_ITEM, 0, rest, at, 2);
                    at += 2;
                }
                from = values[i * 3 + 1];
            }
            System.arraycopy(body, from, rest, at, length - from);
            return rest;
        }
    }

    /** Where each item's attributes start and end among the page's nodes, and how many it has. */
    static final class ItemBounds extends Triples {
        ItemBounds() {
            super(16);
        }

        List<Map<String, AttributeValue>> items(WireNodes nodes) {
            List<Map<String, AttributeValue>> items = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                items.add(new WireItem(nodes, values[i * 3], values[i * 3 + 1], values[i * 3 + 2]));
            }
            return items;
        }
    }

    /** The items of the one table a singletable batch get asks; an empty item per item, so counts stay true. */
    private static void readResponses(JsonParser parser, JsonToken value, WireNodes.Builder nodes, ItemBounds bounds,
                                      Splices splices) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        int tables = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            if (++tables > 1) {
                throw new Unreadable("items of more than one table");
            }
            JsonToken items = parser.nextToken();
            int open = offset(parser);
            int before = bounds.count();
            readItems(parser, items, nodes, bounds);
            splices.add(open + 1, offset(parser), bounds.count() - before);
        }
    }

    private static void readItems(JsonParser parser, JsonToken value, WireNodes.Builder nodes, ItemBounds bounds)
            throws IOException, Unreadable {
        expect(value, JsonToken.START_ARRAY);
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            readItem(parser, token, nodes, bounds);
        }
    }

    private static void readItem(JsonParser parser, JsonToken value, WireNodes.Builder nodes, ItemBounds bounds)
            throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        int start = nodes.nodes();
        int attributes = 0;
        String name;
        while ((name = parser.nextFieldName()) != null) {
            readValue(parser, name, parser.nextToken(), nodes);
            attributes++;
        }
        bounds.add(start, nodes.nodes(), attributes);
    }

    /** One attribute value: {@code {"S": "..."}} and the like, from its opening brace, as nodes. */
    private static void readValue(JsonParser parser, String name, JsonToken value, WireNodes.Builder nodes)
            throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        String type = parser.nextFieldName();
        if (type == null) {
            throw new Unreadable("an attribute value without a type");
        }
        JsonToken content = parser.nextToken();
        // by the tag's characters, not a switch on the String (its hash and equals per value): S and N are most values
        switch (tag(type)) {
            case WireNodes.S:
                text(parser, content, WireNodes.S, name, nodes);
                break;
            case WireNodes.N:
                text(parser, content, WireNodes.N, name, nodes);
                break;
            case WireNodes.B:
                binary(parser, content, name, nodes);
                break;
            case WireNodes.BOOL:
                booleanValue(content, name, nodes);
                break;
            case WireNodes.NULL:
                nullValue(content, name, nodes);
                break;
            case WireNodes.SS:
                texts(parser, content, WireNodes.SS, WireNodes.S, name, nodes);
                break;
            case WireNodes.NS:
                texts(parser, content, WireNodes.NS, WireNodes.N, name, nodes);
                break;
            case WireNodes.BS:
                texts(parser, content, WireNodes.BS, WireNodes.B, name, nodes);
                break;
            case WireNodes.L:
                list(parser, content, name, nodes);
                break;
            case WireNodes.M: {
                expect(content, JsonToken.START_OBJECT);
                int map = nodes.open(WireNodes.M, name);
                int entries = 0;
                String key;
                while ((key = parser.nextFieldName()) != null) {
                    readValue(parser, key, parser.nextToken(), nodes);
                    entries++;
                }
                nodes.close(map, entries);
                break;
            }
            default:
                throw new Unreadable("attribute type " + type);
        }
        expect(parser.nextToken(), JsonToken.END_OBJECT);
    }

    /** A {@code {"L": [...]}} value's content, its elements as nodes inside the list's. */
    private static void list(JsonParser parser, JsonToken content, String name, WireNodes.Builder nodes)
            throws IOException, Unreadable {
        expect(content, JsonToken.START_ARRAY);
        int list = nodes.open(WireNodes.L, name);
        int elements = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            readValue(parser, null, token, nodes);
            elements++;
        }
        nodes.close(list, elements);
    }

    /** A {@code {"BOOL": true}} value's content, as a node. */
    private static void booleanValue(JsonToken content, String name, WireNodes.Builder nodes) throws Unreadable {
        if (content != JsonToken.VALUE_TRUE && content != JsonToken.VALUE_FALSE) {
            throw new Unreadable("BOOL " + content);
        }
        nodes.bool(WireNodes.BOOL, name, content == JsonToken.VALUE_TRUE);
    }

    /** A {@code {"NULL": true}} value's content, as a node. */
    private static void nullValue(JsonToken content, String name, WireNodes.Builder nodes) throws Unreadable {
        if (content != JsonToken.VALUE_TRUE) {
            throw new Unreadable("NULL " + content);
        }
        nodes.bool(WireNodes.NULL, name, true);
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

    private static void text(JsonParser parser, JsonToken content, byte kind, String name, WireNodes.Builder nodes)
            throws IOException, Unreadable {
        expect(content, JsonToken.VALUE_STRING);
        // the parser's own buffer, not getText(): no String for a value the entity does not keep as one
        nodes.text(kind, name, parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
    }

    /** Base64 text, checked here as the SDK would decode it, so a body it refuses still goes to the SDK. */
    private static void binary(JsonParser parser, JsonToken content, String name, WireNodes.Builder nodes)
            throws IOException, Unreadable {
        expect(content, JsonToken.VALUE_STRING);
        Base64.getDecoder().decode(parser.getText());
        text(parser, content, WireNodes.B, name, nodes);
    }

    private static void texts(JsonParser parser, JsonToken content, byte set, byte element, String name, WireNodes.Builder nodes)
            throws IOException, Unreadable {
        expect(content, JsonToken.START_ARRAY);
        int container = nodes.open(set, name);
        int elements = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (element == WireNodes.B) {
                binary(parser, token, null, nodes);
            } else {
                text(parser, token, element, null, nodes);
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
}
