package dev.singletable.internal.keys;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.TimeBucket;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The slot text of a time bucket ({@code {takenAt:bucket=DAY}}) and the buckets a time range covers.
 * Written by hand rather than by a {@code DateTimeFormatter}: an hour bucket ({@code 2025-05-19T13})
 * has no minutes, which the formatter's parsing cannot turn back into an instant.
 */
public final class TimeBuckets {
    private TimeBuckets() {
    }

    /** What kind of value the bucketed attribute holds. */
    private enum ValueKind { INSTANT, LOCAL_DATE, EPOCH_SECONDS }

    /**
     * The codec of a bucket slot on an attribute of this type: its text is the bucket, and it reads back as the
     * bucket's first instant, day or second; empty when the type holds no point in time.
     *
     * @throws IllegalArgumentException for an hour bucket on a LocalDate, which has no hour
     */
    public static Optional<SlotCodec<Object>> codec(AttributeType<?> type, TimeBucket bucket) {
        Optional<ValueKind> kind = kind(type);
        if (kind.isEmpty()) {
            return Optional.empty();
        }
        if (kind.get() == ValueKind.LOCAL_DATE && bucket == TimeBucket.HOUR) {
            throw new IllegalArgumentException("a LocalDate has no hour; use bucket=DAY or bucket=MONTH, or an Instant attribute");
        }
        ValueKind k = kind.get();
        return Optional.of(new SlotCodec<>() {
            @Override
            public String encode(Object value) {
                return text(start(toInstant(value), bucket), bucket);
            }

            @Override
            public Object decode(String text) {
                return fromInstant(parse(text, bucket), k);
            }
        });
    }

    /** The attribute's values from {@code from} to {@code to} (inclusive), one per bucket, each the bucket's start. */
    public static List<Object> between(Object from, Object to, AttributeType<?> type, TimeBucket bucket, boolean descending) {
        ValueKind kind = kind(type).orElseThrow();
        Instant first = start(toInstant(from), bucket);
        Instant last = start(toInstant(to), bucket);
        List<Object> values = new ArrayList<>();
        for (Instant at = first; !at.isAfter(last); at = next(at, bucket)) {
            values.add(fromInstant(at, kind));
        }
        if (descending) {
            java.util.Collections.reverse(values);
        }
        return values;
    }

    /** How many buckets {@code from..to} covers, without making them (a huge range is refused before it is listed). */
    public static long count(Object from, Object to, TimeBucket bucket) {
        Instant first = start(toInstant(from), bucket);
        Instant last = start(toInstant(to), bucket);
        if (last.isBefore(first)) {
            return 0;
        }
        LocalDateTime a = LocalDateTime.ofInstant(first, ZoneOffset.UTC);
        LocalDateTime b = LocalDateTime.ofInstant(last, ZoneOffset.UTC);
        return switch (bucket) {
            case HOUR -> ChronoUnit.HOURS.between(a, b) + 1;
            case DAY -> ChronoUnit.DAYS.between(a, b) + 1;
            case MONTH -> ChronoUnit.MONTHS.between(a, b) + 1;
        };
    }

    private static Optional<ValueKind> kind(AttributeType<?> type) {
        if (type == AttributeTypes.INSTANT || type == AttributeTypes.EPOCH_SECONDS) {
            return Optional.of(ValueKind.INSTANT);
        }
        if (type == AttributeTypes.LOCAL_DATE) {
            return Optional.of(ValueKind.LOCAL_DATE);
        }
        if (type == AttributeTypes.LONG) {
            return Optional.of(ValueKind.EPOCH_SECONDS);
        }
        return Optional.empty();
    }

    private static Instant toInstant(Object value) {
        if (value instanceof Instant instant) {
            return instant;
        }
        if (value instanceof LocalDate date) {
            return date.atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        if (value instanceof Long seconds) {
            return Instant.ofEpochSecond(seconds);
        }
        throw new IllegalArgumentException("value " + value + " (" + value.getClass().getSimpleName()
                + ") is not a point in time; give an Instant, a LocalDate or epoch seconds (long)");
    }

    private static Object fromInstant(Instant instant, ValueKind kind) {
        return switch (kind) {
            case INSTANT -> instant;
            case LOCAL_DATE -> LocalDate.ofInstant(instant, ZoneOffset.UTC);
            case EPOCH_SECONDS -> instant.getEpochSecond();
        };
    }

    private static Instant start(Instant instant, TimeBucket bucket) {
        LocalDateTime t = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        LocalDateTime start = switch (bucket) {
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
            case DAY -> t.truncatedTo(ChronoUnit.DAYS);
            case MONTH -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
        };
        return start.toInstant(ZoneOffset.UTC);
    }

    private static Instant next(Instant start, TimeBucket bucket) {
        LocalDateTime t = LocalDateTime.ofInstant(start, ZoneOffset.UTC);
        return (switch (bucket) {
            case HOUR -> t.plusHours(1);
            case DAY -> t.plusDays(1);
            case MONTH -> t.plusMonths(1);
        }).toInstant(ZoneOffset.UTC);
    }

    private static String text(Instant start, TimeBucket bucket) {
        LocalDateTime t = LocalDateTime.ofInstant(start, ZoneOffset.UTC);
        if (t.getYear() < 0 || t.getYear() > 9999) {
            throw new IllegalArgumentException("instant " + start + " is outside years 0000-9999, where bucket text no longer sorts in time order");
        }
        String month = String.format(java.util.Locale.ROOT, "%04d-%02d", t.getYear(), t.getMonthValue());
        return switch (bucket) {
            case MONTH -> month;
            case DAY -> month + String.format(java.util.Locale.ROOT, "-%02d", t.getDayOfMonth());
            case HOUR -> month + String.format(java.util.Locale.ROOT, "-%02dT%02d", t.getDayOfMonth(), t.getHour());
        };
    }

    private static Instant parse(String text, TimeBucket bucket) {
        int length = switch (bucket) {
            case MONTH -> 7;
            case DAY -> 10;
            case HOUR -> 13;
        };
        if (text.length() != length || text.charAt(4) != '-' || length > 7 && text.charAt(7) != '-' || length > 10 && text.charAt(10) != 'T') {
            throw new IllegalArgumentException("'" + text + "' is not a " + bucket + " bucket, written "
                    + (bucket == TimeBucket.MONTH ? "uuuu-MM" : bucket == TimeBucket.DAY ? "uuuu-MM-dd" : "uuuu-MM-dd'T'HH"));
        }
        try {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 7);
            int day = length > 7 ? digits(text, 8, 10) : 1;
            int hour = length > 10 ? digits(text, 11, 13) : 0;
            return LocalDateTime.of(year, month, day, hour, 0).toInstant(ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("'" + text + "' is not a " + bucket + " bucket: " + e.getMessage(), e);
        }
    }

    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("'" + text + "' has '" + c + "' where a digit belongs");
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
