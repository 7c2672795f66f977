package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.Table;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.TableDefinition;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schema file as a NoSQL Workbench data model, version 3.0: the table with its GSIs and LSIs, one facet
 * per entity whose key aliases are its templates, and its examples as sample items, keys composed
 * by the core exactly as a write would.
 */
final class WorkbenchExporter {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern SLOT = Pattern.compile("\\{([^}:]+)");

    private WorkbenchExporter() {
    }

    /** The model, and a note for each part of the design it cannot hold, so that nothing is left out silently. */
    static ExportResult exportWithNotes(SchemaFile design) {
        ExportNotes notes = new ExportNotes();
        notExported(design, notes);
        ObjectNode model = export(design);
        WorkbenchReadBack.note(design, model, notes);
        return notes.result(model, model.path("DataModel").path(0).path("TableFacets").size());
    }

    static ObjectNode export(SchemaFile design) {
        SchemaDocument document = design.document();
        TableDefinition table = document.table();
        Table composer = Table.offline(design.upperBoundSchema());

        ObjectNode model = NODES.objectNode();
        model.put("ModelName", table.name());
        ObjectNode metadata = model.putObject("ModelMetadata");
        metadata.put("Author", "");
        metadata.put("DateCreated", "");
        metadata.put("DateLastModified", "");
        metadata.put("Description", table.description().orElse(""));
        metadata.put("AWSService", "Amazon DynamoDB");
        metadata.put("Version", "3.0");

        ObjectNode tableNode = model.putArray("DataModel").addObject();
        tableNode.put("TableName", table.name());
        tableNode.set("KeyAttributes", keyAttributes(List.of(table.partitionKey()), table.sortKey().stream().toList()));

        nonKeyAttributes(tableNode, document);

        ArrayNode facets = tableNode.putArray("TableFacets");
        ArrayNode tableData = NODES.arrayNode();
        document.entityTypes().forEach((name, entity) -> {
            facet(facets.addObject(), name, entity.keys(), entity.attributes().keySet(), design.examples(name), composer, table, tableData);
        });
        document.relations().forEach((name, relation) -> {
            List<DynamicItem> samples = design.relationExamples(name);
            Relation<?, ?> core = design.tableSchema().relation(name).orElseThrow();
            List<String> attributes = core.firstSideItems().attributes().stream().map(Attribute::name).toList();
            for (var side : List.of(Map.entry(core.firstSideItems().type(), relation.firstSide()),
                    Map.entry(core.secondSideItems().type(), relation.secondSide()))) {
                facet(facets.addObject(), side.getKey(), side.getValue(), attributes,
                        samples.stream().filter(item -> item.entityType().equals(side.getKey())).toList(), composer, table, tableData);
            }
        });

        indexes(tableNode, "GlobalSecondaryIndexes", table, IndexDefinition.IndexKind.GLOBAL);
        indexes(tableNode, "LocalSecondaryIndexes", table, IndexDefinition.IndexKind.LOCAL);
        tableNode.set("TableData", tableData);
        tableNode.putObject("DataAccess").putObject("MySql");
        BillingDefinition billing = table.billing();
        tableNode.put("BillingMode", billing.mode().name());
        if (billing.mode() == BillingDefinition.BillingMode.PROVISIONED) {
            ObjectNode throughput = tableNode.putObject("ProvisionedCapacitySettings").putObject("ProvisionedThroughput");
            throughput.put("ReadCapacityUnits", billing.readCapacity().orElse(5L));
            throughput.put("WriteCapacityUnits", billing.writeCapacity().orElse(5L));
        }
        return model;
    }

    /**
     * A facet: its key aliases are the templates (which our import reads back), its sample items those of {@code examples}
     * (also added to the table's), its attributes those named.
     */
    private static void facet(ObjectNode facet, String name, KeyDefinition keys, Collection<String> attributeNames, List<DynamicItem> examples,
                              Table composer, TableDefinition table, ArrayNode tableData) {
        facet.put("FacetName", name);
        ObjectNode aliases = facet.putObject("KeyAttributeAlias");
        aliases.put("PartitionKeyAlias", String.join(" ", keys.partition()));
        if (!keys.sort().isEmpty()) {
            aliases.put("SortKeyAlias", String.join(" ", keys.sort()));
        }
        ArrayNode data = facet.putArray("TableData");
        for (DynamicItem example : examples) {
            ObjectNode item = item(composer.toItem(example), table, attributeNames);
            data.add(item);
            tableData.add(item.deepCopy());
        }
        ArrayNode attributes = facet.putArray("NonKeyAttributes");
        attributeNames.forEach(attributes::add);
        facet.putObject("DataAccess").putObject("MySql");
    }

