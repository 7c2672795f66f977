package dev.singletable;

import java.util.concurrent.CompletableFuture;

/**
 * The {@link WriteTransaction} of an {@link AsyncTable}: the same actions, checks and refusals,
 * sent without blocking. Keyed updates that read the stored item for index key values
 * ({@link Update#readingStoredValuesForIndexKeys()}) read it asynchronously when the transaction
 * executes. A builder: not thread-safe; {@link #execute()} once, or again after a failure that
 * {@linkplain SingleTableException#mayHaveBeenApplied() may have been applied}: every execution
 * carries the same {@code ClientRequestToken}, as in {@link WriteTransaction}, which also says when
 * an action added after an execution is refused.
 *
 * <pre>{@code
 * asyncTable.transaction()
 *      .update(PRODUCT, KeyValues.of(SKU, "sku-123"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2))
 *      .create(new Order("alice", "2025-001", OrderStatus.CONFIRMED, new BigDecimal("49.99")))
 *      .execute()
 *      .thenRun(() -> log.info("ordered"));
 * }</pre>
 */
@Stable
public interface AsyncWriteTransaction extends TransactionActions<AsyncWriteTransaction> {
    /**
     * Sends the transaction. The future fails with {@link TransactionCanceledException} when DynamoDB
     * cancels it (one reason per action), or {@link ValidationException} when it is empty, over 100
     * actions or 4 MB, or writes one item twice.
     */
    CompletableFuture<Void> execute();
}
