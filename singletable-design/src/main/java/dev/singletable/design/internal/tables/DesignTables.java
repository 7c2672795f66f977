package dev.singletable.design.internal.tables;

import dev.singletable.DynamicItem;
import dev.singletable.Explanation;
import dev.singletable.KeyTemplate;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.TableDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one model that describe, patterns and view render: the key-design rows (one per entity), the
 * sample items as they are stored, and the access patterns with the requests they send and, when
 * run, the items they return. Built from a loaded design; nothing here renders text for a format.
 */
public final class DesignTables {
    static final String NONE = "-";
    /** Timestamps written on the sample items: fixed, so the outputs never change from run to run. */
    public static final Clock CLOCK = dev.singletable.design.internal.cost.TypicalItems.CLOCK;
    static final String NOT_IN_INDEX = "not in index";

    /** A secondary index as a column of the key design. */
    record IndexColumn(String name, IndexDefinition.IndexKind kind, List<String> partitionKey, List<String> sortKey, String projection,
                       ProjectionDefinition.ProjectionType projectionType, List<String> projected) {
        String kindName() {
            return kind == IndexDefinition.IndexKind.GLOBAL ? "GSI" : "LSI";
        }

        /** The key attributes, such as {@code gsi1pk / gsi1sk}. */
        String keyAttributes() {
            return joinKey(partitionKey, sortKey);
        }
    }

    /** One entity's row: its key templates on the table and on each index, and the attributes singletable maintains. */
    record KeyRow(String entity, String partitionKey, String sortKey, List<String> indexes, String timeToLive, String version,
                  String entityType) {
    }

    /** One sample item: its entity, where it came from, and the item exactly as it is stored (keys composed). */
    record Sample(int id, String entity, Map<String, AttributeValue> item) {
    }

    /** One access pattern: what it reads, the request it renders to, and the sample items it returns when run. */
    record PatternRow(String name, String description, String target, String tableOrIndex, String operation, boolean scan,
                      String keyCondition, String filter, Explanation explanation, List<Sample> expected,
                      List<QueryRequest> partitionQueries) {
        /** A pattern that reads no buckets or shards: its one request is the explanation's. */
        PatternRow(String name, String description, String target, String tableOrIndex, String operation, boolean scan,
                   String keyCondition, String filter, Explanation explanation, List<Sample> expected) {
            this(name, description, target, tableOrIndex, operation, scan, keyCondition, filter, explanation, expected, List.of());
        }

        Optional<String> keyConditionExpression() {
            return explanation.request() instanceof QueryRequest query ? Optional.of(query.keyConditionExpression()) : Optional.empty();
        }

        Optional<String> filterExpression() {
            if (explanation.request() instanceof QueryRequest query) {
                return Optional.ofNullable(query.filterExpression());
            }
            if (explanation.request() instanceof ScanRequest scan) {
                return Optional.ofNullable(scan.filterExpression());
            }
            return Optional.empty();
        }
    }

    private final String table;
    private final Optional<String> description;
    private final String partitionKey;
    private final Optional<String> sortKey;
    private final String entityTypeAttribute;
    private final List<IndexColumn> indexes;
    private final Map<String, KeyAttributeDefinition.KeyAttributeType> keyTypes;
    private final List<KeyRow> keyRows;
    private final List<String> entities;
    private final Map<String, List<String>> declaredAttributes;
    private final List<Sample> samples;
    private final String samplesSource;
    private final List<PatternRow> patterns;
    private List<RelationTables.RelationRow> relations = List.of();
    private Map<String, dev.singletable.design.internal.cost.CostReport.PatternCost> costs = Map.of();
    private List<List<String>> slotRows = List.of();
    private final List<String> states;

