package dev.singletable.internal.keys;


import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The slot codecs of the built-in types, chosen by format and key role. */
public final class SlotFormats {
    /** Fixed width (nanoseconds always written) so that string order is time order. */
    public static final String DEFAULT_INSTANT_PATTERN = "uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'";

    // Holders: a fresh JVM compiles the patterns and builds the formatter only when a slot needs them,
    // so that encoding and decoding items without such slots never loads java.util.regex or java.time.format.
    private static final class Formats {
        static final Pattern INTEGER_FORMAT = Pattern.compile("%0(\\d{1,2})d");
        static final Pattern DECIMAL_FORMAT = Pattern.compile("%0(\\d{1,2})\\.(\\d{1,2})f");
    }

    private static final class DefaultInstant {
        static final DateTimeFormatter FORMATTER = DateTimeFormatter
                .ofPattern(DEFAULT_INSTANT_PATTERN, Locale.ROOT).withZone(ZoneOffset.UTC).withResolverStyle(ResolverStyle.STRICT);
    }

    private SlotFormats() {
    }

    public static SlotCodec<String> string(Optional<String> format) {
        noFormat("String", format);
        return new SlotCodec<>() {
            @Override
            public String encode(String value) {
                return value;
            }

            @Override
            public String decode(String text) {
                return text;
            }
        };
    }

    public static SlotCodec<Boolean> bool(Optional<String> format) {
        noFormat("boolean", format);
        return new SlotCodec<>() {
            @Override
            public String encode(Boolean value) {
                return value.toString();
            }

            @Override
            public Boolean decode(String text) {
                if (text.equals("true")) {
                    return Boolean.TRUE;
                }
                if (text.equals("false")) {
                    return Boolean.FALSE;
                }
                throw new IllegalArgumentException("'" + text + "' is neither true nor false");
            }
        };
    }

    public static SlotCodec<java.util.UUID> uuid(Optional<String> format) {
        noFormat("UUID", format);
        return new SlotCodec<>() {
            @Override
            public String encode(java.util.UUID value) {
                return value.toString();
            }

            @Override
            public java.util.UUID decode(String text) {
                return uuid(text);
            }
        };
    }

    /**
     * The UUID of its canonical text, 8-4-4-4-12 hex digits in either case. {@code UUID.fromString} is lenient: it takes
     * {@code 1-1-1-1-1} as {@code 00000001-0001-0001-0001-000000000001}, so a value would be stored other than given.
     *
     * @throws IllegalArgumentException for any other text, as {@code UUID.fromString} says it
     */
    public static java.util.UUID uuid(CharSequence text) {
        boolean canonical = text.length() == 36;
        for (int i = 0; canonical && i < 36; i++) {
            char c = text.charAt(i);
            canonical = i == 8 || i == 13 || i == 18 || i == 23 ? c == '-' : Character.digit(c, 16) >= 0 && c < 128;
        }
        if (!canonical) {
            throw new IllegalArgumentException("Invalid UUID string: " + text);
        }
        return java.util.UUID.fromString(text.toString());
    }

    public static <E extends Enum<E>> SlotCodec<E> enumeration(Class<E> type, Optional<String> format, Function<String, E> constants) {
        noFormat("an enum", format);
        return new SlotCodec<>() {
            @Override
            public String encode(E value) {
                return value.name();
            }

            @Override
            public E decode(String text) {
                return constants.apply(text);
            }
        };
    }

    /**
     * Integers: plain decimal in a partition key, fixed-width sortable in a sort key (or wherever a
     * {@code %0Nd} format is given).
     */
    public static <N> SlotCodec<N> integer(String typeName, int defaultSortWidth, Optional<String> format, KeyRole role,
                                           Function<N, BigInteger> toBig, Function<BigInteger, N> fromBig) {
        int width;
        if (format.isPresent()) {
            Matcher m = Formats.INTEGER_FORMAT.matcher(format.get());
            if (!m.matches()) {
                throw new IllegalArgumentException("format '" + format.get() + "' does not fit " + typeName
                        + "; use %0Nd, for example %05d for five digits");
            }
            width = Integer.parseInt(m.group(1));
            if (width < 1 || width > 40) {
                throw new IllegalArgumentException("format '" + format.get() + "' gives width " + width + "; use 1 to 40");
            }
        } else if (role == KeyRole.SORT) {
            if (defaultSortWidth <= 0) {
                throw new IllegalArgumentException(typeName + " has no fixed width; give one so that the sort key "
                        + "sorts numerically, for example {slot:%020d}");
            }
            width = defaultSortWidth;
        } else {
            return new SlotCodec<>() {
                @Override
                public String encode(N value) {
                    return toBig.apply(value).toString();
                }

                @Override
                public N decode(String text) {
                    return fromBig.apply(new BigInteger(text));
                }
            };
        }
        int w = width;
        return new SlotCodec<>() {
            @Override
            public String encode(N value) {
                return SortableNumbers.encode(toBig.apply(value), w);
            }

            @Override
            public N decode(String text) {
                return fromBig.apply(SortableNumbers.decode(text, w));
            }
        };
    }

