package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;
import java.util.Optional;

/**
 * How many items of an entity a table holds, over how many partition key values, and how often they are written: what
 * {@code singletable cost} needs for storage, partition load and write capacity. Each part is optional; the cost model
 * says which default it took.
 *
 * <pre>{@code
 * Post:
 *   count: 2000000              # items
 *   partitionKeyValues: 50000   # distinct values of the primary partition key among them
 *   writes: {peak: 20, average: 2}
 * }</pre>
 *
 * @param count              items of the entity
 * @param partitionKeyValues distinct primary partition keys among them (the key's cardinality)
 * @param writes             puts of the entity a second
 */
@Experimental
public record EntityVolume(Optional<Long> count, Optional<Long> partitionKeyValues, Optional<Rates> writes) {
    public EntityVolume {
        Objects.requireNonNull(count, "count");
        Objects.requireNonNull(partitionKeyValues, "partitionKeyValues");
        Objects.requireNonNull(writes, "writes");
    }

    /** Nothing declared: every figure is the cost model's default. */
    public static EntityVolume none() {
        return new EntityVolume(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** Whether nothing is declared. */
    public boolean isEmpty() {
        return count.isEmpty() && partitionKeyValues.isEmpty() && writes.isEmpty();
    }
}
