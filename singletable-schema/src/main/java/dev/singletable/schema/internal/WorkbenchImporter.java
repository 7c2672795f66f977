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

/**
 * NoSQL Workbench data models (versions 1.0 and 3.0: {@code ModelName}, {@code DataModel} of
 * tables with {@code KeyAttributes}, {@code NonKeyAttributes}, {@code GlobalSecondaryIndexes},
 * {@code TableFacets} and {@code TableData} in DynamoDB JSON) into a schema document. Facets become
 * entities; without facets, entities are the groups of sample items whose keys have one shape.
 */
public final class WorkbenchImporter {
    private static final Set<String> KNOWN_VERSIONS = Set.of("1.0", "2.0", "3.0");

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
        Optional<KeyDefinition> given = pkAlias.contains("{")
                ? Optional.of(new KeyDefinition(List.of(pkAlias), context.keys().sort().isPresent() ? List.of(skAlias) : List.of(), Optional.empty()))
                : Optional.empty();
        entities.put(name, entity(name, path, items, context, attributeNames, given, identifier(pkAlias), identifier(skAlias), true));
    }

    private void inferEntities(String path, Context context, Map<String, EntityDefinition> entities) {
        Keys keys = context.keys();
        Set<String> pkPrefixes = KeyShapes.varyingPrefixes(values(context.tableItems(), keys.partition().name()));
        Set<String> skPrefixes = keys.sort().map(sk -> KeyShapes.varyingPrefixes(values(context.tableItems(), sk.name()))).orElse(Set.of());
        Map<String, List<Item>> groups = new LinkedHashMap<>();
        for (Item item : context.tableItems()) {
            KeyShapes.SlotNames slots = new KeyShapes.SlotNames();
            String pk = KeyShapes.template(scalar(item.value().path(keys.partition().name())), Map.of(), slots, "id", pkPrefixes);
            String sk = keys.sort().map(s -> KeyShapes.template(scalar(item.value().path(s.name())), Map.of(), slots, "id", skPrefixes)).orElse("");
            groups.computeIfAbsent(pk + "\n" + sk, g -> new ArrayList<>()).add(item);
        }
        for (List<Item> group : groups.values()) {
            String name = entityName(group.get(0), keys, entities.keySet());
            entities.put(name, entity(name, group.get(0).path(), group, context, List.of(), Optional.empty(), "id", "id", false));
        }
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
                    name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
                }
            }
        }
        String base = name.isEmpty() ? "Entity" : name.toString();
        String unique = base;
        for (int n = 2; taken.contains(unique); n++) {
            unique = base + n;
        }
        return unique;
    }

    /**
     * An entity from its sample items: key templates read from the items (or given by the facet),
     * attributes from the items and the facet's list, examples from the items.
     */
    private EntityDefinition entity(String name, String path, List<Item> items, Context context, List<String> facetAttributes,
                                    Optional<KeyDefinition> givenKeys, String pkBase, String skBase, boolean fromFacet) {
        Keys keys = context.keys();
        Set<String> tableKeyNames = new LinkedHashSet<>();
        tableKeyNames.add(keys.partition().name());
        keys.sort().ifPresent(sk -> tableKeyNames.add(sk.name()));
        Set<String> pkPrefixes = KeyShapes.varyingPrefixes(values(items, keys.partition().name()));
        Set<String> skPrefixes = keys.sort().map(sk -> KeyShapes.varyingPrefixes(values(items, sk.name()))).orElse(Set.of());

        Map<String, Integer> primaryVotes = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> indexVotes = new LinkedHashMap<>();
        Set<String> dedicatedKeyAttributes = new LinkedHashSet<>();
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        List<Map<String, Object>> examples = new ArrayList<>();
        Set<String> slotAttributes = new LinkedHashSet<>();

        for (Item item : items) {
            Map<String, String> known = new LinkedHashMap<>();
            item.value().properties().forEach(e -> {
                if (!tableKeyNames.contains(e.getKey()) && !e.getKey().equals(entityTypeAttribute)
                        && isScalar(e.getValue())) {
                    known.put(e.getKey(), scalar(e.getValue()));
                }
            });
            KeyShapes.SlotNames slots = new KeyShapes.SlotNames();
            String pk;
            String sk;
            if (givenKeys.isPresent()) {
                pk = givenKeys.get().partition().get(0);
                sk = givenKeys.get().sort().isEmpty() ? "" : givenKeys.get().sort().get(0);
                for (String template : List.of(pk, sk)) {
                    // our own export's aliases are templates: their slots are attributes of the examples
                    slotsOf(template).forEach(slot -> slotAttributes.add(slot));
                }
                readSlots(pk, scalar(item.value().path(keys.partition().name())), slots);
                keys.sort().ifPresent(s -> readSlots(givenKeys.get().sort().get(0), scalar(item.value().path(s.name())), slots));
            } else {
                pk = KeyShapes.template(scalar(item.value().path(keys.partition().name())), known, slots, pkBase, pkPrefixes);
                sk = keys.sort().map(s -> KeyShapes.template(scalar(item.value().path(s.name())), known, slots, skBase, skPrefixes)).orElse("");
            }
            primaryVotes.merge(pk + "\n" + sk, 1, Integer::sum);
            slotsOf(pk + sk).stream().filter(known::containsKey).forEach(slotAttributes::add);
            Map<String, String> knownWithSlots = new LinkedHashMap<>(known);
            knownWithSlots.putAll(slots.values());
            for (IndexDefinition index : context.indexes()) {
                List<String> templates = new ArrayList<>();
                for (KeyAttributeDefinition key : concat(index.partitionKey(), index.sortKey())) {
                    JsonNode value = item.value().path(key.name());
                    if (value.isMissingNode()) {
                        break;
                    }
                    Map<String, String> others = new LinkedHashMap<>(knownWithSlots);
                    others.remove(key.name());
                    String template = KeyShapes.template(scalar(value), others, slots, key.name(), Set.of());
                    if (template.equals("{" + key.name() + "}")) {
                        slots.values().remove(key.name());
                    } else {
                        dedicatedKeyAttributes.add(key.name());
                    }
                    templates.add(template);
                }
                if (templates.size() == index.partitionKey().size() + index.sortKey().size()) {
                    indexVotes.computeIfAbsent(index.name(), n -> new LinkedHashMap<>()).merge(String.join("\n", templates), 1, Integer::sum);
                }
            }
            Map<String, Object> example = new LinkedHashMap<>();
            slots.values().forEach((slot, value) -> {
                if (item.value().has(slot)) {
                    return;
                }
                boolean number = isWholeNumberKey(slot, pk, sk, keys);
                // a whole number key: long, stored as N and sorting as a number with no format to give
                AttributeKind kind = !number ? AttributeKind.STRING
                        : new BigDecimal(value).stripTrailingZeros().scale() <= 0 ? AttributeKind.LONG : AttributeKind.DECIMAL;
                attributes.merge(slot, AttributeDefinition.of(kind, true),
                        (old, next) -> old.type() == AttributeKind.LONG && kind == AttributeKind.DECIMAL ? next : old);
                example.put(slot, number ? new BigDecimal(value) : value);
            });
            item.value().properties().forEach(e -> {
                String attribute = e.getKey();
                if (tableKeyNames.contains(attribute) || attribute.equals(entityTypeAttribute)) {
                    return;
                }
                Optional<Object> value = plainValue(e.getValue(), item.path() + "." + attribute);
                value.ifPresent(v -> {
                    example.put(attribute, v);
                    attributes.putIfAbsent(attribute, AttributeDefinition.of(kind(e.getValue()), false));
                });
            });
            examples.add(example);
        }
        for (String attribute : facetAttributes) {
            if (!attributes.containsKey(attribute) && !tableKeyNames.contains(attribute) && !dedicatedKeyAttributes.contains(attribute)) {
                attributes.put(attribute, AttributeDefinition.of(kindOfType(context.declaredTypes().getOrDefault(attribute, "S"),
                        path + ".NonKeyAttributes"), false));
            }
        }
        KeyDefinition primary;
        List<String> inferred = new ArrayList<>();
        if (givenKeys.isPresent()) {
            primary = givenKeys.get();
        } else if (primaryVotes.isEmpty()) {
            String pk = "{" + pkBase + "}";
            attributes.put(pkBase, AttributeDefinition.of(AttributeKind.STRING, true));
            List<String> sort = keys.sort().isPresent() ? List.of("{" + skBase + "}") : List.of();
            sort.forEach(s -> attributes.put(skBase, AttributeDefinition.of(AttributeKind.STRING, true)));
            primary = new KeyDefinition(List.of(pk), sort, Optional.empty());
            inferred.add("keys " + describe(primary) + " (the facet has no sample items: each key is one whole slot)");
        } else {
            String[] winner = mostVoted(primaryVotes).split("\n", -1);
            primary = new KeyDefinition(List.of(winner[0]), keys.sort().isPresent() ? List.of(winner[1]) : List.of(), Optional.empty());
            inferred.add("keys " + describe(primary) + " (from " + items.size() + (items.size() == 1 ? " item" : " items") + ")");
            reportOutvoted(path, primaryVotes, "primary key");
        }
        // slot attributes are required: every item has them
        for (String slot : slotAttributes) {
            AttributeDefinition attribute = attributes.get(slot);
            if (attribute != null && !attribute.required()) {
                attributes.put(slot, AttributeDefinition.of(attribute.type(), true));
            }
        }
        for (String slot : slotsOf(String.join("", primary.partition()) + String.join("", primary.sort()))) {
            attributes.computeIfAbsent(slot, s -> AttributeDefinition.of(AttributeKind.STRING, true));
        }
        Map<String, KeyDefinition> entityIndexes = new LinkedHashMap<>();
        indexVotes.forEach((indexName, votes) -> {
            IndexDefinition index = context.indexes().stream().filter(i -> i.name().equals(indexName)).findFirst().orElseThrow();
            List<String> templates = List.of(mostVoted(votes).split("\n", -1));
            int partitionSize = index.partitionKey().size();
            KeyDefinition key = new KeyDefinition(templates.subList(0, partitionSize), templates.subList(partitionSize, templates.size()), Optional.empty());
            entityIndexes.put(indexName, key);
            int holding = votes.values().stream().mapToInt(Integer::intValue).sum();
            inferred.add(indexName + " " + describe(key) + " (from " + holding + " of " + items.size() + (items.size() == 1 ? " item" : " items") + ")");
            reportOutvoted(path, votes, "index " + indexName);
        });
        dedicatedKeyAttributes.forEach(attributes::remove);
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
        examples.forEach(example -> dedicatedKeyAttributes.forEach(example::remove));
        Optional<String> description = Optional.empty();
        if (!inferred.isEmpty()) {
            String text = "Inferred from sample items: " + String.join("; ", inferred)
                    + ". Review the templates; rename with singletable import --rename " + name + "=NEW or " + name + ".SLOT=NEW";
            description = Optional.of(text);
            notes.inferred(path, "entity " + name + ": " + String.join("; ", inferred));
        }
        return new EntityDefinition(description, attributes, primary, entityIndexes, false, examples, Optional.empty());
    }

    private static boolean isWholeNumberKey(String slot, String pk, String sk, Keys keys) {
        return (pk.equals("{" + slot + "}") && keys.partition().type() == KeyAttributeDefinition.KeyAttributeType.N)
                || (sk.equals("{" + slot + "}") && keys.sort().map(s -> s.type() == KeyAttributeDefinition.KeyAttributeType.N).orElse(false));
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

    private void reportOutvoted(String path, Map<String, Integer> votes, String what) {
        String winner = mostVoted(votes);
        votes.forEach((shape, count) -> {
            if (!shape.equals(winner)) {
                notes.notMapped(path, what + " shape " + shape.replace("\n", " / ") + " of " + count
                        + (count == 1 ? " item" : " items") + " differs from the entity's " + winner.replace("\n", " / ")
                        + "; those items are kept as examples under the entity's template: check them");
            }
        });
    }

    private static String mostVoted(Map<String, Integer> votes) {
        return votes.entrySet().stream().max(Comparator.comparingInt(Map.Entry<String, Integer>::getValue)).orElseThrow().getKey();
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
