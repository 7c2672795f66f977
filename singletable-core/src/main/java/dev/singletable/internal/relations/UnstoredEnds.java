package dev.singletable.internal.relations;

import dev.singletable.EntitySchema;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.TransactionCanceledException;
import dev.singletable.internal.table.Futures;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * Relate's transaction is its puts then one existence check per end; when only those checks fail, the
 * cause is known (the ends are not stored) and is said as such, instead of the transaction's dump.
 */
final class UnstoredEnds {
    /** An end relate checks: its entity and its key values by the entity's attribute names. */
    record End(EntitySchema<?> entity, KeyValues key) {
        String text() {
            return entity.type() + " " + key.asMap().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(" "));
        }
    }

    private UnstoredEnds() {
    }

    /**
     * The transaction's outcome, with a cancellation whose failures are all failed existence checks
     * (actions from {@code firstCheck} on, one per end in {@code checked}'s order) turned into an
     * {@link ItemNotFoundException} naming the ends not stored; any other failure is kept as it is.
     */
    static CompletableFuture<Void> explained(CompletableFuture<Void> sent, String relation, List<End> checked, int firstCheck) {
        return sent.handle((ok, failure) -> {
            if (failure == null) {
                return null;
            }
            if (Futures.cause(failure) instanceof TransactionCanceledException canceled && !canceled.failures().isEmpty()
                    && canceled.failures().stream().allMatch(r -> r.code().equals("ConditionalCheckFailed")
                    && r.index() >= firstCheck && r.index() < firstCheck + checked.size())) {
                List<TransactionCanceledException.Reason> failed = canceled.failures();
                List<String> missing = failed.stream().map(r -> checked.get(r.index() - firstCheck).text()).toList();
                boolean one = missing.size() == 1;
                String message = "relate " + relation + ": " + String.join(" and ", missing) + (one ? " is" : " are")
                        + " not stored; write " + (one ? "it" : "them") + " first (nothing was written)";
                throw Futures.rethrow(new ItemNotFoundException(message, failed.get(0).entityType(), "relate", failed.get(0).key(),
                        canceled));
            }
            throw Futures.rethrow(failure);
        });
    }
}
