package dev.singletable.wire.internal.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compact reader gives exactly what the Jackson reader gives, or declines and leaves the body to it: pages of random
 * items (every type, nested, names and texts with escapes, control characters, Latin-1, characters beyond it and
 * outside the BMP, written with and without escaping non-ASCII), and the bodies it must decline.
 */
class CompactBodyTest {
    private static final JsonFactory JSON = new JsonFactory();

    /** What a reader gave, comparable as a whole: each item's entries in their order, and the rest as text. */
    private static Optional<List<Object>> view(Optional<WireBody.Decoded> decoded) {
        return decoded.map(d -> List.of(d.items().stream().map(item -> List.copyOf(item.entrySet())).toList(),
                new String(d.rest(), StandardCharsets.UTF_8)));
    }

    private static Optional<List<Object>> compact(String operation, byte[] body) {
        return view(CompactBody.decode(operation, body, body.length));
    }

    private static Optional<List<Object>> jackson(String operation, byte[] body) {
        return view(WireBody.decodeWithJackson(operation, body, body.length));
    }

    private static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    @Property(tries = 300)
    void decode_whenAQueryPageIsCompact_readsWhatJacksonReads(@ForAll("pages") List<Map<String, AttributeValue>> items,
                                                               @ForAll boolean escapeNonAscii, @ForAll boolean lastKey) {
        byte[] body = queryBody(items, escapeNonAscii, lastKey);

        Optional<List<Object>> compact = compact("Query", body);

        assertThat(compact).isPresent().isEqualTo(jackson("Query", body));
    }

    @Property(tries = 200)
    void decode_whenItemsShareTheirNamesMostly_readsWhatJacksonReads(@ForAll("pagesOfOneShape") List<Map<String, AttributeValue>> items) {
        byte[] body = queryBody(items, false, true);

        Optional<List<Object>> compact = compact("Query", body);

        assertThat(compact).isPresent().isEqualTo(jackson("Query", body));
    }

    @Property(tries = 100)
    void decode_whenAGetOrBatchGetIsCompact_readsWhatJacksonReads(@ForAll("pages") List<Map<String, AttributeValue>> items) {
        byte[] get = write(generator -> {
            generator.writeStartObject();
            if (!items.isEmpty()) {
                generator.writeFieldName("Item");
                writeItem(generator, items.get(0));
            }
            generator.writeEndObject();
        }, false);
        byte[] batch = write(generator -> {
            generator.writeStartObject();
            generator.writeFieldName("Responses");
            generator.writeStartObject();
            generator.writeFieldName("T\"able");
            generator.writeStartArray();
            for (Map<String, AttributeValue> item : items) {
                writeItem(generator, item);
            }
            generator.writeEndArray();
            generator.writeEndObject();
            generator.writeFieldName("UnprocessedKeys");
            generator.writeRawValue("{\"T\":{\"Keys\":[{\"PK\":{\"S\":\"x\"}}],\"ProjectionExpression\":\"#a, b\"}}");
            generator.writeEndObject();
        }, false);

        assertThat(List.of(compact("GetItem", get), compact("BatchGetItem", batch)))
                .allSatisfy(result -> assertThat(result).isPresent())
                .isEqualTo(List.of(jackson("GetItem", get), jackson("BatchGetItem", batch)));
    }

    @Test
    void decode_whenTextsAndNamesHoldEscapesAndCharactersOfEverySize_readsThemExactly() {
        byte[] body = utf8("{\"Items\":[{\"n\\u00e4me\\\"\":{\"S\":\"a\\\"b\\\\c\\/d\\n\\t\\u0001\\u00e9\\u20ac\\ud83d\\ude00\"},"
                + "\"é€😀\":{\"SS\":[\"é\",\"€\",\"😀\",\"plain\"]},\"m\":{\"M\":{\"\":{\"NULL\":true}}}}],\"Count\":1}");

        Optional<List<Object>> compact = compact("Query", body);

        assertThat(compact).isPresent().isEqualTo(jackson("Query", body));
        Map<String, AttributeValue> item = CompactBody.decode("Query", body, body.length).orElseThrow().items().get(0);
        assertThat(item).isEqualTo(Map.of(
                "n\u00e4me\"", AttributeValue.fromS("a\"b\\c/d\n\t\u0001\u00e9\u20ac\ud83d\ude00"),
                "é€😀", AttributeValue.fromSs(List.of("é", "€", "😀", "plain")),
                "m", AttributeValue.fromM(Map.of("", AttributeValue.fromNul(true)))));
    }

