package dev.singletable.internal.relations;

import dev.singletable.Adjacency;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyValues;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TransactionActions;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Futures;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The relations of one table on one client kind: relate, unrelate, related, verification, deleting an
 * end with its pairs ({@link EndDeletion}) or the pairs plain deletes left ({@link DanglingPairs}) and the
 * propagation of copied attributes ({@link CopyPropagation}), written once over the {@link Port} each facade
 * gives (its own queries, scans, batch gets and transactions), so sync and async send the same requests.
 */
public final class Relations {
    /** What relations send, through the facade's own operations; on the synchronous client each future is complete. */
    public interface Port {
        /** Every item of the entity in one partition, in sort-key order (all pages). */
        <T> CompletableFuture<List<T>> query(EntitySchema<T> entity, KeyValues partition);

        /** Every item of the collection's types in the table (all pages). */
        <T> CompletableFuture<List<T>> scan(EntityCollection<T> collection);

        /** A batch get of any number of keys, unprocessed keys retried. */
        CompletableFuture<ItemsByKey> batchGet(List<ItemKey<?>> keys);

        /** One transaction of the actions the consumer adds. */
        CompletableFuture<Void> transact(Consumer<TransactionActions<?>> actions);
    }

    private final BoundTable table;
    private final Port port;
    private final EndDeletion endDeletion;
    private final CopyPropagation propagation;

    public Relations(BoundTable table, Port port) {
        this.table = table;
        this.port = port;
        this.endDeletion = new EndDeletion(table, this, port);
        this.propagation = new CopyPropagation(table, this, port);
    }

    /** The declared relation, or refused when the table does not declare it. */
    private void declared(Relation<?, ?> relation) {
        Relation<?, ?> declared = table.schema().relation(relation.name()).orElseThrow(() -> new SchemaDefinitionException(
                "Relation " + relation.name() + " is not declared on table " + table.name() + "; add it with TableSchema.Builder.relation"
                        + " (relations are " + table.schema().relations().stream().map(Relation::name).toList() + ")"));
        if (!declared.equals(relation) && !declared.equals(relation.inverse())) {
            throw new SchemaDefinitionException("Relation " + relation.name() + " is another relation than table " + table.name()
                    + "'s of that name; use the Relation constant the table schema was built with");
        }
    }

    /** The relation between the two entities' types, as seen from the first. */
    @SuppressWarnings("unchecked")
    public Relation<Object, Object> between(Object first, Object second) {
        String a = table.entityFor(first).type();
        String b = table.entityFor(second).type();
        List<Relation<Object, Object>> found = new ArrayList<>();
        for (Relation<?, ?> relation : table.schema().relations()) {
            if (relation.first().type().equals(a) && relation.second().type().equals(b)) {
                found.add((Relation<Object, Object>) relation);
            } else if (relation.first().type().equals(b) && relation.second().type().equals(a)) {
                found.add((Relation<Object, Object>) relation.inverse());
            }
        }
        if (found.size() != 1) {
            throw new SchemaDefinitionException("Table " + table.name() + " declares " + (found.isEmpty() ? "no relation" : found.size()
                    + " relations " + found.stream().map(Relation::name).toList()) + " between " + a + " and " + b + "; "
                    + (found.isEmpty() ? "declare one with TableSchema.Builder.relation(Relation.between(...))"
                    : "name the one meant: relate(first, second, RELATION)"));
        }
        return found.get(0);
    }

    // ---------------------------------------------------------------- writes

    /**
     * Both adjacency items in one transaction, with checks that both entities are stored: puts of the
     * same items, so relating again changes nothing (the copies are refreshed if they had changed).
     */
    public <A, B> CompletableFuture<Void> relate(A first, B second, Relation<A, B> relation) {
        return relate(first, second, relation, EdgeValues.none());
    }

