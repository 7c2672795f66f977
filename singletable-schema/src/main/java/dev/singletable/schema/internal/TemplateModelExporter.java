package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.IndefiniteArticle;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.Role;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A design as a Dynatable ({@code dynatable:1.0.0}) or OneTable ({@code onetable:1.1.0}) schema, the inverse of
 * {@link TemplateModelImporter}: the indexes with their projections, each entity a model whose key fields carry its
 * templates as {@code ${attribute}} values, its attributes with their types, required, enum values, generated ids and
 * TTL, and the created/updated timestamps as the schema's {@code params} when every entity has them alike. Everything
 * else (examples, access patterns, sparse conditions, ...) is an {@link dev.singletable.schema.ExportNote} with its path in the design.
 */
final class TemplateModelExporter {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern SLOT = Pattern.compile("\\{([^}]*)}");

    private final TemplateModelImporter.Flavor flavor;
    private final SchemaDocument document;
    private final ExportNotes notes = new ExportNotes();

    private TemplateModelExporter(TemplateModelImporter.Flavor flavor, SchemaDocument document) {
        this.flavor = flavor;
        this.document = document;
    }

    /** The schema, and what it cannot hold. */
    static ExportResult export(SchemaDocument document, boolean oneTable) {
        TemplateModelExporter exporter = new TemplateModelExporter(TemplateModelImporter.Flavor.of(oneTable), document);
        ObjectNode schema = exporter.schema();
        return exporter.notes.result(schema, schema.path("models").size());
    }

    private ObjectNode schema() {
        TableDefinition table = document.table();
        ObjectNode schema = NODES.objectNode();
        schema.put("format", flavor.format());
        table.description().ifPresent(description -> schema.put("description", description));
        notes.notExported("table.name", IndefiniteArticle.before(flavor.tool()) + " schema holds no table name: give " + table.name() + " to the import (--table)");
        ObjectNode indexes = schema.putObject("indexes");
        ObjectNode primary = indexes.putObject("primary");
        primary.put("hash", table.partitionKey().name());
        table.sortKey().ifPresent(sk -> primary.put("sort", sk.name()));
        for (int i = 0; i < table.indexes().size(); i++) {
            index(indexes, table.indexes().get(i), "table.indexes[" + i + "]");
        }
        if (table.billing().mode() == BillingDefinition.BillingMode.PROVISIONED) {
            notes.notExported("table.billing", "provisioned capacity (the schema has no billing)");
        }
        table.stream().ifPresent(stream -> notes.notExported("table.stream", stream + " (the schema has no stream)"));

        Timestamps timestamps = timestamps();
        ObjectNode models = schema.putObject("models");
        document.entities().forEach((name, entity) -> {
            String at = "entities." + name;
            if (entity.states().isPresent()) {
                notes.notExported(at + ".states", "an entity whose keys depend on its state (" + entity.states().get().attribute()
                        + "): a model has one key; the entity is left out");
                return;
            }
            models.set(name, model(name, entity, at, timestamps));
        });
        ObjectNode params = NODES.objectNode();
        if (!table.entityTypeAttribute().equals(flavor.typeField())) {
            params.put("typeField", table.entityTypeAttribute());
        }
        timestamps.created().ifPresent(created -> {
            params.put("timestamps", true);
            params.put("isoDates", timestamps.iso());
            if (!created.equals(flavor.createdField())) {
                params.put("createdField", created);
            }
            String updated = timestamps.updated().orElseThrow();
            if (!updated.equals(flavor.updatedField())) {
                params.put("updatedField", updated);
            }
        });
        if (!params.isEmpty()) {
            schema.set("params", params);
        }
        notes.designExtras(document);
        return schema;
    }

