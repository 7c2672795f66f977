package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.IndefiniteArticle;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;
import dev.singletable.schema.internal.SampleEntities.Context;
import dev.singletable.schema.internal.SampleEntities.Item;
import dev.singletable.schema.internal.SampleEntities.Keys;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.singletable.schema.internal.WorkbenchTableLayout.text;

/**
 * NoSQL Workbench data models (versions 1.0 and 3.0: {@code ModelName}, {@code DataModel} of
 * tables with {@code KeyAttributes}, {@code NonKeyAttributes}, {@code GlobalSecondaryIndexes},
 * {@code TableFacets} and {@code TableData} in DynamoDB JSON) into a schema document. Facets become
 * entities; without facets, entities are the groups of sample items whose keys have one shape.
 */
final class WorkbenchImporter {
    private static final Set<String> KNOWN_VERSIONS = Set.of("1.0", "2.0", "3.0");
    private static final Set<String> MODEL_FIELDS = Set.of("ModelName", "ModelMetadata", "DataModel");
    private static final Set<String> TABLE_FIELDS = Set.of("TableName", "KeyAttributes", "NonKeyAttributes", "GlobalSecondaryIndexes",
            "LocalSecondaryIndexes", "TableFacets", "TableData", "SampleDataFormats", "BillingMode", "ProvisionedCapacitySettings", "DataAccess");

    private final ImportNotes notes = new ImportNotes();
    private final WorkbenchTableLayout layout = new WorkbenchTableLayout(notes);
    private String entityTypeAttribute = TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE;
    private SampleEntities sampleEntities;
    private Keys keys;
    /** The facets' entity names, which an entity made of a facet's other key shape may not take. */
    private final Set<String> reservedNames = new LinkedHashSet<>();

    private WorkbenchImporter() {
    }

    /** The model's first table; each other table is a note. */
    static ImportResult read(JsonNode model) {
        WorkbenchImporter importer = new WorkbenchImporter();
        JsonNode tables = tables(model);
        for (int i = 1; i < tables.size(); i++) {
            importer.notes.notMapped("DataModel[" + i + "]", "table " + tables.get(i).path("TableName").asText()
                    + ": a schema file holds one table; import it with --table " + tables.get(i).path("TableName").asText()
                    + ", or every table with --each-table");
        }
        SchemaDocument document = importer.document(model, 0);
        return new ImportResult(document, importer.notes.list());
    }

    /** Every table of the model, a design each, in the model's order. */
    static List<ImportResult> readEach(JsonNode model) {
        List<ImportResult> results = new ArrayList<>();
        for (int i = 0; i < tables(model).size(); i++) {
            WorkbenchImporter importer = new WorkbenchImporter();
            SchemaDocument document = importer.document(model, i);
            results.add(new ImportResult(document, importer.notes.list()));
        }
        return results;
    }

    private static JsonNode tables(JsonNode model) {
        if (!model.isObject() || !model.path("DataModel").isArray() || model.path("DataModel").isEmpty()) {
            throw new DesignImportException("Not a NoSQL Workbench data model: it has no DataModel list of tables; "
                    + "export the model from NoSQL Workbench (Data modeler, Export model) and import that file");
        }
        JsonNode tables = model.path("DataModel");
        Map<String, String> seen = new LinkedHashMap<>();
        for (int i = 0; i < tables.size(); i++) {
            String name = tables.get(i).path("TableName").asText("");
            String first = seen.putIfAbsent(name, "DataModel[" + i + "]");
            if (first != null && !name.isEmpty()) {
                throw new DesignImportException("DataModel[" + i + "].TableName: '" + name + "' is also the name of " + first
                        + "; a model's tables have names of their own, and the second would replace the first: rename one");
            }
        }
        return tables;
    }

