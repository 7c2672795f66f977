package dev.singletable.internal;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ItemSizeTest {

    @Test
    void significantDigits_matchesBigDecimalPrecisionAfterStrippingZeros() {
        List<String> numbers = List.of("0", "-0", "0.000", "42", "-42", "+7", "1234.56", "1200", "0.00120", "100.0100",
                "9876543210", "12345678901234567890123456789012345678", "1e5", "1.50E-3", "-2.0e+10", ".5", "5.", "000123000",
                "1E999999999");
        for (String n : numbers) {
            assertThat(ItemSize.significantDigits(n)).as(n).isEqualTo(new BigDecimal(n).stripTrailingZeros().precision());
        }
    }

    @Test
    void significantDigits_leavesOtherTextToBigDecimal() {
        for (String n : List.of("", "-", ".", "abc", "1e", "1e+", "1.2.3", "1x", "1e1234567890")) {
            assertThat(ItemSize.significantDigits(n)).as(n).isEqualTo(-1);
        }
    }
}
