package dev.singletable.design.internal.cost;

import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.List;

/** The "Defaults taken" of a cost report: each default and assumption its figures took, in words, when they took it. */
final class DefaultsTaken {
    private DefaultsTaken() {
    }

    static List<String> notes(CostModel model, List<CostReport.PatternCost> patterns, List<CostReport.WriteCost> writes,
                              List<CostReport.ItemCollection> collections) {
        List<String> notes = new ArrayList<>();
        if (patterns.stream().anyMatch(p -> p.ratesDefault())) {
            notes.add("rates: " + CostModel.format(CostModel.DEFAULT_RATE) + " call a second at the peak and on average, for patterns without 'rates'");
        }
        if (writes.stream().anyMatch(w -> w.ratesDefault())) {
            notes.add("writes: " + CostModel.format(CostModel.DEFAULT_RATE) + " put a second at the peak and on average, for entities without 'writes'");
        }
        notes.addAll(queryReads(model, patterns));
        if (writes.stream().anyMatch(w -> w.countDefault())) {
            notes.add("count: " + CostModel.DEFAULT_COUNT + " items of each entity without 'count'; partitionKeyValues: the count when the "
                    + "partition key has a slot, 1 when it is constant");
        }
        if (writes.stream().anyMatch(w -> w.estimated())) {
            notes.add("item sizes of entities without examples: typical values (" + TypicalItems.TYPICAL_TEXT
                    + " characters of text, eight-digit numbers, five elements a collection; embedded records left out)");
        }
        List<String> assumedInIndexes = writes.stream().filter(w -> !w.assumedIndexes().isEmpty())
                .map(w -> w.type() + " in " + String.join(", ", w.assumedIndexes())).toList();
        if (!assumedInIndexes.isEmpty()) {
            notes.add("sparse indexes of entities without examples (" + String.join("; ", assumedInIndexes) + "): every item is "
                    + "taken to be in each, whatever its 'when' or optional key attributes (an upper bound; examples give the share)");
        }
        notes.addAll(model.spread.defaults());
        List<String> transactional = model.items.types().stream().filter(type -> model.items.put(type).transaction()).toList();
        if (!transactional.isEmpty()) {
            notes.add("puts of entities stored by their state (" + String.join(", ", transactional) + "): one TransactWriteItems of "
                    + "the Put and a ConditionCheck per other state, each at twice the units of a plain write");
        }
        notes.add("provisioned: capacity for the peak at " + Math.round(CostModel.TARGET_UTILISATION * 100) + " % utilisation (auto-scaling's "
                + "target), all month; on-demand: the average rate, all month (" + CostModel.format(model.hoursPerMonth) + " hours)"
                + (model.document.table().billing().mode() == BillingDefinition.BillingMode.PROVISIONED
                ? "; this design is billed for the capacity it declares (As declared), whatever the traffic" : ""));
        if (!collections.isEmpty()) {
            notes.add("item collection growth: every put adds an item (none replaces or deletes one), spread evenly over the "
                    + "partition key values, at the average rate; flagged under " + CostModel.ITEM_COLLECTION_WARNING_MONTHS + " months");
        }
        if (!model.document.relations().isEmpty()) {
            notes.add("relations (" + String.join(", ", model.document.relations().keySet()) + ") are not priced: the design declares no "
                    + "rates or counts for them, so their adjacency items' writes (relate: one TransactWriteItems of two items, twice the "
                    + "units of two puts), storage and related reads are left out" + adjacencyInCollections(model.document));
        }
        notes.add("storage: " + CostModel.STORAGE_OVERHEAD_BYTES + " bytes of overhead per item in the table and in each index; the free tier is not subtracted");
        return List.copyOf(notes);
    }

    /** The collections that list a relation's item types, whose reads are priced at their entities' item sizes. */
    private static String adjacencyInCollections(SchemaDocument document) {
        List<String> listed = new ArrayList<>();
        document.collections().forEach((name, collection) -> {
            List<String> items = collection.members().stream().filter(m -> !document.entities().containsKey(m)
                    && document.relationItemType(m).isPresent()).toList();
            if (!items.isEmpty()) {
                listed.add(name + ": " + String.join(", ", items));
            }
        });
        return listed.isEmpty() ? "" : "; the reads of collections listing their item types (" + String.join("; ", listed)
                + ") are priced at the sizes of the collections' entities";
    }

    /** How many items the patterns read a call, and how the reads of queries with a limit were taken. */
    private static List<String> queryReads(CostModel model, List<CostReport.PatternCost> patterns) {
        List<String> reads = new ArrayList<>();
        if (patterns.stream().anyMatch(p -> p.itemsDefault())) {
            reads.add("items: a get reads 1; a query with a limit the limit in each of its Queries (one, or one a bucket or shard "
                    + "across them), and with a filter on until the limit passes it; a query without a limit " + CostModel.DEFAULT_QUERY_ITEMS
                    + " in all; a scan every item of the table or index");
        }
        if (!model.readPricing.filteredPatterns.isEmpty()) {
            reads.add("a query with a filter and a limit reads until its limit passes the filter, the library asking each next "
                    + "request for more (" + String.join("; ", model.readPricing.filteredPatterns) + "): the share its declared items give (the limit "
                    + "of them), else an estimate: a filter on an equality keeps 1 in the values of its attribute (a boolean 2, an enum "
                    + "its values, others " + FilterShare.UNBOUNDED_VALUES + ")");
        }
        if (!model.readPricing.spreadByExamples.isEmpty()) {
            reads.add("a query with a filter and a limit across shards, of an entity with examples (" + String.join("; ",
                    model.readPricing.spreadByExamples) + "): its items spread over the shards, and pass the filter, as the examples do (each "
                    + "shard the share of the count its examples hold, their passes and drops repeated in sort key order), not evenly");
        }
        if (!model.readPricing.fetchedAfterFilter.isEmpty()) {
            reads.add("a filtered query without a limit that fetches whole items (fetchFullItems) fetches only the items its filter "
                    + "keeps (" + String.join("; ", model.readPricing.fetchedAfterFilter) + "): a filter on an equality keeps 1 in the values of "
                    + "its attribute (a boolean 2, an enum its values, others " + FilterShare.UNBOUNDED_VALUES + ")");
        }
        if (!model.readPricing.limitedScans.isEmpty()) {
            reads.add("a scan with a limit reads until its limit passes the entity-type filter and its own, the library asking each "
                    + "next Scan for more, over the items the table or index holds, of which the types read and the filter's share "
                    + "pass: " + String.join("; ", model.readPricing.limitedScans));
        }
        if (!model.readPricing.cappedPatterns.isEmpty()) {
            reads.add("rates.items above the limit of every Query of a query without a filter across buckets, priced at "
                    + "that, the most a call reads: " + String.join("; ", model.readPricing.cappedPatterns));
        }
        return reads;
    }
}
