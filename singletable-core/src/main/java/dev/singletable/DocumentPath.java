package dev.singletable;

/**
 * Where a value sits in an item of {@code T}, as DynamoDB's expressions name it: an entity's {@link Attribute}
 * (a top-level attribute is a document path of one name) or an {@link AttributePath} into an embedded record,
 * list or map. {@link Update} and {@link Condition} take either wherever they name a value, so one method serves
 * both:
 *
 * <pre>{@code
 * table.update(CUSTOMER, key, u -> u
 *         .set(NAME, "Ada")                                 // an Attribute:     SET #name = :v0
 *         .set(HOME.then(AddressSchema.CITY), "Paris"));    // an AttributePath: SET #home.#city = :v1
 * Condition.eq(HOME.then(AddressSchema.CITY), "Lyon");      // #home.#city = :v0
 * }</pre>
 *
 * <p>Sealed: {@link Attribute} and {@link AttributePath} are its only implementations.
 *
 * @param <T> the entity type
 * @param <V> the Java type of the value there
 */
@Stable
public sealed interface DocumentPath<T, V> permits Attribute, AttributePath {

    /** This place as an {@link AttributePath}: the attribute alone, or the path itself. */
    AttributePath<T, V> asPath();

    /**
     * The path to an attribute of the embedded record here.
     *
     * @throws ValidationException when the value here is not an embedded record with that attribute
     * @see AttributePath#then
     */
    <W> AttributePath<T, W> then(Attribute<V, W> nested);

    /**
     * The path to an element (from 0) of the list here; its type is checked when the path is used.
     *
     * @throws ValidationException when the index is negative or the value here is not a list
     * @see AttributePath#at
     */
    <E> AttributePath<T, E> at(int index);

    /**
     * The path to the value under a key of the map here; its type is checked when the path is used.
     *
     * @throws ValidationException when the key is empty or the value here is not a map
     * @see AttributePath#key
     */
    <E> AttributePath<T, E> key(String mapKey);
}
