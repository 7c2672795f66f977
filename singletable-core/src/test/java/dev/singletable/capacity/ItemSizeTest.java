package dev.singletable.capacity;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The size rules of "DynamoDB item sizes and formats",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html, one test per rule.
 */
class ItemSizeTest {

    @Test
    void of_whenString_countsUtf8BytesOfNameAndValue() {
        // "Strings are Unicode with UTF-8 binary encoding. The size of a string is (UTF-8 bytes of name) + (UTF-8 bytes)"
        assertThat(ItemSize.of(Map.of("name", AttributeValue.fromS("Hello")))).isEqualTo(4 + 5);
        assertThat(ItemSize.of(Map.of("é", AttributeValue.fromS("€😀")))).isEqualTo(2 + 3 + 4);
    }

    @Test
    void of_whenBinary_countsRawBytesNotBase64() {
        // "the value's raw byte length is used for calculating size"
        assertThat(ItemSize.of(Map.of("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[300]))))).isEqualTo(1 + 300);
    }

    @Test
    void of_whenBooleanOrNull_countsOneByte() {
        // "The size of a null attribute or a Boolean attribute is (name) + (1 byte)"
        assertThat(ItemSize.of(Map.of("flag", AttributeValue.fromBool(true)))).isEqualTo(5);
        assertThat(ItemSize.of(Map.of("gone", AttributeValue.fromNul(true)))).isEqualTo(5);
    }

    @Test
    void number_whenIntegers_isOneBytePerTwoSignificantDigitsPlusOne() {
        // "Leading and trailing zeroes are trimmed. (1 byte per two significant digits) + (1 byte)"
        assertThat(ItemSize.number("0")).isEqualTo(1);
        assertThat(ItemSize.number("1")).isEqualTo(2);
        assertThat(ItemSize.number("12")).isEqualTo(2);
        assertThat(ItemSize.number("123")).isEqualTo(3);
        assertThat(ItemSize.number("0042")).isEqualTo(2);
        assertThat(ItemSize.number("100")).isEqualTo(2);
        assertThat(ItemSize.number("1E+125")).isEqualTo(2);
        assertThat(ItemSize.number("12345678901234567890123456789012345678")).isEqualTo(20);
    }

    @Test
    void number_whenFractionOrTrailingZeros_countsSignificantDigitsOnly() {
        // the documented rule counts significant digits wherever the point is, and no sign
        assertThat(ItemSize.number("1.5")).isEqualTo(2);
        assertThat(ItemSize.number("150")).isEqualTo(2);
        assertThat(ItemSize.number("4.200")).isEqualTo(2);
        assertThat(ItemSize.number("3.14159")).isEqualTo(4);
        assertThat(ItemSize.number("0.15")).isEqualTo(2);
        assertThat(ItemSize.number("-42")).isEqualTo(2);
        assertThat(ItemSize.number("-0")).isEqualTo(1);
    }

    @Test
    void of_whenListOrMap_addsThreeBytesAndOnePerElement() {
        // "An attribute of type List or Map requires 3 bytes of overhead, regardless of its contents ... 1 byte for each element"
        assertThat(ItemSize.of(Map.of("l", AttributeValue.fromL(List.of())))).isEqualTo(1 + 3);
        assertThat(ItemSize.of(Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromNul(true))))))
                .isEqualTo(1 + 3 + (1 + 1) + (1 + 1));
        assertThat(ItemSize.of(Map.of("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("vv")))))).isEqualTo(1 + 3 + 1 + 1 + 2);
    }

    @Test
    void of_whenSets_sumsElementsWithoutOverhead() {
        assertThat(ItemSize.of(Map.of("ss", AttributeValue.fromSs(List.of("a", "bc"))))).isEqualTo(2 + 3);
        assertThat(ItemSize.of(Map.of("ns", AttributeValue.fromNs(List.of("1", "123"))))).isEqualTo(2 + 2 + 3);
        assertThat(ItemSize.of(Map.of("bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[4]))))))
                .isEqualTo(2 + 4);
    }

    @Test
    void of_whenAnItemOfEveryShape_addsEveryAttribute() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.fromS("abc"));
        item.put("n", AttributeValue.fromN("123"));
        item.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, 2})));
        item.put("flag", AttributeValue.fromBool(true));
        item.put("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromNul(true))));
        item.put("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("vv"))));
        item.put("ss", AttributeValue.fromSs(List.of("a", "bc")));

        assertThat(ItemSize.of(item)).isEqualTo(5 + 4 + 4 + 5 + 8 + 8 + 5);
    }
}
