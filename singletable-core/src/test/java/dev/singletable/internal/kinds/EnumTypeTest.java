package dev.singletable.internal.kinds;

import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.SlotCodec;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.DayOfWeek;
import java.time.Month;
import java.time.temporal.ChronoField;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnumTypeTest {
    private final AttributeType<DayOfWeek> given = AttributeTypes.enumType(DayOfWeek.class, DayOfWeek.values());
    private final AttributeType<DayOfWeek> lookedUp = AttributeTypes.enumType(DayOfWeek.class);

    @Test
    void enumType_whenConstantsGiven_storesAndReadsAsTheReflectiveType() {
        for (DayOfWeek day : DayOfWeek.values()) {
            AttributeValue stored = given.toAttributeValue(day);

            assertThat(stored).isEqualTo(lookedUp.toAttributeValue(day)).isEqualTo(AttributeValue.fromS(day.name()));
            assertThat(given.fromAttributeValue(stored)).isSameAs(day);
        }
    }

    @Test
    void fromAttributeValue_whenNameIsNoConstant_failsAsTheReflectiveType() {
        AttributeValue stored = AttributeValue.fromS("FUNDAY");

        assertThatThrownBy(() -> given.fromAttributeValue(stored)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'FUNDAY' is not a constant of DayOfWeek");
        assertThatThrownBy(() -> lookedUp.fromAttributeValue(stored)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'FUNDAY' is not a constant of DayOfWeek");
    }

    @Test
    void fromText_whenAPageTextNamesAConstantOrNone_readsAsTheStringDoes() {
        // a decoded page hands its text over as a CharSequence that is no String: given constants match it in place
        for (DayOfWeek day : DayOfWeek.values()) {
            assertThat(((ScalarType<DayOfWeek>) given).fromText(new StringBuilder(day.name()))).isSameAs(day);
        }
        for (String text : new String[] {"FUNDAY", "MONDA", "MONDAYS", "monday", ""}) {
            assertThatThrownBy(() -> ((ScalarType<DayOfWeek>) given).fromText(new StringBuilder(text)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("'" + text + "' is not a constant of DayOfWeek");
            assertThatThrownBy(() -> ((ScalarType<DayOfWeek>) lookedUp).fromText(new StringBuilder(text)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("'" + text + "' is not a constant of DayOfWeek");
        }
    }

    @Test
    void fromText_whenAPageTextNamesAConstantOfAnEnumOfManyConstants_readsAsTheStringDoes() {
        // ChronoField has 30 constants, more than are matched one by one: the same value and message as for a String
        ScalarType<ChronoField> many = ScalarType.enumType(ChronoField.class, ChronoField.values());

        assertThat(many.fromText(new StringBuilder("DAY_OF_WEEK"))).isSameAs(ChronoField.DAY_OF_WEEK);
        assertThatThrownBy(() -> many.fromText(new StringBuilder("DAY_OF_FUN"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'DAY_OF_FUN' is not a constant of ChronoField");
    }

    @Test
    void enumType_whenAConstantIsOfAnotherEnum_fails() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Enum<?>[] mixed = {DayOfWeek.MONDAY, Month.MAY};

        assertThatThrownBy(() -> ScalarType.enumType((Class) DayOfWeek.class, (Enum[]) mixed))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("MAY is a constant of Month, not of DayOfWeek");
    }

    @Test
    void keySlot_whenConstantsGiven_readsTheConstant() {
        SlotCodec<DayOfWeek> slot = ((ScalarType<DayOfWeek>) given).slotCodec(Optional.empty(), KeyRole.SORT);

        assertThat(slot.decode(slot.encode(DayOfWeek.FRIDAY))).isSameAs(DayOfWeek.FRIDAY);
        assertThatThrownBy(() -> slot.decode("FUNDAY")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void maxStoredBytes_whenConstantsGivenOrReadFromTheClass_isThreeBytesPerCharOfTheLongestName() {
        assertThat(((ScalarType<DayOfWeek>) given).maxStoredBytes()).isEqualTo(3 * "WEDNESDAY".length());
        assertThat(((ScalarType<DayOfWeek>) lookedUp).maxStoredBytes()).isEqualTo(3 * "WEDNESDAY".length()); // enumType(Class) reads the constants too
    }
}
