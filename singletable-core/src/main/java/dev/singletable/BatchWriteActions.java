package dev.singletable;

import java.util.Collection;

/**
 * The puts, deletes and options of a batch write, shared by {@link BatchWrite} and
 * {@link AsyncBatchWrite}: each returns the batch, so they chain.
 *
 * <pre>{@code
 * table.batchWrite().putAll(orders).delete(ItemKey.of(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "old")));
 * }</pre>
 *
 * @param <S> the batch type the actions return
 */
@Stable
public interface BatchWriteActions<S extends BatchWriteActions<S>> {
    /**
     * Puts the entity (unconditionally: versioned entities are refused when the batch executes). An entity stored by its
     * state ({@link EntityStates}) is put at its state's key and its keys in the other states are deleted, as
     * {@link Table#put} does; the deletes are requests of the batch (counted in its chunks of 25 and in
     * {@link BatchWriteResult#processed()}), not one transaction with the put: one left unprocessed is in
     * {@link BatchWriteResult#unprocessedDeletes()}, and a delete of the same key given to the batch is sent once.
     */
    S put(Object entity);

    S putAll(Collection<?> entities);

    /**
     * Puts the entity as it was stored elsewhere (a backup, an export): as {@link #put}, but its {@code createdAt} and
     * {@code updatedAt} attributes are written as the entity gives them, and set only where it leaves them null. Unlike
     * {@link Table#restore}, which refuses a key already stored, a batch restore replaces the item stored under the key
     * (and deletes an entity's keys in its other states), as a batch put does. Versioned entities are refused when the
     * batch executes: restore them one at a time, with {@link Table#restore} where the key is free, with
     * {@link Table#restoreReplacing} where an item may be stored (it overwrites whatever version is stored there).
     *
     * <pre>{@code
     * table.batchWrite().restoreAll(exportedOrders).execute();   // each order keeps its updatedAt
     * }</pre>
     */
    S restore(Object entity);

    /** {@link #restore} of each entity. */
    S restoreAll(Collection<?> entities);

    /** Deletes the item with this key (refused when the batch executes for a versioned entity: use delete(current)). */
    S delete(ItemKey<?> key);

    S deleteAll(Collection<? extends ItemKey<?>> keys);

    /** Retries, backoff and parallelism of the batch. */
    S options(BatchOptions options);
}