    private DesignTables(SchemaDocument document, List<IndexColumn> indexes, List<KeyRow> keyRows, List<Sample> samples,
                         String samplesSource, List<PatternRow> patterns) {
        TableDefinition definition = document.table();
        this.table = definition.name();
        this.description = definition.description();
        this.partitionKey = definition.partitionKey().name();
        this.sortKey = definition.sortKey().map(KeyAttributeDefinition::name);
        this.entityTypeAttribute = definition.entityTypeAttribute();
        this.indexes = List.copyOf(indexes);
        Map<String, KeyAttributeDefinition.KeyAttributeType> types = new LinkedHashMap<>();
        types.put(definition.partitionKey().name(), definition.partitionKey().type());
        definition.sortKey().ifPresent(sk -> types.put(sk.name(), sk.type()));
        definition.indexes().forEach(index -> {
            index.partitionKey().forEach(k -> types.put(k.name(), k.type()));
            index.sortKey().forEach(k -> types.put(k.name(), k.type()));
        });
        this.keyTypes = types;
        this.keyRows = List.copyOf(keyRows);
        this.entities = List.copyOf(document.entityTypes().keySet());
        Map<String, List<String>> declared = new LinkedHashMap<>();
        document.entityTypes().forEach((name, entity) -> declared.put(name, List.copyOf(entity.attributes().keySet())));
        this.states = states(document);
        this.declaredAttributes = declared;
        this.samples = List.copyOf(samples);
        this.samplesSource = samplesSource;
        this.patterns = List.copyOf(patterns);
    }

    /**
     * The tables of a design with its sample items. {@code table} renders the requests and composes the
     * stored items; {@code results} gives each pattern's items when the patterns were run; without
     * them the tables hold no access patterns.
     */
    static DesignTables of(SchemaFile design, SampleItems samples, Table table, Optional<PatternResults> results) {
        SchemaDocument document = design.document();
        List<IndexColumn> indexes = document.table().indexes().stream()
                .map(index -> new IndexColumn(index.name(), index.kind(), names(index.partitionKey()), names(index.sortKey()),
                        projection(index), index.projection().type(), index.projection().attributes()))
                .toList();
        List<KeyRow> keyRows = new ArrayList<>();
        document.entityTypes().forEach((name, entity) -> keyRows.add(keyRow(document, name, entity, indexes)));
        keyRows.addAll(RelationTables.keyRows(design, indexes.size()));
        List<Sample> stored = new ArrayList<>();
        for (DynamicItem item : samples.items()) {
            stored.add(new Sample(stored.size(), item.entityType(), dev.singletable.design.internal.cost.TypicalItems.asWritten(table, item)));
        }
        List<PatternRow> patterns = results.isPresent() ? PatternRows.of(design, table, stored, results.get()) : List.of();
        DesignTables tables = new DesignTables(document, indexes, keyRows, stored, samples.source(), patterns);
        tables.relations = RelationTables.rows(design);
        tables.slotRows = slotRows(document);
        if (results.isPresent()) {
            Map<String, dev.singletable.design.internal.cost.CostReport.PatternCost> costs = new LinkedHashMap<>();
            dev.singletable.design.internal.cost.CostModel.of(design, dev.singletable.design.internal.cost.PriceTable.builtIn(), CostDocument.REGION,
                    dev.singletable.design.internal.cost.Scaling.none()).patterns().forEach(cost -> costs.put(cost.name(), cost));
            tables.costs = costs;
        }
        return tables;
    }

    /**
     * The key templates' path, time-bucket and shard slots, one row each: entity, key, slot, kind and what the key
     * stores for it. Empty when the design has none.
     */
    List<List<String>> slotRows() {
        return slotRows;
    }

