package dev.singletable;

import java.util.Objects;
import java.util.Optional;

/**
 * One adjacency item of a {@link Relation}, as {@code table.related(entity, RELATION)} returns it: the
 * keys of the entity it was read from ({@link #near()}) and of the related one ({@link #far()}), and the
 * attributes copied onto it from either side.
 *
 * <pre>{@code
 * for (Adjacency<User, Group> membership : table.related(alice, MEMBERSHIP)) {
 *     String groupId = (String) membership.far().values().value("groupId").orElseThrow();
 *     Optional<String> groupName = membership.copied(GROUP_NAME);
 * }
 * }</pre>
 *
 * @param <A> the entity type the item was read from
 * @param <B> the related entity type
 */
public final class Adjacency<A, B> {
    private final Relation<A, B> relation;
    private final ItemKey<A> near;
    private final ItemKey<B> far;
    private final DynamicItem item;

    private Adjacency(Relation<A, B> relation, ItemKey<A> near, ItemKey<B> far, DynamicItem item) {
        this.relation = relation;
        this.near = near;
        this.far = far;
        this.item = item;
    }

    /**
     * The adjacency item read from the near side's partition, with the key values of both ends taken
     * from it (the relation's key attributes are among its values).
     *
     * @throws ValidationException when the item lacks a key value of either entity
     */
    public static <A, B> Adjacency<A, B> of(Relation<A, B> relation, DynamicItem item) {
        NullArgumentException.check("Adjacency.of", "relation", relation, "item", item);
        return new Adjacency<>(relation, ItemKey.of(relation.first(), keyOf(relation, relation.first(), item)),
                ItemKey.of(relation.second(), keyOf(relation, relation.second(), item)), item);
    }

    private static KeyValues keyOf(Relation<?, ?> relation, EntitySchema<?> entity, DynamicItem item) {
        KeyValues key = KeyValues.none();
        for (KeyTemplate template : entity.primaryKey().templates()) {
            for (String slot : template.attributeNames()) {
                if (key.value(slot).isPresent()) {
                    continue;
                }
                Object value = item.values().get(slot);
                if (value == null) {
                    throw new ValidationException("Relation " + relation.name() + ": adjacency item " + item + " has no value for "
                            + entity.type() + "'s key attribute '" + slot + "'; it was not written by relate(...): rewrite it with relate");
                }
                key = key.and(slot, value);
            }
        }
        return key;
    }

    public Relation<A, B> relation() {
        return relation;
    }

    /** The key of the entity whose partition holds this item. */
    public ItemKey<A> near() {
        return near;
    }

    /** The key of the related entity. */
    public ItemKey<B> far() {
        return far;
    }

    /** The stored item: key values of both ends and the copied attributes, by name. */
    public DynamicItem item() {
        return item;
    }

    /** The value copied onto this item from either side for the attribute, or empty when the item holds none. */
    public <V> Optional<V> copied(Attribute<?, V> attribute) {
        NullArgumentException.check("Adjacency.copied", "attribute", attribute);
        Object value = item.values().get(attribute.name());
        return value == null ? Optional.empty() : Optional.of(castUnchecked(value)); // stored through the attribute's own type
    }

    @SuppressWarnings("unchecked")
    private static <V> V castUnchecked(Object value) {
        return (V) value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Adjacency<?, ?> other && other.relation.equals(relation) && other.item.equals(item);
    }

    @Override
    public int hashCode() {
        return Objects.hash(relation, item);
    }

    @Override
    public String toString() {
        return relation.name() + "[" + near + " -> " + far + ", " + item.values() + "]";
    }
}
