package dev.singletable.design.internal.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RequestTextTest {
    @Test
    void quote_whenTextHoldsQuotesBackslashesOrControlCharacters_escapesThemSoTheTextEndsAtTheClosingQuote() {
        assertThat(List.of(RequestText.quote("USER#alice"), RequestText.quote("say \"hi\""), RequestText.quote("C:\\"),
                RequestText.quote("a\\#b"), RequestText.quote("two\nlines")))
                .containsExactly("\"USER#alice\"", "\"say \\\"hi\\\"\"", "\"C:\\\\\"", "\"a\\\\#b\"", "\"two\\u{A}lines\"");
    }
}