    /**
     * What a model cannot hold: TTL, stream, index descriptions, multi-attribute keys (shown by their first attribute), each
     * entity's state-dependent keys (a facet per state), description, bag, volume and sparse conditions, each attribute's
     * required flag (but a key slot's: the import makes it required), role, generation, enum values, description and a type
     * that its DynamoDB type reads back as another, the index templates of an entity without sample items (an import reads
     * them from the items), the record types, the design's collections and patterns, and what makes a relation more than the
     * facets of its adjacency items (whose edge attributes get the same notes as an entity's attributes).
     */
    private static void notExported(SchemaFile design, ExportNotes notes) {
        SchemaDocument document = design.document();
        TableDefinition table = document.table();
        table.timeToLiveAttribute().ifPresent(ttl -> notes.notExported("table.timeToLiveAttribute", ttl + " (a model has no TTL)"));
        table.stream().ifPresent(stream -> notes.notExported("table.stream", stream + " (a model has no stream)"));
        for (IndexDefinition index : table.indexes()) {
            String at = "table.indexes." + index.name();
            if (index.partitionKey().size() > 1 || index.sortKey().size() > 1) {
                notes.notExported(at, "a multi-attribute key, shown by its first attribute");
            }
            index.description().ifPresent(d -> notes.notExported(at + ".description", "index descriptions"));
        }
        document.entities().forEach((name, entity) -> {
            String at = "entities." + name;
            entity.states().ifPresent(states -> notes.notExported(at + ".states", "keys that depend on " + states.attribute()
                    + ": written as a facet per state (" + String.join(", ", states.values().values().stream().map(state -> state.type()).toList()) + ")"));
            entity.description().ifPresent(d -> notes.notExported(at + ".description", "entity descriptions"));
            notes.bagAndVolume(entity, at);
            entity.indexes().forEach((index, key) -> key.when().ifPresent(when -> notes.notExported(at + ".indexes." + index + ".when",
                    "the sparse condition (the sample items show which are in the index)")));
            Set<String> keySlots = keySlots(entity);
            entity.attributes().forEach((attributeName, attribute) -> attributeNotes(attribute, at + ".attributes." + attributeName,
                    keySlots.contains(attributeName), notes));
        });
        document.entityTypes().forEach((name, entity) -> {
            if (!entity.indexes().isEmpty() && design.examples(name).isEmpty()) {
                notes.notExported("entities." + name + ".indexes", "no sample item of " + name + ", and an import reads index templates "
                        + "from sample items: its templates on " + String.join(", ", entity.indexes().keySet())
                        + " do not come back (give it examples, or --data " + name + "=FILE)");
            }
        });
        document.types().forEach((typeName, type) -> notes.notExported("types." + typeName, "record types (a record is written as a map, M)"));
        notes.designExtras(document, " (written as facets of their adjacency items, " + adjacencyFacets(design)
                + ", their example pairs as sample items, which an import reads back as the relation, named after its two entities; relate and related are not exported)");
        document.relations().forEach((relation, definition) -> definition.edge().forEach((edgeName, edge) ->
                attributeNotes(edge, "relations." + relation + ".edge." + edgeName, false, notes)));
    }

    /** The adjacency item types of the relations, the facets they are written as. */
    private static String adjacencyFacets(SchemaFile design) {
        List<String> types = new ArrayList<>();
        design.document().relations().keySet().forEach(name -> design.tableSchema().relation(name).ifPresent(relation -> {
            types.add(relation.firstSideItems().type());
            types.add(relation.secondSideItems().type());
        }));
        return String.join(", ", types);
    }

    private static void attributeNotes(AttributeDefinition attribute, String at, boolean keySlot, ExportNotes notes) {
        if (attribute.required() && !keySlot) {
            notes.notExported(at + ".required", "true (a model's attributes are all optional)");
        }
        if (!DynamicTypes.isReadAs(attribute.type())) {
            notes.notExported(at + ".type", attribute.typeText() + " written as " + type(attribute));
        }
        notes.attributeExtras(attribute, at);
    }

    /** The attributes the entity's primary key templates (of each state) hold as slots. */
    private static Set<String> keySlots(EntityDefinition entity) {
        Set<String> slots = new LinkedHashSet<>();
        List<KeyDefinition> keys = new ArrayList<>(List.of(entity.keys()));
        entity.states().ifPresent(states -> states.values().values().forEach(state -> keys.add(state.keys())));
        for (KeyDefinition key : keys) {
            for (String template : concat(key.partition(), key.sort())) {
                Matcher slot = SLOT.matcher(template);
                while (slot.find()) {
                    slots.add(slot.group(1));
                }
            }
        }
        return slots;
    }

