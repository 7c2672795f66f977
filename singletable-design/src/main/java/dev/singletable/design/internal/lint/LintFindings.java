package dev.singletable.design.internal.lint;

import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.ItemSize;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.design.internal.cost.CostReport;
import dev.singletable.design.internal.cost.PriceTable;
import dev.singletable.design.internal.cost.Scaling;
import dev.singletable.design.internal.cost.TypicalItems;
import dev.singletable.KeyTemplate;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SourceLocation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The lint findings of a loaded design: every {@link LintRule} applied to its table, entities,
 * indexes and access patterns, ordered by their place in the file.
 *
 * <pre>{@code
 * List<Finding> findings = LintFindings.of(SchemaFile.load(Path.of("designs/blog.singletable.yaml")));
 * findings.forEach(f -> System.out.println(f.ruleId() + " " + f.subject() + ": " + f.message()));
 * }</pre>
 */
public final class LintFindings {
    /** GSIs from which {@link LintRule#GSI_COUNT} warns; DynamoDB's default quota is 20. */
    static final int GSI_WARNING_COUNT = 16;
    /** Distinct values up to which a partition key slot is low-cardinality. */
    static final int LOW_CARDINALITY = 10;
    /** Non-key attributes from which an ALL projection is worth a second look. */
    static final int PROJECTION_ALL_ATTRIBUTES = 6;
    /** A filter keeping less than this share of the items read discards most of them. */
    static final double MOST_DISCARDED = 0.5;
    /** Epoch values from this one up are milliseconds (year 5138 in seconds). */
    static final BigDecimal EPOCH_MILLISECONDS = new BigDecimal("100000000000");

    private final SchemaFile design;
    private final SchemaDocument document;
    private final SchemaDocument source;
    private final String file;
    private final List<Finding> findings = new ArrayList<>();

    private LintFindings(SchemaFile design) {
        this.design = design;
        // rules look at entity types as items name them: an entity stored by its state is one type per state
        this.source = design.document();
        this.document = new SchemaDocument(source.table(), source.entityTypes(), source.collections(), source.accessPatterns(),
                source.relations(), source.types());
        this.file = design.location().map(SourceLocation::file).orElse("(document)");
    }

    /** Every finding of every rule, ordered by file (a code-first design's findings are in its Java sources), line, column and rule id. */
    public static List<Finding> of(SchemaFile design) {
        LintFindings lint = new LintFindings(design);
        lint.scans();
        lint.filters();
        lint.hotPartitions();
        lint.gsiCount();
        lint.localIndexes();
        lint.sharedKeys();
        lint.unsortableSortKeys();
        lint.randomIds();
        lint.sparseIndexOpportunities();
        lint.projectionsOfAll();
        lint.missingEntityType();
        lint.timeToLive();
        lint.itemSizes();
        lint.relationCopies();
        lint.relationPartitions();
        lint.capacity();
        lint.partialProjectionReads();
        List<Finding> sorted = new ArrayList<>(lint.findings);
        sorted.sort(Comparator.comparing(Finding::file).thenComparingInt(Finding::line).thenComparingInt(Finding::column).thenComparing(Finding::ruleId)
                .thenComparing(Finding::message));
        return List.copyOf(sorted);
    }

    // ST001
    private void scans() {
        forEachPattern((pattern, at) -> {
            if (pattern.operation() == Operation.SCAN) {
                add(LintRule.SCAN_PATTERN, Subject.accessPattern(pattern.name()),
                        "reads " + target(pattern) + " with a Scan of the whole table" + pattern.filter().map(f -> ", filtered").orElse(""),
                        "key the items by what the pattern selects on: a partition key template (or a GSI's) holding it, "
                                + "then make the pattern a query of that key",
                        at);
            }
        });
    }

    // ST002
    private void filters() {
        forEachPattern((pattern, at) -> {
            if (pattern.operation() != Operation.QUERY || pattern.filter().isEmpty()) {
                return;
            }
            double kept = keptShare(pattern, pattern.filter().get());
            if (kept < MOST_DISCARDED) {
                long oneIn = Math.round(1 / kept);
                add(LintRule.FILTER_DISCARDS_MOST, Subject.accessPattern(pattern.name()),
                        "its filter on " + String.join(", ", filteredAttributes(pattern.filter().get(), false))
                                + " keeps about 1 in " + oneIn + " of the items the key condition reads",
                        "put the filtered attribute into the sort key (such as 'STATUS#{status}#{id}') and query by begins_with, "
                                + "or key a sparse GSI on it",
                        at + "/filter");
            }
        });
    }

