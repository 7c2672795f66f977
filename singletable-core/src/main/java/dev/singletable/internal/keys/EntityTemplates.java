package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.KeyTemplate;

import java.util.ArrayList;
import java.util.List;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * An entity's key templates bound to its attributes, once per entity schema: the schema's
 * {@code build()} binds them (so a template mistake fails there), and every table holding the
 * entity reuses them.
 */
public final class EntityTemplates<T> {
    /** Weak, so schemas built and dropped (tests, tools) do not pile up; keys compare by identity. */
    private static final Map<EntitySchema<?>, EntityTemplates<?>> BOUND = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The templates of one key: the partition key's, and the sort key's when the key has one; with a
     * multi-attribute key, {@code partitions} and {@code sorts} hold one per key attribute (the first
     * of each is {@code partition} and {@code sort}).
     */
    public record Pair<T>(BoundKeyTemplate<T> partition, Optional<BoundKeyTemplate<T>> sort,
                          List<BoundKeyTemplate<T>> partitions, List<BoundKeyTemplate<T>> sorts) {
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

    public Pair<T> primary() {
        return primary;
    }

    /** The templates of an index the entity declares keys for. */
    public Optional<Pair<T>> index(String indexName) {
        return Optional.ofNullable(indexes.get(indexName));
    }
}
