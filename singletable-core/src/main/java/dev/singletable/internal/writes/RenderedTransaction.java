package dev.singletable.internal.writes;

import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rendered actions of one transaction: checked against DynamoDB's limits, rendered into one
 * TransactWriteItems request, and a cancellation mapped back to the actions that caused it.
 */
record RenderedTransaction(WritePlans plans, List<WriteAction> actions, Optional<String> token) {
    public static final int MAX_ACTIONS = 100;
    public static final int MAX_BYTES = 4 * 1024 * 1024;

    public RenderedTransaction {
        actions = List.copyOf(actions);
    }

    private BoundTable table() {
        return plans.table();
    }

    public TransactWriteItemsRequest request() {
        validate();
        List<TransactWriteItem> items = new ArrayList<>(actions.size());
        for (WriteAction action : actions) {
            items.add(action.transactItem(table().name()));
        }
        return TransactWriteItemsRequest.builder().transactItems(items).clientRequestToken(token.orElse(null))
                .returnConsumedCapacity(table().runner().consumedCapacity()).build();
    }

    /** What the request is about, for messages and listeners. */
    public String description() {
        return "transaction of " + actions.size() + (actions.size() == 1 ? " action on " : " actions on ") + actions.stream().map(WriteAction::entityType).distinct().toList();
    }

    public RequestRunner.Outcome<TransactWriteItemsResponse> outcome() {
        return RequestRunner.Outcome.of(response -> actions.size(), response -> response.hasConsumedCapacity()
                && !response.consumedCapacity().isEmpty() ? response.consumedCapacity().get(0) : null);
    }

    private void validate() {
        String table = table().name();
        if (actions.isEmpty()) {
            throw new ValidationException("Transaction on table " + table + " has no actions; add at least one");
        }
        if (actions.size() > MAX_ACTIONS) {
            throw new ValidationException("Transaction on table " + table + " has " + actions.size() + " actions; DynamoDB "
                    + "takes at most " + MAX_ACTIONS + " (the first is " + describe(0) + "). Split it, or use a batch if the writes need "
                    + "not be atomic");
        }
        Map<Map<String, AttributeValue>, Integer> seen = new HashMap<>();
        long bytes = 0;
        for (int i = 0; i < actions.size(); i++) {
            Integer previous = seen.putIfAbsent(actions.get(i).key(), i);
            if (previous != null) {
                throw new ValidationException("Transaction actions " + previous + " (" + describe(previous) + ") and " + i + " ("
                        + describe(i) + ") are on the same item; DynamoDB allows one action per item in a transaction: combine them");
            }
            bytes += actions.get(i).size();
        }
        if (bytes > MAX_BYTES) {
            throw new ValidationException("Transaction on table " + table + " is about " + bytes / 1024
                    + " KB; DynamoDB takes at most 4 MB per transaction: split it");
        }
    }

    private String describe(int index) {
        WriteAction action = actions.get(index);
        return action.operation() + " " + action.entityType() + " " + plans.keyText(action);
    }

    /**
     * The failure as the caller gets it: a cancellation mapped to its actions, a token reused for other actions explained,
     * anything else as it is.
     */
    public RuntimeException failure(RuntimeException failure) {
        if (failure.getCause() instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException canceled) {
            return RequestRunner.keepingSuppressed(failure, canceled(canceled));
        }
        if (failure instanceof DynamoDbRequestException refused && failure.getCause() instanceof IdempotentParameterMismatchException) {
            return RequestRunner.keepingSuppressed(failure, new DynamoDbRequestException(failure.getMessage() + ". Its ClientRequestToken "
                    + token.orElse("(none)") + " was sent within the last 10 minutes with other actions (another transaction given "
                    + "the same idempotencyToken), so DynamoDB refuses it; give each transaction a token of its own, or none (one "
                    + "is made per transaction)", refused.errorCode(), false, failure.getCause()));
        }
        return failure;
    }

    TransactionCanceledException canceled(software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
        List<CancellationReason> sdkReasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        List<TransactionCanceledException.Reason> reasons = new ArrayList<>(actions.size());
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < actions.size(); i++) {
            WriteAction action = actions.get(i);
            Map<String, String> key = plans.keyText(action);
            Optional<CancellationReason> reason = i < sdkReasons.size() ? Optional.of(sdkReasons.get(i)) : Optional.empty();
            String code = reason.map(CancellationReason::code).orElse("(unknown)");
            Optional<ConditionFailedException> failure = "ConditionalCheckFailed".equals(code)
                    ? Optional.of(plans.writesOf(action).explain(action, reason.filter(CancellationReason::hasItem)
                            .map(CancellationReason::item), e))
                    : Optional.empty();
            String message = failure.map(Throwable::getMessage).orElseGet(() -> explain(action, code, reason));
            reasons.add(new TransactionCanceledException.Reason(i, action.entityType(), action.operation(), key, code, message, failure));
            if (!"None".equals(code)) {
                failed.add("action " + i + " (" + action.operation() + " " + action.entityType() + " " + key + "): " + code + ": " + message);
            }
        }
        boolean retried = e.numAttempts() != null && e.numAttempts() > 1;
        return new TransactionCanceledException("Transaction of " + actions.size() + (actions.size() == 1 ? " action on table " : " actions on table ") + table().name()
                + " was canceled; " + (retried ? "this was the SDK's attempt " + e.numAttempts() + ", and an earlier one may have been "
                + "applied if the engine ignored its ClientRequestToken (mayHaveBeenApplied() tells). " : "nothing was written. ") + String.join("; ", failed), reasons, e);
    }

    private static String explain(WriteAction action, String code, Optional<CancellationReason> reason) {
        return switch (code) {
            case "None" -> "no problem with this action";
            case "TransactionConflict" -> "another transaction or write on this item was in progress; retry the transaction";
            case "ThrottlingError", "ProvisionedThroughputExceeded" -> "DynamoDB throttled the item's partition; retry with backoff";
            case "ValidationError" -> "DynamoDB found the action invalid: " + reason.map(CancellationReason::message)
                    .map(said -> NumberOverflow.explainReason(action, said).orElse(said)).orElse("");
            case "ItemCollectionSizeLimitExceeded" -> "the item collection is over 10 GB (tables with an LSI)";
            default -> reason.map(CancellationReason::message).orElse(code);
        };
    }
}
