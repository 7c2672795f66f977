package dev.singletable.schema.internal;

import dev.singletable.KeyTemplate;
import dev.singletable.SingleTableException;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.Target;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.singletable.schema.internal.DesignProblems.suggestion;
import static dev.singletable.schema.internal.DesignProblems.indexesListed;

/**
 * An access pattern of {@code accessPatterns:} against the entities, collections and indexes it names: its key
 * values, sort condition, filter and selection, by the rules of the core's reads.
 */
final class AccessPatternChecks extends DesignSection {
    private final FileValues fileValues;
    private final ConditionBuilder conditions;

    AccessPatternChecks(SchemaDocument document, DesignProblems problems, FileValues fileValues, ConditionBuilder conditions) {
        super(document, problems);
        this.fileValues = fileValues;
        this.conditions = conditions;
    }

    void pattern(int position, AccessPatternDefinition pattern, Set<String> names) {
        String at = "/accessPatterns/" + position;
        pattern.rates().ifPresent(rates -> problems.rates(at + "/rates", rates));
        itemsWithinLimit(at, pattern);
        consistency(at, pattern);
        if (!names.add(pattern.name())) {
            problems.add(Kind.DUPLICATE_NAME, at + "/name", "access pattern '" + pattern.name() + "' is declared twice; give each pattern its own name");
        }
        Optional<List<String>> read = members(at, pattern);
        if (read.isEmpty()) {
            return;
        }
        List<String> members = read.get();
        EntityDefinition first = document.entities().get(members.get(0));
        Optional<KeyDefinition> key = key(at, pattern, members, first);
        if (key.isEmpty()) {
            return;
        }
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        members.forEach(m -> document.entities().get(m).attributes().forEach(attributes::putIfAbsent));
        EntityDefinition combined = new EntityDefinition(Optional.empty(), attributes, first.keys(), Map.of(), false, List.of(), Optional.empty());
        KeyDefinition patternKey = key.get();
        switch (pattern.operation()) {
            case GET -> {
                Set<String> slots = slots(patternKey.partition());
                slots.addAll(slots(patternKey.sort()));
                slotValues(at + "/key", pattern.key(), slots, true, combined);
                if (pattern.sort().isPresent() || pattern.filter().isPresent()) {
                    problems.add(Kind.SCHEMA_DEFINITION, at, "a get reads one item by its key; sort and filter are for queries and scans");
                }
            }
            case QUERY -> queryKey(at, pattern, patternKey, combined);
            case SCAN -> {
                if (!pattern.key().isEmpty() || pattern.sort().isPresent()) {
                    problems.add(Kind.SCHEMA_DEFINITION, at, "a scan reads the whole table; partition and sort are for queries");
                }
            }
        }
        pattern.filter().ifPresent(filter -> {
            FilterChecks checks = new FilterChecks(fileValues, conditions, String.join(" or ", members));
            checks.check(at + "/filter", pattern.name(), filter, combined);
            checks.oneParameterEach(at + "/filter", pattern.name(), filter);
        });
        selection(at, pattern, attributes);
    }

    /**
     * {@code rates.items} above the {@code limit} of a query without a filter that sends one Query: DynamoDB's Limit counts
     * the items read, so the call stops at its limit and cannot read more (with a filter the library pages on until the limit
     * passes it; across buckets each Query reads up to the limit, over as many buckets as the call's range holds).
     */
    private void itemsWithinLimit(String at, AccessPatternDefinition pattern) {
        if (pattern.operation() != Operation.QUERY || pattern.filter().isPresent() || pattern.limit().isEmpty()
                || pattern.acrossBuckets().isPresent() || pattern.acrossShards()) {
            return;
        }
        itemsAtMost(at, pattern, 1);
    }

    /**
     * {@code rates.items} above the {@code limit} times the shards of a query without a filter across shards: the library
     * sends one Query a shard, each stopping after limit items, so a call reads at most that many.
     */
    private void itemsWithinShardLimits(String at, AccessPatternDefinition pattern, KeyDefinition patternKey) {
        if (!pattern.acrossShards() || pattern.filter().isPresent() || pattern.limit().isEmpty() || pattern.acrossBuckets().isPresent()) {
            return;
        }
        long shards = 1;
        for (String template : patternKey.partition()) {
            try {
                for (KeyTemplate.Slot slot : KeyTemplate.parse(template).slots()) {
                    shards *= slot.isShard() ? slot.shardCount() : 1;
                }
            } catch (SingleTableException e) {
                return; // the entity's own check names it
            }
        }
        itemsAtMost(at, pattern, shards);
    }