    private static List<List<String>> slotRows(SchemaDocument document) {
        List<List<String>> rows = new ArrayList<>();
        document.entities().forEach((name, entity) -> {
            Map<String, KeyDefinition> keys = new LinkedHashMap<>();
            keys.put("table", entity.keys());
            keys.putAll(entity.indexes());
            keys.forEach((where, key) -> {
                List<String> templates = new ArrayList<>(key.partition());
                templates.addAll(key.sort());
                for (int i = 0; i < templates.size(); i++) {
                    String part = (i < key.partition().size() ? "partition" : "sort") + " key";
                    KeyTemplate template;
                    try {
                        template = KeyTemplate.parse(templates.get(i));
                    } catch (SingleTableException e) {
                        continue; // a loaded design's templates parse; a document built otherwise is described as it is
                    }
                    for (KeyTemplate.Slot slot : template.slots()) {
                        String text = slotText(templates.get(i), slot);
                        AttributeDefinition attribute = entity.attributes().get(slot.attribute());
                        if (slot.isShard()) {
                            rows.add(List.of(name, where + " " + part, text, "shard", slot.shardCount() + " shards (0 to "
                                    + (slot.shardCount() - 1) + ") by the hash of " + slot.attribute() + ": a read of the whole "
                                    + "partition sends " + slot.shardCount() + " queries"));
                        } else if (slot.bucket().isPresent()) {
                            rows.add(List.of(name, where + " " + part, text, "time bucket", "one partition per "
                                    + slot.bucket().get().name().toLowerCase(java.util.Locale.ROOT) + " of " + slot.attribute()
                                    + " (UTC): a range reads one partition per bucket"));
                        } else if (attribute != null && Kind.ofFileName(attribute.type().fileName()).filter(Kind::fillsPathSlots).isPresent()) {
                            rows.add(List.of(name, where + " " + part, text, "path", "the segments of " + slot.attribute()
                                    + " joined by '#', each escaped: children and subtree queries stop at segment boundaries"));
                        }
                    }
                }
            });
        });
        return rows;
    }

    /** The slot as written in its template, such as {@code {takenAt:bucket=DAY}}. */
    private static String slotText(String template, KeyTemplate.Slot slot) {
        String plain = "{" + slot.attribute() + slot.format().map(f -> ":" + f).orElse("") + "}";
        if (template.contains(plain)) {
            return plain;
        }
        String shard = "{shard:" + slot.format().orElse("") + "}";
        return template.contains(shard) ? shard : "{" + slot.attribute() + "}";
    }

    /** The tables without an engine and without the access patterns (describe shows none): nothing is sent. */
    public static DesignTables offline(SchemaFile design, SampleItems samples) {
        Table table = Table.offlineBuilder(design.upperBoundSchema()).clock(CLOCK).build();
        return of(design, samples, table, Optional.empty());
    }

    /**
     * The tables with each pattern's items as {@code results} gives them (run on an engine, or kept from such a run),
     * rendered without an engine like {@link #offline}, so the output is the same wherever the results came from.
     */
    public static DesignTables withResults(SchemaFile design, SampleItems samples, PatternResults results) {
        Table table = Table.offlineBuilder(design.upperBoundSchema()).clock(CLOCK).build();
        return of(design, samples, table, Optional.of(results));
    }

    /** The sample items as the library writes them, in order: what a table on an engine holds before the patterns run. */
    public static List<Map<String, AttributeValue>> storedItems(SchemaFile design, SampleItems samples) {
        Table table = Table.offlineBuilder(design.upperBoundSchema()).clock(CLOCK).build();
        return samples.items().stream().map(item -> dev.singletable.design.internal.cost.TypicalItems.asWritten(table, item)).toList();
    }

    /** The items a pattern returned, by primary key. */
    public interface PatternResults {
        List<Map<String, AttributeValue>> keysOf(String pattern);
    }

