package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyType;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.stream.Collectors;

/**
 * An entity's key templates bound to its attributes, once per entity schema: the schema's
 * {@code build()} binds them (so a template mistake fails there), and every table holding the
 * entity reuses them.
 */
public final class EntityTemplates<T> {
    /** Weak, so schemas built and dropped (tests, tools) do not pile up; keys compare by identity. */
    private static final Map<EntitySchema<?>, EntityTemplates<?>> BOUND = Collections.synchronizedMap(new WeakHashMap<>());
    /**
     * A table's escape sets, computed once per table schema: every entity of a table binds with them, so computing
     * them per entity made binding a table of N entities N² work. Weak and by identity, as {@link #BOUND}.
     */
    private static final Map<TableSchema, Map<String, Set<Integer>>> ESCAPES = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The templates of one key: the partition key's, and the sort key's when the key has one; with a
     * multi-attribute key, {@code partitions} and {@code sorts} hold one per key attribute (the first
     * of each is {@code partition} and {@code sort}).
     */
    public record Pair<T>(BoundKeyTemplate<T> partition, Optional<BoundKeyTemplate<T>> sort,
                          List<BoundKeyTemplate<T>> partitions, List<BoundKeyTemplate<T>> sorts) {
        /**
         * The pair escaping what a table escapes in the two attributes that hold it (its first partition and sort
         * templates); only for keys whose templates all compose S text, as the seed tables' (see
         * {@link #composesText} for which parts a table escapes).
         */
        public Pair<T> escaping(Map<String, Set<Integer>> escapes, String partitionAttribute, Optional<String> sortAttribute) {
            BoundKeyTemplate<T> p = partition.escaping(escapes.getOrDefault(partitionAttribute, Set.of()));
            Optional<BoundKeyTemplate<T>> s = sort.map(template -> template.escaping(sortAttribute.map(a -> escapes.getOrDefault(a, Set.of())).orElse(Set.of())));
            List<BoundKeyTemplate<T>> ps = new ArrayList<>(partitions);
            ps.set(0, p);
            List<BoundKeyTemplate<T>> ss = new ArrayList<>(sorts);
            s.ifPresent(t -> ss.set(0, t));
            return new Pair<>(p, s, List.copyOf(ps), List.copyOf(ss));
        }
    }

    private final Pair<T> primary;
    private final Map<String, Pair<T>> indexes;

    private EntityTemplates(EntitySchema<T> entity) {
        Map<String, Attribute<T, ?>> attributes = new LinkedHashMap<>();
        for (Attribute<T, ?> attribute : entity.attributes()) {
            attributes.put(attribute.name(), attribute);
        }
        this.primary = bind(entity.type() + " primary", entity.primaryKey(), attributes);
        Map<String, Pair<T>> byIndex = new LinkedHashMap<>();
        for (Map.Entry<String, IndexKey> index : entity.indexKeys().entrySet()) {
            byIndex.put(index.getKey(), bind(entity.type() + " index " + index.getKey(), index.getValue(), attributes));
        }
        this.indexes = Map.copyOf(byIndex);
    }

    private static <T> Pair<T> bind(String where, IndexKey key, Map<String, Attribute<T, ?>> attributes) {
        List<BoundKeyTemplate<T>> partitions = new ArrayList<>();
        for (KeyTemplate template : key.partitionTemplates()) {
            partitions.add(new BoundKeyTemplate<>(template, KeyRole.PARTITION, where + " partition key", attributes));
        }
        List<BoundKeyTemplate<T>> sorts = new ArrayList<>();
        for (KeyTemplate template : key.sortTemplates()) {
            sorts.add(new BoundKeyTemplate<>(template, KeyRole.SORT, where + " sort key", attributes));
        }
        return new Pair<>(partitions.get(0), sorts.isEmpty() ? Optional.empty() : Optional.of(sorts.get(0)),
                List.copyOf(partitions), List.copyOf(sorts));
    }

