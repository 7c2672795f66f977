package dev.singletable;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** KeyValues keeps its values in two arrays: what it shows of them is what the map it once copied per slot showed. */
class KeyValuesTest {

    @Test
    void asMap_whenValuesAreGivenInAnOrder_keepsThatOrder() {
        KeyValues key = KeyValues.of("customerId", "C1").and("orderId", "O1").and("line", 3);

        assertThat(key.asMap()).containsExactly(entry("customerId", "C1"), entry("orderId", "O1"), entry("line", 3));
        assertThat(key.asMap().keySet()).containsExactly("customerId", "orderId", "line");
        assertThat(key.toString()).isEqualTo("{customerId=C1, orderId=O1, line=3}");
        assertThat(key.value("orderId")).contains("O1");
        assertThat(key.value("sku")).isEmpty();
    }

    @Test
    void equals_whenTheSameValuesAreGivenInAnotherOrder_isEqualAsMapsAre() {
        KeyValues one = KeyValues.of("customerId", "C1").and("orderId", "O1");
        KeyValues other = KeyValues.of("orderId", "O1").and("customerId", "C1");
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("customerId", "C1");
        map.put("orderId", "O1");

        assertThat(one).isEqualTo(other).hasSameHashCodeAs(other);
        assertThat(one.asMap()).isEqualTo(map).hasSameHashCodeAs(map);
        assertThat(one).isNotEqualTo(KeyValues.of("customerId", "C1").and("orderId", "O2"));
        assertThat(KeyValues.none().asMap()).isEmpty();
        assertThat(KeyValues.none().isEmpty()).isTrue();
    }

    @Test
    void and_whenMadeTwiceFromOneKey_leavesThatKeyAsItWas() {
        KeyValues partition = KeyValues.of("customerId", "C1");

        KeyValues first = partition.and("orderId", "O1");
        KeyValues second = partition.and("orderId", "O2");

        assertThat(partition.asMap()).containsExactly(entry("customerId", "C1"));
        assertThat(first.asMap()).containsExactly(entry("customerId", "C1"), entry("orderId", "O1"));
        assertThat(second.asMap()).containsExactly(entry("customerId", "C1"), entry("orderId", "O2"));
    }

    @Test
    void and_whenANameIsGivenTwice_failsNamingIt() {
        assertThatThrownBy(() -> KeyValues.of("customerId", "C1").and("customerId", "C2"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Key value for 'customerId' is given twice");
    }

    @Test
    void and_whenValueIsNull_failsNamingTheSlot() {
        assertThatThrownBy(() -> KeyValues.of("customerId", "C1").and("orderId", null))
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("KeyValues.and(value): value is null; key slot 'orderId' needs a value");
    }

    @Test
    void asMap_whenChanged_isRefused() {
        Map<String, Object> map = KeyValues.of("customerId", "C1").asMap();

        assertThatThrownBy(() -> map.put("orderId", "O1")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.keySet().iterator().remove()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.entrySet().iterator().next().setValue("C2")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(map).containsExactly(entry("customerId", "C1"));
    }
}