    /** As {@link #relate(Object, Object, Relation)}, with the edge's own values written onto both items. */
    public <A, B> CompletableFuture<Void> relate(A first, B second, Relation<A, B> relation, EdgeValues edge) {
        return Futures.compose(() -> {
            declared(relation);
            checkEdge(relation, edge);
            DynamicItem near = item(relation, relation.firstSideItems(), first, second, edge);
            DynamicItem far = item(relation, relation.secondSideItems(), first, second, edge);
            KeyValues firstKey = keyOf(relation.first(), first);
            KeyValues secondKey = keyOf(relation.second(), second);
            // an entity related with itself (a self-relation): one check of its item, DynamoDB refusing two actions on one item
            boolean sameEnd = relation.first().type().equals(relation.second().type()) && firstKey.equals(secondKey);
            List<UnstoredEnds.End> checked = new ArrayList<>();
            CompletableFuture<Void> sent = port.transact(t -> {
                t.put(near).put(far);
                existence(relation.first(), firstKey).ifPresent(c -> {
                    t.check(relation.first(), firstKey, c);
                    checked.add(new UnstoredEnds.End(relation.first(), firstKey));
                });
                if (!sameEnd) {
                    existence(relation.second(), secondKey).ifPresent(c -> {
                        t.check(relation.second(), secondKey, c);
                        checked.add(new UnstoredEnds.End(relation.second(), secondKey));
                    });
                }
            });
            return UnstoredEnds.explained(sent, relation.name(), checked, 2);
        });
    }

    /** Every value is of a declared edge attribute (the constant itself), and every required one is given. */
    private static void checkEdge(Relation<?, ?> relation, EdgeValues edge) {
        List<String> declared = relation.edgeAttributes().stream().map(Attribute::name).toList();
        for (Map.Entry<String, Attribute<DynamicItem, ?>> given : edge.attributes().entrySet()) {
            if (!relation.edgeAttributes().contains(given.getValue())) {
                throw new ValidationException("Relation " + relation.name() + ": edge value " + given.getKey() + "=" + edge.asMap()
                        .get(given.getKey()) + " is not of one of its edge attributes " + declared + "; declare '" + given.getKey()
                        + "' with Relation.Builder.edge, or give the Attribute constant declared there");
            }
        }
        for (Attribute<DynamicItem, ?> attribute : relation.edgeAttributes()) {
            if (attribute.isRequired() && !edge.asMap().containsKey(attribute.name())) {
                throw new ValidationException("Relation " + relation.name() + ": edge attribute '" + attribute.name()
                        + "' is required, and the edge values " + edge + " have none; give it, EdgeValues.of(" + attribute.name()
                        + ", value)");
            }
        }
    }

    /** Both adjacency items deleted in one transaction; deleting absent items is no error, so unrelating again changes nothing. */
    public <A, B> CompletableFuture<Void> unrelate(A first, B second, Relation<A, B> relation) {
        return Futures.compose(() -> {
            declared(relation);
            KeyValues both = pair(relation, keyOf(relation.first(), first), keyOf(relation.second(), second));
            return port.transact(t -> t.delete(relation.firstSideItems(), both).delete(relation.secondSideItems(), both));
        });
    }

    /** The entity and its pairs of every relation its type is an end of, in one transaction; completes with the pairs deleted. */
    public CompletableFuture<Integer> deleteWithPairs(Object entity) {
        return Futures.compose(() -> {
            String type = table.entityFor(entity).type();
            return endDeletion.delete(entity, table.schema().relations().stream()
                    .filter(r -> r.first().type().equals(type) || r.second().type().equals(type)).toList());
        });
    }

