package dev.singletable.design.internal.cost;

import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.Projection;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.ItemSize;
import dev.singletable.capacity.PartitionLimits;
import dev.singletable.capacity.ReadMode;
import dev.singletable.capacity.WriteUnits;
import dev.singletable.SingleTableException;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.Rates;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

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

    private final SchemaFile design;
    final SchemaDocument document;
    private final TableSchema schema;
    /** The document's entity types, built once: SchemaDocument.entityTypes() builds the map anew on each call (N² over a design's types). */
    private final Map<String, EntityDefinition> entityTypes;
    /** One offline table for every pattern's request: binding a table is linear in its entities, so one per pattern made N² work. */
    private final Table offline;
    final TypicalItems items;
    private final PriceTable.Prices prices;
    private final double secondsPerMonth;
    final double hoursPerMonth;
    private final Scaling scaling;
    final PartitionSpread spread;
    private final List<CostReport.Limit> limits = new ArrayList<>();
    /** Patterns across buckets whose declared items pass the limit of every Query without a filter, priced at that (check refuses it across shards). */
    final List<String> cappedPatterns = new ArrayList<>();
    /** Filtered patterns with a limit, priced at the share their filter keeps. */
    final List<String> filteredPatterns = new ArrayList<>();
    /** Filtered fetchFullItems queries without a limit, whose BatchGetItem fetches the share their filter keeps. */
    final List<String> fetchedAfterFilter = new ArrayList<>();
    /** Filtered queries with a limit across shards, priced as their type's examples spread over the shards and pass the filter. */
    final List<String> spreadByExamples = new ArrayList<>();
    /** Scans with a limit, priced at the share of the items scanned that their type filter and filter keep. */
    final List<String> limitedScans = new ArrayList<>();

    private CostModel(SchemaFile design, PriceTable table, PriceTable.Prices prices, Scaling scaling) {
        this.design = design;
        this.document = design.document();
        this.entityTypes = document.entityTypes();
        this.schema = design.upperBoundSchema();
        this.offline = Table.offline(schema);
        this.items = TypicalItems.of(design);
        this.spread = new PartitionSpread(entityTypes, this::count);
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
        ReadMode mode = readMode(pattern);
        Optional<IndexSchema> index = pattern.index().flatMap(schema::index);
        List<String> types = typesRead(pattern);
        boolean itemsDefault = declared == null || declared.items().isEmpty();
        Reads reads = switch (pattern.operation()) {
            case SCAN -> scan(pattern, rates, index, types, mode);
            case GET -> get(rates, index, types, mode);
            case QUERY -> query(pattern, rates, index, types, mode);
        };
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

    /** One call's reads: the size of an item read, the items read, the read units in all and those of them on the table's fetches. */
    private record Reads(int bytes, long itemsRead, double units, double tableUnits, boolean fromTable) {
    }

    private Reads get(Rates rates, Optional<IndexSchema> index, List<String> types, ReadMode mode) {
        int bytes = averageEntryBytes(types, index);
        long itemsRead = rates.items().orElse(1);
        return new Reads(bytes, itemsRead, itemsRead * CapacityUnits.read(bytes, mode), 0, false);
    }

    /**
     * A query's reads: one Query a partition across buckets or shards, each reading at least one block, the items spread over
     * them; with a limit as the library pages it ({@link #limitedQuery}); and the table's reads of a fetchFullItems
     * BatchGetItem (of the items the filter keeps) or of a local index's fetches (of every item read).
     */
    private Reads query(AccessPatternDefinition pattern, Rates rates, Optional<IndexSchema> index, List<String> types, ReadMode mode) {
        int bytes = averageEntryBytes(types, index);
        int queries = partitionQueries(pattern);
        long itemsRead;
        long fetched;
        double units;
        if (pattern.limit().isPresent()) {
            FilteredQuery call = limitedQuery(pattern, rates, queries);
            itemsRead = call.itemsRead();
            fetched = pattern.fetchFullItems() ? call.itemsReturned() : itemsRead;
            units = call.units(bytes, mode);
        } else {
            itemsRead = rates.items().orElse(DEFAULT_QUERY_ITEMS);
            fetched = pattern.fetchFullItems() ? keptByFilter(pattern, itemsRead) : itemsRead;
            units = queries * pages((itemsRead + queries - 1) / queries, bytes, mode);
        }
        boolean fromTable = index.isPresent() && (pattern.fetchFullItems() || fetchesFromTable(pattern, index.get()));
        double tableUnits = fromTable ? wholeItemReads(types, fetched, mode) : 0;
        return new Reads(bytes, itemsRead, units + tableUnits, tableUnits, fromTable);
    }

    /**
     * The items of {@code itemsRead} a query's filter keeps, which are all a fetchFullItems BatchGetItem fetches: the share
     * {@link FilterShare} gives (each such pattern listed for the defaults), all without a filter.
     */
    private long keptByFilter(AccessPatternDefinition pattern, long itemsRead) {
        if (pattern.filter().isEmpty()) {
            return itemsRead;
        }
        double kept = filterKeeps(pattern);
        fetchedAfterFilter.add(pattern.name() + " keeps about 1 in " + format(Math.round(1 / kept * 10) / 10.0));
        return Math.round(itemsRead * kept);
    }

    private int averageEntryBytes(List<String> types, Optional<IndexSchema> index) {
        return (int) Math.round(types.stream().mapToInt(type -> entryBytes(type, index)).average().orElse(0));
    }

    /**
     * Read units of {@code count} whole items from the table: a fetchFullItems BatchGetItem of the items the index query
     * returned, or a local index's fetch of each item it reads, at the same cost.
     */
    private double wholeItemReads(List<String> types, long count, ReadMode mode) {
        int whole = (int) Math.round(types.stream().mapToInt(type -> entryBytes(type, Optional.empty())).average().orElse(0));
        return count * CapacityUnits.read(whole, mode);
    }

    /**
     * A scan's reads: every item of the table or index; with a limit as the library pages it, one Scan asking for the limit,
     * then for more while the entity-type filter and the pattern's own drop items, until the limit passes them (the types
     * read being the share of the items scanned that the type filter keeps); and, on a local index asked for what it does
     * not project, each item read fetched from the table.
     */
    private Reads scan(AccessPatternDefinition pattern, Rates rates, Optional<IndexSchema> index, List<String> types, ReadMode mode) {
        Scanned scanned = scanned(index, types, mode);
        // the average of sizes that differ: kept whole, as a truncated one loses up to a byte an item
        double average = scanned.items() == 0 ? 0 : (double) scanned.bytes() / scanned.items();
        long available = rates.items().map(Integer::longValue).orElse(scanned.items());
        long itemsRead;
        double units;
        if (pattern.limit().isPresent()) {
            double kept = (scanned.items() == 0 ? 1 : (double) scanned.ofTypesRead() / scanned.items())
                    * (pattern.filter().isPresent() ? filterKeeps(pattern) : 1);
            FilteredQuery call = FilteredQuery.of(pattern.limit().get(), kept, 1, available);
            limitedScans.add(pattern.name() + " (limit " + pattern.limit().get() + ", " + (kept >= 1 ? "all" : kept > 0 ? "1 in "
                    + format(Math.round(1 / kept * 10) / 10.0) : "none") + " kept: " + format(call.itemsRead()) + " items read in " + call.requestItems().size() + " Scan"
                    + (call.requestItems().size() == 1 ? "" : "s") + ")");
            itemsRead = call.itemsRead();
            units = call.units(average, mode);
        } else {
            itemsRead = available;
            units = pages(itemsRead, average, mode);
        }
        boolean fromTable = index.isPresent() && fetchesFromTable(pattern, index.get());
        double tableUnits = fromTable && scanned.items() > 0 ? itemsRead * scanned.fetchUnits() / scanned.items() : 0;
        return new Reads((int) Math.round(average), itemsRead, units + tableUnits, tableUnits, fromTable);
    }

    /**
     * The items a scan of the table or an index reads, their bytes, how many are of the types the pattern reads, and the
     * read units of fetching each of them whole from the table (a local index's fetches, each item rounded on its own).
     */
    private record Scanned(long items, long bytes, long ofTypesRead, double fetchUnits) {
    }

    private Scanned scanned(Optional<IndexSchema> index, List<String> typesRead, ReadMode mode) {
        long total = 0;
        long totalBytes = 0;
        long ofTypesRead = 0;
        double fetchUnits = 0;
        for (String type : items.types()) {
            double share = index.map(i -> items.shareIn(schema, type, i)).orElse(1.0);
            long count = Math.round(count(type) * share);
            total += count;
            totalBytes += count * entryBytes(type, index);
            ofTypesRead += typesRead.contains(type) ? count : 0;
            fetchUnits += count * CapacityUnits.read(items.bytes(type), mode);
        }
        return new Scanned(total, totalBytes, ofTypesRead, fetchUnits);
    }

    /**
     * The requests of a call of a query with a limit, as the library sends them (see {@link FilteredQuery}): one Query a
     * partition across buckets or shards, each asking for the limit; with a filter, on until the limit passes it, at the
     * share the filter keeps, or the share its declared items give (the limit of them); without one, each Query stops at the
     * limit, so declared items above the limit of every Query are capped there (and the cap listed; check refuses them across
     * shards, whose Queries it counts, and of a single Query).
     */
    private FilteredQuery limitedQuery(AccessPatternDefinition pattern, Rates rates, int queries) {
        int limit = pattern.limit().get();
        Optional<Integer> declared = rates.items();
        if (pattern.filter().isEmpty()) {
            long most = (long) limit * queries;
            if (declared.isPresent() && declared.get() > most) {
                cappedPatterns.add(pattern.name() + " (items " + format(declared.get()) + ", limit " + limit
                        + (queries > 1 ? " in each of " + queries + " Queries" : "") + ")");
            }
            return FilteredQuery.of(limit, 1, queries, declared.map(items -> Math.min(items, most)).orElse(most));
        }
        if (declared.isPresent()) {
            double kept = Math.min(1, (double) limit / declared.get());
            filteredPatterns.add(pattern.name() + " reads the " + format(declared.get()) + " items it declares, its filter keeping "
                    + (kept < 1 ? "1 in " + format(Math.round(1 / kept * 10) / 10.0) : "all"));
            return FilteredQuery.of(limit, kept, queries, declared.get());
        }
        double kept = filterKeeps(pattern);
        Optional<List<FilteredQuery.Lane>> lanes = exampleLanes(pattern, queries);
        if (lanes.isPresent()) {
            spreadByExamples.add(pattern.name() + " over " + queries + " shards");
            return FilteredQuery.of(limit, lanes.get(), true);
        }
        filteredPatterns.add(pattern.name() + " keeps about 1 in " + format(Math.round(1 / kept * 10) / 10.0));
        return FilteredQuery.of(limit, kept, queries, FilteredQuery.UNBOUNDED);
    }

    /**
     * The shards a filtered query across them reads, as the examples of the one type it reads spread over them and pass
     * its filter ({@link ExampleLanes}); empty for a query with partition values or a sort condition (which read only some
     * of the examples' partitions or items), across buckets, or without examples.
     */
    private Optional<List<FilteredQuery.Lane>> exampleLanes(AccessPatternDefinition pattern, int queries) {
        List<String> types = typesRead(pattern);
        if (queries < 2 || !pattern.acrossShards() || !pattern.key().isEmpty() || pattern.sort().isPresent() || types.size() != 1) {
            return Optional.empty();
        }
        Optional<IndexSchema> index = pattern.index().flatMap(schema::index);
        String partition = index.map(IndexSchema::partitionKeyAttribute).orElse(schema.partitionKeyAttribute());
        Optional<String> sort = index.isPresent() ? index.get().sortKeyAttribute() : schema.sortKeyAttribute();
        boolean descending = pattern.order().orElse(AccessPatternDefinition.Order.ASCENDING) == AccessPatternDefinition.Order.DESCENDING;
        return ExampleLanes.of(items.examples(types.get(0)), partition, sort, descending, pattern.filter().get(), queries, count(types.get(0)));
    }

    /** About which share of the items it reads a pattern's filter keeps ({@link FilterShare}, by the attributes of the types read). */
    private double filterKeeps(AccessPatternDefinition pattern) {
        List<EntityDefinition> read = typesRead(pattern).stream().map(entityTypes::get).toList();
        return FilterShare.kept(pattern.filter().get(), name -> read.stream().map(e -> e.attributes().get(name))
                .filter(a -> a != null).findFirst().map(CostModel::values).orElse(FilterShare.UNBOUNDED_VALUES));
    }

    /** Values of an attribute for a filter's share: a boolean's two, an enum's, else {@link FilterShare#UNBOUNDED_VALUES}. */
    private static int values(AttributeDefinition attribute) {
        if (attribute.type() == AttributeKind.ENUM && !attribute.values().isEmpty()) {
            return attribute.values().size();
        }
        return attribute.type().storedAs().equals("BOOL") ? 2 : FilterShare.UNBOUNDED_VALUES;
    }

    /** True when a query of a local index reads attributes the index does not project: DynamoDB fetches them from the table. */
    private static boolean fetchesFromTable(AccessPatternDefinition pattern, IndexSchema index) {
        return index.kind() == IndexKind.LOCAL && index.projection().kind() != Projection.Kind.ALL
                && (pattern.select().isEmpty() || !index.projection().nonKeyAttributes().containsAll(pattern.select()));
    }

    /** How many Query requests one call sends: one per bucket and shard of a pattern across them, else one. */
    private int partitionQueries(AccessPatternDefinition pattern) {
        if (pattern.acrossBuckets().isEmpty() && !pattern.acrossShards()) {
            return 1;
        }
        try {
            return Math.max(1, (pattern.select().isEmpty() ? design.query(offline, pattern.name(), Map.of())
                    : design.queryMaps(offline, pattern.name(), Map.of())).toRequests().size());
        } catch (SingleTableException e) {
            return 1; // a pattern that cannot run as written (check and lint name it) is priced as one Query
        }
    }

    /** Strongly consistent when the pattern's request asks for it (the request as the library renders it). */
    private ReadMode readMode(AccessPatternDefinition pattern) {
        Object request;
        try {
            request = design.explain(offline, pattern.name(), Map.of()).request();
        } catch (SingleTableException e) {
            request = null; // a pattern that cannot run as written (check and lint name it) is priced as the file declares it
        }
        if (request instanceof GetItemRequest get && Boolean.TRUE.equals(get.consistentRead())
                || request instanceof QueryRequest query && Boolean.TRUE.equals(query.consistentRead())
                || request instanceof ScanRequest scan && Boolean.TRUE.equals(scan.consistentRead())) {
            return ReadMode.STRONGLY_CONSISTENT;
        }
        return ReadMode.EVENTUALLY_CONSISTENT;
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

    /** Read units of one call reading this many items of this size: the sum rounded per 1 MB page. */
    static double pages(long itemCount, double itemBytes, ReadMode mode) {
        if (itemCount <= 0) {
            return CapacityUnits.read(0, mode);
        }
        long perPage = Math.max(1, (long) (PAGE_BYTES / Math.max(1, itemBytes)));
        long fullPages = itemCount / perPage;
        long rest = itemCount % perPage;
        double units = fullPages * CapacityUnits.read(Math.round(perPage * itemBytes), mode);
        return rest > 0 ? units + CapacityUnits.read(Math.round(rest * itemBytes), mode) : units;
    }

    private List<String> typesRead(AccessPatternDefinition pattern) {
        List<String> names = pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? List.of(pattern.target().name())
                : Optional.ofNullable(document.collections().get(pattern.target().name())).map(c -> c.members()).orElse(List.of());
        List<String> types = new ArrayList<>();
        for (String name : names) {
            EntityDefinition entity = document.entities().get(name);
            if (entity != null && entity.states().isPresent()) {
                entity.states().get().values().values().forEach(state -> {
                    if (!types.contains(state.type())) {
                        types.add(state.type());
                    }
                });
            } else if (items.has(name)) {
                types.add(name);
            }
        }
        return types;
    }

    private int entryBytes(String type, Optional<IndexSchema> index) {
        return index.map(i -> items.entry(type, i).map(ItemSize::of).orElse(0)).orElse(items.bytes(type));
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
            limits.add(new CostReport.Limit("item-size", "entities." + type, type, "a " + type + " item is " + bytes
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
                int entry = entryBytes(type, Optional.of(index));
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
                perItem += items.shareIn(schema, type, index) * entryBytes(type, Optional.of(index));
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