    /** The entity's bound templates, bound now if this schema has not been bound before. */
    @SuppressWarnings("unchecked")
    public static <T> EntityTemplates<T> of(EntitySchema<T> entity) {
        EntityTemplates<?> bound = BOUND.get(entity);
        if (bound == null) {
            bound = new EntityTemplates<>(entity);
            BOUND.put(entity, bound);
        }
        return (EntityTemplates<T>) bound;
    }

    /**
     * Refuses a version attribute in any key template slot, and an updatedAt attribute in a primary key slot: both change
     * on every write, so the item's key would change with them.
     */
    public static void checkMaintainedOutOfKeys(EntitySchema<?> entity) {
        IndexKey primaryKey = entity.primaryKey();
        List<String> primarySlots = new ArrayList<>();
        primaryKey.templates().forEach(template -> primarySlots.addAll(template.attributeNames()));
        entity.versionAttribute().ifPresent(version -> {
            List<String> slots = new ArrayList<>(primarySlots);
            entity.indexKeys().values().forEach(key -> key.templates().forEach(template -> slots.addAll(template.attributeNames())));
            if (slots.contains(version.name())) {
                throw SchemaDefinitionException.ofAttribute(version.name(), entity.type() + ": version attribute '" + version.name()
                        + "' fills a key template slot; a version changes on every write, so it cannot be part of a key");
            }
        });
        entity.updatedAtAttribute().filter(updated -> primarySlots.contains(updated.name())).ifPresent(updated -> {
            throw SchemaDefinitionException.ofAttribute(updated.name(), entity.type() + ": updatedAt attribute '" + updated.name()
                    + "' fills a slot of the primary key (" + primaryKey + "); it changes on every write, which would write a new item "
                    + "each time: use it in a GSI key instead, or use createdAt");
        });
    }

    /**
     * True when the template composes the text of the key attribute: an S key that is not the entity's
     * own attribute stored under its name. Only such parts are escaped, and only their templates make a
     * table's escape sets and are compared for overlaps: an N or B key stores the slot's value itself
     * ({@code {score}}), an own attribute ({@code {roomId}} on key attribute {@code roomId}) is the
     * entity's value as given, and an index key attribute that is a table key attribute reuses the
     * primary key's text (callers leave those out). {@code BoundEntity} sorts parts the same way.
     */
    public static boolean composesText(KeyAttribute attribute, KeyTemplate template) {
        boolean own = BoundKeyTemplate.isSingleSlot(template) && template.slots().get(0).attribute().equals(attribute.name());
        return attribute.type() == KeyType.S && !own;
    }

    /**
     * The escape set of each key attribute of a table (its own and its indexes' key attributes, by name):
     * the code points next to a slot in any template of any entity that composes the attribute's text
     * ({@link #composesText}); attributes no template composes are absent.
     */
    public static Map<String, Set<Integer>> escapesByKeyAttribute(TableSchema table) {
        Map<String, Set<Integer>> known = ESCAPES.get(table);
        if (known == null) {
            known = computeEscapes(table);
            ESCAPES.put(table, known);
        }
        return known;
    }

    private static Map<String, Set<Integer>> computeEscapes(TableSchema table) {
        Map<String, List<KeyTemplate>> templates = templatesByKeyAttribute(table);
        Map<String, Set<Integer>> escapes = new LinkedHashMap<>();
        templates.forEach((attribute, list) -> escapes.put(attribute,
                Arrays.stream(KeyEscapes.nextToSlots(list)).boxed().collect(Collectors.toUnmodifiableSet())));
        return Collections.unmodifiableMap(escapes);
    }

    private static Map<String, List<KeyTemplate>> templatesByKeyAttribute(TableSchema table) {
        Map<String, List<KeyTemplate>> templates = new LinkedHashMap<>();
        Set<String> tableKeys = new java.util.HashSet<>();
        tableKeys.add(table.partitionKeyAttribute());
        table.sortKeyAttribute().ifPresent(tableKeys::add);
        for (EntitySchema<?> entity : table.entities()) {
            IndexKey primary = entity.primaryKey();
            collect(templates, List.of(table.partitionKey()), primary.partitionTemplates(), Set.of());
            collect(templates, table.sortKey().map(List::of).orElse(List.of()), primary.sortTemplates(), Set.of());
            for (Map.Entry<String, IndexKey> index : entity.indexKeys().entrySet()) {
                Optional<IndexSchema> found = table.index(index.getKey());
                if (found.isPresent()) {
                    // a table key attribute reused by the index holds the primary key's text, counted above
                    collect(templates, found.get().partitionKey(), index.getValue().partitionTemplates(), tableKeys);
                    collect(templates, found.get().sortKey(), index.getValue().sortTemplates(), tableKeys);
                }
            }
        }
        return templates;
    }

