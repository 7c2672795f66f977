package dev.singletable.internal.keys;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IsoInstantTest {

    @Property(tries = 3000)
    void format_forAnyInstant_isInstantToString(@ForAll("instants") Instant instant) {
        assertThat(IsoInstant.format(instant)).isEqualTo(instant.toString());
    }

    @Property(tries = 3000)
    void parse_ofFormattedText_isInstantParse(@ForAll("instants") Instant instant) {
        String text = instant.toString();

        assertThat(IsoInstant.parse(text)).isEqualTo(Instant.parse(text)).isEqualTo(instant);
    }

    @Property(tries = 3000)
    void parse_ofAnyFractionWidth_isInstantParse(@ForAll("instants") Instant instant, @ForAll("fractions") String fraction) {
        String text = instant.toString().substring(0, 19) + fraction + "Z";
        if (!text.startsWith("+") && !text.startsWith("-")) {
            assertThat(IsoInstant.parse(text)).as(text).isEqualTo(Instant.parse(text));
        }
    }

    @Property(tries = 2000)
    void keySlotCodec_forAnyInstantInRange_isTheDefaultPatternsFormatter(@ForAll("instants") Instant instant) {
        DateTimeFormatter formatter = DateTimeFormatter.ofPattern(SlotFormats.DEFAULT_INSTANT_PATTERN, Locale.ROOT)
                .withZone(ZoneOffset.UTC).withResolverStyle(ResolverStyle.STRICT);
        SlotCodec<Instant> slot = SlotFormats.instant(Optional.empty(), KeyRole.SORT);
        int year = instant.atOffset(ZoneOffset.UTC).getYear();
        if (year < 0 || year > 9999) {
            assertThatThrownBy(() -> slot.encode(instant)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("instant " + instant + " is outside years 0000-9999, where key text no longer sorts in time order");
            return;
        }

        String text = slot.encode(instant);

        assertThat(text).isEqualTo(formatter.format(instant));
        assertThat(slot.decode(text)).isEqualTo(Instant.from(formatter.parse(text))).isEqualTo(instant);
    }

    @Test
    void keySlotCodec_whenTextIsNotAnInstantOfThePattern_failsSayingWhy() {
        SlotCodec<Instant> slot = SlotFormats.instant(Optional.empty(), KeyRole.SORT);
        for (String text : List.of("2025-02-29T09:00:00.000000000Z", "2025-05-19T24:00:00.000000000Z", "2025-05-19t09:00:00.000000000z",
                "2025-05-19T09:00:00Z", "2025-05-19T09:00:00.000000000+01:00")) {
            assertThatThrownBy(() -> slot.decode(text)).as(text).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("'" + text + "' does not match the slot's date format: ");
        }
    }

    @Test
    void format_atEdgesOfFastRange_isInstantToString() {
        for (String text : List.of("0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "1970-01-01T00:00:00Z",
                "1969-12-31T23:59:59.999Z", "2000-02-29T12:00:00.000001Z", "1900-03-01T00:00:00Z", "+10000-01-01T00:00:00Z",
                "-0001-12-31T23:59:59Z", "2024-02-29T23:59:59.100Z")) {
            Instant instant = Instant.parse(text);
            assertThat(IsoInstant.format(instant)).as(text).isEqualTo(instant.toString());
            assertThat(IsoInstant.parse(instant.toString())).as(text).isEqualTo(instant);
        }
        assertThat(IsoInstant.format(Instant.MIN)).isEqualTo(Instant.MIN.toString());
        assertThat(IsoInstant.format(Instant.MAX)).isEqualTo(Instant.MAX.toString());
    }

    @Test
    void parse_whenTextIsNotThePlainForm_givesWhatTheJdkGives() {
        for (String text : List.of("2025-05-19t09:00:00z", "2025-05-19T09:00:00+01:00", "2025-05-19T23:59:60Z",
                "2025-05-19T24:00:00Z", "2025-05-19T09:00:00.Z")) {
            assertThat(IsoInstant.parse(text)).as(text).isEqualTo(Instant.parse(text));
        }
    }

    @Test
    void parse_whenTextIsNoInstant_throwsTheJdksException() {
        for (String text : List.of("2025-02-29T09:00:00Z", "2025-13-01T09:00:00Z", "2025-04-31T09:00:00Z", "+2025-05-19T09:00:00Z",
                "2025-05-19T09:60:00Z", "2025-05-19T09:00:00.1234567890Z", "2025-05-19 09:00:00Z",
                "2025-05-1xT09:00:00Z", "2025-05-19T09:00:00", "", "yesterday", "2025-05-19T09:00:00.-1Z")) {
            assertThatThrownBy(() -> IsoInstant.parse(text)).as(text).isInstanceOf(DateTimeParseException.class);
        }
    }

    @Provide
    Arbitrary<Instant> instants() {
        Arbitrary<Long> seconds = Arbitraries.oneOf(
                Arbitraries.longs().between(-62_167_219_200L, 253_402_300_799L),
                Arbitraries.longs().between(-100_000_000_000L, 400_000_000_000L),
                Arbitraries.longs().between(1_600_000_000L, 1_900_000_000L));
        Arbitrary<Integer> nanos = Arbitraries.oneOf(
                Arbitraries.just(0),
                Arbitraries.integers().between(0, 999).map(n -> n * 1_000_000),
                Arbitraries.integers().between(0, 999_999).map(n -> n * 1_000),
                Arbitraries.integers().between(0, 999_999_999));
        return seconds.flatMap(s -> nanos.map(n -> Instant.ofEpochSecond(s, n)));
    }

    @Provide
    Arbitrary<String> fractions() {
        return Arbitraries.oneOf(Arbitraries.just(""),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(9).map(digits -> "." + digits));
    }
}
