package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;


/**
 * An all-or-nothing write of up to 100 actions across entity types (TransactWriteItems). Actions
 * have the semantics of the single writes of {@link Table} (versions, timestamps and index keys
 * included). Refused before sending: no actions, more than 100, two actions on the same item, or
 * over 4 MB. A builder: not thread-safe; {@link #execute()} once, or again after a failure that
 * {@linkplain SingleTableException#mayHaveBeenApplied() may have been applied}: every execution of
 * one transaction carries the same {@code ClientRequestToken} (the one given to
 * {@link #idempotencyToken}, else one made at the first execution), so DynamoDB applies it at most
 * once within 10 minutes. Once an execution succeeded or may have been applied, adding an action is
 * refused ({@link ValidationException}): under the same token it would be another transaction; start
 * a new one. After a refusal that wrote nothing, an action may be added, and a token singletable made
 * is replaced by a new one. A {@code TransactionInProgressException} (an earlier execution with the
 * token still running) may have been applied: execute the same transaction again after a pause.
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
@Stable
public interface WriteTransaction extends TransactionActions<WriteTransaction> {
    /** The request {@link #execute()} sends, without sending it. */
    TransactWriteItemsRequest toRequest();

    /**
     * @throws TransactionCanceledException when DynamoDB cancels it, with one reason per action
     * @throws ValidationException when it is empty, over 100 actions or 4 MB, or writes one item twice
     */
    void execute();
}
