package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;
import java.util.Optional;

/**
 * How the table is billed: on demand, or provisioned with read and write capacity units.
 *
 * <pre>{@code billing: {mode: PROVISIONED, readCapacity: 5, writeCapacity: 5}}</pre>
 *
 * @param mode PAY_PER_REQUEST or PROVISIONED
 * @param readCapacity read capacity units, for PROVISIONED
 * @param writeCapacity write capacity units, for PROVISIONED
 */
@Experimental
public record BillingDefinition(BillingMode mode, Optional<Long> readCapacity, Optional<Long> writeCapacity) {
    public BillingDefinition {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(readCapacity, "readCapacity");
        Objects.requireNonNull(writeCapacity, "writeCapacity");
    }

    /** On-demand billing, the default. */
    public static BillingDefinition payPerRequest() {
        return new BillingDefinition(BillingMode.PAY_PER_REQUEST, Optional.empty(), Optional.empty());
    }

    /** DynamoDB's billing modes. */
    public enum BillingMode {
        /** On demand. */
        PAY_PER_REQUEST,
        /** Provisioned capacity. */
        PROVISIONED
    }
}
