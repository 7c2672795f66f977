package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.SortCondition;
import dev.singletable.schema.AccessPatternDefinition.SortOperator;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code schema.json} of AWS's DynamoDB MCP server (its repository generation tool): {@code tables} of a
 * {@code table_config} (name, partition and sort key attribute), a {@code gsi_list} with projections, and
 * {@code entities} with {@code pk_template}/{@code sk_template}, {@code gsi_mappings}, typed {@code fields} and
 * {@code access_patterns}. Templates are already {@code {field}} templates; the read patterns (GetItem, Query, Scan)
 * become named access patterns with placeholder values, the writes are reported.
 */
final class McpSchemaImporter {
    private static final Pattern SLOT = Pattern.compile("\\{([^}:]+)[^}]*}");
    private static final Set<String> TABLE_FIELDS = Set.of("table_config", "gsi_list", "entities");
    private static final Set<String> ENTITY_FIELDS = Set.of("entity_type", "pk_template", "sk_template", "gsi_mappings", "fields", "access_patterns");
    private static final Set<String> PATTERN_FIELDS = Set.of("pattern_id", "name", "description", "operation", "index_name", "range_condition",
            "consistent_read", "parameters", "return_type");

    private final ImportNotes notes = new ImportNotes();

    private McpSchemaImporter() {
    }

    /** The schema's first table; each other table is a note. */
    static ImportResult read(JsonNode schema) {
        McpSchemaImporter importer = new McpSchemaImporter();
        JsonNode tables = tables(schema);
        for (int i = 1; i < tables.size(); i++) {
            String name = tables.get(i).path("table_config").path("table_name").asText();
            importer.notes.notMapped("tables[" + i + "]", "table " + name + ": a schema file holds one table; import it with --table "
                    + name + ", or every table with --each-table");
        }
        SchemaDocument document = importer.document(tables.get(0), "tables[0]");
        return new ImportResult(document, importer.notes.list());
    }

    /** Every table of the schema, a design each, in the schema's order. */
    static List<ImportResult> readEach(JsonNode schema) {
        List<ImportResult> results = new ArrayList<>();
        JsonNode tables = tables(schema);
        for (int i = 0; i < tables.size(); i++) {
            McpSchemaImporter importer = new McpSchemaImporter();
            SchemaDocument document = importer.document(tables.get(i), "tables[" + i + "]");
            results.add(new ImportResult(document, importer.notes.list()));
        }
        return results;
    }

    private static JsonNode tables(JsonNode schema) {
        if (!schema.isObject() || !schema.path("tables").isArray() || schema.path("tables").isEmpty()) {
            throw new DesignImportException("tables: missing or empty; not a DynamoDB MCP schema.json (its tables list holds each "
                    + "table's table_config, gsi_list and entities)");
        }
        JsonNode tables = schema.path("tables");
        Map<String, String> seen = new LinkedHashMap<>();
        for (int i = 0; i < tables.size(); i++) {
            String name = tables.get(i).path("table_config").path("table_name").asText("");
            String first = seen.putIfAbsent(name, "tables[" + i + "]");
            if (first != null && !name.isEmpty()) {
                throw new DesignImportException("tables[" + i + "].table_config.table_name: '" + name + "' is also the name of " + first
                        + "; a schema's tables have names of their own, and the second would replace the first: rename one");
            }
        }
        return tables;
    }

