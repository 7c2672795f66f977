package dev.singletable;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ClosestNameTest {

    @Test
    void among_whenOneLetterMissing_suggestsTheName() {
        assertThat(ClosestName.among("custmerId", List.of("orderId", "customerId"))).isEqualTo(Optional.of("customerId"));
    }

    @Test
    void among_whenCaseDiffers_suggestsTheNameAsWritten() {
        assertThat(ClosestName.among("CUSTOMERID", List.of("customerId"))).isEqualTo(Optional.of("customerId"));
    }

    @Test
    void among_whenNothingIsCloseEnough_isEmpty() {
        assertThat(ClosestName.among("total", List.of("customerId", "orderId"))).isEqualTo(Optional.empty());
    }

    @Test
    void among_whenLongNameHasManyEdits_allowsAThirdOfItsLength() {
        // typed with 12 letters, 4 edits are a typo; typed with 11 letters, only 3
        assertThat(ClosestName.among("shippingAddr", List.of("shippingAddress"))).isEqualTo(Optional.of("shippingAddress"));
        assertThat(ClosestName.among("shippingAdd", List.of("shippingAddress"))).isEqualTo(Optional.empty());
    }

    @Test
    void among_whenTwoCandidatesAreEquallyClose_suggestsTheFirst() {
        assertThat(ClosestName.among("ab", List.of("ac", "ad"))).isEqualTo(Optional.of("ac"));
    }

    @Test
    void among_whenNoCandidates_isEmpty() {
        assertThat(ClosestName.among("customerId", List.of())).isEqualTo(Optional.empty());
    }
}