    @Test
    void decode_whenTheSameNamesComeAgain_givesTheInternedStringAsJacksonDoes() {
        byte[] body = utf8("{\"Items\":[{\"customerId\":{\"S\":\"C1\"}},{\"customerId\":{\"S\":\"C2\"}}]}");

        WireItem second = (WireItem) CompactBody.decode("Query", body, body.length).orElseThrow().items().get(1);

        assertThat(second.keySet().iterator().next()).isSameAs("customerId");
    }

    @Test
    void decode_whenNamesDifferOnlyInTheirMiddleOrAroundAWord_readsEachAsItself() {
        // names alike but in their middle, and of lengths around a word: each is read as itself, in any order
        List<String> names = List.of("shipping_A_address", "shipping_B_address", "shipping_C_address", "", "a", "abcdefg",
                "abcdefgh", "abcdefghi", "n\u00e4me", "PK", "SK");
        StringBuilder json = new StringBuilder("{\"Items\":[");
        for (int item = 0; item < 3; item++) {
            json.append(item == 0 ? "{" : ",{");
            for (int i = 0; i < names.size(); i++) {
                String name = names.get((i + item * 4) % names.size()); // another order on each item, as DynamoDB writes them
                json.append(i == 0 ? "" : ",").append('"').append(name).append("\":{\"N\":\"").append(i).append("\"}");
            }
            json.append('}');
        }
        byte[] body = utf8(json.append("],\"Count\":3}").toString());

        List<Map<String, AttributeValue>> items = CompactBody.decode("Query", body, body.length).orElseThrow().items();

        assertThat(compact("Query", body)).isEqualTo(jackson("Query", body));
        assertThat(items).hasSize(3).allSatisfy(item -> assertThat(item.keySet()).containsExactlyInAnyOrder("shipping_A_address",
                "shipping_B_address", "shipping_C_address", "", "a", "abcdefg", "abcdefgh", "abcdefghi", "n\u00e4me", "PK", "SK"));
        assertThat(items.get(2).get("shipping_B_address")).isEqualTo(AttributeValue.fromN("4"));
    }

    @Test
    void decode_whenTheBodyIsNotCompactOrNotReadable_declinesAndTheJacksonReaderDecides() {
        Map<String, String> bodies = new LinkedHashMap<>();
        bodies.put("white space", "{\"Items\": [{\"PK\":{\"S\":\"a\"}}]}");
        bodies.put("white space at the end", "{\"Items\":[{\"PK\":{\"S\":\"a\"}}]}\n");
        bodies.put("a type tag written with an escape", "{\"Items\":[{\"PK\":{\"\\u0053\":\"a\"}}]}");
        bodies.put("an unknown type", "{\"Items\":[{\"PK\":{\"X\":\"a\"}}]}");
        bodies.put("two types in one value", "{\"Items\":[{\"PK\":{\"S\":\"a\",\"N\":\"1\"}}]}");
        bodies.put("NULL false", "{\"Items\":[{\"PK\":{\"NULL\":false}}]}");
        bodies.put("a binary that is not Base64", "{\"Items\":[{\"b\":{\"B\":\"***\"}}]}");
        bodies.put("a raw control character", "{\"Items\":[{\"PK\":{\"S\":\"a\u0001\"}}]}");
        bodies.put("a bad escape", "{\"Items\":[{\"PK\":{\"S\":\"a\\q\"}}]}");
        bodies.put("something after the object", "{\"Items\":[],\"Count\":0}{}");
        bodies.put("Items written with an escape", "{\"It\\u0065ms\":[{\"a\":{\"S\":\"x\"}}],\"Count\":1}");
        bodies.put("a cut body", "{\"Items\":[{\"PK\":{\"S\":\"a");
        bodies.put("a list nested deeper than DynamoDB allows",
                "{\"Items\":[{\"l\":" + "{\"L\":[".repeat(45) + "]}".repeat(45) + "}]}");

        Map<String, List<Optional<List<Object>>>> results = new LinkedHashMap<>();
        bodies.forEach((what, json) -> results.put(what, List.of(compact("Query", utf8(json)),
                view(WireBody.decode("Query", utf8(json), utf8(json).length)))));

        Map<String, List<Optional<List<Object>>>> expected = new LinkedHashMap<>();
        bodies.forEach((what, json) -> expected.put(what, List.of(Optional.empty(), jackson("Query", utf8(json)))));
        assertThat(results).isEqualTo(expected);
        // and the Jackson reader does read the ones that are JSON of the right shape
        assertThat(List.of("white space", "white space at the end", "a type tag written with an escape",
                "a list nested deeper than DynamoDB allows", "Items written with an escape").stream()
                .map(what -> expected.get(what).get(1).isPresent()).toList())
                .isEqualTo(List.of(true, true, true, true, true));
    }

