package dev.singletable.design.internal.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class JsonValuesTest {
    private static final ObjectMapper JSON = JsonValues.mapper();

    @Test
    void plain_whenValuesNestHoldNullsAndLongDecimals_keepsEveryDigitAndLeavesNullMembersOut() throws JsonProcessingException {
        Object plain = JsonValues.plain(JSON.readTree("""
                {"title": "Hi", "views": 12.50, "total": 123456789012345678901234567890.5, "draft": false, "gone": null, "tags": [], "labels": {},
                 "parts": [{"name": "a", "note": null}], "mixed": ["x", null]}
                """));

        assertThat(plain).isEqualTo(Map.of("title", "Hi", "views", new BigDecimal("12.50"),
                "total", new BigDecimal("123456789012345678901234567890.5"), "draft", false, "tags", List.of(),
                "labels", Map.of(), "parts", List.of(Map.of("name", "a")), "mixed", Arrays.asList("x", null)));
        assertThat(new java.util.ArrayList<Object>(((Map<?, ?>) plain).keySet())).containsExactly("title", "views", "total", "draft", "tags", "labels", "parts", "mixed");
    }

    @Test
    void plain_whenTheValueIsNull_isNull() throws JsonProcessingException {
        assertThat(JsonValues.plain(JSON.readTree("null"))).isNull();
    }
}