    /** The entity and its pairs of one relation, in one transaction; completes with the pairs deleted. */
    public CompletableFuture<Integer> deleteWithPairs(Object entity, Relation<?, ?> relation) {
        return Futures.compose(() -> {
            declared(relation);
            String type = table.entityFor(entity).type();
            if (!relation.first().type().equals(type) && !relation.second().type().equals(type)) {
                throw new ValidationException("deleteWithPairs: " + type + " is not an end of relation " + relation.name() + " (between "
                        + relation.first().type() + " and " + relation.second().type() + "); give a relation of " + type
                        + ", or deleteWithPairs(entity) for all of them");
            }
            return endDeletion.delete(entity, List.of(relation.isInverse() ? relation.inverse() : relation));
        });
    }

    /** The entity's adjacency items: one query of its partition, in sort-key order. */
    public <A, B> CompletableFuture<List<Adjacency<A, B>>> related(A entity, Relation<A, B> relation) {
        return Futures.compose(() -> {
            declared(relation);
            KeyValues partition = KeyValues.none();
            KeyValues key = pair(relation, keyOf(relation.first(), entity), KeyValues.none());
            for (String slot : relation.firstSideItems().primaryKey().partition().attributeNames()) {
                if (partition.value(slot).isEmpty()) {
                    partition = partition.and(slot, key.value(slot).orElseThrow());
                }
            }
            return port.query(relation.firstSideItems(), partition)
                    .thenApply(items -> items.stream().map(item -> Adjacency.of(relation, item)).toList());
        });
    }

    /** The far-side entities of the adjacency items, through batch gets, in the items' order; entities no longer stored are left out. */
    public <A, B> CompletableFuture<List<B>> relatedEntities(A entity, Relation<A, B> relation) {
        return related(entity, relation).thenCompose(adjacencies -> {
            List<ItemKey<?>> keys = new ArrayList<>(new LinkedHashSet<>(adjacencies.stream().<ItemKey<?>>map(Adjacency::far).toList()));
            if (keys.isEmpty()) {
                return CompletableFuture.completedFuture(List.of());
            }
            return port.batchGet(keys).thenApply(found -> {
                found.orThrow();
                List<B> entities = new ArrayList<>();
                for (Adjacency<A, B> adjacency : adjacencies) {
                    found.get(adjacency.far()).ifPresent(entities::add);
                }
                return List.copyOf(entities);
            });
        });
    }

    // ---------------------------------------------------------------- verification

    /** Scans both sides' items (one scan), reads every entity they name (batch gets), and reports what does not match. */
    public CompletableFuture<RelationReport> verify(Relation<?, ?> relation) {
        return Futures.compose(() -> {
            declared(relation);
            Relation<?, ?> declared = relation.isInverse() ? relation.inverse() : relation;
            return verifyDeclared(declared);
        });
    }

    /** A declared relation's adjacency items (both sides, one scan) and the entities they name that are stored (batch gets). */
    record Scanned(List<DynamicItem> items, ItemsByKey ends) {
    }

    <A, B> CompletableFuture<Scanned> scanned(Relation<A, B> relation) {
        EntityCollection<DynamicItem> items = EntityCollection.of(DynamicItem.class, relation.firstSideItems(), relation.secondSideItems());
        return port.scan(items).thenCompose(scanned -> {
            Set<ItemKey<?>> ends = new LinkedHashSet<>();
            for (DynamicItem item : scanned) {
                Adjacency<A, B> adjacency = Adjacency.of(relation, item);
                ends.add(adjacency.near());
                ends.add(adjacency.far());
            }
            CompletableFuture<ItemsByKey> stored = ends.isEmpty()
                    ? CompletableFuture.completedFuture(new ItemsByKey(Map.of(), List.of(), List.of(), 0))
                    : port.batchGet(List.copyOf(ends));
            return stored.thenApply(found -> new Scanned(scanned, found.orThrow()));
        });
    }

