package dev.singletable;


import java.util.List;
import java.util.Objects;

/**
 * Several entity types read together by one query, such as a customer and their orders, which
 * share a partition key. Each item is decoded by its entity-type attribute into its own Java type;
 * the query returns them as the common supertype {@code T}, typically a sealed interface.
 *
 * <pre>{@code
 * sealed interface CustomerItems permits Customer, Order {}
 * static final EntityCollection<CustomerItems> CUSTOMER_ITEMS =
 *         EntityCollection.of(CustomerItems.class, CUSTOMER, ORDER);
 *
 * for (CustomerItems item : table.query(CUSTOMER_ITEMS).partition(KeyValues.of("customerId", "C1")).list()) {
 *     switch (item) { ... }
 * }
 * }</pre>
 */
@Stable
public final class EntityCollection<T> implements EntityTypes<T> {
    private final Class<T> type;
    private final List<EntitySchema<? extends T>> members;

    private EntityCollection(Class<T> type, List<EntitySchema<? extends T>> members) {
        this.type = type;
        this.members = members;
    }

    @SafeVarargs
    public static <T> EntityCollection<T> of(Class<T> type, EntitySchema<? extends T>... members) {
        NullArgumentException.check("EntityCollection.of", "type", type);
        if (members == null) {
            throw new NullArgumentException("EntityCollection.of", "members", "give the collection's entity schemas");
        }
        Objects.requireNonNull(type, "type");
        if (members.length == 0) {
            throw new SchemaDefinitionException("Collection " + type.getSimpleName() + " needs at least one entity type");
        }
        List<EntitySchema<? extends T>> list = new java.util.ArrayList<>(members.length);
        for (EntitySchema<? extends T> member : members) {
            list.add(Objects.requireNonNull(member, "member"));
        }
        for (EntitySchema<? extends T> member : list) {
            if (!type.isAssignableFrom(member.javaType())) {
                throw new SchemaDefinitionException("Collection " + type.getSimpleName() + ": entity " + member.type() + " ("
                        + member.javaType().getName() + ") is not " + IndefiniteArticle.before(type.getSimpleName()));
            }
            if (list.stream().filter(m -> m.type().equals(member.type())).count() > 1) {
                throw new SchemaDefinitionException("Collection " + type.getSimpleName() + ": entity type " + member.type()
                        + " is listed twice");
            }
        }
        return new EntityCollection<>(type, List.copyOf(list));
    }

    public Class<T> type() {
        return type;
    }

    public List<EntitySchema<? extends T>> members() {
        return members;
    }

    @Override
    public String toString() {
        return type.getSimpleName() + members.stream().map(EntitySchema::type).toList();
    }
}