    private SchemaDocument document(JsonNode table, String path) {
        table.properties().forEach(field -> {
            if (!TABLE_FIELDS.contains(field.getKey())) {
                notes.notMapped(path + "." + field.getKey(), "table setting '" + field.getKey() + "' has no singletable/1 equivalent; left out");
            }
        });
        JsonNode config = table.path("table_config");
        String tableName = text(config, "table_name", path + ".table_config");
        KeyAttributeDefinition partition = new KeyAttributeDefinition(text(config, "partition_key", path + ".table_config"),
                KeyAttributeDefinition.KeyAttributeType.S);
        Optional<KeyAttributeDefinition> sort = config.hasNonNull("sort_key")
                ? Optional.of(new KeyAttributeDefinition(config.path("sort_key").asText(), KeyAttributeDefinition.KeyAttributeType.S))
                : Optional.empty();
        List<IndexDefinition> indexes = new ArrayList<>();
        JsonNode gsis = table.path("gsi_list");
        for (int i = 0; i < gsis.size(); i++) {
            indexes.add(gsi(gsis.get(i), path + ".gsi_list[" + i + "]"));
        }
        TableDefinition tableDefinition = new TableDefinition(tableName, Optional.empty(), partition, sort,
                TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE, Optional.empty(), BillingDefinition.payPerRequest(), indexes);
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        // by pattern_id, the order of the design the patterns were written for (stable: patterns without one keep theirs)
        List<Map.Entry<Integer, AccessPatternDefinition>> patterns = new ArrayList<>();
        if (!table.path("entities").isObject() || table.path("entities").isEmpty()) {
            throw new DesignImportException(path + ".entities: missing or empty; the table has no entity to import");
        }
        table.path("entities").properties().forEach(entry -> {
            String at = path + ".entities." + entry.getKey();
            EntityDefinition entity = entity(entry.getKey(), entry.getValue(), at, sort.isPresent());
            entities.put(entry.getKey(), entity);
            JsonNode list = entry.getValue().path("access_patterns");
            for (int i = 0; i < list.size(); i++) {
                int id = list.get(i).path("pattern_id").asInt(Integer.MAX_VALUE);
                pattern(entry.getKey(), entity, list.get(i), at + ".access_patterns[" + i + "]", tableDefinition)
                        .ifPresent(p -> patterns.add(Map.entry(id, p)));
            }
        });
        new McpShards(notes).rebuild(entities, patterns, path + ".entities");
        TableDefinition typed = numberKeys(tableDefinition, entities, path);
        patterns.sort(Map.Entry.comparingByKey());
        if (patterns.stream().anyMatch(p -> !p.getValue().key().isEmpty() || p.getValue().sort().isPresent())) {
            notes.inferred(path + ".entities", "the access patterns' values are placeholders of each slot's type (text: the slot's name, "
                    + "numbers: 1, booleans: true): give them example values to run them on sample items");
        }
        List<AccessPatternDefinition> runnable = new ArrayList<>();
        for (Map.Entry<Integer, AccessPatternDefinition> pattern : patterns) {
            runnable.add(fetchingWhatTheIndexLacks(pattern.getValue(), typed, entities, path));
        }
        return new AdjacencyRelations(notes).rebuild(new SchemaDocument(typed, entities, Map.of(), runnable), path + ".entities");
    }

    /**
     * The table with each GSI key that every entity on the GSI fills with one whole number field ({@code {points}}, an
     * integer) typed N: the schema's keys are strings, and an S key of a number field does not load.
     */
    private TableDefinition numberKeys(TableDefinition table, Map<String, EntityDefinition> entities, String path) {
        List<IndexDefinition> indexes = new ArrayList<>();
        for (int i = 0; i < table.indexes().size(); i++) {
            IndexDefinition index = table.indexes().get(i);
            String at = path + ".gsi_list[" + i + "]";
            List<KeyAttributeDefinition> partition = numberKeys(index, index.partitionKey(), KeyDefinition::partition, entities, at + ".partition_key");
            List<KeyAttributeDefinition> sort = numberKeys(index, index.sortKey(), KeyDefinition::sort, entities, at + ".sort_key");
            indexes.add(new IndexDefinition(index.name(), index.kind(), index.description(), partition, sort, index.projection()));
        }
        return new TableDefinition(table.name(), table.description(), table.partitionKey(), table.sortKey(), table.entityTypeAttribute(),
                table.timeToLiveAttribute(), table.billing(), indexes, table.stream());
    }

    private List<KeyAttributeDefinition> numberKeys(IndexDefinition index, List<KeyAttributeDefinition> keys,
                                                    java.util.function.Function<KeyDefinition, List<String>> part,
                                                    Map<String, EntityDefinition> entities, String at) {
        if (keys.size() != 1) {
            return keys;
        }
        List<String> fillers = new ArrayList<>();
        boolean numbers = true;
        for (Map.Entry<String, EntityDefinition> entity : entities.entrySet()) {
            KeyDefinition key = entity.getValue().indexes().get(index.name());
            if (key == null || part.apply(key).isEmpty()) {
                continue;
            }
            String template = part.apply(key).get(0);
            AttributeDefinition attribute = template.matches("\\{[^{}:]+}")
                    ? entity.getValue().attributes().get(template.substring(1, template.length() - 1)) : null;
            numbers &= attribute != null && (attribute.type() == AttributeKind.LONG || attribute.type() == AttributeKind.DECIMAL);
            fillers.add(entity.getKey() + "." + template.substring(1, template.length() - 1));
        }
        if (!numbers || fillers.isEmpty()) {
            return keys;
        }
        notes.inferred(at, "GSI " + index.name() + " key " + keys.get(0).name() + " read as N: every entity on it fills it with one number "
                + "field (" + String.join(", ", fillers) + ")");
        return List.of(new KeyAttributeDefinition(keys.get(0).name(), KeyAttributeDefinition.KeyAttributeType.N));
    }

