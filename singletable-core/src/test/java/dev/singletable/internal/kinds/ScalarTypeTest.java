package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.LocalDate;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A scalar type's {@code toAttributeValue} casts its value to the type's Java type: the {@link ClassCastException} is
 * how the callers (entities, dynamic items, keys, lists, maps) refuse a value of another type with a message naming the
 * attribute. Before, integer, long, date and UUID types wrote {@code value.toString()}: a String went out as an N, a
 * Long of 5e9 was stored in an int attribute and failed only when read.
 */
class ScalarTypeTest {

    @Test
    void toAttributeValue_whenValueIsOfTheType_writesIt() {
        assertThat(AttributeTypes.INTEGER.toAttributeValue(42)).isEqualTo(AttributeValue.fromN("42"));
        assertThat(AttributeTypes.LONG.toAttributeValue(5_000_000_000L)).isEqualTo(AttributeValue.fromN("5000000000"));
        assertThat(AttributeTypes.LOCAL_DATE.toAttributeValue(LocalDate.of(2025, 5, 30))).isEqualTo(AttributeValue.fromS("2025-05-30"));
        UUID id = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");
        assertThat(AttributeTypes.UUID.toAttributeValue(id)).isEqualTo(AttributeValue.fromS("0f8fad5b-d9cb-469f-a165-70867728950e"));
    }

    @Test
    void toAttributeValue_whenValueIsOfAnotherJavaType_throwsClassCastException() {
        assertThatThrownBy(() -> unchecked(AttributeTypes.INTEGER).toAttributeValue("forty-two")).isInstanceOf(ClassCastException.class);
        assertThatThrownBy(() -> unchecked(AttributeTypes.INTEGER).toAttributeValue(5_000_000_000L)).isInstanceOf(ClassCastException.class);
        assertThatThrownBy(() -> unchecked(AttributeTypes.LONG).toAttributeValue(42)).isInstanceOf(ClassCastException.class);
        assertThatThrownBy(() -> unchecked(AttributeTypes.LONG).toAttributeValue("42")).isInstanceOf(ClassCastException.class);
        assertThatThrownBy(() -> unchecked(AttributeTypes.LOCAL_DATE).toAttributeValue("2025-05-30")).isInstanceOf(ClassCastException.class);
        assertThatThrownBy(() -> unchecked(AttributeTypes.UUID).toAttributeValue("0f8fad5b")).isInstanceOf(ClassCastException.class);
    }

    @SuppressWarnings("unchecked")
    private static AttributeType<Object> unchecked(AttributeType<?> type) {
        return (AttributeType<Object>) type;
    }
}
