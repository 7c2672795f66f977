package dev.singletable.wire.internal.codec;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PageValuesTest {

    private static List<Map<String, AttributeValue>> items(String json) {
        return WireBody.decode("Query", json.getBytes(StandardCharsets.UTF_8)).orElseThrow().items();
    }

    @Test
    void attributeValue_whenItemsRepeatATextOfTheSameType_givesThePageOneValueForIt() {
        List<Map<String, AttributeValue>> items = items("""
                {"Items":[{"type":{"S":"Order"},"tags":{"L":[{"S":"gift"}]}},{"tags":{"L":[{"S":"gift"}]},"type":{"S":"Order"}}],"Count":2}""");

        AttributeValue first = items.get(0).get("type");
        AttributeValue tag = items.get(0).get("tags").l().get(0);

        assertThat(List.of(first, tag)).isEqualTo(List.of(AttributeValue.fromS("Order"), AttributeValue.fromS("gift")));
        assertThat(items.get(1).get("type")).isSameAs(first);
        assertThat(items.get(1).get("tags").l().get(0)).isSameAs(tag);
    }

    @Test
    void attributeValue_whenTextsDifferInTypeOrCharacters_givesEachItsOwnValue() {
        List<Map<String, AttributeValue>> items = items("""
                {"Items":[{"a":{"S":"1"},"b":{"N":"1"},"c":{"S":"10"},"d":{"N":"2"},"e":{"S":"caf\u00e9 \u20ac"},"f":{"S":"caf\u00e9 \u20ac!"},\
                "g":{"BOOL":true},"h":{"BOOL":false},"i":{"NULL":true},"j":{"S":""},"k":{"N":"1"},"l":{"S":"1"}}],"Count":1}""");

        List<AttributeValue> read = new ArrayList<>(items.get(0).values());

        // values of the one builder per type stay as built when it builds the next
        assertThat(read).isEqualTo(List.of(AttributeValue.fromS("1"), AttributeValue.fromN("1"), AttributeValue.fromS("10"),
                AttributeValue.fromN("2"), AttributeValue.fromS("caf\u00e9 \u20ac"), AttributeValue.fromS("caf\u00e9 \u20ac!"),
                AttributeValue.fromBool(true), AttributeValue.fromBool(false), AttributeValue.fromNul(true), AttributeValue.fromS(""),
                AttributeValue.fromN("1"), AttributeValue.fromS("1")));
        assertThat(read.stream().map(AttributeValue::type).toList()).isEqualTo(List.of(AttributeValue.Type.S, AttributeValue.Type.N,
                AttributeValue.Type.S, AttributeValue.Type.N, AttributeValue.Type.S, AttributeValue.Type.S, AttributeValue.Type.BOOL,
                AttributeValue.Type.BOOL, AttributeValue.Type.NUL, AttributeValue.Type.S, AttributeValue.Type.N, AttributeValue.Type.S));
    }

    @Test
    void attributeValue_whenAPageHoldsMoreTextsThanItsTableHasSlots_readsEachExactly() {
        StringBuilder json = new StringBuilder("{\"Items\":[");
        List<AttributeValue> expected = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            json.append(i == 0 ? "" : ",").append("{\"v\":{\"S\":\"value ").append(i % 300).append("\"},\"n\":{\"N\":\"").append(i).append("\"}}");
            expected.add(AttributeValue.fromS("value " + i % 300));
            expected.add(AttributeValue.fromN(Integer.toString(i)));
        }
        List<AttributeValue> read = new ArrayList<>();
        for (Map<String, AttributeValue> item : items(json.append("],\"Count\":600}").toString())) {
            read.add(item.get("v"));
            read.add(item.get("n"));
        }

        assertThat(read).isEqualTo(expected);
    }

    @Test
    void attributeValue_whenListsAndMapsNestInEachOther_buildsEachLevelWithItsOwnElements() {
        String value = """
                {"L":[{"L":[{"S":"a"},{"M":{"k":{"L":[{"N":"1"},{"N":"2"}]},"j":{"SS":["x","y"]}}}]},{"L":[{"S":"b"}]},{"M":{"k":{"S":"c"}}}]}""";
        List<Map<String, AttributeValue>> items = items("{\"Items\":[{\"v\":" + value + ",\"w\":" + value + "}],\"Count\":1}");

        AttributeValue expected = AttributeValue.fromL(List.of(
                AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromM(Map.of(
                        "k", AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromN("2"))),
                        "j", AttributeValue.fromSs(List.of("x", "y")))))),
                AttributeValue.fromL(List.of(AttributeValue.fromS("b"))),
                AttributeValue.fromM(Map.of("k", AttributeValue.fromS("c")))));
        assertThat(List.of(items.get(0).get("v"), items.get(0).get("w"))).isEqualTo(List.of(expected, expected));
    }

    @Test
    void attributeValue_whenAnotherThreadReadsThePage_givesItTheSameValues() throws Exception {
        List<Map<String, AttributeValue>> items = items("""
                {"Items":[{"s":{"S":"Order"},"n":{"N":"1"},"l":{"L":[{"S":"gift"},{"M":{"k":{"BOOL":true}}}]},"ss":{"SS":["x"]}},                {"s":{"S":"Order"},"n":{"N":"2"},"l":{"L":[]},"ss":{"SS":["y"]}}],"Count":2}""");
        List<AttributeValue> owner = List.of(items.get(0).get("s"), items.get(0).get("n"), items.get(0).get("l"), items.get(0).get("ss"));

        List<AttributeValue> other = new ArrayList<>();
        Thread reader = new Thread(() -> {
            for (Map<String, AttributeValue> item : items) {
                other.addAll(item.values());
            }
        });
        reader.start();
        reader.join();

        assertThat(other).isEqualTo(List.of(owner.get(0), owner.get(1), owner.get(2), owner.get(3),
                AttributeValue.fromS("Order"), AttributeValue.fromN("2"), AttributeValue.fromL(List.of()), AttributeValue.fromSs(List.of("y"))));
    }

    @Test
    void attributeValue_whenItemsHoldEmptyListsAndMapsAndBooleans_givesOneValueForEach() {
        List<Map<String, AttributeValue>> items = items("""
                {"Items":[{"l":{"L":[]},"m":{"M":{}},"b":{"BOOL":true}},{"l":{"L":[]},"m":{"M":{}},"b":{"BOOL":true}}],"Count":2}""");

        assertThat(List.of(items.get(0).get("l"), items.get(0).get("m"), items.get(0).get("b")))
                .isEqualTo(List.of(AttributeValue.fromL(List.of()), AttributeValue.fromM(Map.of()), AttributeValue.fromBool(true)));
        assertThat(items.get(1).get("l")).isSameAs(items.get(0).get("l"));
        assertThat(items.get(1).get("m")).isSameAs(items.get(0).get("m"));
        assertThat(items.get(1).get("b")).isSameAs(items.get(0).get("b"));
    }
}