    private SchemaDocument document(JsonNode model, int tableIndex) {
        JsonNode tables = tables(model);
        String path = "DataModel[" + tableIndex + "]";
        JsonNode table = tables.get(tableIndex);
        noteUnreadFields(model, table, path);
        String tableName = text(table, "TableName", path);
        keys = layout.keys(table.path("KeyAttributes"), path + ".KeyAttributes");
        List<IndexDefinition> indexes = layout.indexes(table.path("GlobalSecondaryIndexes"), path + ".GlobalSecondaryIndexes");
        indexes.addAll(layout.localIndexes(table.path("LocalSecondaryIndexes"), path + ".LocalSecondaryIndexes", keys));
        if (table.has("SampleDataFormats") && !table.path("SampleDataFormats").isEmpty()) {
            notes.notMapped(path + ".SampleDataFormats", "not read by this import; add them to the schema file by hand");
        }
        BillingDefinition billing = layout.billing(table, path);
        String description = model.path("ModelMetadata").path("Description").asText("");
        JsonNode facets = table.path("TableFacets");
        entityTypeAttribute = entityTypeAttribute(facets);
        TableDefinition tableDefinition = new TableDefinition(tableName, description.isBlank() ? Optional.empty() : Optional.of(description),
                keys.partition(), keys.sort(), entityTypeAttribute, Optional.empty(), billing, indexes);

        List<Item> tableItems = items(table.path("TableData"), path + ".TableData");
        Context context = new Context(keys, indexes, declaredTypes(table.path("NonKeyAttributes")), tableItems, entityTypeAttribute);
        sampleEntities = new SampleEntities(notes, context);
        Map<String, EntityDefinition> entities = entities(facets, path, context);
        unusedAttributes(table.path("NonKeyAttributes"), path + ".NonKeyAttributes", keys, indexes, entities);
        if (entities.isEmpty()) {
            throw new DesignImportException(path + ": table " + tableName + " has neither facets nor sample items, so there is no entity "
                    + "to import; add a facet (Data modeler, Add facet) or sample items (Visualizer, Update) and export it again");
        }
        return new AdjacencyRelations(notes).rebuild(new SchemaDocument(tableDefinition, entities, Map.of(), List.of()), path + ".TableFacets");
    }

    /** Notes the model's parts no design holds: an unknown version, fields of neither a model nor a table, data access settings. */
    private void noteUnreadFields(JsonNode model, JsonNode table, String path) {
        String version = model.path("ModelMetadata").path("Version").asText("");
        if (!KNOWN_VERSIONS.contains(version)) {
            notes.notMapped("ModelMetadata.Version", "version '" + version + "' is not one of 1.0, 3.0; read as 3.0");
        }
        model.properties().forEach(field -> {
            if (!MODEL_FIELDS.contains(field.getKey())) {
                notes.notMapped(field.getKey(), "not a field of a NoSQL Workbench model; left out");
            }
        });
        table.properties().forEach(field -> {
            if (!TABLE_FIELDS.contains(field.getKey())) {
                notes.notMapped(path + "." + field.getKey(), "not a field of a NoSQL Workbench table; left out");
            }
        });
        if (table.path("DataAccess").isObject() && table.path("DataAccess").properties().stream().anyMatch(e -> !e.getValue().isEmpty())) {
            notes.notMapped(path + ".DataAccess", "the model's data access settings are not part of a design; left out");
        }
    }

    private static Map<String, String> declaredTypes(JsonNode nonKey) {
        Map<String, String> declaredTypes = new LinkedHashMap<>();
        for (JsonNode attribute : nonKey) {
            declaredTypes.put(attribute.path("AttributeName").asText(), attribute.path("AttributeType").asText("S"));
        }
        return declaredTypes;
    }

    /** An entity per facet (or per key shape of a facet's items); without facets, one per key shape of the table's items. */
    private Map<String, EntityDefinition> entities(JsonNode facets, String path, Context context) {
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        if (!facets.isArray() || facets.isEmpty()) {
            inferEntities(path + ".TableData", context, entities);
            return entities;
        }
        reservedNames.addAll(facetNames(facets, path));
        for (int f = 0; f < facets.size(); f++) {
            facet(facets.get(f), path + ".TableFacets[" + f + "]", context, entities, tableItemsOf(facets.get(f), facets, context.tableItems()));
        }
        unassigned(facets, context.tableItems());
        return entities;
    }

