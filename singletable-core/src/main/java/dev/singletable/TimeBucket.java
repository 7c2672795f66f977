package dev.singletable;

/**
 * The unit of a time-bucketed key slot, {@code {timestamp:bucket=DAY}}: every item whose timestamp
 * falls in the same UTC hour, day or month gets the same slot text, so a time series spreads over
 * one partition per bucket instead of one ever-growing partition.
 *
 * <table>
 *   <caption>slot text of 2025-05-19T13:45:30Z</caption>
 *   <tr><th>unit</th><th>text</th></tr>
 *   <tr><td>{@code HOUR}</td><td>{@code 2025-05-19T13}</td></tr>
 *   <tr><td>{@code DAY}</td><td>{@code 2025-05-19}</td></tr>
 *   <tr><td>{@code MONTH}</td><td>{@code 2025-05}</td></tr>
 * </table>
 *
 * <pre>{@code
 * @Entity(type = "Reading", pk = "SENSOR#{deviceId}#{takenAt:bucket=DAY}", sk = "READING#{takenAt}")
 * record Reading(String deviceId, Instant takenAt, double value) {}
 *
 * table.query(READING).partition(DEVICE_ID, "d1").acrossBuckets(TAKEN_AT, from, to).list();
 * }</pre>
 *
 * <p>The slot's attribute is an {@code Instant} (stored as text or as epoch seconds), a
 * {@code LocalDate} (DAY and MONTH only) or a {@code long} of epoch seconds.
 */
@Stable
public enum TimeBucket {
    /** One bucket per UTC hour, written {@code uuuu-MM-dd'T'HH}. */
    HOUR,
    /** One bucket per UTC day, written {@code uuuu-MM-dd}. */
    DAY,
    /** One bucket per UTC month, written {@code uuuu-MM}. */
    MONTH
}