    /**
     * A read of a GSI that projects KEYS_ONLY or INCLUDE without every attribute of its entity: written with
     * {@code fetchFullItems: true}, the whole items read from the table after the index, so that it runs as the
     * model's pattern (which returns the entity) and the design checks clean.
     */
    private AccessPatternDefinition fetchingWhatTheIndexLacks(AccessPatternDefinition pattern, TableDefinition table,
                                                             Map<String, EntityDefinition> entities, String path) {
        Optional<IndexDefinition> index = pattern.index().flatMap(name -> table.indexes().stream().filter(i -> i.name().equals(name)).findFirst());
        if (index.isEmpty() || index.get().kind() != IndexDefinition.IndexKind.GLOBAL
                || index.get().projection().type() == ProjectionDefinition.ProjectionType.ALL
                || pattern.target().kind() != AccessPatternDefinition.Target.Kind.ENTITY) {
            return pattern;
        }
        Set<String> held = new LinkedHashSet<>(index.get().projection().attributes());
        held.add(table.partitionKey().name());
        table.sortKey().ifPresent(key -> held.add(key.name()));
        index.get().partitionKey().forEach(key -> held.add(key.name()));
        index.get().sortKey().forEach(key -> held.add(key.name()));
        List<String> lacking = new ArrayList<>(entities.get(pattern.target().name()).attributes().keySet());
        lacking.add(table.entityTypeAttribute());
        lacking.removeAll(held);
        if (lacking.isEmpty()) {
            return pattern;
        }
        notes.inferred(path + ".entities." + pattern.target().name(), "pattern " + pattern.name() + " reads " + index.get().name()
                + ", which projects " + index.get().projection().type() + " without " + lacking + ": written with fetchFullItems: true "
                + "(the index read, then the whole items from the table); to read only what the index holds, write select: [...] instead");
        return pattern.withFetchFullItems(true);
    }

