package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.ItemReader;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyType;
import dev.singletable.Projection;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.Relation;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.Target;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.Rates;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.StatesDefinition;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The document model to the core model: a {@link TableSchema} of {@code EntitySchema<DynamicItem>}s
 * built with the core's builders, so the core's rules and messages apply. The core stops at its
 * first objection; this builds each entity, each template and each entity-in-its-table on its own
 * first, so that every mistake of a file is found in one run. Problems carry JSON pointers; the
 * loader turns them into lines and columns.
 */
public final class DesignBuilder {
    private static final String PROBE_TEMPLATE = "PROBE";

    /** A mistake found, at a JSON pointer of the document. */
    public record Problem(Kind kind, String pointer, String message) {
    }

    /** The core model of a document without problems. */
    public record Design(TableSchema table, Map<String, EntitySchema<DynamicItem>> entities,
                         Map<String, EntityCollection<DynamicItem>> collections, Map<String, List<DynamicItem>> examples,
                         Map<String, AttributeType<DynamicItem>> recordTypes) {
        /** The core type storing an attribute of the file: its kind's, or the one built for its record type. */
        public AttributeType<?> typeOf(AttributeDefinition attribute) {
            return recordTyped(attribute, recordTypes).orElseGet(() -> DynamicTypes.typeOf(attribute.type()));
        }
    }

    /** The document with each entity whose keys depend on its state given as one entity type per state. */
    private final SchemaDocument document;
    /** The document as written: entities with states as one entity each. */
    private final SchemaDocument source;
    private final Map<String, List<Map<String, Object>>> fileExamples;
    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, AttributeType<DynamicItem>> recordTypes = new LinkedHashMap<>();
    private final Set<String> refusedRecordTypes = new HashSet<>();
    /** Entity type to a table of it alone that composes its items without sending anything: the examples' keys. */
    private final Map<String, Table> composers = new HashMap<>();

    /** @param fileExamples entity name to the examples read from its {@code exampleFile}, already parsed */
    public DesignBuilder(SchemaDocument document, Map<String, List<Map<String, Object>>> fileExamples) {
        this.source = document;
        this.document = new SchemaDocument(document.table(), document.entityTypes(), document.collections(), document.accessPatterns(),
                document.relations(), document.types());
        this.fileExamples = fileExamples;
    }

    public List<Problem> problems() {
        if (source.entities().values().stream().anyMatch(e -> e.states().isPresent())) {
            List<Problem> placed = new ArrayList<>();
            problems.stream().map(this::inSource).filter(p -> !placed.contains(p)).forEach(placed::add);
            problems.clear();
            problems.addAll(placed);
        }
        return problems;
    }

