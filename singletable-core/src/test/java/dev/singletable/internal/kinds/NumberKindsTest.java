package dev.singletable.internal.kinds;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A stored Number's text read as a decimal: plain texts of up to 18 digits from their digits, any other by
 * {@code BigDecimal}'s parser; the same unscaled value and scale as {@code new BigDecimal(text)} either way, and the same
 * for a page's text (a {@code CharSequence} that is no {@code String}) as for a {@code String}.
 */
class NumberKindsTest {

    @ParameterizedTest
    @ValueSource(strings = {"0", "-0", "-0.00", "12.50", "-12.5", "007", "0.000001", "123456789012345678", "-123456789012.345678",
            "1234567890123456789", "12345678901234567890123456789012345678", "1.", "-.5", ".5", "+5", "1e5", "1E+2", "-1.5E-130"})
    void decimal_whenTextIsANumber_givesWhatBigDecimalsParserGives(String text) {
        BigDecimal expected = new BigDecimal(text);

        for (CharSequence read : new CharSequence[] {text, new StringBuilder(text)}) {
            BigDecimal decimal = NumberKinds.decimal(read);
            assertThat(new Object[] {decimal.unscaledValue(), decimal.scale()})
                    .isEqualTo(new Object[] {expected.unscaledValue(), expected.scale()});
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", ".", "1.2.3", "abc", "1-", "--1", "1 "})
    void decimal_whenTextIsNoNumber_throwsAsBigDecimalsParserDoes(String text) {
        assertThatThrownBy(() -> new BigDecimal(text)).isInstanceOf(NumberFormatException.class);
        assertThatThrownBy(() -> NumberKinds.decimal(new StringBuilder(text))).isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"42", "-7", "2147483648", "1.5", ""})
    void fromStoredText_whenTextIsNoString_readsAsTheStringDoes(String text) {
        for (Kind kind : new Kind[] {Kind.INTEGER, Kind.LONG, Kind.BIG_INTEGER, Kind.DECIMAL}) {
            Object fromString = read(kind, text);
            assertThat(read(kind, new StringBuilder(text))).as(kind + " " + text).isEqualTo(fromString);
        }
    }

    /** The value, or the failure's class and message. */
    private static Object read(Kind kind, CharSequence text) {
        try {
            return kind.fromStoredText(text);
        } catch (IllegalArgumentException | ArithmeticException e) {
            return e.getClass() + ": " + e.getMessage();
        }
    }
}
