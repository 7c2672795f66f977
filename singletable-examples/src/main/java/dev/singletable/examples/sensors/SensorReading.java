package dev.singletable.examples.sensors;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.time.Instant;

/**
 * A sensor reading (seed 000 "Time-Series Data", seed 003 "Don't Ignore Hot Partitions"). The table
 * keeps one partition per device and UTC day ({@code {takenAt:bucket=DAY}}), so a device's series never
 * grows one partition without end; GSI1 gathers every device's readings of a day, spread over four
 * shards by a hash of the device ({@code {shard:of=deviceId,count=4}}), so a day's writes do not all
 * land on one hot partition. Reading a range of days, or a whole day, is one query per bucket or
 * shard, sent in parallel and merged in sort-key order ({@code acrossBuckets}, {@code acrossShards}).
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>index</th><th>partition key</th><th>sort key</th><th>serves</th></tr>
 *   <tr><td>table</td><td>{@code SENSOR#{deviceId}#{takenAt:bucket=DAY}}</td><td>{@code READING#{takenAt}}</td>
 *       <td>a device's readings over a time range</td></tr>
 *   <tr><td>GSI1</td><td>{@code READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=4}}</td>
 *       <td>{@code READING#{takenAt}#{deviceId}}</td><td>every device's readings of a day</td></tr>
 * </table>
 *
 * @param deviceId the sensor
 * @param takenAt  when the reading was taken
 * @param celsius  the temperature read, in tenths of a degree
 */
@Entity(pk = "SENSOR#{deviceId}#{takenAt:bucket=DAY}", sk = "READING#{takenAt}")
@Index(name = "GSI1", pk = "READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=4}", sk = "READING#{takenAt}#{deviceId}")
public record SensorReading(String deviceId, Instant takenAt, int celsius) {
}
