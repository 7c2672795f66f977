package dev.singletable.internal.writes;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.partiql.PartiqlBatchException;
import dev.singletable.partiql.PartiqlWrite;
import dev.singletable.SingleTableException;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.table.Sender;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementError;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * PartiQL writes of one table sent: the statements {@link PartiqlStatements} renders or checks, sent with
 * ExecuteStatement, BatchExecuteStatement or ExecuteTransaction, refusals mapped to the exceptions the item
 * operations throw.
 */
final class PartiqlWrites {
    static final int MAX_BATCH = 25;
    static final int MAX_TRANSACTION = 100;

    private final Writes writes;

    PartiqlWrites(Writes writes) {
        this.writes = writes;
    }

    private BoundTable table() {
        return writes.plans().table();
    }

    private Sender sender() {
        return writes.sender();
    }

    // ------------------------------------------------------------------ sending

    private DefaultPartiqlWrite own(PartiqlWrite write, String method) {
        if (write instanceof DefaultPartiqlWrite own && own.table() == table()) {
            return own;
        }
        throw new ValidationException(method + " takes statements made by this table (partiqlInsert, partiqlUpdate, partiqlDelete, "
                + "partiqlWrite), which are checked against its schema; got " + write.getClass().getName() + " '" + write.statement()
                + "'" + (write instanceof DefaultPartiqlWrite ? " of another Table" : ""));
    }

    CompletableFuture<Void> execute(PartiqlWrite given) {
        return Futures.compose(() -> {
            DefaultPartiqlWrite write = own(given, "execute");
            return sent(write).exceptionallyCompose(failure -> overExpired(write, failure));
        });
    }

    private CompletableFuture<Void> sent(DefaultPartiqlWrite write) {
        ExecuteStatementRequest request = write.requestToSend();
        return sender().send(DynamoOperation.EXECUTE_WRITE_STATEMENT, request, write.entityType(), write.keyText(),
                        RequestRunner.Outcome.of(r -> 1, ExecuteStatementResponse::consumedCapacity))
                .thenApply(response -> null);
    }

    /**
     * An INSERT refused because its key is taken may have met an expired item, which reads take as absent: as create does,
     * it writes over it. The refusal carries no item, so the key is read, strongly consistent: a live item makes the refusal
     * stand, carrying the item as create's does; an expired one is deleted (only while still expired) and the INSERT sent
     * once more; no item (deleted since) lets it be sent once more too. A read costs a read unit per 4 KB, where a delete
     * conditioned on the expiry, refused by every live item, would cost a write unit per KB for nothing.
     */
    private CompletableFuture<Void> overExpired(DefaultPartiqlWrite write, Throwable failure) {
        Optional<EntityWrites<Object>> expiring = expiringInsert(write);
        if (expiring.isEmpty() || !isDuplicate(Futures.cause(failure))) {
            return failed(write, failure);
        }
        WriteAction insert = write.origin().orElseThrow();
        GetItemRequest read = GetItemRequest.builder().tableName(table().name()).key(insert.key()).consistentRead(true).build();
        return sender().sendForItem(DynamoOperation.GET_ITEM, read, write.entityType(), insert.key())
                .thenCompose(stored -> {
                    Optional<Map<String, AttributeValue>> item = Optional.of(stored).filter(GetItemResponse::hasItem)
                            .map(GetItemResponse::item).filter(m -> !m.isEmpty());
                    if (item.isPresent() && !expiring.get().isExpired(item.get())) {
                        RuntimeException refused = (RuntimeException) Futures.cause(failure);
                        return CompletableFuture.failedFuture(RequestRunner.keepingSuppressed(refused,
                                expiring.get().explain(insert, item, refused.getCause())));
                    }
                    return cleared(write, expiring.get(), item.isPresent())
                            .thenCompose(nothing -> sent(write).exceptionallyCompose(again -> failed(write, again)));
                });
    }