    private static void collect(Map<String, List<KeyTemplate>> templates, List<KeyAttribute> attributes, List<KeyTemplate> given,
                                Set<String> skipped) {
        for (int i = 0; i < attributes.size() && i < given.size(); i++) {
            KeyAttribute attribute = attributes.get(i);
            if (!skipped.contains(attribute.name()) && composesText(attribute, given.get(i))) {
                templates.computeIfAbsent(attribute.name(), a -> new ArrayList<>()).add(given.get(i));
            }
        }
    }

    /** One part of a primary key: its template escaped with the table's set when it composes text, and whether it does. */
    private record KeyPart(BoundKeyTemplate<?> template, boolean composed) {
    }

    private static KeyPart part(KeyAttribute attribute, BoundKeyTemplate<?> template, Map<String, Set<Integer>> escapes) {
        boolean composed = composesText(attribute, template.template());
        return new KeyPart(composed ? template.escaping(escapes.getOrDefault(attribute.name(), Set.of())) : template, composed);
    }

    /**
     * Checks a table's keys as a whole: every composed template binds with the table's escape sets (a
     * typed sort-key slot must not escape what its values contain), and no two entity types can write
     * the same primary key, where one would overwrite the other.
     *
     * @throws SchemaDefinitionException naming both entities, their templates and a key they could share
     */
    public static void checkTable(TableSchema table) {
        Map<String, Set<Integer>> escapes = escapesByKeyAttribute(table);
        Set<String> tableKeys = new java.util.HashSet<>();
        tableKeys.add(table.partitionKeyAttribute());
        table.sortKeyAttribute().ifPresent(tableKeys::add);
        List<EntitySchema<?>> entities = table.entities();
        List<List<KeyPart>> primaries = new ArrayList<>();
        for (EntitySchema<?> entity : entities) {
            EntityTemplates<?> templates = of(entity);
            List<KeyPart> primary = new ArrayList<>(2);
            primary.add(part(table.partitionKey(), templates.primary().partition(), escapes));
            if (table.sortKey().isPresent() && templates.primary().sort().isPresent()) {
                primary.add(part(table.sortKey().get(), templates.primary().sort().get(), escapes));
            }
            primaries.add(primary);
            for (Map.Entry<String, IndexKey> index : entity.indexKeys().entrySet()) {
                Optional<IndexSchema> found = table.index(index.getKey());
                if (found.isEmpty()) {
                    continue;
                }
                Pair<?> pair = templates.index(index.getKey()).orElseThrow();
                List<KeyAttribute> attributes = new ArrayList<>(found.get().partitionKey());
                attributes.addAll(found.get().sortKey());
                List<BoundKeyTemplate<?>> bound = new ArrayList<>(pair.partitions());
                bound.addAll(pair.sorts());
                for (int i = 0; i < attributes.size() && i < bound.size(); i++) {
                    if (!tableKeys.contains(attributes.get(i).name())) {
                        part(attributes.get(i), bound.get(i), escapes);
                    }
                }
            }
        }
        for (long pair : candidatePairs(primaries)) {
            int i = (int) (pair >>> 32);
            int j = (int) pair;
            if (oneStoredItem(table, entities.get(i), entities.get(j))) {
                continue;
            }
            Optional<List<String>> shared = sharedKey(primaries.get(i), primaries.get(j));
            if (shared.isPresent()) {
                throw new SchemaDefinitionException("Table " + table.name() + ": entity types " + entities.get(i).type() + " ("
                        + describe(of(entities.get(i)).primary()) + ") and " + entities.get(j).type() + " ("
                        + describe(of(entities.get(j)).primary())
                        + ") can write the same primary key, such as " + table.partitionKeyAttribute() + "="
                        + shared.get().get(0) + table.sortKeyAttribute().filter(sk -> shared.get().size() > 1)
                        .map(sk -> ", " + sk + "=" + shared.get().get(1))
                        .orElse("") + ", and then one overwrites the other; give one of them other literal text in its "
                        + (table.sortKeyAttribute().isPresent() ? "sort" : "partition") + " key template, such as '"
                        + entities.get(j).type().toUpperCase(java.util.Locale.ROOT) + "#{...}'");
            }
        }
    }

