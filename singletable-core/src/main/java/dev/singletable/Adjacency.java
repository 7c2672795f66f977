package dev.singletable;

import java.util.Map;
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
@Experimental
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
        return new Adjacency<>(relation, ItemKey.of(relation.first(), keyOf(relation, relation.first(), relation.firstKeyAttributes(), item)),
                ItemKey.of(relation.second(), keyOf(relation, relation.second(), relation.secondKeyAttributes(), item)), item);
    }

    /** The entity's key values, read from the item under their names there. */
    private static KeyValues keyOf(Relation<?, ?> relation, EntitySchema<?> entity, Map<String, String> names, DynamicItem item) {
        KeyValues key = KeyValues.none();
        for (Map.Entry<String, String> name : names.entrySet()) {
            Object value = item.values().get(name.getValue());
            if (value == null) {
                throw new ValidationException("Relation " + relation.name() + ": adjacency item " + item + " has no value for "
                        + entity.type() + "'s key attribute '" + name.getKey() + "'" + (name.getKey().equals(name.getValue()) ? ""
                        : " (named '" + name.getValue() + "' on the items)") + "; it was not written by relate(...): rewrite it with relate");
            }
            key = key.and(name.getKey(), value);
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

    /**
     * A key value of the related entity, typed by its attribute, where {@code far().values()} gives it as an
     * {@code Object}.
     *
     * <pre>{@code String groupId = membership.farValue(GROUP_ID);}</pre>
     *
     * @throws ValidationException when the attribute fills no slot of the related entity's key
     */
    public <V> V farValue(Attribute<B, V> attribute) {
        NullArgumentException.check("Adjacency.farValue", "attribute", attribute);
        return keyValue(far, attribute, "farValue");
    }

    /** A key value of the entity whose partition holds this item, typed by its attribute; see {@link #farValue}. */
    public <V> V nearValue(Attribute<A, V> attribute) {
        NullArgumentException.check("Adjacency.nearValue", "attribute", attribute);
        return keyValue(near, attribute, "nearValue");
    }

    private static <V> V keyValue(ItemKey<?> key, Attribute<?, V> attribute, String method) {
        Object value = key.values().value(attribute.name()).orElseThrow(() -> new ValidationException("Adjacency." + method + ": '"
                + attribute.name() + "' fills no slot of " + key.entity().type() + "'s key " + key.values().asMap().keySet()
                + "; give one of its key attributes"));
        return castUnchecked(value); // decoded through the key attribute's own type
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

    /**
     * The value of an attribute of the edge itself, as {@code relate} wrote it (see {@link Relation.Builder#edge}),
     * or empty when the item holds none.
     *
     * <pre>{@code LocalDate joined = membership.edge(JOIN_DATE).orElseThrow();}</pre>
     *
     * @throws ValidationException when the attribute is not one of the relation's edge attributes
     */
    public <V> Optional<V> edge(Attribute<DynamicItem, V> attribute) {
        NullArgumentException.check("Adjacency.edge", "attribute", attribute);
        if (!relation.edgeAttributes().contains(attribute)) {
            throw new ValidationException("Relation " + relation.name() + ": '" + attribute.name() + "' is not one of its edge attributes "
                    + relation.edgeAttributes().stream().map(Attribute::name).toList() + "; declare it with Relation.Builder.edge");
        }
        Object value = item.values().get(attribute.name());
        return value == null ? Optional.empty() : Optional.of(castUnchecked(value));
    }

    /** All the edge values the item holds, in the relation's declaration order: what {@code relate} was given. */
    public EdgeValues edgeValues() {
        EdgeValues values = EdgeValues.none();
        for (Attribute<DynamicItem, ?> attribute : relation.edgeAttributes()) {
            values = withValue(values, attribute);
        }
        return values;
    }

    private <V> EdgeValues withValue(EdgeValues values, Attribute<DynamicItem, V> attribute) {
        Object value = item.values().get(attribute.name());
        return value == null ? values : values.and(attribute, castUnchecked(value));
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
