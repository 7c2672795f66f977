package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.Role;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * DynamoDB-Toolbox v2 entity DTOs ({@code Entity.build(EntityDTO)} as JSON: {@code entityName}, {@code schema.attributes},
 * {@code table} with {@code partitionKey}, {@code sortKey}, {@code indexes} and {@code entityAttributeSavedAs},
 * {@code timestamps}), a list of them or one. The DTO keeps a key template only as a {@code prefix} transformer on the
 * attribute saved as a key ({@code USER#{id}}), or as a key attribute's constant default; links and computed keys are
 * functions the DTO does not hold, reported by path.
 */
final class ToolboxImporter {
    /** Settings a toolbox attribute DTO has that this import reads. */
    private static final Set<String> READ = Set.of("type", "required", "key", "savedAs", "enum", "transform", "attributes", "elements", "keys",
            "keyDefault", "hidden");

    private final ImportNotes notes = new ImportNotes();
    private final Map<String, RecordTypeDefinition> types = new LinkedHashMap<>();

    private ToolboxImporter() {
    }

    static ImportResult read(JsonNode dtos, String tableName) {
        ToolboxImporter importer = new ToolboxImporter();
        SchemaDocument document = importer.document(dtos, tableName);
        return new ImportResult(document, importer.notes.list());
    }

    /** A key attribute of the table or of an index, and the index it belongs to (empty for the table). */
    private record KeySlot(Optional<String> index, boolean partition) {
    }

    private SchemaDocument document(JsonNode root, String tableName) {
        List<String> paths = new ArrayList<>();
        List<JsonNode> dtos = dtos(root, paths);
        if (dtos.isEmpty() || !dtos.get(0).has("entityName")) {
            throw new DesignImportException("the file holds no DynamoDB-Toolbox entity DTO: give a list of Entity.build(EntityDTO) objects, "
                    + "each with entityName, schema and table");
        }
        JsonNode table = dtos.get(0).path("table");
        String tablePath = at(paths.get(0), "table");
        if (!table.path("partitionKey").has("name")) {
            throw new DesignImportException(tablePath + ".partitionKey: missing; the entity DTO's table must name its partition key, "
                    + "such as table: {partitionKey: {name: 'pk', type: 'string'}}");
        }
        for (int i = 1; i < dtos.size(); i++) {
            if (!dtos.get(i).path("table").equals(table)) {
                notes.notMapped(at(paths.get(i), "table"), "a table other than the first entity's: singletable/1 designs one table; "
                        + dtos.get(i).path("entityName").asText() + " is read into the first entity's table");
            }
        }
        String name = table.path("tableName").asText(tableName);
        KeyAttributeDefinition partitionKey = key(table.path("partitionKey"), tablePath + ".partitionKey");
        Optional<KeyAttributeDefinition> sortKey = table.has("sortKey") ? Optional.of(key(table.path("sortKey"), tablePath + ".sortKey"))
                : Optional.empty();
        Map<String, KeySlot> keySlots = new LinkedHashMap<>();
        keySlots.put(partitionKey.name(), new KeySlot(Optional.empty(), true));
        sortKey.ifPresent(sk -> keySlots.put(sk.name(), new KeySlot(Optional.empty(), false)));
        List<IndexDefinition> indexes = indexes(table, tablePath, keySlots);
        String typeAttribute = table.path("entityAttributeSavedAs").asText(TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE);
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        Map<String, String> entityPaths = new LinkedHashMap<>();
        for (int i = 0; i < dtos.size(); i++) {
            JsonNode dto = dtos.get(i);
            String entityName = dto.path("entityName").asText("");
            if (entityName.isEmpty()) {
                throw new DesignImportException(at(paths.get(i), "entityName") + ": missing; every entity DTO names its entity");
            }
            String first = entityPaths.putIfAbsent(entityName, at(paths.get(i), "entityName"));
            if (first != null) {
                throw new DesignImportException(at(paths.get(i), "entityName") + ": '" + entityName + "' is also the entityName of " + first
                        + "; each entity DTO has a name of its own, and the second would replace the first: rename one");
            }
            entities.put(entityName, entity(entityName, dto, paths.get(i), partitionKey, sortKey, indexes, keySlots));
        }
        Optional<String> ttl = Optional.empty();
        return new SchemaDocument(new TableDefinition(name, Optional.empty(), partitionKey, sortKey, typeAttribute, ttl,
                BillingDefinition.payPerRequest(), indexes), entities, Map.of(), List.of(), Map.of(), types);
    }

    /** The entity DTOs of the file (a list of them, or one), each with its path in {@code paths}. */
    private static List<JsonNode> dtos(JsonNode root, List<String> paths) {
        List<JsonNode> dtos = new ArrayList<>();
        if (root.isArray()) {
            for (int i = 0; i < root.size(); i++) {
                dtos.add(root.get(i));
                paths.add("[" + i + "]");
            }
        } else if (root.isObject()) {
            dtos.add(root);
            paths.add("");
        }
        return dtos;
    }

    /** The table's indexes, their key attributes added to {@code keySlots}. */
    private List<IndexDefinition> indexes(JsonNode table, String tablePath, Map<String, KeySlot> keySlots) {
        List<IndexDefinition> indexes = new ArrayList<>();
        table.path("indexes").properties().forEach(entry -> {
            String indexPath = tablePath + ".indexes." + entry.getKey();
            JsonNode index = entry.getValue();
            boolean local = "local".equals(index.path("type").asText());
            List<KeyAttributeDefinition> pk = local ? List.of() : List.of(key(index.path("partitionKey"), indexPath + ".partitionKey"));
            List<KeyAttributeDefinition> sk = index.has("sortKey") ? List.of(key(index.path("sortKey"), indexPath + ".sortKey")) : List.of();
            pk.forEach(k -> keySlots.putIfAbsent(k.name(), new KeySlot(Optional.of(entry.getKey()), true)));
            sk.forEach(k -> keySlots.putIfAbsent(k.name(), new KeySlot(Optional.of(entry.getKey()), false)));
            index.properties().forEach(setting -> {
                if (!Set.of("type", "partitionKey", "sortKey").contains(setting.getKey())) {
                    notes.notMapped(indexPath + "." + setting.getKey(), "index setting '" + setting.getKey() + "' has no singletable/1 equivalent; left out");
                }
            });
            notes.inferred(indexPath, "projected: all (a toolbox table does not say its indexes' projections)");
            indexes.add(new IndexDefinition(entry.getKey(), local ? IndexDefinition.IndexKind.LOCAL : IndexDefinition.IndexKind.GLOBAL,
                    Optional.empty(), pk, sk, ProjectionDefinition.all()));
        });
        return indexes;
    }

    private static String at(String base, String field) {
        return base.isEmpty() ? field : base + "." + field;
    }

    private static KeyAttributeDefinition key(JsonNode key, String path) {
        String name = key.path("name").asText("");
        if (name.isEmpty()) {
            throw new DesignImportException(path + ".name: missing; a key names its attribute, such as {name: 'pk', type: 'string'}");
        }
        return new KeyAttributeDefinition(name, switch (key.path("type").asText("string")) {
            case "number" -> KeyAttributeDefinition.KeyAttributeType.N;
            case "binary" -> KeyAttributeDefinition.KeyAttributeType.B;
            default -> KeyAttributeDefinition.KeyAttributeType.S;
        });
    }

    private EntityDefinition entity(String name, JsonNode dto, String base, KeyAttributeDefinition partitionKey,
                                    Optional<KeyAttributeDefinition> sortKey, List<IndexDefinition> indexes, Map<String, KeySlot> keySlots) {
        String path = at(base, "schema.attributes");
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        Map<String, String> templates = new LinkedHashMap<>();
        settingsNotes(dto, base);
        dto.path("schema").path("attributes").properties().forEach(entry -> entityAttribute(name, entry.getKey(), entry.getValue(),
                path, keySlots, attributes, templates));
        timestamps(dto.path("timestamps"), at(base, "timestamps"), attributes);
        String pk = templates.get(partitionKey.name());
        if (pk == null) {
            throw new DesignImportException(path + ": no attribute saved as '" + partitionKey.name() + "' (the table's partition key); the DTO "
                    + "lists it when computeKey builds the key: give the entity an attribute such as " + partitionKey.name()
                    + ": {type: 'string', key: true, savedAs: '" + partitionKey.name() + "', transform: {transformerId: 'prefix', prefix: 'USER', "
                    + "delimiter: '#'}}");
        }
        List<String> sk = List.of();
        if (sortKey.isPresent()) {
            String template = templates.get(sortKey.get().name());
            if (template == null) {
                throw new DesignImportException(path + ": no attribute saved as '" + sortKey.get().name() + "' (the table's sort key); give the "
                        + "entity one, with a prefix transformer or a constant keyDefault");
            }
            sk = List.of(template);
        }
        Map<String, KeyDefinition> entityIndexes = entityIndexes(indexes, templates, path);
        return new EntityDefinition(Optional.empty(), attributes, new KeyDefinition(List.of(pk), sk, Optional.empty()), entityIndexes,
                false, List.of(), Optional.empty());
    }

    /** Notes on the DTO's settings singletable has no place for, its entity attribute's among them. */
    private void settingsNotes(JsonNode dto, String base) {
        dto.properties().forEach(field -> {
            if (!Set.of("entityName", "schema", "table", "timestamps", "entityAttribute").contains(field.getKey())) {
                notes.notMapped(at(base, field.getKey()), "entity setting '" + field.getKey() + "' has no singletable/1 equivalent; left out");
            }
        });
        JsonNode entityAttribute = dto.path("entityAttribute");
        if (entityAttribute.isBoolean() && !entityAttribute.asBoolean()) {
            notes.notMapped(at(base, "entityAttribute"), "false: singletable always writes the entity's type (" + dto.path("table")
                    .path("entityAttributeSavedAs").asText(TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE) + ")");
        } else if (entityAttribute.isObject()) {
            notes.notMapped(at(base, "entityAttribute"), "its name and hidden settings (the attribute is read as the table's entity type, "
                    + "saved as entityAttributeSavedAs)");
        }
    }

    /** An attribute of the DTO: a key attribute gives its template (and an attribute when it has a slot), any other an attribute. */
    private void entityAttribute(String name, String attributeName, JsonNode attribute, String path, Map<String, KeySlot> keySlots,
                                 Map<String, AttributeDefinition> attributes, Map<String, String> templates) {
        String attributePath = path + "." + attributeName;
        String savedAs = attribute.path("savedAs").asText(attributeName);
        KeySlot slot = keySlots.get(savedAs);
        if (slot != null) {
            if (attribute.path("hidden").asBoolean(false) && !attribute.has("transform") && !attribute.has("keyDefault")) {
                // singletable names no attribute like a key attribute: a loadable stand-in until the template is written
                String constant = name.toUpperCase(java.util.Locale.ROOT);
                notes.notMapped(attributePath, "a hidden key attribute without prefix or default: the entity's computeKey, a function "
                        + "the DTO does not hold, builds it; read as the constant '" + constant + "': write its template by hand");
                templates.put(savedAs, constant);
                return;
            }
            String template = keyTemplate(attributeName, attribute, attributePath);
            templates.put(savedAs, template);
            if (template.contains("{")) {
                attributes.put(attributeName, attribute(name, attributeName, attribute, attributePath, true, Set.of("key", "savedAs",
                        "transform", "hidden", "keyDefault", "keyLink", "putLink")));
            }
            return;
        }
        if (!savedAs.equals(attributeName)) {
            notes.notMapped(attributePath + ".savedAs", "'" + attributeName + "' is saved as '" + savedAs + "': singletable names an attribute "
                    + "as it is stored, so it is read as '" + savedAs + "'");
        }
        if (attribute.has("key") && attribute.path("key").asBoolean()) {
            notes.notMapped(attributePath + ".key", "a key attribute saved as no key of the table ('" + savedAs + "'): computeKey, a function, "
                    + "is not in the DTO; read as a plain attribute: write the keys' templates by hand");
        }
        attributes.put(savedAs, attribute(name, savedAs, attribute, attributePath, true, Set.of("key", "savedAs")));
    }

    /** The entity's keys on the indexes whose key attributes it has. */
    private Map<String, KeyDefinition> entityIndexes(List<IndexDefinition> indexes, Map<String, String> templates, String path) {
        Map<String, KeyDefinition> entityIndexes = new LinkedHashMap<>();
        for (IndexDefinition index : indexes) {
            Optional<String> hash = index.partitionKey().stream().map(k -> templates.get(k.name())).filter(t -> t != null).findFirst();
            Optional<String> sort = index.sortKey().stream().map(k -> templates.get(k.name())).filter(t -> t != null).findFirst();
            boolean local = index.kind() == IndexDefinition.IndexKind.LOCAL;
            if ((local || hash.isPresent()) && (index.sortKey().isEmpty() || sort.isPresent())) {
                entityIndexes.put(index.name(), new KeyDefinition(hash.stream().toList(), sort.stream().toList(), Optional.empty()));
            } else if (hash.isPresent() || sort.isPresent()) {
                notes.notMapped(path, "has only one of index " + index.name() + "'s key attributes; singletable/1 needs both to place it in the "
                        + "index: left out of it");
            }
        }
        return entityIndexes;
    }

    /** The attribute's key template: a prefix transformer gives PREFIX#{attribute}, a constant default the constant. */
    private String keyTemplate(String attributeName, JsonNode attribute, String path) {
        JsonNode keyDefault = attribute.path("keyDefault");
        if ("value".equals(keyDefault.path("defaulterId").asText()) && keyDefault.has("value") && !attribute.has("transform")) {
            return keyDefault.path("value").asText();
        }
        if (keyDefault.isObject()) {
            notes.notMapped(path + ".keyDefault", "a default of a key attribute (" + keyDefault.path("defaulterId").asText() + "): singletable/1 "
                    + "keys are written from their templates; left out");
        }
        JsonNode link = attribute.path("keyLink").isMissingNode() ? attribute.path("putLink") : attribute.path("keyLink");
        if (link.isObject()) {
            notes.notMapped(path + "." + (attribute.has("keyLink") ? "keyLink" : "putLink"), "a link is a function the DTO does not hold: "
                    + "the key is read as {" + attributeName + "}; write its template by hand");
        }
        JsonNode transform = attribute.path("transform");
        if ("prefix".equals(transform.path("transformerId").asText())) {
            return escape(transform.path("prefix").asText("") + transform.path("delimiter").asText("#")) + "{" + attributeName + "}";
        }
        if (transform.isObject()) {
            notes.notMapped(path + ".transform", "transformer '" + transform.path("transformerId").asText() + "' is not a prefix: the key is "
                    + "read as {" + attributeName + "}");
        }
        return "{" + attributeName + "}";
    }

    /** A prefix holding template braces would read as a slot. */
    private static String escape(String constant) {
        if (constant.contains("{") || constant.contains("}")) {
            throw new DesignImportException("prefix '" + constant + "' holds a brace, which a singletable key template reads as a slot; "
                    + "rename the prefix");
        }
        return constant;
    }

    private void timestamps(JsonNode timestamps, String path, Map<String, AttributeDefinition> attributes) {
        if (timestamps.isMissingNode() || timestamps.isBoolean() && !timestamps.asBoolean()) {
            return;
        }
        // DynamoDB-Toolbox's defaults: ISO strings saved as _ct and _md (named created and modified in the entity's items)
        timestamp(timestamps.isObject() ? timestamps.path("created") : timestamps, "_ct", path + ".created", Role.CREATED_AT, attributes);
        timestamp(timestamps.isObject() ? timestamps.path("modified") : timestamps, "_md", path + ".modified", Role.UPDATED_AT, attributes);
    }

    private void timestamp(JsonNode option, String savedAs, String path, Role role, Map<String, AttributeDefinition> attributes) {
        if (option.isMissingNode() || option.isBoolean() && !option.asBoolean()) {
            return;
        }
        String name = savedAs;
        if (option.isObject()) {
            name = option.path("savedAs").asText(savedAs);
            if (option.has("name") && !option.path("name").asText().equals(name)) {
                notes.notMapped(path + ".name", "the timestamp's name in items ('" + option.path("name").asText() + "'): singletable names it as "
                        + "it is saved, '" + name + "'");
            }
            if (option.has("hidden")) {
                notes.notMapped(path + ".hidden", "hidden attributes have no singletable/1 equivalent; left out");
            }
        }
        attributes.putIfAbsent(name, new AttributeDefinition(AttributeKind.INSTANT, false, List.of(), Optional.of(role), Optional.empty(),
                Optional.empty()));
    }

    private AttributeDefinition attribute(String owner, String name, JsonNode attribute, String path, boolean ofEntity, Set<String> handled) {
        attribute.properties().forEach(setting -> {
            if (!handled.contains(setting.getKey()) && (!READ.contains(setting.getKey()) || setting.getKey().equals("hidden")
                    || setting.getKey().equals("keyDefault"))) {
                notes.notMapped(path + "." + setting.getKey(), "attribute setting '" + setting.getKey() + "' has no singletable/1 equivalent "
                        + "(defaults, links and validators are the application's); left out");
            }
        });
        if (!handled.contains("transform") && attribute.has("transform")) {
            notes.notMapped(path + ".transform", "a transformer on an attribute that is no key: left out");
        }
        // a toolbox attribute is required unless optional ('never')
        boolean required = !"never".equals(attribute.path("required").asText("atLeastOnce"));
        String type = attribute.path("type").asText("");
        List<String> values = new ArrayList<>();
        attribute.path("enum").forEach(v -> values.add(v.asText()));
        AttributeKind kind;
        switch (type) {
            case "string" -> kind = values.isEmpty() ? AttributeKind.STRING : AttributeKind.ENUM;
            case "number" -> {
                kind = AttributeKind.DECIMAL;
                if (!values.isEmpty()) {
                    notes.notMapped(path + ".enum", "number enum values: singletable/1 enums are strings; read as decimal");
                    values.clear();
                }
            }
            case "boolean" -> {
                kind = AttributeKind.BOOLEAN;
                values.clear();
            }
            case "binary" -> {
                kind = AttributeKind.BINARY;
                values.clear();
            }
            case "set" -> {
                kind = AttributeKind.STRING_SET;
                if (!"string".equals(attribute.path("elements").path("type").asText())) {
                    notes.notMapped(path + ".elements", "a set of " + attribute.path("elements").path("type").asText() + ": singletable/1 sets "
                            + "hold strings; read as stringSet");
                }
            }
            case "list", "map", "record" -> {
                return nested(type, owner, name, attribute, path, required, values);
            }
            default -> {
                notes.notMapped(path + ".type", "type '" + type + "' has no singletable/1 type; read as string");
                kind = AttributeKind.STRING;
                values.clear();
            }
        }
        return new AttributeDefinition(kind, required, values, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A list, map or record attribute: of records (a record type of its own), or of strings. */
    private AttributeDefinition nested(String type, String owner, String name, JsonNode attribute, String path, boolean required,
                                       List<String> values) {
        AttributeKind kind;
        switch (type) {
            case "list" -> {
                JsonNode elements = attribute.path("elements");
                if ("map".equals(elements.path("type").asText())) {
                    return AttributeDefinition.ofRecords(AttributeKind.RECORD_LIST, recordType(owner, name, elements, path + ".elements"), required);
                }
                kind = AttributeKind.STRING_LIST;
                if (!"string".equals(elements.path("type").asText())) {
                    notes.notMapped(path + ".elements", "a list of " + elements.path("type").asText() + ": read as stringList");
                }
            }
            case "map" -> {
                return AttributeDefinition.ofRecords(AttributeKind.RECORD, recordType(owner, name, attribute, path), required);
            }
            default -> {
                JsonNode elements = attribute.path("elements");
                if ("map".equals(elements.path("type").asText())) {
                    return AttributeDefinition.ofRecords(AttributeKind.RECORD_MAP, recordType(owner, name, elements, path + ".elements"), required);
                }
                kind = AttributeKind.STRING_MAP;
                if (!"string".equals(elements.path("type").asText())) {
                    notes.notMapped(path + ".elements", "a record of " + elements.path("type").asText() + ": read as stringMap");
                }
                if (attribute.path("keys").has("enum")) {
                    notes.notMapped(path + ".keys.enum", "the record's allowed keys: left out");
                }
            }
        }
        return new AttributeDefinition(kind, required, values, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The record type of a map attribute, named after it ("address" gives Address), or after its entity too when taken. */
    private String recordType(String owner, String field, JsonNode map, String path) {
        Map<String, AttributeDefinition> fields = new LinkedHashMap<>();
        map.path("attributes").properties().forEach(f -> fields.put(f.getKey(),
                attribute(owner, f.getKey(), f.getValue(), path + ".attributes." + f.getKey(), false, Set.of())));
        RecordTypeDefinition definition = new RecordTypeDefinition(Optional.empty(), fields);
        String base = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        for (String name : List.of(base, owner + base)) {
            RecordTypeDefinition taken = types.get(name);
            if (taken == null || taken.equals(definition)) {
                types.put(name, definition);
                return name;
            }
        }
        throw new DesignImportException(path + ": the record type names " + base + " and " + owner + base + " are both taken by other maps; "
                + "rename the attribute");
    }
}
