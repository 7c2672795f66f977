package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import dev.singletable.internal.keys.IsoInstant;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.SlotCodec;
import dev.singletable.internal.keys.SlotFormats;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The codecs of the time kinds: instants (as ISO text or epoch seconds), dates and dates with times. */
final class TimeKinds {
    private TimeKinds() {
    }

    static final KindCodec INSTANT = new IsoCodec(Optional.of("date-time"), IsoInstant::parse, "an ISO-8601 instant",
            value -> IsoInstant.format((Instant) value), SlotFormats::instant,
            40) { // Instant.MAX is "+1000000000-12-31T23:59:59.999999999Z"
        @Override
        Object parseText(String text) {
            return instantOrEpochSeconds(text.strip());
        }
    };

    static final KindCodec LOCAL_DATE = new IsoCodec(Optional.of("date"), LocalDate::parse, "an ISO-8601 date",
            value -> ((LocalDate) value).toString(),
            SlotFormats::localDate, 20); // LocalDate.MAX is "+999999999-12-31"

    static final KindCodec LOCAL_DATE_TIME = new IsoCodec(Optional.empty(), LocalDateTime::parse, "an ISO-8601 date and time",
            value -> ((LocalDateTime) value).toString(),
            (format, role) -> localDateTimeSlots(format), 35); // LocalDateTime.MAX is "+999999999-12-31T23:59:59.999999999"

    static final KindCodec EPOCH_SECONDS = new KindCodec(Optional.of("date-time")) {
        @Override
        Object parseText(String text) {
            return instantOrEpochSeconds(text.strip());
        }

        @Override
        AttributeType<?> makeType() {
            return StandardTypes.EPOCH_SECONDS;
        }
    };

    private static SlotCodec<LocalDateTime> localDateTimeSlots(Optional<String> format) {
        if (format.isPresent()) {
            throw new IllegalArgumentException("format '" + format.get() + "' does not fit LocalDateTime, whose slots take no "
                    + "format; drop ':" + format.get() + "' from the slot");
        }
        return new SlotCodec<LocalDateTime>() {
            @Override
            public String encode(LocalDateTime value) {
                if (value.getYear() < 0 || value.getYear() > 9999) {
                    throw new IllegalArgumentException("date and time " + value + " is outside years 0000-9999, where key text "
                            + "no longer sorts in time order");
                }
                return String.format(java.util.Locale.ROOT, "%sT%02d:%02d:%02d.%09d", value.toLocalDate(), value.getHour(),
                        value.getMinute(), value.getSecond(), value.getNano());
            }

            @Override
            public LocalDateTime decode(String text) {
                return (LocalDateTime) LOCAL_DATE_TIME.fromStoredText(text);
            }
        };
    }

    /**
     * A time kind stored as its ISO-8601 text (S): the kinds differ only in their parser, text, key slots and longest
     * text, so each is one row of those.
     */
    private static class IsoCodec extends KindCodec {
        private final Function<CharSequence, Object> parse;
        private final String what;
        private final Function<Object, String> text;
        private final BiFunction<Optional<String>, KeyRole, SlotCodec<?>> slots;
        private final int maxStoredBytes;

        IsoCodec(Optional<String> textFormat, Function<CharSequence, Object> parse, String what, Function<Object, String> text,
                 BiFunction<Optional<String>, KeyRole, SlotCodec<?>> slots, int maxStoredBytes) {
            super(textFormat); // none for a local date and time: JSON Schema has no format for it
            this.parse = parse;
            this.what = what;
            this.text = text;
            this.slots = slots;
            this.maxStoredBytes = maxStoredBytes;
        }

        @Override
        Object fromStoredText(CharSequence stored) {
            try {
                return parse.apply(stored);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + stored + "' is not " + what, e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromS(text.apply(value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return slots.apply(format, role);
        }

        @Override
        int maxStoredBytes() {
            return maxStoredBytes;
        }
    }

    private static Instant instantOrEpochSeconds(String text) {
        if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
            return Instant.ofEpochSecond(Long.parseLong(text));
        }
        return Instant.parse(text);
    }
}
