package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Entities read from sample items of one key shape: key templates from the items (or given by our own export's facet
 * aliases) through {@link SampleKeys}, the entity's templates on each index, its attributes and its examples.
 */
final class SampleEntities {
    private static final Pattern CONSTANT = Pattern.compile("[A-Z][A-Z_]*");
    private static final Pattern SLOT = Pattern.compile("(?<!\\{)\\{([^{}]+)}");

    /** A table's key attributes. */
    record Keys(KeyAttributeDefinition partition, Optional<KeyAttributeDefinition> sort) {
        boolean isKey(String attribute) {
            return partition.name().equals(attribute) || sort.map(s -> s.name().equals(attribute)).orElse(false);
        }
    }

    /** One sample item: its path, and its attributes in DynamoDB JSON. */
    record Item(String path, JsonNode value) {
    }

    /**
     * A table of the model: its keys, GSIs, declared attribute types, the items that have no facet, and the attribute
     * naming each item's entity type.
     */
    record Context(Keys keys, List<IndexDefinition> indexes, Map<String, String> declaredTypes, List<Item> tableItems,
                   String entityTypeAttribute) {
    }

    /** How an entity's items read: their primary key, the slots it made and which of them every item must have. */
    private record Primary(KeyDefinition key, IntFunction<Map<String, String>> slotValues, Set<String> requiredSlots,
                           Optional<String> inferred) {
    }

    /** An entity's template on an index, the dedicated key attributes it replaces, and how many items it holds. */
    private record IndexTemplate(KeyDefinition key, Set<String> dedicated, int holding) {
    }

    /** One entity's items and what is known of them, for the steps that read it. */
    private record Group(String name, String path, List<Item> items, List<Map<String, String>> known, Set<String> itemAttributes,
                         SampleKeys.Slots slots) {
    }

    private final ImportNotes notes;
    private final SampleValues values;
    private final Context context;

    SampleEntities(ImportNotes notes, Context context) {
        this.notes = notes;
        this.values = new SampleValues(notes);
        this.context = context;
    }

    /** Items grouped by the skeletons of their primary key values (literal text and slot positions), in the order first seen. */
    Map<String, List<Item>> bySkeleton(List<Item> items) {
        Keys keys = context.keys();
        Set<String> pkPrefixes = KeyShapes.varyingPrefixes(texts(items, keys.partition().name()));
        Set<String> skPrefixes = keys.sort().map(sk -> KeyShapes.varyingPrefixes(texts(items, sk.name()))).orElse(Set.of());
        Map<String, List<Item>> groups = new LinkedHashMap<>();
        for (Item item : items) {
            Map<String, String> known = known(item);
            String pk = SampleKeys.read(text(item, keys.partition().name()), known, pkPrefixes).skeleton();
            String sk = keys.sort().map(s -> SampleKeys.read(text(item, s.name()), known, skPrefixes).skeleton()).orElse("");
            groups.computeIfAbsent(pk + "\n" + sk, g -> new ArrayList<>()).add(item);
        }
        return groups;
    }

