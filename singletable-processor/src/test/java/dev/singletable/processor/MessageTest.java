package dev.singletable.processor;

import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Properties;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The diagnostics' texts come from Message.properties, one per constant, each a valid format. */
class MessageTest {
    private static final Pattern CONVERSION = Pattern.compile("%([sd])");

    @Test
    void format_whenArgumentsGiven_fillsTheConstantsTextFromTheProperties() {
        assertThat(Message.MALFORMED_TEMPLATE.format("ORDER#{id", "'{' at 6 is never closed"))
                .isEqualTo("key template 'ORDER#{id' is malformed: '{' at 6 is never closed");
        assertThat(Message.PATTERN_LIMIT.format("OrderPatterns.recent", "@Query", -1))
                .isEqualTo("OrderPatterns.recent: @Query(limit = -1) is negative; give 0 (all) or more");
    }

    @Test
    void format_everyConstant_hasATextWhoseConversionsAllFill() throws IOException {
        Properties texts = texts();

        assertThat(texts.stringPropertyNames())
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(Message.values()).map(Message::name).toList());
        assertThat(Message.values()).allSatisfy(message -> assertThat(message.format(arguments(texts.getProperty(message.name()))))
                .isNotBlank().doesNotContain("%"));
    }

    @Test
    void kind_whenNotGivenByTheConstant_isError() {
        assertThat(Arrays.stream(Message.values()).filter(message -> message.kind() == Diagnostic.Kind.WARNING))
                .containsExactly(Message.CORE_LACKS_BUILDER_METHOD, Message.DESIGN_NOT_EXPRESSIBLE, Message.DESIGN_ENTITY_NOT_COMPILED);
        assertThat(Message.NOT_A_RECORD_OR_CLASS.kind()).isEqualTo(Diagnostic.Kind.ERROR);
    }

    private static Properties texts() throws IOException {
        Properties texts = new Properties();
        try (InputStream in = Message.class.getResourceAsStream("Message.properties")) {
            texts.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return texts;
    }

    /** A word for each %s and a number for each %d of a text, in order. */
    private static Object[] arguments(String text) {
        return CONVERSION.matcher(text).results().map(m -> m.group(1).equals("d") ? (Object) 1 : "x").toArray();
    }
}
