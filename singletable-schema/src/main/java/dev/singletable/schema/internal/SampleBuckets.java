package dev.singletable.schema.internal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The time buckets a key segment can be of an item's instants: {@code 2025-05-19} is {@code {takenAt:bucket=DAY}} of a
 * {@code takenAt} of 2025-05-19T13:45:30Z, written as the core writes the bucket ({@link dev.singletable.TimeBucket}).
 */
final class SampleBuckets {
    private static final Map<String, DateTimeFormatter> UNITS = new LinkedHashMap<>();

    static {
        UNITS.put("HOUR", DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH").withZone(ZoneOffset.UTC));
        UNITS.put("DAY", DateTimeFormatter.ofPattern("uuuu-MM-dd").withZone(ZoneOffset.UTC));
        UNITS.put("MONTH", DateTimeFormatter.ofPattern("uuuu-MM").withZone(ZoneOffset.UTC));
    }

    private SampleBuckets() {
    }

    /** The bucketed slots ({@code takenAt:bucket=DAY}) of the attributes holding an instant whose bucket is the segment. */
    static Set<String> of(String segment, Map<String, String> known) {
        Set<String> slots = new LinkedHashSet<>();
        known.forEach((name, text) -> {
            if (SampleKeys.samePointInTime(text, text)) {
                Instant instant = Instant.parse(text);
                UNITS.forEach((unit, format) -> {
                    if (format.format(instant).equals(segment)) {
                        slots.add(name + ":bucket=" + unit);
                    }
                });
            }
        });
        return slots;
    }
}
