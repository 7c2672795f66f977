package dev.singletable.wire.internal.codec;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class WireBodyTest {

    private static Optional<WireBody.Decoded> decode(String operation, String json) {
        return WireBody.decode(operation, json.getBytes(StandardCharsets.UTF_8));
    }

    private static String rest(WireBody.Decoded decoded) {
        return new String(decoded.rest(), StandardCharsets.UTF_8);
    }

    @Test
    void decode_whenQueryItemsHoldEveryType_readsThemAndKeepsTheOtherFields() {
        String json = """
                {"Count":1,"Items":[{"PK":{"S":"A#1"},"n":{"N":"-1.5e3"},"b":{"BOOL":true},"nul":{"NULL":true},\
                "bin":{"B":"AAH/"},"ss":{"SS":["x","y"]},"ns":{"NS":["1","2"]},"bs":{"BS":["AA=="]},\
                "l":{"L":[{"S":"a"},{"N":"1"},{"L":[]}]},"m":{"M":{"k":{"S":"v"},"deep":{"M":{"f":{"BOOL":false}}}}}}],\
                "LastEvaluatedKey":{"PK":{"S":"A#1"}},"ScannedCount":2,"ConsumedCapacity":{"TableName":"T","CapacityUnits":0.5}}""";

        WireBody.Decoded decoded = decode("Query", json).orElseThrow();

        Map<String, AttributeValue> expected = new LinkedHashMap<>();
        expected.put("PK", AttributeValue.fromS("A#1"));
        expected.put("n", AttributeValue.fromN("-1.5e3"));
        expected.put("b", AttributeValue.fromBool(true));
        expected.put("nul", AttributeValue.fromNul(true));
        expected.put("bin", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[]{0, 1, (byte) 255})));
        expected.put("ss", AttributeValue.fromSs(List.of("x", "y")));
        expected.put("ns", AttributeValue.fromNs(List.of("1", "2")));
        expected.put("bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[]{0}))));
        expected.put("l", AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromN("1"), AttributeValue.fromL(List.of()))));
        expected.put("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("v"),
                "deep", AttributeValue.fromM(Map.of("f", AttributeValue.fromBool(false))))));
        assertThat(decoded.items()).singleElement().isEqualTo(expected);
        assertThat(List.copyOf(decoded.items().get(0).keySet())).isEqualTo(List.copyOf(expected.keySet()));
        assertThat(rest(decoded)).isEqualTo("{\"Count\":1,\"Items\":[],\"LastEvaluatedKey\":{\"PK\":{\"S\":\"A#1\"}},\"ScannedCount\":2,"
                + "\"ConsumedCapacity\":{\"TableName\":\"T\",\"CapacityUnits\":0.5}}");
    }

    @Test
    void decode_whenItemHoldsStringsAndNumbers_keepsTheirTextForTheEntityDecoder() {
        WireItem item = (WireItem) decode("Scan", "{\"Items\":[{\"s\":{\"S\":\"text\"},\"n\":{\"N\":\"42\"},\"b\":{\"BOOL\":true},"
                + "\"l\":{\"L\":[]}}],\"Count\":1}").orElseThrow().items().get(0);
        int s = item.find("s");
        int n = item.find("n");

        assertThat(List.of(item.storedAs(s), item.text(s).toString(), item.storedAs(n), item.text(n).toString(),
                item.storedAs(item.find("b")), item.storedAs(item.find("l")), item.find("missing")))
                .isEqualTo(List.of("S", "text", "N", "42", "BOOL", "L", -1));
    }

    @Test
    void text_whenTheCoreKeptTheTextAsAString_givesThatStringAgain() {
        WireBody.Decoded decoded = decode("Query", "{\"Items\":[{\"PK\":{\"S\":\"C1\"},\"n\":{\"N\":\"7\"}},"
                + "{\"PK\":{\"S\":\"C1\"},\"n\":{\"N\":\"7\"}}]}").orElseThrow();
        WireItem first = (WireItem) decoded.items().get(0);
        WireItem second = (WireItem) decoded.items().get(1);

        CharSequence parsed = first.text(first.find("n"));
        // read in place, without a String: the page's one view, given again for the next text
        assertThat(List.of(parsed instanceof String, parsed.length(), parsed.charAt(0))).isEqualTo(List.of(false, 1, '7'));
        assertThat(second.text(second.find("n"))).isSameAs(parsed);

        String kept = first.text(first.find("PK")).toString();
        assertThat(second.text(second.find("PK")).toString()).isSameAs(kept);
    }

    @Test
    void decode_whenTextsHoldEscapesAndCharactersBeyondLatin1_keepsThemExactly() {
        String json = "{\"Items\":[{\"a\":{\"S\":\"caf\\u00e9 \\\"q\\\" \\n\"},\"b\":{\"S\":\"\u20ac \ud83d\ude00 \u00e9\"},"
                + "\"c\":{\"SS\":[\"\u00e9\",\"\u4e2d\"]},\"d\":{\"M\":{\"\u00fc\":{\"S\":\"\u00fc\"}}}}]}";

        WireItem item = (WireItem) decode("Query", json).orElseThrow().items().get(0);

        Map<String, AttributeValue> expected = new LinkedHashMap<>();
        expected.put("a", AttributeValue.fromS("caf\u00e9 \"q\" \n"));
        expected.put("b", AttributeValue.fromS("\u20ac \ud83d\ude00 \u00e9"));
        expected.put("c", AttributeValue.fromSs(List.of("\u00e9", "\u4e2d")));
        expected.put("d", AttributeValue.fromM(Map.of("\u00fc", AttributeValue.fromS("\u00fc"))));
        assertThat(item).isEqualTo(expected);
        assertThat(List.of(item.text(item.find("b")).toString(), item.text(item.find("a")).toString()))
                .isEqualTo(List.of("\u20ac \ud83d\ude00 \u00e9", "caf\u00e9 \"q\" \n"));
    }

    @Test
    void decode_whenPagesFollowOnTheSameThread_eachPageKeepsItsOwnValues() {
        WireItem first = (WireItem) decode("Query", "{\"Items\":[{\"PK\":{\"S\":\"first\"},\"l\":{\"L\":[{\"N\":\"1\"}]}}]}")
                .orElseThrow().items().get(0);
        WireItem second = (WireItem) decode("Query", "{\"Items\":[{\"PK\":{\"S\":\"second, longer\"},\"l\":{\"L\":[]}}]}")
                .orElseThrow().items().get(0);

        assertThat(List.of(first, second)).isEqualTo(List.of(
                Map.of("PK", AttributeValue.fromS("first"), "l", AttributeValue.fromL(List.of(AttributeValue.fromN("1")))),
                Map.of("PK", AttributeValue.fromS("second, longer"), "l", AttributeValue.fromL(List.of()))));
    }

    @Test
    void decode_whenItemsChangeTheirAttributesOrderAndTypes_readsEachItemAsItCame() {
        // each item is read expecting the one before: another name, order, type or count must still read as written
        String json = "{\"Items\":[{\"a\":{\"S\":\"1\"},\"b\":{\"N\":\"2\"}},{\"b\":{\"N\":\"3\"},\"a\":{\"S\":\"4\"}},"
                + "{\"a\":{\"N\":\"5\"},\"c\":{\"BOOL\":false},\"b\":{\"S\":\"6\\\"\"}},{},{\"a\":{\"S\":\"7\"}},"
                + "{\"a\":{\"S\":\"8\"},\"b\":{\"L\":[{\"S\":\"9\"}]},\"c\":{\"NULL\":true}}],\"Count\":6}";

        List<Map<String, AttributeValue>> items = decode("Query", json).orElseThrow().items();

        List<Map<String, AttributeValue>> expected = List.of(
                ordered("a", AttributeValue.fromS("1"), "b", AttributeValue.fromN("2")),
                ordered("b", AttributeValue.fromN("3"), "a", AttributeValue.fromS("4")),
                ordered("a", AttributeValue.fromN("5"), "c", AttributeValue.fromBool(false), "b", AttributeValue.fromS("6\"")),
                ordered(),
                ordered("a", AttributeValue.fromS("7")),
                ordered("a", AttributeValue.fromS("8"), "b", AttributeValue.fromL(List.of(AttributeValue.fromS("9"))),
                        "c", AttributeValue.fromNul(true)));
        assertThat(items).isEqualTo(expected);
        assertThat(items.stream().map(item -> List.copyOf(item.keySet())).toList())
                .isEqualTo(expected.stream().map(item -> List.copyOf(item.keySet())).toList());
    }

    private static Map<String, AttributeValue> ordered(Object... namesAndValues) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            item.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return item;
    }

    @Test
    void decode_whenABinaryIsNotBase64_leavesTheBodyToTheSdk() {
        assertThat(decode("Query", "{\"Items\":[{\"b\":{\"B\":\"not base64!\"}}]}")).isEmpty();
    }

    @Test
    void decode_whenTheBodyIsLongerThanTheLengthGiven_readsOnlyThatLength() {
        byte[] body = "{\"Items\":[{\"PK\":{\"S\":\"A\"}}],\"Count\":1}garbage".getBytes(StandardCharsets.UTF_8);

        WireBody.Decoded decoded = WireBody.decode("Query", body, body.length - "garbage".length()).orElseThrow();

        assertThat(List.of(decoded.items(), rest(decoded))).isEqualTo(List.of(List.of(Map.of("PK", AttributeValue.fromS("A"))), "{\"Items\":[],\"Count\":1}"));
    }

    @Test
    void decode_whenAnAttributeTypeIsUnknown_leavesTheBodyToTheSdk() {
        assertThat(decode("Query", "{\"Count\":1,\"Items\":[{\"PK\":{\"S\":\"A\"},\"x\":{\"VECTOR\":[1,2]}}]}")).isEmpty();
    }

    @Test
    void decode_whenTheBodyIsNotAnObject_leavesTheBodyToTheSdk() {
        assertThat(List.of(decode("Query", "[]"), decode("Query", "{\"Items\":[{\"PK\":{\"S\":\"A\"}"), decode("Scan", "not json")))
                .isEqualTo(List.of(Optional.empty(), Optional.empty(), Optional.empty()));
    }

    @Test
    void decode_whenGetItemFindsTheItem_leavesAnEmptyItemSoTheSdkSaysOneWasFound() {
        WireBody.Decoded decoded = decode("GetItem", "{\"Item\":{\"PK\":{\"S\":\"A\"}},\"ConsumedCapacity\":{\"CapacityUnits\":0.5}}")
                .orElseThrow();

        assertThat(decoded.items()).isEqualTo(List.of(Map.of("PK", AttributeValue.fromS("A"))));
        assertThat(rest(decoded)).isEqualTo("{\"Item\":{},\"ConsumedCapacity\":{\"CapacityUnits\":0.5}}");
    }

    @Test
    void decode_whenBatchGetAnswersOneTable_leavesAnEmptyItemPerItemAndTheUnprocessedKeys() {
        WireBody.Decoded decoded = decode("BatchGetItem", "{\"Responses\":{\"T\":[{\"PK\":{\"S\":\"A\"}},{\"PK\":{\"S\":\"B\"}}]},"
                + "\"UnprocessedKeys\":{\"T\":{\"Keys\":[{\"PK\":{\"S\":\"C\"}}]}}}").orElseThrow();

        assertThat(decoded.items()).isEqualTo(List.of(Map.of("PK", AttributeValue.fromS("A")), Map.of("PK", AttributeValue.fromS("B"))));
        assertThat(rest(decoded)).isEqualTo("{\"Responses\":{\"T\":[{},{}]},\"UnprocessedKeys\":{\"T\":{\"Keys\":[{\"PK\":{\"S\":\"C\"}}]}}}");
    }

    @Test
    void decode_whenBatchGetAnswersTwoTables_leavesTheBodyToTheSdk() {
        assertThat(decode("BatchGetItem", "{\"Responses\":{\"T\":[],\"U\":[]}}")).isEmpty();
    }

    @Test
    void decode_whenTheBodyHasSpacesAndEscapes_leavesEveryOtherByteAsItWas() {
        WireBody.Decoded decoded = decode("Query", "{ \"Items\" : [ {\"PK\":{\"S\":\"a\\\"b\\u00e9\\u20ac\"}} , {\"PK\":{\"S\":\"c\"}} ] ,\n"
                + " \"Count\" : 2 }\n").orElseThrow();

        assertThat(List.of(decoded.items(), rest(decoded))).isEqualTo(List.of(
                List.of(Map.of("PK", AttributeValue.fromS("a\"b\u00e9\u20ac")), Map.of("PK", AttributeValue.fromS("c"))),
                "{ \"Items\" : [] ,\n \"Count\" : 2 }\n"));
    }

    @Test
    void decode_whenBatchGetAnswersNoItem_leavesAnEmptyList() {
        WireBody.Decoded decoded = decode("BatchGetItem", "{\"Responses\":{\"T\":[]},\"UnprocessedKeys\":{}}").orElseThrow();

        assertThat(List.of(decoded.items(), rest(decoded))).isEqualTo(List.of(List.of(), "{\"Responses\":{\"T\":[]},\"UnprocessedKeys\":{}}"));
    }

    @Test
    void decode_whenSomethingFollowsTheBodysObject_leavesTheBodyToTheSdk() {
        assertThat(decode("Query", "{\"Items\":[],\"Count\":0}{}")).isEmpty();
    }

    @Test
    void tag_whenGivenEachTypeOfDynamoDb_namesItsNodeKindAndNothingForOthers() {
        assertThat(List.of("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M", "", "X", "LS", "BOOLEAN", "s").stream()
                .map(WireBody::tag).toList())
                .isEqualTo(List.of(WireNodes.S, WireNodes.N, WireNodes.B, WireNodes.BOOL, WireNodes.NULL, WireNodes.SS, WireNodes.NS,
                        WireNodes.BS, WireNodes.L, WireNodes.M, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0));
    }

    @Test
    void decode_whenAnotherOperationsFieldIsNamedItems_copiesItUnread() {
        WireBody.Decoded decoded = decode("GetItem", "{\"Items\":[{\"PK\":{\"S\":\"A\"}}]}").orElseThrow();

        assertThat(decoded.items()).isEmpty();
        assertThat(rest(decoded)).isEqualTo("{\"Items\":[{\"PK\":{\"S\":\"A\"}}]}");
    }

    @Test
    void wireItem_whenReadAsAMap_isReadOnlyAndOrdered() {
        WireItem item = (WireItem) decode("Query", "{\"Items\":[{\"b\":{\"N\":\"1\"},\"a\":{\"S\":\"x\"}}]}").orElseThrow().items().get(0);

        assertThat(item.entrySet()).containsExactly(Map.entry("b", AttributeValue.fromN("1")), Map.entry("a", AttributeValue.fromS("x")));
        assertThat(List.of(item.containsKey("a"), item.containsKey("z"), item.size())).isEqualTo(List.of(true, false, 2));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> item.put("c", AttributeValue.fromS("y")))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
