package dev.singletable.bench.operations;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A recorded Query response with its items taken out (and Count and ScannedCount at 0); every other field kept. */
final class EmptyPage {
    private static final JsonFactory JSON = new JsonFactory();

    private EmptyPage() {
    }

    static byte[] of(byte[] recorded) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonParser parser = JSON.createParser(recorded); JsonGenerator generator = JSON.createGenerator(out)) {
            parser.nextToken();
            generator.writeStartObject();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                generator.writeFieldName(field);
                if (field.equals("Items")) {
                    parser.skipChildren();
                    generator.writeStartArray();
                    generator.writeEndArray();
                } else if (field.equals("Count") || field.equals("ScannedCount")) {
                    generator.writeNumber(0);
                } else {
                    generator.copyCurrentStructure(parser);
                }
            }
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
