package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * NoSQL Workbench data models (versions 1.0 and 3.0: {@code ModelName}, {@code DataModel} of
 * tables with {@code KeyAttributes}, {@code NonKeyAttributes}, {@code GlobalSecondaryIndexes},
 * {@code TableFacets} and {@code TableData} in DynamoDB JSON) into a schema document. Facets become
 * entities; without facets, entities are the groups of sample items whose keys have one shape.
 */
public final class WorkbenchImporter {
    private static final Set<String> KNOWN_VERSIONS = Set.of("1.0", "2.0", "3.0");
    private static final java.util.regex.Pattern CONSTANT = java.util.regex.Pattern.compile("[A-Z][A-Z_]*");

    private final ImportNotes notes = new ImportNotes();
    private String entityTypeAttribute = TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE;

    private WorkbenchImporter() {
    }

    public static ImportResult read(JsonNode model) {
        WorkbenchImporter importer = new WorkbenchImporter();
        SchemaDocument document = importer.document(model);
        return new ImportResult(document, importer.notes.list());
    }

    /** A table of the model: its keys, GSIs and the items that have no facet. */
    private record Keys(KeyAttributeDefinition partition, Optional<KeyAttributeDefinition> sort) {
    }

    /** One sample item: its path, and its attributes in DynamoDB JSON. */
    private record Item(String path, JsonNode value) {
    }