    private void index(ObjectNode indexes, IndexDefinition index, String at) {
        ObjectNode node = indexes.putObject(index.name());
        if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
            node.put("type", "local");
        } else {
            node.put("hash", index.partitionKey().get(0).name());
        }
        if (!index.sortKey().isEmpty()) {
            node.put("sort", index.sortKey().get(0).name());
        }
        if (index.partitionKey().size() > 1 || index.sortKey().size() > 1) {
            notes.notExported(at, "a multi-attribute key: written as its first attribute of each part");
        }
        switch (index.projection().type()) {
            case KEYS_ONLY -> node.put("project", "keys");
            case INCLUDE -> {
                ArrayNode project = node.putArray("project");
                index.projection().attributes().forEach(project::add);
            }
            default -> {
                // all is the schema's default
            }
        }
        index.description().ifPresent(d -> notes.notExported(at + ".description", "index descriptions"));
    }

    /** The created and updated fields every entity has alike, which the schema's params declare for all models. */
    private record Timestamps(Optional<String> created, Optional<String> updated, boolean iso) {
        boolean owns(String attribute) {
            return created.equals(Optional.of(attribute)) || updated.equals(Optional.of(attribute));
        }
    }

    private Timestamps timestamps() {
        Set<String> created = new LinkedHashSet<>();
        Set<String> updated = new LinkedHashSet<>();
        Set<AttributeKind> kinds = new LinkedHashSet<>();
        boolean every = true;
        for (EntityDefinition entity : document.entities().values()) {
            Optional<String> c = roleAttribute(entity, Role.CREATED_AT);
            Optional<String> u = roleAttribute(entity, Role.UPDATED_AT);
            every &= c.isPresent() && u.isPresent();
            c.ifPresent(name -> {
                created.add(name);
                kinds.add(entity.attributes().get(name).type());
            });
            u.ifPresent(name -> {
                updated.add(name);
                kinds.add(entity.attributes().get(name).type());
            });
        }
        if (every && created.size() == 1 && updated.size() == 1 && kinds.size() == 1) {
            return new Timestamps(Optional.of(created.iterator().next()), Optional.of(updated.iterator().next()),
                    kinds.contains(AttributeKind.INSTANT));
        }
        return new Timestamps(Optional.empty(), Optional.empty(), true);
    }

    private static Optional<String> roleAttribute(EntityDefinition entity, Role role) {
        return entity.attributes().entrySet().stream().filter(a -> a.getValue().role().equals(Optional.of(role))).map(Map.Entry::getKey).findFirst();
    }

    private ObjectNode model(String name, EntityDefinition entity, String at, Timestamps timestamps) {
        TableDefinition table = document.table();
        // key attribute name to the entity's template on it, primary key first
        Map<String, String> keyFields = new LinkedHashMap<>();
        Map<String, KeyAttributeDefinition> keyAttributes = new LinkedHashMap<>();
        keyFields.put(table.partitionKey().name(), entity.keys().partition().get(0));
        keyAttributes.put(table.partitionKey().name(), table.partitionKey());
        table.sortKey().ifPresent(sk -> {
            keyFields.put(sk.name(), entity.keys().sort().get(0));
            keyAttributes.put(sk.name(), sk);
        });
        Set<String> primaryFields = new LinkedHashSet<>(keyFields.keySet());
        entity.indexes().forEach((indexName, key) -> {
            IndexDefinition index = table.index(indexName).orElseThrow();
            if (key.when().isPresent()) {
                notes.notExported(at + ".indexes." + indexName + ".when", "the sparse condition (the model's key fields are always written)");
            }
            List<String> partition = index.kind() == IndexDefinition.IndexKind.LOCAL ? List.of() : key.partition();
            if (!partition.isEmpty()) {
                keyFields.putIfAbsent(index.partitionKey().get(0).name(), partition.get(0));
                keyAttributes.putIfAbsent(index.partitionKey().get(0).name(), index.partitionKey().get(0));
            }
            if (!key.sort().isEmpty()) {
                keyFields.putIfAbsent(index.sortKey().get(0).name(), key.sort().get(0));
                keyAttributes.putIfAbsent(index.sortKey().get(0).name(), index.sortKey().get(0));
            }
        });
        ObjectNode model = NODES.objectNode();
        ObjectNode keyNode = flavor.splitModels() ? model.putObject("key") : model;
        ObjectNode attributeNode = flavor.splitModels() ? model.putObject("attributes") : model;
        Map<String, ObjectNode> written = new LinkedHashMap<>();
        keyFields.forEach((field, template) -> {
            if (template.equals("{" + field + "}") && entity.attributes().containsKey(field)) {
                return; // the key is the entity's own attribute: the field is that attribute
            }
            ObjectNode node = (primaryFields.contains(field) ? keyNode : attributeNode).putObject(field);
            node.put("type", switch (keyAttributes.get(field).type()) {
                case N -> "Number";
                case B -> "Binary";
                default -> "String";
            });
            node.put("value", template(template, at + (primaryFields.contains(field) ? ".keys" : ".indexes") + "." + field));
            written.put(field, node);
        });
        entity.attributes().forEach((attributeName, attribute) -> {
            String attributeAt = at + ".attributes." + attributeName;
            if (timestamps.owns(attributeName) && attribute.role().isPresent()) {
                return; // declared once for every model by the params
            }
            if (written.containsKey(attributeName)) {
                notes.notExported(attributeAt, "an attribute named like a key attribute whose template is not {" + attributeName + "}: left out");
                return;
            }
            ObjectNode node = (primaryFields.contains(attributeName) ? keyNode : attributeNode).putObject(attributeName);
            attribute(node, attribute, attributeAt, true);
        });
        notes.entityExtras(entity, at, "a schema");
        return model;
    }

    private void attribute(ObjectNode node, AttributeDefinition attribute, String at, boolean ofEntity) {
        boolean ttl = attribute.role().equals(Optional.of(Role.TIME_TO_LIVE));
        type(node, attribute, at, ttl);
        if (attribute.required()) {
            node.put("required", true);
        }
        attribute.defaultValue().ifPresent(value -> node.putPOJO("default", value)); // both formats write it when missing
        if (attribute.nullable() || !attribute.rules().isEmpty()) {
            notes.notExported(at, "nullable and validation rules (its default is exported)");
        }
        if (!attribute.values().isEmpty()) {
            ArrayNode values = node.putArray("enum");
            attribute.values().forEach(values::add);
        }
        if (attribute.type() == AttributeKind.STRING_LIST) {
            node.putObject("items").put("type", "String");
        }
        if (attribute.type() == AttributeKind.RECORD || attribute.type() == AttributeKind.RECORD_LIST) {
            String recordType = attribute.recordType().orElseThrow();
            ObjectNode holder = attribute.type() == AttributeKind.RECORD ? node : node.putObject("items").put("type", "Object");
            ObjectNode fields = holder.putObject("schema");
            RecordTypeDefinition definition = document.types().get(recordType);
            definition.attributes().forEach((field, fieldAttribute) ->
                    attribute(fields.putObject(field), fieldAttribute, "types." + recordType + ".attributes." + field, false));
        }
        attribute.generated().ifPresent(generator -> node.put("generate", generator.name().toLowerCase(java.util.Locale.ROOT)));
        if (ttl) {
            node.put("ttl", true);
            if (attribute.type() != AttributeKind.EPOCH_SECONDS) {
                notes.notExported(at + ".type", attribute.type().fileName() + " TTL attribute written as epoch seconds");
            }
        }
        attribute.role().filter(role -> role != Role.TIME_TO_LIVE).ifPresent(role ->
                notes.notExported(at + ".role", role.fileName() + (role == Role.VERSION ? " (optimistic locking is the application's)"
                        : " (the schema's timestamps are for every model alike, with the same fields)")));
        attribute.description().ifPresent(d -> notes.notExported(at + ".description", "attribute descriptions"));
        if (!ofEntity && attribute.role().isPresent()) {
            notes.notExported(at + ".role", "a record's attribute role");
        }
    }

    /** The model's type of the attribute's kind, with a note where the kind is written as another (a TTL's epochSeconds is not). */
    private void type(ObjectNode node, AttributeDefinition attribute, String at, boolean ttl) {
        String type = modelType(attribute.type());
        node.put("type", type);
        switch (attribute.type()) {
            case STRING, ENUM, INSTANT, RECORD, RECORD_LIST -> {
            }
            case EPOCH_SECONDS -> {
                if (!ttl) {
                    notes.notExported(at + ".type", "epochSeconds written as Number");
                }
            }
            case RECORD_MAP -> notes.notExported(at + ".type", "a map of " + attribute.recordType().orElseThrow() + " records written as an Object "
                    + "without schema");
            case NUMBER_SET, BINARY_SET -> notes.notExported(at + ".type", attribute.type().fileName() + " written as a Set (of strings)");
            case LIST, MAP -> notes.notExported(at + ".type", "a " + attribute.type().fileName() + " of " + attribute.elementType().orElseThrow().fileName()
                    + " written as an " + type + " without its element type");
            case DOCUMENT -> notes.notExported(at + ".type", "document written as an Object without schema");
            default -> {
                if (!DynamicTypes.isReadAs(attribute.type())) { // a uuid is a String, an integer a Number
                    notes.notExported(at + ".type", attribute.type().fileName() + " written as " + type);
                }
            }
        }
    }

    /** The model's type of a kind: the one storing values as the kind's registry entry does ({@code Number} for N); an instant is a Date. */
    private static String modelType(AttributeKind kind) {
        if (kind == AttributeKind.INSTANT) {
            return "Date";
        }
        String storedAs = kind.storedAs();
        return switch (storedAs) {
            case "NS", "BS" -> "Set";
            default -> TemplateModelImporter.STORED_AS.entrySet().stream().filter(e -> e.getValue().equals(storedAs))
                    .map(Map.Entry::getKey).filter(name -> !name.equals("Buffer")).findFirst().orElse("String");
        };
    }

    /** {@code USER#{id}} as {@code USER#${id}}; a slot's format or options have no equivalent and are reported. */
    private String template(String template, String at) {
        StringBuilder out = new StringBuilder();
        Matcher matcher = SLOT.matcher(template);
        int last = 0;
        while (matcher.find()) {
            String slot = matcher.group(1);
            int options = slot.indexOf(':');
            if (options >= 0) {
                notes.notExported(at, "slot {" + slot + "}: its format or options are not written (${" + slot.substring(0, options) + "})");
                slot = slot.substring(0, options);
            }
            out.append(template, last, matcher.start()).append("${").append(slot).append('}');
            last = matcher.end();
        }
        return out.append(template.substring(last)).toString();
    }
}
