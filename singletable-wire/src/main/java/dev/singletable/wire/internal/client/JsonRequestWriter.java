package dev.singletable.wire.internal.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallLocation;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Writes a DynamoDB request as the JSON body of the {@code awsJson1_0} protocol, from the request's own field list
 * ({@code SdkPojo.sdkFields()}: name and value of each member): what the SDK's JSON protocol marshaller does, without
 * its marshaller registry, so a first request loads none of it. Attribute values are written by their type directly.
 * Members the caller never set (the SDK's auto-constructed empty lists and maps, nulls) are left out, as the SDK
 * leaves them out.
 */
final class JsonRequestWriter {
    private final JsonFactory json;

    JsonRequestWriter(JsonFactory json) {
        this.json = json;
    }

    byte[] write(SdkPojo request) {
        ByteArrayOutputStream body = new ByteArrayOutputStream(256);
        try (JsonGenerator out = json.createGenerator(body)) {
            writePojo(out, request);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a request into memory failed", e);
        }
        return body.toByteArray();
    }

    private void writePojo(JsonGenerator out, SdkPojo pojo) throws IOException {
        out.writeStartObject();
        for (SdkField<?> field : pojo.sdkFields()) {
            if (field.location() != MarshallLocation.PAYLOAD) {
                continue; // DynamoDB's members are all in the payload; anything else is not part of the body
            }
            Object value = field.getValueOrDefault(pojo);
            if (isSet(value)) {
                out.writeFieldName(field.locationName());
                writeValue(out, value);
            }
        }
        out.writeEndObject();
    }

    private static boolean isSet(Object value) {
        return value != null && !(value instanceof SdkAutoConstructList) && !(value instanceof SdkAutoConstructMap);
    }

    private void writeValue(JsonGenerator out, Object value) throws IOException {
        if (value instanceof AttributeValue attribute) {
            writeAttribute(out, attribute);
        } else if (value instanceof String text) {
            out.writeString(text);
        } else if (value instanceof Boolean bool) {
            out.writeBoolean(bool);
        } else if (value instanceof Integer || value instanceof Long || value instanceof Double || value instanceof Float
                || value instanceof BigDecimal) {
            out.writeNumber(value.toString()); // each type's own text, as the generator's typed writers write it
        } else if (value instanceof Instant instant) {
            out.writeNumber(BigDecimal.valueOf(instant.getEpochSecond()).add(BigDecimal.valueOf(instant.getNano(), 9)));
        } else if (value instanceof SdkBytes bytes) {
            out.writeString(Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe()));
        } else if (value instanceof SdkPojo pojo) {
            writePojo(out, pojo);
        } else if (value instanceof List<?> list) {
            out.writeStartArray();
            for (Object element : list) {
                writeValue(out, element);
            }
            out.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            out.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.writeFieldName((String) entry.getKey());
                writeValue(out, entry.getValue());
            }
            out.writeEndObject();
        } else {
            throw new IllegalArgumentException("a request member of type " + value.getClass().getName()
                    + " cannot be written as JSON by singletable's wire client");
        }
    }

    private void writeAttribute(JsonGenerator out, AttributeValue value) throws IOException {
        if (value.type() == null || value.type() == AttributeValue.Type.UNKNOWN_TO_SDK_VERSION) {
            writePojo(out, value); // no type or several: written member by member, as the SDK writes it, for DynamoDB to judge
            return;
        }
        out.writeStartObject();
        switch (value.type()) {
            case S -> out.writeStringField("S", value.s());
            case N -> out.writeStringField("N", value.n());
            case B -> out.writeStringField("B", Base64.getEncoder().encodeToString(value.b().asByteArrayUnsafe()));
            case BOOL -> out.writeBooleanField("BOOL", value.bool());
            case NUL -> out.writeBooleanField("NULL", value.nul());
            case SS -> writeTexts(out, "SS", value.ss());
            case NS -> writeTexts(out, "NS", value.ns());
            case BS -> {
                out.writeArrayFieldStart("BS");
                for (SdkBytes bytes : value.bs()) {
                    out.writeString(Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe()));
                }
                out.writeEndArray();
            }
            case L -> {
                out.writeArrayFieldStart("L");
                for (AttributeValue element : value.l()) {
                    writeAttribute(out, element);
                }
                out.writeEndArray();
            }
            case M -> {
                out.writeObjectFieldStart("M");
                for (Map.Entry<String, AttributeValue> entry : value.m().entrySet()) {
                    out.writeFieldName(entry.getKey());
                    writeAttribute(out, entry.getValue());
                }
                out.writeEndObject();
            }
            default -> throw new IllegalStateException("attribute type " + value.type() + " is not written by singletable's wire client");
        }
        out.writeEndObject();
    }

    private static void writeTexts(JsonGenerator out, String type, List<String> texts) throws IOException {
        out.writeArrayFieldStart(type);
        for (String text : texts) {
            out.writeString(text);
        }
        out.writeEndArray();
    }
}
