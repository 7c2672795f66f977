package dev.singletable;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DynamoDB canceled a transaction; nothing of it was written (but see {@link #mayHaveBeenApplied()}).
 * Lists, per action in the order they were added, the entity, key, operation and DynamoDB's reason ({@code None} for actions that
 * were fine): a failed condition (with the stored item and the precise exception, such as a
 * {@link VersionConflictException}), a conflict with another transaction, throttling...
 *
 * <pre>{@code
 * try {
 *     table.transaction().update(PRODUCT, sku, u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2)).create(order).execute();
 * } catch (TransactionCanceledException e) {
 *     for (TransactionCanceledException.Reason r : e.failures()) { log(r.index(), r.entityType(), r.code(), r.message()); }
 * }
 * }</pre>
 */
@Stable
public class TransactionCanceledException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final transient List<Reason> reasons;
    private final boolean mayHaveBeenApplied;

    /**
     * Why one action was canceled.
     *
     * @param index            the action's position in the transaction, from 0
     * @param entityType       the entity type it wrote or checked
     * @param operation        put, create, replace, update, upsert, delete or conditionCheck
     * @param key              the item's primary key
     * @param code             DynamoDB's reason code: None, ConditionalCheckFailed, TransactionConflict, ThrottlingError...
     * @param message          the explanation
     * @param conditionFailure for a failed condition, the exception a single write would have thrown
     */
    public record Reason(int index, String entityType, String operation, Map<String, String> key, String code, String message,
                         Optional<ConditionFailedException> conditionFailure) {
        /** True when this action caused (or shared in) the cancellation. */
        public boolean failed() {
            return !"None".equals(code);
        }
    }

    public TransactionCanceledException(String message, List<Reason> reasons, Throwable cause) {
        super(message, cause);
        this.reasons = List.copyOf(reasons);
        this.mayHaveBeenApplied = mayHaveBeenApplied(cause);
    }

    /**
     * True only when the SDK sent the transaction more than once and an earlier attempt may have been
     * applied (it timed out, lost its connection or got a 5xx): singletable sends every transaction
     * with a {@code ClientRequestToken}, so DynamoDB answers a repeat of an applied one with success,
     * and a cancellation after a retry normally means it was not applied; an engine that ignores the
     * token could cancel the repeat of an applied transaction, hence the caution.
     */
    @Override
    public boolean mayHaveBeenApplied() {
        return mayHaveBeenApplied;
    }

    /** One reason per action, in request order. */
    public List<Reason> reasons() {
        return reasons;
    }

    /** The reasons of the actions that failed. */
    public List<Reason> failures() {
        return reasons.stream().filter(Reason::failed).toList();
    }

    /** True when another transaction or write on the same items caused the cancellation: retrying may succeed. */
    public boolean isConflict() {
        return reasons.stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
    }
}
