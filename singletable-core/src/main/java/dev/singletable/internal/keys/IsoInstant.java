package dev.singletable.internal.keys;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

/**
 * {@link Instant#toString()} and {@link Instant#parse} for the instants of years 0000 to 9999, in
 * arithmetic instead of through {@code DateTimeFormatter}: about 5 times faster to parse, with a
 * fraction of the garbage, and timestamps are in nearly every item. Gives exactly the JDK's text and
 * instants; anything outside the plain {@code 2025-05-19T09:00:00.123Z} form (other years, lower
 * case, offsets, leap seconds, malformed text) goes to the JDK, which parses it or says why not.
 */
public final class IsoInstant {
    /** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z. */
    private static final long FIRST_SECOND = -62_167_219_200L;
    private static final long END_SECOND = 253_402_300_800L;
    private static final int SECONDS_PER_DAY = 86_400;
    /** Days from 0000-03-01 to 1970-01-01 in the proleptic Gregorian calendar. */
    private static final int DAYS_0000_03_01_TO_EPOCH = 719_468;
    private static final int DAYS_PER_400_YEARS = 146_097;
    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

    private IsoInstant() {
    }

    /** The same text as {@code instant.toString()}. */
    public static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_SECOND || seconds >= END_SECOND) {
            return instant.toString();
        }
        int nano = instant.getNano();
        return format(seconds, nano, nano == 0 ? 0 : nano % 1_000_000 == 0 ? 3 : nano % 1_000 == 0 ? 6 : 9);
    }

    /**
     * The text of {@code uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'}, always nine digits of fraction, the default form of an
     * instant in a key slot, where every value must have the same width to sort in time order.
     *
     * @throws IllegalArgumentException when the year is outside 0000 to 9999
     */
    public static String formatWithNanos(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_SECOND || seconds >= END_SECOND) {
            throw new IllegalArgumentException("instant " + instant + " is outside years 0000-9999");
        }
        return format(seconds, instant.getNano(), 9);
    }

    private static String format(long seconds, int nano, int fractionDigits) {
        long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) (seconds - days * SECONDS_PER_DAY);
        // civil date from days: the year starts on 1 March, so leap days fall at a year's end
        long shifted = days + DAYS_0000_03_01_TO_EPOCH;
        long era = Math.floorDiv(shifted, DAYS_PER_400_YEARS);
        int dayOfEra = (int) (shifted - era * DAYS_PER_400_YEARS);
        int yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        int monthIndex = (5 * dayOfYear + 2) / 153;
        int day = dayOfYear - (153 * monthIndex + 2) / 5 + 1;
        int month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
        int year = (int) (yearOfEra + era * 400) + (month <= 2 ? 1 : 0);

        byte[] text = new byte[20 + (fractionDigits == 0 ? 0 : fractionDigits + 1)];
        digits(text, 0, year, 4);
        text[4] = '-';
        digits(text, 5, month, 2);
        text[7] = '-';
        digits(text, 8, day, 2);
        text[10] = 'T';
        digits(text, 11, secondOfDay / 3600, 2);
        text[13] = ':';
        digits(text, 14, secondOfDay / 60 % 60, 2);
        text[16] = ':';
        digits(text, 17, secondOfDay % 60, 2);
        int end = 19;
        if (fractionDigits > 0) {
            text[19] = '.';
            digits(text, 20, nano / POWERS_OF_TEN[9 - fractionDigits], fractionDigits);
            end = 20 + fractionDigits;
        }
        text[end] = 'Z';
        return new String(text, StandardCharsets.ISO_8859_1);
    }

    private static void digits(byte[] text, int at, int value, int width) {
        int rest = value;
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
    }

    /** The same instant as {@code Instant.parse(text)}, and the same exception when there is none. */
    public static Instant parse(CharSequence text) {
        // no Optional here: this reads an instant of nearly every item decoded
        return isPlain(text) ? plain(text) : Instant.parse(text);
    }

    /**
     * The instant of a text of the plain form {@code 2025-05-19T09:00:00[.fraction]Z}, years 0000 to 9999, a fraction of
     * 1 to 9 digits, every field in range; empty for any other text, which the caller gives to a formatter that says why.
     */
    public static Optional<Instant> parsePlain(CharSequence text) {
        return isPlain(text) ? Optional.of(plain(text)) : Optional.empty();
    }

    /** True for a text of the plain form, every field in range. */
    private static boolean isPlain(CharSequence text) {
        int length = text.length();
        if (length < 20 || length == 21 || length > 30 || text.charAt(length - 1) != 'Z' || text.charAt(4) != '-'
                || text.charAt(7) != '-' || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':'
                || length > 20 && (text.charAt(19) != '.' || number(text, 20, length - 21) < 0)) {
            return false;
        }
        int year = number(text, 0, 4);
        int month = number(text, 5, 2);
        int day = number(text, 8, 2);
        int hour = number(text, 11, 2);
        int minute = number(text, 14, 2);
        int second = number(text, 17, 2);
        return year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
                && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
    }

    /** The instant of a text {@link #isPlain} accepts. */
    private static Instant plain(CharSequence text) {
        int length = text.length();
        int nano = length > 20 ? number(text, 20, length - 21) * POWERS_OF_TEN[9 - (length - 21)] : 0;
        long days = epochDay(number(text, 0, 4), number(text, 5, 2), number(text, 8, 2));
        return Instant.ofEpochSecond(days * SECONDS_PER_DAY + number(text, 11, 2) * 3600 + number(text, 14, 2) * 60
                + number(text, 17, 2), nano);
    }

    /** The decimal number of {@code width} digits at {@code at}; -1 when one of them is not an ASCII digit. */
    private static int number(CharSequence text, int at, int width) {
        int value = 0;
        for (int i = at; i < at + width; i++) {
            int digit = text.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static int daysInMonth(int year, int month) {
        if (month == 2) {
            boolean leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
            return leap ? 29 : 28;
        }
        return month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
    }

    private static long epochDay(int year, int month, int day) {
        int y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        int yearOfEra = (int) (y - era * 400);
        int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * DAYS_PER_400_YEARS + dayOfEra - DAYS_0000_03_01_TO_EPOCH;
    }
}
