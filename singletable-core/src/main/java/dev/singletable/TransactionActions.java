package dev.singletable;

import java.util.Collection;
import java.util.function.UnaryOperator;

/**
 * The actions of an all-or-nothing write, shared by {@link WriteTransaction} and
 * {@link AsyncWriteTransaction}: each returns the transaction, so actions chain. Actions have the
 * semantics of the single writes of {@link Table} (versions, timestamps and index keys included).
 *
 * @param <S> the transaction type the actions return
 */
@Stable
public interface TransactionActions<S extends TransactionActions<S>> {
    /**
     * Writes the entity, replacing any item with its key (checked against its version when versioned).
     *
     * @throws ValidationException when the entity's version is the largest value of its type ({@code Integer.MAX_VALUE},
     *         {@code Long.MAX_VALUE}), so the next is out of its range; the transaction sends nothing
     */
    default <T> S put(T entity) {
        return put(entity, Condition.none());
    }

    <T> S put(T entity, Condition condition);

    /** Writes the entity only if no item has its key. */
    <T> S create(T entity);

    /**
     * Writes the entity only if an item has its key.
     *
     * @throws ValidationException when the entity's version is the largest value of its type; the transaction sends nothing
     */
    default <T> S replace(T entity) {
        return replace(entity, Condition.none());
    }

    <T> S replace(T entity, Condition condition);

    /** Changes an existing item; its version is incremented where stored, as {@link Table#update(EntitySchema, KeyValues, UnaryOperator)} says. */
    default <T> S update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return update(entity, key, changes, Condition.none());
    }

    <T> S update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /**
     * Changes the stored item the entity was read from, checking its version when versioned.
     *
     * @throws ValidationException when that version is the largest value of its type; the transaction sends nothing
     */
    <T> S update(T current, UnaryOperator<Update<T>> changes);

    /** Changes the item, creating it when missing. */
    <T> S upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes);

    default <T> S delete(EntitySchema<T> entity, KeyValues key) {
        return delete(entity, key, Condition.none());
    }

    <T> S delete(EntitySchema<T> entity, KeyValues key, Condition condition);

    /** Deletes the item the entity was read from, checking its version when versioned. */
    <T> S delete(T current);

    /** Requires the condition on an item the transaction does not write. */
    <T> S check(EntitySchema<T> entity, KeyValues key, Condition condition);

    /** Puts each entity, such as the tag items of a post. */
    S putAll(Collection<?> entities);

    /**
     * Puts both items of a many-to-many adjacency pair, such as a user's membership in a group
     * ({@code USER#u / GROUP#g}) and the group's member ({@code GROUP#g / USER#u}).
     *
     * @deprecated declare the pair as a {@link Relation} and use {@code Table.relate}, which builds both
     *             items from the two entities
     */
    @Deprecated
    S link(Object forward, Object backward);

    /** Makes the transaction idempotent for 10 minutes: sending it again with this token writes nothing more. */
    S idempotencyToken(String token);

    /** Actions so far. */
    int size();
}