    /**
     * Deletes the expired item an INSERT met, only while it is still expired. A refusal of that delete is no failure: the
     * item changed since it was read, or an attempt the SDK sent again already deleted it, and the INSERT sent once more
     * tells which (it writes onto a free key, or is refused by a live item).
     */
    private CompletableFuture<Void> cleared(DefaultPartiqlWrite write, EntityWrites<Object> expiring, boolean expired) {
        if (!expired) {
            return CompletableFuture.completedFuture(null);
        }
        DeleteAction clear = expiring.expiredDeleteAction(write.origin().orElseThrow().key(), "insert");
        return sender().sendForItem(DynamoOperation.DELETE_ITEM, clear.request(table(), ReturnValue.NONE), write.entityType(), clear.key())
                .handle((deleted, failure) -> {
                    if (failure != null && !(Futures.cause(failure) instanceof ConditionFailedException)) {
                        throw Futures.rethrow(failure);
                    }
                    return null;
                });
    }

    /** The writes of an INSERT's entity, when it was built from the schema and the entity holds the table's TTL attribute. */
    private Optional<EntityWrites<Object>> expiringInsert(DefaultPartiqlWrite write) {
        return write.origin().filter(action -> write.operation().equals("insert")).map(writes.plans()::writesOf)
                .filter(w -> w.timeToLiveAttribute().isPresent());
    }

    private static boolean isDuplicate(Throwable failure) {
        return failure instanceof DynamoDbRequestException e
                && (e.errorCode().equals("DuplicateItem") || e.errorCode().equals("DuplicateItemException"));
    }

    private CompletableFuture<Void> failed(DefaultPartiqlWrite write, Throwable failure) {
        Throwable cause = Futures.cause(failure);
        return CompletableFuture.failedFuture(cause instanceof RuntimeException e ? refusal(write, e) : cause);
    }

    /** The failure of one statement sent alone as the caller gets it: the exception the matching item operation throws. */
    private RuntimeException refusal(DefaultPartiqlWrite write, RuntimeException failure) {
        return RequestRunner.keepingSuppressed(failure, explained(write, failure));
    }

    private RuntimeException explained(DefaultPartiqlWrite write, RuntimeException failure) {
        if (failure instanceof ConditionFailedException e) {
            Optional<Map<String, AttributeValue>> item = e.getCause() instanceof ConditionalCheckFailedException c && c.hasItem()
                    ? Optional.of(c.item()) : Optional.empty();
            return conditionFailed(write, item, e.getCause());
        }
        if (isDuplicate(failure)) {
            return duplicate(write, failure.getCause(), true);
        }
        if (failure instanceof DynamoDbRequestException e && e.errorCode().equals("ValidationException")) {
            return new ValidationException("DynamoDB refused PartiQL " + write.description() + ": " + message(e.getCause())
                    + "; nothing was written", e);
        }
        return failure;
    }

    private ConditionFailedException conditionFailed(DefaultPartiqlWrite write, Optional<Map<String, AttributeValue>> item, Throwable cause) {
        if (write.origin().isPresent()) {
            WriteAction action = write.origin().get();
            return writes.plans().writesOf(action).explain(action, item, cause);
        }
        return new ConditionFailedException("PartiQL " + write.description() + " in table " + table().name() + " was refused: no item "
                + "has the key it names, or its WHERE clause did not hold", write.entityType(), write.operation(), write.keyText(),
                item, Optional.empty(), cause);
    }

