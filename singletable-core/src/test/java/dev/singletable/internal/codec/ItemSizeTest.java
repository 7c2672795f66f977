package dev.singletable.internal.codec;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ItemSizeTest {

    @Test
    void atMost_forItemsOfEveryShape_isNeverBelowTheSize() {
        List<Map<String, AttributeValue>> items = List.of(
                Map.of("s", AttributeValue.fromS("plain"), "é€😀", AttributeValue.fromS("é€😀 wide")),
                Map.of("n", AttributeValue.fromN("0"), "m", AttributeValue.fromN("-12345678901234567890.5"), "e", AttributeValue.fromN("1E+125")),
                Map.of("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[300])), "t", AttributeValue.fromBool(true),
                        "z", AttributeValue.fromNul(true)),
                Map.of("ss", AttributeValue.fromSs(List.of("a", "ß")), "ns", AttributeValue.fromNs(List.of("1", "22.5")),
                        "bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[7])))),
                Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromM(Map.of(
                        "deep", AttributeValue.fromL(List.of(AttributeValue.fromN("7")))))))),
                Map.of("big", AttributeValue.fromS("€".repeat(140_000))));
        for (Map<String, AttributeValue> item : items) {
            assertThat(ItemSize.atMost(item)).as(item.keySet().toString()).isGreaterThanOrEqualTo(ItemSize.of(item));
        }
        assertThat(ItemSize.atMost(items.get(5))).isGreaterThan(ItemSize.MAX_ITEM_BYTES);
    }
}
