package dev.singletable.internal.kinds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.singletable.NumberLimits;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DynamoNumbersTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            100        | 100
            1E+2       | 100
            1.00E+2    | 100
            10.50      | 10.5
            10.5       | 10.5
            0.0000010  | 0.000001
            1E-7       | 0.0000001
            -0.00      | 0
            0E+5       | 0
            -2.50E+3   | -2500
            123.456    | 123.456
            """)
    void toDynamoText_whenAnyScale_writesPlainNotationWithoutTrailingZeros(String value, String text) {
        assertThat(DynamoNumbers.toDynamoText(new BigDecimal(value))).isEqualTo(text);
    }

    @Test
    void toDynamoText_whenTooLargeValueWasNormalisedToPlainDigits_namesItInScientificNotation() {
        assertThatThrownBy(() -> DynamoNumbers.toDynamoText(DynamoNumbers.normalised(new BigDecimal("1e200"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value 1E+200 is too large; DynamoDB numbers must be below 1E+126 in magnitude: store it as a String");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            100        | 100      | 0
            1E+2       | 100      | 0
            10.50      | 10.5     | 1
            0.0000010  | 0.000001 | 6
            -0.00      | 0        | 0
            -2.50E+3   | -2500    | 0
            """)
    void normalised_whenAnyScale_equalsWhatReadingTheStoredTextGives(String value, String plain, int scale) {
        BigDecimal normalised = DynamoNumbers.normalised(new BigDecimal(value));

        assertThat(normalised).isEqualTo(new BigDecimal(DynamoNumbers.toDynamoText(new BigDecimal(value))));
        assertThat(normalised.toPlainString()).isEqualTo(plain);
        assertThat(normalised.scale()).isEqualTo(scale);
    }

    @Test
    void toDynamoText_atEachOfNumberLimits_writesTheNumberWithinAndRefusesTheOneBeyond() {
        BigDecimal mostDigits = new BigDecimal("1".repeat(NumberLimits.MAX_DIGITS));
        BigDecimal largest = NumberLimits.TOO_LARGE.subtract(BigDecimal.ONE.scaleByPowerOfTen(126 - 38));

        assertThat(DynamoNumbers.toDynamoText(mostDigits)).isEqualTo(mostDigits.toPlainString());
        assertThat(DynamoNumbers.toDynamoText(largest)).isEqualTo(largest.toPlainString());
        assertThat(DynamoNumbers.toDynamoText(NumberLimits.SMALLEST.negate()))
                .isEqualTo(NumberLimits.SMALLEST.negate().toPlainString());
        assertThatThrownBy(() -> DynamoNumbers.toDynamoText(mostDigits.movePointRight(1).add(BigDecimal.ONE)))
                .hasMessageContaining("has 39 significant digits; DynamoDB numbers hold at most 38");
        assertThatThrownBy(() -> DynamoNumbers.toDynamoText(NumberLimits.TOO_LARGE.negate()))
                .hasMessage("value -1E+126 is too large; DynamoDB numbers must be below 1E+126 in magnitude: store it as a String");
        assertThatThrownBy(() -> DynamoNumbers.toDynamoText(NumberLimits.SMALLEST.movePointLeft(1)))
                .hasMessage("value 1E-131 is too small; DynamoDB numbers must be at least 1E-130 in magnitude: round it to zero or store it as a String");
    }
}