    /**
     * An INSERT whose key is taken. Sent alone, an INSERT of an entity holding the TTL attribute has already written over an
     * expired item (see {@link #overExpired}); in a batch or transaction it cannot, so the refusal names that case and its fix.
     */
    private ItemAlreadyExistsException duplicate(DefaultPartiqlWrite write, Throwable cause, boolean alone) {
        Optional<EntityWrites<Object>> expiring = alone ? Optional.empty() : expiringInsert(write);
        if (expiring.isPresent()) {
            return new ItemAlreadyExistsException("insert of " + write.entityType() + " " + write.keyText() + " in table " + table().name()
                    + " was refused: an item with this key already exists, or one has expired (its TTL attribute '"
                    + expiring.get().timeToLiveAttribute().orElseThrow() + "' at or before " + expiring.get().now().getEpochSecond()
                    + ") that reads treat as absent until DynamoDB deletes it; an INSERT writes over an expired item only when executed "
                    + "alone (execute), not in a batch or transaction: execute it alone, or delete the item first", write.entityType(),
                    write.operation(), write.keyText(), Optional.empty(), Optional.empty(), cause);
        }
        if (write.origin().isPresent()) {
            WriteAction action = write.origin().get();
            if (writes.plans().writesOf(action).explain(action, Optional.empty(), cause) instanceof ItemAlreadyExistsException exists) {
                return exists;
            }
        }
        boolean repeated = cause instanceof software.amazon.awssdk.core.exception.SdkException sdk
                && RequestRunner.earlierAttemptMayHaveBeenApplied(sdk);
        return new ItemAlreadyExistsException("PartiQL " + write.description() + " in table " + table().name() + " was refused: an "
                + "item with this key already exists; " + (repeated ? "an earlier attempt of this same INSERT (the SDK sent it again "
                + "after a 5xx, a timeout or a lost answer) may have written it: read the item before writing again"
                : "UPDATE it, or choose another key"), write.entityType(), write.operation(), write.keyText(), Optional.empty(),
                Optional.empty(), cause);
    }

    private static String message(Throwable cause) {
        if (cause instanceof software.amazon.awssdk.awscore.exception.AwsServiceException e && e.awsErrorDetails() != null) {
            return e.awsErrorDetails().errorMessage();
        }
        return String.valueOf(cause.getMessage());
    }

    CompletableFuture<Void> batch(List<? extends PartiqlWrite> given) {
        return Futures.compose(() -> {
            List<DefaultPartiqlWrite> statements = checked(given, "executeBatch", MAX_BATCH,
                    "BatchExecuteStatement takes at most " + MAX_BATCH + " statements: split them into several batches");
            refuseTwoOnOneItem(statements, DynamoOperation.BATCH_EXECUTE_STATEMENT.name(), "batch");
            List<BatchStatementRequest> requests = new ArrayList<>(statements.size());
            for (DefaultPartiqlWrite write : statements) {
                ExecuteStatementRequest single = write.toRequest();
                requests.add(BatchStatementRequest.builder().statement(single.statement()).parameters(single.parameters())
                        .returnValuesOnConditionCheckFailure(single.returnValuesOnConditionCheckFailure()).build());
            }
            BatchExecuteStatementRequest built = BatchExecuteStatementRequest.builder().statements(requests)
                    .returnConsumedCapacity(table().runner().consumedCapacity()).build();
            // one statement that must not be applied twice keeps the SDK from repeating the whole batch after a possibly applied failure
            BatchExecuteStatementRequest request = statements.stream().allMatch(DefaultPartiqlWrite::repeatable) ? built
                    : RefusedOnlyRetries.onto(built);
            return sender().send(DynamoOperation.BATCH_EXECUTE_STATEMENT, request, types(statements), Map.of(),
                            RequestRunner.Outcome.of(r -> statements.size(),
                                    (BatchExecuteStatementResponse r) -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty()
                                            ? r.consumedCapacity().get(0) : null))
                    .thenApply(response -> {
                        batchOutcome(statements, response);
                        return null;
                    });
        });
    }

    private void batchOutcome(List<DefaultPartiqlWrite> statements, BatchExecuteStatementResponse response) {
        List<PartiqlBatchException.Failure> failures = new ArrayList<>();
        List<Integer> succeeded = new ArrayList<>();
        List<BatchStatementResponse> responses = response.hasResponses() ? response.responses() : List.of();
        for (int i = 0; i < statements.size(); i++) {
            DefaultPartiqlWrite write = statements.get(i);
            Optional<BatchStatementError> error = i < responses.size() ? Optional.ofNullable(responses.get(i).error()) : Optional.empty();
            if (i >= responses.size()) {
                failures.add(new PartiqlBatchException.Failure(i, write, "(no response)", new DynamoDbRequestException("DynamoDB returned no "
                        + "response for PartiQL " + write.description() + "; it may or may not have been applied: read the item",
                        "(no response)", true, null)));
            } else if (error.isEmpty()) {
                succeeded.add(i);
            } else {
                String code = error.get().codeAsString();
                failures.add(new PartiqlBatchException.Failure(i, write, code, statementError(write, code, error.get().message(),
                        error.get().hasItem() ? Optional.of(error.get().item()) : Optional.empty(), null)));
            }
        }
        if (!failures.isEmpty()) {
            List<String> lines = failures.stream().map(f -> "statement " + f.index() + " (" + f.statement().operation() + " "
                    + ((DefaultPartiqlWrite) f.statement()).entityType() + " " + ((DefaultPartiqlWrite) f.statement()).keyText() + "): "
                    + f.code() + ": " + f.error().getMessage()).toList();
            throw new PartiqlBatchException("BatchExecuteStatement on table " + table().name() + ": " + failures.size() + " of "
                    + statements.size() + " statements failed and " + succeeded.size() + " were applied (" + (succeeded.isEmpty() ? "none"
                    : "statements " + succeeded) + "); " + String.join("; ", lines), failures, succeeded);
        }
    }

