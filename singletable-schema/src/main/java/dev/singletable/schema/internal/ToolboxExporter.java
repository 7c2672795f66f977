package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.Role;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A design as DynamoDB-Toolbox v2 entity DTOs, the inverse of {@link ToolboxImporter}: a list of one DTO per entity, each
 * with the table's DTO. A key template {@code PREFIX{slot}} is the slot attribute saved as the key attribute with a
 * {@code prefix} transformer, a constant template of the primary key a hidden key attribute with that constant as its key
 * default; any other template needs a link or {@code computeKey}, functions a DTO cannot hold, and is reported with the rest
 * by its path in the design.
 */
final class ToolboxExporter {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** A template that is a constant before one slot without format, or a constant alone. */
    private static final Pattern PREFIXED = Pattern.compile("([^{}]*)(?:\\{([A-Za-z_][A-Za-z0-9_]*)})?");
    private static final String CREATED = "_ct";
    private static final String MODIFIED = "_md";

    private final SchemaDocument document;
    private final ExportNotes notes = new ExportNotes();

    private ToolboxExporter(SchemaDocument document) {
        this.document = document;
    }

    /** The DTOs, and what they cannot hold. */
    static ExportResult export(SchemaDocument document) {
        ToolboxExporter exporter = new ToolboxExporter(document);
        ArrayNode dtos = exporter.dtos();
        return exporter.notes.result(dtos, dtos.size());
    }

    private ArrayNode dtos() {
        ObjectNode table = table();
        ArrayNode dtos = NODES.arrayNode();
        document.entities().forEach((name, entity) -> {
            String at = "entities." + name;
            if (entity.states().isPresent()) {
                notes.notExported(at + ".states", "an entity whose keys depend on its state (" + entity.states().get().attribute()
                        + "): an entity DTO has one key; the entity is left out");
                return;
            }
            dtos.add(entity(name, entity, at, table));
        });
        notes.designExtras(document);
        return dtos;
    }

    private ObjectNode table() {
        TableDefinition table = document.table();
        ObjectNode node = NODES.objectNode();
        node.put("tableName", table.name());
        node.set("partitionKey", key(table.partitionKey()));
        table.sortKey().ifPresent(sk -> node.set("sortKey", key(sk)));
        if (!table.indexes().isEmpty()) {
            ObjectNode indexes = node.putObject("indexes");
            for (int i = 0; i < table.indexes().size(); i++) {
                IndexDefinition index = table.indexes().get(i);
                String at = "table.indexes[" + i + "]";
                ObjectNode indexNode = indexes.putObject(index.name());
                boolean local = index.kind() == IndexDefinition.IndexKind.LOCAL;
                indexNode.put("type", local ? "local" : "global");
                if (!local) {
                    indexNode.set("partitionKey", key(index.partitionKey().get(0)));
                }
                if (!index.sortKey().isEmpty()) {
                    indexNode.set("sortKey", key(index.sortKey().get(0)));
                }
                if (index.partitionKey().size() > 1 || index.sortKey().size() > 1) {
                    notes.notExported(at, "a multi-attribute key: written as its first attribute of each part");
                }
                if (index.projection().type() != ProjectionDefinition.ProjectionType.ALL) {
                    notes.notExported(at + ".projection", index.projection().type().name() + " (a toolbox table does not say its indexes' projections)");
                }
                index.description().ifPresent(d -> notes.notExported(at + ".description", "index descriptions"));
            }
        }
        node.put("entityAttributeSavedAs", table.entityTypeAttribute());
        table.description().ifPresent(d -> notes.notExported("table.description", "the table's description"));
        if (table.billing().mode() == BillingDefinition.BillingMode.PROVISIONED) {
            notes.notExported("table.billing", "provisioned capacity (a toolbox table has no billing)");
        }
        table.stream().ifPresent(stream -> notes.notExported("table.stream", stream + " (a toolbox table has no stream)"));
        table.timeToLiveAttribute().ifPresent(ttl -> notes.notExported("table.timeToLiveAttribute", ttl + " (a toolbox table has no TTL)"));
        return node;
    }

    private static ObjectNode key(KeyAttributeDefinition key) {
        return NODES.objectNode().put("name", key.name()).put("type", switch (key.type()) {
            case N -> "number";
            case B -> "binary";
            default -> "string";
        });
    }