    public static SlotCodec<BigDecimal> decimal(Optional<String> format, KeyRole role) {
        if (format.isPresent()) {
            Matcher m = Formats.DECIMAL_FORMAT.matcher(format.get());
            if (!m.matches()) {
                throw new IllegalArgumentException("format '" + format.get() + "' does not fit BigDecimal; use %0W.Sf, "
                        + "for example %010.2f for 10 characters with 2 decimal places");
            }
            int width = Integer.parseInt(m.group(1));
            int scale = Integer.parseInt(m.group(2));
            if (width < scale + 2 || width > 41) {
                throw new IllegalArgumentException("format '" + format.get() + "' needs a width from " + (scale + 2) + " to 41");
            }
            return new SlotCodec<>() {
                @Override
                public String encode(BigDecimal value) {
                    return SortableNumbers.encodeDecimal(value, width, scale);
                }

                @Override
                public BigDecimal decode(String text) {
                    return SortableNumbers.decodeDecimal(text, width, scale);
                }
            };
        }
        if (role == KeyRole.SORT) {
            throw new IllegalArgumentException("BigDecimal in a sort key needs a fixed width and scale so that it sorts "
                    + "numerically, for example {slot:%012.2f}");
        }
        return new SlotCodec<>() {
            @Override
            public String encode(BigDecimal value) {
                return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
            }

            @Override
            public BigDecimal decode(String text) {
                return new BigDecimal(text);
            }
        };
    }

