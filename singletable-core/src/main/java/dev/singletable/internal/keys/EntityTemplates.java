package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.KeyTemplate;
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

    /** The templates of one key: the partition key's, and the sort key's when the key has one. */
    public record Pair<T>(BoundKeyTemplate<T> partition, Optional<BoundKeyTemplate<T>> sort) {
        /** The pair escaping what a table escapes in the two attributes that hold it. */
        public Pair<T> escaping(Map<String, Set<Integer>> escapes, String partitionAttribute, Optional<String> sortAttribute) {
            return new Pair<>(partition.escaping(escapes.getOrDefault(partitionAttribute, Set.of())),
                    sort.map(template -> template.escaping(sortAttribute.map(a -> escapes.getOrDefault(a, Set.of())).orElse(Set.of()))));
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
        BoundKeyTemplate<T> partition = new BoundKeyTemplate<>(key.partition(), KeyRole.PARTITION, where + " partition key", attributes);
        Optional<BoundKeyTemplate<T>> sort = key.sort()
                .map(template -> new BoundKeyTemplate<>(template, KeyRole.SORT, where + " sort key", attributes));
        return new Pair<>(partition, sort);
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
     * The escape set of each key attribute of a table (its own and its indexes' key attributes, by name):
     * the code points next to a slot in any template of any entity that writes the attribute.
     */
    public static Map<String, Set<Integer>> escapesByKeyAttribute(TableSchema table) {
        Map<String, List<KeyTemplate>> templates = templatesByKeyAttribute(table);
        Map<String, Set<Integer>> escapes = new LinkedHashMap<>();
        templates.forEach((attribute, list) -> escapes.put(attribute,
                Arrays.stream(KeyEscapes.nextToSlots(list)).boxed().collect(Collectors.toUnmodifiableSet())));
        return Collections.unmodifiableMap(escapes);
    }

    private static Map<String, List<KeyTemplate>> templatesByKeyAttribute(TableSchema table) {
        Map<String, List<KeyTemplate>> templates = new LinkedHashMap<>();
        for (EntitySchema<?> entity : table.entities()) {
            collect(templates, entity.primaryKey(), table.partitionKeyAttribute(), table.sortKeyAttribute());
            for (Map.Entry<String, IndexKey> index : entity.indexKeys().entrySet()) {
                Optional<IndexSchema> found = table.index(index.getKey());
                if (found.isPresent()) {
                    collect(templates, index.getValue(), found.get().partitionKeyAttribute(), found.get().sortKeyAttribute());
                }
            }
        }
        return templates;
    }

    private static void collect(Map<String, List<KeyTemplate>> templates, IndexKey key, String partition, Optional<String> sort) {
        templates.computeIfAbsent(partition, a -> new ArrayList<>()).add(key.partition());
        if (sort.isPresent() && key.sort().isPresent()) {
            templates.computeIfAbsent(sort.get(), a -> new ArrayList<>()).add(key.sort().get());
        }
    }

    /**
     * Checks a table's keys as a whole: every template binds with the table's escape sets (a typed
     * sort-key slot must not escape what its values contain), and no two entity types can write the
     * same primary key, where one would overwrite the other.
     *
     * @throws SchemaDefinitionException naming both entities, their templates and a key they could share
     */
    public static void checkTable(TableSchema table) {
        Map<String, Set<Integer>> escapes = escapesByKeyAttribute(table);
        List<EntitySchema<?>> entities = table.entities();
        List<Pair<?>> primaries = new ArrayList<>();
        for (EntitySchema<?> entity : entities) {
            EntityTemplates<?> templates = of(entity);
            primaries.add(templates.primary().escaping(escapes, table.partitionKeyAttribute(), table.sortKeyAttribute()));
            for (Map.Entry<String, IndexKey> index : entity.indexKeys().entrySet()) {
                table.index(index.getKey()).ifPresent(found -> templates.index(index.getKey()).orElseThrow()
                        .escaping(escapes, found.partitionKeyAttribute(), found.sortKeyAttribute()));
            }
        }
        for (int i = 0; i < entities.size(); i++) {
            for (int j = i + 1; j < entities.size(); j++) {
                Optional<List<String>> shared = sharedKey(primaries.get(i), primaries.get(j));
                if (shared.isPresent()) {
                    throw new SchemaDefinitionException("Table " + table.name() + ": entity types " + entities.get(i).type() + " ("
                            + describe(primaries.get(i)) + ") and " + entities.get(j).type() + " (" + describe(primaries.get(j))
                            + ") can write the same primary key, such as " + table.partitionKeyAttribute() + "='"
                            + shared.get().get(0) + "'" + table.sortKeyAttribute().map(sk -> ", " + sk + "='" + shared.get().get(1) + "'")
                            .orElse("") + ", and then one overwrites the other; give one of them other literal text in its "
                            + (table.sortKeyAttribute().isPresent() ? "sort" : "partition") + " key template, such as '"
                            + entities.get(j).type().toUpperCase(java.util.Locale.ROOT) + "#{...}'");
                }
            }
        }
    }

    /** The partition and sort key texts both pairs can compose, or empty when they can never write one key. */
    private static Optional<List<String>> sharedKey(Pair<?> a, Pair<?> b) {
        Optional<String> partition = a.partition().mayCoincideWith(b.partition());
        if (partition.isEmpty()) {
            return Optional.empty();
        }
        if (a.sort().isEmpty() || b.sort().isEmpty()) {
            return Optional.of(List.of(partition.get(), ""));
        }
        return a.sort().get().mayCoincideWith(b.sort().get()).map(sort -> List.of(partition.get(), sort));
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
