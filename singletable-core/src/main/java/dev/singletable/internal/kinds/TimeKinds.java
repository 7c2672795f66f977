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

    /** The last epoch second of the year 9999 and the first of the year 0000: the instants ISO-8601 writes with four-digit years. */
    private static final long LAST_SECOND_OF_9999 = 253_402_300_799L;
    private static final long FIRST_SECOND_OF_0000 = -62_167_219_200L;

    /**
     * ISO text or epoch seconds (an optional minus sign and digits). A number of seconds beyond the year 9999 (or before
     * the year 0000) is refused rather than read as a date tens of millennia away: it is nearly always epoch
     * milliseconds (13 digits today), which legacy tables often hold.
     */
    private static Instant instantOrEpochSeconds(String text) {
        String digits = text.startsWith("-") ? text.substring(1) : text;
        if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit)) {
            java.math.BigInteger seconds = new java.math.BigInteger(text);
            if (seconds.compareTo(java.math.BigInteger.valueOf(LAST_SECOND_OF_9999)) > 0
                    || seconds.compareTo(java.math.BigInteger.valueOf(FIRST_SECOND_OF_0000)) < 0) {
                boolean millis = seconds.compareTo(java.math.BigInteger.valueOf(LAST_SECOND_OF_9999 * 1000 + 999)) <= 0
                        && seconds.compareTo(java.math.BigInteger.valueOf(FIRST_SECOND_OF_0000 * 1000)) >= 0;
                throw new IllegalArgumentException("'" + text + "' as epoch seconds is " + (seconds.signum() > 0 ? "after the year 9999"
                        : "before the year 0000") + (millis ? "; as epoch milliseconds it is " + Instant.ofEpochMilli(seconds.longValueExact())
                        + ": give seconds (" + seconds.longValueExact() / 1000 + ") or an ISO-8601 instant"
                        : ": give epoch seconds from " + FIRST_SECOND_OF_0000 + " to " + LAST_SECOND_OF_9999 + " or an ISO-8601 instant"));
            }
            return Instant.ofEpochSecond(seconds.longValueExact());
        }
        return Instant.parse(text);
    }
}
