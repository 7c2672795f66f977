package dev.singletable.design.internal.cost;

import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.Projection;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.ReadMode;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.Rates;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;

import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The read units of one call of an access pattern as the library sends it: a GetItem's items, a Query's requests across
 * buckets and shards and their 1 MB pages (with a limit and a filter as {@link FilteredQuery} pages them), a Scan's
 * items, and the table's reads of a fetchFullItems BatchGetItem or of a local index's fetches. The share taken where the
 * design does not say is listed for {@link DefaultsTaken}; {@link CostModel} prices the units.
 */
final class ReadPricing {
    private final SchemaFile design;
    private final SchemaDocument document;
    private final TableSchema schema;
    private final Map<String, EntityDefinition> entityTypes;
    /** One offline table for every pattern's request: binding a table is linear in its entities, so one per pattern made N² work. */
    private final Table offline;
    private final TypicalItems items;
    private final ToLongFunction<String> countOf;
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

    ReadPricing(SchemaFile design, TableSchema schema, Map<String, EntityDefinition> entityTypes, TypicalItems items, ToLongFunction<String> countOf) {
        this.design = design;
        this.document = design.document();
        this.schema = schema;
        this.entityTypes = entityTypes;
        this.offline = Table.offline(schema);
        this.items = items;
        this.countOf = countOf;
    }

    /** One call's reads of {@code pattern} at {@code rates}, reading {@code types} from the table or {@code index}. */
    Reads of(AccessPatternDefinition pattern, Rates rates, Optional<IndexSchema> index, List<String> types, ReadMode mode) {
        return switch (pattern.operation()) {
            case SCAN -> scan(pattern, rates, index, types, mode);
            case GET -> get(rates, index, types, mode);
            case QUERY -> query(pattern, rates, index, types, mode);
        };
    }

    /** One call's reads: the size of an item read, the items read, the read units in all and those of them on the table's fetches. */
    record Reads(int bytes, long itemsRead, double units, double tableUnits, boolean fromTable) {
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
            itemsRead = rates.items().orElse(CostModel.DEFAULT_QUERY_ITEMS);
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
        fetchedAfterFilter.add(pattern.name() + " keeps about 1 in " + CostModel.format(Math.round(1 / kept * 10) / 10.0));
        return Math.round(itemsRead * kept);
    }

    private int averageEntryBytes(List<String> types, Optional<IndexSchema> index) {
        return (int) Math.round(types.stream().mapToInt(type -> items.entryBytes(type, index)).average().orElse(0));
    }

    /**
     * Read units of {@code count} whole items from the table: a fetchFullItems BatchGetItem of the items the index query
     * returned, or a local index's fetch of each item it reads, at the same cost.
     */
    private double wholeItemReads(List<String> types, long count, ReadMode mode) {
        int whole = (int) Math.round(types.stream().mapToInt(type -> items.entryBytes(type, Optional.empty())).average().orElse(0));
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
                    + CostModel.format(Math.round(1 / kept * 10) / 10.0) : "none") + " kept: " + CostModel.format(call.itemsRead())
                    + " items read in " + call.requestItems().size() + " Scan"
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
            long count = Math.round(countOf.applyAsLong(type) * share);
            total += count;
            totalBytes += count * items.entryBytes(type, index);
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
                cappedPatterns.add(pattern.name() + " (items " + CostModel.format(declared.get()) + ", limit " + limit
                        + (queries > 1 ? " in each of " + queries + " Queries" : "") + ")");
            }
            return FilteredQuery.of(limit, 1, queries, declared.map(items -> Math.min(items, most)).orElse(most));
        }
        if (declared.isPresent()) {
            double kept = Math.min(1, (double) limit / declared.get());
            filteredPatterns.add(pattern.name() + " reads the " + CostModel.format(declared.get()) + " items it declares, its filter keeping "
                    + (kept < 1 ? "1 in " + CostModel.format(Math.round(1 / kept * 10) / 10.0) : "all"));
            return FilteredQuery.of(limit, kept, queries, declared.get());
        }
        double kept = filterKeeps(pattern);
        Optional<List<FilteredQuery.Lane>> lanes = exampleLanes(pattern, queries);
        if (lanes.isPresent()) {
            spreadByExamples.add(pattern.name() + " over " + queries + " shards");
            return FilteredQuery.of(limit, lanes.get(), true);
        }
        filteredPatterns.add(pattern.name() + " keeps about 1 in " + CostModel.format(Math.round(1 / kept * 10) / 10.0));
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
        return ExampleLanes.of(items.examples(types.get(0)), partition, sort, descending, pattern.filter().get(), queries, countOf.applyAsLong(types.get(0)));
    }

    /** About which share of the items it reads a pattern's filter keeps ({@link FilterShare}, by the attributes of the types read). */
    private double filterKeeps(AccessPatternDefinition pattern) {
        List<EntityDefinition> read = typesRead(pattern).stream().map(entityTypes::get).toList();
        return FilterShare.kept(pattern.filter().get(), name -> read.stream().map(e -> e.attributes().get(name))
                .filter(a -> a != null).findFirst().map(ReadPricing::values).orElse(FilterShare.UNBOUNDED_VALUES));
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
    ReadMode readMode(AccessPatternDefinition pattern) {
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

    /** Read units of one call reading this many items of this size: the sum rounded per 1 MB page. */
    static double pages(long itemCount, double itemBytes, ReadMode mode) {
        if (itemCount <= 0) {
            return CapacityUnits.read(0, mode);
        }
        long perPage = Math.max(1, (long) (CostModel.PAGE_BYTES / Math.max(1, itemBytes)));
        long fullPages = itemCount / perPage;
        long rest = itemCount % perPage;
        double units = fullPages * CapacityUnits.read(Math.round(perPage * itemBytes), mode);
        return rest > 0 ? units + CapacityUnits.read(Math.round(rest * itemBytes), mode) : units;
    }

    List<String> typesRead(AccessPatternDefinition pattern) {
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
}