    @Test
    void decode_whenTheItemsFieldOfAGetOrBatchGetIsWrittenWithAnEscape_declinesAndJacksonReadsTheItems() {
        byte[] get = utf8("{\"\\u0049tem\":{\"a\":{\"S\":\"x\"}}}");
        byte[] batch = utf8("{\"Re\\u0073ponses\":{\"T\":[{\"a\":{\"S\":\"x\"}}]}}");

        assertThat(List.of(compact("GetItem", get), compact("BatchGetItem", batch),
                view(WireBody.decode("GetItem", get, get.length)).map(v -> ((List<?>) v.get(0)).size()),
                view(WireBody.decode("BatchGetItem", batch, batch.length)).map(v -> ((List<?>) v.get(0)).size())))
                .isEqualTo(List.of(Optional.empty(), Optional.empty(), Optional.of(1), Optional.of(1)));
    }

    @Test
    void decode_whenABatchGetAnswersTwoTables_declinesAsJacksonDoes() {
        byte[] body = utf8("{\"Responses\":{\"T\":[],\"U\":[]}}");

        assertThat(List.of(compact("BatchGetItem", body), jackson("BatchGetItem", body)))
                .isEqualTo(List.of(Optional.empty(), Optional.empty()));
    }

    @Test
    void decode_whenTheBytesAreNotUtf8_declinesAsJacksonDoes() {
        byte[] body = utf8("{\"Items\":[{\"PK\":{\"S\":\"caf?\"}}]}");
        body[body.length - 7] = (byte) 0xE9; // Latin-1's é, not UTF-8

        assertThat(List.of(compact("Query", body), jackson("Query", body))).isEqualTo(List.of(Optional.empty(), Optional.empty()));
    }

    // --- random pages, written as DynamoDB writes them (compact), by Jackson's generator

    @Provide
    Arbitrary<List<Map<String, AttributeValue>>> pages() {
        return items().list().ofMaxSize(6);
    }

    /** Items of mostly the same names in the same order, as a page of one entity is: some left out, some of other types. */
    @Provide
    Arbitrary<List<Map<String, AttributeValue>>> pagesOfOneShape() {
        return texts().list().uniqueElements().ofMinSize(1).ofMaxSize(8).flatMap(names -> {
            Arbitrary<Map<String, AttributeValue>> item = values(1).list().ofSize(names.size())
                    .flatMap(values -> Arbitraries.integers().between(0, 4).list().ofSize(names.size()).map(leaveOut -> {
                        Map<String, AttributeValue> map = new LinkedHashMap<>();
                        for (int i = 0; i < names.size(); i++) {
                            if (leaveOut.get(i) != 0) {
                                map.put(names.get(i), values.get(i));
                            }
                        }
                        return map;
                    }));
            return item.list().ofMinSize(1).ofMaxSize(8);
        });
    }

    private Arbitrary<Map<String, AttributeValue>> items() {
        return Arbitraries.maps(texts(), values(2)).ofMaxSize(6).map(LinkedHashMap::new);
    }

    private static Arbitrary<String> texts() {
        Arbitrary<String> chars = Arbitraries.strings().withCharRange('\u0000', '\u007f').withCharRange('\u0080', '\u00ff')
                .withCharRange('\u0100', '\ud7ff').ofMaxLength(8);
        Arbitrary<String> plain = Arbitraries.strings().alpha().numeric().withChars("#_-.").ofMinLength(1).ofMaxLength(12);
        return Arbitraries.oneOf(plain, plain, chars, chars.map(text -> text + "\ud83d\ude00"));
    }