    /**
     * An entity from sample items of one key shape: key templates read from the items (or given by the facet), each slot
     * an attribute only where every item agrees; attributes from the items and the facet's list, examples from the items.
     */
    EntityDefinition entity(String name, String path, List<Item> items, List<String> facetAttributes, Optional<KeyDefinition> givenKeys,
                            String pkBase, String skBase) {
        Set<String> itemAttributes = new LinkedHashSet<>();
        items.forEach(item -> item.value().properties().forEach(e -> {
            if (!context.keys().isKey(e.getKey()) && !e.getKey().equals(context.entityTypeAttribute())) {
                itemAttributes.add(e.getKey());
            }
        }));
        Set<String> reserved = new LinkedHashSet<>(itemAttributes);
        reserved.add(context.keys().partition().name());
        context.keys().sort().ifPresent(sk -> reserved.add(sk.name()));
        reserved.add(context.entityTypeAttribute());
        givenKeys.ifPresent(key -> reserved.addAll(slotsOf(String.join("", concat(key.partition(), key.sort())))));
        context.indexes().forEach(index -> concat(index.partitionKey(), index.sortKey()).forEach(k -> reserved.add(k.name())));
        Group group = new Group(name, path, items, items.stream().map(this::known).toList(), itemAttributes,
                new SampleKeys.Slots(items.size(), reserved));

        Primary primary = givenKeys.isPresent() ? given(group, givenKeys.get()) : read(group, pkBase, skBase);
        List<String> inferred = new ArrayList<>();
        primary.inferred().ifPresent(inferred::add);
        Map<String, KeyDefinition> entityIndexes = new LinkedHashMap<>();
        Set<String> dedicated = new LinkedHashSet<>();
        Set<String> unmappedIndexKeys = new LinkedHashSet<>();
        for (IndexDefinition index : context.indexes()) {
            Set<String> slotsBefore = new LinkedHashSet<>(group.slots().names());
            Optional<IndexTemplate> template = indexTemplate(group, index, primary).or(() -> declaredKeys(group, index, primary, facetAttributes));
            template.ifPresent(mapped -> {
                entityIndexes.put(index.name(), mapped.key());
                dedicated.addAll(mapped.dedicated());
                inferred.add(index.name() + " " + describe(mapped.key()) + (mapped.holding() == 0
                        ? " (no sample items: the facet declares the index's key attributes, so they are the entity's own)"
                        : " (from " + mapped.holding() + " of " + items.size() + (items.size() == 1 ? " item" : " items") + ")"));
            });
            if (template.isEmpty()) {
                group.slots().keepOnly(slotsBefore);
                concat(index.partitionKey(), index.sortKey()).forEach(k -> unmappedIndexKeys.add(k.name()));
            }
        }
        // an attribute named like the key attribute of an index the entity has no template on collides with it: never kept
        entityIndexes.values().forEach(key -> unmappedIndexKeys.removeAll(slotsOf(String.join("", concat(key.partition(), key.sort())))));
        unmappedIndexKeys.removeIf(context.keys()::isKey);
        unmappedIndexKeys.stream().filter(facetAttributes::contains).forEach(attribute -> notes.notMapped(path, "entity " + name + ": attribute "
                + attribute + " of the facet holds the key of an index the entity has no template on; left out, as it would collide with "
                + "that key: write the entity's template on the index by hand"));
        dedicated.addAll(unmappedIndexKeys);
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        List<Map<String, Object>> examples = examples(group, primary, dedicated, attributes);
        declared(facetAttributes, dedicated, path, attributes);
        required(primary.key(), examples, attributes);
        instants(givenKeys, examples, attributes, name, path);
        if (!facetAttributes.isEmpty()) {
            ordered(facetAttributes, primary.key(), attributes);
        }
        examples.removeIf(Map::isEmpty);
        Optional<String> description = Optional.empty();
        if (!inferred.isEmpty()) {
            description = Optional.of("Inferred from sample items: " + String.join("; ", inferred)
                    + ". Review the templates; rename with singletable import --rename " + name + "=NEW or " + name + ".SLOT=NEW");
            notes.inferred(path, "entity " + name + ": " + String.join("; ", inferred));
        }
        return new EntityDefinition(description, attributes, primary.key(), entityIndexes, false, examples, Optional.empty());
    }

