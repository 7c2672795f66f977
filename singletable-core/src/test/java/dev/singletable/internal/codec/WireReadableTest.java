package dev.singletable.internal.codec;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.internal.wire.WireItem;
import dev.singletable.internal.wire.WirePages;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every type that reads wire nodes gives what it gives for the SDK's AttributeValue of the same stored value, failures alike. */
class WireReadableTest {
    enum Colour { RED, GREEN }

    private static final List<Map.Entry<AttributeType<?>, List<String>>> CASES = List.of(
            Map.entry(AttributeTypes.STRING, List.of("{\"S\":\"text\"}", "{\"S\":\"\"}", "{\"S\":\"caf\\u00e9 \\u20ac\"}", "{\"N\":\"1\"}",
                    "{\"BOOL\":true}")),
            Map.entry(AttributeTypes.INTEGER, List.of("{\"N\":\"42\"}", "{\"N\":\"-7\"}", "{\"N\":\"+7\"}", "{\"N\":\"1e3\"}",
                    "{\"N\":\"2147483648\"}", "{\"N\":\"1.0\"}", "{\"N\":\"\"}", "{\"S\":\"42\"}", "{\"L\":[]}", "{\"N\":\"007\"}",
                    "{\"N\":\"-0\"}", "{\"N\":\"-\"}", "{\"N\":\"-2147483648\"}", "{\"N\":\"-2147483649\"}", "{\"N\":\"123456789012345678\"}")),
            Map.entry(AttributeTypes.LONG, List.of("{\"N\":\"-9223372036854775808\"}", "{\"N\":\"9223372036854775808\"}", "{\"N\":\"0\"}",
                    "{\"N\":\"-123456789012345678\"}", "{\"N\":\"1234567890123456789\"}", "{\"N\":\"12a\"}")),
            Map.entry(AttributeTypes.DECIMAL, List.of("{\"N\":\"129.99\"}", "{\"N\":\"-0\"}", "{\"N\":\"1E+400\"}", "{\"N\":\"1.5e-3\"}",
                    "{\"N\":\"12345678901234567890123456789012345678\"}", "{\"N\":\"x\"}", "{\"S\":\"1\"}", "{\"N\":\"-12.50\"}",
                    "{\"N\":\"0.000\"}", "{\"N\":\"007.10\"}", "{\"N\":\"5.\"}", "{\"N\":\".5\"}", "{\"N\":\"-.5\"}", "{\"N\":\"1.2.3\"}",
                    "{\"N\":\"-\"}", "{\"N\":\"99999999999999999.9\"}", "{\"N\":\"999999999999999999.9\"}", "{\"N\":\"-1234567890123456789\"}")),
            Map.entry(AttributeTypes.BIG_INTEGER, List.of("{\"N\":\"1.0\"}", "{\"N\":\"1.5\"}", "{\"N\":\"-99999999999999999999999\"}")),
            Map.entry(AttributeTypes.BOOLEAN, List.of("{\"BOOL\":true}", "{\"BOOL\":false}", "{\"S\":\"true\"}")),
            Map.entry(AttributeTypes.INSTANT, List.of("{\"S\":\"2025-05-19T09:00:00Z\"}", "{\"S\":\"2025-05-19T09:00:00.123456789Z\"}",
                    "{\"S\":\"2024-02-30T09:00:00Z\"}", "{\"S\":\"2025-05-19T09:00:00+01:00\"}", "{\"S\":\"+12025-05-19T09:00:00Z\"}",
                    "{\"S\":\"yesterday\"}")),
            Map.entry(AttributeTypes.LOCAL_DATE, List.of("{\"S\":\"2025-05-19\"}", "{\"S\":\"2025-13-01\"}")),
            Map.entry(AttributeTypes.UUID, List.of("{\"S\":\"123e4567-e89b-12d3-a456-426614174000\"}", "{\"S\":\"nope\"}")),
            Map.entry(AttributeTypes.enumType(Colour.class), List.of("{\"S\":\"RED\"}", "{\"S\":\"GREEN\"}", "{\"S\":\"red\"}",
                    "{\"S\":\"BLUE\"}", "{\"N\":\"1\"}")),
            Map.entry(AttributeTypes.enumType(Colour.class, Colour.values()), List.of("{\"S\":\"GREEN\"}", "{\"S\":\"REDS\"}")),
            Map.entry(AttributeTypes.BYTES, List.of("{\"B\":\"AAH/\"}", "{\"B\":\"\"}", "{\"S\":\"AAH/\"}")),
            Map.entry(AttributeTypes.STRING_SET, List.of("{\"SS\":[\"b\",\"a\",\"\\u00e9\"]}", "{\"NS\":[\"1\"]}", "{\"L\":[]}")),
            Map.entry(AttributeTypes.STRING_LIST, List.of("{\"L\":[{\"S\":\"b\"},{\"S\":\"a\"}]}", "{\"L\":[]}",
                    "{\"L\":[{\"S\":\"a\"},{\"NULL\":true}]}", "{\"L\":[{\"N\":\"1\"}]}", "{\"SS\":[\"a\"]}")),
            Map.entry(AttributeTypes.listOf(AttributeTypes.listOf(AttributeTypes.INTEGER)),
                    List.of("{\"L\":[{\"L\":[{\"N\":\"1\"},{\"N\":\"2\"}]},{\"L\":[]},{\"L\":[{\"N\":\"x\"}]}]}",
                            "{\"L\":[{\"L\":[{\"N\":\"3\"}]},{\"L\":[{\"N\":\"4\"}]}]}")),
            Map.entry(AttributeTypes.mapOf(AttributeTypes.DECIMAL), List.of("{\"M\":{\"b\":{\"N\":\"1.50\"},\"a\":{\"N\":\"2\"}}}",
                    "{\"M\":{}}", "{\"M\":{\"a\":{\"S\":\"1\"}}}", "{\"L\":[]}")),
            Map.entry(AttributeTypes.mapOf(AttributeTypes.listOf(AttributeTypes.STRING)),
                    List.of("{\"M\":{\"x\":{\"L\":[{\"S\":\"1\"}]},\"y\":{\"L\":[]},\"z\":{\"M\":{}}}}")));

    @Test
    void fromWire_whenReadingEveryTypeFromEveryShape_givesWhatFromAttributeValueGives() {
        List<String> wire = new ArrayList<>();
        List<String> sdk = new ArrayList<>();
        for (Map.Entry<AttributeType<?>, List<String>> test : CASES) {
            AttributeType<?> type = test.getKey();
            for (String stored : test.getValue()) {
                // the value after another attribute, so the node is not the page's first
                WireItem item = WirePages.firstItem("{\"Items\":[{\"PK\":{\"S\":\"A\"},\"v\":" + stored + "}]}");
                String label = type.typeName() + " " + stored + " -> ";
                wire.add(label + outcome(() -> ((WireReadable<?>) type).fromWire(item, item.indexOf("v"))));
                sdk.add(label + outcome(() -> type.fromAttributeValue(item.get("v"))));
            }
        }

        assertThat(wire).hasSize(85).isEqualTo(sdk);
    }

    private static String outcome(java.util.function.Supplier<Object> read) {
        try {
            Object value = read.get();
            String shown = value instanceof byte[] bytes ? Arrays.toString(bytes) : String.valueOf(value);
            return (value == null ? "null" : value.getClass().getName()) + " " + shown;
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }
}
