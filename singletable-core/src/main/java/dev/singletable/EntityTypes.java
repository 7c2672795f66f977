package dev.singletable;

/**
 * The entity types a read returns, each item decoded into {@code T}: one {@link EntitySchema}, whose reads leave
 * out items of other types in the same key range, or an {@link EntityCollection} of several types that share a
 * partition key, whose reads decode each item into its own type by the entity-type attribute. The queries, scans and
 * PartiQL statements of {@link Table} and {@link AsyncTable} take either:
 *
 * <pre>{@code
 * List<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "C1").list();                // orders only
 * List<CustomerItems> both = table.query(CUSTOMER_ITEMS).partition(CUSTOMER_ID, "C1").list(); // the customer and orders
 * }</pre>
 *
 * <p>Sealed: {@link EntitySchema} and {@link EntityCollection} are its only implementations.
 *
 * @param <T> what each item read decodes to: the entity's type, or the collection's common supertype
 */
@Stable
public sealed interface EntityTypes<T> permits EntitySchema, EntityCollection {
}
