package dev.singletable.examples.blog;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;

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
public record UserMetrics(String username, LocalDate day, int loginCount, int pageViews) {

    public static final Attribute<UserMetrics, String> USERNAME =
            Attribute.required("username", AttributeTypes.STRING, UserMetrics::username);
    public static final Attribute<UserMetrics, LocalDate> DAY =
            Attribute.required("day", AttributeTypes.LOCAL_DATE, UserMetrics::day);
    public static final Attribute<UserMetrics, Integer> LOGIN_COUNT =
            Attribute.required("loginCount", AttributeTypes.INTEGER, UserMetrics::loginCount);
    public static final Attribute<UserMetrics, Integer> PAGE_VIEWS =
            Attribute.required("pageViews", AttributeTypes.INTEGER, UserMetrics::pageViews);

    public static final EntitySchema<UserMetrics> SCHEMA = EntitySchema.builder(UserMetrics.class)
            .type("UserMetrics")
            .attributes(USERNAME, DAY, LOGIN_COUNT, PAGE_VIEWS)
            .primaryKey("USER#{username}", "METRICS#{day}")
            .factory(item -> new UserMetrics(item.get(USERNAME), item.get(DAY), item.get(LOGIN_COUNT), item.get(PAGE_VIEWS)))
            .build();
}
