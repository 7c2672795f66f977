package dev.singletable.internal.wire;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a 2xx response body of Query, Scan, GetItem or BatchGetItem once, with Jackson's streaming parser:
 * the items into {@link WireItem}s, every other field copied as it is into the small body the SDK then
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
        try (JsonParser parser = JSON.createParser(body)) {
            ByteArrayOutputStream rest = new ByteArrayOutputStream(256);
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            try (JsonGenerator out = JSON.createGenerator(rest)) {
                expect(parser.nextToken(), JsonToken.START_OBJECT);
                out.writeStartObject();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String field = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (field.equals("Items") && (operation.equals("Query") || operation.equals("Scan"))) {
                        readItems(parser, value, items);
                    } else if (field.equals("Item") && operation.equals("GetItem")) {
                        items.add(readItem(parser, value));
                        out.writeFieldName(field); // an empty item: the SDK still says the response has one
                        out.writeStartObject();
                        out.writeEndObject();
                    } else if (field.equals("Responses") && operation.equals("BatchGetItem")) {
                        readResponses(parser, value, items, out);
                    } else {
                        out.writeFieldName(field);
                        out.copyCurrentStructure(parser);
                    }
                }
                expect(parser.currentToken(), JsonToken.END_OBJECT);
                out.writeEndObject();
            }
            return Optional.of(new Decoded(items, rest.toByteArray()));
        } catch (IOException | Unreadable | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The items of the one table a singletable batch get asks; an empty item per item, so counts stay true. */
    private static void readResponses(JsonParser parser, JsonToken value, List<Map<String, AttributeValue>> items,
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
            int before = items.size();
            readItems(parser, parser.nextToken(), items);
            out.writeStartArray();
            for (int i = before; i < items.size(); i++) {
                out.writeStartObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
    }

    private static void readItems(JsonParser parser, JsonToken value, List<Map<String, AttributeValue>> items)
            throws IOException, Unreadable {
        expect(value, JsonToken.START_ARRAY);
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            items.add(readItem(parser, token));
        }
    }

    private static WireItem readItem(JsonParser parser, JsonToken value) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        WireItem item = new WireItem();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            expect(parser.nextToken(), JsonToken.FIELD_NAME);
            String type = parser.currentName();
            JsonToken content = parser.nextToken();
            if (type.equals("S") && content == JsonToken.VALUE_STRING) {
                item.addText(name, WireItem.STRING, parser.getText());
            } else if (type.equals("N") && content == JsonToken.VALUE_STRING) {
                item.addText(name, WireItem.NUMBER, parser.getText());
            } else {
                item.addValue(name, readContent(parser, type, content));
            }
            expect(parser.nextToken(), JsonToken.END_OBJECT);
        }
        return item;
    }

    /** One attribute value: {@code {"S": "..."}} and the like, from its opening brace. */
    private static AttributeValue readValue(JsonParser parser, JsonToken value) throws IOException, Unreadable {
        expect(value, JsonToken.START_OBJECT);
        expect(parser.nextToken(), JsonToken.FIELD_NAME);
        String type = parser.currentName();
        AttributeValue read = readContent(parser, type, parser.nextToken());
        expect(parser.nextToken(), JsonToken.END_OBJECT);
        return read;
    }

    private static AttributeValue readContent(JsonParser parser, String type, JsonToken content) throws IOException, Unreadable {
        switch (type) {
            case "S":
                expect(content, JsonToken.VALUE_STRING);
                return AttributeValue.fromS(parser.getText());
            case "N":
                expect(content, JsonToken.VALUE_STRING);
                return AttributeValue.fromN(parser.getText());
            case "BOOL":
                if (content != JsonToken.VALUE_TRUE && content != JsonToken.VALUE_FALSE) {
                    throw new Unreadable("BOOL " + content);
                }
                return AttributeValue.fromBool(content == JsonToken.VALUE_TRUE);
            case "NULL":
                if (content != JsonToken.VALUE_TRUE) {
                    throw new Unreadable("NULL " + content);
                }
                return AttributeValue.fromNul(true);
            case "B":
                expect(content, JsonToken.VALUE_STRING);
                return AttributeValue.fromB(bytes(parser.getText()));
            case "SS":
                return AttributeValue.fromSs(texts(parser, content));
            case "NS":
                return AttributeValue.fromNs(texts(parser, content));
            case "BS": {
                List<SdkBytes> bytes = new ArrayList<>();
                for (String text : texts(parser, content)) {
                    bytes.add(bytes(text));
                }
                return AttributeValue.fromBs(bytes);
            }
            case "L": {
                expect(content, JsonToken.START_ARRAY);
                List<AttributeValue> list = new ArrayList<>();
                JsonToken token;
                while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(readValue(parser, token));
                }
                return AttributeValue.fromL(list);
            }
            case "M": {
                expect(content, JsonToken.START_OBJECT);
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    map.put(name, readValue(parser, parser.nextToken()));
                }
                return AttributeValue.fromM(map);
            }
            default:
                throw new Unreadable("attribute type " + type);
        }
    }

    private static List<String> texts(JsonParser parser, JsonToken content) throws IOException, Unreadable {
        expect(content, JsonToken.START_ARRAY);
        List<String> texts = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            expect(token, JsonToken.VALUE_STRING);
            texts.add(parser.getText());
        }
        return texts;
    }

    private static SdkBytes bytes(String base64) {
        return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(base64));
    }

    private static void expect(JsonToken found, JsonToken expected) throws Unreadable {
        if (found != expected) {
            throw new Unreadable("expected " + expected + " but found " + found);
        }
    }
}