    private <A, B> CompletableFuture<RelationReport> verifyDeclared(Relation<A, B> relation) {
        return scanned(relation).thenApply(scanned -> {
            Map<KeyValues, DynamicItem> firstSide = new LinkedHashMap<>();
            Map<KeyValues, DynamicItem> secondSide = new LinkedHashMap<>();
            for (DynamicItem item : scanned.items()) {
                Adjacency<A, B> adjacency = Adjacency.of(relation, item);
                KeyValues pair = pair(relation, adjacency.near().values(), adjacency.far().values());
                (item.entityType().equals(relation.firstSideItems().type()) ? firstSide : secondSide).put(pair, item);
            }
            return report(relation, scanned.items().size(), firstSide, secondSide, scanned.ends());
        });
    }

    /** Both items of each pair naming an entity not stored, one transaction a pair; completes with the pairs deleted. */
    public CompletableFuture<Integer> deleteDanglingPairs(Relation<?, ?> relation) {
        return Futures.compose(() -> {
            declared(relation);
            Relation<?, ?> declared = relation.isInverse() ? relation.inverse() : relation;
            return new DanglingPairs(this, port, table.schema().partitionKeyAttribute()).delete(declared);
        });
    }

    private <A, B> RelationReport report(Relation<A, B> relation, int scanned, Map<KeyValues, DynamicItem> firstSide,
                                         Map<KeyValues, DynamicItem> secondSide, ItemsByKey stored) {
        List<RelationReport.OneSided> oneSided = new ArrayList<>();
        List<RelationReport.Dangling> dangling = new ArrayList<>();
        List<RelationReport.StaleCopy> stale = new ArrayList<>();
        for (boolean first : List.of(true, false)) {
            Map<KeyValues, DynamicItem> these = first ? firstSide : secondSide;
            Map<KeyValues, DynamicItem> mirrors = first ? secondSide : firstSide;
            EntitySchema<DynamicItem> type = first ? relation.firstSideItems() : relation.secondSideItems();
            EntitySchema<DynamicItem> mirrorType = first ? relation.secondSideItems() : relation.firstSideItems();
            for (Map.Entry<KeyValues, DynamicItem> entry : these.entrySet()) {
                Map<String, String> key = keyText(type, entry.getKey());
                if (!mirrors.containsKey(entry.getKey())) {
                    oneSided.add(new RelationReport.OneSided(type.type(), key, mirrorType.type(), keyText(mirrorType, entry.getKey())));
                }
                Adjacency<A, B> adjacency = Adjacency.of(relation, entry.getValue());
                compare(type.type(), key, entry.getValue(), adjacency.near(), relation.copiedFromFirst(), stored, dangling, stale);
                compare(type.type(), key, entry.getValue(), adjacency.far(), relation.copiedFromSecond(), stored, dangling, stale);
            }
        }
        Comparator<Map<String, String>> byKey = Comparator.comparing(Object::toString);
        oneSided.sort(Comparator.comparing(RelationReport.OneSided::itemType).thenComparing(RelationReport.OneSided::key, byKey));
        dangling.sort(Comparator.comparing(RelationReport.Dangling::itemType).thenComparing(RelationReport.Dangling::key, byKey)
                .thenComparing(RelationReport.Dangling::entityType));
        stale.sort(Comparator.comparing(RelationReport.StaleCopy::itemType).thenComparing(RelationReport.StaleCopy::key, byKey)
                .thenComparing(RelationReport.StaleCopy::attribute));
        return new RelationReport(relation.name(), scanned, oneSided, dangling, stale);
    }

    private static <X> void compare(String itemType, Map<String, String> key, DynamicItem item, ItemKey<X> end,
                                    List<Attribute<X, ?>> copied, ItemsByKey stored, List<RelationReport.Dangling> dangling,
                                    List<RelationReport.StaleCopy> stale) {
        Optional<X> entity = stored.get(end);
        if (entity.isEmpty()) {
            dangling.add(new RelationReport.Dangling(itemType, key, end.entity().type(), end.values()));
            return;
        }
        for (Attribute<X, ?> attribute : copied) {
            Optional<AttributeValue> current = encoded(attribute, attribute.valueOf(entity.get()));
            Optional<AttributeValue> copy = encodedStored(attribute, item.values().get(attribute.name()));
            if (!current.equals(copy)) {
                stale.add(new RelationReport.StaleCopy(itemType, key, attribute.name(), text(item.values().get(attribute.name())),
                        end.entity().type() + end.values(), text(attribute.valueOf(entity.get()))));
            }
        }
    }

