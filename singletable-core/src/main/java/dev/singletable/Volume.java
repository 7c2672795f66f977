package dev.singletable;

import java.util.Optional;

/**
 * How many items of an entity a table is expected to hold, over how many partition key values, and how often they are
 * written: what {@code singletable cost} turns into storage, partition load and write capacity. Each part is optional
 * (the cost model says which default it took). The same declaration as a schema file's {@code count},
 * {@code partitionKeyValues} and {@code writes}, and as the annotation {@code @Volume} on a record.
 *
 * <pre>{@code
 * EntitySchema.builder(Comment.class)
 *         ...
 *         .volume(Volume.none().count(10_000_000).partitionKeyValues(2_000_000).writes(200, 20))
 *         .build();
 * }</pre>
 *
 * @param count              items of the entity
 * @param partitionKeyValues distinct primary partition keys among them (the key's cardinality)
 * @param writesPeak         puts a second at the busiest time; present exactly when {@code writesAverage} is
 * @param writesAverage      puts a second averaged over a month, at most {@code writesPeak}
 */
@Experimental
public record Volume(Optional<Long> count, Optional<Long> partitionKeyValues, Optional<Double> writesPeak,
                     Optional<Double> writesAverage) {
    /**
     * @throws SchemaDefinitionException for a negative figure, more partition keys than items, an average above the
     *         peak, or one of the two write rates without the other
     */
    public Volume {
        NullArgumentException.check("Volume", "count", count);
        NullArgumentException.check("Volume", "partitionKeyValues", partitionKeyValues);
        NullArgumentException.check("Volume", "writesPeak", writesPeak);
        NullArgumentException.check("Volume", "writesAverage", writesAverage);
        count.filter(items -> items < 0).ifPresent(items -> {
            throw new SchemaDefinitionException("count " + items + " is negative; give the items expected, 0 or more");
        });
        partitionKeyValues.filter(values -> values < 0).ifPresent(values -> {
            throw new SchemaDefinitionException("partitionKeyValues " + values + " is negative; give the distinct partition keys expected, 0 or more");
        });
        count.ifPresent(items -> partitionKeyValues.filter(values -> values > Math.max(1, items)).ifPresent(values -> {
            throw new SchemaDefinitionException("partitionKeyValues " + values + " is more than the count " + items
                    + "; each item has one partition key: give at most " + items);
        }));
        if (writesPeak.isPresent() != writesAverage.isPresent()) {
            throw new SchemaDefinitionException("writes: give the peak and the average together (the same figure twice for a steady rate)");
        }
        if (writesPeak.isPresent()) {
            double peak = writesPeak.get();
            double average = writesAverage.get();
            if (!(peak >= 0) || !(average >= 0)) {
                throw new SchemaDefinitionException("writes are puts a second, 0 or more; got peak " + peak + ", average " + average);
            }
            if (average > peak) {
                throw new SchemaDefinitionException("writes: average " + average + " puts a second is more than the peak " + peak
                        + "; the peak is the busiest rate: raise peak to at least " + average + " or lower average");
            }
        }
    }

    /** Nothing declared: every figure is the cost model's default. */
    public static Volume none() {
        return new Volume(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** This volume with {@code items} items of the entity. */
    public Volume count(long items) {
        return new Volume(Optional.of(items), partitionKeyValues, writesPeak, writesAverage);
    }

    /** This volume with {@code values} distinct primary partition keys among the items. */
    public Volume partitionKeyValues(long values) {
        return new Volume(count, Optional.of(values), writesPeak, writesAverage);
    }

    /** This volume with {@code peak} puts a second at the busiest time and {@code average} over a month. */
    public Volume writes(double peak, double average) {
        return new Volume(count, partitionKeyValues, Optional.of(peak), Optional.of(average));
    }

    /** Whether nothing is declared. */
    public boolean isEmpty() {
        return count.isEmpty() && partitionKeyValues.isEmpty() && writesPeak.isEmpty();
    }
}