    // ST003
    private void hotPartitions() {
        document.entities().forEach((entity, definition) -> {
            hotPartition(entity, definition, "the table", definition.keys().partition(), "/entities/" + entity + "/keys/pk");
            definition.indexes().forEach((index, key) -> {
                if (!key.partition().isEmpty()) {
                    hotPartition(entity, definition, index, key.partition(), "/entities/" + entity + "/indexes/" + index + "/pk");
                }
            });
        });
    }

    private void hotPartition(String entity, EntityDefinition definition, String where, List<String> templates, String at) {
        long partitions = 1;
        List<String> slots = new ArrayList<>();
        for (String text : templates) {
            for (KeyTemplate.Slot slot : KeyTemplate.parse(text).slots()) {
                Optional<Integer> values = cardinality(definition.attributes().get(slot.attribute()));
                if (values.isEmpty()) {
                    return;
                }
                partitions *= values.get();
                slots.add(slot.attribute() + ": " + Counted.of(values.get(), "value", "values"));
            }
        }
        String shown = templates.size() == 1 ? "'" + templates.get(0) + "'" : templates.toString();
        String message = slots.isEmpty()
                ? "partition key " + shown + " on " + where + " is constant: every " + entity + " item is in one partition"
                : "partition key " + shown + " on " + where + " takes at most " + partitions + " values (" + String.join(", ", slots)
                        + "): every " + entity + " item is in one of " + partitions + " partitions";
        add(LintRule.HOT_PARTITION, Subject.entity(entity), message,
                "shard the writes: add a write-shard slot, '" + templates.get(0) + "#{shard:of=ID,count=N}' with ID an attribute of many "
                        + "values (the item's id) and N about the writes a second over 1,000, and read the N shards in parallel with "
                        + "acrossShards(); for time-ordered items a time bucket ({createdAt:bucket=DAY}) spreads them too; or key by a "
                        + "high-cardinality attribute",
                at);
    }

    // ST004
    private void gsiCount() {
        long gsis = document.table().indexes().stream().filter(i -> i.kind() == IndexDefinition.IndexKind.GLOBAL).count();
        if (gsis >= GSI_WARNING_COUNT) {
            add(LintRule.GSI_COUNT, Subject.table(document.table().name()),
                    "the table has " + gsis + " GSIs of the 20 DynamoDB allows",
                    "overload GSIs: let entity types share one index with generic key attributes (gsi1pk/gsi1sk) and their own templates, "
                            + "instead of one index per pattern",
                    "/table/indexes");
        }
    }

