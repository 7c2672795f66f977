package dev.singletable.design.internal.text;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON values of the files and arguments the commands read (JSON Lines and CSV cells of {@code load}, {@code --data}
 * rows, JSON arguments), as a schema document holds examples: the one conversion every command uses.
 */
public final class JsonValues {
    private JsonValues() {
    }

    /**
     * A mapper that reads numbers exactly as written: Jackson's default reads a JSON number with a fraction through
     * {@code double}, which keeps 17 significant digits of the 38 a DynamoDB number holds
     * ({@code 123456789012345678901234567890.5} would be stored as {@code 1.2345678901234568E+29}).
     */
    public static ObjectMapper mapper() {
        return JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES).build();
    }

    /**
     * String, BigDecimal, Boolean, List or Map (in order) for the JSON value; null for JSON null, at every depth: a
     * document keeps {@code {"deleted": null}} apart from {@code {}} (stored as DynamoDB's NULL), an embedded record reads
     * a null member as the attribute left out, and a string map or list refuses it with the whole value in its message.
     */
    public static Object plain(JsonNode node) {
        if (node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(e -> map.put(e.getKey(), plain(e.getValue())));
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(v -> list.add(plain(v)));
            return list;
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return node.asText();
    }

    /**
     * The attributes of an item written as a JSON object (a JSON Lines row), each {@link #plain}, in order; a member
     * that is null is left out, as an absent attribute (null inside a value is the value's, see {@link #plain}).
     */
    public static Map<String, Object> attributes(JsonNode item) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        item.properties().forEach(e -> {
            if (!e.getValue().isNull()) {
                attributes.put(e.getKey(), plain(e.getValue()));
            }
        });
        return attributes;
    }
}