    /** The primary key our own export gave as the facet's aliases: its slots read from each item's key values. */
    private Primary given(Group group, KeyDefinition key) {
        Keys keys = context.keys();
        Set<String> required = new LinkedHashSet<>();
        concat(key.partition(), key.sort()).forEach(template -> required.addAll(slotsOf(template)));
        List<Map<String, String>> slotValues = new ArrayList<>();
        for (Item item : group.items()) {
            KeyShapes.SlotNames read = new KeyShapes.SlotNames();
            readSlots(key.partition().get(0), text(item, keys.partition().name()), read);
            keys.sort().ifPresent(s -> readSlots(key.sort().get(0), text(item, s.name()), read));
            slotValues.add(read.values());
        }
        // with the slots the entity's index templates make of their own ({gsi1sk}), so that its examples carry them too
        IntFunction<Map<String, String>> withIndexSlots = i -> {
            Map<String, String> values = new LinkedHashMap<>(slotValues.get(i));
            group.slots().of(i).forEach(values::putIfAbsent);
            return values;
        };
        return new Primary(key, withIndexSlots, required, Optional.empty());
    }

    /** The primary key read from the items; a whole slot per key when there are none (a facet without items). */
    private Primary read(Group group, String pkBase, String skBase) {
        Keys keys = context.keys();
        List<Item> items = group.items();
        if (items.isEmpty()) {
            KeyDefinition key = new KeyDefinition(List.of("{" + pkBase + "}"), keys.sort().isPresent() ? List.of("{" + skBase + "}") : List.of(),
                    Optional.empty());
            Set<String> required = new LinkedHashSet<>(slotsOf(String.join("", concat(key.partition(), key.sort()))));
            return new Primary(key, group.slots()::of, required,
                    Optional.of("keys " + describe(key) + " (the facet has no sample items: each key is one whole slot)"));
        }
        Set<String> pkPrefixes = KeyShapes.varyingPrefixes(texts(items, keys.partition().name()));
        Set<String> skPrefixes = keys.sort().map(sk -> KeyShapes.varyingPrefixes(texts(items, sk.name()))).orElse(Set.of());
        List<SampleKeys.Reading> pkReadings = new ArrayList<>();
        List<SampleKeys.Reading> skReadings = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            Map<String, String> known = group.known().get(i);
            pkReadings.add(SampleKeys.read(text(item, keys.partition().name()), known, pkPrefixes));
            keys.sort().ifPresent(sk -> skReadings.add(SampleKeys.read(text(item, sk.name()), known, skPrefixes)));
        }
        SampleKeys.Template pk = SampleKeys.template(pkReadings, group.itemAttributes(), group.slots(), pkBase, keys.partition().name());
        Optional<SampleKeys.Template> sk = keys.sort().map(s -> SampleKeys.template(skReadings, group.itemAttributes(), group.slots(), skBase, s.name()));
        KeyDefinition key = new KeyDefinition(List.of(pk.text()), sk.map(t -> List.of(t.text())).orElse(List.of()), Optional.empty());
        pk.ambiguities().forEach(a -> notes.inferred(group.path(), "entity " + group.name() + ": " + a));
        sk.ifPresent(t -> t.ambiguities().forEach(a -> notes.inferred(group.path(), "entity " + group.name() + ": " + a)));
        return new Primary(key, group.slots()::of, new LinkedHashSet<>(slotsOf(pk.text() + sk.map(SampleKeys.Template::text).orElse(""))),
                Optional.of("keys " + describe(key) + " (from " + items.size() + (items.size() == 1 ? " item" : " items") + ")"));
    }

    /**
     * The entity's template on an index, read from the items holding every key attribute of it: a key attribute of the
     * table takes the primary key's template (an inverted index); a value without delimiter is the item's own attribute
     * ({@code {RoomID}}), or literal text when it is one word in capitals in every item; a value with delimiters is a
     * template over the item's attributes and slots, made only when every item's value has one shape.
     */
    private Optional<IndexTemplate> indexTemplate(Group group, IndexDefinition index, Primary primary) {
        List<KeyAttributeDefinition> indexKeys = concat(index.partitionKey(), index.sortKey());
        List<Integer> holding = new ArrayList<>();
        for (int i = 0; i < group.items().size(); i++) {
            Item item = group.items().get(i);
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
            Optional<String> template = tableKeyTemplate(keyName, primary.key())
                    .or(() -> ownAttribute(group, index, keyName, holding, dedicated))
                    .or(() -> templated(group, index, keyName, holding, primary, dedicated));
            if (template.isEmpty()) {
                return Optional.empty();
            }
            templates.add(template.get());
        }
        int partitionSize = index.partitionKey().size();
        return Optional.of(new IndexTemplate(new KeyDefinition(templates.subList(0, partitionSize), templates.subList(partitionSize, templates.size()),
                Optional.empty()), dedicated, holding.size()));
    }

    /**
     * The template of an entity whose items show none on the index (a facet without sample items) but which declares every
     * key attribute of the index that is not the table's: its items write those attributes, so each is the entity's own
     * ({@code {email}}).
     */
    private Optional<IndexTemplate> declaredKeys(Group group, IndexDefinition index, Primary primary, List<String> facetAttributes) {
        if (facetAttributes.isEmpty() || !group.items().isEmpty()) {
            return Optional.empty();
        }
        List<String> templates = new ArrayList<>();
        for (KeyAttributeDefinition key : concat(index.partitionKey(), index.sortKey())) {
            Optional<String> template = tableKeyTemplate(key.name(), primary.key());
            if (template.isEmpty() && !facetAttributes.contains(key.name())) {
                return Optional.empty();
            }
            templates.add(template.orElse("{" + key.name() + "}"));
        }
        int partitionSize = index.partitionKey().size();
        return Optional.of(new IndexTemplate(new KeyDefinition(templates.subList(0, partitionSize), templates.subList(partitionSize, templates.size()),
                Optional.empty()), Set.of(), 0));
    }

    /** The primary key's template of a table key attribute that an index uses as its own key. */
    private Optional<String> tableKeyTemplate(String keyName, KeyDefinition primary) {
        Keys keys = context.keys();
        if (keyName.equals(keys.partition().name())) {
            return Optional.of(primary.partition().get(0));
        }
        if (keys.sort().isPresent() && keyName.equals(keys.sort().get().name()) && !primary.sort().isEmpty()) {
            return Optional.of(primary.sort().get(0));
        }
        return Optional.empty();
    }

    /** An index key whose values have no delimiter: the item's own attribute, or the literal text of a constant in capitals. */
    private Optional<String> ownAttribute(Group group, IndexDefinition index, String keyName, List<Integer> holding, Set<String> dedicated) {
        List<Item> items = group.items();
        if (!holding.stream().allMatch(i -> KeyShapes.Split.of(text(items.get(i), keyName)).delimiter().isEmpty())) {
            return Optional.empty();
        }
        Set<String> seen = new LinkedHashSet<>();
        holding.forEach(i -> seen.add(text(items.get(i), keyName)));
        String value = seen.iterator().next();
        String where = "entity " + group.name() + ": " + keyName + " holds " + value + " in every one of the " + holding.size()
                + " sample " + (holding.size() == 1 ? "item" : "items") + " on " + index.name();
        if (seen.size() == 1 && CONSTANT.matcher(value).matches()) {
            // a word in capitals, the same in every item: the constant partition of "all items of a type"
            dedicated.add(keyName);
            notes.inferred(group.path(), where + "; written as literal text: if it is an attribute of the entity, write {" + keyName
                    + "} as its template");
            return Optional.of(value);
        }
        Optional<String> copied = copiedAttribute(group, keyName, holding);
        if (copied.isPresent()) {
            // the key holds a copy of another attribute (an export writes {createdAt} into GSI1SK): that attribute is the template
            dedicated.add(keyName);
            notes.inferred(group.path(), "entity " + group.name() + ": " + keyName + " holds the value of " + copied.get() + " in every one of the "
                    + holding.size() + " sample " + (holding.size() == 1 ? "item" : "items") + " on " + index.name() + "; written as {"
                    + copied.get() + "}: if " + keyName + " is an attribute of its own, write {" + keyName + "} as its template");
            return Optional.of("{" + copied.get() + "}");
        }
        if (seen.size() == 1 && holding.size() > 1) {
            notes.inferred(group.path(), where + "; written as the entity's own attribute {" + keyName
                    + "}: if every item of the entity has this value, write it as literal text");
        }
        return Optional.of("{" + keyName + "}");
    }

    /** The one other attribute whose value the key holds in every item holding it, when the values vary (not one constant). */
    private Optional<String> copiedAttribute(Group group, String keyName, List<Integer> holding) {
        Set<String> candidates = null;
        Set<String> values = new LinkedHashSet<>();
        for (int i : holding) {
            String value = text(group.items().get(i), keyName);
            values.add(value);
            Set<String> equal = new LinkedHashSet<>();
            group.known().get(i).forEach((name, text) -> {
                if (!name.equals(keyName) && !isIndexKey(name) && (text.equals(value) || SampleKeys.samePointInTime(text, value))) {
                    equal.add(name);
                }
            });
            if (candidates == null) {
                candidates = equal;
            } else {
                candidates.retainAll(equal);
            }
        }
        return candidates != null && candidates.size() == 1 && values.size() > 1 ? Optional.of(candidates.iterator().next()) : Optional.empty();
    }

    /** An index key whose values have delimiters: a template over the item's attributes and slots, when they have one shape. */
    private Optional<String> templated(Group group, IndexDefinition index, String keyName, List<Integer> holding, Primary primary,
                                       Set<String> dedicated) {
        List<SampleKeys.Reading> readings = new ArrayList<>(Collections.nCopies(group.items().size(), (SampleKeys.Reading) null));
        Map<String, List<Integer>> shapes = new LinkedHashMap<>();
        // read together, as a primary key's values are: NAME#ann and NAME#bob are one shape, NAME#{}
        Set<String> varying = KeyShapes.varyingPrefixes(holding.stream().map(i -> text(group.items().get(i), keyName)).toList());
        for (int i : holding) {
            Map<String, String> others = new LinkedHashMap<>(group.known().get(i));
            others.remove(keyName);
            others.putAll(primary.slotValues().apply(i));
            SampleKeys.Reading reading = SampleKeys.read(text(group.items().get(i), keyName), others, varying);
            readings.set(i, reading);
            shapes.computeIfAbsent(reading.skeleton(), s -> new ArrayList<>()).add(i);
        }
        if (shapes.size() > 1) {
            notes.notMapped(group.path(), "entity " + group.name() + ": index " + index.name() + " key " + keyName + " has " + shapes.size()
                    + " shapes in the sample items (" + String.join(", ", shapes.keySet()) + "); the entity has no template on "
                    + index.name() + " and its items' values of " + keyName + " are left out of its examples: write the template by hand");
            return Optional.empty();
        }
        Set<String> slotNames = new LinkedHashSet<>(group.itemAttributes());
        slotNames.addAll(group.slots().names());
        slotNames.addAll(slotsOf(String.join("", concat(primary.key().partition(), primary.key().sort()))));
        slotNames.remove(keyName);
        SampleKeys.Template template = SampleKeys.template(readings, slotNames, group.slots(), keyName.toLowerCase(Locale.ROOT),
                index.name() + " " + keyName);
        template.ambiguities().forEach(a -> notes.inferred(group.path(), "entity " + group.name() + ": " + a));
        dedicated.add(keyName);
        return Optional.of(template.text());
    }

    /** Each item's example (its slot values and attributes), and the attributes they show. */
    private List<Map<String, Object>> examples(Group group, Primary primary, Set<String> dedicated, Map<String, AttributeDefinition> attributes) {
        List<Map<String, Object>> examples = new ArrayList<>();
        for (int i = 0; i < group.items().size(); i++) {
            Item item = group.items().get(i);
            Map<String, Object> example = new LinkedHashMap<>();
            primary.slotValues().apply(i).forEach((slot, value) -> {
                if (item.value().has(slot)) {
                    return;
                }
                boolean number = isWholeNumberKey(slot, primary.key());
                // a whole number key: long, stored as N and sorting as a number with no format to give
                AttributeKind kind = !number ? AttributeKind.STRING
                        : new BigDecimal(value).stripTrailingZeros().scale() <= 0 ? AttributeKind.LONG : AttributeKind.DECIMAL;
                boolean required = primary.requiredSlots().contains(slot) && presentInAll(slot, group.items().size(), primary.slotValues());
                attributes.merge(slot, AttributeDefinition.of(kind, required),
                        (old, next) -> old.type() == AttributeKind.LONG && kind == AttributeKind.DECIMAL ? next : old);
                example.put(slot, number ? new BigDecimal(value) : value);
            });
            item.value().properties().forEach(e -> {
                String attribute = e.getKey();
                if (context.keys().isKey(attribute) || attribute.equals(context.entityTypeAttribute()) || dedicated.contains(attribute)) {
                    return;
                }
                values.plainValue(e.getValue(), item.path() + "." + attribute).ifPresent(v -> {
                    example.put(attribute, v);
                    attributes.merge(attribute, values.definition(e.getValue()), SampleValues::wider);
                });
            });
            examples.add(example);
        }
        return examples;
    }

    /** The facet's attributes seen in no item, with the types the table declares. */
    private void declared(List<String> facetAttributes, Set<String> dedicated, String path, Map<String, AttributeDefinition> attributes) {
        for (String attribute : facetAttributes) {
            if (!attributes.containsKey(attribute) && !context.keys().isKey(attribute) && !dedicated.contains(attribute)
                    && !attribute.equals(context.entityTypeAttribute())) {
                attributes.put(attribute, AttributeDefinition.of(values.kindOfType(context.declaredTypes().getOrDefault(attribute, "S"),
                        path + ".NonKeyAttributes"), false));
            }
        }
    }

    /** A slot of the primary key every example has is required; so is a slot no item fills (the facet without items). */
    private static void required(KeyDefinition primary, List<Map<String, Object>> examples, Map<String, AttributeDefinition> attributes) {
        for (String slot : slotsOf(String.join("", concat(primary.partition(), primary.sort())))) {
            AttributeDefinition attribute = attributes.get(slot);
            if (attribute == null) {
                attributes.put(slot, AttributeDefinition.of(AttributeKind.STRING, true));
            } else if (!attribute.required() && examples.stream().allMatch(example -> example.containsKey(slot))) {
                attributes.put(slot, AttributeDefinition.of(attribute.type(), true));
            }
        }
    }

    /** The facet's order is the design's: the key's slots first, then the facet's attributes, attributes seen in no example keeping their place. */
    private static void ordered(List<String> facetAttributes, KeyDefinition primary, Map<String, AttributeDefinition> attributes) {
        Map<String, AttributeDefinition> ordered = new LinkedHashMap<>();
        slotsOf(String.join("", concat(primary.partition(), primary.sort()))).stream()
                .filter(slot -> attributes.containsKey(slot) && !facetAttributes.contains(slot)).forEach(a -> ordered.put(a, attributes.get(a)));
        facetAttributes.stream().filter(attributes::containsKey).forEach(a -> ordered.put(a, attributes.get(a)));
        ordered.putAll(attributes);
        attributes.clear();
        attributes.putAll(ordered);
    }

    private static boolean presentInAll(String slot, int items, IntFunction<Map<String, String>> slotValues) {
        for (int i = 0; i < items; i++) {
            if (!slotValues.apply(i).containsKey(slot)) {
                return false;
            }
        }
        return true;
    }

    private boolean isWholeNumberKey(String slot, KeyDefinition primary) {
        Keys keys = context.keys();
        return (primary.partition().get(0).equals("{" + slot + "}") && keys.partition().type() == KeyAttributeDefinition.KeyAttributeType.N)
                || (!primary.sort().isEmpty() && primary.sort().get(0).equals("{" + slot + "}")
                && keys.sort().map(s -> s.type() == KeyAttributeDefinition.KeyAttributeType.N).orElse(false));
    }

    /**
     * The item's scalar attributes other than the table's keys and the entity type, as text; an index key attribute holding
     * a composed key or a constant in capitals is no source of another key's slot ({@code ORDER} in GSI2SK is not the
     * {@code ORDER} of {@code ORDER#o1}).
     */
    private Map<String, String> known(Item item) {
        Map<String, String> known = new LinkedHashMap<>();
        item.value().properties().forEach(e -> {
            if (!context.keys().isKey(e.getKey()) && !e.getKey().equals(context.entityTypeAttribute()) && SampleValues.isScalar(e.getValue())) {
                String text = SampleValues.scalar(e.getValue());
                if (!(isIndexKey(e.getKey()) && (!KeyShapes.Split.of(text).delimiter().isEmpty() || CONSTANT.matcher(text).matches()))) {
                    known.put(e.getKey(), text);
                }
            }
        });
        return known;
    }

    private boolean isIndexKey(String attribute) {
        return context.indexes().stream().anyMatch(index -> concat(index.partitionKey(), index.sortKey()).stream()
                .anyMatch(key -> key.name().equals(attribute)));
    }

    /**
     * A text attribute that a given template buckets or formats ({@code {takenAt:bucket=DAY}}) and whose every example is an
     * instant is an instant: a model holds it as text, and the template takes only a point in time.
     */
    private void instants(Optional<KeyDefinition> givenKeys, List<Map<String, Object>> examples, Map<String, AttributeDefinition> attributes,
                          String name, String path) {
        if (givenKeys.isEmpty()) {
            return;
        }
        Matcher matcher = SLOT.matcher(String.join("", concat(givenKeys.get().partition(), givenKeys.get().sort())));
        while (matcher.find()) {
            String[] slot = matcher.group(1).split(":", 2);
            AttributeDefinition attribute = attributes.get(slot[0]);
            if (slot.length < 2 || attribute == null || attribute.type() != AttributeKind.STRING) {
                continue;
            }
            List<Object> values = examples.stream().map(example -> example.get(slot[0])).filter(java.util.Objects::nonNull).toList();
            if (!values.isEmpty() && values.stream().allMatch(v -> v instanceof String text && SampleKeys.samePointInTime(text, text))) {
                attributes.put(slot[0], AttributeDefinition.of(AttributeKind.INSTANT, attribute.required()));
                notes.inferred(path, "entity " + name + ": " + slot[0] + " read as an instant: the key template {" + matcher.group(1)
                        + "} takes a point in time, and every sample value is one");
            }
        }
    }

    /** Fills the slots of a given template from a key value, so that its example carries the slot values. */
    private static void readSlots(String template, String value, KeyShapes.SlotNames slots) {
        List<String> names = slotsOf(template);
        if (names.isEmpty()) {
            return;
        }
        String regex = Pattern.quote(template).replaceAll("\\{[^{}]+}", "\\\\E(.*?)\\\\Q");
        Matcher matcher = Pattern.compile("^" + regex + "$").matcher(value);
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
        Matcher matcher = SLOT.matcher(template);
        while (matcher.find()) {
            slots.add(matcher.group(1).split(":", 2)[0]);
        }
        return slots;
    }

    static String describe(KeyDefinition key) {
        return String.join(" / ", concat(key.partition(), key.sort()));
    }

    static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    /** The text of the item's value of an attribute, as keys hold it. */
    static String text(Item item, String attribute) {
        return SampleValues.scalar(item.value().path(attribute));
    }

    static List<String> texts(List<Item> items, String attribute) {
        return items.stream().map(i -> i.value().path(attribute)).filter(v -> !v.isMissingNode()).map(SampleValues::scalar).toList();
    }
}
