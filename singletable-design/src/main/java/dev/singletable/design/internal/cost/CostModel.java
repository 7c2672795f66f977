package dev.singletable.design.internal.cost;

import dev.singletable.IndefiniteArticle;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.TableSchema;
import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.ItemSize;
import dev.singletable.capacity.PartitionLimits;
import dev.singletable.capacity.ReadMode;
import dev.singletable.capacity.WriteUnits;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.Rates;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a design costs at its declared traffic: read capacity per call and per second of each access pattern, write
 * capacity of each entity type's puts on the table and every index, storage, the monthly bill on-demand and
 * provisioned, and every partition limit the traffic exceeds. Figures follow {@code dev.singletable.capacity}; rates,
 * counts and sizes come from the design, and each default taken is listed in {@link CostReport#defaults()}.
 *
 * <pre>{@code
 * CostReport report = CostModel.of(design, PriceTable.builtIn(), "us-east-1", Scaling.times(10));
 * report.limits().forEach(limit -> System.out.println(limit.message()));   // what breaks first at ten times the traffic
 * }</pre>
 */
public final class CostModel {
    /** Calls a second of a pattern, and puts a second of an entity type, that declare no rates. */
    public static final double DEFAULT_RATE = 1;
    /** Items of an entity type that declares no count. */
    public static final long DEFAULT_COUNT = 1000;
    /** Items a query reads when the pattern declares neither items nor a limit. */
    public static final int DEFAULT_QUERY_ITEMS = 10;
    /** Provisioned capacity is sized for the peak at this utilisation: auto-scaling's default target. */
    public static final double TARGET_UTILISATION = 0.7;
    /** Bytes DynamoDB adds to every item of a table and of an index for storage billing. */
    public static final int STORAGE_OVERHEAD_BYTES = 100;
    /** A query page reads at most this many bytes. */
    public static final int PAGE_BYTES = 1024 * 1024;
    /** Index write units per table write unit from which a put's write amplification is reported. */
    public static final double AMPLIFICATION_NOTE = 3;
    /** An item collection that reaches 10 GB sooner than this many months at the average writes is flagged. */
    public static final int ITEM_COLLECTION_WARNING_MONTHS = 12;
    private static final double GB = 1024.0 * 1024 * 1024;

    final SchemaDocument document;
    private final TableSchema schema;
    /** The document's entity types, built once: SchemaDocument.entityTypes() builds the map anew on each call (N² over a design's types). */
    private final Map<String, EntityDefinition> entityTypes;
    final TypicalItems items;
    private final PriceTable.Prices prices;
    private final double secondsPerMonth;
    final double hoursPerMonth;
    private final Scaling scaling;
    final PartitionSpread spread;
    private final List<CostReport.Limit> limits = new ArrayList<>();
    /** One call's reads of each pattern, and the shares they take where the design does not say. */
    final ReadPricing readPricing;

    private CostModel(SchemaFile design, PriceTable table, PriceTable.Prices prices, Scaling scaling) {
        this.document = design.document();
        this.entityTypes = document.entityTypes();
        this.schema = design.upperBoundSchema();
        this.items = TypicalItems.of(design);
        this.spread = new PartitionSpread(entityTypes, this::count);
        this.readPricing = new ReadPricing(design, schema, entityTypes, items, this::count);
        this.prices = prices;
        this.hoursPerMonth = table.hoursPerMonth();
        this.secondsPerMonth = table.hoursPerMonth() * 3600;
        this.scaling = scaling;
    }

    /**
     * The cost of the design at its rates times {@code scaling}, at the prices of {@code region}.
     *
     * @throws IllegalArgumentException naming the regions when {@code region} has no prices, or a pattern {@code scaling}
     *                                  overrides that the design lacks
     */
    public static CostReport of(SchemaFile design, PriceTable prices, String region, Scaling scaling) {
        PriceTable.Prices regional = prices.region(region).orElseThrow(() -> new IllegalArgumentException("no prices for region '"
                + region + "'; the price table (" + prices.date() + ") has " + String.join(", ", prices.regionNames())
                + "; give another region, or a price file with --prices"));
        for (String pattern : scaling.patterns().keySet()) {
            if (design.document().accessPatterns().stream().noneMatch(p -> p.name().equals(pattern))) {
                throw new IllegalArgumentException("--rate " + pattern + ": the design has no access pattern '" + pattern + "'; its patterns are "
                        + String.join(", ", design.document().accessPatterns().stream().map(AccessPatternDefinition::name).toList()));
            }
        }
        return new CostModel(design, prices, regional, scaling).report(region, prices);
    }

    private CostReport report(String region, PriceTable table) {
        List<CostReport.PatternCost> patterns = new ArrayList<>();
        document.accessPatterns().forEach(pattern -> patterns.add(pattern(pattern)));
        List<CostReport.WriteCost> writes = new ArrayList<>();
        items.types().forEach(type -> writes.add(writes(type)));
        List<CostReport.StorageCost> storage = storage();
        List<CostReport.ItemCollection> collections = itemCollections(writes);
        limits.addAll(ProvisionedCapacity.limits(document.table().billing(), schema, patterns, writes));
        List<String> defaults = DefaultsTaken.notes(this, patterns, writes, collections);
        return new CostReport(schema.name(), region, table.date(), table.source(), table.currency(), scaling.factor(), patterns, writes,
                storage, collections, List.copyOf(limits), List.copyOf(defaults),
                ProvisionedCapacity.declared(document.table().billing(), schema, prices, hoursPerMonth));
    }

    // ---- reads

    private CostReport.PatternCost pattern(AccessPatternDefinition pattern) {
        Rates declared = pattern.rates().orElse(null);
        Rates rates = scaling.rates(pattern.name(), declared == null ? Rates.of(DEFAULT_RATE) : declared);
        ReadMode mode = readPricing.readMode(pattern);
        Optional<IndexSchema> index = pattern.index().flatMap(schema::index);
        List<String> types = readPricing.typesRead(pattern);
        boolean itemsDefault = declared == null || declared.items().isEmpty();
        ReadPricing.Reads reads = readPricing.of(pattern, rates, index, types, mode);
        double units = reads.units();
        double tableUnits = reads.tableUnits();
        double peakUnits = units * rates.peak();
        double monthlyUnits = units * rates.average() * secondsPerMonth;
        double onDemand = monthlyUnits / 1e6 * prices.onDemandReadPerMillion();
        double provisioned = peakUnits / TARGET_UTILISATION * hoursPerMonth * prices.provisionedRcuHour();
        String target = index.map(IndexSchema::name).orElse("table");
        boolean fromTable = reads.fromTable();
        if (pattern.operation() != AccessPatternDefinition.Operation.SCAN && !types.isEmpty()) {
            // the index's partitions serve the Query; the BatchGetItem's reads spread over the table's
            partitionReads(pattern, types.get(0), index, (units - tableUnits) * rates.peak(), rates.peak());
        }
        // a local index's table fetches happen inside the Query, but cost the table's reads as a BatchGetItem's do
        String operation = pattern.operation().name().toLowerCase(java.util.Locale.ROOT) + (!fromTable ? ""
                : pattern.fetchFullItems() ? " + BatchGetItem" : " + table fetch");
        return new CostReport.PatternCost(pattern.name(), operation, target,
                mode == ReadMode.STRONGLY_CONSISTENT ? "strong" : "eventual", reads.bytes(), reads.itemsRead(), itemsDefault, units,
                rates.peak(), rates.average(), declared == null, peakUnits, monthlyUnits, onDemand, provisioned, tableUnits);
    }

    /** The limit a pattern passes when its peak reads more from one partition of {@code type} than a partition serves. */
    private void partitionReads(AccessPatternDefinition pattern, String type, Optional<IndexSchema> index, double peakUnits, double peak) {
        PartitionSpread.Partitions partitions = spread.of(type, index);
        double perPartition = peakUnits / partitions.count();
        if (perPartition > PartitionLimits.READ_UNITS_PER_SECOND) {
            String target = index.map(IndexSchema::name).orElse("table");
            limits.add(new CostReport.Limit("partition-reads", "accessPatterns." + pattern.name(), pattern.name(),
                    "pattern " + pattern.name() + " reads " + format(perPartition) + " read units a second from one partition of "
                            + target + " (" + partitions.description() + ") at its peak of " + format(peak)
                            + " calls a second; a partition serves at most " + format(PartitionLimits.READ_UNITS_PER_SECOND),
                    perPartition, PartitionLimits.READ_UNITS_PER_SECOND));
        }
    }

    // ---- writes

    private CostReport.WriteCost writes(String type) {
        EntityDefinition entity = entityTypes.get(type);
        Rates declared = entity.volume().writes().orElse(null);
        Rates rates = scaling.rates(null, declared == null ? Rates.of(DEFAULT_RATE) : declared);
        Map<String, AttributeValue> item = items.item(type);
        // a put of a new item writes its entry to each index it is in: a sparse index only for the share of the type's items there
        Map<String, Double> indexUnits = new LinkedHashMap<>();
        schema.indexes().forEach(index -> items.entry(type, index).ifPresent(entry -> indexUnits.put(index.name(),
                CapacityUnits.writeBlocks(ItemSize.of(entry)) * items.shareIn(schema, type, index))));
        // the table's units as the library sends the put: an entity stored by its state in a TransactWriteItems
        WriteUnits units = new WriteUnits(items.put(type).tableUnits(), indexUnits);
        double total = units.total();
        double monthlyUnits = total * rates.average() * secondsPerMonth;
        double onDemand = monthlyUnits / 1e6 * prices.onDemandWritePerMillion();
        double provisioned = total * rates.peak() / TARGET_UTILISATION * hoursPerMonth * prices.provisionedWcuHour();
        int bytes = ItemSize.of(item);
        if (bytes > PartitionLimits.ITEM_BYTES) {
            limits.add(new CostReport.Limit("item-size", "entities." + type, type, IndefiniteArticle.before(type) + " item is " + bytes
                    + " bytes; DynamoDB stores items of at most " + PartitionLimits.ITEM_BYTES + " bytes (400 KB)", bytes, PartitionLimits.ITEM_BYTES));
        }
        double perPartitionTable = units.table() * rates.peak() / spread.of(type, Optional.empty()).count();
        writeLimit(type, "table", perPartitionTable, rates, spread.of(type, Optional.empty()));
        units.indexes().forEach((name, unitsOnIndex) -> {
            IndexSchema index = schema.index(name).orElseThrow();
            if (index.kind() == IndexKind.GLOBAL) {
                PartitionSpread.Partitions partitions = spread.of(type, Optional.of(index));
                writeLimit(type, name, unitsOnIndex * rates.peak() / partitions.count(), rates, partitions);
            }
        });
        double amplification = units.table() == 0 ? 0 : (total - units.table()) / units.table();
        if (amplification >= AMPLIFICATION_NOTE) {
            limits.add(new CostReport.Limit("gsi-write-amplification", "entities." + type, type, "each put of " + type + " writes "
                    + format(units.table()) + " unit(s) to the table and " + format(total - units.table()) + " to its indexes ("
                    + String.join(", ", units.indexes().keySet()) + "): " + format(amplification) + " index units per table unit",
                    amplification, AMPLIFICATION_NOTE));
        }
        List<String> assumed = schema.indexes().stream().filter(index -> items.shareAssumed(type, index)).map(IndexSchema::name).toList();
        return new CostReport.WriteCost(type, bytes, items.estimated(type), count(type), entity.volume().count().isEmpty(), units.table(),
                units.indexes(), assumed, rates.peak(), rates.average(), declared == null, total * rates.peak(), monthlyUnits, onDemand, provisioned,
                amplification);
    }

    private void writeLimit(String type, String target, double perPartition, Rates rates, PartitionSpread.Partitions partitions) {
        if (perPartition > PartitionLimits.WRITE_UNITS_PER_SECOND) {
            limits.add(new CostReport.Limit("partition-writes", "entities." + type, type, "puts of " + type + " write "
                    + format(perPartition) + " write units a second to one partition of " + target + " (" + partitions.description()
                    + ") at their peak of " + format(rates.peak()) + " a second; a partition takes at most "
                    + format(PartitionLimits.WRITE_UNITS_PER_SECOND), perPartition, PartitionLimits.WRITE_UNITS_PER_SECOND));
        }
    }

    // ---- storage and item collections

    private List<CostReport.StorageCost> storage() {
        List<CostReport.StorageCost> storage = new ArrayList<>();
        double tableBytes = 0;
        for (String type : items.types()) {
            tableBytes += count(type) * (double) (items.bytes(type) + STORAGE_OVERHEAD_BYTES);
        }
        storage.add(storageCost("table", tableBytes));
        for (IndexSchema index : schema.indexes()) {
            double bytes = 0;
            for (String type : items.types()) {
                int entry = items.entryBytes(type, Optional.of(index));
                if (entry > 0) {
                    bytes += count(type) * items.shareIn(schema, type, index) * (entry + STORAGE_OVERHEAD_BYTES);
                }
            }
            storage.add(storageCost(index.name(), bytes));
        }
        return storage;
    }

    private CostReport.StorageCost storageCost(String target, double bytes) {
        double gb = bytes / (1024.0 * 1024 * 1024);
        return new CostReport.StorageCost(target, bytes, gb, gb * prices.storageGbMonth());
    }

    /**
     * With an LSI, one partition key's items in the table and its LSIs may not pass 10 GB: each collection's size today,
     * its growth at the average write rates, and the limit when it is passed or near.
     */
    private List<CostReport.ItemCollection> itemCollections(List<CostReport.WriteCost> writes) {
        List<IndexSchema> local = schema.indexes().stream().filter(i -> i.kind() == IndexKind.LOCAL).toList();
        if (local.isEmpty()) {
            return List.of();
        }
        Map<String, double[]> byTemplate = new LinkedHashMap<>();   // bytes today, bytes a second
        Map<String, List<String>> typesByTemplate = new LinkedHashMap<>();
        for (CostReport.WriteCost write : writes) {
            String type = write.type();
            double perItem = items.bytes(type);
            for (IndexSchema index : local) {
                perItem += items.shareIn(schema, type, index) * items.entryBytes(type, Optional.of(index));
            }
            double partitions = spread.of(type, Optional.empty()).count();
            String template = String.join(" + ", entityTypes.get(type).keys().partition());
            double[] sizes = byTemplate.computeIfAbsent(template, t -> new double[2]);
            sizes[0] += perItem * count(type) / partitions;
            sizes[1] += perItem * write.average() / partitions;
            typesByTemplate.computeIfAbsent(template, t -> new ArrayList<>()).add(type);
        }
        List<CostReport.ItemCollection> collections = new ArrayList<>();
        byTemplate.forEach((template, sizes) -> {
            List<String> types = typesByTemplate.get(template);
            double bytes = sizes[0];
            double months = monthsToItemCollectionLimit(bytes, sizes[1] * secondsPerMonth);
            boolean soon = months < ITEM_COLLECTION_WARNING_MONTHS;
            collections.add(new CostReport.ItemCollection(template, types, bytes, sizes[1] * secondsPerMonth, months, soon));
            String collection = "an item collection of partition key '" + template + "' (" + String.join(", ", types) + ") holds about "
                    + format(bytes / GB) + " GB with its LSI entries";
            if (bytes > PartitionLimits.ITEM_COLLECTION_BYTES) {
                limits.add(new CostReport.Limit("item-collection-size", "entities." + types.get(0), String.join(", ", types),
                        collection + "; with an LSI a collection holds at most 10 GB", bytes, PartitionLimits.ITEM_COLLECTION_BYTES));
            } else if (soon) {
                limits.add(new CostReport.Limit("item-collection-growth", "entities." + types.get(0), String.join(", ", types),
                        collection + " and gains " + format(sizes[1] * secondsPerMonth / GB) + " GB a month at the average writes: "
                                + "10 GB, the most a collection holds with an LSI, in " + format(Math.round(months * 10) / 10.0)
                                + " months", months, ITEM_COLLECTION_WARNING_MONTHS));
            }
        });
        return collections;
    }

    /**
     * Months until an item collection of {@code bytes} reaches {@link PartitionLimits#ITEM_COLLECTION_BYTES} when it
     * gains {@code bytesPerMonth}: 0 when it is there already, infinite when it does not grow.
     */
    static double monthsToItemCollectionLimit(double bytes, double bytesPerMonth) {
        if (bytes >= PartitionLimits.ITEM_COLLECTION_BYTES) {
            return 0;
        }
        return bytesPerMonth > 0 ? (PartitionLimits.ITEM_COLLECTION_BYTES - bytes) / bytesPerMonth : Double.POSITIVE_INFINITY;
    }

    // ---- shared

    private long count(String type) {
        return entityTypes.get(type).volume().count().orElse(DEFAULT_COUNT);
    }

    /**
     * About which share of the items a query reads {@code filter} keeps, where {@code values} gives how many values an
     * attribute (by name) takes: 1/n for an equality, 1 - 1/n for an inequality (see {@link FilterShare}).
     */
    public static double filterKeeps(dev.singletable.schema.ConditionDefinition filter, java.util.function.ToIntFunction<String> values) {
        return FilterShare.kept(filter, values);
    }

    /** A figure as the report writes it: whole numbers without a point, else at most three decimals. */
    public static String format(double value) {
        // a double holds 15 significant decimal digits: past them its exact value shows binary noise (22462051500000002048)
        java.math.BigDecimal figure = new java.math.BigDecimal(value).round(new java.math.MathContext(15, java.math.RoundingMode.HALF_UP));
        if (figure.signum() == 0 || figure.stripTrailingZeros().scale() <= 0) {
            return String.format(java.util.Locale.ROOT, "%,d", figure.toBigInteger());
        }
        return figure.setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
