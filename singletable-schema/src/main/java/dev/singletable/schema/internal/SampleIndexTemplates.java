package dev.singletable.schema.internal;

import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.internal.SampleEntities.Context;
import dev.singletable.schema.internal.SampleEntities.Group;
import dev.singletable.schema.internal.SampleEntities.Item;
import dev.singletable.schema.internal.SampleEntities.Keys;
import dev.singletable.schema.internal.SampleEntities.Primary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.singletable.schema.internal.SampleEntities.concat;
import static dev.singletable.schema.internal.SampleEntities.describe;
import static dev.singletable.schema.internal.SampleEntities.slotsOf;
import static dev.singletable.schema.internal.SampleEntities.text;

/**
 * An entity's templates on the table's indexes, read from the sample items that hold an index's key attributes (or, for a
 * facet without items, from the attributes it declares), once its primary key is known.
 */
final class SampleIndexTemplates {
    /** An entity's template on an index, the dedicated key attributes it replaces, and how many items it holds. */
    private record IndexTemplate(KeyDefinition key, Set<String> dedicated, int holding) {
    }

    /**
     * The entity's templates by index name, the dedicated key attributes they replace, and the key attributes of the
     * indexes it has no template on.
     */
    record OnIndexes(Map<String, KeyDefinition> templates, Set<String> dedicated, Set<String> unmappedKeys) {
    }

    private final ImportNotes notes;
    private final Context context;

    SampleIndexTemplates(ImportNotes notes, Context context) {
        this.notes = notes;
        this.context = context;
    }

    /**
     * The entity's template on each index it has one on; each one made is added to what was inferred. {@code varying} is
     * read over all the items the entity's were grouped from, as its primary key's is.
     */
    OnIndexes of(Group group, Primary primary, List<String> facetAttributes, SampleEntities.Varying varying, List<String> inferred) {
        OnIndexes onIndexes = new OnIndexes(new LinkedHashMap<>(), new LinkedHashSet<>(), new LinkedHashSet<>());
        int items = group.items().size();
        for (IndexDefinition index : context.indexes()) {
            Set<String> slotsBefore = new LinkedHashSet<>(group.slots().names());
            Optional<IndexTemplate> template = indexTemplate(group, index, primary, varying).or(() -> declaredKeys(group, index, primary, facetAttributes));
            template.ifPresent(mapped -> {
                onIndexes.templates().put(index.name(), mapped.key());
                onIndexes.dedicated().addAll(mapped.dedicated());
                inferred.add(index.name() + " " + describe(mapped.key()) + (mapped.holding() == 0
                        ? " (no sample items: the facet declares the index's key attributes, so they are the entity's own)"
                        : " (from " + mapped.holding() + " of " + items + (items == 1 ? " item" : " items") + ")"));
            });
            if (template.isEmpty()) {
                // the slots a failed template made are not the entity's
                group.slots().keepOnly(slotsBefore);
                concat(index.partitionKey(), index.sortKey()).forEach(k -> onIndexes.unmappedKeys().add(k.name()));
            }
        }
        return onIndexes;
    }