    /** Refuses {@code rates.items} above the limit of each of the {@code queries} a call sends without a filter. */
    private void itemsAtMost(String at, AccessPatternDefinition pattern, long queries) {
        int limit = pattern.limit().get();
        long most = limit * queries;
        pattern.rates().flatMap(rates -> rates.items()).filter(items -> items > most).ifPresent(items -> problems.add(Kind.INVALID_VALUE,
                at + "/rates/items", "access pattern '" + pattern.name() + "' declares items " + items + " read a call, more than its limit "
                        + limit + (queries > 1 ? " in each of its " + queries + " Queries across shards: without a filter each shard's Query"
                        : ": without a filter a query") + " stops after limit items (DynamoDB's Limit counts the items read), so a call "
                        + "reads at most " + most + "; give items of at most " + most + ", raise limit, or leave items out (it then "
                        + "defaults to the limit" + (queries > 1 ? " in each Query)" : ")")));
    }

    /** {@code consistentRead} on a GSI, which DynamoDB refuses (a ValidationException): it reads a GSI eventually consistent only. */
    private void consistency(String at, AccessPatternDefinition pattern) {
        if (pattern.consistentRead() && pattern.index().isPresent()) {
            document.table().indexes().stream()
                    .filter(index -> index.name().equals(pattern.index().get()) && index.kind() == IndexDefinition.IndexKind.GLOBAL)
                    .findFirst().ifPresent(index -> problems.add(Kind.SCHEMA_DEFINITION, at + "/consistentRead", "access pattern '"
                            + pattern.name() + "' reads GSI '" + index.name() + "' with consistentRead: true, which DynamoDB refuses (a "
                            + "ValidationException): a GSI is read eventually consistent only; remove consistentRead, or read the table or an LSI"));
        }
    }

    /** The entities the pattern reads: its entity, or its collection's members; empty (with a problem, if any) when none. */
    private Optional<List<String>> members(String at, AccessPatternDefinition pattern) {
        Target target = pattern.target();
        if (target.kind() == Target.Kind.ENTITY) {
            if (!document.entities().containsKey(target.name())) {
                problems.add(Kind.UNKNOWN_NAME, at + "/entity", "unknown entity '" + target.name() + "'" + suggestion(target.name(), document.entities().keySet())
                        + "; the entities are " + String.join(", ", document.entities().keySet()));
                return Optional.empty();
            }
            return Optional.of(List.of(target.name()));
        }
        CollectionDefinition collection = document.collections().get(target.name());
        if (collection == null) {
            problems.add(Kind.UNKNOWN_NAME, at + "/collection", "unknown collection '" + target.name() + "'"
                    + suggestion(target.name(), document.collections().keySet()) + "; the collections are "
                    + (document.collections().isEmpty() ? "none" : String.join(", ", document.collections().keySet())));
            return Optional.empty();
        }
        List<String> members = collection.members().stream().filter(document.entities()::containsKey).toList();
        if (members.isEmpty()) {
            return Optional.empty();
        }
        List<String> adjacency = collection.members().stream().filter(m -> !document.entities().containsKey(m)
                && document.relationItemType(m).isPresent()).toList();
        if (pattern.index().isPresent() && !adjacency.isEmpty()) {
            problems.add(Kind.SCHEMA_DEFINITION, at + "/index", "collection " + target.name() + " holds adjacency items ("
                    + String.join(", ", adjacency) + "), which a relation keys on the table only, not on index " + pattern.index().get()
                    + "; remove index to query the table");
            return Optional.empty();
        }
        if (pattern.operation() == Operation.GET) {
            problems.add(Kind.SCHEMA_DEFINITION, at + "/operation", "a get reads one item of one entity; name an entity, or use a query for the collection");
            return Optional.empty();
        }
        return Optional.of(members);
    }