    public static SlotCodec<Instant> instant(Optional<String> format, KeyRole role) {
        if (format.isEmpty()) {
            return defaultInstant();
        }
        DateTimeFormatter formatter = pattern("Instant", format.get());
        int minYear = minYear(format);
        return checkedPattern(format.get(), "Instant", role, new SlotCodec<>() {
            @Override
            public String encode(Instant value) {
                int year = value.atOffset(ZoneOffset.UTC).getYear();
                if (year < minYear || year > 9999) {
                    throw new IllegalArgumentException("instant " + value + " is outside years " + yearRange(minYear)
                            + ", where key text no longer sorts in time order");
                }
                return formatter.format(value);
            }

            @Override
            public Instant decode(String text) {
                TemporalAccessor parsed = parseTemporal(formatter, text);
                if (parsed.isSupported(ChronoField.INSTANT_SECONDS)) {
                    return Instant.from(parsed);
                }
                return LocalDate.from(parsed).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
        }, Samples.INSTANTS);
    }

    /**
     * {@link #DEFAULT_INSTANT_PATTERN} in arithmetic ({@link IsoInstant}): every write of an entity with an instant in a
     * key builds its text, and the formatter costs microseconds and a class-loading burst on the first use. Text that
     * is not of the plain form is parsed by the formatter, which gives the reason it does not match. Made on demand,
     * so that a template without an instant slot loads no class for it.
     */
    private static SlotCodec<Instant> defaultInstant() {
        return new SlotCodec<>() {
            @Override
            public String encode(Instant value) {
                try {
                    return IsoInstant.formatWithNanos(value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("instant " + value + " is outside years " + yearRange(0)
                            + ", where key text no longer sorts in time order", e);
                }
            }

            @Override
            public Instant decode(String text) {
                Optional<Instant> plain = text.length() == DEFAULT_INSTANT_PATTERN.length() - 4 ? IsoInstant.parsePlain(text) : Optional.empty();
                return plain.isPresent() ? plain.get() : Instant.from(parseTemporal(DefaultInstant.FORMATTER, text));
            }
        };
    }

    public static SlotCodec<LocalDate> localDate(Optional<String> format, KeyRole role) {
        DateTimeFormatter formatter = format.isPresent() ? pattern("LocalDate", format.get()) : DateTimeFormatter.ISO_LOCAL_DATE;
        int minYear = minYear(format);
        SlotCodec<LocalDate> codec = new SlotCodec<>() {
            @Override
            public String encode(LocalDate value) {
                if (value.getYear() < minYear || value.getYear() > 9999) {
                    throw new IllegalArgumentException("date " + value + " is outside years " + yearRange(minYear)
                            + ", where key text no longer sorts in date order");
                }
                return formatter.format(value);
            }

            @Override
            public LocalDate decode(String text) {
                return LocalDate.from(parseTemporal(formatter, text));
            }
        };
        return format.isPresent() ? checkedPattern(format.get(), "LocalDate", role, codec, Samples.DATES) : codec;
    }

    /** Values in increasing order that differ in every field a date pattern can hold, across width changes of each. */
    private static final class Samples {
        static final List<Instant> INSTANTS = List.of(
                Instant.parse("1969-12-31T23:59:59.999999999Z"), Instant.parse("1970-01-01T00:00:00Z"),
                Instant.parse("2009-09-09T09:09:09.090909090Z"), Instant.parse("2009-09-30T23:00:00Z"),
                Instant.parse("2009-10-01T00:00:00Z"), Instant.parse("2010-10-10T10:10:10.101010101Z"),
                Instant.parse("2024-02-29T13:45:30.500Z"), Instant.parse("2024-03-01T01:02:03Z"),
                Instant.parse("2024-03-01T13:00:00Z"), Instant.parse("2024-12-30T12:00:00Z"),
                Instant.parse("2025-01-01T00:00:00Z"));
        static final List<LocalDate> DATES = List.of(
                LocalDate.parse("1969-12-31"), LocalDate.parse("1970-01-01"), LocalDate.parse("2009-09-09"),
                LocalDate.parse("2009-09-30"), LocalDate.parse("2009-10-01"), LocalDate.parse("2010-10-10"),
                LocalDate.parse("2024-02-29"), LocalDate.parse("2024-03-01"), LocalDate.parse("2024-12-30"),
                LocalDate.parse("2025-01-01"));
    }

    /**
     * A date pattern must give text that reads back to the value it was made from (truncated to the pattern's
     * precision), and in a sort key text that sorts in time order: checked on sample values when the template is
     * bound, so that {@code MM-dd}, {@code YYYY-MM-dd} (week-based year) or {@code dd-MM-yyyy} in a sort key fail
     * then rather than at the first write or read.
     */
    private static <V> SlotCodec<V> checkedPattern(String pattern, String typeName, KeyRole role, SlotCodec<V> codec, List<V> samples) {
        String previous = null;
        for (V sample : samples) {
            String text = codec.encode(sample);
            String again;
            try {
                again = codec.encode(codec.decode(text));
            } catch (RuntimeException e) {
                again = null;
            }
            if (!text.equals(again)) {
                throw new IllegalArgumentException("date pattern '" + pattern + "' writes " + typeName + " " + sample + " as '" + text
                        + "', which does not read back" + (again == null ? "" : " (it reads as '" + again + "')")
                        + "; a pattern needs the year (uuuu or yyyy, not the week-based YYYY) and every field above the smallest "
                        + "it writes, such as yyyy, yyyy-MM, yyyy-MM-dd or yyyy-MM-dd'T'HH:mm");
            }
            if (role == KeyRole.SORT && previous != null && previous.compareTo(text) > 0) {
                throw new IllegalArgumentException("date pattern '" + pattern + "' in a sort key does not sort in time order: '"
                        + previous + "' sorts after '" + text + "'; write the fields from the year down, fixed width and as "
                        + "numbers, such as yyyy-MM-dd'T'HH:mm");
            }
            previous = text;
        }
        return codec;
    }

    /** A pattern's {@code y} is the year of era, which writes year 0 (1 BC) as 0001, the same text as year 1. */
    private static int minYear(Optional<String> format) {
        return format.isPresent() && format.get().indexOf('y') >= 0 ? 1 : 0;
    }

    private static String yearRange(int minYear) {
        return (minYear == 0 ? "0000" : "0001") + "-9999";
    }

    private static TemporalAccessor parseTemporal(DateTimeFormatter formatter, String text) {
        try {
            return formatter.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' does not match the slot's date format: " + e.getMessage(), e);
        }
    }

    private static DateTimeFormatter pattern(String typeName, String pattern) {
        if (pattern.startsWith("%")) {
            throw new IllegalArgumentException("format '" + pattern + "' is a number format, which does not fit " + typeName
                    + "; use a date pattern such as yyyy-MM-dd");
        }
        try {
            // a pattern that stops at the year or the month (yyyy, yyyy-MM: buckets) reads back as its first day
            DateTimeFormatterBuilder builder = new DateTimeFormatterBuilder().appendPattern(pattern);
            if (!hasAnyLetter(pattern, "MLDQqwW")) {
                builder.parseDefaulting(ChronoField.MONTH_OF_YEAR, 1);
            }
            if (!hasAnyLetter(pattern, "dDFEecwW")) {
                builder.parseDefaulting(ChronoField.DAY_OF_MONTH, 1);
            }
            return builder.toFormatter(Locale.ROOT).withZone(ZoneOffset.UTC);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("format '" + pattern + "' is not a date pattern: " + e.getMessage(), e);
        }
    }

    /** True when a pattern letter among {@code letters} appears outside quoted text. */
    private static boolean hasAnyLetter(String pattern, String letters) {
        boolean quoted = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && letters.indexOf(c) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static void noFormat(String typeName, Optional<String> format) {
        if (format.isPresent()) {
            throw new IllegalArgumentException("format '" + format.get() + "' does not fit " + typeName
                    + ", whose slots take no format; drop ':" + format.get() + "' from the slot");
        }
    }
}