    /** The facets' entity names, refusing two facets that name one entity. */
    private static Set<String> facetNames(JsonNode facets, String path) {
        Map<String, String> facetNames = new LinkedHashMap<>();
        for (int f = 0; f < facets.size(); f++) {
            String facetName = text(facets.get(f), "FacetName", path + ".TableFacets[" + f + "]");
            String first = facetNames.putIfAbsent(identifier(facetName), path + ".TableFacets[" + f + "] ('" + facetName + "')");
            if (first != null) {
                throw new DesignImportException(path + ".TableFacets[" + f + "].FacetName: '" + facetName + "' names the same entity as "
                        + first + "; each facet is an entity of its own, and the second would replace the first: rename one");
            }
        }
        return facetNames.keySet();
    }

    /**
     * The table's items that belong to this facet: those naming it in the entity-type attribute
     * and not already among the facet's own items (an exported model holds each item in both).
     */
    private List<Item> tableItemsOf(JsonNode facet, JsonNode facets, List<Item> tableItems) {
        String name = facet.path("FacetName").asText();
        return tableItems.stream().filter(item -> name.equals(item.value().path(entityTypeAttribute).path("S").asText(null)))
                .filter(item -> !inFacetData(item, facets)).toList();
    }

    /** Reports the table's items that no facet holds or names: nothing says which entity they are. */
    private void unassigned(JsonNode facets, List<Item> tableItems) {
        Set<String> facetNames = new LinkedHashSet<>();
        facets.forEach(f -> facetNames.add(f.path("FacetName").asText()));
        for (Item item : tableItems) {
            if (!inFacetData(item, facets) && !facetNames.contains(item.value().path(entityTypeAttribute).path("S").asText(""))) {
                notes.notMapped(item.path(), "item " + item.value() + " is in no facet and its '" + entityTypeAttribute + "' names none; "
                        + "left out: add it to a facet's examples in the schema file");
            }
        }
    }

