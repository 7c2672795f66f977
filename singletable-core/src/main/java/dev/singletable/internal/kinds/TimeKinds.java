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

/** The codecs of the time kinds: instants (as ISO text or epoch seconds), dates and dates with times. */
final class TimeKinds {
    private TimeKinds() {
    }

    static final KindCodec INSTANT = new KindCodec() {
        @Override
        Optional<String> textFormat() {
            return Optional.of("date-time");
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return IsoInstant.parse(text);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 instant", e);
            }
        }

        @Override
        Object parseText(String text) {
            return instantOrEpochSeconds(text.strip());
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromS(IsoInstant.format((Instant) value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.instant(format, role);
        }

        @Override
        int maxStoredBytes() {
            return 40; // Instant.MAX is "+1000000000-12-31T23:59:59.999999999Z"
        }
    };

    static final KindCodec LOCAL_DATE = new KindCodec() {
        @Override
        Optional<String> textFormat() {
            return Optional.of("date");
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return LocalDate.parse(text);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 date", e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromS(((LocalDate) value).toString());
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.localDate(format, role);
        }

        @Override
        int maxStoredBytes() {
            return 20; // LocalDate.MAX is "+999999999-12-31"
        }
    };

    static final KindCodec LOCAL_DATE_TIME = new KindCodec() {
        @Override
        Object fromStoredText(String text) {
            try {
                return LocalDateTime.parse(text);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 date and time", e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromS(((LocalDateTime) value).toString());
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
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
                    return (LocalDateTime) fromStoredText(text);
                }
            };
        }

        @Override
        int maxStoredBytes() {
            return 35; // LocalDateTime.MAX is "+999999999-12-31T23:59:59.999999999"
        }
    };

    static final KindCodec EPOCH_SECONDS = new KindCodec() {
        @Override
        Optional<String> textFormat() {
            return Optional.of("date-time");
        }

        @Override
        Object parseText(String text) {
            return instantOrEpochSeconds(text.strip());
        }

        @Override
        AttributeType<?> makeType() {
            return StandardTypes.EPOCH_SECONDS;
        }
    };

    private static Instant instantOrEpochSeconds(String text) {
        if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
            return Instant.ofEpochSecond(Long.parseLong(text));
        }
        return Instant.parse(text);
    }
}