    private SchemaDocument document(JsonNode model) {
        if (!model.isObject() || !model.path("DataModel").isArray() || model.path("DataModel").isEmpty()) {
            throw new DesignImportException("Not a NoSQL Workbench data model: it has no DataModel list of tables; "
                    + "export the model from NoSQL Workbench (Data modeler, Export model) and import that file");
        }
        String version = model.path("ModelMetadata").path("Version").asText("");
        if (!KNOWN_VERSIONS.contains(version)) {
            notes.notMapped("ModelMetadata.Version", "version '" + version + "' is not one of 1.0, 3.0; read as 3.0");
        }
        JsonNode tables = model.path("DataModel");
        for (int i = 1; i < tables.size(); i++) {
            notes.notMapped("DataModel[" + i + "]", "table " + tables.get(i).path("TableName").asText()
                    + ": a schema file holds one table; import a model with this table alone to get its design");
        }
        String path = "DataModel[0]";
        JsonNode table = tables.get(0);
        String tableName = text(table, "TableName", path);
        Keys keys = keys(table.path("KeyAttributes"), path + ".KeyAttributes");
        Map<String, String> declaredTypes = new LinkedHashMap<>();
        JsonNode nonKey = table.path("NonKeyAttributes");
        for (JsonNode attribute : nonKey) {
            declaredTypes.put(attribute.path("AttributeName").asText(), attribute.path("AttributeType").asText("S"));
        }
        List<IndexDefinition> indexes = indexes(table.path("GlobalSecondaryIndexes"), path + ".GlobalSecondaryIndexes");
        for (String unsupported : List.of("LocalSecondaryIndexes", "SampleDataFormats")) {
            if (table.has(unsupported) && !table.path(unsupported).isEmpty()) {
                notes.notMapped(path + "." + unsupported, "not read by this import; add them to the schema file by hand");
            }
        }
        BillingDefinition billing = billing(table, path);
        String description = model.path("ModelMetadata").path("Description").asText("");
        JsonNode facets = table.path("TableFacets");
        entityTypeAttribute = entityTypeAttribute(facets);
        TableDefinition tableDefinition = new TableDefinition(tableName, description.isBlank() ? Optional.empty() : Optional.of(description),
                keys.partition(), keys.sort(), entityTypeAttribute, Optional.empty(), billing, indexes);

        List<Item> tableItems = items(table.path("TableData"), path + ".TableData");
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        Context context = new Context(keys, indexes, declaredTypes, tableItems);
        if (facets.isArray() && !facets.isEmpty()) {
            for (int f = 0; f < facets.size(); f++) {
                facet(facets.get(f), path + ".TableFacets[" + f + "]", context, entities, tableItemsOf(facets.get(f), facets, tableItems));
            }
            unassigned(facets, tableItems);
        } else {
            inferEntities(path + ".TableData", context, entities);
        }
        if (entities.isEmpty()) {
            throw new DesignImportException(path + ": table " + tableName + " has neither facets nor sample items, so there is no entity "
                    + "to import; add a facet (Data modeler, Add facet) or sample items (Visualizer, Update) and export it again");
        }
        return new SchemaDocument(tableDefinition, entities, Map.of(), List.of());
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

    private record Context(Keys keys, List<IndexDefinition> indexes, Map<String, String> declaredTypes, List<Item> tableItems) {
    }

    private Keys keys(JsonNode keyAttributes, String path) {
        JsonNode partition = keyAttributes.path("PartitionKey");
        if (!partition.has("AttributeName")) {
            throw new DesignImportException(path + ".PartitionKey: the table has no partition key; every table of a model has one");
        }
        JsonNode sort = keyAttributes.path("SortKey");
        return new Keys(keyAttribute(partition, path + ".PartitionKey"),
                sort.has("AttributeName") ? Optional.of(keyAttribute(sort, path + ".SortKey")) : Optional.empty());
    }

    private KeyAttributeDefinition keyAttribute(JsonNode key, String path) {
        String type = key.path("AttributeType").asText("S");
        KeyAttributeDefinition.KeyAttributeType keyType;
        try {
            keyType = KeyAttributeDefinition.KeyAttributeType.valueOf(type);
        } catch (IllegalArgumentException e) {
            notes.notMapped(path + ".AttributeType", "key type '" + type + "' is not S, N or B; read as S");
            keyType = KeyAttributeDefinition.KeyAttributeType.S;
        }
        return new KeyAttributeDefinition(key.path("AttributeName").asText(), keyType);
    }

    private List<IndexDefinition> indexes(JsonNode gsis, String path) {
        List<IndexDefinition> indexes = new ArrayList<>();
        for (int i = 0; i < gsis.size(); i++) {
            JsonNode gsi = gsis.get(i);
            String at = path + "[" + i + "]";
            Keys keys = keys(gsi.path("KeyAttributes"), at + ".KeyAttributes");
            indexes.add(new IndexDefinition(text(gsi, "IndexName", at), IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                    List.of(keys.partition()), keys.sort().stream().toList(), projection(gsi.path("Projection"), at + ".Projection")));
        }
        return indexes;
    }

    private ProjectionDefinition projection(JsonNode projection, String path) {
        String type = projection.path("ProjectionType").asText("ALL");
        return switch (type) {
            case "ALL" -> ProjectionDefinition.all();
            case "KEYS_ONLY" -> new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of());
            case "INCLUDE" -> {
                List<String> attributes = new ArrayList<>();
                projection.path("NonKeyAttributes").forEach(a -> attributes.add(a.asText()));
                yield new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, attributes);
            }
            default -> {
                notes.notMapped(path + ".ProjectionType", "projection '" + type + "' is not ALL, KEYS_ONLY or INCLUDE; read as ALL");
                yield ProjectionDefinition.all();
            }
        };
    }

    private BillingDefinition billing(JsonNode table, String path) {
        if (!"PROVISIONED".equals(table.path("BillingMode").asText())) {
            return BillingDefinition.payPerRequest();
        }
        JsonNode capacity = table.path("ProvisionedCapacitySettings").path("ProvisionedThroughput");
        return new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(capacity.path("ReadCapacityUnits").asLong(5)),
                Optional.of(capacity.path("WriteCapacityUnits").asLong(5)));
    }

    private List<Item> items(JsonNode data, String path) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            items.add(new Item(path + "[" + i + "]", data.get(i)));
        }
        return items;
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
            entities.put(name, entity(name, path, items, context, attributeNames, Optional.of(given), "id", "id"));
            return;
        }
        String pkBase = slotBase(pkAlias, context);
        String skBase = slotBase(skAlias, context);
        List<List<Item>> shapes = new ArrayList<>(bySkeleton(items, context.keys()).values());
        if (shapes.isEmpty()) {
            entities.put(name, entity(name, path, items, context, attributeNames, Optional.empty(), pkBase, skBase));
            return;
        }
        shapes.sort(Comparator.comparingInt(List<Item>::size).reversed());
        List<String> made = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            List<Item> shape = shapes.get(i);
            String entityName = i == 0 ? name : unique(name + shapeWord(shape.get(0), context.keys()), entities.keySet());
            entities.put(entityName, entity(entityName, path, shape, context, i == 0 ? attributeNames : List.of(), Optional.empty(), pkBase, skBase));
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
        context.indexes().forEach(index -> concat(index.partitionKey(), index.sortKey()).forEach(k -> keyNames.add(k.name())));
        return keyNames.contains(base) ? "id" : base;
    }

    private void inferEntities(String path, Context context, Map<String, EntityDefinition> entities) {
        for (List<Item> group : bySkeleton(context.tableItems(), context.keys()).values()) {
            String name = entityName(group.get(0), context.keys(), entities.keySet());
            entities.put(name, entity(name, group.get(0).path(), group, context, List.of(), Optional.empty(), "id", "id"));
        }
    }

    /** Items grouped by the skeletons of their primary key values (literal text and slot positions), in the order first seen. */
    private Map<String, List<Item>> bySkeleton(List<Item> items, Keys keys) {
        Set<String> pkPrefixes = KeyShapes.varyingPrefixes(values(items, keys.partition().name()));
        Set<String> skPrefixes = keys.sort().map(sk -> KeyShapes.varyingPrefixes(values(items, sk.name()))).orElse(Set.of());
        Map<String, List<Item>> groups = new LinkedHashMap<>();
        for (Item item : items) {
            Map<String, String> known = known(item, keys);
            String pk = SampleKeys.read(scalar(item.value().path(keys.partition().name())), known, pkPrefixes).skeleton();
            String sk = keys.sort().map(s -> SampleKeys.read(scalar(item.value().path(s.name())), known, skPrefixes).skeleton()).orElse("");
            groups.computeIfAbsent(pk + "\n" + sk, g -> new ArrayList<>()).add(item);
        }
        return groups;
    }

    /** The item's scalar attributes other than the table's keys and the entity type, as text. */
    private Map<String, String> known(Item item, Keys keys) {
        Map<String, String> known = new LinkedHashMap<>();
        item.value().properties().forEach(e -> {
            if (!e.getKey().equals(keys.partition().name()) && !keys.sort().map(s -> s.name().equals(e.getKey())).orElse(false)
                    && !e.getKey().equals(entityTypeAttribute) && isScalar(e.getValue())) {
                known.put(e.getKey(), scalar(e.getValue()));
            }
        });
        return known;
    }

    private String entityName(Item item, Keys keys, Set<String> taken) {
        StringBuilder name = new StringBuilder();
        List<String> values = new ArrayList<>();
        values.add(scalar(item.value().path(keys.partition().name())));
        keys.sort().ifPresent(sk -> values.add(scalar(item.value().path(sk.name()))));
        for (String value : values) {
            for (String segment : KeyShapes.Split.of(value).segments()) {
                String word = segment.replaceAll("[^A-Za-z]", "");
                if (!word.isEmpty() && segment.chars().noneMatch(Character::isDigit)
                        && !(KeyShapes.Split.of(value).delimiter().equals(":") && !segment.equals(KeyShapes.Split.of(value).segments().get(0)))) {
                    // CUSTOMER#1 / ORDER#2: CustomerOrder; INVOICE#1 / INVOICE#1: Invoice
                    String capitalized = Character.toUpperCase(word.charAt(0)) + (word.length() > 1 && word.equals(word.toUpperCase(java.util.Locale.ROOT))
                            ? word.substring(1).toLowerCase(java.util.Locale.ROOT) : word.substring(1));
                    if (!name.toString().endsWith(capitalized)) {
                        name.append(capitalized);
                    }
                }
            }
        }
        return unique(name.isEmpty() ? "Entity" : name.toString(), taken);
    }

    /** The word that tells a key shape from the facet's first: the sort key's first literal word ({@code ORDER#o1}: Order). */
    private static String shapeWord(Item item, Keys keys) {
        List<String> values = new ArrayList<>();
        keys.sort().ifPresent(sk -> values.add(scalar(item.value().path(sk.name()))));
        values.add(scalar(item.value().path(keys.partition().name())));
        for (String value : values) {
            for (String segment : KeyShapes.Split.of(value).segments()) {
                String word = segment.replaceAll("[^A-Za-z]", "");
                if (!word.isEmpty() && segment.chars().noneMatch(Character::isDigit)) {
                    return Character.toUpperCase(word.charAt(0)) + (word.equals(word.toUpperCase(java.util.Locale.ROOT))
                            ? word.substring(1).toLowerCase(java.util.Locale.ROOT) : word.substring(1));
                }
            }
        }
        return "";
    }

    private static String unique(String base, Set<String> taken) {
        String unique = base;
        for (int n = 2; taken.contains(unique); n++) {
            unique = base + n;
        }
        return unique;
    }

    /**
     * An entity from sample items of one key shape: key templates read from the items (or given by the facet), each slot
     * an attribute only where every item agrees; attributes from the items and the facet's list, examples from the items.
     */
    private EntityDefinition entity(String name, String path, List<Item> items, Context context, List<String> facetAttributes,
                                    Optional<KeyDefinition> givenKeys, String pkBase, String skBase) {
        Keys keys = context.keys();
        Set<String> tableKeyNames = new LinkedHashSet<>();
        tableKeyNames.add(keys.partition().name());
        keys.sort().ifPresent(sk -> tableKeyNames.add(sk.name()));
        List<Map<String, String>> known = items.stream().map(item -> known(item, keys)).toList();
        Set<String> itemAttributes = new LinkedHashSet<>();
        items.forEach(item -> item.value().properties().forEach(e -> {
            if (!tableKeyNames.contains(e.getKey()) && !e.getKey().equals(entityTypeAttribute)) {
                itemAttributes.add(e.getKey());
            }
        }));
        Set<String> reserved = new LinkedHashSet<>(itemAttributes);
        reserved.addAll(tableKeyNames);
        reserved.add(entityTypeAttribute);
        context.indexes().forEach(index -> concat(index.partitionKey(), index.sortKey()).forEach(k -> reserved.add(k.name())));
        SampleKeys.Slots slots = new SampleKeys.Slots(items.size(), reserved);
        List<Map<String, String>> givenSlots = new ArrayList<>();
        Set<String> requiredSlots = new LinkedHashSet<>();
        List<String> inferred = new ArrayList<>();

        KeyDefinition primary;
        if (givenKeys.isPresent()) {
            primary = givenKeys.get();
            List<String> templates = concat(primary.partition(), primary.sort());
            templates.forEach(template -> requiredSlots.addAll(slotsOf(template)));
            for (Item item : items) {
                KeyShapes.SlotNames read = new KeyShapes.SlotNames();
                readSlots(primary.partition().get(0), scalar(item.value().path(keys.partition().name())), read);
                keys.sort().ifPresent(s -> readSlots(primary.sort().get(0), scalar(item.value().path(s.name())), read));
                givenSlots.add(read.values());
            }
        } else if (items.isEmpty()) {
            primary = new KeyDefinition(List.of("{" + pkBase + "}"), keys.sort().isPresent() ? List.of("{" + skBase + "}") : List.of(), Optional.empty());
            requiredSlots.add(pkBase);
            keys.sort().ifPresent(sk -> requiredSlots.add(skBase));
            inferred.add("keys " + describe(primary) + " (the facet has no sample items: each key is one whole slot)");
        } else {
            Set<String> pkPrefixes = KeyShapes.varyingPrefixes(values(items, keys.partition().name()));
            Set<String> skPrefixes = keys.sort().map(sk -> KeyShapes.varyingPrefixes(values(items, sk.name()))).orElse(Set.of());
            List<SampleKeys.Reading> pkReadings = new ArrayList<>();
            List<SampleKeys.Reading> skReadings = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                pkReadings.add(SampleKeys.read(scalar(items.get(i).value().path(keys.partition().name())), known.get(i), pkPrefixes));
                int at = i;
                keys.sort().ifPresent(sk -> skReadings.add(SampleKeys.read(scalar(items.get(at).value().path(sk.name())), known.get(at), skPrefixes)));
            }
            SampleKeys.Template pk = SampleKeys.template(pkReadings, itemAttributes, slots, pkBase, keys.partition().name());
            Optional<SampleKeys.Template> sk = keys.sort().map(s -> SampleKeys.template(skReadings, itemAttributes, slots, skBase, s.name()));
            primary = new KeyDefinition(List.of(pk.text()), sk.map(t -> List.of(t.text())).orElse(List.of()), Optional.empty());
            requiredSlots.addAll(slotsOf(pk.text() + sk.map(SampleKeys.Template::text).orElse("")));
            inferred.add("keys " + describe(primary) + " (from " + items.size() + (items.size() == 1 ? " item" : " items") + ")");
            pk.ambiguities().forEach(a -> notes.inferred(path, "entity " + name + ": " + a));
            sk.ifPresent(t -> t.ambiguities().forEach(a -> notes.inferred(path, "entity " + name + ": " + a)));
        }
        IntFunction<Map<String, String>> slotValues = i -> givenKeys.isPresent() ? givenSlots.get(i) : slots.of(i);

        Map<String, KeyDefinition> entityIndexes = new LinkedHashMap<>();
        Set<String> dedicatedKeyAttributes = new LinkedHashSet<>();
        for (IndexDefinition index : context.indexes()) {
            indexTemplate(name, path, keys, index, items, known, primary, itemAttributes, slots, slotValues).ifPresent(mapped -> {
                entityIndexes.put(index.name(), mapped.key());
                dedicatedKeyAttributes.addAll(mapped.dedicated());
                inferred.add(index.name() + " " + describe(mapped.key()) + " (from " + mapped.holding() + " of " + items.size()
                        + (items.size() == 1 ? " item" : " items") + ")");
            });
        }

        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        List<Map<String, Object>> examples = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            Map<String, Object> example = new LinkedHashMap<>();
            slotValues.apply(i).forEach((slot, value) -> {
                if (item.value().has(slot)) {
                    return;
                }
                boolean number = isWholeNumberKey(slot, primary, keys);
                // a whole number key: long, stored as N and sorting as a number with no format to give
                AttributeKind kind = !number ? AttributeKind.STRING
                        : new BigDecimal(value).stripTrailingZeros().scale() <= 0 ? AttributeKind.LONG : AttributeKind.DECIMAL;
                boolean required = requiredSlots.contains(slot) && slotPresentInAll(slot, items.size(), slotValues);
                attributes.merge(slot, AttributeDefinition.of(kind, required),
                        (old, next) -> old.type() == AttributeKind.LONG && kind == AttributeKind.DECIMAL ? next : old);
                example.put(slot, number ? new BigDecimal(value) : value);
            });
            item.value().properties().forEach(e -> {
                String attribute = e.getKey();
                if (tableKeyNames.contains(attribute) || attribute.equals(entityTypeAttribute) || dedicatedKeyAttributes.contains(attribute)) {
                    return;
                }
                plainValue(e.getValue(), item.path() + "." + attribute).ifPresent(v -> {
                    example.put(attribute, v);
                    attributes.putIfAbsent(attribute, AttributeDefinition.of(kind(e.getValue()), false));
                });
            });
            examples.add(example);
        }
        for (String attribute : facetAttributes) {
            if (!attributes.containsKey(attribute) && !tableKeyNames.contains(attribute) && !dedicatedKeyAttributes.contains(attribute)
                    && !attribute.equals(entityTypeAttribute)) {
                attributes.put(attribute, AttributeDefinition.of(kindOfType(context.declaredTypes().getOrDefault(attribute, "S"),
                        path + ".NonKeyAttributes"), false));
            }
        }
        // a slot of the primary key every item has is required; so is a slot no item fills (the facet without items)
        for (String slot : slotsOf(String.join("", primary.partition()) + String.join("", primary.sort()))) {
            AttributeDefinition attribute = attributes.get(slot);
            if (attribute == null) {
                attributes.put(slot, AttributeDefinition.of(AttributeKind.STRING, true));
            } else if (!attribute.required() && examples.stream().allMatch(example -> example.containsKey(slot))) {
                attributes.put(slot, AttributeDefinition.of(attribute.type(), true));
            }
        }
        if (!facetAttributes.isEmpty()) {
            // the facet's order is the design's: attributes seen in no example keep their place
            Map<String, AttributeDefinition> ordered = new LinkedHashMap<>();
            slotsOf(String.join("", primary.partition()) + String.join("", primary.sort())).stream()
                    .filter(slot -> attributes.containsKey(slot) && !facetAttributes.contains(slot)).forEach(a -> ordered.put(a, attributes.get(a)));
            facetAttributes.stream().filter(attributes::containsKey).forEach(a -> ordered.put(a, attributes.get(a)));
            ordered.putAll(attributes);
            attributes.clear();
            attributes.putAll(ordered);
        }
        examples.removeIf(Map::isEmpty);
        Optional<String> description = Optional.empty();
        if (!inferred.isEmpty()) {
            String text = "Inferred from sample items: " + String.join("; ", inferred)
                    + ". Review the templates; rename with singletable import --rename " + name + "=NEW or " + name + ".SLOT=NEW";
            description = Optional.of(text);
            notes.inferred(path, "entity " + name + ": " + String.join("; ", inferred));
        }
        return new EntityDefinition(description, attributes, primary, entityIndexes, false, examples, Optional.empty());
    }

    /** The primary key's template of a table key attribute that an index uses as its own key. */
    private static Optional<String> tableKeyTemplate(String keyName, Keys keys, KeyDefinition primary) {
        if (keyName.equals(keys.partition().name())) {
            return Optional.of(primary.partition().get(0));
        }
        if (keys.sort().isPresent() && keyName.equals(keys.sort().get().name()) && !primary.sort().isEmpty()) {
            return Optional.of(primary.sort().get(0));
        }
        return Optional.empty();
    }

    private static boolean slotPresentInAll(String slot, int items, IntFunction<Map<String, String>> slotValues) {
        for (int i = 0; i < items; i++) {
            if (!slotValues.apply(i).containsKey(slot)) {
                return false;
            }
        }
        return true;
    }

    /** An entity's template on an index, the dedicated key attributes it replaces, and how many items it holds. */
    private record IndexTemplate(KeyDefinition key, Set<String> dedicated, int holding) {
    }

    /**
     * The entity's template on an index, read from the items holding every key attribute of it: a key attribute of the
     * table takes the primary key's template (an inverted index); a value without delimiter is the item's own attribute
     * ({@code {RoomID}}), whatever its values; a value with delimiters is a template over the item's attributes and slots,
     * made only when every item's value has one shape.
     */
    private Optional<IndexTemplate> indexTemplate(String entity, String path, Keys keys, IndexDefinition index, List<Item> items,
                                                  List<Map<String, String>> known, KeyDefinition primary, Set<String> itemAttributes,
                                                  SampleKeys.Slots slots, IntFunction<Map<String, String>> slotValues) {
        List<KeyAttributeDefinition> indexKeys = concat(index.partitionKey(), index.sortKey());
        List<Integer> holding = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            if (indexKeys.stream().allMatch(k -> item.value().has(k.name()))) {
                holding.add(i);
            }
        }
        if (holding.isEmpty()) {
            return Optional.empty();
        }
        List<String> templates = new ArrayList<>();
        Set<String> dedicated = new LinkedHashSet<>();
        for (KeyAttributeDefinition key : indexKeys) {
            String keyName = key.name();
            Optional<String> ofTable = tableKeyTemplate(keyName, keys, primary);
            if (ofTable.isPresent()) {
                templates.add(ofTable.get());
                continue;
            }
            if (holding.stream().allMatch(i -> KeyShapes.Split.of(scalar(items.get(i).value().path(keyName))).delimiter().isEmpty())) {
                Set<String> values = new LinkedHashSet<>();
                holding.forEach(i -> values.add(scalar(items.get(i).value().path(keyName))));
                String value = values.iterator().next();
                String where = values.size() == 1 ? keyName + " holds " + value + " in every one of the " + holding.size() + " sample "
                        + (holding.size() == 1 ? "item" : "items") + " on " + index.name() : "";
                if (values.size() == 1 && CONSTANT.matcher(value).matches()) {
                    // a word in capitals, the same in every item: the constant partition of "all items of a type"
                    templates.add(value);
                    dedicated.add(keyName);
                    notes.inferred(path, "entity " + entity + ": " + where + "; written as literal text: if it is an attribute of "
                            + "the entity, write {" + keyName + "} as its template");
                    continue;
                }
                if (values.size() == 1 && holding.size() > 1) {
                    notes.inferred(path, "entity " + entity + ": " + where + "; written as the entity's own attribute {" + keyName
                            + "}: if every item of the entity has this value, write it as literal text");
                }
                templates.add("{" + keyName + "}");
                continue;
            }
            List<SampleKeys.Reading> readings = new ArrayList<>(java.util.Collections.nCopies(items.size(), (SampleKeys.Reading) null));
            Map<String, List<Integer>> shapes = new LinkedHashMap<>();
            for (int i : holding) {
                Map<String, String> others = new LinkedHashMap<>(known.get(i));
                others.remove(keyName);
                others.putAll(slotValues.apply(i));
                SampleKeys.Reading reading = SampleKeys.read(scalar(items.get(i).value().path(keyName)), others, Set.of());
                readings.set(i, reading);
                shapes.computeIfAbsent(reading.skeleton(), s -> new ArrayList<>()).add(i);
            }
            if (shapes.size() > 1) {
                notes.notMapped(path, "entity " + entity + ": index " + index.name() + " key " + keyName + " has " + shapes.size()
                        + " shapes in the sample items (" + String.join(", ", shapes.keySet()) + "); " + keyName
                        + " is kept as an attribute and the entity has no template on " + index.name() + ": write it by hand");
                return Optional.empty();
            }
            Set<String> slotNames = new LinkedHashSet<>(itemAttributes);
            slotNames.addAll(slots.names());
            slotNames.addAll(slotsOf(String.join("", primary.partition()) + String.join("", primary.sort())));
            slotNames.remove(keyName);
            SampleKeys.Template template = SampleKeys.template(readings, slotNames, slots, keyName.toLowerCase(java.util.Locale.ROOT),
                    index.name() + " " + keyName);
            template.ambiguities().forEach(a -> notes.inferred(path, "entity " + entity + ": " + a));
            templates.add(template.text());
            dedicated.add(keyName);
        }
        int partitionSize = index.partitionKey().size();
        return Optional.of(new IndexTemplate(new KeyDefinition(templates.subList(0, partitionSize), templates.subList(partitionSize, templates.size()),
                Optional.empty()), dedicated, holding.size()));
    }

    private static boolean isWholeNumberKey(String slot, KeyDefinition primary, Keys keys) {
        return (primary.partition().get(0).equals("{" + slot + "}") && keys.partition().type() == KeyAttributeDefinition.KeyAttributeType.N)
                || (!primary.sort().isEmpty() && primary.sort().get(0).equals("{" + slot + "}")
                && keys.sort().map(s -> s.type() == KeyAttributeDefinition.KeyAttributeType.N).orElse(false));
    }

    /** Fills the slots of a given template from a key value, so that its example carries the slot values. */
    private static void readSlots(String template, String value, KeyShapes.SlotNames slots) {
        List<String> names = slotsOf(template);
        if (names.isEmpty()) {
            return;
        }
        String regex = java.util.regex.Pattern.quote(template).replaceAll("\\{[^{}]+}", "\\\\E(.*?)\\\\Q");
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("^" + regex + "$").matcher(value);
        if (matcher.matches()) {
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i).split(":", 2)[0];
                if (!slots.values().containsKey(name)) {
                    slots.values().put(name, matcher.group(i + 1));
                }
            }
        }
    }

    private static List<String> slotsOf(String template) {
        List<String> slots = new ArrayList<>();
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("(?<!\\{)\\{([^{}]+)}").matcher(template);
        while (matcher.find()) {
            slots.add(matcher.group(1).split(":", 2)[0]);
        }
        return slots;
    }

    private static String describe(KeyDefinition key) {
        List<String> parts = new ArrayList<>(key.partition());
        parts.addAll(key.sort());
        return String.join(" / ", parts);
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static List<String> values(List<Item> items, String attribute) {
        return items.stream().map(i -> i.value().path(attribute)).filter(v -> !v.isMissingNode()).map(WorkbenchImporter::scalar).toList();
    }

    private static boolean isScalar(JsonNode attributeValue) {
        return attributeValue.has("S") || attributeValue.has("N") || attributeValue.has("BOOL");
    }

    /** The text of a scalar attribute value in DynamoDB JSON ({@code {"S": "x"}}), as keys hold it. */
    static String scalar(JsonNode attributeValue) {
        for (String type : List.of("S", "N", "B", "BOOL")) {
            if (attributeValue.has(type)) {
                return attributeValue.get(type).asText();
            }
        }
        return attributeValue.asText("");
    }

    private AttributeKind kind(JsonNode attributeValue) {
        String type = attributeValue.fieldNames().hasNext() ? attributeValue.fieldNames().next() : "S";
        if (type.equals("L")) {
            return AttributeKind.STRING_LIST;
        }
        if (type.equals("M")) {
            return AttributeKind.STRING_MAP;
        }
        return kindOf(type).orElse(AttributeKind.STRING);
    }

    private AttributeKind kindOfType(String type, String path) {
        return kindOf(type).orElseGet(() -> {
            notes.notMapped(path, "attribute type '" + type + "' has no singletable/1 type; read as string");
            return AttributeKind.STRING;
        });
    }

    private static Optional<AttributeKind> kindOf(String type) {
        return Optional.ofNullable(switch (type) {
            case "S" -> AttributeKind.STRING;
            case "N" -> AttributeKind.DECIMAL;
            case "BOOL" -> AttributeKind.BOOLEAN;
            case "B" -> AttributeKind.BINARY;
            case "SS" -> AttributeKind.STRING_SET;
            case "L" -> AttributeKind.STRING_LIST;
            case "M" -> AttributeKind.STRING_MAP;
            default -> null;
        });
    }

    /** A sample value as the document holds it, or a note when it has no singletable/1 type. */
    private Optional<Object> plainValue(JsonNode attributeValue, String path) {
        if (attributeValue.has("S") || attributeValue.has("B")) {
            return Optional.of(attributeValue.path(attributeValue.has("S") ? "S" : "B").asText());
        }
        if (attributeValue.has("N")) {
            return Optional.of(new BigDecimal(attributeValue.get("N").asText()));
        }
        if (attributeValue.has("BOOL")) {
            return Optional.of(attributeValue.get("BOOL").asBoolean());
        }
        if (attributeValue.has("SS") || (attributeValue.has("L") && allStrings(attributeValue.get("L")))) {
            JsonNode list = attributeValue.has("SS") ? attributeValue.get("SS") : attributeValue.get("L");
            List<Object> values = new ArrayList<>();
            list.forEach(v -> values.add(v.isTextual() ? v.asText() : v.path("S").asText()));
            return Optional.of(values);
        }
        if (attributeValue.has("M") && allStrings(attributeValue.get("M"))) {
            Map<String, Object> values = new LinkedHashMap<>();
            attributeValue.get("M").properties().forEach(e -> values.put(e.getKey(), e.getValue().path("S").asText()));
            return Optional.of(values);
        }
        notes.notMapped(path, "value " + attributeValue + " has no singletable/1 type (string, number, boolean, binary, string set, "
                + "list or map of strings); left out of the example");
        return Optional.empty();
    }

    private static boolean allStrings(JsonNode container) {
        for (JsonNode value : container) {
            if (!value.has("S")) {
                return false;
            }
        }
        return true;
    }

    private static String text(JsonNode node, String field, String path) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new DesignImportException(path + "." + field + ": missing; every " + path.replaceAll("\\[\\d+]", "").replaceAll(".*\\.", "")
                    + " of a NoSQL Workbench model has one");
        }
        return value.asText();
    }

    /** A name usable as an entity or slot name: letters, digits and underscores. */
    static String identifier(String name) {
        String cleaned = name.replaceAll("[^A-Za-z0-9_]", "_");
        return cleaned.isEmpty() || Character.isDigit(cleaned.charAt(0)) ? "_" + cleaned : cleaned;
    }
}
