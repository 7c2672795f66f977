package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.KeyTemplate;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A design as the {@code schema.json} of AWS's DynamoDB MCP server, the inverse of {@link McpSchemaImporter}: one table
 * with its GSIs, each entity's templates, GSI mappings, typed fields and its access patterns (a collection's patterns
 * under its first member, as {@code mixed_data}). What the format cannot hold is an {@link dev.singletable.schema.ExportNote}.
 */
final class McpSchemaExporter {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern SLOT_OPTIONS = Pattern.compile("\\{([^}:]+):[^}]*}");
    private static final Pattern SLOT = Pattern.compile("\\{([^}:]+)");
    private static final Pattern SHARD_SLOT = Pattern.compile("\\{" + KeyTemplate.SHARD + ":[^}]*}");

    private final SchemaDocument document;
    private final ExportNotes notes = new ExportNotes();

    private McpSchemaExporter(SchemaDocument document) {
        this.document = document;
    }

    /** The schema, and what it cannot hold. */
    static ExportResult export(SchemaDocument document) {
        McpSchemaExporter exporter = new McpSchemaExporter(document);
        ObjectNode schema = exporter.schema();
        return exporter.notes.result(schema, schema.path("tables").path(0).path("entities").size());
    }

    private ObjectNode schema() {
        ObjectNode schema = NODES.objectNode();
        ObjectNode tableNode = schema.putArray("tables").addObject();
        table(tableNode);
        Map<String, ArrayNode> patternsOf = new LinkedHashMap<>();
        ObjectNode entities = tableNode.putObject("entities");
        document.entities().forEach((name, entity) -> entity(entities, name, entity, patternsOf));
        List<AccessPatternDefinition> patterns = document.accessPatterns();
        for (int i = 0; i < patterns.size(); i++) {
            pattern(patterns.get(i), i, patternsOf);
        }
        document.relations().forEach((name, relation) -> relation(entities, name, relation));
        return schema;
    }

    /**
     * A relation as the entities of its two adjacency item types (the items {@code related} returns): their templates, and
     * as fields the key slots, the copied attributes and the edge attributes, typed as the entities' and the edge's are.
     */
    private void relation(ObjectNode entities, String name, RelationDefinition relation) {
        String at = "relations." + name;
        List<String> itemTypes = relation.itemTypes().isEmpty() ? List.of(relation.first() + relation.second(), relation.second() + relation.first())
                : relation.itemTypes();
        Map<String, AttributeDefinition> fields = new LinkedHashMap<>();
        EntityDefinition first = document.entities().get(relation.first());
        EntityDefinition second = document.entities().get(relation.second());
        for (KeyDefinition side : List.of(relation.firstSide(), relation.secondSide())) {
            java.util.regex.Matcher slot = SLOT.matcher(String.join("", SampleEntities.concat(side.partition(), side.sort())));
            while (slot.find()) {
                String attribute = slot.group(1);
                Optional.ofNullable(first.attributes().get(attribute)).or(() -> Optional.ofNullable(second.attributes().get(attribute)))
                        .ifPresent(definition -> fields.putIfAbsent(attribute, definition));
            }
        }
        relation.copyFromFirst().forEach(attribute -> fields.putIfAbsent(attribute, first.attributes().get(attribute)));
        relation.copyFromSecond().forEach(attribute -> fields.putIfAbsent(attribute, second.attributes().get(attribute)));
        ArrayNode fieldList = NODES.arrayNode();
        fields.forEach((field, definition) -> field(fieldList, field, definition, at + ".fields." + field));
        relation.edge().forEach((edge, definition) -> field(fieldList, edge, definition, at + ".edge." + edge));
        for (int i = 0; i < 2; i++) {
            KeyDefinition side = i == 0 ? relation.firstSide() : relation.secondSide();
            String sideAt = at + (i == 0 ? ".firstSide" : ".secondSide");
            ObjectNode node = entities.putObject(itemTypes.get(i));
            node.put("entity_type", itemTypes.get(i).toUpperCase(Locale.ROOT));
            node.put("pk_template", template(side.partition().get(0), sideAt + ".pk"));
            node.put("sk_template", template(side.sort().get(0), sideAt + ".sk"));
            node.set("fields", fieldList.deepCopy());
            node.putArray("access_patterns");
        }
        notes.notExported(at, "relation " + name + " (" + relation.first() + " - " + relation.second() + "): written as entities "
                + String.join(" and ", itemTypes) + ", its adjacency items" + (relation.edge().isEmpty() ? "" : " with the edge attributes "
                + String.join(", ", relation.edge().keySet())) + ", which an import reads back as the relation, named after its two entities; relate and related are not exported");
    }

