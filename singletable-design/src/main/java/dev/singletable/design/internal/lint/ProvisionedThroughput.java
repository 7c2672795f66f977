package dev.singletable.design.internal.lint;

import java.util.Set;

/** ST022: traffic over the capacity a PROVISIONED design declares, at the declared peaks. */
final class ProvisionedThroughput extends CapacityLimits {
    ProvisionedThroughput() {
        super(Set.of("provisioned-reads", "provisioned-writes"), "ST022", "provisioned-throughput", Severity.WARNING,
                "Traffic over the provisioned capacity at the declared peak",
                "A PROVISIONED table and each of its global secondary indexes serve at most the read and write capacity units "
                        + "provisioned for them a second (beyond a short burst); requests past them are throttled. A local "
                        + "secondary index uses the table's.");
    }

    @Override
    String fix(boolean pattern) {
        return "provision more capacity (table.billing's readCapacity and writeCapacity), let auto-scaling follow the traffic, "
                + "or bill on demand (billing: {mode: PAY_PER_REQUEST})";
    }
}