    /** One line per entity whose keys depend on its state: the state attribute and the entity type of each value. */
    private static List<String> states(SchemaDocument document) {
        List<String> lines = new ArrayList<>();
        document.entities().forEach((name, entity) -> entity.states().ifPresent(states -> lines.add(name + ": " + states.attribute()
                + " picks the keys (" + String.join(", ", states.values().entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue().type()).toList())
                + "); a change of " + states.attribute() + " moves the item (one TransactWriteItems)")));
        return List.copyOf(lines);
    }

    /** The entities stored by their state, one line each (empty when none is). */
    List<String> states() {
        return states;
    }

    private static KeyRow keyRow(SchemaDocument document, String name, EntityDefinition entity, List<IndexColumn> indexes) {
        List<String> cells = new ArrayList<>();
        for (IndexColumn index : indexes) {
            KeyDefinition key = entity.indexes().get(index.name());
            if (key == null) {
                cells.add(NOT_IN_INDEX);
            } else {
                String templates = joinKey(key.partition(), key.sort());
                cells.add(key.when().map(when -> templates + " when " + ConditionText.of(when)).orElse(templates));
            }
        }
        String ttl = attributeWithRole(entity, AttributeDefinition.Role.TIME_TO_LIVE)
                .or(() -> document.table().timeToLiveAttribute().filter(entity.attributes()::containsKey))
                .orElse(NONE);
        String version = attributeWithRole(entity, AttributeDefinition.Role.VERSION).orElse(NONE);
        return new KeyRow(name, String.join(" + ", entity.keys().partition()),
                entity.keys().sort().isEmpty() ? NONE : String.join(" + ", entity.keys().sort()), cells, ttl, version, name);
    }

    private static Optional<String> attributeWithRole(EntityDefinition entity, AttributeDefinition.Role role) {
        return entity.attributes().entrySet().stream().filter(a -> a.getValue().role().equals(Optional.of(role)))
                .map(Map.Entry::getKey).findFirst();
    }

    private static List<String> names(List<KeyAttributeDefinition> attributes) {
        return attributes.stream().map(KeyAttributeDefinition::name).toList();
    }

    private static String projection(IndexDefinition index) {
        return switch (index.projection().type()) {
            case ALL -> "ALL";
            case KEYS_ONLY -> "KEYS_ONLY";
            case INCLUDE -> "INCLUDE " + String.join(", ", index.projection().attributes());
        };
    }

    static String joinKey(List<String> partition, List<String> sort) {
        String pk = String.join(" + ", partition);
        String sk = String.join(" + ", sort);
        if (pk.isEmpty()) {
            return sk;
        }
        return sk.isEmpty() ? pk : pk + " / " + sk;
    }

    public String table() {
        return table;
    }

    Optional<String> description() {
        return description;
    }

    String partitionKey() {
        return partitionKey;
    }

    Optional<String> sortKey() {
        return sortKey;
    }

    String entityTypeAttribute() {
        return entityTypeAttribute;
    }

    public List<IndexColumn> indexes() {
        return indexes;
    }

    /** The type (S, N or B) of a key attribute of the table or an index; S for any other name. */
    KeyAttributeDefinition.KeyAttributeType keyType(String attribute) {
        return keyTypes.getOrDefault(attribute, KeyAttributeDefinition.KeyAttributeType.S);
    }

    List<KeyRow> keyRows() {
        return keyRows;
    }

    List<String> entities() {
        return entities;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** Where the samples came from: the design's examples, or a data file. */
    String samplesSource() {
        return samplesSource;
    }

    public List<PatternRow> patterns() {
        return patterns;
    }

    /** Each access pattern's cost at the design's rates ({@code singletable cost}), by pattern name; empty without patterns. */
    Map<String, dev.singletable.design.internal.cost.CostReport.PatternCost> costs() {
        return costs;
    }

    /** The design's many-to-many relations, as declared. */
    List<RelationTables.RelationRow> relations() {
        return relations;
    }

    /** The first sample of each entity, by entity; entities without one are absent. */
    Map<String, Sample> exampleByEntity() {
        Map<String, Sample> examples = new LinkedHashMap<>();
        for (String entity : entities) {
            samples.stream().filter(s -> s.entity().equals(entity)).findFirst().ifPresent(s -> examples.put(entity, s));
        }
        return examples;
    }

    /**
     * The attribute names of an item in the order tables show them: the table's keys, the index keys
     * (in index order), the entity type, then the entity's attributes as declared, then any others.
     */
    List<String> attributeOrder(Sample sample) {
        List<String> order = new ArrayList<>();
        order.add(partitionKey);
        sortKey.ifPresent(order::add);
        indexes.forEach(index -> {
            order.addAll(index.partitionKey());
            order.addAll(index.sortKey());
        });
        order.add(entityTypeAttribute);
        order.addAll(declaredAttributes.getOrDefault(sample.entity(), List.of()));
        List<String> present = new ArrayList<>();
        for (String name : order) {
            if (sample.item().containsKey(name) && !present.contains(name)) {
                present.add(name);
            }
        }
        sample.item().keySet().stream().filter(name -> !present.contains(name)).sorted().forEach(present::add);
        return present;
    }
}
