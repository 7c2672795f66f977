package dev.singletable.wire.internal.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.core.traits.TraitType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.utils.builder.SdkBuilder;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a DynamoDB JSON body (a response, or the members of an error) into the SDK's model builder, by the builder's
 * own field list ({@code SdkPojo.sdkFields()}): what the SDK's JSON protocol unmarshaller does, streamed with
 * Jackson and without its unmarshaller registry. Attribute values are read by their type directly. Members the
 * model does not know are skipped, as the SDK skips them.
 */
final class JsonResponseReader {
    private final JsonFactory json;

    JsonResponseReader(JsonFactory json) {
        this.json = json;
    }

    /** A parser of the body, for a reader of its own (the error code and message of an error response). */
    JsonParser parser(byte[] body) throws IOException {
        return json.createParser(body);
    }

    /** Fills {@code builder} from the body's members; an empty body leaves it as it is. */
    <B extends SdkPojo> B read(byte[] body, B builder) throws IOException {
        if (body.length == 0) {
            return builder;
        }
        try (JsonParser parser = parser(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return builder;
            }
            readPojo(parser, first, builder);
        }
        return builder;
    }

    private void readPojo(JsonParser parser, JsonToken start, SdkPojo builder) throws IOException {
        expect(start, JsonToken.START_OBJECT, parser);
        List<SdkField<?>> fields = builder.sdkFields();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            SdkField<?> field = find(fields, name);
            if (field == null || value == JsonToken.VALUE_NULL) {
                parser.skipChildren();
            } else {
                field.set(builder, readValue(parser, value, field));
            }
        }
    }

    private static SdkField<?> find(List<SdkField<?>> fields, String name) {
        for (SdkField<?> field : fields) {
            if (field.unmarshallLocationName().equals(name)) {
                return field;
            }
        }
        return null;
    }

    private Object readValue(JsonParser parser, JsonToken token, SdkField<?> field) throws IOException {
        MarshallingType<?> type = field.marshallingType();
        if (type == MarshallingType.STRING) {
            return parser.getText();
        } else if (type == MarshallingType.SDK_POJO) {
            SdkPojo builder = field.constructor().get();
            if (builder instanceof AttributeValue.Builder) {
                return readAttribute(parser, token);
            }
            readPojo(parser, token, builder);
            return ((SdkBuilder<?, ?>) builder).build();
        } else if (type == MarshallingType.LIST) {
            expect(token, JsonToken.START_ARRAY, parser);
            SdkField<?> member = field.getTrait(ListTrait.class, TraitType.LIST_TRAIT).memberFieldInfo();
            List<Object> list = new ArrayList<>();
            JsonToken element;
            while ((element = parser.nextToken()) != JsonToken.END_ARRAY) {
                list.add(element == JsonToken.VALUE_NULL ? null : readValue(parser, element, member));
            }
            return list;
        } else if (type == MarshallingType.MAP) {
            expect(token, JsonToken.START_OBJECT, parser);
            SdkField<?> valueField = field.getTrait(MapTrait.class, TraitType.MAP_TRAIT).valueFieldInfo();
            Map<String, Object> map = new LinkedHashMap<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                map.put(key, value == JsonToken.VALUE_NULL ? null : readValue(parser, value, valueField));
            }
            return map;
        } else if (type == MarshallingType.BOOLEAN) {
            return parser.getBooleanValue();
        } else if (type == MarshallingType.INTEGER) {
            return parser.getIntValue();
        } else if (type == MarshallingType.LONG) {
            return parser.getLongValue();
        } else if (type == MarshallingType.DOUBLE) {
            return parser.getDoubleValue();
        } else if (type == MarshallingType.FLOAT) {
            return parser.getFloatValue();
        } else if (type == MarshallingType.BIG_DECIMAL) {
            return parser.getDecimalValue();
        } else if (type == MarshallingType.INSTANT) {
            return instant(parser.getDecimalValue());
        } else if (type == MarshallingType.SDK_BYTES) {
            return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(parser.getText()));
        }
        throw new IOException("member " + field.memberName() + " of type " + type + " is not read by singletable's wire client");
    }

    /** DynamoDB's timestamps are epoch seconds with a fraction. */
    private static Instant instant(BigDecimal seconds) {
        long whole = seconds.longValue();
        int nanos = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(9).intValue();
        return Instant.ofEpochSecond(whole, nanos);
    }

    /** One attribute value: {@code {"S": "..."}} and the like, from its opening brace. */
    private static AttributeValue readAttribute(JsonParser parser, JsonToken start) throws IOException {
        expect(start, JsonToken.START_OBJECT, parser);
        expect(parser.nextToken(), JsonToken.FIELD_NAME, parser);
        String type = parser.currentName();
        JsonToken content = parser.nextToken();
        AttributeValue value = switch (type) {
            case "S" -> AttributeValue.fromS(parser.getText());
            case "N" -> AttributeValue.fromN(parser.getText());
            case "BOOL" -> AttributeValue.fromBool(parser.getBooleanValue());
            case "NULL" -> AttributeValue.fromNul(parser.getBooleanValue());
            case "B" -> AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(parser.getText())));
            case "SS" -> AttributeValue.fromSs(texts(parser, content));
            case "NS" -> AttributeValue.fromNs(texts(parser, content));
            case "BS" -> {
                List<SdkBytes> bytes = new ArrayList<>();
                for (String text : texts(parser, content)) {
                    bytes.add(SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(text)));
                }
                yield AttributeValue.fromBs(bytes);
            }
            case "L" -> {
                expect(content, JsonToken.START_ARRAY, parser);
                List<AttributeValue> list = new ArrayList<>();
                JsonToken element;
                while ((element = parser.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(readAttribute(parser, element));
                }
                yield AttributeValue.fromL(list);
            }
            case "M" -> {
                expect(content, JsonToken.START_OBJECT, parser);
                Map<String, AttributeValue> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    map.put(name, readAttribute(parser, parser.nextToken()));
                }
                yield AttributeValue.fromM(map);
            }
            default -> throw new IOException("attribute type " + type + " is not one DynamoDB sends");
        };
        expect(parser.nextToken(), JsonToken.END_OBJECT, parser);
        return value;
    }

    private static List<String> texts(JsonParser parser, JsonToken content) throws IOException {
        expect(content, JsonToken.START_ARRAY, parser);
        List<String> texts = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            expect(token, JsonToken.VALUE_STRING, parser);
            texts.add(parser.getText());
        }
        return texts;
    }

    private static void expect(JsonToken found, JsonToken expected, JsonParser parser) throws IOException {
        if (found != expected) {
            throw new IOException("expected " + expected + " but found " + found + " at " + parser.currentLocation());
        }
    }
}