    private Arbitrary<AttributeValue> values(int depth) {
        Arbitrary<AttributeValue> scalars = Arbitraries.oneOf(
                texts().map(AttributeValue::fromS),
                Arbitraries.bigDecimals().ofScale(3).map(n -> AttributeValue.fromN(n.toPlainString())),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(9).map(b -> AttributeValue.fromB(SdkBytes.fromByteArray(b))),
                Arbitraries.of(true, false).map(AttributeValue::fromBool),
                Arbitraries.just(AttributeValue.fromNul(true)),
                texts().set().ofMinSize(1).ofMaxSize(3).map(set -> AttributeValue.fromSs(List.copyOf(set))),
                Arbitraries.integers().set().ofMinSize(1).ofMaxSize(3)
                        .map(set -> AttributeValue.fromNs(set.stream().map(String::valueOf).toList())),
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(4).list().ofMinSize(1).ofMaxSize(2)
                        .map(list -> AttributeValue.fromBs(list.stream().map(SdkBytes::fromByteArray).toList())));
        if (depth == 0) {
            return scalars;
        }
        Arbitrary<AttributeValue> lists = values(depth - 1).list().ofMaxSize(3).map(AttributeValue::fromL);
        Arbitrary<AttributeValue> maps = Arbitraries.maps(texts(), values(depth - 1)).ofMaxSize(3)
                .map(map -> AttributeValue.fromM(new LinkedHashMap<>(map)));
        return Arbitraries.oneOf(scalars, scalars, scalars, lists, maps);
    }

    private static byte[] queryBody(List<Map<String, AttributeValue>> items, boolean escapeNonAscii, boolean lastKey) {
        return write(generator -> {
            generator.writeStartObject();
            generator.writeNumberField("Count", items.size());
            generator.writeFieldName("Items");
            generator.writeStartArray();
            for (Map<String, AttributeValue> item : items) {
                writeItem(generator, item);
            }
            generator.writeEndArray();
            if (lastKey && !items.isEmpty()) {
                generator.writeFieldName("LastEvaluatedKey");
                writeItem(generator, items.get(items.size() - 1));
            }
            generator.writeNumberField("ScannedCount", items.size());
            generator.writeFieldName("ConsumedCapacity");
            generator.writeRawValue("{\"TableName\":\"T\",\"CapacityUnits\":0.5,\"Table\":{\"CapacityUnits\":0.5},\"ok\":true,\"no\":null,"
                    + "\"e\":-1.5E-3,\"list\":[1,\"a\\\"]\",{}]}");
            generator.writeEndObject();
        }, escapeNonAscii);
    }

    private interface Writing {
        void write(JsonGenerator generator) throws IOException;
    }

    private static byte[] write(Writing writing, boolean escapeNonAscii) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = JSON.createGenerator(out)) {
            if (escapeNonAscii) {
                generator.enable(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature());
            }
            writing.write(generator);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void writeItem(JsonGenerator generator, Map<String, AttributeValue> item) throws IOException {
        generator.writeStartObject();
        for (Map.Entry<String, AttributeValue> entry : item.entrySet()) {
            generator.writeFieldName(entry.getKey());
            writeValue(generator, entry.getValue());
        }
        generator.writeEndObject();
    }

    private static void writeValue(JsonGenerator generator, AttributeValue value) throws IOException {
        generator.writeStartObject();
        switch (value.type()) {
            case S -> generator.writeStringField("S", value.s());
            case N -> generator.writeStringField("N", value.n());
            case B -> generator.writeStringField("B", java.util.Base64.getEncoder().encodeToString(value.b().asByteArray()));
            case BOOL -> generator.writeBooleanField("BOOL", value.bool());
            case NUL -> generator.writeBooleanField("NULL", true);
            case SS -> writeTexts(generator, "SS", value.ss());
            case NS -> writeTexts(generator, "NS", value.ns());
            case BS -> writeTexts(generator, "BS", value.bs().stream()
                    .map(b -> java.util.Base64.getEncoder().encodeToString(b.asByteArray())).toList());
            case L -> {
                generator.writeFieldName("L");
                generator.writeStartArray();
                for (AttributeValue element : value.l()) {
                    writeValue(generator, element);
                }
                generator.writeEndArray();
            }
            case M -> {
                generator.writeFieldName("M");
                writeItem(generator, value.m());
            }
            default -> throw new IllegalArgumentException(value.toString());
        }
        generator.writeEndObject();
    }

    private static void writeTexts(JsonGenerator generator, String tag, List<String> texts) throws IOException {
        generator.writeFieldName(tag);
        generator.writeStartArray();
        for (String text : texts) {
            generator.writeString(text);
        }
        generator.writeEndArray();
    }
}