    private static boolean inFacetData(Item item, JsonNode facets) {
        for (JsonNode facet : facets) {
            for (JsonNode facetItem : facet.path("TableData")) {
                if (facetItem.equals(item.value())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The attribute every facet's items name their facet in (an exported model's entity-type
     * attribute), or {@code entityType}.
     */
    private static String entityTypeAttribute(JsonNode facets) {
        Set<String> candidates = null;
        for (JsonNode facet : facets) {
            String name = facet.path("FacetName").asText();
            for (JsonNode item : facet.path("TableData")) {
                Set<String> naming = new LinkedHashSet<>();
                item.properties().forEach(e -> {
                    if (name.equals(e.getValue().path("S").asText(null))) {
                        naming.add(e.getKey());
                    }
                });
                if (candidates == null) {
                    candidates = naming;
                } else {
                    candidates.retainAll(naming);
                }
            }
        }
        return candidates == null || candidates.size() != 1 ? TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE : candidates.iterator().next();
    }

    /** The table's declared attributes that no entity holds: no facet lists them and no sample item has them. */
    private void unusedAttributes(JsonNode nonKey, String path, Keys keys, List<IndexDefinition> indexes, Map<String, EntityDefinition> entities) {
        for (int i = 0; i < nonKey.size(); i++) {
            String attribute = nonKey.get(i).path("AttributeName").asText();
            boolean indexKey = indexes.stream().anyMatch(index -> SampleEntities.concat(index.partitionKey(), index.sortKey()).stream()
                    .anyMatch(k -> k.name().equals(attribute)));
            boolean held = entities.values().stream().anyMatch(entity -> entity.attributes().containsKey(attribute)
                    || String.join("", SampleEntities.concat(entity.keys().partition(), entity.keys().sort())).contains("{" + attribute + "}")
                    || entity.indexes().values().stream().anyMatch(k -> String.join("", SampleEntities.concat(k.partition(), k.sort()))
                    .contains("{" + attribute + "}")));
            if (!held && !indexKey && !keys.isKey(attribute) && !attribute.equals(entityTypeAttribute)) {
                notes.notMapped(path + "[" + i + "]", "attribute " + attribute + " is in no facet and no sample item, so no entity holds it; "
                        + "add it to its entity by hand");
            }
        }
    }

    private List<Item> items(JsonNode data, String path) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            if (keyTypesFit(data.get(i), path + "[" + i + "]")) {
                items.add(new Item(path + "[" + i + "]", data.get(i)));
            }
        }
        return items;
    }

    /** Whether the item's table key values have the keys' types; an item DynamoDB would refuse is left out with a note. */
    private boolean keyTypesFit(JsonNode item, String path) {
        if (keys == null) {
            return true;
        }
        List<KeyAttributeDefinition> tableKeys = new ArrayList<>(List.of(keys.partition()));
        keys.sort().ifPresent(tableKeys::add);
        for (KeyAttributeDefinition key : tableKeys) {
            JsonNode value = item.path(key.name());
            if (value.isObject() && value.size() == 1 && !value.has(key.type().name())) {
                String type = value.fieldNames().next();
                notes.notMapped(path + "." + key.name(), "item left out: its " + key.name() + " is " + value + ", " + IndefiniteArticle.before(type) + ", and the "
                        + "table's " + key.name() + " is " + key.type() + ", so DynamoDB refuses the item");
                return false;
            }
        }
        return true;
    }

    private void facet(JsonNode facet, String path, Context context, Map<String, EntityDefinition> entities, List<Item> tableItems) {
        String name = identifier(text(facet, "FacetName", path));
        JsonNode aliases = facet.path("KeyAttributeAlias");
        String pkAlias = aliases.path("PartitionKeyAlias").asText(context.keys().partition().name());
        String skAlias = aliases.path("SortKeyAlias").asText(context.keys().sort().map(KeyAttributeDefinition::name).orElse("sk"));
        List<Item> items = new ArrayList<>(items(facet.path("TableData"), path + ".TableData"));
        items.addAll(tableItems);
        List<String> attributeNames = new ArrayList<>();
        facet.path("NonKeyAttributes").forEach(a -> attributeNames.add(a.asText()));
        if (pkAlias.contains("{")) {
            // our own export's aliases are the templates
            KeyDefinition given = new KeyDefinition(List.of(pkAlias), context.keys().sort().isPresent() ? List.of(skAlias) : List.of(), Optional.empty());
            entities.put(name, sampleEntities.entity(name, path, items, attributeNames, Optional.of(given), sampleEntities.varying(items),
                    "id", "id"));
            return;
        }
        String pkBase = slotBase(pkAlias, context);
        String skBase = slotBase(skAlias, context);
        SampleEntities.Varying varying = sampleEntities.varying(items);
        List<Map.Entry<SampleEntities.Shape, List<Item>>> shapes = new ArrayList<>(sampleEntities.byShape(items, varying).entrySet());
        if (shapes.isEmpty()) {
            entities.put(name, sampleEntities.entity(name, path, items, attributeNames, Optional.empty(), varying, pkBase, skBase));
            return;
        }
        shapes.sort(Comparator.comparingInt((Map.Entry<SampleEntities.Shape, List<Item>> shape) -> shape.getValue().size()).reversed());
        List<String> made = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            List<Item> shape = shapes.get(i).getValue();
            Set<String> taken = new LinkedHashSet<>(entities.keySet());
            taken.addAll(reservedNames);
            String entityName = i == 0 ? name : unique(name + shapeWord(shapes.get(i).getKey(), name), taken);
            entities.put(entityName, sampleEntities.entity(entityName, path, shape, i == 0 ? attributeNames : List.of(), Optional.empty(), varying,
                    pkBase, skBase));
            made.add(entityName + " (" + shape.size() + (shape.size() == 1 ? " item" : " items") + ")");
        }
        if (shapes.size() > 1) {
            notes.inferred(path, "facet " + name + ": its sample items have " + shapes.size() + " key shapes, one entity each: "
                    + String.join(", ", made) + "; rename with singletable import --rename OLD=NEW");
        }
    }