    /** The attribute's value as stored, or empty when absent; also how {@link CopyPropagation} compares copies. */
    @SuppressWarnings("unchecked")
    static <V> Optional<AttributeValue> encoded(Attribute<?, V> attribute, Object value) {
        return value == null ? Optional.empty() : Optional.of(attribute.type().toAttributeValue((V) value));
    }

    static Optional<AttributeValue> encodedStored(Attribute<?, ?> attribute, Object value) {
        return encoded(attribute, value);
    }

    private static String text(Object value) {
        return value == null ? "(absent)" : value.toString();
    }

    private Map<String, String> keyText(EntitySchema<DynamicItem> items, KeyValues values) {
        return table.keyText(table.bound(items).key(values));
    }

    // ---------------------------------------------------------------- propagation

    /** True when the written entity is an end of a relation that propagates copies of its attributes. */
    public boolean propagates(Object entity) {
        return propagation.propagates(entity);
    }

    /**
     * After a write of an entity, its copies rewritten on the pairs whose copies differ ({@link CopyPropagation});
     * completes with the entity as written.
     */
    public <T> CompletableFuture<T> propagate(T written) {
        return propagation.propagate(written);
    }

    // ---------------------------------------------------------------- items and keys

    private static <X> KeyValues keyOf(EntitySchema<X> entity, X value) {
        KeyValues key = KeyValues.none();
        for (KeyTemplate template : entity.primaryKey().templates()) {
            for (String slot : template.attributeNames()) {
                if (key.value(slot).isEmpty()) {
                    Object slotValue = entity.attribute(slot).orElseThrow().valueOf(value);
                    if (slotValue == null) {
                        throw new ValidationException(entity.type() + "." + slot + " is null, but it is a key slot of " + entity.type()
                                + ", which an adjacency item names; give it a value");
                    }
                    key = key.and(slot, slotValue);
                }
            }
        }
        return key;
    }

    /** The two ends' key values (by their entities' names) under their names on the adjacency items, as the items' keys take them. */
    static KeyValues pair(Relation<?, ?> relation, KeyValues near, KeyValues far) {
        KeyValues joined = KeyValues.none();
        for (Map.Entry<String, Object> entry : near.asMap().entrySet()) {
            joined = joined.and(relation.firstKeyAttributes().get(entry.getKey()), entry.getValue());
        }
        for (Map.Entry<String, Object> entry : far.asMap().entrySet()) {
            joined = joined.and(relation.secondKeyAttributes().get(entry.getKey()), entry.getValue());
        }
        return joined;
    }

    private static <X> Optional<Condition> existence(EntitySchema<X> entity, KeyValues key) {
        return key.asMap().keySet().stream().findFirst().flatMap(entity::attribute).map(Condition::exists);
    }

    private static <A, B> DynamicItem item(Relation<A, B> relation, EntitySchema<DynamicItem> type, A first, B second, EdgeValues edge) {
        DynamicItem.Builder item = DynamicItem.builder(type.type());
        pair(relation, keyOf(relation.first(), first), keyOf(relation.second(), second)).asMap().forEach(item::set);
        edge.asMap().forEach(item::set);
        for (Attribute<A, ?> attribute : relation.copiedFromFirst()) {
            Object value = attribute.valueOf(first);
            if (value != null) {
                item.set(attribute.name(), value);
            }
        }
        for (Attribute<B, ?> attribute : relation.copiedFromSecond()) {
            Object value = attribute.valueOf(second);
            if (value != null) {
                item.set(attribute.name(), value);
            }
        }
        return item.build();
    }
}
