package dev.singletable.internal.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a 2xx response body of Query, Scan, GetItem or BatchGetItem once, with Jackson's streaming parser:
 * the items into {@link WireNodes} and {@link WireItem}s over them, every other field copied as it is into the small body the SDK then
 * unmarshals. A body it does not understand (another shape, an attribute type it does not know) gives
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

    /** Decodes the first {@code length} bytes of {@code body}; the items keep no reference to it. */
    static Optional<Decoded> decode(String operation, byte[] body, int length) {
        WireNodes.Builder nodes = WireNodes.Builder.forThisThread();
        try (JsonParser parser = JSON.createParser(body, 0, length)) {
            ByteArrayOutputStream rest = new ByteArrayOutputStream(256);
            ItemBounds bounds = new ItemBounds();
            try (JsonGenerator out = JSON.createGenerator(rest)) {
                expect(parser.nextToken(), JsonToken.START_OBJECT);
                out.writeStartObject();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (field.equals("Items") && (operation.equals("Query") || operation.equals("Scan"))) {
                        readItems(parser, value, nodes, bounds);
                    } else if (field.equals("Item") && operation.equals("GetItem")) {
                        readItem(parser, value, nodes, bounds);
                        out.writeFieldName(field); // an empty item: the SDK still says the response has one
                        out.writeStartObject();
                        out.writeEndObject();
                    } else if (field.equals("Responses") && operation.equals("BatchGetItem")) {
                        readResponses(parser, value, nodes, bounds, out);
                    } else {
                        out.writeFieldName(field);
                        out.copyCurrentStructure(parser);
                    }
                }
                expect(parser.currentToken(), JsonToken.END_OBJECT);
                out.writeEndObject();
            }
            return Optional.of(new Decoded(bounds.items(nodes.build()), rest.toByteArray()));
        } catch (IOException | Unreadable | RuntimeException e) {
            return Optional.empty();
        } finally {
            nodes.release();
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
    private static void readResponses(JsonParser parser, JsonToken value, WireNodes.Builder nodes, ItemBounds bounds,
                                      JsonGenerator out) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        out.writeFieldName("Responses");
        out.writeStartObject();
        int tables = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            if (++tables > 1) {
                throw new Unreadable("items of more than one table");
            }
            out.writeFieldName(parser.currentName());
            int before = bounds.count();
            readItems(parser, parser.nextToken(), nodes, bounds);
            out.writeStartArray();
            for (int i = before; i < bounds.count(); i++) {
                out.writeStartObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
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
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            readValue(parser, parser.currentName(), parser.nextToken(), nodes);
            attributes++;
        }
        bounds.add(start, nodes.nodes(), attributes);
    }

    /** One attribute value: {@code {"S": "..."}} and the like, from its opening brace, as nodes. */
    private static void readValue(JsonParser parser, String name, JsonToken value, WireNodes.Builder nodes)
            throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        expect(parser.nextToken(), JsonToken.FIELD_NAME);
        String type = parser.currentName();
        JsonToken content = parser.nextToken();
        switch (type) {
            case "S":
                text(parser, content, WireNodes.S, name, nodes);
                break;
            case "N":
                text(parser, content, WireNodes.N, name, nodes);
                break;
            case "B":
                binary(parser, content, name, nodes);
                break;
            case "BOOL":
                if (content != JsonToken.VALUE_TRUE && content != JsonToken.VALUE_FALSE) {
                    throw new Unreadable("BOOL " + content);
                }
                nodes.bool(WireNodes.BOOL, name, content == JsonToken.VALUE_TRUE);
                break;
            case "NULL":
                if (content != JsonToken.VALUE_TRUE) {
                    throw new Unreadable("NULL " + content);
                }
                nodes.bool(WireNodes.NULL, name, true);
                break;
            case "SS":
                texts(parser, content, WireNodes.SS, WireNodes.S, name, nodes);
                break;
            case "NS":
                texts(parser, content, WireNodes.NS, WireNodes.N, name, nodes);
                break;
            case "BS":
                texts(parser, content, WireNodes.BS, WireNodes.B, name, nodes);
                break;
            case "L": {
                expect(content, JsonToken.START_ARRAY);
                int list = nodes.open(WireNodes.L, name);
                int elements = 0;
                JsonToken token;
                while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                    readValue(parser, null, token, nodes);
                    elements++;
                }
                nodes.close(list, elements);
                break;
            }
            case "M": {
                expect(content, JsonToken.START_OBJECT);
                int map = nodes.open(WireNodes.M, name);
                int entries = 0;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    readValue(parser, parser.currentName(), parser.nextToken(), nodes);
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
