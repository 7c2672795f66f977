package dev.singletable;

import dev.singletable.internal.table.RequestRunner;

/**
 * Root of every exception singletable throws. All are unchecked; each subclass names one
 * kind of failure, and every message says what failed, where (entity, attribute, key,
 * operation), and what to do about it.
 *
 * <pre>{@code
 * try {
 *     table.create(order);
 * } catch (ItemAlreadyExistsException e) {
 *     // e.entityType(), e.key() tell which item
 * } catch (SingleTableException e) {
 *     // anything else singletable refused or DynamoDB rejected
 * }
 * }</pre>
 */
@Stable
public class SingleTableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SingleTableException(String message) {
        super(message);
    }

    public SingleTableException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Whether the failed operation may have changed the table all the same. True only for a write
     * whose request (or a retry of it, made by the SDK) may have reached DynamoDB and been applied
     * although no success came back: a connection closed or timed out before the response, a 5xx
     * answer, or a refusal that came after such an attempt (a retried {@code create} then finds the
     * item it wrote itself). False when nothing was written, such as for a refusal on the first
     * attempt, throttling, or a request singletable refused before sending.
     *
     * <p>A write that is idempotent (a put of a whole item, a delete, a transaction, which keeps its
     * {@code ClientRequestToken} for 10 minutes) can simply be sent again; for any other, read the
     * item first to see whether the change is in it. A batch that fails part-way throws a
     * {@link BatchIncompleteException}: it lists what was not processed (the failed request's items and those of
     * requests never sent), and this speaks of the failed request only: when true, some of its items may be stored
     * (batch puts and deletes are idempotent, so sending the unprocessed ones again is safe).
     *
     * <pre>{@code
     * try {
     *     table.update(counter, u -> u.add(COUNT, 1L));          // versioned: checks the version read
     * } catch (SingleTableException e) {
     *     if (e.mayHaveBeenApplied()) {
     *         Counter now = table.get(COUNTER, key, ReadConsistency.STRONG).orElseThrow();
     *         boolean applied = now.version() == counter.version() + 1;   // nobody else writes it
     *     }
     * }
     * }</pre>
     */
    public boolean mayHaveBeenApplied() {
        return false;
    }

    /**
     * For exceptions made from an SDK failure that DynamoDB refused (a condition, a cancellation): it may
     * have been applied only when an earlier attempt of the SDK's may have been; one made from another
     * of ours says what that one says. The SDK failure is read as the request runner reads its own.
     */
    static boolean mayHaveBeenApplied(Throwable cause) {
        if (cause instanceof SingleTableException ours) {
            return ours.mayHaveBeenApplied();
        }
        return cause instanceof software.amazon.awssdk.core.exception.SdkException sdk && RequestRunner.earlierAttemptMayHaveBeenApplied(sdk);
    }
}
