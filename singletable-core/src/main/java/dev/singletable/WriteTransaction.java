package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.Collection;
import java.util.function.UnaryOperator;

/**
 * An all-or-nothing write of up to 100 actions across entity types (TransactWriteItems). Actions
 * have the semantics of the single writes of {@link Table} (versions, timestamps and index keys
 * included). Refused before sending: no actions, more than 100, two actions on the same item, or
 * over 4 MB. A builder: not thread-safe; {@link #execute()} once.
 *
 * <pre>{@code
 * table.transaction()
 *      .update(PRODUCT, KeyValues.of(SKU, "sku-123"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2))
 *      .create(new Order("alice", "2025-001", OrderStatus.CONFIRMED, new BigDecimal("49.99")))
 *      .execute();
 * }</pre>
 *
 * @see TransactionCanceledException for what a refusal tells
 */
public interface WriteTransaction {
    /** Writes the entity, replacing any item with its key (checked against its version when versioned). */
    <T> WriteTransaction put(T entity);

    <T> WriteTransaction put(T entity, Condition condition);

    /** Writes the entity only if no item has its key. */
    <T> WriteTransaction create(T entity);

    /** Writes the entity only if an item has its key. */
    <T> WriteTransaction replace(T entity);

    <T> WriteTransaction replace(T entity, Condition condition);

    /** Changes an existing item. */
    <T> WriteTransaction update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes);

    <T> WriteTransaction update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /** Changes the stored item the entity was read from, checking its version when versioned. */
    <T> WriteTransaction update(T current, UnaryOperator<Update<T>> changes);

    /** Changes the item, creating it when missing. */
    <T> WriteTransaction upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes);

    <T> WriteTransaction delete(EntitySchema<T> entity, KeyValues key);

    <T> WriteTransaction delete(EntitySchema<T> entity, KeyValues key, Condition condition);

    /** Deletes the item the entity was read from, checking its version when versioned. */
    <T> WriteTransaction delete(T current);

    /** Requires the condition on an item the transaction does not write. */
    <T> WriteTransaction check(EntitySchema<T> entity, KeyValues key, Condition condition);

    /** Puts each entity, such as the tag items of a post. */
    WriteTransaction putAll(Collection<?> entities);

    /**
     * Puts both items of a many-to-many adjacency pair, such as a user's membership in a group
     * ({@code USER#u / GROUP#g}) and the group's member ({@code GROUP#g / USER#u}).
     */
    WriteTransaction link(Object forward, Object backward);

    /** Makes the transaction idempotent for 10 minutes: sending it again with this token writes nothing more. */
    WriteTransaction idempotencyToken(String token);

    /** Actions so far. */
    int size();

    /** The request {@link #execute()} sends, without sending it. */
    TransactWriteItemsRequest toRequest();

    /**
     * @throws TransactionCanceledException when DynamoDB cancels it, with one reason per action
     * @throws ValidationException when it is empty, over 100 actions or 4 MB, or writes one item twice
     */
    void execute();
}