    /** The key the pattern reads by: the first member's primary key, or its key on the pattern's index; empty when the index is not one. */
    private Optional<KeyDefinition> key(String at, AccessPatternDefinition pattern, List<String> members, EntityDefinition first) {
        if (pattern.index().isEmpty()) {
            return Optional.of(first.keys());
        }
        String index = pattern.index().get();
        List<String> indexNames = document.table().indexes().stream().map(IndexDefinition::name).toList();
        if (!indexNames.contains(index)) {
            problems.add(Kind.UNKNOWN_NAME, at + "/index", "index '" + index + "' is not an index of table " + document.table().name()
                    + suggestion(index, indexNames) + "; " + indexesListed(indexNames));
            return Optional.empty();
        }
        for (String member : members) {
            if (!document.entities().get(member).indexes().containsKey(index)) {
                problems.add(Kind.SCHEMA_DEFINITION, at + "/index", "entity " + member + " has no keys on index " + index
                        + "; its items are not in it: add indexes." + index + " to the entity, or query another index");
                return Optional.empty();
            }
        }
        KeyDefinition onIndex = first.indexes().get(index);
        Optional<KeyDefinition> key = Optional.of(onIndex.partition().isEmpty()
                ? new KeyDefinition(first.keys().partition(), onIndex.sort(), onIndex.when()) : onIndex);
        if (pattern.operation() == Operation.GET) {
            problems.add(Kind.SCHEMA_DEFINITION, at + "/index", "a get reads the table's primary key; remove index, or make the pattern a query");
        }
        return key;
    }

    /** A query's partition values (less the bucketed or sharded slots it reads across) and its sort condition's values. */
    private void queryKey(String at, AccessPatternDefinition pattern, KeyDefinition patternKey, EntityDefinition combined) {
        Set<String> partitionSlots = new LinkedHashSet<>(slots(patternKey.partition()));
        // acrossBuckets gives the bucketed attribute's range; acrossShards reads every shard, so no value picks one
        pattern.acrossBuckets().ifPresent(range -> {
            partitionSlots.remove(range.attribute());
            if (!bucketSlots(patternKey.partition()).contains(range.attribute())) {
                Set<String> buckets = bucketSlots(patternKey.partition());
                problems.add(Kind.SCHEMA_DEFINITION, at + "/acrossBuckets/attribute", "acrossBuckets reads every time bucket of '"
                        + range.attribute() + "', but the partition key template " + patternKey.partition()
                        + " has no bucket slot of it" + (buckets.isEmpty() ? " (it has none: write one as {"
                        + range.attribute() + ":bucket=DAY})" : "; its bucket slots are " + String.join(", ", buckets)));
            }
        });
        if (pattern.acrossShards()) {
            for (String template : patternKey.partition()) {
                try {
                    KeyTemplate.parse(template).slots().stream().filter(KeyTemplate.Slot::isShard)
                            .forEach(slot -> partitionSlots.remove(slot.attribute()));
                } catch (SingleTableException e) {
                    // the entity's own check names it
                }
            }
        }
        slotValues(at + "/partition", pattern.key(), partitionSlots, true, combined);
        itemsWithinShardLimits(at, pattern, patternKey);
        pattern.sort().ifPresent(sort -> {
            Set<String> sortSlots = slots(patternKey.sort());
            String name = sort.operator().fileName();
            if (sort.operator() == AccessPatternDefinition.SortOperator.BETWEEN) {
                slotValues(at + "/sort/" + name + "/from", sort.values(), sortSlots, false, combined);
                slotValues(at + "/sort/" + name + "/to", sort.to(), sortSlots, false, combined);
            } else if (sort.operator() != AccessPatternDefinition.SortOperator.BEGINS_WITH_RAW) {
                slotValues(at + "/sort/" + name, sort.values(), sortSlots, false, combined);
            }
        });
    }