    /** A key attribute the entity fills, with its template, and whether it is the table's own key. */
    private record KeyField(KeyAttributeDefinition attribute, String template, boolean primary, String at) {
    }

    private ObjectNode entity(String name, EntityDefinition entity, String at, ObjectNode table) {
        List<KeyField> keys = keyFields(entity, at);
        ObjectNode attributes = NODES.objectNode();
        // attribute name to what it is saved as, for the slots of the key templates
        Map<String, ObjectNode> keyed = new LinkedHashMap<>();
        Set<String> savedAs = new LinkedHashSet<>();
        for (KeyField key : keys) {
            keyed(key, entity, at, keyed, savedAs);
        }
        keyed.forEach((attribute, node) -> {
            if (!entity.attributes().containsKey(attribute)) {
                attributes.set(attribute, node);
            }
        });
        Optional<String> created = timestamped(entity, Role.CREATED_AT);
        Optional<String> modified = timestamped(entity, Role.UPDATED_AT);
        for (Map.Entry<String, AttributeDefinition> entry : entity.attributes().entrySet()) {
            String attributeName = entry.getKey();
            if (!created.equals(Optional.of(attributeName)) && !modified.equals(Optional.of(attributeName))) {
                attributes.set(attributeName, entityAttribute(attributeName, entry.getValue(), at + ".attributes." + attributeName, keyed));
            }
        }
        ObjectNode dto = NODES.objectNode();
        dto.put("entityName", name);
        ObjectNode schema = dto.putObject("schema");
        schema.put("type", "item");
        schema.set("attributes", attributes);
        dto.put("entityAttribute", true);
        if (created.isEmpty() && modified.isEmpty()) {
            dto.put("timestamps", false);
        } else if (created.equals(Optional.of(CREATED)) && modified.equals(Optional.of(MODIFIED))) {
            dto.put("timestamps", true);
        } else {
            ObjectNode timestamps = dto.putObject("timestamps");
            timestamp(timestamps, "created", created);
            timestamp(timestamps, "modified", modified);
        }
        dto.set("table", table.deepCopy());
        notes.entityExtras(entity, at, "a DTO");
        return dto;
    }

    /** The key attributes the entity fills: the table's, then its indexes' (an LSI's sort key only). */
    private List<KeyField> keyFields(EntityDefinition entity, String at) {
        TableDefinition tableDefinition = document.table();
        List<KeyField> keys = new ArrayList<>();
        keys.add(new KeyField(tableDefinition.partitionKey(), entity.keys().partition().get(0), true, at + ".keys.pk"));
        tableDefinition.sortKey().ifPresent(sk -> keys.add(new KeyField(sk, entity.keys().sort().get(0), true, at + ".keys.sk")));
        if (entity.keys().partition().size() > 1 || entity.keys().sort().size() > 1) {
            notes.notExported(at + ".keys", "a multi-attribute key: written as its first template of each part");
        }
        entity.indexes().forEach((indexName, key) -> {
            IndexDefinition index = tableDefinition.index(indexName).orElseThrow();
            String indexAt = at + ".indexes." + indexName;
            key.when().ifPresent(when -> notes.notExported(indexAt + ".when", "the sparse condition (the toolbox writes an attribute whenever it has a value)"));
            if (index.kind() != IndexDefinition.IndexKind.LOCAL && !key.partition().isEmpty()) {
                keys.add(new KeyField(index.partitionKey().get(0), key.partition().get(0), false, indexAt + ".pk"));
            }
            if (!key.sort().isEmpty()) {
                keys.add(new KeyField(index.sortKey().get(0), key.sort().get(0), false, indexAt + ".sk"));
            }
        });
        return keys;
    }