    /**
     * The entity's template on an index, read from the items holding every key attribute of it: a key attribute of the
     * table takes the primary key's template (an inverted index); a value without delimiter is the item's own attribute
     * ({@code {RoomID}}), or literal text when it is one word in capitals in every item; a value with delimiters is a
     * template over the item's attributes and slots, made only when every item's value has one shape.
     */
    private Optional<IndexTemplate> indexTemplate(Group group, IndexDefinition index, Primary primary, SampleEntities.Varying varying) {
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
                    .or(() -> templated(group, index, keyName, holding, primary, varying.ofIndexKey(keyName), dedicated));
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
        if (seen.size() == 1 && SampleEntities.CONSTANT.matcher(value).matches()) {
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

    /**
     * The one other attribute whose value the key holds in every item holding it, when the values vary (not one constant), or
     * when one item holds it with a value that is no constant in capitals.
     */
    private Optional<String> copiedAttribute(Group group, String keyName, List<Integer> holding) {
        Set<String> candidates = null;
        Set<String> values = new LinkedHashSet<>();
        for (int i : holding) {
            String value = text(group.items().get(i), keyName);
            values.add(value);
            Set<String> equal = new LinkedHashSet<>();
            group.known().get(i).forEach((name, text) -> {
                if (!name.equals(keyName) && !context.isIndexKey(name) && (text.equals(value) || SampleKeys.samePointInTime(text, value))) {
                    equal.add(name);
                }
            });
            if (candidates == null) {
                candidates = equal;
            } else {
                candidates.retainAll(equal);
            }
        }
        // one item shows no constant: its value, when no word in capitals, is the one attribute it equals
        boolean varies = values.size() > 1 || holding.size() == 1 && !SampleEntities.CONSTANT.matcher(values.iterator().next()).matches();
        return candidates != null && candidates.size() == 1 && varies ? Optional.of(candidates.iterator().next()) : Optional.empty();
    }

    /**
     * An index key whose values have delimiters: a template over the item's attributes and slots, when they have one shape.
     * A prefix's next segment is a value when it varies in the entity's items ({@code NAME#ann}, {@code NAME#bob}: one shape,
     * {@code NAME#{}}); when one item holds the key, which shows nothing of its own, when it varies over all the items grouped
     * together ({@code overall}), as a primary key's does: {@code CITY#rome} of a lone order among users of {@code CITY#paris}.
     */
    private Optional<String> templated(Group group, IndexDefinition index, String keyName, List<Integer> holding, Primary primary,
                                       Set<String> overall, Set<String> dedicated) {
        List<SampleKeys.Reading> readings = new ArrayList<>(Collections.nCopies(group.items().size(), (SampleKeys.Reading) null));
        Map<String, List<Integer>> shapes = new LinkedHashMap<>();
        // several items holding one value after a prefix that varies elsewhere (TYPE#order in every order) keep it as text
        Set<String> varying = holding.size() == 1 ? overall
                : KeyShapes.varyingPrefixes(holding.stream().map(i -> text(group.items().get(i), keyName)).toList());
        for (int i : holding) {
            Map<String, String> others = new LinkedHashMap<>(group.known().get(i));
            others.remove(keyName);
            // the item's own value of a slot, not the primary key's text of it, which may be its bucket or format
            primary.slotValues().apply(i).forEach(others::putIfAbsent);
            String value = SamplePaths.marked(text(group.items().get(i), keyName), group.items().get(i).value(), others);
            SampleKeys.Reading reading = SampleKeys.read(value, others, varying, true);
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
        SampleKeys.Template template = SampleKeys.template(readings, slotNames, context::isIndexKey, group.slots(), keyName.toLowerCase(Locale.ROOT),
                index.name() + " " + keyName);
        template.ambiguities().forEach(a -> notes.inferred(group.path(), "entity " + group.name() + ": " + a));
        dedicated.add(keyName);
        return Optional.of(withShards(group, template.text(), primary, index.name() + " " + keyName));
    }

    /**
     * The template with each slot of its own that the items show to be a shard of one of their attributes written as that
     * shard slot, which a write computes (so it leaves the examples).
     */
    private String withShards(Group group, String template, Primary primary, String what) {
        Set<String> primarySlots = new LinkedHashSet<>(slotsOf(String.join("", concat(primary.key().partition(), primary.key().sort()))));
        Set<String> attributes = new LinkedHashSet<>(group.itemAttributes());
        attributes.removeIf(name -> !name.matches("[A-Za-z_][A-Za-z0-9_]*") || context.isIndexKey(name));
        String withShards = template;
        for (String slot : slotsOf(template)) {
            if (!group.slots().names().contains(slot) || primarySlots.contains(slot)) {
                continue;
            }
            Optional<String> shard = SampleShards.shardSlot(new SampleShards.Candidate(group.slots().values(slot), group.known(), attributes));
            if (shard.isPresent()) {
                withShards = withShards.replace("{" + slot + "}", shard.get());
                group.slots().forget(slot);
                notes.inferred(group.path(), "entity " + group.name() + ": " + what + ": the values of {" + slot + "} are each item's shard "
                        + shard.get() + " and no other attribute's or count's: written as that shard slot");
            }
        }
        return withShards;
    }
}