    /**
     * {@code select} and {@code fetchFullItems}, by the rules of the core's {@code selectMaps(...)} and
     * {@code fetchFullItems()}: a query or scan's attributes, each one the entities have and (on a GSI projecting
     * KEYS_ONLY or INCLUDE) one the index holds; whole items fetched after a query of an index, never with select.
     */
    private void selection(String at, AccessPatternDefinition pattern, Map<String, AttributeDefinition> attributes) {
        if (pattern.operation() == Operation.GET && (!pattern.select().isEmpty() || pattern.fetchFullItems())) {
            problems.add(Kind.SCHEMA_DEFINITION, at + (pattern.select().isEmpty() ? "/fetchFullItems" : "/select"), "a get reads one whole "
                    + "item by the table's primary key; select and fetchFullItems are for queries (and select for scans)");
            return;
        }
        if (pattern.fetchFullItems()) {
            if (!pattern.select().isEmpty()) {
                problems.add(Kind.SCHEMA_DEFINITION, at + "/fetchFullItems", "fetchFullItems reads whole items, select reads some "
                        + "attributes; keep one of them");
            } else if (pattern.operation() == Operation.SCAN) {
                problems.add(Kind.SCHEMA_DEFINITION, at + "/fetchFullItems", "fetchFullItems reads the whole items after a query of an "
                        + "index; a scan has none: scan the table itself, or select what the index holds");
            } else if (pattern.index().isEmpty()) {
                problems.add(Kind.SCHEMA_DEFINITION, at + "/fetchFullItems", "fetchFullItems reads the table's items after an index query, "
                        + "and this pattern reads the table itself, whose items are whole already; remove fetchFullItems, or name an index");
            }
        }
        if (pattern.select().isEmpty()) {
            return;
        }
        if (pattern.target().kind() == Target.Kind.COLLECTION) {
            problems.add(Kind.SCHEMA_DEFINITION, at + "/select", "select on a collection gives items that no longer say which member "
                    + "they are; name one entity, or read whole items (fetchFullItems: true on a partial index)");
            return;
        }
        Optional<IndexDefinition> partial = pattern.index().flatMap(name -> document.table().indexes().stream()
                .filter(index -> index.name().equals(name)).findFirst())
                .filter(index -> index.kind() == IndexDefinition.IndexKind.GLOBAL && index.projection().type() != ProjectionType.ALL);
        Set<String> held = new LinkedHashSet<>();
        partial.ifPresent(index -> {
            // what a partial GSI holds: the table's keys, its own keys and its projected attributes
            held.add(document.table().partitionKey().name());
            document.table().sortKey().ifPresent(key -> held.add(key.name()));
            index.partitionKey().forEach(key -> held.add(key.name()));
            index.sortKey().forEach(key -> held.add(key.name()));
            held.addAll(index.projection().attributes());
        });
        for (int i = 0; i < pattern.select().size(); i++) {
            String name = pattern.select().get(i);
            if (!attributes.containsKey(name)) {
                problems.add(Kind.UNKNOWN_NAME, at + "/select/" + i, "'" + name + "' is not an attribute of " + pattern.target().name()
                        + suggestion(name, attributes.keySet()) + "; its attributes are " + String.join(", ", attributes.keySet()));
            } else if (partial.isPresent() && !held.contains(name)) {
                List<String> selectable = attributes.keySet().stream().filter(held::contains).toList();
                ProjectionDefinition projection = partial.get().projection();
                problems.add(Kind.SCHEMA_DEFINITION, at + "/select/" + i, "index " + partial.get().name() + " projects "
                        + (projection.type() == ProjectionType.INCLUDE ? "INCLUDE " + projection.attributes() : projection.type().name()) + " and does not hold '" + name + "'; select what it holds ("
                        + (selectable.isEmpty() ? "none of " + pattern.target().name() + "'s attributes" : String.join(", ", selectable))
                        + "), or read whole items with fetchFullItems: true instead of select, or project '" + name + "' into "
                        + partial.get().name());
            }
        }
    }

    /** The attributes of the templates' time-bucket slots ({@code {takenAt:bucket=DAY}}). */
    private static Set<String> bucketSlots(List<String> templates) {
        Set<String> buckets = new LinkedHashSet<>();
        for (String template : templates) {
            try {
                KeyTemplate.parse(template).slots().stream().filter(slot -> slot.bucket().isPresent())
                        .forEach(slot -> buckets.add(slot.attribute()));
            } catch (SingleTableException e) {
                // the entity's own check names it
            }
        }
        return buckets;
    }

    private void slotValues(String at, Map<String, Object> values, Set<String> slots, boolean all, EntityDefinition entity) {
        for (Map.Entry<String, Object> value : values.entrySet()) {
            if (!slots.contains(value.getKey())) {
                problems.add(Kind.UNKNOWN_NAME, at + "/" + LocatedTree.segment(value.getKey()), "'" + value.getKey() + "' is not a slot of the key "
                        + "template" + suggestion(value.getKey(), slots) + "; its slots are " + (slots.isEmpty() ? "none" : String.join(", ", slots)));
            } else if (entity.attributes().containsKey(value.getKey())) {
                fileValues.convert(at + "/" + LocatedTree.segment(value.getKey()), value.getKey(), entity.attributes().get(value.getKey()), value.getValue());
            }
        }
        if (all) {
            Set<String> missing = new LinkedHashSet<>(slots);
            missing.removeAll(values.keySet());
            if (!missing.isEmpty()) {
                problems.add(Kind.SCHEMA_DEFINITION, at, "the key template needs a value for " + String.join(", ", missing)
                        + "; give each as an example value (callers pass their own at run time)");
            }
        }
    }

    private static Set<String> slots(List<String> templates) {
        Set<String> slots = new LinkedHashSet<>();
        for (String template : templates) {
            try {
                slots.addAll(KeyTemplate.parse(template).attributeNames());
            } catch (SingleTableException e) {
                // the entity's own check names it
            }
        }
        return slots;
    }
}
