package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.Volume;
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

    /** The same declaration as the core's {@link Volume}, which {@code EntitySchema.builder(...).volume(...)} and {@code @Volume} declare. */
    public static EntityVolume of(Volume volume) {
        Objects.requireNonNull(volume, "volume");
        return new EntityVolume(volume.count(), volume.partitionKeyValues(),
                volume.writesPeak().map(peak -> new Rates(peak, volume.writesAverage().orElseThrow(), Optional.empty())));
    }

    /**
     * This declaration as the core's {@link Volume}, which the entity's {@code EntitySchema} carries.
     *
     * @throws dev.singletable.SchemaDefinitionException when the figures contradict each other (average over peak)
     */
    public Volume toVolume() {
        return new Volume(count, partitionKeyValues, writes.map(Rates::peak), writes.map(Rates::average));
    }

    /** Whether nothing is declared. */
    public boolean isEmpty() {
        return count.isEmpty() && partitionKeyValues.isEmpty() && writes.isEmpty();
    }
}
