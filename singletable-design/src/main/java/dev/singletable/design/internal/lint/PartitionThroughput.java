package dev.singletable.design.internal.lint;

import java.util.Set;

/** ST017: traffic that one partition key takes beyond a partition's throughput at the declared peak. */
final class PartitionThroughput extends CapacityLimits {
    PartitionThroughput() {
        super(Set.of("partition-reads", "partition-writes"), "ST017", "partition-throughput", Severity.WARNING,
                "Traffic over a partition's throughput at the declared peak",
                "One partition serves at most 3,000 read units and 1,000 write units a second, whatever the table's capacity: traffic "
                        + "that one partition key takes beyond that is throttled, on-demand or provisioned.");
    }

    @Override
    String fix(boolean pattern) {
        return pattern
                ? "spread the reads: a partition key of more values, a write-shard slot read with acrossShards(), or a cache "
                        + "(DAX) in front of the hot key"
                : "spread the writes: a write-shard slot ('{shard:of=ID,count=N}') in the partition key template, or key by a "
                        + "high-cardinality attribute";
    }
}
