package dev.singletable;


import java.util.Objects;

/**
 * The primary key of one item of one entity type: what batch and transactional reads ask for,
 * and how their results are looked up.
 *
 * <pre>{@code
 * ItemKey<Order> key = ItemKey.of(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"));
 * ItemsByKey found = table.batchGet(List.of(key));
 * Optional<Order> order = found.get(key);
 * }</pre>
 *
 * @param <T> the entity type
 */
@Stable
public final class ItemKey<T> {
    private final EntitySchema<T> entity;
    private final KeyValues values;

    private ItemKey(EntitySchema<T> entity, KeyValues values) {
        this.entity = Objects.requireNonNull(entity, "entity");
        this.values = Objects.requireNonNull(values, "values");
    }

    public static <T> ItemKey<T> of(EntitySchema<T> entity, KeyValues values) {
        NullArgumentException.check("ItemKey.of", "entity", entity, "values", values);
        return new ItemKey<>(entity, values);
    }

    public EntitySchema<T> entity() {
        return entity;
    }

    /** The primary key's slot values. */
    public KeyValues values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ItemKey<?> other && other.entity.type().equals(entity.type()) && other.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(entity.type(), values);
    }

    @Override
    public String toString() {
        return entity.type() + values;
    }
}