    /** A key field as the DTO holds it: a constant, a prefixed slot of an entity attribute, or a hidden key (with a note). */
    private void keyed(KeyField key, EntityDefinition entity, String at, Map<String, ObjectNode> keyed, Set<String> savedAs) {
        if (!savedAs.add(key.attribute().name())) {
            return; // an LSI on the table's own sort key, for one
        }
        Matcher matcher = PREFIXED.matcher(key.template());
        String slot = matcher.matches() ? matcher.group(2) : null;
        if (matcher.matches() && slot == null) {
            if (key.primary()) {
                ObjectNode node = keyAttribute(key.attribute(), true);
                node.put("hidden", true);
                node.putObject("keyDefault").put("defaulterId", "value").put("value", key.template());
                keyed.put(key.attribute().name(), node);
            } else {
                notes.notExported(key.at(), "the constant key '" + key.template() + "' of an index: a toolbox entity fills it with a link, "
                        + "a function the DTO does not hold");
            }
            return;
        }
        if (slot != null && entity.attributes().containsKey(slot) && !keyed.containsKey(slot)) {
            ObjectNode node = keyAttribute(key.attribute(), key.primary());
            node.put("savedAs", key.attribute().name());
            if (!matcher.group(1).isEmpty()) {
                String constant = matcher.group(1);
                char last = constant.charAt(constant.length() - 1);
                boolean delimited = constant.length() > 1 && !Character.isLetterOrDigit(last);
                node.putObject("transform").put("transformerId", "prefix")
                        .put("prefix", delimited ? constant.substring(0, constant.length() - 1) : constant)
                        .put("delimiter", delimited ? String.valueOf(last) : "");
            }
            AttributeDefinition attribute = entity.attributes().get(slot);
            attribute.values().forEach(v -> node.withArray("enum").add(v));
            if (attribute.type() != AttributeKind.STRING && attribute.type() != AttributeKind.ENUM) {
                notes.notExported(at + ".attributes." + slot + ".type", attribute.type().fileName() + " written as the key's type");
            }
            keyed.put(slot, node);
            return;
        }
        String why = slot != null && keyed.containsKey(slot) ? "its slot " + slot + " is already saved as another key"
                : "a DTO keeps a key template only as a prefix before one slot of the entity's attributes";
        if (key.primary()) {
            ObjectNode node = keyAttribute(key.attribute(), true);
            node.put("hidden", true);
            keyed.put(key.attribute().name(), node);
            notes.notExported(key.at(), "the template '" + key.template() + "' (" + why + "): written as a hidden key attribute that the "
                    + "entity's computeKey, a function the DTO does not hold, must fill");
        } else {
            notes.notExported(key.at(), "the template '" + key.template() + "' (" + why + "): a toolbox entity fills it with a link, "
                    + "a function the DTO does not hold");
        }
    }

    /** The first instant attribute with the role, which the DTO's timestamps hold rather than its attributes. */
    private static Optional<String> timestamped(EntityDefinition entity, Role role) {
        return entity.attributes().entrySet().stream()
                .filter(e -> e.getValue().type() == AttributeKind.INSTANT && e.getValue().role().equals(Optional.of(role)))
                .map(Map.Entry::getKey).findFirst();
    }

    /** An attribute of the entity: its key node when a key field is saved as it, else an attribute of its own. */
    private ObjectNode entityAttribute(String attributeName, AttributeDefinition attribute, String attributeAt, Map<String, ObjectNode> keyed) {
        if (keyed.containsKey(attributeName)) {
            ObjectNode node = keyed.get(attributeName);
            if (!attribute.required() && node.has("key")) {
                notes.notExported(attributeAt + ".required", "false: a key attribute is always required");
            } else if (!attribute.required()) {
                node.put("required", "never");
            }
            attribute.role().ifPresent(role -> notes.notExported(attributeAt + ".role", role.fileName()));
            attribute.generated().ifPresent(g -> notes.notExported(attributeAt + ".generated", g.name().toLowerCase(java.util.Locale.ROOT)
                    + " (a generated id is a default, a function the DTO does not hold)"));
            return node;
        }
        return attribute(attribute, attributeAt, true);
    }

    private static void timestamp(ObjectNode timestamps, String which, Optional<String> attribute) {
        if (attribute.isEmpty()) {
            timestamps.put(which, false);
        } else {
            timestamps.putObject(which).put("name", attribute.get()).put("savedAs", attribute.get());
        }
    }