    /** The attributes other than the table's keys, with their types: the indexes' keys, the entity type and the entities'. */
    private static void nonKeyAttributes(ObjectNode tableNode, SchemaDocument document) {
        TableDefinition table = document.table();
        Map<String, String> nonKeyTypes = new LinkedHashMap<>();
        for (IndexDefinition index : table.indexes()) {
            for (KeyAttributeDefinition key : concat(index.partitionKey(), index.sortKey())) {
                nonKeyTypes.put(key.name(), key.type().name());
            }
        }
        nonKeyTypes.put(table.entityTypeAttribute(), "S");
        document.entities().values().forEach(entity -> entity.attributes().forEach((name, attribute) -> nonKeyTypes.putIfAbsent(name, type(attribute))));
        document.relations().values().forEach(relation -> relation.edge().forEach((name, edge) -> nonKeyTypes.putIfAbsent(name, type(edge))));
        nonKeyTypes.remove(table.partitionKey().name());
        table.sortKey().ifPresent(sk -> nonKeyTypes.remove(sk.name()));
        ArrayNode nonKey = tableNode.putArray("NonKeyAttributes");
        nonKeyTypes.forEach((name, type) -> nonKey.addObject().put("AttributeName", name).put("AttributeType", type));
    }

    /** The table's indexes of one kind; an LSI's key is the table's partition key and the index's sort attribute. */
    private static void indexes(ObjectNode tableNode, String field, TableDefinition table, IndexDefinition.IndexKind kind) {
        List<IndexDefinition> ofKind = table.indexes().stream().filter(index -> index.kind() == kind).toList();
        if (ofKind.isEmpty()) {
            return;
        }
        ArrayNode list = tableNode.putArray(field);
        for (IndexDefinition index : ofKind) {
            ObjectNode node = list.addObject();
            node.put("IndexName", index.name());
            List<KeyAttributeDefinition> partition = kind == IndexDefinition.IndexKind.LOCAL ? List.of(table.partitionKey()) : index.partitionKey();
            node.set("KeyAttributes", keyAttributes(partition, index.sortKey()));
            ObjectNode projection = node.putObject("Projection");
            projection.put("ProjectionType", index.projection().type().name());
            if (index.projection().type() == ProjectionDefinition.ProjectionType.INCLUDE) {
                ArrayNode included = projection.putArray("NonKeyAttributes");
                index.projection().attributes().forEach(included::add);
            }
        }
    }

    private static ObjectNode keyAttributes(List<KeyAttributeDefinition> partition, List<KeyAttributeDefinition> sort) {
        // NoSQL Workbench holds one attribute a key; a multi-attribute key shows its first
        ObjectNode keys = NODES.objectNode();
        keys.putObject("PartitionKey").put("AttributeName", partition.get(0).name()).put("AttributeType", partition.get(0).type().name());
        if (!sort.isEmpty()) {
            keys.putObject("SortKey").put("AttributeName", sort.get(0).name()).put("AttributeType", sort.get(0).type().name());
        }
        return keys;
    }

    /** An item in DynamoDB JSON: key attributes first, then the entity type, then the attributes in declaration order. */
    private static ObjectNode item(Map<String, AttributeValue> values, TableDefinition table, Collection<String> attributes) {
        Set<String> order = new LinkedHashSet<>();
        order.add(table.partitionKey().name());
        table.sortKey().ifPresent(sk -> order.add(sk.name()));
        for (IndexDefinition index : table.indexes()) {
            concat(index.partitionKey(), index.sortKey()).forEach(key -> {
                if (!attributes.contains(key.name())) {
                    order.add(key.name());
                }
            });
        }
        order.add(table.entityTypeAttribute());
        order.addAll(attributes);
        order.addAll(values.keySet());
        ObjectNode item = NODES.objectNode();
        for (String name : order) {
            AttributeValue value = values.get(name);
            if (value != null) {
                item.set(name, attributeValue(value));
            }
        }
        return item;
    }

    private static ObjectNode attributeValue(AttributeValue value) {
        ObjectNode node = NODES.objectNode();
        switch (value.type()) {
            case S -> node.put("S", value.s());
            case N -> node.put("N", value.n());
            case B -> node.put("B", base64(value.b()));
            case BOOL -> node.put("BOOL", value.bool());
            case NUL -> node.put("NULL", true);
            case SS -> value.ss().forEach(node.putArray("SS")::add);
            case NS -> value.ns().forEach(node.putArray("NS")::add);
            case BS -> value.bs().forEach(b -> node.withArray("BS").add(base64(b)));
            case L -> {
                ArrayNode list = node.putArray("L");
                value.l().forEach(v -> list.add(attributeValue(v)));
            }
            case M -> {
                ObjectNode map = node.putObject("M");
                value.m().forEach((k, v) -> map.set(k, attributeValue(v)));
            }
            default -> throw new IllegalStateException("an item composed by the core has no " + value.type() + " values");
        }
        return node;
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArray());
    }

    /** The DynamoDB type an attribute is stored as. */
    private static String type(AttributeDefinition attribute) {
        return attribute.type().storedAs();
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

}