    // ST005
    private void localIndexes() {
        List<IndexDefinition> indexes = document.table().indexes();
        for (int i = 0; i < indexes.size(); i++) {
            IndexDefinition index = indexes.get(i);
            if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
                add(LintRule.LOCAL_SECONDARY_INDEX, Subject.index(index.name()),
                        "local index " + index.name() + " limits each partition key's items to 10 GB and exists only if created with the table",
                        "prefer a GSI with the table's partition key template and the LSI's sort key (no size limit, can be added later); "
                                + "keep the LSI only for strongly consistent reads on it, with partitions sure to stay small",
                        "/table/indexes/" + i);
            }
        }
    }

    // ST006, ST007
    private void sharedKeys() {
        List<String> entities = List.copyOf(document.entities().keySet());
        Map<String, String> stateOwners = new java.util.HashMap<>(); // source.entityOfState of every state type, in one pass
        source.entities().forEach((entity, definition) -> definition.states().ifPresent(states ->
                states.values().values().forEach(state -> stateOwners.putIfAbsent(state.type(), entity))));
        // only pairs whose partition keys (the table's or an index's) share a first segment's literal start can coincide
        for (long pair : CoincidenceCandidates.pairs(document, entities)) {
            int a = (int) (pair >>> 32);
            int b = (int) pair;
            String first = entities.get(a);
            String second = entities.get(b);
            EntityDefinition one = document.entities().get(first);
            EntityDefinition other = document.entities().get(second);
            if (stateOwners.containsKey(first) && stateOwners.get(first).equals(stateOwners.get(second))) {
                continue; // two states of one entity: never stored at once, whatever their keys share
            }
            if (TemplateOverlap.canCoincide(one, one.keys().partition(), other, other.keys().partition()) && !inOneCollection(first, second)
                    && !TemplateOverlap.sortPrefixesDiffer(one.keys().sort(), other.keys().sort())) {
                add(LintRule.SHARED_PARTITION, Subject.entity(second),
                        second + "'s partition key '" + String.join("', '", other.keys().partition()) + "' can name the same partition as "
                                + first + "'s '" + String.join("', '", one.keys().partition()) + "' on the table",
                        "declare a collection of " + first + " and " + second + " if they are read together; otherwise give each "
                                + "its own partition key prefix",
                        "/entities/" + second + "/keys/pk");
            }
            for (IndexDefinition index : document.table().indexes()) {
                KeyDefinition oneKey = one.indexes().get(index.name());
                KeyDefinition otherKey = other.indexes().get(index.name());
                if (oneKey == null || otherKey == null || index.kind() == IndexDefinition.IndexKind.LOCAL) {
                    continue;
                }
                if (!TemplateOverlap.canCoincide(one, oneKey.partition(), other, otherKey.partition())) {
                    continue;
                }
                String at = "/entities/" + second + "/indexes/" + index.name();
                if (TemplateOverlap.canCoincide(one, oneKey.sort(), other, otherKey.sort())) {
                    add(LintRule.SHARED_KEY, Subject.entity(second),
                            second + "'s key on " + index.name() + " " + shown(otherKey) + " can be the same as " + first + "'s " + shown(oneKey),
                            "give each entity type its own literal prefix in the index's sort key (such as '" + second.toUpperCase(java.util.Locale.ROOT)
                                    + "#{...}')",
                            at);
                } else if (!inOneCollection(first, second) && !TemplateOverlap.sortPrefixesDiffer(oneKey.sort(), otherKey.sort())) {
                    add(LintRule.SHARED_PARTITION, Subject.entity(second),
                            second + "'s partition key '" + String.join("', '", otherKey.partition()) + "' can name the same partition as "
                                    + first + "'s '" + String.join("', '", oneKey.partition()) + "' on " + index.name(),
                            "declare a collection of " + first + " and " + second + " if they are read together; otherwise give each "
                                    + "its own partition key prefix on " + index.name(),
                            at + "/pk");
                }
            }
        }
    }

    private static String shown(KeyDefinition key) {
        return "(pk '" + String.join("', '", key.partition()) + "'" + (key.sort().isEmpty() ? "" : ", sk '" + String.join("', '", key.sort()) + "'") + ")";
    }

    private boolean inOneCollection(String first, String second) {
        return document.collections().values().stream().anyMatch(c -> c.members().contains(first) && c.members().contains(second));
    }

    // ST008
    private void unsortableSortKeys() {
        document.entities().forEach((entity, definition) -> {
            document.table().sortKey().ifPresent(sortKey ->
                    unsortable(entity, definition, "the table", List.of(sortKey), definition.keys().sort(), "/entities/" + entity + "/keys/sk"));
            definition.indexes().forEach((index, key) -> document.table().index(index).ifPresent(indexDefinition ->
                    unsortable(entity, definition, index, indexDefinition.sortKey(), key.sort(), "/entities/" + entity + "/indexes/" + index + "/sk")));
        });
    }

    /**
     * The core writes numbers, instants and dates in composed sort keys in fixed-width sortable text
     * and refuses formats that do not sort; what it cannot see: an instant as an index's own S sort
     * attribute (ISO text with as many fraction digits as it has), and numbers or day-first dates
     * held in string attributes, seen in the examples.
     */
    private void unsortable(String entity, EntityDefinition definition, String where, List<KeyAttributeDefinition> keyAttributes,
                            List<String> templates, String at) {
        for (int i = 0; i < templates.size() && i < keyAttributes.size(); i++) {
            KeyAttributeDefinition keyAttribute = keyAttributes.get(i);
            if (keyAttribute.type() != KeyAttributeDefinition.KeyAttributeType.S) {
                continue;   // an N sort key compares as a number
            }
            KeyTemplate template = KeyTemplate.parse(templates.get(i));
            for (KeyTemplate.Slot slot : template.slots()) {
                AttributeDefinition attribute = definition.attributes().get(slot.attribute());
                if (attribute == null || slot.format().isPresent()) {
                    continue;
                }
                boolean ownAttribute = template.slots().size() == 1 && template.literals().stream().allMatch(String::isEmpty)
                        && slot.attribute().equals(keyAttribute.name());
                String problem = "";
                String fix = "";
                if (ownAttribute && attribute.type() == AttributeKind.INSTANT) {
                    problem = "the entity's own instant attribute, stored as ISO text with as many fraction digits as it has "
                            + "(12:00:00Z sorts after 12:00:00.5Z)";
                    fix = "give " + where + " a sort key attribute of its own (such as '" + where + "SK') written from the template '{"
                            + slot.attribute() + "}', which singletable writes fixed-width, or make " + slot.attribute() + " epochSeconds on an N key";
                } else if (attribute.type() == AttributeKind.STRING) {
                    List<String> values = examples(entity).stream().map(e -> e.get(slot.attribute())).filter(String.class::isInstance)
                            .map(String.class::cast).toList();
                    if (!values.isEmpty() && values.stream().allMatch(v -> v.matches("-?\\d+(\\.\\d+)?"))
                            && values.stream().map(String::length).distinct().count() > 1) {
                        problem = "numbers as text of varying width (its examples " + String.join(", ", values.stream().limit(3).toList())
                                + "; 10 sorts before 9)";
                        fix = "declare " + slot.attribute() + " an integer or long (singletable writes it fixed-width in a sort key), "
                                + "or give it a zero-padded format ('{" + slot.attribute() + ":%012d}')";
                    } else if (!values.isEmpty() && values.stream().allMatch(v -> v.matches("\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}.*"))) {
                        problem = "dates written day or month first (its examples " + String.join(", ", values.stream().limit(3).toList())
                                + "), which sort by day, not by date";
                        fix = "declare " + slot.attribute() + " a date or instant (written year first, fixed-width), or store ISO 8601 text";
                    }
                }
                if (!problem.isEmpty()) {
                    add(LintRule.UNSORTABLE_SORT_KEY, Subject.entity(entity),
                            "sort key '" + templates.get(i) + "' on " + where + " holds " + slot.attribute() + ", " + problem, fix, at);
                }
            }
        }
    }

    // ST009
    private void randomIds() {
        document.entities().forEach((entity, definition) -> {
            Map<String, List<String>> sortKeys = new LinkedHashMap<>();
            sortKeys.put("", definition.keys().sort());
            definition.indexes().forEach((index, key) -> sortKeys.put(index, key.sort()));
            sortKeys.forEach((index, templates) -> {
                for (String template : templates) {
                    for (KeyTemplate.Slot slot : KeyTemplate.parse(template).slots()) {
                        AttributeDefinition attribute = definition.attributes().get(slot.attribute());
                        boolean random = attribute != null && (attribute.type() == AttributeKind.UUID
                                || attribute.generated().filter(g -> g == IdGenerator.UUID).isPresent());
                        if (!random) {
                            continue;
                        }
                        forEachPattern((pattern, at) -> {
                            if (pattern.operation() == Operation.QUERY && pattern.index().orElse("").equals(index)
                                    && readsEntity(pattern, entity) && wantsOrder(pattern)) {
                                add(LintRule.RANDOM_ID_ORDER, Subject.accessPattern(pattern.name()),
                                        "reads " + entity + " items in sort key order, and the sort key '" + template + "' orders them by "
                                                + slot.attribute() + ", a random UUID",
                                        "make " + slot.attribute() + " a ULID (generated: ulid), which sorts by creation time, or put a time "
                                                + "before it in the sort key ('{createdAt:yyyy-MM-dd'T'HH:mm:ss.SSS}#{" + slot.attribute() + "}')",
                                        at);
                            }
                        });
                    }
                }
            });
        });
    }

    private static boolean wantsOrder(AccessPatternDefinition pattern) {
        return pattern.order().filter(o -> o == AccessPatternDefinition.Order.DESCENDING).isPresent() || pattern.limit().isPresent()
                || pattern.sort().map(s -> switch (s.operator()) {
                    case LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, BETWEEN -> true;
                    default -> false;
                }).orElse(false);
    }

    // ST010
    private void sparseIndexOpportunities() {
        forEachPattern((pattern, at) -> {
            if (pattern.operation() != Operation.QUERY || pattern.filter().isEmpty()) {
                return;
            }
            List<String> present = filteredAttributes(pattern.filter().get(), true);
            if (present.isEmpty()) {
                return;
            }
            boolean alreadySparse = pattern.index().isPresent() && entitiesRead(pattern).stream()
                    .map(e -> document.entities().get(e).indexes().get(pattern.index().get()))
                    .allMatch(key -> key != null && key.when().isPresent());
            if (alreadySparse) {
                return;
            }
            String where = pattern.index().map(i -> "index " + i).orElse("the table");
            add(LintRule.SPARSE_INDEX_OPPORTUNITY, Subject.accessPattern(pattern.name()),
                    "queries " + where + " and keeps the items with " + String.join(", ", present),
                    pattern.index().isPresent()
                            ? "make " + pattern.index().get() + " sparse for these items: 'when: {present: " + present.get(0) + "}' on their index key"
                            : "add a sparse GSI holding only the items with " + present.get(0) + " ('when: {present: " + present.get(0) + "}') and query it",
                    at + "/filter");
        });
    }

    // ST011
    private void projectionsOfAll() {
        List<IndexDefinition> indexes = document.table().indexes();
        for (int i = 0; i < indexes.size(); i++) {
            IndexDefinition index = indexes.get(i);
            if (index.projection().type() != ProjectionType.ALL) {
                continue;
            }
            String name = index.name();
            boolean read = document.accessPatterns().stream().anyMatch(p -> p.index().filter(name::equals).isPresent());
            Map<String, Integer> wide = new LinkedHashMap<>();
            document.entities().forEach((entity, definition) -> {
                KeyDefinition key = definition.indexes().get(name);
                if (key != null) {
                    Set<String> keySlots = new LinkedHashSet<>();
                    (key == null ? List.<String>of() : concat(key.partition(), key.sort())).forEach(t -> keySlots.addAll(KeyTemplate.parse(t).attributeNames()));
                    int others = (int) definition.attributes().keySet().stream().filter(a -> !keySlots.contains(a)).count();
                    if (others >= PROJECTION_ALL_ATTRIBUTES) {
                        wide.put(entity, others);
                    }
                }
            });
            boolean unread = !read && !document.accessPatterns().isEmpty();
            if (!unread && wide.isEmpty()) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            if (unread) {
                parts.add("no access pattern reads it");
            }
            wide.forEach((entity, count) -> parts.add(entity + " copies " + count + " attributes besides its index keys"));
            add(LintRule.PROJECTION_ALL, Subject.index(name), name + " projects ALL: " + String.join("; ", parts),
                    "project INCLUDE with the attributes its access patterns show (and the entity-type attribute), or KEYS_ONLY and "
                            + "read whole items with fetchFullItems()" + (unread ? "; or drop the index if nothing reads it" : ""),
                    "/table/indexes/" + i + "/projection");
        }
    }

    // ST012
    private void missingEntityType() {
        String entityType = document.table().entityTypeAttribute();
        List<IndexDefinition> indexes = document.table().indexes();
        for (int i = 0; i < indexes.size(); i++) {
            IndexDefinition index = indexes.get(i);
            if (index.projection().type() == ProjectionType.ALL || index.projection().attributes().contains(entityType)) {
                continue;
            }
            String name = index.name();
            List<String> members = document.entities().entrySet().stream()
                    .filter(e -> e.getValue().indexes().containsKey(name))
                    .map(Map.Entry::getKey).toList();
            if (members.size() > 1) {
                add(LintRule.MISSING_ENTITY_TYPE, Subject.index(name),
                        name + " holds " + String.join(", ", members) + " and projects " + index.projection().type()
                                + " without the entity-type attribute '" + entityType + "'",
                        "add '" + entityType + "' to the projection: 'projection: {type: INCLUDE, attributes: [" + entityType
                                + (index.projection().attributes().isEmpty() ? "" : ", " + String.join(", ", index.projection().attributes())) + "]}'",
                        "/table/indexes/" + i + "/projection");
            }
        }
    }

    // ST013
    private void timeToLive() {
        document.table().timeToLiveAttribute().ifPresent(ttl -> document.entities().forEach((entity, definition) -> {
            AttributeDefinition attribute = definition.attributes().get(ttl);
            if (attribute == null) {
                return;
            }
            String at = "/entities/" + entity + "/attributes/" + ttl;
            switch (attribute.type()) {
                case EPOCH_SECONDS -> {
                }
                case INTEGER, LONG, DECIMAL -> {
                    Optional<BigDecimal> milliseconds = examples(entity).stream().map(e -> e.get(ttl)).filter(BigDecimal.class::isInstance)
                            .map(BigDecimal.class::cast).filter(v -> v.compareTo(EPOCH_MILLISECONDS) >= 0).findFirst();
                    milliseconds.ifPresent(value -> add(LintRule.TTL_NOT_EPOCH_SECONDS, Subject.entity(entity),
                            entity + "." + ttl + " is the table's TTL attribute and its example " + value.toPlainString()
                                    + " is milliseconds, not seconds, since the epoch",
                            "store seconds (divide by 1000), and declare it 'type: epochSeconds' so singletable converts Instants",
                            at));
                }
                default -> add(LintRule.TTL_NOT_EPOCH_SECONDS, Subject.entity(entity),
                        entity + "." + ttl + " is the table's TTL attribute but a " + attribute.type().fileName() + ", stored as "
                                + (attribute.type() == AttributeKind.BOOLEAN ? "a Boolean" : "text") + ": its items never expire",
                        "declare it 'type: epochSeconds' (an Instant stored as a Number of seconds)",
                        at);
            }
        }));
    }

    // ST014
    private void itemSizes() {
        TypicalItems items = TypicalItems.of(design);
        document.entities().forEach((entity, definition) -> {
            int bytes = items.bytes(entity);
            if (bytes > CapacityUnits.READ_BLOCK_BYTES) {
                add(LintRule.ITEM_SIZE, Subject.entity(entity),
                        "a " + entity + " item is " + (items.estimated(entity) ? "estimated at " : "") + bytes + " bytes ("
                                + CapacityUnits.readBlocks(bytes) + " read units, " + CapacityUnits.writeBlocks(bytes) + " write units each"
                                + (bytes > ItemSize.MAX_ITEM_BYTES ? "; over the 400 KB DynamoDB stores" : "") + ")",
                        "move large or rarely read attributes to another item (same partition, sort key '...#DETAILS') or to S3 "
                                + "with a pointer, or compress them into a binary attribute",
                        "/entities/" + entity);
            }
        });
    }

    // ST017, ST018, ST019: the design's traffic at its declared rates (singletable cost)
    private void capacity() {
        CostReport report = CostModel.of(design, PriceTable.builtIn(), "us-east-1", Scaling.none());
        for (CostReport.Limit limit : report.limits()) {
            LintRule rule = switch (limit.kind()) {
                case "partition-reads", "partition-writes" -> LintRule.PARTITION_THROUGHPUT;
                case "item-collection-size", "item-collection-growth" -> LintRule.ITEM_COLLECTION_SIZE;
                case "gsi-write-amplification" -> LintRule.GSI_WRITE_AMPLIFICATION;
                default -> null;   // item-size: ST014 reports it
            };
            if (rule == null) {
                continue;
            }
            boolean pattern = limit.path().startsWith("accessPatterns.");
            String pointer = pattern ? "/accessPatterns/" + patternIndex(limit.subject()) + "/rates" : "/entities/" + limit.path().substring(9);
            String fix = switch (rule) {
                case PARTITION_THROUGHPUT -> pattern
                        ? "spread the reads: a partition key of more values, a write-shard slot read with acrossShards(), or a cache "
                                + "(DAX) in front of the hot key"
                        : "spread the writes: a write-shard slot ('{shard:of=ID,count=N}') in the partition key template, or key by a "
                                + "high-cardinality attribute";
                case ITEM_COLLECTION_SIZE -> "key the items by something narrower (a time bucket, a sub-entity id), or use a GSI instead "
                        + "of the LSI (GSIs have no collection limit)";
                default -> "project fewer indexes onto the entity: make the indexes it need not be in sparse (a 'when' condition), or "
                        + "overload one GSI for several patterns";
            };
            add(rule, pattern ? Subject.accessPattern(limit.subject()) : Subject.entity(limit.subject()), limit.message(), fix, pointer);
        }
    }

    private int patternIndex(String name) {
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            if (document.accessPatterns().get(i).name().equals(name)) {
                return i;
            }
        }
        return 0;
    }

    // ---- shared

    /** The entity's examples, inline and from its example file, as typed values (numbers as BigDecimal). */
    private List<Map<String, Object>> examples(String entity) {
        return design.examples(entity).stream().map(item -> {
            Map<String, Object> values = new LinkedHashMap<>();
            item.values().forEach((name, value) -> values.put(name, value instanceof Number number && !(value instanceof BigDecimal)
                    ? new BigDecimal(number.toString()) : value));
            return values;
        }).toList();
    }

    private interface PatternVisitor {
        void visit(AccessPatternDefinition pattern, String at);
    }

    private void forEachPattern(PatternVisitor visitor) {
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            visitor.visit(document.accessPatterns().get(i), "/accessPatterns/" + i);
        }
    }

    private List<String> entitiesRead(AccessPatternDefinition pattern) {
        return pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? List.of(pattern.target().name())
                : Optional.ofNullable(document.collections().get(pattern.target().name())).map(c -> c.members()).orElse(List.of());
    }

    private boolean readsEntity(AccessPatternDefinition pattern, String entity) {
        return entitiesRead(pattern).contains(entity);
    }

    private static String target(AccessPatternDefinition pattern) {
        return (pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? "entity " : "collection ") + pattern.target().name();
    }

    private Optional<AttributeDefinition> attribute(AccessPatternDefinition pattern, String name) {
        return entitiesRead(pattern).stream().map(e -> document.entities().get(e).attributes().get(name)).filter(a -> a != null).findFirst();
    }

    /** About which share of the items read a filter keeps: 1/n for an equality on n values (10 when unbounded); presence not counted. */
    private double keptShare(AccessPatternDefinition pattern, ConditionDefinition condition) {
        if (condition instanceof ConditionDefinition.Equals equals) {
            return equals.values().keySet().stream().mapToDouble(name -> 1.0 / values(pattern, name)).reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return notEquals.values().keySet().stream().mapToDouble(name -> 1 - 1.0 / values(pattern, name)).reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            return Math.pow(1.0 / LOW_CARDINALITY, beginsWith.prefixes().size());
        }
        if (condition instanceof ConditionDefinition.All all) {
            return all.conditions().stream().mapToDouble(c -> keptShare(pattern, c)).reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.Any any) {
            return Math.min(1, any.conditions().stream().mapToDouble(c -> keptShare(pattern, c)).sum());
        }
        return 1;   // present, absent: how many items have an attribute is not in the design
    }

    private int values(AccessPatternDefinition pattern, String attribute) {
        return attribute(pattern, attribute).flatMap(LintFindings::cardinality).orElse(LOW_CARDINALITY);
    }

    /** The attributes a condition names: those tested for presence only, or those compared by value. */
    private static List<String> filteredAttributes(ConditionDefinition condition, boolean presence) {
        List<String> names = new ArrayList<>();
        if (condition instanceof ConditionDefinition.Present present && presence) {
            names.add(present.attribute());
        } else if (condition instanceof ConditionDefinition.Equals equals && !presence) {
            names.addAll(equals.values().keySet());
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals && !presence) {
            names.addAll(notEquals.values().keySet());
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith && !presence) {
            names.addAll(beginsWith.prefixes().keySet());
        } else if (condition instanceof ConditionDefinition.All all) {
            all.conditions().forEach(c -> names.addAll(filteredAttributes(c, presence)));
        } else if (condition instanceof ConditionDefinition.Any any) {
            any.conditions().forEach(c -> names.addAll(filteredAttributes(c, presence)));
        }
        return names.stream().distinct().toList();
    }

    /** How many values an attribute can take, when few: 2 for a boolean, an enum's values; empty otherwise. */
    static Optional<Integer> cardinality(AttributeDefinition attribute) {
        if (attribute == null) {
            return Optional.empty();
        }
        if (attribute.type() == AttributeKind.BOOLEAN) {
            return Optional.of(2);
        }
        if (attribute.type() == AttributeKind.ENUM && attribute.values().size() <= LOW_CARDINALITY) {
            return Optional.of(attribute.values().size());
        }
        return Optional.empty();
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    // ST015
    private void relationCopies() {
        document.relations().forEach((name, relation) -> {
            List<String> copied = new ArrayList<>();
            relation.copyFromFirst().forEach(a -> copied.add(relation.first() + "." + a));
            relation.copyFromSecond().forEach(a -> copied.add(relation.second() + "." + a));
            if (!copied.isEmpty() && !relation.propagateCopies()) {
                add(LintRule.RELATION_STALE_COPIES, Subject.relation(name),
                        "copies " + String.join(", ", copied) + " onto its adjacency items without propagateCopies",
                        "set propagateCopies: true (each write of " + String.join(" or ", List.of(relation.first(), relation.second()))
                                + " then costs a Query of its adjacency items, plus TransactWriteItems where a copy changed), copy only "
                                + "attributes that never change, or check the copies with 'singletable verify-relation'",
                        "/relations/" + name);
            }
        });
    }

    // ST016
    private void relationPartitions() {
        document.relations().forEach((name, relation) -> {
            List<String> constant = new ArrayList<>();
            if (relation.firstSide().partition().stream().noneMatch(t -> t.contains("{"))) {
                constant.add("firstSide");
            }
            if (relation.secondSide().partition().stream().noneMatch(t -> t.contains("{"))) {
                constant.add("secondSide");
            }
            for (String side : constant) {
                String entity = side.equals("firstSide") ? relation.first() : relation.second();
                String template = String.join(" + ", side.equals("firstSide") ? relation.firstSide().partition()
                        : relation.secondSide().partition());
                add(LintRule.RELATION_ONE_PARTITION, Subject.relation(name),
                        side + "'s partition template '" + template + "' has no slot: every " + entity + "'s adjacency items share "
                                + "one partition" + (constant.size() == 2 ? ", with the other side's" : ""),
                        "put " + entity + "'s key slots into the partition template, such as its own '"
                                + String.join(" + ", document.entities().get(entity).keys().partition()) + "', so that each " + entity
                                + "'s pairs have a partition of their own",
                        "/relations/" + name + "/" + side);
            }
        });
    }

    // ST020
    private void partialProjectionReads() {
        for (PartialIndexReads.Unreadable read : PartialIndexReads.of(document)) {
            add(LintRule.PARTIAL_PROJECTION_READ, Subject.accessPattern(read.pattern().name()), read.message(), read.fix(),
                    "/accessPatterns/" + read.position() + "/index");
        }
    }

    private void add(LintRule rule, Subject subject, String message, String fix, String pointer) {
        String[] path = pointer.substring(1).split("/");
        // a design compiled from Java: the finding belongs at the entity's or pattern's declaration (line only), not in the generated file
        Optional<SourceLocation> code = design.codeLocation(path);
        if (code.isPresent()) {
            findings.add(new Finding(rule.id(), rule.severity(), subject, message, rule.why(), fix, dotted(path), code.get().file(),
                    code.get().line(), 0));
            return;
        }
        Optional<SourceLocation> at = design.location(path);
        findings.add(new Finding(rule.id(), rule.severity(), subject, message, rule.why(), fix, dotted(path), file,
                at.map(SourceLocation::line).orElse(0), at.map(SourceLocation::column).orElse(0)));
    }

    /** {@code entities.Post.indexes.gsi1}, {@code accessPatterns[2].filter}: the paths of {@code SchemaError}. */
    private static String dotted(String[] path) {
        StringBuilder dotted = new StringBuilder();
        for (String name : path) {
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit) && dotted.length() > 0) {
                dotted.append('[').append(name).append(']');
            } else {
                dotted.append(dotted.length() > 0 ? "." : "").append(name);
            }
        }
        return dotted.toString();
    }
}
