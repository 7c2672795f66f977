package dev.singletable.changes;

import dev.singletable.Adjacency;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.Experimental;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.Relation;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.WriteTransaction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Keeps a relation's copied attributes in step from the table's stream: when an entity of either side is modified and
 * one of the attributes the relation copies from it changed, rewrites the copies on its adjacency items (both items of
 * each pair) to the record's new image. The stream-side alternative to {@link Relation.Builder#propagateCopies()}:
 * the write of a user stays one request, and its memberships follow shortly after.
 *
 * <pre>{@code
 * RelationCopies copies = RelationCopies.of(table, MEMBERSHIP);
 * ChangeReader<Object> reader = ChangeReader.builder(ChangeDecoder.of(table), streams).checkpoints(checkpoints).build();
 * reader.readAvailable(copies::accept);              // or, in a Lambda function: copies.acceptAll(decoder.decode(records))
 * }</pre>
 *
 * <p>Per record whose copied attributes changed: one Query of the entity's partition for its adjacency items
 * (paged), then, only for the pairs whose copies differ from the new image, TransactWriteItems of up to
 * {@value #PAIRS_PER_TRANSACTION} pairs: an UpdateItem of each of the pair's two items (requiring the item to exist,
 * so a pair unrelated meanwhile is not brought back: such pairs are dropped and the rest sent again once) and a
 * ConditionCheck of the side entity itself.
 *
 * <p><b>Idempotent under replay</b>: the copies are set to the new image's values, never incremented, and pairs that
 * already hold them are not written; a record applied again sends its Query and nothing else.
 *
 * <p><b>Version-safe by value</b>: the ConditionCheck requires the side entity's <em>current</em> copied attributes
 * to equal the record's new image (and the entity to exist). A stale record, whose entity has been written again
 * with other values since, cancels its transaction and is reported {@link Result#SUPERSEDED}: the copies are left as
 * they are, and the newer record (or {@code verify-relation --fix}) brings the current values. The comparison is of
 * the copied values rather than of a version attribute, so it needs no version on the entity, and a record is only
 * skipped when its values are no longer the entity's; a rename there and back again lets the older record through,
 * which writes the entity's current values.
 *
 * <p>Needs the new image: a stream of view type {@code NEW_IMAGE} or {@code NEW_AND_OLD_IMAGES}. Without the old
 * image ({@code NEW_IMAGE}) every modification of a side entity is looked at (one Query), as it cannot tell which
 * attributes changed. Records of other entity types, creations, removals and records without images are
 * {@link Result#IGNORED}. Not thread-safe for the same entity's records out of order across threads; the reader's
 * order within a shard is the order to apply them in.
 */
@Experimental
public final class RelationCopies {
    /** Pairs per transaction: two UpdateItem actions each and the side entity's ConditionCheck, within DynamoDB's 100 actions. */
    public static final int PAIRS_PER_TRANSACTION = 49;

    private final Table table;
    private final Relation<?, ?> relation;

    private RelationCopies(Table table, Relation<?, ?> relation) {
        this.table = table;
        this.relation = relation;
    }

    /**
     * The handler of one relation of the table.
     *
     * @throws SchemaDefinitionException when the table does not declare the relation, or it copies no attribute
     */
    public static RelationCopies of(Table table, Relation<?, ?> relation) {
        NullArgumentException.check("RelationCopies.of", "table", table, "relation", relation);
        Relation<?, ?> declared = relation.isInverse() ? relation.inverse() : relation;
        Relation<?, ?> found = table.schema().relation(declared.name()).orElseThrow(() -> new SchemaDefinitionException(
                "RelationCopies of table " + table.schema().name() + ": relation " + relation.name() + " is not declared on the table"
                        + " (relations are " + table.schema().relations().stream().map(Relation::name).toList()
                        + "); add it with TableSchema.Builder.relation"));
        if (!found.equals(declared)) {
            throw new SchemaDefinitionException("RelationCopies of table " + table.schema().name() + ": relation " + relation.name()
                    + " is another relation than the table's of that name; pass the Relation constant the table schema was built with");
        }
        if (declared.copiedFromFirst().isEmpty() && declared.copiedFromSecond().isEmpty()) {
            throw new SchemaDefinitionException("RelationCopies of table " + table.schema().name() + ": relation " + relation.name()
                    + " copies no attribute, so there is nothing to keep in step; declare copies with copyFromFirst/copyFromSecond");
        }
        return new RelationCopies(table, declared);
    }

    /** What applying one change did. */
    @Experimental
    public enum Result {
        /** Not a modification of a side entity's copied attributes (another type, a creation, a removal, no new image). */
        IGNORED,
        /** Every adjacency item already holds the new image's values: nothing was written (a replayed record). */
        UP_TO_DATE,
        /** The copies of {@link Outcome#pairsRewritten()} pairs were rewritten. */
        REWRITTEN,
        /** The entity has been written with other values since this record: its copies were left as they are. */
        SUPERSEDED
    }

    /**
     * What applying one change did, for logs and tests.
     *
     * @param sequenceNumber the record's sequence number
     * @param keyText        the changed item's key, as {@link Change#keyText()} gives it
     * @param result         what was done
     * @param pairsRewritten adjacency pairs whose two items were rewritten
     */
    @Experimental
    public record Outcome(String sequenceNumber, String keyText, Result result, int pairsRewritten) {
        /** Checks the values are given. */
        public Outcome {
            Objects.requireNonNull(sequenceNumber, "sequenceNumber");
            Objects.requireNonNull(keyText, "keyText");
            Objects.requireNonNull(result, "result");
        }

        @Override
        public String toString() {
            return "#" + sequenceNumber + " " + keyText + " " + result + (result == Result.REWRITTEN ? " " + pairsRewritten + " pairs" : "");
        }
    }

    /** Applies each change in order; see {@link #accept(Change)}. */
    public List<Outcome> acceptAll(List<? extends Change<?>> changes) {
        NullArgumentException.check("RelationCopies.acceptAll", "changes", changes);
        List<Outcome> outcomes = new ArrayList<>();
        for (Change<?> change : changes) {
            outcomes.add(accept(change));
        }
        return List.copyOf(outcomes);
    }

    /**
     * Rewrites the copies the change calls for, if any (see the class description).
     *
     * @throws dev.singletable.SingleTableException when a request fails for another reason than the conditions
     */
    @SuppressWarnings("unchecked")
    public Outcome accept(Change<?> change) {
        NullArgumentException.check("RelationCopies.accept", "change", change);
        Outcome ignored = new Outcome(change.sequenceNumber(), change.keyText(), Result.IGNORED, 0);
        if (!(change instanceof ChangeEvent<?> event) || event.kind() != ChangeKind.MODIFIED || event.newImage().isEmpty()
                || event.newItem().isEmpty()) {
            return ignored;
        }
        String type = event.entity().type();
        Outcome outcome = ignored;
        for (Relation<?, ?> view : List.of(relation, relation.inverse())) {
            if (!view.first().type().equals(type) || view.copiedFromFirst().isEmpty() || !copiesChanged(view, event)) {
                continue;
            }
            Outcome applied = apply((Relation<Object, Object>) view, event.newImage().get(), change);
            outcome = outcome.result() == Result.IGNORED ? applied : merge(outcome, applied);
        }
        return outcome;
    }

    private static Outcome merge(Outcome one, Outcome other) {
        Result result = one.result() == Result.SUPERSEDED || other.result() == Result.SUPERSEDED ? Result.SUPERSEDED
                : one.result() == Result.REWRITTEN || other.result() == Result.REWRITTEN ? Result.REWRITTEN : Result.UP_TO_DATE;
        return new Outcome(one.sequenceNumber(), one.keyText(), result, one.pairsRewritten() + other.pairsRewritten());
    }

    /** True when a copied attribute differs between the images, or there is no old image to tell. */
    private static boolean copiesChanged(Relation<?, ?> view, ChangeEvent<?> event) {
        if (event.oldItem().isEmpty()) {
            return true;
        }
        Map<String, AttributeValue> before = event.oldItem().get();
        Map<String, AttributeValue> after = event.newItem().orElseThrow();
        return view.copiedFromFirst().stream().anyMatch(a -> !Objects.equals(before.get(a.name()), after.get(a.name())));
    }

    /**
     * What {@link #repair()} did for one entity whose copies had drifted.
     *
     * @param entity         the entity, as its type and key values ({@code Group{groupId=2}})
     * @param result         {@link Result#REWRITTEN}, or {@link Result#SUPERSEDED} when it was written again meanwhile
     * @param pairsRewritten adjacency pairs whose two items were rewritten
     */
    @Experimental
    public record Repair(String entity, Result result, int pairsRewritten) {
        /** Checks the values are given. */
        public Repair {
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * Repairs drift, without a stream: reads every adjacency item of the relation (one Scan) and the entities they name
     * (batch gets), then, for each entity whose values differ from a copy of them, rewrites its copies as {@link
     * #accept(Change)} does with the entity as read (its Query, then the pairs that differ, with the same check that
     * the entity still holds those values). Pairs with one item only and items naming an entity that is not stored
     * are left as they are ({@code table.verifyRelation} reports them).
     *
     * <pre>{@code
     * for (RelationCopies.Repair repair : RelationCopies.of(table, MEMBERSHIP).repair()) {
     *     System.out.println(repair);              // Repair[entity=Group{groupId=2}, result=REWRITTEN, pairsRewritten=1]
     * }
     * }</pre>
     *
     * @return one repair per entity with drifted copies, in the order the scan met them; empty when none had drifted
     */
    @SuppressWarnings("unchecked")
    public List<Repair> repair() {
        Relation<Object, Object> declared = (Relation<Object, Object>) relation;
        List<DynamicItem> items = table.scan(EntityCollection.of(DynamicItem.class, declared.firstSideItems(), declared.secondSideItems()))
                .list();
        Map<ItemKey<?>, List<DynamicItem>> byEnd = new LinkedHashMap<>();
        for (DynamicItem item : items) {
            Adjacency<Object, Object> adjacency = Adjacency.of(declared, item);
            if (!declared.copiedFromFirst().isEmpty()) {
                byEnd.computeIfAbsent(adjacency.near(), k -> new ArrayList<>()).add(item);
            }
            if (!declared.copiedFromSecond().isEmpty()) {
                byEnd.computeIfAbsent(adjacency.far(), k -> new ArrayList<>()).add(item);
            }
        }
        if (byEnd.isEmpty()) {
            return List.of();
        }
        ItemsByKey stored = table.batchGet(List.copyOf(byEnd.keySet())).orThrow();
        List<Repair> repairs = new ArrayList<>();
        for (Map.Entry<ItemKey<?>, List<DynamicItem>> end : byEnd.entrySet()) {
            Optional<?> entity = stored.get(end.getKey());
            if (entity.isEmpty()) {
                continue;
            }
            String type = end.getKey().entity().type();
            for (Relation<?, ?> view : List.of(relation, relation.inverse())) {
                if (!view.first().type().equals(type) || view.copiedFromFirst().isEmpty()) {
                    continue;
                }
                // either item of a pair may have drifted: the pair is rewritten whole
                Map<KeyValues, Adjacency<Object, Object>> pairs = new LinkedHashMap<>();
                for (DynamicItem item : end.getValue()) {
                    if (drifted(view, entity.get(), item)) {
                        Adjacency<Object, Object> pair = Adjacency.of((Relation<Object, Object>) view, item);
                        pairs.putIfAbsent(pair(view, pair.near().values(), pair.far().values()), pair);
                    }
                }
                if (!pairs.isEmpty()) {
                    Applied applied = write((Relation<Object, Object>) view, entity.get(), List.copyOf(pairs.values()));
                    repairs.add(new Repair(type + end.getKey().values(), applied.result(), applied.pairsRewritten()));
                }
            }
        }
        return List.copyOf(repairs);
    }

    @SuppressWarnings("unchecked")
    private static boolean drifted(Relation<?, ?> view, Object entity, DynamicItem item) {
        for (Attribute<?, ?> attribute : view.copiedFromFirst()) {
            Optional<AttributeValue> current = encoded(attribute, ((Attribute<Object, ?>) attribute).valueOf(entity));
            if (!current.equals(encoded(attribute, item.values().get(attribute.name())))) {
                return true;
            }
        }
        return false;
    }

    private record Applied(Result result, int pairsRewritten) {
    }

    private Outcome apply(Relation<Object, Object> view, Object entity, Change<?> change) {
        Applied applied = apply(view, entity);
        return new Outcome(change.sequenceNumber(), change.keyText(), applied.result(), applied.pairsRewritten());
    }

    private Applied apply(Relation<Object, Object> view, Object entity) {
        List<Adjacency<Object, Object>> outdated = new ArrayList<>();
        for (Adjacency<Object, Object> adjacency : table.related(entity, view)) {
            for (Attribute<Object, ?> attribute : view.copiedFromFirst()) {
                if (!sameValue(attribute, attribute.valueOf(entity), adjacency)) {
                    outdated.add(adjacency);
                    break;
                }
            }
        }
        return write(view, entity, outdated);
    }

    /** The pairs' copies rewritten in transactions of {@value #PAIRS_PER_TRANSACTION}, stopping at the first whose check fails. */
    private Applied write(Relation<Object, Object> view, Object entity, List<Adjacency<Object, Object>> outdated) {
        if (outdated.isEmpty()) {
            return new Applied(Result.UP_TO_DATE, 0);
        }
        int rewritten = 0;
        for (int from = 0; from < outdated.size(); from += PAIRS_PER_TRANSACTION) {
            List<Adjacency<Object, Object>> chunk = outdated.subList(from, Math.min(outdated.size(), from + PAIRS_PER_TRANSACTION));
            Optional<Integer> sent = send(view, entity, chunk, true);
            if (sent.isEmpty()) {
                return new Applied(Result.SUPERSEDED, rewritten);
            }
            rewritten += sent.get();
        }
        return new Applied(rewritten == 0 ? Result.UP_TO_DATE : Result.REWRITTEN, rewritten);
    }

    private static <V> boolean sameValue(Attribute<?, V> attribute, Object value, Adjacency<?, ?> adjacency) {
        return encoded(attribute, value).equals(encoded(attribute, adjacency.copied(attribute).orElse(null)));
    }

    @SuppressWarnings("unchecked")
    private static <V> Optional<AttributeValue> encoded(Attribute<?, V> attribute, Object value) {
        return value == null ? Optional.empty() : Optional.of(attribute.type().toAttributeValue((V) value));
    }

    /**
     * One transaction: the side entity's check (action 0), then each pair's two updates. Empty when the check failed
     * (the record is superseded), else the pairs written; pairs unrelated meanwhile are dropped and the rest sent once more.
     */
    private Optional<Integer> send(Relation<Object, Object> view, Object entity, List<Adjacency<Object, Object>> pairs, boolean retry) {
        if (pairs.isEmpty()) {
            return Optional.of(0);
        }
        EntitySchema<Object> side = view.first();
        KeyValues sideKey = keyOf(side, entity);
        WriteTransaction transaction = table.transaction().check(side, sideKey, current(side, view.copiedFromFirst(), entity, sideKey));
        for (Adjacency<Object, Object> pair : pairs) {
            KeyValues both = pair(view, pair.near().values(), pair.far().values());
            transaction.update(view.firstSideItems(), both, copies(view.firstSideItems(), view.copiedFromFirst(), entity));
            transaction.update(view.secondSideItems(), both, copies(view.secondSideItems(), view.copiedFromFirst(), entity));
        }
        try {
            transaction.execute();
            return Optional.of(pairs.size());
        } catch (TransactionCanceledException canceled) {
            boolean conditions = canceled.failures().stream().allMatch(r -> r.code().equals("ConditionalCheckFailed"));
            if (conditions && canceled.failures().stream().anyMatch(r -> r.index() == 0)) {
                return Optional.empty();
            }
            if (!retry || !conditions) {
                throw canceled;
            }
            Set<Integer> gone = new LinkedHashSet<>();
            canceled.failures().forEach(r -> gone.add((r.index() - 1) / 2));
            List<Adjacency<Object, Object>> left = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                if (!gone.contains(i)) {
                    left.add(pairs.get(i));
                }
            }
            return send(view, entity, left, false);
        }
    }

    /** The entity exists and its copied attributes still hold the values being copied. */
    private static Condition current(EntitySchema<Object> side, List<Attribute<Object, ?>> copied, Object entity, KeyValues key) {
        String slot = key.asMap().keySet().iterator().next();
        Condition condition = Condition.exists(side.attribute(slot).orElseThrow());
        for (Attribute<Object, ?> attribute : copied) {
            condition = condition.and(holds(attribute, attribute.valueOf(entity)));
        }
        return condition;
    }

    @SuppressWarnings("unchecked")
    private static <V> Condition holds(Attribute<Object, V> attribute, Object value) {
        return value == null ? Condition.notExists(attribute) : Condition.eq(attribute, (V) value);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static UnaryOperator<Update<DynamicItem>> copies(EntitySchema<DynamicItem> items, List<Attribute<Object, ?>> copied,
                                                             Object entity) {
        return update -> {
            Update<DynamicItem> changed = update;
            for (Attribute<Object, ?> source : copied) {
                Attribute target = items.attribute(source.name()).orElseThrow();
                Object value = source.valueOf(entity);
                changed = value == null ? changed.remove(target) : changed.set(target, value);
            }
            return changed;
        };
    }

    private static KeyValues keyOf(EntitySchema<Object> entity, Object value) {
        KeyValues key = KeyValues.none();
        for (KeyTemplate template : entity.primaryKey().templates()) {
            for (String slot : template.attributeNames()) {
                if (key.value(slot).isEmpty()) {
                    key = key.and(slot, entity.attribute(slot).orElseThrow().valueOf(value));
                }
            }
        }
        return key;
    }

    /** The two ends' key values under their names on the adjacency items. */
    private static KeyValues pair(Relation<?, ?> view, KeyValues near, KeyValues far) {
        KeyValues joined = KeyValues.none();
        for (Map.Entry<String, Object> entry : near.asMap().entrySet()) {
            joined = joined.and(view.firstKeyAttributes().get(entry.getKey()), entry.getValue());
        }
        for (Map.Entry<String, Object> entry : far.asMap().entrySet()) {
            joined = joined.and(view.secondKeyAttributes().get(entry.getKey()), entry.getValue());
        }
        return joined;
    }
}
