package dev.singletable.design.internal.cost;

import java.util.List;
import java.util.Map;

/**
 * A design's cost at its rates ({@link CostModel}): reads per access pattern, writes per entity type, storage per table
 * and index, and the limits its traffic exceeds. Money is per month in {@link #currency()}.
 *
 * @param table     the table
 * @param region    the region priced
 * @param priceDate when the prices were read
 * @param priceSource where from
 * @param currency  their currency
 * @param scale     the factor applied to every rate
 * @param patterns  one entry per access pattern
 * @param writes    one entry per entity type
 * @param storage   the table, then each index
 * @param itemCollections on a table with an LSI, each primary partition key template's item collection; empty without one
 * @param limits    each limit exceeded, in the order found
 * @param defaults  each default the figures took, in words
 * @param declared  a PROVISIONED design's declared capacity ({@code table.billing}) priced a month on the table and each
 *                  global index, as the exports deploy it and billed whatever the traffic; empty for an on-demand design
 */
public record CostReport(String table, String region, String priceDate, String priceSource, String currency, double scale,
                         List<PatternCost> patterns, List<WriteCost> writes, List<StorageCost> storage,
                         List<ItemCollection> itemCollections, List<Limit> limits, List<String> defaults,
                         Map<String, Double> declared) {
    public CostReport {
        declared = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(declared));
        patterns = List.copyOf(patterns);
        writes = List.copyOf(writes);
        storage = List.copyOf(storage);
        itemCollections = List.copyOf(itemCollections);
        limits = List.copyOf(limits);
        defaults = List.copyOf(defaults);
    }

    /**
     * One access pattern's reads.
     *
     * @param target              where the call reads: "table" or an index's name
     * @param readUnitsPerCall    read units of one call, on its target and (fetchFullItems) on the table
     * @param peakUnitsPerSecond  read units a second at the peak
     * @param monthlyUnits        read units a month at the average rate
     * @param onDemandMonthly     their on-demand price a month
     * @param provisionedMonthly  the provisioned capacity for the peak, a month
     * @param tableUnitsPerCall   of {@code readUnitsPerCall}, the units read from the table when the target is an index:
     *                            the BatchGetItem of fetchFullItems; 0 otherwise
     */
    public record PatternCost(String name, String operation, String target, String consistency, int itemBytes, long items,
                              boolean itemsDefault, double readUnitsPerCall, double peak, double average, boolean ratesDefault,
                              double peakUnitsPerSecond, double monthlyUnits, double onDemandMonthly, double provisionedMonthly,
                              double tableUnitsPerCall) {
        /** The share of the call's units each target serves: its own target, and the table for a fetchFullItems BatchGetItem. */
        public Map<String, Double> shares() {
            double table = readUnitsPerCall == 0 ? 0 : tableUnitsPerCall / readUnitsPerCall;
            Map<String, Double> shares = new java.util.LinkedHashMap<>();
            shares.put(target, 1 - table);
            shares.merge("table", table, Double::sum);
            return java.util.Collections.unmodifiableMap(shares);
        }
    }

    /**
     * One entity type's puts: units of one put on the table and on each index it is in.
     *
     * @param indexUnits     units on each index, times the share of the type's items in it
     * @param assumedIndexes the indexes of {@code indexUnits} whose share is assumed, not known from examples: a sparse
     *                       index of a type without examples, where every item is taken to be in it
     * @param amplification  index write units per table write unit
     */
    public record WriteCost(String type, int itemBytes, boolean estimated, long count, boolean countDefault, double tableUnits,
                            Map<String, Double> indexUnits, List<String> assumedIndexes, double peak, double average, boolean ratesDefault,
                            double peakUnitsPerSecond, double monthlyUnits, double onDemandMonthly, double provisionedMonthly,
                            double amplification) {
        public WriteCost {
            indexUnits = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(indexUnits));
            assumedIndexes = List.copyOf(assumedIndexes);
        }

        /** Units of one put on the table and every index. */
        public double unitsPerPut() {
            return tableUnits + indexUnits.values().stream().mapToDouble(Double::doubleValue).sum();
        }
    }

    /** Bytes stored in the table or one index (overhead included) and their price a month. */
    public record StorageCost(String target, double bytes, double gb, double monthly) {
    }

    /**
     * One partition key's items in the table and its LSIs, which may not pass 10 GB: their size today and how fast it
     * grows at the declared average write rates.
     *
     * @param partitionKey     the primary partition key template(s)
     * @param types            the entity types keyed by it
     * @param bytes            bytes of one collection today: the types' count over their partition key values, item and
     *                         LSI entries
     * @param bytesPerMonth    bytes one collection gains a month: each type's average puts a second over its partition key
     *                         values, each put a new item with its LSI entries
     * @param monthsToLimit    months until a collection reaches 10 GB at that rate: 0 when it is there already,
     *                         {@link Double#POSITIVE_INFINITY} when nothing is written
     * @param soon             whether that is within {@link CostModel#ITEM_COLLECTION_WARNING_MONTHS} months
     */
    public record ItemCollection(String partitionKey, List<String> types, double bytes, double bytesPerMonth, double monthsToLimit,
                                 boolean soon) {
        public ItemCollection {
            types = List.copyOf(types);
        }
    }

    /**
     * A limit the traffic exceeds, or a figure worth a look.
     *
     * @param kind    partition-reads, partition-writes, item-size, item-collection-size, item-collection-growth,
     *                gsi-write-amplification, provisioned-reads or provisioned-writes
     * @param path    where in the design ({@code accessPatterns.NAME}, {@code entities.TYPE}, {@code table.billing})
     * @param subject the pattern, entity type or table
     * @param message what, with the figures
     * @param figure  the figure
     * @param limit   the limit it passes
     */
    public record Limit(String kind, String path, String subject, String message, double figure, double limit) {
    }

    /** The whole bill a month on-demand: reads, writes, storage. */
    public double onDemandMonthly() {
        return patterns.stream().mapToDouble(PatternCost::onDemandMonthly).sum() + writes.stream().mapToDouble(WriteCost::onDemandMonthly).sum()
                + storageMonthly();
    }

    /** The whole bill a month provisioned: reads, writes, storage. */
    public double provisionedMonthly() {
        return patterns.stream().mapToDouble(PatternCost::provisionedMonthly).sum()
                + writes.stream().mapToDouble(WriteCost::provisionedMonthly).sum() + storageMonthly();
    }

    /** The bill a month of the capacity the design declares, storage included; 0 for an on-demand design. */
    public double declaredMonthly() {
        return declared.isEmpty() ? 0 : declared.values().stream().mapToDouble(Double::doubleValue).sum() + storageMonthly();
    }

    /** Storage a month. */
    public double storageMonthly() {
        return storage.stream().mapToDouble(StorageCost::monthly).sum();
    }
}