    /** One statement's error in a batch or transaction, as the exception the statement alone would have thrown. */
    private SingleTableException statementError(DefaultPartiqlWrite write, String code, String message,
                                                Optional<Map<String, AttributeValue>> item, Throwable cause) {
        if (isDuplicate(write, code, message)) {
            return duplicate(write, cause, false);
        }
        return switch (code) {
            case "ConditionalCheckFailed" -> conditionFailed(write, item.filter(m -> !m.isEmpty()), cause);
            case "ValidationError" -> new ValidationException("DynamoDB refused PartiQL " + write.description() + ": " + message, cause);
            default -> new DynamoDbRequestException("DynamoDB refused PartiQL " + write.description() + ": " + code + ": " + message
                    + retryable(code), code, cause);
        };
    }

    /**
     * An INSERT refused because its key is taken: {@code DuplicateItem}, or, as DynamoDB Local reports it in a
     * transaction, a {@code ValidationError} saying so.
     */
    private static boolean isDuplicate(DefaultPartiqlWrite write, String code, String message) {
        return "DuplicateItem".equals(code) || (write.operation().equals("insert") && "ValidationError".equals(code)
                && message != null && message.startsWith("Duplicate primary key"));
    }

    private static String retryable(String code) {
        return switch (code) {
            case "ThrottlingError", "ProvisionedThroughputExceeded", "RequestLimitExceeded", "TransactionConflict", "InternalServerError" ->
                    "; it was not applied: send it again (with backoff)";
            default -> "";
        };
    }

    CompletableFuture<Void> transaction(List<? extends PartiqlWrite> given) {
        return Futures.compose(() -> {
            List<DefaultPartiqlWrite> statements = checked(given, "executeTransaction", MAX_TRANSACTION,
                    "ExecuteTransaction takes at most " + MAX_TRANSACTION + " statements: split it, or use executeBatch if the writes "
                            + "need not be atomic");
            refuseTwoOnOneItem(statements, DynamoOperation.EXECUTE_TRANSACTION.name(), "transaction");
            List<ParameterizedStatement> parameterized = new ArrayList<>(statements.size());
            for (DefaultPartiqlWrite write : statements) {
                ExecuteStatementRequest single = write.toRequest();
                parameterized.add(ParameterizedStatement.builder().statement(single.statement()).parameters(single.parameters())
                        .returnValuesOnConditionCheckFailure(single.returnValuesOnConditionCheckFailure()).build());
            }
            ExecuteTransactionRequest request = ExecuteTransactionRequest.builder().transactStatements(parameterized)
                    .clientRequestToken(UUID.randomUUID().toString())
                    .returnConsumedCapacity(table().runner().consumedCapacity()).build();
            return sender().send(DynamoOperation.EXECUTE_TRANSACTION, request, types(statements), Map.of(),
                            RequestRunner.Outcome.of(r -> statements.size(),
                                    (ExecuteTransactionResponse r) -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty()
                                            ? r.consumedCapacity().get(0) : null))
                    .<Void>thenApply(response -> null)
                    .exceptionally(failure -> {
                        Throwable cause = Futures.cause(failure);
                        if (cause instanceof RuntimeException e
                                && e.getCause() instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException canceled) {
                            throw canceled(statements, canceled);
                        }
                        throw Futures.rethrow(failure);
                    });
        });
    }

