package dev.singletable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyTemplateTest {

    @Test
    void parse_whenSlotsAndLiterals_splitsThemInOrder() {
        KeyTemplate template = KeyTemplate.parse("ORDER#{orderId}#{createdAt:yyyy-MM-dd}");

        assertThat(template.text()).isEqualTo("ORDER#{orderId}#{createdAt:yyyy-MM-dd}");
        assertThat(template.literals()).containsExactly("ORDER#", "#", "");
        assertThat(template.attributeNames()).containsExactly("orderId", "createdAt");
        assertThat(template.slots().get(0).format()).isEmpty();
        assertThat(template.slots().get(1).format()).isEqualTo(Optional.of("yyyy-MM-dd"));
        assertThat(template.slots()).extracting(Object::toString).containsExactly("{orderId}", "{createdAt:yyyy-MM-dd}");
        assertThat(template.isConstant()).isFalse();
        assertThat(template).hasToString("ORDER#{orderId}#{createdAt:yyyy-MM-dd}");
    }

    @Test
    void parse_whenFormatHasColons_keepsEverythingAfterTheFirstColon() {
        KeyTemplate template = KeyTemplate.parse("AT#{time:HH:mm:ss}");

        assertThat(template.slots().get(0).attribute()).isEqualTo("time");
        assertThat(template.slots().get(0).format()).isEqualTo(Optional.of("HH:mm:ss"));
    }

    @Test
    void parse_whenDoubledBraces_makesLiteralBraces() {
        KeyTemplate template = KeyTemplate.parse("{{x}}#{a}}}{{{b}");

        assertThat(template.literals()).containsExactly("{x}#", "}{", "");
        assertThat(template.attributeNames()).containsExactly("a", "b");
    }

    @Test
    void parse_whenNoSlot_isConstant() {
        KeyTemplate template = KeyTemplate.parse("{{PROFILE}}");

        assertThat(template.isConstant()).isTrue();
        assertThat(template.literals()).containsExactly("{PROFILE}");
        assertThat(template.slots()).isEmpty();
    }

    @Test
    void parse_whenUnicodeLiterals_keepsThemWhole() {
        KeyTemplate template = KeyTemplate.parse("é{a}→{b}😀");

        assertThat(template.literals()).containsExactly("é", "→", "😀");
    }

    @Test
    void equals_whenSameText_isEqual() {
        assertThat(KeyTemplate.parse("A#{a}")).isEqualTo(KeyTemplate.parse("A#{a}")).hasSameHashCodeAs(KeyTemplate.parse("A#{a}"));
        assertThat(KeyTemplate.parse("A#{a}")).isNotEqualTo(KeyTemplate.parse("a#{a}"));
        assertThat(KeyTemplate.parse("A#{a}").slots().get(0)).isNotEqualTo(KeyTemplate.parse("A#{a:%05d}").slots().get(0));
    }

    @Test
    void slots_whenBucketAndShardSlots_areTheValuesTheirTextSays() {
        List<KeyTemplate.Slot> slots = KeyTemplate.parse("D#{shard:of=deviceId,count=10}#{takenAt:bucket=DAY}").slots();

        assertThat(slots).containsExactly(new KeyTemplate.Slot("deviceId", Optional.of("of=deviceId,count=10"), Optional.empty(), 10),
                new KeyTemplate.Slot("takenAt", Optional.of("bucket=DAY"), Optional.of(TimeBucket.DAY), 0));
        assertThat(slots).extracting(KeyTemplate.Slot::isShard).containsExactly(true, false);
        assertThat(slots).extracting(Object::toString).containsExactly("{shard:of=deviceId,count=10}", "{takenAt:bucket=DAY}");
    }

    @Test
    void slot_whenFormatIsNull_failsNamingIt() {
        assertThatThrownBy(() -> new KeyTemplate.Slot("a", null, Optional.empty(), 0))
                .isInstanceOf(NullArgumentException.class)
                .hasMessageStartingWith("KeyTemplate.Slot(format): format is null; ");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            ORDER#{orderId        | Key template 'ORDER#{orderId': slot opened at index 6 is never closed; add '}'
            {a}{b}                | Key template '{a}{b}': slots {a} and {b} touch (index 3); separate them with literal text such as '#', or the key cannot be parsed back
            {a}{b:%05d}#x         | Key template '{a}{b:%05d}#x': slots {a} and {b} touch (index 3); separate them with literal text such as '#', or the key cannot be parsed back
            A\\B#{a}              | Key template 'A\\B#{a}': literal text may not contain '\\' (index 1); singletable uses it to escape delimiters inside slot values: remove it or use another character, such as '#'
            {}                    | Key template '{}': slot at index 0 names '', which is not an attribute name; write {attributeName} or {attributeName:format}
            X#{1a}                | Key template 'X#{1a}': slot at index 2 names '1a', which is not an attribute name; write {attributeName} or {attributeName:format}
            X#{order-id}          | Key template 'X#{order-id}': slot at index 2 names 'order-id', which is not an attribute name; write {attributeName} or {attributeName:format}
            X#{ a}                | Key template 'X#{ a}': slot at index 2 names ' a', which is not an attribute name; write {attributeName} or {attributeName:format}
            {:yyyy}               | Key template '{:yyyy}': slot at index 0 names '', which is not an attribute name; write {attributeName} or {attributeName:format}
            X#{a{b}               | Key template 'X#{a{b}': slot at index 2 names 'a{b', which is not an attribute name; write {attributeName} or {attributeName:format}
            X#{a:x{y}             | Key template 'X#{a:x{y}': slot at index 2 contains '{'; a slot is {attribute} or {attribute:format}, and a literal brace is written '{{'
            X#{day:}              | Key template 'X#{day:}': slot {day:} has an empty format; drop the ':' or give a format such as yyyy-MM-dd or %05d
            A}B                   | Key template 'A}B': '}' at index 1 closes no slot; write '}}' for a literal brace
            {a}}                  | Key template '{a}}': '}' at index 3 closes no slot; write '}}' for a literal brace
            {{a}                  | Key template '{{a}': '}' at index 3 closes no slot; write '}}' for a literal brace
            """)
    void parse_whenMalformed_failsNamingTemplatePositionAndFix(String text, String message) {
        assertThatThrownBy(() -> KeyTemplate.parse(text))
                .isInstanceOf(KeyTemplateException.class)
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage(message);
    }

    @Test
    void parse_whenEmpty_failsBecauseKeysCannotBeEmpty() {
        assertThatThrownBy(() -> KeyTemplate.parse(""))
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Key template '': a template cannot be empty, as DynamoDB key values never are; "
                        + "give literal text, a slot or both, such as 'PROFILE' or 'CUSTOMER#{customerId}'");
    }

    @Test
    void parse_whenLiteralHasUnpairedSurrogate_failsBecauseUtf8CannotHoldIt() {
        assertThatThrownBy(() -> KeyTemplate.parse("A\uD83D{a}"))
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Key template 'A\uD83D{a}': literal text has an unpaired UTF-16 surrogate at index 1; "
                        + "DynamoDB keys are UTF-8 text, which cannot hold it");
        assertThatThrownBy(() -> KeyTemplate.parse("{a}\uDE00"))
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Key template '{a}\uDE00': literal text has an unpaired UTF-16 surrogate at index 3; "
                        + "DynamoDB keys are UTF-8 text, which cannot hold it");
    }

    @Test
    void literals_whenRead_cannotBeChanged() {
        List<String> literals = KeyTemplate.parse("A#{a}").literals();

        assertThatThrownBy(() -> literals.add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shardOf_whenTheSlotIsAShard_givesTheShardAWriteComposes() {
        KeyTemplate.Slot slot = KeyTemplate.parse("{shard:of=deviceId,count=4}").slots().get(0);

        assertThat(List.of(slot.shardOf("d1"), slot.shardOf("d2"), slot.shardOf("d3"))).containsExactly(2, 3, 0);
    }

    @Test
    void shardOf_whenTheSlotIsNoShard_isRefused() {
        KeyTemplate.Slot slot = KeyTemplate.parse("{deviceId}").slots().get(0);

        assertThatThrownBy(() -> slot.shardOf("d1")).isInstanceOf(IllegalStateException.class)
                .hasMessage("slot {deviceId} is no shard slot; only {shard:of=attribute,count=N} picks a shard");
    }
}
