package dev.singletable.internal.writes;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.PartiqlBatchException;
import dev.singletable.PartiqlWrite;
import dev.singletable.SingleTableException;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.partiql.PartiqlText;
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
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * PartiQL writes of one table: INSERT, UPDATE and DELETE rendered from the schema (the same items, keys
 * and maintained attributes as put, update and delete), statements written by hand checked, and all of
 * them sent with ExecuteStatement, BatchExecuteStatement or ExecuteTransaction, refusals mapped to the
 * exceptions the item operations throw.
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

    private String tableName() {
        return PartiqlText.quoted(table().name());
    }

    // ------------------------------------------------------------------ rendering

    /** {@code INSERT INTO "T" VALUE {'PK' : ?, ...}}: the item {@code create} would put, every attribute a parameter. */
    <T> PartiqlWrite insert(T entity) {
        EntityWrites<T> w = writes.plans().writesFor(entity);
        PutAction action = w.putAction(entity, EntityWrites.PutMode.CREATE, Condition.none());
        List<String> names = new ArrayList<>(action.item().keySet());
        names.sort(attributeOrder(w.bound()));
        StringBuilder statement = new StringBuilder("INSERT INTO ").append(tableName()).append(" VALUE {");
        List<AttributeValue> parameters = new ArrayList<>(names.size());
        for (String name : names) {
            statement.append(parameters.isEmpty() ? "" : ", ").append(PartiqlText.literal(name)).append(" : ?");
            parameters.add(action.item().get(name));
        }
        statement.append('}');
        T written = action.writtenAs();
        return DefaultPartiqlWrite.built(table(), statement.toString(), parameters, "insert", action,
                ItemKey.of(w.bound().schema(), w.keyValuesOf(written)));
    }

    /** The table's keys, the entity type, the entity's attributes as declared, then the rest (index keys) by name. */
    private Comparator<String> attributeOrder(BoundEntity<?> bound) {
        Map<String, Integer> rank = new HashMap<>();
        rank.put(table().schema().partitionKeyAttribute(), 0);
        table().schema().sortKeyAttribute().ifPresent(sk -> rank.put(sk, 1));
        rank.put(table().schema().entityTypeAttribute(), 2);
        List<? extends Attribute<?, ?>> attributes = bound.schema().attributes();
        for (int i = 0; i < attributes.size(); i++) {
            rank.putIfAbsent(attributes.get(i).name(), 3 + i);
        }
        return Comparator.<String>comparingInt(name -> rank.getOrDefault(name, Integer.MAX_VALUE)).thenComparing(Comparator.naturalOrder());
    }

    /**
     * {@code UPDATE "T" SET ... REMOVE ... WHERE "PK" = ? AND "SK" = ? AND "entityType" = ?}: the changes, the
     * update timestamp, the version incremented and the index keys rewritten, as {@code update} would; checked
     * by the same planner first, so that what {@code update} refuses is refused here with the same message.
     */
    <T> PartiqlWrite update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        EntityWrites<T> w = writes.plans().writes(entity);
        Update<T> update = WritePlans.changed(entity, changes);
        UpdatePlan plan = w.updatePlan(key, update, condition, EntityWrites.UpdateMode.UPDATE, Optional.empty(), Optional.empty());
        Map<String, AttributeValue> itemKey = w.bound().key(key);
        String what = "PartiQL update of " + entity.type() + " " + w.keyText(itemKey);
        if (!(plan instanceof UpdatePlan.Ready ready)) {
            throw new ValidationException(what + " needs stored values for index keys (readingStoredValuesForIndexKeys()), which a "
                    + "statement cannot read first; give those values in the update, or use table.update");
        }
        List<String> clauses = new ArrayList<>();
        List<AttributeValue> parameters = new ArrayList<>();
        Map<String, Object> newValues = new LinkedHashMap<>();
        for (Update.Action<T> action : update.actions()) {
            clauses.add(clause(action, parameters, what));
            if (action.path().isTopLevel() && action.operation() == Update.Operation.SET) {
                newValues.put(action.attribute().name(), action.value().orElseThrow());
            } else if (action.path().isTopLevel() && action.operation() == Update.Operation.REMOVE) {
                newValues.put(action.attribute().name(), null);
            }
        }
        Instant now = w.now();
        entity.updatedAtAttribute().ifPresent(updated -> {
            clauses.add("SET " + PartiqlText.quoted(updated.name()) + " = ?");
            parameters.add(EntityWrites.encodeInstant(updated, now));
            newValues.put(updated.name(), updated.type().fromAttributeValue(EntityWrites.encodeInstant(updated, now)));
        });
        entity.versionAttribute().ifPresent(version -> {
            clauses.add("SET " + PartiqlText.quoted(version.name()) + " = " + PartiqlText.operand(version.name()) + " + ?");
            parameters.add(AttributeValue.fromN("1"));
        });
        indexKeys(w, key, newValues, clauses, parameters);
        StringBuilder statement = new StringBuilder("UPDATE ").append(tableName());
        clauses.forEach(c -> statement.append(' ').append(c));
        statement.append(" WHERE ").append(PartiqlText.keyPredicate(table().schema()));
        parameters.addAll(PartiqlText.keyValues(table(), entity, key));
        statement.append(" AND ").append(PartiqlText.quoted(table().schema().entityTypeAttribute())).append(" = ?");
        parameters.add(AttributeValue.fromS(entity.type()));
        userCondition(condition, statement, parameters);
        return DefaultPartiqlWrite.built(table(), statement.toString(), parameters, "update", ready.action(), ItemKey.of(entity, key));
    }

    private <T> String clause(Update.Action<T> action, List<AttributeValue> parameters, String what) {
        String path = action.path().render(pathNames(PartiqlText::quoted));
        String operand = action.path().render(pathNames(PartiqlText::operand)); // the same path where a value is read
        String sourcePath = action.source().map(source -> PartiqlText.operand(source.name())).orElse("");
        Optional<AttributeValue> value = action.storedValue();
        value.ifPresent(parameters::add);
        return switch (action.operation()) {
            case SET -> "SET " + path + " = ?";
            case REMOVE -> "REMOVE " + path;
            case ADD_NUMBER -> "SET " + path + " = " + operand + " + ?";
            case SUBTRACT_NUMBER -> "SET " + path + " = " + operand + " - ?";
            case APPEND -> "SET " + path + " = list_append(" + operand + ", ?)";
            case PREPEND -> "SET " + path + " = list_append(?, " + operand + ")";
            case ADD_TO_SET -> "SET " + path + " = set_add(" + operand + ", ?)";
            case DELETE_FROM_SET -> "SET " + path + " = set_delete(" + operand + ", ?)";
            case SET_FROM_ATTRIBUTE -> "SET " + path + " = " + sourcePath;
            case SET_IF_ABSENT -> throw new ValidationException(what + " sets " + action.path() + " only if absent, but PartiQL has no "
                    + "if_not_exists: use table.update (UpdateItem) for it, or set the value");
        };
    }

    private static dev.singletable.Placeholders pathNames(java.util.function.UnaryOperator<String> names) {
        return new dev.singletable.Placeholders() {
            @Override
            public String name(String attributeName) {
                return names.apply(attributeName);
            }

            @Override
            public String value(AttributeValue value) {
                throw new IllegalStateException("a path has no values");
            }
        };
    }

    /**
     * Rewrites the index keys whose slots the update sets (from the values it sets and the primary key's), and
     * removes those of a sparse index whose slot it removes. The planner has already refused an update that
     * touches a slot without every value its key needs.
     */
    private <T> void indexKeys(EntityWrites<T> w, KeyValues key, Map<String, Object> newValues, List<String> clauses,
                               List<AttributeValue> parameters) {
        for (String indexName : w.bound().schema().indexKeys().keySet()) {
            KeyBinding<T> index = w.bound().binding(Optional.of(indexName)).orElseThrow();
            if (!index.writesAnyAttribute()) {
                continue;
            }
            List<String> slots = new ArrayList<>();
            for (BoundKeyTemplate<T> template : index.templates()) {
                template.attributes().forEach(a -> {
                    if (!slots.contains(a.name())) {
                        slots.add(a.name());
                    }
                });
            }
            if (slots.stream().noneMatch(newValues::containsKey)) {
                continue;
            }
            KeyValues values = KeyValues.none();
            boolean removed = false;
            for (String slot : slots) {
                Object value = newValues.containsKey(slot) ? newValues.get(slot) : key.value(slot).orElse(null);
                if (value == null) {
                    removed = true;
                } else {
                    values = values.and(slot, value);
                }
            }
            if (removed) {
                index.writtenAttributes().forEach(a -> clauses.add("REMOVE " + PartiqlText.quoted(a)));
                continue;
            }
            for (Map.Entry<String, AttributeValue> written : index.writtenValues(values).entrySet()) {
                clauses.add("SET " + PartiqlText.quoted(written.getKey()) + " = ?");
                parameters.add(written.getValue());
            }
        }
    }

    private static void userCondition(Condition condition, StringBuilder statement, List<AttributeValue> parameters) {
        if (!condition.isNone()) {
            String predicate = PartiqlText.predicate(condition, parameters);
            statement.append(" AND ").append(condition.bindsAtLeastAsTightAsAnd() ? predicate : "(" + predicate + ")");
        }
    }

    /** {@code DELETE FROM "T" WHERE "PK" = ? AND "SK" = ?}, and the condition: what {@code delete} removes. */
    <T> PartiqlWrite delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        DeleteAction action = writes.plans().delete(entity, key, condition);
        StringBuilder statement = new StringBuilder("DELETE FROM ").append(tableName()).append(" WHERE ")
                .append(PartiqlText.keyPredicate(table().schema()));
        List<AttributeValue> parameters = new ArrayList<>(PartiqlText.keyValues(table(), entity, key));
        userCondition(condition, statement, parameters);
        return DefaultPartiqlWrite.built(table(), statement.toString(), parameters, "delete", action, ItemKey.of(entity, key));
    }

    /** A statement written by hand, checked against the schema. */
    PartiqlWrite written(String statement) {
        return DefaultPartiqlWrite.written(table(), statement);
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
            ExecuteStatementRequest request = write.toRequest();
            return sender().send(DynamoOperation.EXECUTE_STATEMENT, request, write.entityType(), write.keyText(),
                            RequestRunner.Outcome.of(r -> 1, ExecuteStatementResponse::consumedCapacity))
                    .<Void>thenApply(response -> null)
                    .exceptionally(failure -> {
                        throw Futures.rethrow(Futures.cause(failure) instanceof RuntimeException e ? refusal(write, e) : failure);
                    });
        });
    }

    /** The failure of one statement as the caller gets it: the exception the matching item operation throws. */
    private RuntimeException refusal(DefaultPartiqlWrite write, RuntimeException failure) {
        return dev.singletable.internal.table.RequestRunner.keepingSuppressed(failure, explained(write, failure));
    }

    private RuntimeException explained(DefaultPartiqlWrite write, RuntimeException failure) {
        if (failure instanceof ConditionFailedException e) {
            Optional<Map<String, AttributeValue>> item = e.getCause() instanceof ConditionalCheckFailedException c && c.hasItem()
                    ? Optional.of(c.item()) : Optional.empty();
            return conditionFailed(write, item, e.getCause());
        }
        if (failure instanceof DynamoDbRequestException e && (e.errorCode().equals("DuplicateItem") || e.errorCode().equals("DuplicateItemException"))) {
            return duplicate(write, e.getCause());
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

    private ItemAlreadyExistsException duplicate(DefaultPartiqlWrite write, Throwable cause) {
        if (write.origin().isPresent()) {
            WriteAction action = write.origin().get();
            if (writes.plans().writesOf(action).explain(action, Optional.empty(), cause) instanceof ItemAlreadyExistsException exists) {
                return exists;
            }
        }
        return new ItemAlreadyExistsException("PartiQL " + write.description() + " in table " + table().name() + " was refused: an "
                + "item with this key already exists; UPDATE it, or choose another key", write.entityType(), write.operation(),
                write.keyText(), Optional.empty(), Optional.empty(), cause);
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
            BatchExecuteStatementRequest request = BatchExecuteStatementRequest.builder().statements(requests)
                    .returnConsumedCapacity(table().runner().consumedCapacity()).build();
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
            return duplicate(write, cause);
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
                    : isDuplicate(write, code, text) ? Optional.of(duplicate(write, e)) : Optional.empty();
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
            own.checkParameters();
            statements.add(own);
        }
        return statements;
    }

    private static String types(List<DefaultPartiqlWrite> statements) {
        return statements.stream().map(DefaultPartiqlWrite::entityType).distinct().toList().toString();
    }
}
