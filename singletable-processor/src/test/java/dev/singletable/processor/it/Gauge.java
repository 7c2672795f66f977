package dev.singletable.processor.it;

import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;

import java.time.Instant;
import java.util.List;

/** The modelling patterns' slots naming renamed properties: a path, a time bucket and a shard. */
@Entity(pk = "GAUGE#{deviceId}#{takenAt:bucket=HOUR}", sk = "SITE#{site}")
@Index(name = "GSI1", pk = "GAUGES#{shard:of=deviceId,count=16}", sk = "{takenAt}")
public record Gauge(@Attribute(name = "device") String deviceId, @Attribute(name = "at") Instant takenAt,
                    @Attribute(name = "where") List<String> site) {
}