    private static ObjectNode keyAttribute(KeyAttributeDefinition key, boolean primary) {
        ObjectNode node = NODES.objectNode();
        node.put("type", switch (key.type()) {
            case N -> "number";
            case B -> "binary";
            default -> "string";
        });
        if (primary) {
            node.put("key", true);
            node.put("required", "always");
        }
        return node;
    }

    private ObjectNode attribute(AttributeDefinition attribute, String at, boolean ofEntity) {
        ObjectNode node = NODES.objectNode();
        type(node, attribute, at, ofEntity);
        if (!attribute.hasNoValueOptions()) {
            notes.notExported(at, "nullable, default and validation rules");
        }
        if (!attribute.required()) {
            node.put("required", "never");
        }
        if (!attribute.values().isEmpty()) {
            ArrayNode values = node.putArray("enum");
            attribute.values().forEach(values::add);
        }
        attribute.role().ifPresent(role -> notes.notExported(at + ".role", role.fileName() + (ofEntity ? "" : " of a record's attribute")
                + (role == Role.CREATED_AT || role == Role.UPDATED_AT ? " (the toolbox's timestamps are instants)" : "")));
        attribute.generated().ifPresent(g -> notes.notExported(at + ".generated", g.name().toLowerCase(java.util.Locale.ROOT)
                + " (a generated id is a default, a function the DTO does not hold)"));
        attribute.description().ifPresent(d -> notes.notExported(at + ".description", "attribute descriptions"));
        return node;
    }

    /** The DTO's type of the attribute's kind, with a note where the kind is written as a wider one. */
    private void type(ObjectNode node, AttributeDefinition attribute, String at, boolean ofEntity) {
        switch (attribute.type()) {
            case ENUM -> node.put("type", "string");
            case STRING_SET -> {
                node.put("type", "set");
                node.putObject("elements").put("type", "string");
            }
            case STRING_LIST -> {
                node.put("type", "list");
                node.putObject("elements").put("type", "string");
            }
            case STRING_MAP -> {
                node.put("type", "record");
                node.putObject("keys").put("type", "string");
                node.putObject("elements").put("type", "string");
            }
            case RECORD -> {
                node.put("type", "map");
                node.set("attributes", record(attribute.recordType().orElseThrow()));
            }
            case RECORD_LIST -> {
                node.put("type", "list");
                node.putObject("elements").put("type", "map").set("attributes", record(attribute.recordType().orElseThrow()));
            }
            case RECORD_MAP -> {
                node.put("type", "record");
                node.putObject("keys").put("type", "string");
                node.putObject("elements").put("type", "map").set("attributes", record(attribute.recordType().orElseThrow()));
            }
            case NUMBER_SET, BINARY_SET -> {
                node.put("type", "set");
                node.putObject("elements").put("type", attribute.type() == AttributeKind.NUMBER_SET ? "number" : "binary");
            }
            case DOCUMENT -> {
                node.put("type", "any");
                notes.notExported(at + ".type", "document written as any (the DTO checks nothing inside it)");
            }
            case LIST, MAP -> {
                node.put("type", attribute.type() == AttributeKind.LIST ? "list" : "record");
                if (attribute.type() == AttributeKind.MAP) {
                    node.putObject("keys").put("type", "string");
                }
                ObjectNode elements = attribute(AttributeDefinition.of(attribute.elementType().orElseThrow(), true), at + ".of", ofEntity);
                elements.remove("required");
                node.set("elements", elements);
            }
            default -> { // a scalar: the DTO's type storing values as the kind's registry entry does
                String type = switch (attribute.type().storedAs()) {
                    case "N" -> "number";
                    case "BOOL" -> "boolean";
                    case "B" -> "binary";
                    default -> "string";
                };
                node.put("type", type);
                if (!DynamicTypes.isReadAs(attribute.type())) { // a uuid is a string, an integer a number
                    notes.notExported(at + ".type", attribute.type().fileName() + " written as " + type);
                }
            }
        }
    }

    /** A record type's attributes, written where the type is used: a DTO has no named types. */
    private ObjectNode record(String recordType) {
        ObjectNode fields = NODES.objectNode();
        RecordTypeDefinition definition = document.types().get(recordType);
        definition.attributes().forEach((field, attribute) ->
                fields.set(field, attribute(attribute, "types." + recordType + ".attributes." + field, false)));
        return fields;
    }
}