    private IndexDefinition gsi(JsonNode gsi, String at) {
        String name = text(gsi, "name", at);
        List<KeyAttributeDefinition> sort = gsi.hasNonNull("sort_key")
                ? List.of(new KeyAttributeDefinition(gsi.path("sort_key").asText(), KeyAttributeDefinition.KeyAttributeType.S)) : List.of();
        String projection = gsi.path("projection").asText("ALL");
        ProjectionDefinition definition = switch (projection) {
            case "KEYS_ONLY" -> new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of());
            case "INCLUDE" -> {
                List<String> attributes = new ArrayList<>();
                gsi.path("included_attributes").forEach(a -> attributes.add(a.asText()));
                yield new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, attributes);
            }
            case "ALL" -> ProjectionDefinition.all();
            default -> {
                notes.notMapped(at + ".projection", "projection '" + projection + "' is not ALL, KEYS_ONLY or INCLUDE; read as ALL");
                yield ProjectionDefinition.all();
            }
        };
        return new IndexDefinition(name, IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                List.of(new KeyAttributeDefinition(text(gsi, "partition_key", at), KeyAttributeDefinition.KeyAttributeType.S)), sort, definition);
    }

    private EntityDefinition entity(String name, JsonNode entity, String at, boolean tableHasSort) {
        entity.properties().forEach(field -> {
            if (!ENTITY_FIELDS.contains(field.getKey())) {
                notes.notMapped(at + "." + field.getKey(), "entity setting '" + field.getKey() + "' has no singletable/1 equivalent; left out");
            }
        });
        String entityType = entity.path("entity_type").asText(name);
        if (!entityType.equals(name) && !entityType.equals(name.toUpperCase(Locale.ROOT))) {
            notes.notMapped(at + ".entity_type", "'" + entityType + "': singletable names each item's entity by the entity's name ("
                    + name + "); rename the entity with --rename " + name + "=NEW if items must carry another");
        }
        String pk = text(entity, "pk_template", at);
        List<String> sk = entity.hasNonNull("sk_template") ? List.of(entity.path("sk_template").asText()) : List.of();
        if (tableHasSort && sk.isEmpty()) {
            throw new DesignImportException(at + ".sk_template: missing; the table has a sort key, so every entity needs its template");
        }
        Map<String, KeyDefinition> indexes = new LinkedHashMap<>();
        JsonNode mappings = entity.path("gsi_mappings");
        for (int i = 0; i < mappings.size(); i++) {
            JsonNode mapping = mappings.get(i);
            String mappingAt = at + ".gsi_mappings[" + i + "]";
            String indexName = text(mapping, "name", mappingAt);
            if (indexes.containsKey(indexName)) {
                throw new DesignImportException(mappingAt + ".name: '" + indexName + "' is also the name of an earlier gsi_mapping of "
                        + name + "; an entity has one mapping per GSI, and the second would replace the first: remove one");
            }
            indexes.put(indexName, new KeyDefinition(List.of(text(mapping, "pk_template", mappingAt)),
                    mapping.hasNonNull("sk_template") ? List.of(mapping.path("sk_template").asText()) : List.of(), Optional.empty()));
        }
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        JsonNode fields = entity.path("fields");
        Map<String, String> fieldPaths = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            JsonNode field = fields.get(i);
            String fieldAt = at + ".fields[" + i + "]";
            String fieldName = text(field, "name", fieldAt);
            String first = fieldPaths.putIfAbsent(fieldName, fieldAt);
            if (first != null) {
                throw new DesignImportException(fieldAt + ".name: '" + fieldName + "' is also the name of " + first
                        + "; each field of an entity has a name of its own, and the second would replace the first: rename or remove one");
            }
            attributes.put(fieldName, attribute(field, fieldAt));
        }
        return new EntityDefinition(Optional.empty(), attributes, new KeyDefinition(List.of(pk), sk, Optional.empty()), indexes, false,
                List.of(), Optional.empty());
    }

    private AttributeDefinition attribute(JsonNode field, String at) {
        String type = field.path("type").asText("string");
        boolean required = field.path("required").asBoolean(false);
        if (type.equals("array")) {
            String items = field.path("item_type").asText("string");
            Optional<AttributeKind> element = switch (items) {
                case "string" -> Optional.empty();
                case "integer" -> Optional.of(AttributeKind.LONG);
                case "decimal" -> Optional.of(AttributeKind.DECIMAL);
                case "boolean" -> Optional.of(AttributeKind.BOOLEAN);
                case "object" -> Optional.of(AttributeKind.DOCUMENT);
                default -> {
                    notes.notMapped(at + ".item_type", "an array of " + items + ": not one of string, integer, decimal, boolean, "
                            + "object; read as stringList");
                    yield Optional.empty();
                }
            };
            if (element.isPresent()) {
                return AttributeDefinition.ofElements(AttributeKind.LIST, element.get(), required);
            }
        }
        AttributeKind kind = kindOf(type).orElseGet(() -> {
            notes.notMapped(at + ".type", "type '" + type + "' is not one of string, integer, decimal, boolean, array, object, uuid; read as string");
            return AttributeKind.STRING;
        });
        return AttributeDefinition.of(kind, required);
    }

    /** The kind a field of this schema.json {@code type} is read as (an array: of strings); empty for a type the format lacks. */
    static Optional<AttributeKind> kindOf(String type) {
        return switch (type) {
            case "string" -> Optional.of(AttributeKind.STRING);
            case "integer" -> Optional.of(AttributeKind.LONG);
            case "decimal" -> Optional.of(AttributeKind.DECIMAL);
            case "boolean" -> Optional.of(AttributeKind.BOOLEAN);
            case "uuid" -> Optional.of(AttributeKind.UUID);
            case "array" -> Optional.of(AttributeKind.STRING_LIST);
            case "object" -> Optional.of(AttributeKind.DOCUMENT);
            default -> Optional.empty();
        };
    }

    private Optional<AccessPatternDefinition> pattern(String entityName, EntityDefinition entity, JsonNode pattern, String at, TableDefinition table) {
        pattern.properties().forEach(field -> {
            if (!PATTERN_FIELDS.contains(field.getKey())) {
                notes.notMapped(at + "." + field.getKey(), "pattern setting '" + field.getKey() + "' has no singletable/1 equivalent; left out");
            }
        });
        String name = text(pattern, "name", at);
        String operation = pattern.path("operation").asText("");
        Optional<String> description = Optional.ofNullable(pattern.path("description").asText(null));
        Optional<String> index = Optional.ofNullable(pattern.path("index_name").asText(null));
        boolean onGsi = index.isPresent() && table.indexes().stream().anyMatch(i -> i.name().equals(index.get())
                && i.kind() == IndexDefinition.IndexKind.GLOBAL);
        boolean consistent = pattern.path("consistent_read").asBoolean(false) && !onGsi;
        if (pattern.path("consistent_read").asBoolean(false) && onGsi) {
            notes.notMapped(at + ".consistent_read", "pattern " + name + ": DynamoDB reads a GSI (" + index.get()
                    + ") eventually consistent only; imported without consistentRead");
        }
        if ("mixed_data".equals(pattern.path("return_type").asText())) {
            notes.notMapped(at + ".return_type", "pattern " + name + " reads several entity types (mixed_data): imported as a read of " + entityName
                    + " alone; declare a collection of the entities it reads and point the pattern at it");
        }
        KeyDefinition keys = index.map(i -> entity.indexes().get(i)).orElse(entity.keys());
        if (keys == null) {
            notes.notMapped(at + ".index_name", "pattern " + name + ": entity " + entityName + " has no gsi_mapping on " + index.get()
                    + "; left out");
            return Optional.empty();
        }
        Map<String, Object> partition = placeholders(keys.partition(), entity);
        List<String> sortSlots = slots(keys.sort());
        Optional<AccessPatternDefinition> read = switch (operation) {
            case "GetItem" -> {
                Map<String, Object> key = new LinkedHashMap<>(partition);
                key.putAll(placeholders(entity.keys().sort(), entity));
                yield Optional.of(new AccessPatternDefinition(name, description, Operation.GET, AccessPatternDefinition.Target.entity(entityName),
                        Optional.empty(), key, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()));
            }
            case "Query" -> {
                Optional<SortCondition> sort = sort(pattern, name, at, sortSlots, entity);
                yield Optional.of(new AccessPatternDefinition(name, description, Operation.QUERY, AccessPatternDefinition.Target.entity(entityName),
                        index, partition, sort, Optional.empty(), Optional.empty(), Optional.empty()));
            }
            case "Scan" -> Optional.of(new AccessPatternDefinition(name, description, Operation.SCAN, AccessPatternDefinition.Target.entity(entityName),
                    index, Map.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty()));
            default -> {
                notes.notMapped(at, "pattern " + name + ": " + (operation.isEmpty() ? "no operation" : operation)
                        + " is a write or a batch; singletable/1 patterns are reads (get, query, scan): the entity's schema writes it");
                yield Optional.empty();
            }
        };
        return read.map(defined -> defined.withConsistentRead(consistent));
    }

    /** A query's range condition on the sort key's first slot; empty (with a note when one is given) for the whole partition. */
    private Optional<SortCondition> sort(JsonNode pattern, String name, String at, List<String> sortSlots, EntityDefinition entity) {
        Optional<SortCondition> sort = Optional.empty();
        if (pattern.hasNonNull("range_condition")) {
            String condition = pattern.path("range_condition").asText();
            Optional<SortOperator> operator = switch (condition) {
                case "begins_with" -> Optional.of(SortOperator.BEGINS_WITH);
                case "between" -> Optional.of(SortOperator.BETWEEN);
                case ">=" -> Optional.of(SortOperator.GREATER_THAN_OR_EQUAL);
                case "<=" -> Optional.of(SortOperator.LESS_THAN_OR_EQUAL);
                case ">" -> Optional.of(SortOperator.GREATER_THAN);
                case "<" -> Optional.of(SortOperator.LESS_THAN);
                default -> Optional.empty();
            };
            if (operator.isEmpty() || sortSlots.isEmpty()) {
                notes.notMapped(at + ".range_condition", "pattern " + name + ": '" + condition + "' "
                        + (operator.isEmpty() ? "is not begins_with, between, >=, <=, > or <" : "on a key without sort template")
                        + "; read as a query of the whole partition");
            } else {
                Map<String, Object> values = placeholders(List.of("{" + sortSlots.get(0) + "}"), entity);
                sort = Optional.of(new SortCondition(operator.get(), values, operator.get() == SortOperator.BETWEEN ? values : Map.of(),
                        Optional.empty()));
            }
        }
        return sort;
    }

    /** A value of each slot's type, named after the slot where it is text, for the pattern to run as written. */
    static Map<String, Object> placeholders(List<String> templates, EntityDefinition entity) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String slot : slots(templates)) {
            AttributeKind kind = Optional.ofNullable(entity.attributes().get(slot)).map(AttributeDefinition::type).orElse(AttributeKind.STRING);
            values.put(slot, switch (kind) {
                case LONG, DECIMAL -> BigDecimal.ONE; // the kinds attribute() reads numbers as
                case BOOLEAN -> Boolean.TRUE;
                case UUID -> "00000000-0000-0000-0000-000000000001";
                default -> slot;
            });
        }
        return values;
    }

    static List<String> slots(List<String> templates) {
        Set<String> slots = new LinkedHashSet<>();
        for (String template : templates) {
            Matcher matcher = SLOT.matcher(template);
            while (matcher.find()) {
                slots.add(matcher.group(1));
            }
        }
        return new ArrayList<>(slots);
    }

    private static String text(JsonNode node, String field, String path) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new DesignImportException(path + "." + field + ": missing; the DynamoDB MCP schema.json requires it");
        }
        return value.asText();
    }
}