    /** The design, or empty when there are problems (then {@link #problems()} lists them all). */
    public Optional<Design> build() {
        TableDefinition table = document.table();
        List<IndexSchema> indexes = indexes(table);
        TableSchema.Builder tableBuilder = tableBuilder(table, indexes);
        recordTypes();
        Map<String, EntitySchema<DynamicItem>> entities = new LinkedHashMap<>();
        source.entities().forEach((name, entity) -> entity.states().ifPresent(states -> statesFit(name, entity, states)));
        document.entities().forEach((name, entity) -> entity(name, entity).ifPresent(schema -> entities.put(name, schema)));
        if (tableBuilder != null) {
            for (Map.Entry<String, EntitySchema<DynamicItem>> entity : entities.entrySet()) {
                TableSchema.Builder alone = tableBuilder(table, indexes);
                core(Kind.SCHEMA_DEFINITION, "/entities/" + LocatedTree.segment(entity.getKey()), () -> alone.entity(entity.getValue()).build())
                        .ifPresent(schema -> composers.put(entity.getKey(), Table.offline(schema)));
            }
        }
        Map<String, EntityCollection<DynamicItem>> collections = new LinkedHashMap<>();
        document.collections().forEach((name, collection) -> collection(name, collection, entities).ifPresent(c -> collections.put(name, c)));
        Set<String> patternNames = new HashSet<>();
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            pattern(i, document.accessPatterns().get(i), patternNames);
        }
        Map<String, List<DynamicItem>> examples = new LinkedHashMap<>();
        source.entities().forEach((name, entity) -> examples.put(name, examples(name, entity)));
        if (!problems.isEmpty() || tableBuilder == null) {
            return Optional.empty();
        }
        List<Relation<DynamicItem, DynamicItem>> relations = new ArrayList<>();
        document.relations().forEach((name, relation) -> relation(name, relation, entities).ifPresent(relations::add));
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        List<EntityStates<DynamicItem>> states = new ArrayList<>();
        source.entities().forEach((name, entity) -> entity.states().flatMap(s -> entityStates(name, s, entities)).ifPresent(states::add));
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        TableSchema.Builder complete = tableBuilder(table, indexes);
        entities.values().stream().filter(e -> states.stream().noneMatch(s -> s.states().contains(e))).forEach(complete::entity);
        states.forEach(complete::states);
        relations.forEach(complete::relation);
        Optional<TableSchema> schema = core(Kind.SCHEMA_DEFINITION, "/table", complete::build);
        return schema.map(s -> new Design(s, entities, collections, examples, Map.copyOf(recordTypes)));
    }

    // ----- record types (types:), embedded in entities

    /** Builds every record type the file declares, those it holds first; a type holding itself, directly or not, is refused. */
    private void recordTypes() {
        Map<String, RecordTypeDefinition> types = document.types();
        types.forEach((name, type) -> type.attributes().forEach((attributeName, attribute) -> {
            String at = "/types/" + LocatedTree.segment(name) + "/attributes/" + LocatedTree.segment(attributeName);
            attribute.role().ifPresent(role -> problem(Kind.INVALID_VALUE, at + "/role", "role " + role.fileName() + " is maintained on "
                    + "an entity's own attributes, not inside the embedded record " + name + "; move " + attributeName + " to the entity"));
            attribute.generated().ifPresent(g -> problem(Kind.INVALID_VALUE, at + "/generated", "generated ids are filled on an entity's "
                    + "own attributes, not inside the embedded record " + name + "; move " + attributeName + " to the entity"));
        }));
        Set<String> building = new LinkedHashSet<>();
        types.keySet().forEach(name -> recordType(name, building));
    }

    @SuppressWarnings("unchecked")
    private Optional<AttributeType<DynamicItem>> recordType(String name, Set<String> building) {
        if (recordTypes.containsKey(name)) {
            return Optional.of(recordTypes.get(name));
        }
        RecordTypeDefinition type = document.types().get(name);
        if (type == null || refusedRecordTypes.contains(name) || !building.add(name)) {
            return Optional.empty();
        }
        String at = "/types/" + LocatedTree.segment(name);
        List<Attribute<DynamicItem, ?>> attributes = new ArrayList<>();
        boolean complete = true;
        for (Map.Entry<String, AttributeDefinition> entry : type.attributes().entrySet()) {
            String attributeName = entry.getKey();
            AttributeDefinition attribute = entry.getValue();
            String attributeAt = at + "/attributes/" + LocatedTree.segment(attributeName);
            if (attribute.recordType().isPresent() && building.contains(attribute.recordType().get())) {
                List<String> cycle = new ArrayList<>(building).subList(new ArrayList<>(building).indexOf(attribute.recordType().get()), building.size());
                problem(Kind.SCHEMA_DEFINITION, attributeAt + "/type", "record type " + name + "." + attributeName + " holds "
                        + attribute.recordType().get() + ", which holds " + name + " again (" + String.join(" -> ", cycle) + " -> "
                        + attribute.recordType().get() + "): an embedded record cannot contain itself; store the inner one as an item "
                        + "of its own, or hold its key instead");
                complete = false;
                continue;
            }
            Optional<AttributeType<Object>> attributeType = attributeType(attributeAt, attribute, building).map(t -> (AttributeType<Object>) t);
            if (attributeType.isEmpty()) {
                complete = false;
                continue;
            }
            AttributeType<Object> t = attributeType.get();
            Optional<Attribute<DynamicItem, Object>> declared = withOptions(attributeAt, attribute, attribute.required()
                    ? Attribute.required(attributeName, t, (DynamicItem item) -> item.values().get(attributeName))
                    : Attribute.of(attributeName, t, (DynamicItem item) -> item.values().get(attributeName)));
            if (declared.isEmpty()) {
                complete = false;
                continue;
            }
            attributes.add(declared.get());
        }
        building.remove(name);
        if (!complete) {
            refusedRecordTypes.add(name);
            return Optional.empty();
        }
        List<Attribute<DynamicItem, ?>> ordered = List.copyOf(attributes);
        Optional<AttributeType<DynamicItem>> built = core(Kind.SCHEMA_DEFINITION, at, () -> AttributeTypes.object(name, DynamicItem.class,
                ordered, reader -> {
                    DynamicItem.Builder record = DynamicItem.builder(name);
                    ordered.forEach(attribute -> readInto(record, reader, attribute));
                    return record.build();
                }));
        built.ifPresent(b -> recordTypes.put(name, b));
        return built;
    }

    /**
     * The attribute with the file's nullable flag, default (converted as an example value is, and checked against the
     * rules) and rules; a problem at the keyword when the core refuses one.
     */
    private Optional<Attribute<DynamicItem, Object>> withOptions(String at, AttributeDefinition definition, Attribute<DynamicItem, Object> attribute) {
        if (definition.hasNoValueOptions()) {
            return Optional.of(attribute);
        }
        Attribute<DynamicItem, Object> declared = attribute;
        if (definition.nullable()) {
            Optional<Attribute<DynamicItem, Object>> nullable = core(Kind.SCHEMA_DEFINITION, at + "/nullable", attribute::nullable);
            if (nullable.isEmpty()) {
                return Optional.empty();
            }
            declared = nullable.get();
        }
        Attribute<DynamicItem, Object> ruled = declared;
        Optional<Attribute<DynamicItem, Object>> validated = core(Kind.SCHEMA_DEFINITION, at, () -> ruled.validatedBy(
                definition.rules().toArray(dev.singletable.AttributeRule[]::new)));
        if (validated.isEmpty() || definition.defaultValue().isEmpty()) {
            return validated;
        }
        Object converted;
        try {
            converted = definition.type().holdsRecords() ? DynamicTypes.valueOf(definition, definition.defaultValue().get(), document.types())
                    : DynamicTypes.valueOf(definition, definition.defaultValue().get());
        } catch (IllegalArgumentException e) {
            problem(Kind.INVALID_VALUE, at + "/default", "default " + e.getMessage() + "; give a value of the attribute's type");
            return Optional.empty();
        }
        Attribute<DynamicItem, Object> withRules = validated.get();
        return core(Kind.INVALID_VALUE, at + "/default", () -> withRules.withDefault(converted));
    }

    /** The core type of an attribute (of an entity or a record type); a problem at {@code at} when it names no known record type. */
    private Optional<AttributeType<?>> attributeType(String at, AttributeDefinition attribute, Set<String> building) {
        if (!attribute.type().holdsRecords()) {
            return Optional.of(DynamicTypes.typeOf(attribute));
        }
        String typeName = attribute.recordType().orElseThrow();
        if (!document.types().containsKey(typeName)) {
            String field = attribute.type() == AttributeKind.RECORD ? "/type" : "/of";
            problem(Kind.UNKNOWN_NAME, at + field, "unknown record type '" + typeName + "'" + suggestion(typeName, document.types().keySet())
                    + (document.types().isEmpty() ? "; the file declares no types: add it under types, or use one of the built-in types"
                    : "; the file's types are " + String.join(", ", document.types().keySet())));
            return Optional.empty();
        }
        return recordType(typeName, building).flatMap(record -> recordTyped(attribute, Map.of(typeName, record)));
    }

    private static Optional<AttributeType<?>> recordTyped(AttributeDefinition attribute, Map<String, AttributeType<DynamicItem>> records) {
        if (!attribute.type().holdsRecords()) {
            return Optional.empty();
        }
        AttributeType<DynamicItem> record = records.get(attribute.recordType().orElseThrow());
        if (record == null) {
            return Optional.empty();
        }
        return Optional.of(switch (attribute.type()) {
            case RECORD_LIST -> AttributeTypes.listOf(record);
            case RECORD_MAP -> AttributeTypes.mapOf(record);
            default -> record;
        });
    }

    // ----- table

    private List<IndexSchema> indexes(TableDefinition table) {
        List<IndexSchema> indexes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < table.indexes().size(); i++) {
            IndexDefinition index = table.indexes().get(i);
            String at = "/table/indexes/" + i;
            if (!names.add(index.name())) {
                problem(Kind.DUPLICATE_NAME, at + "/name", "index '" + index.name() + "' is declared twice; give each index its own name");
                continue;
            }
            core(Kind.SCHEMA_DEFINITION, at, () -> {
                IndexSchema.Builder builder = index.kind() == IndexDefinition.IndexKind.LOCAL ? IndexSchema.local(index.name())
                        : IndexSchema.global(index.name());
                if (!index.partitionKey().isEmpty()) {
                    builder.partitionKey(index.partitionKey().stream().map(DesignBuilder::keyAttribute).toArray(KeyAttribute[]::new));
                }
                if (!index.sortKey().isEmpty()) {
                    builder.sortKey(index.sortKey().stream().map(DesignBuilder::keyAttribute).toArray(KeyAttribute[]::new));
                }
                return builder.projection(projection(index.projection())).build();
            }).ifPresent(indexes::add);
        }
        return indexes;
    }

    static KeyAttribute keyAttribute(KeyAttributeDefinition attribute) {
        return new KeyAttribute(attribute.name(), KeyType.valueOf(attribute.type().name()));
    }

    private static Projection projection(ProjectionDefinition projection) {
        return switch (projection.type()) {
            case ALL -> Projection.all();
            case KEYS_ONLY -> Projection.keysOnly();
            case INCLUDE -> Projection.include(projection.attributes().toArray(String[]::new));
        };
    }

    /** A fresh builder of the table without entities; null when the table itself is refused. */
    private TableSchema.Builder tableBuilder(TableDefinition table, List<IndexSchema> indexes) {
        int before = problems.size();
        Optional<TableSchema.Builder> builder = core(Kind.SCHEMA_DEFINITION, "/table/name", () -> TableSchema.builder(table.name()));
        if (builder.isEmpty()) {
            return null;
        }
        TableSchema.Builder b = builder.get();
        core(Kind.SCHEMA_DEFINITION, "/table/partitionKey", () -> b.partitionKey(keyAttribute(table.partitionKey())));
        if (table.sortKey().isPresent()) {
            core(Kind.SCHEMA_DEFINITION, "/table/sortKey", () -> b.sortKey(keyAttribute(table.sortKey().get())));
        } else {
            b.noSortKey();
        }
        core(Kind.SCHEMA_DEFINITION, "/table/entityTypeAttribute", () -> b.entityTypeAttribute(table.entityTypeAttribute()));
        table.timeToLiveAttribute().ifPresent(ttl -> core(Kind.SCHEMA_DEFINITION, "/table/timeToLiveAttribute", () -> b.timeToLiveAttribute(ttl)));
        table.stream().ifPresent(view -> core(Kind.SCHEMA_DEFINITION, "/table/stream", () -> b.stream(view)));
        indexes.forEach(index -> core(Kind.SCHEMA_DEFINITION, "/table/indexes", () -> b.index(index)));
        if (problems.size() > before) {
            return null;
        }
        return b;
    }

    // ----- entities

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Optional<EntitySchema<DynamicItem>> entity(String name, EntityDefinition entity) {
        String at = "/entities/" + LocatedTree.segment(name);
        int before = problems.size();
        entity.volume().writes().ifPresent(writes -> rates(at + "/writes", writes));
        entity.volume().count().ifPresent(count -> entity.volume().partitionKeyValues().filter(values -> values > Math.max(1, count))
                .ifPresent(values -> problem(Kind.INVALID_VALUE, at + "/partitionKeyValues", "partitionKeyValues " + values
                        + " is more than the entity's count " + count + "; each item has one partition key: give at most " + count)));
        Map<String, Attribute<DynamicItem, ?>> attributes = new LinkedHashMap<>();
        entity.attributes().forEach((attributeName, attribute) -> {
            Optional<AttributeType<?>> typed = attributeType(at + "/attributes/" + LocatedTree.segment(attributeName), attribute,
                    new LinkedHashSet<>());
            if (typed.isEmpty()) {
                return;
            }
            AttributeType<Object> type = (AttributeType<Object>) typed.get();
            String attributeAt = at + "/attributes/" + LocatedTree.segment(attributeName);
            core(Kind.SCHEMA_DEFINITION, attributeAt, () -> attribute.required()
                    ? Attribute.required(attributeName, type, (DynamicItem item) -> item.values().get(attributeName))
                    : Attribute.of(attributeName, type, (DynamicItem item) -> item.values().get(attributeName)))
                    .flatMap(a -> withOptions(attributeAt, attribute, a))
                    .ifPresent(a -> attributes.put(attributeName, a));
            attribute.generated().ifPresent(generator -> {
                boolean fits = attribute.type() == AttributeKind.STRING || generator == IdGenerator.UUID && attribute.type() == AttributeKind.UUID;
                if (!fits) {
                    problem(Kind.SCHEMA_DEFINITION, at + "/attributes/" + LocatedTree.segment(attributeName) + "/generated",
                            "generated: " + generator.name().toLowerCase(java.util.Locale.ROOT) + " fills " + (generator == IdGenerator.ULID
                                    ? "string attributes" : "string or uuid attributes") + ", not " + attribute.type().fileName());
                }
            });
        });
        keyTemplatesFit(name, entity);
        Set<String> placed = new HashSet<>();
        problems.subList(before, problems.size()).forEach(p -> placed.add(p.pointer()));
        probeTemplates(name, entity, List.copyOf(attributes.values())).stream()
                .filter(p -> !placed.contains(p.pointer())).forEach(problems::add);
        Map<String, Predicate<DynamicItem>> conditions = new LinkedHashMap<>();
        entity.indexes().forEach((indexName, key) -> key.when().flatMap(w -> predicate(at + "/indexes/" + LocatedTree.segment(indexName) + "/when",
                w, entity)).ifPresent(p -> conditions.put(indexName, p)));
        if (problems.size() > before) {
            return Optional.empty();
        }
        EntitySchema.Builder<DynamicItem> builder = EntitySchema.builder(DynamicItem.class);
        core(Kind.SCHEMA_DEFINITION, at, () -> builder.type(name));
        core(Kind.INVALID_VALUE, at, () -> builder.volume(entity.volume().toVolume()));
        attributes.values().forEach(builder::attribute);
        KeyDefinition keys = entity.keys();
        if (keys.sort().isEmpty()) {
            core(Kind.KEY_TEMPLATE, at + "/keys/pk", () -> builder.primaryKey(keys.partition().get(0)));
        } else {
            core(Kind.KEY_TEMPLATE, at + "/keys", () -> builder.primaryKey(keys.partition().get(0), keys.sort().get(0)));
        }
        entity.indexes().forEach((indexName, key) -> {
            String keyAt = at + "/indexes/" + LocatedTree.segment(indexName);
            boolean local = document.table().index(indexName).map(i -> i.kind() == IndexDefinition.IndexKind.LOCAL).orElse(false);
            // an LSI shares the table's partition key: its entity key may leave pk out, meaning the primary template
            List<String> partition = key.partition().isEmpty() && local ? keys.partition() : key.partition();
            if (partition.isEmpty()) {
                problem(Kind.INVALID_STRUCTURE, keyAt, "an index key needs its partition key template: add pk");
                return;
            }
            Optional<Predicate<DynamicItem>> when = Optional.ofNullable(conditions.get(indexName));
            core(Kind.KEY_TEMPLATE, keyAt, () -> {
                IndexKey indexKey = IndexKey.ofAttributes(partition, key.sort());
                return when.isPresent() ? builder.index(indexName, indexKey, when.get()) : builder.index(indexName, indexKey);
            });
        });
        entity.attributes().forEach((attributeName, attribute) -> {
            Attribute attributeOfEntity = attributes.get(attributeName);
            String attributeAt = at + "/attributes/" + LocatedTree.segment(attributeName);
            attribute.role().ifPresent(role -> {
                switch (role) {
                    case VERSION -> core(Kind.SCHEMA_DEFINITION, attributeAt + "/role", () -> builder.version(attributeOfEntity));
                    case CREATED_AT -> core(Kind.SCHEMA_DEFINITION, attributeAt + "/role", () -> builder.createdAt(attributeOfEntity));
                    case UPDATED_AT -> core(Kind.SCHEMA_DEFINITION, attributeAt + "/role", () -> builder.updatedAt(attributeOfEntity));
                    case TIME_TO_LIVE -> {
                        Optional<String> ttl = document.table().timeToLiveAttribute();
                        if (ttl.isEmpty() || !ttl.get().equals(attributeName)) {
                            problem(Kind.SCHEMA_DEFINITION, attributeAt + "/role", "role timeToLive is for the table's TTL attribute, which is "
                                    + ttl.map(t -> "'" + t + "'").orElse("not declared") + "; " + (ttl.isEmpty()
                                    ? "add timeToLiveAttribute: " + attributeName + " to the table" : "name this attribute '" + ttl.get() + "'"));
                        }
                    }
                }
            });
            if (attribute.type() == AttributeKind.ENUM) {
                builder.beforeWrite(item -> {
                    Object value = item.values().get(attributeName);
                    if (value != null && !attribute.values().contains(value)) {
                        throw new ValidationException(name + "." + attributeName + ": '" + value + "' is not one of " + attribute.values()
                                + "; use one of them, or add it to the attribute's values in the schema file");
                    }
                    return item;
                });
            }
            attribute.generated().ifPresent(generator -> builder.beforeWrite(item -> item.has(attributeName) ? item
                    : item.with(attributeName, generated(generator, attribute.type()))));
        });
        if (holdsSets(entity.attributes(), new HashSet<>())) {
            builder.beforeWrite(item -> {
                refuseEmptySets(name, item, entity.attributes());
                return item;
            });
        }
        if (entity.attributeBag()) {
            builder.attributeBag(DynamicItem::unmappedAttributes);
        }
        List<Attribute<DynamicItem, ?>> ordered = List.copyOf(attributes.values());
        boolean bag = entity.attributeBag();
        builder.factory(reader -> {
            DynamicItem.Builder item = DynamicItem.builder(name);
            ordered.forEach(attribute -> readInto(item, reader, attribute));
            if (bag) {
                item.unmappedAttributes(reader.unmappedAttributes());
            }
            return item.build();
        });
        if (problems.size() > before) {
            return Optional.empty();
        }
        try {
            return Optional.of(builder.build());
        } catch (SingleTableException e) {
            problem(Kind.SCHEMA_DEFINITION, where(at, entity, e), e.getMessage()); // the whole message: it names the entity and the role or attribute refused
            return Optional.empty();
        }
    }

    /** True when a string set is among the attributes, or inside the records they hold. */
    private boolean holdsSets(Map<String, AttributeDefinition> attributes, Set<String> seen) {
        for (AttributeDefinition attribute : attributes.values()) {
            if (attribute.type() == AttributeKind.STRING_SET) {
                return true;
            }
            Optional<RecordTypeDefinition> record = attribute.recordType().filter(seen::add).map(document.types()::get);
            if (record.isPresent() && holdsSets(record.get().attributes(), seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses an empty string set anywhere in the item: DynamoDB stores no empty set, so it would be left out and the
     * item would read back without the attribute it was written with.
     */
    private void refuseEmptySets(String where, DynamicItem item, Map<String, AttributeDefinition> attributes) {
        emptySetIn(where, item, attributes).ifPresent(empty -> {
            throw new ValidationException(empty.path() + ": " + empty.refusal());
        });
    }

    /** An empty string set in an item's value, at {@code path} ({@code Order.tags}, {@code address.labels[1].tags}), of attribute {@code name}. */
    private record EmptySet(String path, String name) {
        String refusal() {
            return "the empty set [] cannot be stored (DynamoDB has no empty sets, so the attribute would be left out and read back "
                    + "absent); leave " + name + " out, or give it at least one value";
        }
    }

    /** The first empty string set among the item's attributes, or inside the records they hold, each at {@code where} + its name. */
    private Optional<EmptySet> emptySetIn(String where, DynamicItem item, Map<String, AttributeDefinition> attributes) {
        for (Map.Entry<String, AttributeDefinition> attribute : attributes.entrySet()) {
            String name = attribute.getKey();
            Optional<EmptySet> found = emptySet(where + "." + name, name, item.values().get(name), attribute.getValue());
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** As {@link #emptySetIn}, for one attribute's value, at {@code at}. */
    private Optional<EmptySet> emptySet(String at, String name, Object value, AttributeDefinition attribute) {
        if (value instanceof Set<?> set && set.isEmpty() && attribute.type() == AttributeKind.STRING_SET) {
            return Optional.of(new EmptySet(at, name));
        }
        RecordTypeDefinition record = attribute.recordType().map(document.types()::get).orElse(null);
        if (record == null) {
            return Optional.empty();
        }
        if (value instanceof DynamicItem inner) {
            return emptySetIn(at, inner, record.attributes());
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                Optional<EmptySet> found = list.get(i) instanceof DynamicItem inner
                        ? emptySetIn(at + "[" + i + "]", inner, record.attributes()) : Optional.empty();
                if (found.isPresent()) {
                    return found;
                }
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> element : map.entrySet()) {
                Optional<EmptySet> found = element.getValue() instanceof DynamicItem inner
                        ? emptySetIn(at + "[\"" + element.getKey() + "\"]", inner, record.attributes()) : Optional.empty();
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The attribute's value into the item when the stored item holds one, an empty list or map included: get() alone
     * reads an absent list or map as empty, and the item read back must have exactly the attributes written.
     */
    private static void readInto(DynamicItem.Builder item, ItemReader reader, Attribute<DynamicItem, ?> attribute) {
        if (reader.has(attribute)) {
            item.set(attribute.name(), reader.get(attribute));
        } else if (attribute.isRequired()) {
            reader.get(attribute); // refuses the missing value, naming the item and the attribute
        }
    }

    private static Object generated(IdGenerator generator, AttributeKind kind) {
        if (generator == IdGenerator.ULID) {
            return com.github.f4b6a3.ulid.UlidCreator.getMonotonicUlid().toString();
        }
        UUID uuid = UUID.randomUUID();
        return kind == AttributeKind.UUID ? uuid : uuid.toString();
    }

    /** Templates on number or binary key attributes must be one slot; shapes beyond this build's core are refused by name. */
    private void keyTemplatesFit(String name, EntityDefinition entity) {
        String at = "/entities/" + LocatedTree.segment(name);
        TableDefinition table = document.table();
        KeyDefinition keys = entity.keys();
        keyFits(at + "/keys/pk", keys.partition(), List.of(table.partitionKey()));
        if (table.sortKey().isPresent() && keys.sort().isEmpty()) {
            problem(Kind.KEY_TEMPLATE, at + "/keys", "table " + table.name() + " has a sort key (" + table.sortKey().get().name()
                    + "), but the entity gives only a partition key template; add sk");
        } else if (table.sortKey().isEmpty() && !keys.sort().isEmpty()) {
            problem(Kind.KEY_TEMPLATE, at + "/keys/sk", "table " + table.name() + " has no sort key, but the entity gives sort key template '"
                    + keys.sort().get(0) + "'; remove sk");
        } else {
            keyFits(at + "/keys/sk", keys.sort(), table.sortKey().map(List::of).orElse(List.of()));
        }
        entity.indexes().forEach((indexName, key) -> {
            Optional<IndexDefinition> index = table.index(indexName);
            if (index.isEmpty()) {
                problem(Kind.UNKNOWN_NAME, at + "/indexes/" + LocatedTree.segment(indexName), "index '" + indexName + "' is not an index of table "
                        + table.name() + suggestion(indexName, table.indexes().stream().map(IndexDefinition::name).toList())
                        + "; " + indexesListed(table.indexes().stream().map(IndexDefinition::name).toList()));
                return;
            }
            String keyAt = at + "/indexes/" + LocatedTree.segment(indexName);
            keyFits(keyAt + "/pk", key.partition(), index.get().partitionKey());
            keyFits(keyAt + "/sk", key.sort(), index.get().sortKey());
        });
    }

    private void keyFits(String at, List<String> templates, List<KeyAttributeDefinition> keyAttributes) {
        if (templates.size() > 1 && templates.size() != keyAttributes.size()) {
            problem(Kind.KEY_TEMPLATE, at, templates.size() + " templates for " + keyAttributes.size() + " key attribute"
                    + (keyAttributes.size() == 1 ? "" : "s") + " (" + keyAttributes.stream().map(KeyAttributeDefinition::name).toList()
                    + "); give one template per key attribute, in the index's order");
            return;
        }
        for (int i = 0; i < templates.size() && i < keyAttributes.size(); i++) {
            KeyAttributeDefinition keyAttribute = keyAttributes.get(i);
            if (keyAttribute.type() == KeyAttributeDefinition.KeyAttributeType.S) {
                continue;
            }
            String template = templates.get(i);
            String templateAt = templates.size() > 1 ? at + "/" + i : at;
            boolean oneSlot;
            try {
                KeyTemplate parsed = KeyTemplate.parse(template);
                oneSlot = parsed.slots().size() == 1 && parsed.literals().stream().allMatch(String::isEmpty)
                        && parsed.slots().get(0).format().isEmpty();
            } catch (SingleTableException e) {
                continue; // the core names the syntax error when the entity is built
            }
            if (!oneSlot) {
                problem(Kind.TEMPLATE_ON_NON_STRING_KEY, templateAt, "template '" + template + "' is for key attribute '" + keyAttribute.name()
                        + "' of type " + keyAttribute.type() + ", which holds a " + (keyAttribute.type() == KeyAttributeDefinition.KeyAttributeType.N
                        ? "number" : "binary value") + ", not text: give exactly one slot without a format, such as '{attribute}', "
                        + "or make the key attribute type S");
            }
        }
    }

    /** Each template of the entity bound on its own, so that every bad template is named, each at its place. */
    private List<Problem> probeTemplates(String name, EntityDefinition entity, List<Attribute<DynamicItem, ?>> attributes) {
        String at = "/entities/" + LocatedTree.segment(name);
        List<Problem> found = new ArrayList<>();
        probe(found, name, attributes, at + "/keys/pk", entity.keys().partition(), true);
        probe(found, name, attributes, at + "/keys/sk", entity.keys().sort(), false);
        entity.indexes().forEach((indexName, key) -> {
            probe(found, name, attributes, at + "/indexes/" + LocatedTree.segment(indexName) + "/pk", key.partition(), true);
            probe(found, name, attributes, at + "/indexes/" + LocatedTree.segment(indexName) + "/sk", key.sort(), false);
        });
        return found;
    }

    private static void probe(List<Problem> found, String name, List<Attribute<DynamicItem, ?>> attributes, String at,
                              List<String> templates, boolean partition) {
        for (int i = 0; i < templates.size(); i++) {
            String template = templates.get(i);
            try {
                EntitySchema.Builder<DynamicItem> probe = EntitySchema.builder(DynamicItem.class).type(name);
                attributes.forEach(probe::attribute);
                if (partition) {
                    probe.primaryKey(template);
                } else {
                    probe.primaryKey(PROBE_TEMPLATE, template);
                }
                probe.factory(reader -> DynamicItem.builder(name).build()).build();
            } catch (SingleTableException e) {
                found.add(new Problem(Kind.KEY_TEMPLATE, templates.size() > 1 ? at + "/" + i : at, withoutPlace(e)));
            }
        }
    }

    /**
     * A template's failure without the key it names (the problem is placed at that key's template already); any other
     * failure of the probe (an entity the core refuses whatever its templates) whole, as it names the entity.
     */
    private static String withoutPlace(SingleTableException e) {
        return e instanceof KeyTemplateException template ? template.detail() : e.getMessage();
    }

    /**
     * Where a failure of the entity's build points: at the attribute whose declaration the core refuses (a role it cannot
     * take), else at the entity. A template's failure never gets here: {@link #probeTemplates} reports each at its template
     * before the entity is built.
     */
    private static String where(String at, EntityDefinition entity, SingleTableException e) {
        return (e instanceof SchemaDefinitionException definition ? definition.attribute() : Optional.<String>empty())
                .filter(entity.attributes()::containsKey).map(a -> at + "/attributes/" + LocatedTree.segment(a)).orElse(at);
    }

    // ----- conditions

    private Optional<Predicate<DynamicItem>> predicate(String at, ConditionDefinition condition, EntityDefinition entity) {
        if (condition instanceof ConditionDefinition.Present present) {
            return known(at + "/present", present.attribute(), entity).map(a -> item -> item.has(a));
        }
        if (condition instanceof ConditionDefinition.Absent absent) {
            return known(at + "/absent", absent.attribute(), entity).map(a -> item -> !item.has(a));
        }
        if (condition instanceof ConditionDefinition.Equals equals) {
            return comparisons(at + "/equals", equals.values(), entity).map(values -> item -> values.entrySet().stream()
                    .allMatch(e -> Objects.equals(item.values().get(e.getKey()), e.getValue())));
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return comparisons(at + "/notEquals", notEquals.values(), entity).map(values -> item -> values.entrySet().stream()
                    .noneMatch(e -> Objects.equals(item.values().get(e.getKey()), e.getValue())));
        }
        if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            Map<String, Object> prefixes = new LinkedHashMap<>(beginsWith.prefixes());
            return comparisons(at + "/beginsWith", prefixes, entity).map(values -> item -> values.entrySet().stream()
                    .allMatch(e -> item.values().get(e.getKey()) instanceof String s && s.startsWith(String.valueOf(e.getValue()))));
        }
        List<ConditionDefinition> parts = condition instanceof ConditionDefinition.All all ? all.conditions()
                : ((ConditionDefinition.Any) condition).conditions();
        String name = condition instanceof ConditionDefinition.All ? "/all/" : "/any/";
        List<Predicate<DynamicItem>> predicates = new ArrayList<>();
        boolean complete = true;
        for (int i = 0; i < parts.size(); i++) {
            Optional<Predicate<DynamicItem>> part = predicate(at + name + i, parts.get(i), entity);
            complete &= part.isPresent();
            part.ifPresent(predicates::add);
        }
        if (!complete) {
            return Optional.empty();
        }
        return Optional.of(condition instanceof ConditionDefinition.All ? item -> predicates.stream().allMatch(p -> p.test(item))
                : item -> predicates.stream().anyMatch(p -> p.test(item)));
    }

    private Optional<Map<String, Object>> comparisons(String at, Map<String, Object> values, EntityDefinition entity) {
        Map<String, Object> typed = new LinkedHashMap<>();
        boolean complete = true;
        for (Map.Entry<String, Object> value : values.entrySet()) {
            Optional<Object> converted = known(at + "/" + LocatedTree.segment(value.getKey()), value.getKey(), entity)
                    .flatMap(name -> convert(at + "/" + LocatedTree.segment(name), name, entity.attributes().get(name), value.getValue()));
            complete &= converted.isPresent();
            converted.ifPresent(v -> typed.put(value.getKey(), v));
        }
        return complete ? Optional.of(typed) : Optional.empty();
    }

    private Optional<String> known(String at, String attribute, EntityDefinition entity) {
        if (entity.attributes().containsKey(attribute)) {
            return Optional.of(attribute);
        }
        problem(Kind.UNKNOWN_NAME, at, "unknown attribute '" + attribute + "'" + suggestion(attribute, entity.attributes().keySet())
                + "; the attributes are " + String.join(", ", entity.attributes().keySet()));
        return Optional.empty();
    }

    private Optional<Object> convert(String at, String attribute, AttributeDefinition definition, Object value) {
        if (definition.recordType().isPresent() && !recordTypes.containsKey(definition.recordType().get())) {
            return Optional.empty(); // the record type is unknown or refused, which is reported where the attribute names it
        }
        try {
            return Optional.of(DynamicTypes.valueOf(definition, value, document.types()));
        } catch (IllegalArgumentException e) {
            // DynamicTypes's own refusal, worded to follow "attribute 'x' is <type>: " ('lots' is not a number, .city: ...)
            problem(Kind.INVALID_VALUE, at, "attribute '" + attribute + "' is " + definition.typeText() + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    // ----- relations

    private Optional<Relation<DynamicItem, DynamicItem>> relation(String name, RelationDefinition relation,
                                                                  Map<String, EntitySchema<DynamicItem>> entities) {
        String at = "/relations/" + LocatedTree.segment(name);
        EntitySchema<DynamicItem> first = entities.get(relation.first());
        EntitySchema<DynamicItem> second = entities.get(relation.second());
        boolean onStates = false;
        for (String end : List.of("first", "second")) {
            String entity = end.equals("first") ? relation.first() : relation.second();
            Optional<Map.Entry<String, EntityDefinition>> stated = source.entities().entrySet().stream()
                    .filter(e -> e.getValue().states().isPresent())
                    .filter(e -> e.getKey().equals(entity) || e.getValue().states().get().values().values().stream()
                            .anyMatch(state -> state.type().equals(entity)))
                    .findFirst();
            if (stated.isPresent()) {
                StatesDefinition states = stated.get().getValue().states().get();
                List<String> picks = new ArrayList<>();
                states.values().forEach((value, state) -> picks.add(value + " -> " + state.type()));
                String owner = stated.get().getKey();
                problem(Kind.SCHEMA_DEFINITION, at + "/" + end, "relation " + name + " names " + (owner.equals(entity) ? "entity '"
                        + entity + "'" : "'" + entity + "', a state of entity " + owner) + ", whose keys depend on its state ('"
                        + states.attribute() + "': " + String.join(", ", picks) + "): when the state changes the item moves to another "
                        + "key, and the relation's adjacency items and related reads would still name the old one. Relations on "
                        + "entities with states are not supported; relate an entity with fixed keys instead (give " + owner
                        + " keys and put the state in an index key, or relate an entity that holds its id)");
                onStates = true;
                continue;
            }
            if (!entities.containsKey(entity)) {
                problem(Kind.UNKNOWN_NAME, at + "/" + end, "relation " + name + " names entity '" + entity + "', which is not "
                        + "declared" + suggestion(entity, document.entities().keySet()) + "; the entities are "
                        + String.join(", ", document.entities().keySet()));
            }
        }
        if (first == null || second == null || onStates) {
            return Optional.empty();
        }
        List<Attribute<DynamicItem, ?>> fromFirst = copied(at + "/copyFromFirst", relation.first(), first, relation.copyFromFirst());
        List<Attribute<DynamicItem, ?>> fromSecond = copied(at + "/copyFromSecond", relation.second(), second, relation.copyFromSecond());
        if (fromFirst == null || fromSecond == null) {
            return Optional.empty();
        }
        return core(Kind.SCHEMA_DEFINITION, at, () -> {
            Relation.Builder<DynamicItem, DynamicItem> builder = Relation.between(name, first, second)
                    .firstSide(relation.firstSide().partition().get(0), relation.firstSide().sort().get(0))
                    .secondSide(relation.secondSide().partition().get(0), relation.secondSide().sort().get(0));
            if (!relation.itemTypes().isEmpty()) {
                builder.itemTypes(relation.itemTypes().get(0), relation.itemTypes().get(1));
            }
            fromFirst.forEach(builder::copyFromFirst);
            fromSecond.forEach(builder::copyFromSecond);
            if (relation.propagateCopies()) {
                builder.propagateCopies();
            }
            return builder.build();
        });
    }

    /** The entity's attributes named, or null when one is unknown (a problem then says which). */
    private List<Attribute<DynamicItem, ?>> copied(String at, String entityName, EntitySchema<DynamicItem> entity, List<String> names) {
        List<Attribute<DynamicItem, ?>> attributes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Optional<Attribute<DynamicItem, ?>> attribute = entity.attribute(names.get(i));
            if (attribute.isEmpty()) {
                problem(Kind.UNKNOWN_NAME, at + "/" + i, "'" + names.get(i) + "' is not an attribute of " + entityName
                        + suggestion(names.get(i), entity.attributes().stream().map(Attribute::name).toList()));
                return null;
            }
            attributes.add(attribute.get());
        }
        return attributes;
    }

    // ----- collections

    private Optional<EntityCollection<DynamicItem>> collection(String name, CollectionDefinition collection,
                                                               Map<String, EntitySchema<DynamicItem>> entities) {
        String at = "/collections/" + LocatedTree.segment(name);
        List<String> members = collection.members();
        boolean known = true;
        for (int i = 0; i < members.size(); i++) {
            if (!document.entities().containsKey(members.get(i))) {
                problem(Kind.UNKNOWN_NAME, at + "/members/" + i, "unknown entity '" + members.get(i) + "'"
                        + suggestion(members.get(i), document.entities().keySet()) + "; the entities are " + String.join(", ", document.entities().keySet()));
                known = false;
            }
        }
        members = members.stream().filter(document.entities()::containsKey).toList();
        for (int i = 0; i < members.size(); i++) {
            for (int j = i + 1; j < members.size(); j++) {
                KeyDefinition first = document.entities().get(members.get(i)).keys();
                KeyDefinition second = document.entities().get(members.get(j)).keys();
                if (first.partition().equals(second.partition()) && first.sort().equals(second.sort())) {
                    problem(Kind.INDISTINGUISHABLE_COLLECTION, at + "/members/" + collection.members().indexOf(members.get(j)), "members " + members.get(i) + " and " + members.get(j)
                            + " have the same primary key templates (" + String.join(" / ", first.partition()) + (first.sort().isEmpty() ? ""
                            : " / " + String.join(" / ", first.sort())) + "): their items would overwrite each other; give one a sort key "
                            + "template of its own, such as a different literal prefix");
                }
            }
        }
        if (known && sharedPartitionIndexes(members).isEmpty()) {
            problem(Kind.INDISTINGUISHABLE_COLLECTION, at + "/members", "members " + String.join(", ", members) + " share no partition key "
                    + "template on any index, so no one query reads them together; give them the same pk template on the table or on a GSI");
        }
        List<EntitySchema<DynamicItem>> schemas = members.stream().map(entities::get).filter(Objects::nonNull).toList();
        if (!known || schemas.size() != members.size() || problems.stream().anyMatch(p -> p.pointer().startsWith(at))) {
            return Optional.empty();
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        EntitySchema<DynamicItem>[] array = schemas.toArray(new EntitySchema[0]);
        return core(Kind.SCHEMA_DEFINITION, at, () -> EntityCollection.of(DynamicItem.class, array));
    }

    /** The indexes ("" for the table) on which all members have the same partition key template. */
    private List<String> sharedPartitionIndexes(List<String> members) {
        List<String> shared = new ArrayList<>();
        Set<List<String>> primary = new HashSet<>();
        members.forEach(m -> primary.add(document.entities().get(m).keys().partition()));
        if (primary.size() == 1) {
            shared.add("");
        }
        for (IndexDefinition index : document.table().indexes()) {
            Set<List<String>> templates = new HashSet<>();
            boolean all = true;
            for (String member : members) {
                KeyDefinition key = document.entities().get(member).indexes().get(index.name());
                all &= key != null;
                if (key != null) {
                    templates.add(key.partition());
                }
            }
            if (all && templates.size() == 1) {
                shared.add(index.name());
            }
        }
        return shared;
    }

    // ----- access patterns

    private void pattern(int position, AccessPatternDefinition pattern, Set<String> names) {
        String at = "/accessPatterns/" + position;
        pattern.rates().ifPresent(rates -> rates(at + "/rates", rates));
        if (!names.add(pattern.name())) {
            problem(Kind.DUPLICATE_NAME, at + "/name", "access pattern '" + pattern.name() + "' is declared twice; give each pattern its own name");
        }
        Target target = pattern.target();
        List<String> members;
        if (target.kind() == Target.Kind.ENTITY) {
            if (!document.entities().containsKey(target.name())) {
                problem(Kind.UNKNOWN_NAME, at + "/entity", "unknown entity '" + target.name() + "'" + suggestion(target.name(), document.entities().keySet())
                        + "; the entities are " + String.join(", ", document.entities().keySet()));
                return;
            }
            members = List.of(target.name());
        } else {
            CollectionDefinition collection = document.collections().get(target.name());
            if (collection == null) {
                problem(Kind.UNKNOWN_NAME, at + "/collection", "unknown collection '" + target.name() + "'"
                        + suggestion(target.name(), document.collections().keySet()) + "; the collections are "
                        + (document.collections().isEmpty() ? "none" : String.join(", ", document.collections().keySet())));
                return;
            }
            members = collection.members().stream().filter(document.entities()::containsKey).toList();
            if (members.isEmpty()) {
                return;
            }
            if (pattern.operation() == Operation.GET) {
                problem(Kind.SCHEMA_DEFINITION, at + "/operation", "a get reads one item of one entity; name an entity, or use a query for the collection");
                return;
            }
        }
        EntityDefinition first = document.entities().get(members.get(0));
        Optional<KeyDefinition> key = Optional.of(first.keys());
        if (pattern.index().isPresent()) {
            String index = pattern.index().get();
            List<String> indexNames = document.table().indexes().stream().map(IndexDefinition::name).toList();
            if (!indexNames.contains(index)) {
                problem(Kind.UNKNOWN_NAME, at + "/index", "index '" + index + "' is not an index of table " + document.table().name()
                        + suggestion(index, indexNames) + "; " + indexesListed(indexNames));
                return;
            }
            for (String member : members) {
                if (!document.entities().get(member).indexes().containsKey(index)) {
                    problem(Kind.SCHEMA_DEFINITION, at + "/index", "entity " + member + " has no keys on index " + index
                            + "; its items are not in it: add indexes." + index + " to the entity, or query another index");
                    return;
                }
            }
            KeyDefinition onIndex = first.indexes().get(index);
            key = Optional.of(onIndex.partition().isEmpty()
                    ? new KeyDefinition(first.keys().partition(), onIndex.sort(), onIndex.when()) : onIndex);
            if (pattern.operation() == Operation.GET) {
                problem(Kind.SCHEMA_DEFINITION, at + "/index", "a get reads the table's primary key; remove index, or make the pattern a query");
            }
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
                    problem(Kind.SCHEMA_DEFINITION, at, "a get reads one item by its key; sort and filter are for queries and scans");
                }
            }
            case QUERY -> {
                Set<String> partitionSlots = new LinkedHashSet<>(slots(patternKey.partition()));
                // acrossBuckets gives the bucketed attribute's range; acrossShards reads every shard, so no value picks one
                pattern.acrossBuckets().ifPresent(range -> {
                    partitionSlots.remove(range.attribute());
                    if (!bucketSlots(patternKey.partition()).contains(range.attribute())) {
                        Set<String> buckets = bucketSlots(patternKey.partition());
                        problem(Kind.SCHEMA_DEFINITION, at + "/acrossBuckets/attribute", "acrossBuckets reads every time bucket of '"
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
            case SCAN -> {
                if (!pattern.key().isEmpty() || pattern.sort().isPresent()) {
                    problem(Kind.SCHEMA_DEFINITION, at, "a scan reads the whole table; partition and sort are for queries");
                }
            }
        }
        pattern.filter().ifPresent(filter -> predicate(at + "/filter", filter, combined));
        selection(at, pattern, attributes);
    }

    /**
     * {@code select} and {@code fetchFullItems}, by the rules of the core's {@code selectMaps(...)} and
     * {@code fetchFullItems()}: a query or scan's attributes, each one the entities have and (on a GSI projecting
     * KEYS_ONLY or INCLUDE) one the index holds; whole items fetched after a query of an index, never with select.
     */
    private void selection(String at, AccessPatternDefinition pattern, Map<String, AttributeDefinition> attributes) {
        if (pattern.operation() == Operation.GET && (!pattern.select().isEmpty() || pattern.fetchFullItems())) {
            problem(Kind.SCHEMA_DEFINITION, at + (pattern.select().isEmpty() ? "/fetchFullItems" : "/select"), "a get reads one whole "
                    + "item by the table's primary key; select and fetchFullItems are for queries (and select for scans)");
            return;
        }
        if (pattern.fetchFullItems()) {
            if (!pattern.select().isEmpty()) {
                problem(Kind.SCHEMA_DEFINITION, at + "/fetchFullItems", "fetchFullItems reads whole items, select reads some "
                        + "attributes; keep one of them");
            } else if (pattern.operation() == Operation.SCAN) {
                problem(Kind.SCHEMA_DEFINITION, at + "/fetchFullItems", "fetchFullItems reads the whole items after a query of an "
                        + "index; a scan has none: scan the table itself, or select what the index holds");
            } else if (pattern.index().isEmpty()) {
                problem(Kind.SCHEMA_DEFINITION, at + "/fetchFullItems", "fetchFullItems reads the table's items after an index query, "
                        + "and this pattern reads the table itself, whose items are whole already; remove fetchFullItems, or name an index");
            }
        }
        if (pattern.select().isEmpty()) {
            return;
        }
        if (pattern.target().kind() == Target.Kind.COLLECTION) {
            problem(Kind.SCHEMA_DEFINITION, at + "/select", "select on a collection gives items that no longer say which member "
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
                problem(Kind.UNKNOWN_NAME, at + "/select/" + i, "'" + name + "' is not an attribute of " + pattern.target().name()
                        + suggestion(name, attributes.keySet()) + "; its attributes are " + String.join(", ", attributes.keySet()));
            } else if (partial.isPresent() && !held.contains(name)) {
                List<String> selectable = attributes.keySet().stream().filter(held::contains).toList();
                ProjectionDefinition projection = partial.get().projection();
                problem(Kind.SCHEMA_DEFINITION, at + "/select/" + i, "index " + partial.get().name() + " projects "
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
                problem(Kind.UNKNOWN_NAME, at + "/" + LocatedTree.segment(value.getKey()), "'" + value.getKey() + "' is not a slot of the key "
                        + "template" + suggestion(value.getKey(), slots) + "; its slots are " + (slots.isEmpty() ? "none" : String.join(", ", slots)));
            } else if (entity.attributes().containsKey(value.getKey())) {
                convert(at + "/" + LocatedTree.segment(value.getKey()), value.getKey(), entity.attributes().get(value.getKey()), value.getValue());
            }
        }
        if (all) {
            Set<String> missing = new LinkedHashSet<>(slots);
            missing.removeAll(values.keySet());
            if (!missing.isEmpty()) {
                problem(Kind.SCHEMA_DEFINITION, at, "the key template needs a value for " + String.join(", ", missing)
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

    // ----- examples

    private List<DynamicItem> examples(String name, EntityDefinition entity) {
        List<DynamicItem> items = new ArrayList<>();
        String at = "/entities/" + LocatedTree.segment(name);
        for (int i = 0; i < entity.examples().size(); i++) {
            stateExample(at + "/examples/" + i, name, entity, entity.examples().get(i)).ifPresent(items::add);
        }
        List<Map<String, Object>> fromFile = fileExamples.getOrDefault(name, List.of());
        for (int i = 0; i < fromFile.size(); i++) {
            stateExample(at + "/exampleFile#" + (i + 1), name, entity, fromFile.get(i)).ifPresent(items::add);
        }
        return items;
    }

    /** An example item, named by the entity type of its state when the entity's keys depend on its state. */
    private Optional<DynamicItem> stateExample(String at, String name, EntityDefinition entity, Map<String, Object> values) {
        if (entity.states().isEmpty()) {
            return example(at, name, entity, values);
        }
        StatesDefinition states = entity.states().get();
        Object value = values.get(states.attribute());
        StatesDefinition.State state = value == null ? null : states.values().get(String.valueOf(value));
        if (state == null) {
            if (value != null) {
                problem(Kind.INVALID_VALUE, at + "/" + LocatedTree.segment(states.attribute()), "'" + states.attribute() + "' = " + value
                        + " has no state; the states are for " + states.values().keySet() + ": give one of those");
            }
            return example(at, name, entity, values).flatMap(ignored -> Optional.empty());
        }
        return example(at, state.type(), entity, values);
    }

    private Optional<DynamicItem> example(String at, String name, EntityDefinition entity, Map<String, Object> values) {
        DynamicItem.Builder item = DynamicItem.builder(name);
        boolean complete = true;
        for (Map.Entry<String, Object> value : values.entrySet()) {
            String valueAt = at + "/" + LocatedTree.segment(value.getKey());
            Optional<Object> converted = known(valueAt, value.getKey(), entity)
                    .flatMap(attribute -> convert(valueAt, attribute, entity.attributes().get(attribute), value.getValue()));
            complete &= converted.isPresent();
            converted.ifPresent(v -> item.set(value.getKey(), v));
            AttributeDefinition definition = entity.attributes().get(value.getKey());
            if (converted.isPresent() && definition != null && converted.get() != null) {
                for (dev.singletable.AttributeRule rule : definition.rules()) {
                    Optional<String> broken = rule.violation(converted.get());
                    if (broken.isPresent()) {
                        problem(Kind.INVALID_VALUE, valueAt, name + "." + value.getKey() + ": " + broken.get() + " (rule: " + rule + ")");
                        complete = false;
                    }
                }
            }
        }
        for (Map.Entry<String, AttributeDefinition> attribute : entity.attributes().entrySet()) {
            boolean maintained = attribute.getValue().generated().isPresent() || attribute.getValue().role().isPresent();
            if (attribute.getValue().required() && !maintained && !values.containsKey(attribute.getKey())) {
                problem(Kind.INVALID_VALUE, at, "the example lacks required attribute '" + attribute.getKey() + "'; give it a value");
                complete = false;
            }
        }
        if (!complete) {
            return Optional.empty();
        }
        DynamicItem built = item.build();
        for (Map.Entry<String, AttributeDefinition> attribute : entity.attributes().entrySet()) {
            String key = attribute.getKey();
            Optional<EmptySet> empty = emptySet(key, key, built.values().get(key), attribute.getValue());
            if (empty.isPresent()) {
                // placed at the attribute, which the message then need not name again (an inner path it does name)
                problem(Kind.INVALID_VALUE, at + "/" + LocatedTree.segment(key),
                        empty.get().path().equals(key) ? empty.get().refusal() : empty.get().path() + ": " + empty.get().refusal());
                complete = false;
            }
        }
        return complete && keysComposed(at, name, built) ? Optional.of(built) : Optional.empty();
    }

    /**
     * Whether the core composes the example's primary and index keys as a write would; a value it refuses (an empty
     * path segment, a key over DynamoDB's length) is a problem at the attribute its slot names, or else at the example.
     */
    private boolean keysComposed(String at, String name, DynamicItem example) {
        Table composer = composers.get(name);
        if (composer == null) { // the entity itself has problems, reported already
            return true;
        }
        try {
            composer.toItem(example);
            return true;
        } catch (ValidationException e) {
            // the whole message: placed at the slot's attribute in the example, it still names the key and template that refused it
            problem(Kind.INVALID_VALUE, at + e.attribute().filter(example.values()::containsKey).map(a -> "/" + LocatedTree.segment(a))
                    .orElse(""), e.getMessage());
            return false;
        }
    }

    // ----- states

    /** The states' declaration against the entity's attributes and the other entities, before the states are built. */
    private void statesFit(String name, EntityDefinition entity, StatesDefinition states) {
        String at = "/entities/" + LocatedTree.segment(name) + "/states";
        AttributeDefinition attribute = entity.attributes().get(states.attribute());
        if (attribute == null) {
            problem(Kind.UNKNOWN_NAME, at + "/attribute", "state attribute '" + states.attribute() + "' is not an attribute of " + name
                    + suggestion(states.attribute(), entity.attributes().keySet()) + "; its attributes are "
                    + String.join(", ", entity.attributes().keySet()));
        } else if (attribute.type() != AttributeKind.BOOLEAN && attribute.type() != AttributeKind.ENUM) {
            problem(Kind.SCHEMA_DEFINITION, at + "/attribute", "state attribute '" + states.attribute() + "' is of type "
                    + attribute.type().fileName() + "; a state is picked by a boolean or an enum attribute: make it one of those");
        } else {
            if (!attribute.required()) {
                problem(Kind.SCHEMA_DEFINITION, at + "/attribute", "state attribute '" + states.attribute() + "' may be absent, and then no "
                        + "state would hold the item; add required: true to attributes." + states.attribute());
            }
            List<String> allowed = attribute.type() == AttributeKind.BOOLEAN ? List.of("false", "true") : attribute.values();
            for (String value : states.values().keySet()) {
                if (!allowed.contains(value)) {
                    problem(Kind.INVALID_VALUE, at + "/values/" + LocatedTree.segment(value), "'" + value + "' is not a value of "
                            + states.attribute() + " (" + attribute.type().fileName() + ")" + suggestion(value, allowed)
                            + "; its values are " + allowed);
                }
            }
            List<String> missing = allowed.stream().filter(v -> !states.values().containsKey(v)).toList();
            if (!missing.isEmpty()) {
                problem(Kind.SCHEMA_DEFINITION, at + "/values", "the states by '" + states.attribute() + "' cover "
                        + List.copyOf(states.values().keySet()) + " but not " + missing + "; an item with " + (missing.size() == 1
                        ? "that value" : "those values") + " would have no key: add a state for \"" + missing.get(0) + "\" under states.values");
            }
        }
        Map<String, String> typeOfState = new LinkedHashMap<>();
        states.values().forEach((value, state) -> {
            String stateAt = at + "/values/" + LocatedTree.segment(value) + "/type";
            if (source.entities().containsKey(state.type())) {
                problem(Kind.DUPLICATE_NAME, stateAt, "state type '" + state.type() + "' is the name of an entity; give the state a name of "
                        + "its own, such as '" + (state.type().equals(name) ? "Active" + name : state.type() + "State") + "'");
            }
            source.entities().forEach((other, definition) -> {
                if (!other.equals(name) && definition.states().map(s -> s.values().values().stream()
                        .anyMatch(o -> o.type().equals(state.type()))).orElse(false)) {
                    problem(Kind.DUPLICATE_NAME, stateAt, "state type '" + state.type() + "' is also a state of entity " + other
                            + "; give each state its own entity type name");
                }
            });
            typeOfState.putIfAbsent(state.type(), value);
        });
        if (typeOfState.size() == 1) {
            problem(Kind.SCHEMA_DEFINITION, at + "/values", "every value of '" + states.attribute() + "' has the one state "
                    + typeOfState.keySet().iterator().next() + "; give the entity keys instead of states, or give each state its own type and keys");
        }
    }

    /** The states of a schema-file entity, from its states' entity types built already. */
    @SuppressWarnings("unchecked")
    private Optional<EntityStates<DynamicItem>> entityStates(String name, StatesDefinition states,
                                                             Map<String, EntitySchema<DynamicItem>> entities) {
        String at = "/entities/" + LocatedTree.segment(name) + "/states";
        EntitySchema<DynamicItem> first = entities.get(states.values().values().iterator().next().type());
        Attribute<DynamicItem, ?> attribute = first.attribute(states.attribute()).orElseThrow();
        AttributeDefinition definition = source.entities().get(name).attributes().get(states.attribute());
        int before = problems.size();
        Optional<EntityStates<DynamicItem>> built = core(Kind.SCHEMA_DEFINITION, at, () -> {
            if (definition.type() == AttributeKind.BOOLEAN) {
                EntityStates.Builder<DynamicItem, Boolean> builder = EntityStates.byFlag((Attribute<DynamicItem, Boolean>) attribute,
                        () -> EntitySchema.builder(DynamicItem.class)).entityName(name);
                states.values().forEach((value, state) -> builder.state(Boolean.valueOf(value), entities.get(state.type())));
                return builder.build();
            }
            EntityStates.Builder<DynamicItem, String> builder = EntityStates.byValues((Attribute<DynamicItem, String>) attribute,
                    definition.values(), () -> EntitySchema.builder(DynamicItem.class)).entityName(name);
            states.values().forEach((value, state) -> builder.state(value, entities.get(state.type())));
            return builder.build();
        });
        if (problems.size() > before) { // the core names the entity, which the problem's place in the file already does
            Problem problem = problems.remove(problems.size() - 1);
            problems.add(new Problem(problem.kind(), problem.pointer(),
                    problem.message().replaceFirst("^" + java.util.regex.Pattern.quote(name) + ": ", "")));
        }
        return built;
    }

    /** A problem found on a state's entity type, at its place in the file as written (the state's keys, or the entity). */
    private Problem inSource(Problem problem) {
        for (Map.Entry<String, EntityDefinition> entity : source.entities().entrySet()) {
            if (entity.getValue().states().isEmpty()) {
                continue;
            }
            for (Map.Entry<String, StatesDefinition.State> state : entity.getValue().states().get().values().entrySet()) {
                String stateAt = "/entities/" + LocatedTree.segment(state.getValue().type());
                String pointer = problem.pointer();
                if (!pointer.equals(stateAt) && !pointer.startsWith(stateAt + "/")) {
                    continue;
                }
                String entityAt = "/entities/" + LocatedTree.segment(entity.getKey());
                String rest = pointer.substring(stateAt.length());
                String valueAt = entityAt + "/states/values/" + LocatedTree.segment(state.getKey());
                String placed = rest.isEmpty() || rest.startsWith("/keys") || rest.startsWith("/indexes") ? valueAt + rest : entityAt + rest;
                return new Problem(problem.kind(), placed, problem.message());
            }
        }
        return problem;
    }

    // ----- problems

    private <R> Optional<R> core(Kind kind, String at, java.util.function.Supplier<R> step) {
        try {
            return Optional.ofNullable(step.get());
        } catch (SingleTableException e) {
            // the whole message: it names the entity, key, index or attribute the step declares, which 'at' alone may not (at /keys, which template)
            problem(kind, at, e.getMessage());
            return Optional.empty();
        }
    }

    private void rates(String at, Rates rates) {
        if (rates.average() > rates.peak()) {
            problem(Kind.INVALID_VALUE, at + "/average", "average " + rates.average() + " calls a second is more than the peak "
                    + rates.peak() + "; the peak is the busiest rate: raise peak to at least " + rates.average() + " or lower average");
        }
    }

    private void problem(Kind kind, String pointer, String message) {
        problems.add(new Problem(kind, pointer, message));
    }

    /** The words of the core's own index messages, so a schema file and the builder read alike. */
    private static String indexesListed(List<String> indexNames) {
        return indexNames.isEmpty() ? "it has no secondary indexes" : "its indexes are " + indexNames;
    }

    private static String suggestion(String name, Collection<String> candidates) {
        return ClosestName.among(name, candidates).map(best -> " (did you mean '" + best + "'?)").orElse("");
    }
}
