package dev.singletable.design.internal.text;

import dev.singletable.DynamicItem;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RequestTextTest {
    @Test
    void segments_whenAQuerySetsSelect_showsIt() {
        QueryRequest query = QueryRequest.builder().tableName("Events").indexName("byTime").keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "pk")).expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("U#u1")))
                .limit(5).select(Select.ALL_ATTRIBUTES).build();

        assertThat(RequestText.segments(query)).containsExactly("Query byTime: pk = \"U#u1\"", "limit 5", "Select ALL_ATTRIBUTES");
    }

    @Test
    void quote_whenTextHoldsQuotesBackslashesOrControlCharacters_escapesThemSoTheTextEndsAtTheClosingQuote() {
        assertThat(List.of(RequestText.quote("USER#alice"), RequestText.quote("say \"hi\""), RequestText.quote("C:\\"),
                RequestText.quote("a\\#b"), RequestText.quote("two\nlines")))
                .containsExactly("\"USER#alice\"", "\"say \\\"hi\\\"\"", "\"C:\\\\\"", "\"a\\\\#b\"", "\"two\\u{A}lines\"");
    }

    @Test
    void value_whenStringsAreInsideSetsListsAndMaps_quotesAndEscapesThemAsAtTheTop() {
        Map<String, Object> map = new LinkedHashMap<>(); // not in key order, as a map read back may be
        map.put("k#1", "v");
        map.put("", "empty");

        assertThat(List.of(RequestText.value("say \"hi\" \\o/"), RequestText.value(new LinkedHashSet<>(List.of("a, b", "c"))),
                RequestText.value(List.of("x]", "y")), RequestText.value(map), RequestText.value(List.of("line\nbreak"))))
                .containsExactly("\"say \\\"hi\\\" \\\\o/\"", "[\"a, b\", \"c\"]", "[\"x]\", \"y\"]", "{\"\": \"empty\", \"k#1\": \"v\"}",
                        "[\"line\\u{A}break\"]");
    }

    @Test
    void value_whenRecordsDocumentsAndOtherKindsNest_showsEachByItsKindAtEveryDepth() {
        DynamicItem address = DynamicItem.builder("Address").set("street", "1 \"Main\" St").set("zip", "01234").build();
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("n", new BigDecimal("0.10"));
        document.put("a", Arrays.asList(1, null, true, Map.of()));

        assertThat(List.of(RequestText.value(List.of(address)), RequestText.value(Map.of("summer house", address)), RequestText.value(document),
                RequestText.value(new LinkedHashSet<>(List.of(ByteBuffer.wrap(new byte[] {1, 2})))),
                RequestText.value(Instant.parse("2025-01-01T00:00:00Z"))))
                .containsExactly("[{street: \"1 \\\"Main\\\" St\", zip: \"01234\"}]",
                        "{\"summer house\": {street: \"1 \\\"Main\\\" St\", zip: \"01234\"}}", "{a: [1, null, true, {}], n: 0.10}", "[AQI=]",
                        "2025-01-01T00:00:00Z");
    }

    @Test
    void value_whenStoredAttributeValuesNest_quotesTheirStringsAtEveryDepthAsJavaValuesAre() {
        Map<String, AttributeValue> address = new LinkedHashMap<>(); // not in key order, as DynamoDB may return it
        address.put("zip", AttributeValue.fromS("01234"));
        address.put("summer house", AttributeValue.fromS("say \"hi\""));

        assertThat(List.of(RequestText.value(AttributeValue.fromSs(List.of("a, b", "c"))), RequestText.value(AttributeValue.fromM(address)),
                RequestText.value(AttributeValue.fromL(List.of(AttributeValue.fromS("x]"), AttributeValue.fromN("1.50"),
                        AttributeValue.fromNul(true), AttributeValue.fromBool(false), AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2}))))),
                RequestText.value(AttributeValue.fromNs(List.of("1", "2.5"))),
                RequestText.value(AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {1, 2}))))))
                .containsExactly("[\"a, b\", \"c\"]", "{\"summer house\": \"say \\\"hi\\\"\", zip: \"01234\"}", "[\"x]\", 1.50, null, false, AQI=]",
                        "[1, 2.5]", "[AQI=]");
    }

    @Test
    void cell_whenTheValueIsTextAlone_showsItBareAndAnyOtherValueAsValueDoes() {
        assertThat(List.of(RequestText.cell("say \"hi\""), RequestText.cell(AttributeValue.fromS("a, b\n")),
                RequestText.cell(AttributeValue.fromSs(List.of("a, b", "c"))), RequestText.cell(List.of("a, b", "c")),
                RequestText.cell(AttributeValue.fromN("7"))))
                .containsExactly("say \"hi\"", "a, b\\u{A}", "[\"a, b\", \"c\"]", "[\"a, b\", \"c\"]", "7");
    }
}
