package dev.singletable;


/**
 * Puts and deletes of any number of items of any entity types, sent as BatchWriteItem requests
 * of 25. Not atomic and unconditional: use it to load or purge data, a {@link WriteTransaction}
 * when items must change together. Unprocessed items are retried with backoff within the
 * {@link BatchOptions} budget; what remains is in the result. Versioned entities are refused, puts
 * and deletes alike (a batch cannot check versions: use put, delete(current) or a transaction). The
 * same key twice in one batch is refused. A request that fails otherwise stops the batch: it throws
 * a {@link BatchIncompleteException} that tells what was written and what was not. A builder: not
 * thread-safe.
 *
 * <pre>{@code
 * BatchWriteResult result = table.batchWrite()
 *         .putAll(orders)
 *         .delete(ItemKey.of(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "old")))
 *         .options(BatchOptions.defaults().executor(executor))
 *         .execute();
 * }</pre>
 */
@Stable
public interface BatchWrite extends BatchWriteActions<BatchWrite> {
    /**
     * Sends everything; never throws for unprocessed items, which are in the result.
     *
     * @throws ValidationException for a key given twice or a versioned entity (put or delete), before anything is sent
     * @throws BatchIncompleteException when a request fails (not throttling, which is retried): what was written, the
     *                                  unprocessed puts and deletes, and the failure as its cause
     */
    BatchWriteResult execute();
}
