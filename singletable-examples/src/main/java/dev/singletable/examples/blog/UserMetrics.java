package dev.singletable.examples.blog;

import dev.singletable.annotations.Entity;

import java.time.LocalDate;

/**
 * A user's activity on one day: a time series in the user's partition, sorted by date
 * ({@code METRICS#2025-05-19}), so a date range is one sort key range.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code USER#{username}}</td><td>{@code METRICS#{day}}</td><td>metrics between two dates</td></tr>
 * </table>
 */
@Entity(pk = "USER#{username}", sk = "METRICS#{day}")
public record UserMetrics(String username, LocalDate day, int loginCount, int pageViews) {
}
