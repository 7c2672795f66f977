package dev.singletable.cli.data.load;

import dev.singletable.BatchIncompleteException;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWriteResult;
import dev.singletable.ItemKey;
import dev.singletable.ReadConsistency;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes rows with distinct keys in one batch through the library's batch engine (its retries and backoff for unprocessed
 * items), as {@code load} and {@code migrate} do: each row's item restored (its own updatedAt kept, only a missing one the
 * table clock's) and, for an entity stored by its state, its keys in the other states deleted, as put deletes them. Tells
 * which rows it did not write and why: the batch failed, or DynamoDB still left a row's put, or the delete of its key in
 * another state, unprocessed when the retries ran out (the entity may then be stored in two states).
 *
 * @param keyText the primary key of a stored item as the reports give it
 * @param again   what to do about a row left unprocessed ({@code load the line again})
 */
record RowBatchWriter(Table table, BatchOptions options, Function<Map<String, AttributeValue>, String> keyText, String again) {

    /** The rows of {@code rows} that were not written, one failure each; empty when DynamoDB took every request. */
    List<Loader.Failure> write(List<RowItems.Ready> rows) {
        BatchWriteResult result;
        try {
            result = table.batchWrite().restoreAll(rows.stream().map(RowItems.Ready::item).toList()).options(options).execute();
        } catch (SingleTableException | SdkException e) {
            return rows.stream().map(r -> Loader.Failure.of(r.row(), failed(r, rows, e))).toList();
        }
        if (result.isComplete()) {
            return List.of();
        }
        Map<String, RowItems.Ready> byKey = new HashMap<>();
        rows.forEach(r -> byKey.put(r.key(), r));
        Map<RowItems.Ready, Left> left = new LinkedHashMap<>();
        for (Object put : result.unprocessedPuts()) {
            RowItems.Ready ready = byKey.get(keyText.apply(table.toItem(put)));
            if (ready != null) {
                left.computeIfAbsent(ready, r -> new Left()).put = true;
            }
        }
        if (!result.unprocessedDeletes().isEmpty()) {
            Map<String, RowItems.Ready> byOtherStateKey = otherStatesKeys(rows);
            for (ItemKey<?> delete : result.unprocessedDeletes()) {
                String key = keyText.apply(table.getRequest(delete.entity(), delete.values(), ReadConsistency.EVENTUAL).key());
                RowItems.Ready ready = byOtherStateKey.get(key);
                if (ready != null) {
                    left.computeIfAbsent(ready, r -> new Left()).deletes.add(delete.entity().type() + " " + key);
                }
            }
        }
        List<Loader.Failure> failures = new ArrayList<>();
        left.forEach((ready, what) -> failures.add(Loader.Failure.of(ready.row(), what.reason(result.requestCount(), again))));
        return failures;
    }

    /** What DynamoDB left unprocessed of one row: its put, the deletes of its keys in other states. */
    private static final class Left {
        private boolean put;
        private final List<String> deletes = new ArrayList<>();

        String reason(int attempts, String again) {
            String unprocessed = " unprocessed after " + attempts + " attempts (throttled)";
            if (deletes.isEmpty()) {
                return "DynamoDB left it" + unprocessed + "; " + again;
            }
            String others = "the delete of its key" + (deletes.size() == 1 ? "" : "s") + " in another state (" + String.join("; ", deletes) + ")";
            return put ? "DynamoDB left it and " + others + unprocessed + ": the entity may be stored in no state or the old one; " + again
                    : "written, but DynamoDB left " + others + unprocessed + ": the entity may be stored in two states; " + again;
        }
    }

    /** The rows' keys in the other states of an entity stored by its state, which the batch deletes (as restoreReplacing's). */
    private Map<String, RowItems.Ready> otherStatesKeys(List<RowItems.Ready> rows) {
        Map<String, RowItems.Ready> byKey = new HashMap<>();
        rows.forEach(ready -> otherStatesKeys(ready).forEach(key -> byKey.put(key, ready)));
        return byKey;
    }

    /**
     * The row's keys in the other states of an entity stored by its state, as text (those restoreReplacing and the batch put
     * delete); none for an entity stored by one key.
     */
    List<String> otherStatesKeys(RowItems.Ready ready) {
        String type = ready.item().entityType();
        if (table.schema().states().stream().noneMatch(states -> states.states().stream().anyMatch(state -> state.type().equals(type)))
                || !(table.explainRestoreReplacing(ready.item()).request() instanceof TransactWriteItemsRequest transaction)) {
            return List.of();
        }
        return transaction.transactItems().stream().map(TransactWriteItem::delete).filter(java.util.Objects::nonNull)
                .map(delete -> keyText.apply(delete.key())).toList();
    }

    /**
     * Why one row of a failed BatchWriteItem was not written: the row's own key first, then the request's failure (which
     * is the whole request's, so names no row, or another one).
     */
    static String failed(RowItems.Ready ready, List<RowItems.Ready> batch, RuntimeException failure) {
        long first = batch.get(0).row().line();
        String lines = first > 0 ? " (lines " + first + "-" + batch.get(batch.size() - 1).row().line() + ")" : ""; // a table's items have none
        // a batch that failed part-way tells what it wrote; the rows here are one request's, so its own failure says why
        Throwable said = failure instanceof BatchIncompleteException incomplete && incomplete.getCause() != null ? incomplete.getCause() : failure;
        return ready.key() + " not written: the BatchWriteItem of its " + (batch.size() == 1 ? "item" : batch.size() + " items") + lines
                + " failed: " + said.getMessage();
    }
}