    /** Refuses two statements on one item (known by its key): DynamoDB refuses the whole request. */
    private void refuseTwoOnOneItem(List<DefaultPartiqlWrite> statements, String operation, String what) {
        Map<Map<String, AttributeValue>, Integer> seen = new HashMap<>();
        for (int i = 0; i < statements.size(); i++) {
            DefaultPartiqlWrite write = statements.get(i);
            Integer previous = write.item().isEmpty() ? null : seen.putIfAbsent(sameItem(write.item().get()), i);
            if (previous != null) {
                throw new ValidationException(operation + " statements " + previous + " (" + statements.get(previous).description()
                        + ") and " + i + " (" + write.description() + ") are on the same item; DynamoDB allows one statement per item "
                        + "in a " + what + ": combine them");
            }
        }
    }

    /** The same item whatever key values named it: its composed key. */
    private Map<String, AttributeValue> sameItem(ItemKey<?> key) {
        return table().bound(key.entity()).key(key.values());
    }

    private TransactionCanceledException canceled(List<DefaultPartiqlWrite> statements,
                                                  software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
        List<CancellationReason> sdkReasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        List<TransactionCanceledException.Reason> reasons = new ArrayList<>(statements.size());
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            DefaultPartiqlWrite write = statements.get(i);
            Optional<CancellationReason> reason = i < sdkReasons.size() ? Optional.of(sdkReasons.get(i)) : Optional.empty();
            String code = reason.map(CancellationReason::code).orElse("(unknown)");
            String text = reason.map(CancellationReason::message).orElse("");
            Optional<Map<String, AttributeValue>> item = reason.filter(CancellationReason::hasItem).map(CancellationReason::item);
            Optional<ConditionFailedException> conditionFailure = "ConditionalCheckFailed".equals(code)
                    ? Optional.of(conditionFailed(write, item.filter(m -> !m.isEmpty()), e))
                    : isDuplicate(write, code, text) ? Optional.of(duplicate(write, e, false)) : Optional.empty();
            String message = conditionFailure.map(Throwable::getMessage).orElseGet(() -> "None".equals(code) ? "no problem with this statement"
                    : statementError(write, code, text, Optional.empty(), e).getMessage());
            reasons.add(new TransactionCanceledException.Reason(i, write.entityType(), write.operation(), write.keyText(), code, message,
                    conditionFailure));
            if (!"None".equals(code)) {
                failed.add("statement " + i + " (" + write.operation() + " " + write.entityType() + " " + write.keyText() + "): " + code + ": "
                        + message);
            }
        }
        return new TransactionCanceledException("ExecuteTransaction of " + statements.size() + (statements.size() == 1 ? " statement on table " : " statements on table ") + table().name()
                + " was canceled; nothing was written. " + String.join("; ", failed), reasons, e);
    }

    private List<DefaultPartiqlWrite> checked(List<? extends PartiqlWrite> given, String method, int max, String tooMany) {
        if (given.isEmpty()) {
            throw new ValidationException(method + " on table " + table().name() + " has no statements; give at least one");
        }
        if (given.size() > max) {
            throw new ValidationException(method + " on table " + table().name() + " has " + given.size() + " statements; " + tooMany);
        }
        List<DefaultPartiqlWrite> statements = new ArrayList<>(given.size());
        for (int i = 0; i < given.size(); i++) {
            PartiqlWrite write = given.get(i);
            if (write == null) {
                throw new ValidationException(method + " on table " + table().name() + ": statement " + i + " is null; give statements "
                        + "made by table.partiqlInsert, partiqlUpdate, partiqlDelete or partiqlWrite");
            }
            DefaultPartiqlWrite own = own(write, method);
            own.checkBeforeSending();
            statements.add(own);
        }
        return statements;
    }

    private static String types(List<DefaultPartiqlWrite> statements) {
        return statements.stream().map(DefaultPartiqlWrite::entityType).distinct().toList().toString();
    }
}