    /**
     * The pairs {@code (i, j)}, {@code i < j}, of primary keys that {@link #sharedKey} must compare, in the order of a
     * loop over every pair, packed as {@code i << 32 | j}: two composed partition keys whose literal starts differ
     * (neither begins the other) never coincide, so a table of N entities with their own prefixes compares a few pairs
     * instead of N²/2; a part that stores a value is compared with every other.
     */
    private static long[] candidatePairs(List<List<KeyPart>> primaries) {
        int count = primaries.size();
        String[] starts = new String[count];
        java.util.NavigableMap<String, List<Integer>> byStart = new java.util.TreeMap<>();
        List<Integer> always = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            KeyPart partition = primaries.get(i).get(0);
            if (partition.composed()) {
                starts[i] = partition.template().prefix(dev.singletable.KeyValues.none()).text();
                byStart.computeIfAbsent(starts[i], s -> new ArrayList<>()).add(i);
            } else {
                always.add(i);
            }
        }
        java.util.stream.LongStream.Builder pairs = java.util.stream.LongStream.builder();
        for (int i = 0; i < count; i++) {
            List<Integer> others = new ArrayList<>(always);
            if (starts[i] == null) {
                others = java.util.stream.IntStream.range(i + 1, count).boxed().toList();
            } else {
                String start = starts[i];
                byStart.subMap(start, true, start + Character.MAX_VALUE, true).values().forEach(others::addAll);
                for (int length = 0; length < start.length(); length++) {
                    others.addAll(byStart.getOrDefault(start.substring(0, length), List.of()));
                }
            }
            for (int j : others) {
                if (j > i) {
                    pairs.add((long) i << 32 | j);
                }
            }
        }
        return pairs.build().sorted().distinct().toArray();
    }

    /** Two states of one entity with one primary key: the same item in another state, never two items. */
    private static boolean oneStoredItem(TableSchema table, EntitySchema<?> a, EntitySchema<?> b) {
        return a.primaryKey().equals(b.primaryKey())
                && table.states().stream().anyMatch(s -> s.states().contains(a) && s.states().contains(b));
    }

    /**
     * The key texts both primary keys can hold, part by part (quoted, or {@code <equal values>} where both
     * parts store values), or empty when they can never write one key. A part that stores a value (an N or
     * B key, an own attribute) can hold whatever the other part holds, so it coincides with any part of
     * the same key attribute.
     */
    private static Optional<List<String>> sharedKey(List<KeyPart> a, List<KeyPart> b) {
        List<String> shared = new ArrayList<>(2);
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            KeyPart x = a.get(i);
            KeyPart y = b.get(i);
            Optional<String> text;
            if (x.composed() && y.composed()) {
                text = x.template().mayCoincideWith(y.template());
            } else if (x.composed() || y.composed()) {
                text = (x.composed() ? x : y).template().mayStartWith("", false);
            } else {
                text = Optional.of("<equal values>");
            }
            if (text.isEmpty()) {
                return Optional.empty();
            }
            shared.add(text.get().equals("<equal values>") ? text.get() : "'" + text.get() + "'");
        }
        return Optional.of(shared);
    }

    private static String describe(Pair<?> pair) {
        return "'" + pair.partition().template().text() + "'" + pair.sort().map(sk -> " / '" + sk.template().text() + "'").orElse("");
    }

    public Pair<T> primary() {
        return primary;
    }

    /** The templates of an index the entity declares keys for. */
    public Optional<Pair<T>> index(String indexName) {
        return Optional.ofNullable(indexes.get(indexName));
    }
}
