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
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
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
    static final Pattern CONSTANT = Pattern.compile("[A-Z][A-Z_]*");
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
        boolean isIndexKey(String attribute) {
            return indexes.stream().anyMatch(index -> concat(index.partitionKey(), index.sortKey()).stream()
                    .anyMatch(key -> key.name().equals(attribute)));
        }
    }

    /** How an entity's items read: their primary key, the slots it made and which of them every item must have. */
    record Primary(KeyDefinition key, IntFunction<Map<String, String>> slotValues, Set<String> requiredSlots,
                           Optional<String> inferred) {
    }

    /** One entity's items and what is known of them, for the steps that read it. */
    record Group(String name, String path, List<Item> items, List<Map<String, String>> known, Set<String> itemAttributes,
                         SampleKeys.Slots slots) {
    }

    private final ImportNotes notes;
    private final SampleValues values;
    private final Context context;
    private final SampleIndexTemplates indexTemplates;

    SampleEntities(ImportNotes notes, Context context) {
        this.notes = notes;
        this.values = new SampleValues(notes);
        this.context = context;
        this.indexTemplates = new SampleIndexTemplates(notes, context);
    }

    /**
     * The key shape of a group of sample items: the literal text and slot positions of their primary key values
     * ({@code USER#{}\nPROFILE}), and each key's literal segments, which hold no value ({@code USER}; {@code PROFILE}).
     */
    record Shape(String skeleton, List<String> partitionConstants, List<String> sortConstants) {
    }

    /**
     * The key prefixes whose second segment is a value ({@code USER} of {@code USER#alice}, {@code USER#bob}), read over all
     * the items grouped together, so that a key shape of one item ({@code USER#bob / ORDER#o2}) reads as its group does; so
     * are those of each index key attribute, by its name ({@code CITY} of {@code GSI1PK}'s {@code CITY#rome}).
     */
    record Varying(Set<String> partition, Set<String> sort, Map<String, Set<String>> indexKeys) {
        Set<String> ofIndexKey(String attribute) {
            return indexKeys.getOrDefault(attribute, Set.of());
        }
    }

    /**
     * The varying prefixes of the items' partition and sort keys, read over all of them, and of each index key, read within
     * each group of one primary key shape: {@code TYPE} of {@code TYPE#user} in every user and {@code TYPE#order} in every
     * order does not vary (each is its entity's constant), so a lone config item's {@code TYPE#config} stays text.
     */
    Varying varying(List<Item> items) {
        Keys keys = context.keys();
        Varying primary = new Varying(KeyShapes.varyingPrefixes(texts(items, keys.partition().name())),
                keys.sort().map(sk -> KeyShapes.varyingPrefixes(texts(items, sk.name()))).orElse(Set.of()), Map.of());
        Collection<List<Item>> groups = byShape(items, primary).values();
        Map<String, Set<String>> indexKeys = new LinkedHashMap<>();
        context.indexes().forEach(index -> concat(index.partitionKey(), index.sortKey()).forEach(key ->
                indexKeys.computeIfAbsent(key.name(), name -> varyingWithin(groups, name))));
        return new Varying(primary.partition(), primary.sort(), indexKeys);
    }

    private Set<String> varyingWithin(Collection<List<Item>> groups, String keyName) {
        Set<String> varying = new HashSet<>();
        groups.forEach(group -> varying.addAll(KeyShapes.varyingPrefixes(texts(group, keyName))));
        return varying;
    }

    /** Items grouped by the shapes of their primary key values, in the order first seen; {@code varying} is read over them. */
    Map<Shape, List<Item>> byShape(List<Item> items, Varying varying) {
        Keys keys = context.keys();
        Map<Shape, List<Item>> groups = new LinkedHashMap<>();
        for (Item item : items) {
            Map<String, String> known = known(item);
            SampleKeys.Reading pk = SampleKeys.read(text(item, keys.partition().name()), known, varying.partition());
            Optional<SampleKeys.Reading> sk = keys.sort().map(s -> SampleKeys.read(text(item, s.name()), known, varying.sort()));
            Shape shape = new Shape(pk.skeleton() + "\n" + sk.map(SampleKeys.Reading::skeleton).orElse(""), pk.constants(),
                    sk.map(SampleKeys.Reading::constants).orElse(List.of()));
            groups.computeIfAbsent(shape, g -> new ArrayList<>()).add(item);
        }
        return groups;
    }

    /**
     * An entity from sample items of one key shape: key templates read from the items (or given by the facet), each slot
     * an attribute only where every item agrees; attributes from the items and the facet's list, examples from the items.
     * {@code varying} is read over all the items the entity's were grouped from, as its key shape was.
     */
    EntityDefinition entity(String name, String path, List<Item> items, List<String> facetAttributes, Optional<KeyDefinition> givenKeys,
                            Varying varying, String pkBase, String skBase) {
        Group group = group(name, path, items, givenKeys);
        Primary primary = givenKeys.isPresent() ? given(group, givenKeys.get()) : read(group, varying, pkBase, skBase);
        List<String> inferred = new ArrayList<>();
        primary.inferred().ifPresent(inferred::add);
        SampleIndexTemplates.OnIndexes onIndexes = indexTemplates.of(group, primary, facetAttributes, varying, inferred);
        Set<String> dedicated = new LinkedHashSet<>(onIndexes.dedicated());
        dedicated.addAll(collidingIndexKeys(group, onIndexes, facetAttributes));
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        List<Map<String, Object>> examples = examples(group, primary, dedicated, attributes);
        declared(facetAttributes, dedicated, path, attributes);
        required(primary.key(), examples, attributes);
        List<KeyDefinition> templates = new ArrayList<>(List.of(primary.key()));
        templates.addAll(onIndexes.templates().values());
        instants(templates, examples, attributes, name, path);
        if (!facetAttributes.isEmpty()) {
            ordered(facetAttributes, primary.key(), attributes);
        }
        examples.removeIf(Map::isEmpty);
        return new EntityDefinition(description(name, path, inferred), attributes, primary.key(), onIndexes.templates(), false, examples,
                Optional.empty());
    }

    /**
     * The entity's items and what they show; the slots a key template reads may not take the name of an attribute, a
     * table or index key, or a slot of the given templates.
     */
    private Group group(String name, String path, List<Item> items, Optional<KeyDefinition> givenKeys) {
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
        return new Group(name, path, items, items.stream().map(this::known).toList(), itemAttributes,
                new SampleKeys.Slots(items.size(), reserved));
    }

    /** The key attributes of the indexes the entity has no template on, which none of its attributes may be named like. */
    private Set<String> collidingIndexKeys(Group group, SampleIndexTemplates.OnIndexes onIndexes, List<String> facetAttributes) {
        Set<String> colliding = new LinkedHashSet<>(onIndexes.unmappedKeys());
        // an attribute named like the key attribute of an index the entity has no template on collides with it: never kept
        onIndexes.templates().values().forEach(key -> colliding.removeAll(slotsOf(String.join("", concat(key.partition(), key.sort())))));
        colliding.removeIf(context.keys()::isKey);
        colliding.stream().filter(facetAttributes::contains).forEach(attribute -> notes.notMapped(group.path(), "entity " + group.name()
                + ": attribute " + attribute + " of the facet holds the key of an index the entity has no template on; left out, as it would "
                + "collide with that key: write the entity's template on the index by hand"));
        return colliding;
    }

    /** What was inferred, for the reader of the schema file and as a note; nothing when the entity's keys were given. */
    private Optional<String> description(String name, String path, List<String> inferred) {
        if (inferred.isEmpty()) {
            return Optional.empty();
        }
        notes.inferred(path, "entity " + name + ": " + String.join("; ", inferred));
        return Optional.of("Inferred from sample items: " + String.join("; ", inferred)
                + ". Review the templates; rename with singletable import --rename " + name + "=NEW or " + name + ".SLOT=NEW");
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
    private Primary read(Group group, Varying varying, String pkBase, String skBase) {
        Keys keys = context.keys();
        List<Item> items = group.items();
        if (items.isEmpty()) {
            KeyDefinition key = new KeyDefinition(List.of("{" + pkBase + "}"), keys.sort().isPresent() ? List.of("{" + skBase + "}") : List.of(),
                    Optional.empty());
            Set<String> required = new LinkedHashSet<>(slotsOf(String.join("", concat(key.partition(), key.sort()))));
            return new Primary(key, group.slots()::of, required,
                    Optional.of("keys " + describe(key) + " (the facet has no sample items: each key is one whole slot)"));
        }
        List<SampleKeys.Reading> pkReadings = new ArrayList<>();
        List<SampleKeys.Reading> skReadings = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            Map<String, String> known = group.known().get(i);
            pkReadings.add(SampleKeys.read(text(item, keys.partition().name()), known, varying.partition()));
            keys.sort().ifPresent(sk -> skReadings.add(SampleKeys.read(text(item, sk.name()), known, varying.sort())));
        }
        SampleKeys.Template pk = SampleKeys.template(pkReadings, group.itemAttributes(), group.slots(), pkBase, keys.partition().name());
        Optional<SampleKeys.Template> sk = keys.sort().map(s -> SampleKeys.template(skReadings, group.itemAttributes(), group.slots(), skBase, s.name()));
        KeyDefinition key = new KeyDefinition(List.of(pk.text()), sk.map(t -> List.of(t.text())).orElse(List.of()), Optional.empty());
        pk.ambiguities().forEach(a -> notes.inferred(group.path(), "entity " + group.name() + ": " + a));
        sk.ifPresent(t -> t.ambiguities().forEach(a -> notes.inferred(group.path(), "entity " + group.name() + ": " + a)));
        return new Primary(key, group.slots()::of, new LinkedHashSet<>(slotsOf(pk.text() + sk.map(SampleKeys.Template::text).orElse(""))),
                Optional.of("keys " + describe(key) + " (from " + items.size() + (items.size() == 1 ? " item" : " items") + ")"));
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
                if (!(context.isIndexKey(e.getKey()) && (!KeyShapes.Split.of(text).delimiter().isEmpty() || CONSTANT.matcher(text).matches()))) {
                    known.put(e.getKey(), text);
                }
            }
        });
        return known;
    }

    /**
     * A text attribute that a template buckets or formats ({@code {takenAt:bucket=DAY}}) and whose every example is an
     * instant is an instant: a model holds it as text, and the template takes only a point in time.
     */
    private void instants(List<KeyDefinition> templates, List<Map<String, Object>> examples, Map<String, AttributeDefinition> attributes,
                          String name, String path) {
        Matcher matcher = SLOT.matcher(String.join("", templates.stream().flatMap(key -> concat(key.partition(), key.sort()).stream()).toList()));
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

    static List<String> slotsOf(String template) {
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