    /** The table's configuration and its GSIs, with notes on what the schema has no place for. */
    private void table(ObjectNode tableNode) {
        TableDefinition table = document.table();
        ObjectNode config = tableNode.putObject("table_config");
        config.put("table_name", table.name());
        config.put("partition_key", table.partitionKey().name());
        table.sortKey().ifPresent(sk -> config.put("sort_key", sk.name()));
        if (table.partitionKey().type() != dev.singletable.schema.KeyAttributeDefinition.KeyAttributeType.S
                || table.sortKey().map(sk -> sk.type() != dev.singletable.schema.KeyAttributeDefinition.KeyAttributeType.S).orElse(false)) {
            notes.notExported("table.partitionKey", "key attribute types (the schema's keys are strings)");
        }
        ArrayNode gsis = NODES.arrayNode();
        for (int i = 0; i < table.indexes().size(); i++) {
            IndexDefinition index = table.indexes().get(i);
            String at = "table.indexes[" + i + "]";
            if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
                notes.notExported(at, "LSI " + index.name() + " (the schema holds GSIs only)");
                continue;
            }
            ObjectNode gsi = gsis.addObject();
            gsi.put("name", index.name());
            gsi.put("partition_key", index.partitionKey().get(0).name());
            if (!index.sortKey().isEmpty()) {
                gsi.put("sort_key", index.sortKey().get(0).name());
            }
            for (dev.singletable.schema.KeyAttributeDefinition key : SampleEntities.concat(index.partitionKey(), index.sortKey())) {
                if (key.type() != dev.singletable.schema.KeyAttributeDefinition.KeyAttributeType.S) {
                    notes.notExported(at + (index.partitionKey().contains(key) ? ".partitionKey" : ".sortKey"), "key attribute type " + key.type()
                            + " of " + key.name() + " (the schema's keys are strings; the import reads a key that entities fill with one "
                            + "number field as N)");
                }
            }
            if (index.partitionKey().size() > 1 || index.sortKey().size() > 1) {
                notes.notExported(at, "a multi-attribute key: written as its first attribute of each part");
            }
            if (index.projection().type() != ProjectionDefinition.ProjectionType.ALL) {
                gsi.put("projection", index.projection().type().name());
            }
            if (index.projection().type() == ProjectionDefinition.ProjectionType.INCLUDE) {
                ArrayNode included = gsi.putArray("included_attributes");
                index.projection().attributes().forEach(included::add);
            }
        }
        if (!gsis.isEmpty()) {
            tableNode.set("gsi_list", gsis);
        }
        if (table.timeToLiveAttribute().isPresent()) {
            notes.notExported("table.timeToLiveAttribute", table.timeToLiveAttribute().get());
        }
        table.stream().ifPresent(stream -> notes.notExported("table.stream", stream.toString()));
        if (!table.entityTypeAttribute().equals(TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE)) {
            notes.notExported("table.entityTypeAttribute", table.entityTypeAttribute() + " (the schema names no entity-type attribute)");
        }
    }

    /**
     * An entity under the table, its access patterns' list kept in {@code patternsOf}; an entity with states is an entity
     * of each state, as the schema holds one key per entity.
     */
    private void entity(ObjectNode entities, String name, EntityDefinition entity, Map<String, ArrayNode> patternsOf) {
        String at = "entities." + name;
        if (entity.states().isEmpty()) {
            entity(entities, name, entity.keys(), entity.indexes(), entity, at, at, patternsOf);
            return;
        }
        List<String> states = new java.util.ArrayList<>();
        entity.states().get().values().forEach((value, state) -> {
            states.add(state.type());
            entity(entities, state.type(), state.keys(), state.indexes(), entity, at + ".states.values." + value, at, patternsOf);
        });
        notes.notExported(at + ".states", "an entity whose keys depend on its " + entity.states().get().attribute() + ": written as an "
                + "entity of each state (" + String.join(", ", states) + "), which import as entities of their own; the patterns that read it are not exported");
    }

    private void entity(ObjectNode entities, String name, KeyDefinition keys, Map<String, KeyDefinition> indexes, EntityDefinition entity,
                        String keysAt, String at, Map<String, ArrayNode> patternsOf) {
        ObjectNode node = entities.putObject(name);
        node.put("entity_type", name.toUpperCase(Locale.ROOT));
        node.put("pk_template", template(keys.partition().get(0), keysAt + ".keys.pk"));
        if (!keys.sort().isEmpty()) {
            node.put("sk_template", template(keys.sort().get(0), keysAt + ".keys.sk"));
        }
        ArrayNode mappings = NODES.arrayNode();
        indexes.forEach((indexName, key) -> mapping(mappings, indexName, key, keysAt + ".indexes." + indexName));
        if (!mappings.isEmpty()) {
            node.set("gsi_mappings", mappings);
        }
        ArrayNode fields = node.putArray("fields");
        entity.attributes().forEach((attributeName, attribute) -> field(fields, attributeName, attribute, at + ".attributes." + attributeName));
        shardField(fields, keys, indexes, keysAt);
        patternsOf.put(name, node.putArray("access_patterns"));
        if (!entity.examples().isEmpty() || entity.exampleFile().isPresent()) {
            notes.notExported(at + ".examples", "examples (the schema holds no items)");
        }
        entity.description().ifPresent(d -> notes.notExported(at + ".description", "entity descriptions"));
    }

    /**
     * A field for the shard slot of the entity's templates, which the schema writes as {@code {shard}}: a template of the
     * schema names only its fields (the DynamoDB MCP server's validator and our import refuse another), and the shard is a
     * value the items hold in their keys, 0 to count - 1, that the application computes; a note says from what.
     */
    private void shardField(ArrayNode fields, KeyDefinition keys, Map<String, KeyDefinition> indexes, String at) {
        Map<String, KeyDefinition> templates = new LinkedHashMap<>();
        templates.put(at + ".keys", keys);
        indexes.forEach((index, key) -> templates.put(at + ".indexes." + index, key));
        templates.forEach((where, key) -> SampleEntities.concat(key.partition(), key.sort()).stream()
                .flatMap(template -> KeyTemplate.parse(template).slots().stream()).filter(KeyTemplate.Slot::isShard).findFirst()
                .ifPresent(slot -> {
                    if (fields.findValues("name").stream().noneMatch(name -> name.asText().equals(KeyTemplate.SHARD))) {
                        fields.addObject().put("name", KeyTemplate.SHARD).put("type", "integer").put("required", false);
                    }
                    notes.notExported(where, "the shard slot {shard:" + slot.format().orElse("") + "}: written as {shard} and a field "
                            + "shard (integer), which the application sets to the shard of the item, 0 to " + (slot.shardCount() - 1)
                            + ", picked by a hash of " + slot.attribute() + " as singletable's KeyTemplate does");
                }));
    }

    private void mapping(ArrayNode mappings, String indexName, KeyDefinition key, String at) {
        IndexDefinition index = document.table().index(indexName).orElseThrow();
        if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
            notes.notExported(at, "the entity's template on LSI " + indexName);
            return;
        }
        ObjectNode mapping = mappings.addObject();
        mapping.put("name", indexName);
        mapping.put("pk_template", template(key.partition().get(0), at + ".pk"));
        if (!key.sort().isEmpty()) {
            mapping.put("sk_template", template(key.sort().get(0), at + ".sk"));
        }
        key.when().ifPresent(when -> notes.notExported(at + ".when", "the sparse condition (make the key's fields optional)"));
    }

    private void field(ArrayNode fields, String name, AttributeDefinition attribute, String at) {
        ObjectNode field = fields.addObject();
        field.put("name", name);
        String type = switch (attribute.type()) {
            case INTEGER, LONG, EPOCH_SECONDS -> "integer";
            case DECIMAL -> "decimal";
            case BOOLEAN -> "boolean";
            case UUID -> "uuid";
            case STRING_LIST, STRING_SET, RECORD_LIST, NUMBER_SET, BINARY_SET, LIST -> "array";
            case STRING_MAP, RECORD, RECORD_MAP, MAP, DOCUMENT -> "object";
            default -> "string";
        };
        field.put("type", type);
        field.put("required", attribute.required());
        Optional<AttributeKind> element = attribute.elementType();
        boolean exactList = attribute.type() == AttributeKind.LIST && element.filter(kind -> kind == AttributeKind.LONG
                || kind == AttributeKind.DECIMAL || kind == AttributeKind.BOOLEAN || kind == AttributeKind.DOCUMENT).isPresent();
        if (type.equals("array")) {
            field.put("item_type", attribute.type() == AttributeKind.RECORD_LIST ? "object" : exactList ? switch (element.orElseThrow()) {
                case LONG -> "integer";
                case DECIMAL -> "decimal";
                case BOOLEAN -> "boolean";
                default -> "object";
            } : attribute.type() == AttributeKind.NUMBER_SET ? "decimal" : "string");
        }
        if (attribute.type() == AttributeKind.LIST && !exactList) {
            notes.notExported(at + ".type", "a list of " + element.orElseThrow().fileName() + " written as array");
        }
        // a kind the import would read back as another (an instant as a string, a map of strings as a document) is said
        if (attribute.type() != AttributeKind.LIST && McpSchemaImporter.kindOf(type).filter(attribute.type()::equals).isEmpty()) {
            // the schema's name can be the file's (integer), which reads back as another kind: say which, or it reads as a no-op
            notes.notExported(at + ".type", attribute.typeText() + " written as " + type + (type.equals(attribute.typeText())
                    ? McpSchemaImporter.kindOf(type).map(kind -> ", which the import reads as " + kind.fileName()).orElse(", which the import does not read")
                    : ""));
        }
        notes.attributeExtras(attribute, at);
    }

    private void pattern(AccessPatternDefinition pattern, int index, Map<String, ArrayNode> patternsOf) {
        String at = "accessPatterns[" + index + "]";
        boolean collection = pattern.target().kind() == AccessPatternDefinition.Target.Kind.COLLECTION;
        String entity = collection ? Optional.ofNullable(document.collections().get(pattern.target().name()))
                .flatMap(c -> c.members().stream().filter(document.entities()::containsKey).findFirst()).orElse("") : pattern.target().name();
        ArrayNode list = patternsOf.get(entity);
        if (list == null) {
            notes.notExported(at, "pattern " + pattern.name() + ": its entity " + entity + " is not exported");
            return;
        }
        Optional<IndexDefinition> local = pattern.index().flatMap(document.table()::index).filter(i -> i.kind() == IndexDefinition.IndexKind.LOCAL);
        if (local.isPresent()) {
            notes.notExported(at, "pattern " + pattern.name() + ": it reads LSI " + local.get().name() + ", which the schema does not hold");
            return;
        }
        if (collection) {
            notes.notExported(at + ".collection", pattern.target().name() + ": written under " + entity + " as mixed_data");
        }
        ObjectNode node = list.addObject();
        node.put("pattern_id", index + 1);
        node.put("name", pattern.name());
        Optional<KeyTemplate.Slot> shards = pattern.acrossShards() ? shardSlot(pattern, entity) : Optional.empty();
        Optional<String> description = shards.isEmpty() ? pattern.description() : Optional.of(pattern.description().map(d -> d + " ").orElse("")
                + McpShards.describe(shards.get()));
        description.ifPresent(d -> node.put("description", d));
        node.put("operation", switch (pattern.operation()) {
            case GET -> "GetItem";
            case QUERY -> "Query";
            case SCAN -> "Scan";
        });
        pattern.index().ifPresent(i -> node.put("index_name", i));
        pattern.sort().ifPresent(sort -> rangeCondition(node, sort, at));
        node.put("consistent_read", pattern.consistentRead());
        ArrayNode parameters = node.putArray("parameters");
        Map<String, AttributeDefinition> attributes = Optional.ofNullable(document.entities().get(entity)).map(EntityDefinition::attributes)
                .orElse(Map.of());
        parameterNames(pattern).forEach(name -> parameter(parameters, name, attributes));
        node.put("return_type", collection ? "mixed_data" : pattern.operation() == AccessPatternDefinition.Operation.GET ? "single_entity"
                : "entity_list");
        pattern.acrossBuckets().ifPresent(range -> notes.notExported(at + ".acrossBuckets", "a query of each time bucket of "
                + range.attribute() + " (the schema holds one request per pattern): its bounds written as parameters "
                + range.attribute() + "_from and " + range.attribute() + "_to"));
        if (pattern.acrossShards()) {
            notes.notExported(at + ".acrossShards", "a query of every shard of the partition key's shard slot (the schema holds one "
                    + "request per pattern): written as the query of one shard, which its parameter shard picks; query each shard"
                    + shards.map(slot -> " (its description names " + slot + ", which an import reads back)").orElse(""));
        }
        pattern.filter().ifPresent(f -> notes.notExported(at + ".filter", "the filter"));
        pattern.order().ifPresent(o -> notes.notExported(at + ".order", o.name().toLowerCase(Locale.ROOT)));
        pattern.limit().ifPresent(l -> notes.notExported(at + ".limit", String.valueOf(l)));
        pattern.rates().ifPresent(r -> notes.notExported(at + ".rates", "the pattern's rates"));
        if (!pattern.key().isEmpty() || pattern.sort().isPresent()) {
            notes.notExported(at + ".values", "the pattern's example values (parameters carry names and types only)");
        }
    }

    /** The shard slot of the partition key a pattern reads, as the design declares it. */
    private Optional<KeyTemplate.Slot> shardSlot(AccessPatternDefinition pattern, String entity) {
        return Optional.ofNullable(document.entities().get(entity))
                .flatMap(e -> Optional.ofNullable(pattern.index().isPresent() ? e.indexes().get(pattern.index().get()) : e.keys()))
                .flatMap(key -> key.partition().stream().flatMap(template -> KeyTemplate.parse(template).slots().stream())
                        .filter(KeyTemplate.Slot::isShard).findFirst());
    }

    /** The sort condition as the schema's range condition; a note for the raw prefix and any it has none for. */
    private void rangeCondition(ObjectNode node, AccessPatternDefinition.SortCondition sort, String at) {
        String condition = switch (sort.operator()) {
            case BEGINS_WITH, BEGINS_WITH_RAW -> "begins_with";
            case BETWEEN -> "between";
            case GREATER_THAN -> ">";
            case GREATER_THAN_OR_EQUAL -> ">=";
            case LESS_THAN -> "<";
            case LESS_THAN_OR_EQUAL -> "<=";
            default -> "";
        };
        if (sort.operator() == AccessPatternDefinition.SortOperator.BEGINS_WITH_RAW) {
            notes.notExported(at + ".sort", "the raw prefix '" + sort.rawPrefix().orElse("") + "': written as begins_with on the sort key");
        }
        if (condition.isEmpty()) {
            notes.notExported(at + ".sort", sort.operator().fileName() + " (the schema's range conditions are begins_with, between, >=, <=, > and <)");
        } else {
            node.put("range_condition", condition);
        }
    }

    /**
     * The pattern's parameters as the schema names them: its key values, its sort key values and the bounds of a
     * {@code between} sort condition or of {@code acrossBuckets} ({@code takenAt_from}, {@code takenAt_to}, which
     * {@code run} and the MCP tools take as well), a bound both give once, and the {@code shard} of a query across shards,
     * which the schema reads one shard at a time; not the filter's values, as the filter is not exported.
     */
    private static java.util.Set<String> parameterNames(AccessPatternDefinition pattern) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(pattern.key().keySet());
        pattern.sort().ifPresent(sort -> {
            boolean between = sort.operator() == AccessPatternDefinition.SortOperator.BETWEEN;
            sort.values().keySet().forEach(name -> names.add(between ? name + "_from" : name));
            sort.to().keySet().forEach(name -> names.add(name + "_to"));
        });
        pattern.acrossBuckets().ifPresent(range -> {
            names.add(range.attribute() + "_from");
            names.add(range.attribute() + "_to");
        });
        if (pattern.acrossShards()) {
            names.add(KeyTemplate.SHARD);
        }
        return names;
    }

    private static void parameter(ArrayNode parameters, String name, Map<String, AttributeDefinition> attributes) {
        String base = name.replaceFirst("_(from|to)$", "");
        AttributeKind kind = Optional.ofNullable(attributes.get(base)).map(AttributeDefinition::type)
                .orElse(base.equals(KeyTemplate.SHARD) ? AttributeKind.INTEGER : AttributeKind.STRING);
        parameters.addObject().put("name", name).put("type", switch (kind) {
            case INTEGER, LONG, EPOCH_SECONDS, DECIMAL -> "integer";
            case BOOLEAN -> "boolean";
            default -> "string";
        });
    }

    /** A template as the schema writes it: slots without formats or options. */
    private String template(String template, String at) {
        // a shard slot's options are said where its field is written
        String withoutShard = SHARD_SLOT.matcher(template).replaceAll("{" + KeyTemplate.SHARD + "}");
        if (SLOT_OPTIONS.matcher(withoutShard).find()) {
            notes.notExported(at, "slot formats and options of " + template);
            return SLOT_OPTIONS.matcher(withoutShard).replaceAll("{$1}");
        }
        return withoutShard;
    }
}
