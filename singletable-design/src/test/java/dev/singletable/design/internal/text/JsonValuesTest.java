package dev.singletable.design.internal.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class JsonValuesTest {
    private static final ObjectMapper JSON = JsonValues.mapper();

    @Test
    void plain_whenValuesNestHoldNullsAndLongDecimals_keepsEveryDigitAndEveryNull() throws JsonProcessingException {
        Object plain = JsonValues.plain(JSON.readTree("""
                {"title": "Hi", "views": 12.50, "total": 123456789012345678901234567890.5, "draft": false, "gone": null, "tags": [], "labels": {},
                 "parts": [{"name": "a", "note": null}], "mixed": ["x", null]}
                """));

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("title", "Hi");
        expected.put("views", new BigDecimal("12.50"));
        expected.put("total", new BigDecimal("123456789012345678901234567890.5"));
        expected.put("draft", false);
        expected.put("gone", null);
        expected.put("tags", List.of());
        expected.put("labels", Map.of());
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("name", "a");
        part.put("note", null);
        expected.put("parts", List.of(part));
        expected.put("mixed", Arrays.asList("x", null));
        assertThat(plain).isEqualTo(expected);
        assertThat(new ArrayList<Object>(((Map<?, ?>) plain).keySet())).containsExactlyElementsOf(expected.keySet());
    }

    @Test
    void attributes_whenAMemberIsNull_leavesItOutAndKeepsTheNullsInsideValues() throws JsonProcessingException {
        Map<String, Object> attributes = JsonValues.attributes(JSON.readTree("""
                {"title": "Hi", "gone": null, "doc": {"deleted": null, "n": 1}}
                """));

        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("deleted", null);
        doc.put("n", BigDecimal.ONE);
        assertThat(attributes).isEqualTo(Map.of("title", "Hi", "doc", doc));
        assertThat(attributes.keySet()).containsExactly("title", "doc");
    }

    @Test
    void plain_whenTheValueIsNull_isNull() throws JsonProcessingException {
        assertThat(JsonValues.plain(JSON.readTree("null"))).isNull();
    }
}