    /** A slot's name from a key alias: never a table or index key attribute's name, which would clash with that attribute. */
    private static String slotBase(String alias, Context context) {
        String base = identifier(alias);
        Set<String> keyNames = new LinkedHashSet<>();
        keyNames.add(context.keys().partition().name());
        context.keys().sort().ifPresent(sk -> keyNames.add(sk.name()));
        context.indexes().forEach(index -> SampleEntities.concat(index.partitionKey(), index.sortKey()).forEach(k -> keyNames.add(k.name())));
        return keyNames.contains(base) ? "id" : base;
    }

    /**
     * An entity per key shape of the table's items, named by the constant text of its keys; a shape named like one before
     * it gets a number, and a note says why.
     */
    private void inferEntities(String path, Context context, Map<String, EntityDefinition> entities) {
        SampleEntities.Varying varying = sampleEntities.varying(context.tableItems());
        for (Map.Entry<SampleEntities.Shape, List<Item>> shape : sampleEntities.byShape(context.tableItems(), varying).entrySet()) {
            List<Item> group = shape.getValue();
            String base = entityName(shape.getKey());
            String name = unique(base, entities.keySet());
            EntityDefinition entity = sampleEntities.entity(name, group.get(0).path(), group, List.of(), Optional.empty(), varying, "id", "id");
            if (!name.equals(base)) {
                notes.inferred(group.get(0).path(), "entity " + name + ": its keys " + SampleEntities.describe(entity.keys())
                        + " have the same constant text as those of entity " + base + " (" + SampleEntities.describe(entities.get(base).keys())
                        + "), which gives both the name " + base + "; rename with singletable import --rename " + name + "=NEW");
            }
            entities.put(name, entity);
        }
    }

    /**
     * An entity's name from the constant segments of its key templates, never from a value: {@code USER#{id} / PROFILE} is
     * UserProfile (whichever user the first item is), {@code u#{id}#post / p#{id2}} UPostP, {@code INVOICE#{id} / INVOICE#{id}}
     * Invoice.
     */
    private static String entityName(SampleEntities.Shape shape) {
        StringBuilder name = new StringBuilder();
        for (String segment : SampleEntities.concat(shape.partitionConstants(), shape.sortConstants())) {
            word(segment).filter(word -> !name.toString().endsWith(word)).ifPresent(name::append);
        }
        return name.isEmpty() ? "Entity" : name.toString();
    }

    /**
     * The word that tells a key shape from the facet's first: the sort key's first constant word ({@code {owner}#ORDER#{id}}:
     * Order), never a value, and not the facet's name again.
     */
    private static String shapeWord(SampleEntities.Shape shape, String facet) {
        return SampleEntities.concat(shape.sortConstants(), shape.partitionConstants()).stream().map(WorkbenchImporter::word)
                .flatMap(Optional::stream).filter(word -> !facet.equals(word)).findFirst().orElse("");
    }

    /** A constant key segment as a word of a name: its letters, capitalized ({@code ORDER}, {@code order}: Order). */
    private static Optional<String> word(String segment) {
        String letters = segment.replaceAll("[^A-Za-z]", "");
        if (letters.isEmpty()) {
            return Optional.empty();
        }
        String rest = letters.substring(1);
        return Optional.of(Character.toUpperCase(letters.charAt(0))
                + (letters.equals(letters.toUpperCase(java.util.Locale.ROOT)) ? rest.toLowerCase(java.util.Locale.ROOT) : rest));
    }

    private static String unique(String base, Set<String> taken) {
        String unique = base;
        for (int n = 2; taken.contains(unique); n++) {
            unique = base + n;
        }
        return unique;
    }

    /** A name usable as an entity or slot name: letters, digits and underscores. */
    static String identifier(String name) {
        String cleaned = name.replaceAll("[^A-Za-z0-9_]", "_");
        return cleaned.isEmpty() || Character.isDigit(cleaned.charAt(0)) ? "_" + cleaned : cleaned;
    }
}
