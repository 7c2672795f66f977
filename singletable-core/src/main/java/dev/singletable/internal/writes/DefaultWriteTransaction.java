package dev.singletable.internal.writes;

import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import dev.singletable.internal.table.RequestRunner;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.WriteTransaction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** The {@link WriteTransaction} builder: collects rendered actions, checks DynamoDB's limits, maps cancellations. */
public final class DefaultWriteTransaction implements WriteTransaction {
    public static final int MAX_ACTIONS = 100;
    public static final int MAX_BYTES = 4 * 1024 * 1024;

    private final BoundTable table;
    private final DynamoDbClient client;
    private final ItemWriter writer;
    private final List<WritePlan> plans = new ArrayList<>();
    private String token;

    public DefaultWriteTransaction(BoundTable table, DynamoDbClient client, ItemWriter writer) {
        this.table = table;
        this.client = client;
        this.writer = writer;
    }

    private WriteTransaction add(WritePlan plan) {
        plans.add(plan);
        return this;
    }

    /** The rendered actions, in order; the written entity of a put is {@link WritePlan#written()}. */
    public List<WritePlan> plans() {
        return List.copyOf(plans);
    }

    @Override
    public <T> WriteTransaction put(T entity) {
        return put(entity, Condition.none());
    }

    @Override
    public <T> WriteTransaction put(T entity, Condition condition) {
        return add(writer.putPlan(entity, EntityWrites.PutMode.PUT, condition));
    }

    @Override
    public <T> WriteTransaction create(T entity) {
        return add(writer.putPlan(entity, EntityWrites.PutMode.CREATE, Condition.none()));
    }

    @Override
    public <T> WriteTransaction replace(T entity) {
        return replace(entity, Condition.none());
    }

    @Override
    public <T> WriteTransaction replace(T entity, Condition condition) {
        return add(writer.putPlan(entity, EntityWrites.PutMode.REPLACE, condition));
    }

    @Override
    public <T> WriteTransaction update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return update(entity, key, changes, Condition.none());
    }

    @Override
    public <T> WriteTransaction update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return add(writer.updatePlan(entity, key, changes, condition, EntityWrites.UpdateMode.UPDATE));
    }

    @Override
    public <T> WriteTransaction update(T current, UnaryOperator<Update<T>> changes) {
        return add(writer.updatePlan(current, changes, Condition.none()));
    }

    @Override
    public <T> WriteTransaction upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return add(writer.updatePlan(entity, key, changes, Condition.none(), EntityWrites.UpdateMode.UPSERT));
    }

    @Override
    public <T> WriteTransaction delete(EntitySchema<T> entity, KeyValues key) {
        return delete(entity, key, Condition.none());
    }

    @Override
    public <T> WriteTransaction delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return add(writer.deletePlan(entity, key, condition));
    }

    /** A delete that requires the item to exist (for moves). */
    public <T> WriteTransaction deleteExisting(EntitySchema<T> entity, KeyValues key) {
        EntityWrites<T> w = writer.writes(entity);
        return add(w.deletePlan(w.bound().key(key), Optional.empty(), true, Condition.none(), "delete"));
    }

    /** A delete that requires the item to exist, and its version when versioned (for moves). */
    public <T> WriteTransaction deleteExisting(T current) {
        EntityWrites<T> w = writer.writesFor(current);
        Optional<Long> version = w.isVersioned() ? Optional.ofNullable(w.versionOf(current)) : Optional.empty();
        return add(w.deletePlan(w.bound().key(current), version, true, Condition.none(), "delete"));
    }

    @Override
    public <T> WriteTransaction delete(T current) {
        return add(writer.deletePlan(current));
    }

    @Override
    public <T> WriteTransaction check(EntitySchema<T> entity, KeyValues key, Condition condition) {
        EntityWrites<T> w = writer.writes(entity);
        return add(w.checkPlan(w.bound().key(key), condition));
    }

    @Override
    public WriteTransaction putAll(Collection<?> entities) {
        for (Object entity : entities) {
            put(entity);
        }
        return this;
    }

    @Override
    public WriteTransaction link(Object forward, Object backward) {
        return put(forward).put(backward);
    }

    @Override
    public WriteTransaction idempotencyToken(String token) {
        if (token == null || token.isEmpty() || token.length() > 36) {
            throw new ValidationException("Transaction idempotency token '" + token + "' must be 1 to 36 characters "
                    + "(DynamoDB's ClientRequestToken); a UUID fits");
        }
        this.token = token;
        return this;
    }

    @Override
    public int size() {
        return plans.size();
    }

    @Override
    public TransactWriteItemsRequest toRequest() {
        validate();
        List<TransactWriteItem> items = new ArrayList<>(plans.size());
        for (WritePlan plan : plans) {
            items.add(plan.transactItem(table.schema().name()));
        }
        return TransactWriteItemsRequest.builder().transactItems(items).clientRequestToken(token)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    private void validate() {
        if (plans.isEmpty()) {
            throw new ValidationException("Transaction on table " + table.schema().name() + " has no actions; add at least one");
        }
        if (plans.size() > MAX_ACTIONS) {
            throw new ValidationException("Transaction on table " + table.schema().name() + " has " + plans.size() + " actions; DynamoDB "
                    + "takes at most " + MAX_ACTIONS + " (the first is " + describe(0) + "). Split it, or use a batch if the writes need "
                    + "not be atomic");
        }
        Map<Map<String, AttributeValue>, Integer> seen = new HashMap<>();
        long bytes = 0;
        for (int i = 0; i < plans.size(); i++) {
            Integer previous = seen.putIfAbsent(plans.get(i).key(), i);
            if (previous != null) {
                throw new ValidationException("Transaction actions " + previous + " (" + describe(previous) + ") and " + i + " ("
                        + describe(i) + ") are on the same item; DynamoDB allows one action per item in a transaction: combine them");
            }
            bytes += plans.get(i).size();
        }
        if (bytes > MAX_BYTES) {
            throw new ValidationException("Transaction on table " + table.schema().name() + " is about " + bytes / 1024
                    + " KB; DynamoDB takes at most 4 MB per transaction: split it");
        }
    }

    private String describe(int index) {
        WritePlan plan = plans.get(index);
        return plan.operation() + " " + plan.entityType() + " " + writer.writesOf(plan).keyText(plan.key());
    }

    @Override
    public void execute() {
        TransactWriteItemsRequest request = toRequest();
        String entities = plans.stream().map(WritePlan::entityType).distinct().toList().toString();
        try {
            table.runner().send("TransactWriteItems", Optional.empty(), "transaction of " + plans.size() + " actions on " + entities,
                    Map.of(), () -> client.transactWriteItems(request), new RequestRunner.Outcome<TransactWriteItemsResponse>() {
                        @Override
                        public int itemCount(TransactWriteItemsResponse response) {
                            return plans.size();
                        }

                        @Override
                        public ConsumedCapacity capacity(TransactWriteItemsResponse response) {
                            return response.hasConsumedCapacity() && !response.consumedCapacity().isEmpty()
                                    ? response.consumedCapacity().get(0) : null;
                        }
                    });
        } catch (DynamoDbRequestException e) {
            if (e.getCause() instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException canceled) {
                throw canceled(canceled);
            }
            throw e;
        }
    }

    TransactionCanceledException canceled(software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
        List<CancellationReason> sdkReasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        List<TransactionCanceledException.Reason> reasons = new ArrayList<>(plans.size());
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            WritePlan plan = plans.get(i);
            EntityWrites<Object> w = writer.writesOf(plan);
            Map<String, String> key = w.keyText(plan.key());
            CancellationReason reason = i < sdkReasons.size() ? sdkReasons.get(i) : null;
            String code = reason == null || reason.code() == null ? "(unknown)" : reason.code();
            String message;
            Optional<ConditionFailedException> failure = Optional.empty();
            if ("ConditionalCheckFailed".equals(code)) {
                Optional<Map<String, AttributeValue>> item = reason.hasItem() ? Optional.of(reason.item()) : Optional.empty();
                ConditionFailedException explained = w.explain(plan, item, null);
                failure = Optional.of(explained);
                message = explained.getMessage();
            } else if ("None".equals(code)) {
                message = "no problem with this action";
            } else {
                message = switch (code) {
                    case "TransactionConflict" -> "another transaction or write on this item was in progress; retry the transaction";
                    case "ThrottlingError", "ProvisionedThroughputExceeded" -> "DynamoDB throttled the item's partition; retry with backoff";
                    case "ValidationError" -> "DynamoDB found the action invalid: " + reason.message();
                    case "ItemCollectionSizeLimitExceeded" -> "the item collection is over 10 GB (tables with an LSI)";
                    default -> reason == null || reason.message() == null ? code : reason.message();
                };
            }
            reasons.add(new TransactionCanceledException.Reason(i, plan.entityType(), plan.operation(), key, code, message, failure));
            if (!"None".equals(code)) {
                failed.add("action " + i + " (" + plan.operation() + " " + plan.entityType() + " " + key + "): " + code + ": " + message);
            }
        }
        return new TransactionCanceledException("Transaction of " + plans.size() + " actions on table " + table.schema().name()
                + " was canceled; nothing was written. " + String.join("; ", failed), reasons, e);
    }
}
