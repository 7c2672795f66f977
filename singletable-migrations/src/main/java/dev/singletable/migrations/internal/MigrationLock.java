package dev.singletable.migrations.internal;

import dev.singletable.migrations.MigrationLockedException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The lock item: written with a condition that no other runner holds it, renewed while steps run,
 * deleted at the end on condition that it is still ours. A lock whose expiry has passed is stale
 * and taken over only when asked, on condition that it is still the stale one.
 */
public final class MigrationLock {
    private static final String OWNER = "owner";
    private static final String EXPIRES_AT = "expiresAt";

    private final DynamoDbClient client;
    private final StateItems items;
    private final String owner;
    private final Duration duration;
    private final Clock clock;

    public MigrationLock(DynamoDbClient client, StateItems items, String owner, Duration duration, Clock clock) {
        this.client = client;
        this.items = items;
        this.owner = owner;
        this.duration = duration;
        this.clock = clock;
    }

    /** Takes the lock, or throws naming who holds it. */
    public void acquire(boolean breakStale) {
        try {
            client.putItem(b -> b.tableName(items.tableName()).item(item())
                    .conditionExpression("attribute_not_exists(#pk)")
                    .expressionAttributeNames(Map.of("#pk", items.partitionKey())));
            return;
        } catch (ConditionalCheckFailedException e) {
            // held: see by whom
        }
        Map<String, AttributeValue> current = client.getItem(b -> b.tableName(items.tableName()).key(items.lockKey())
                .consistentRead(true)).item();
        if (current == null || current.isEmpty()) {
            acquire(breakStale); // released in between
            return;
        }
        String holder = current.get(OWNER).s();
        Instant expiresAt = Instant.ofEpochMilli(Long.parseLong(current.get(EXPIRES_AT).n()));
        boolean stale = expiresAt.isBefore(clock.instant());
        if (stale && breakStale) {
            try {
                client.putItem(b -> b.tableName(items.tableName()).item(item())
                        .conditionExpression("#owner = :owner AND #expiresAt = :expiresAt")
                        .expressionAttributeNames(Map.of("#owner", OWNER, "#expiresAt", EXPIRES_AT))
                        .expressionAttributeValues(Map.of(":owner", current.get(OWNER), ":expiresAt", current.get(EXPIRES_AT))));
                return;
            } catch (ConditionalCheckFailedException e) {
                acquire(false); // another runner broke it first
                return;
            }
        }
        throw locked(holder, expiresAt, stale);
    }

    /** Pushes the expiry forward; throws when another runner has taken the lock meanwhile. */
    public void renew() {
        try {
            client.updateItem(b -> b.tableName(items.tableName()).key(items.lockKey())
                    .updateExpression("SET #expiresAt = :expiresAt")
                    .conditionExpression("#owner = :owner")
                    .expressionAttributeNames(Map.of("#owner", OWNER, "#expiresAt", EXPIRES_AT))
                    .expressionAttributeValues(Map.of(":owner", AttributeValue.fromS(owner),
                            ":expiresAt", AttributeValue.fromN(Long.toString(expiry().toEpochMilli())))));
        } catch (ConditionalCheckFailedException e) {
            Map<String, AttributeValue> current = client.getItem(b -> b.tableName(items.tableName()).key(items.lockKey())
                    .consistentRead(true)).item();
            String holder = current == null || current.isEmpty() ? "nobody" : current.get(OWNER).s();
            Instant expiresAt = current == null || current.isEmpty() ? clock.instant()
                    : Instant.ofEpochMilli(Long.parseLong(current.get(EXPIRES_AT).n()));
            throw new MigrationLockedException("The migration lock of table " + items.tableName() + " was taken over by " + holder
                    + " while " + owner + " ran; stopped. Make sure only one runner migrates the table at a time", holder, expiresAt,
                    false);
        }
    }

    /** Deletes the lock if it is still ours. */
    public void release() {
        try {
            client.deleteItem(b -> b.tableName(items.tableName()).key(items.lockKey())
                    .conditionExpression("#owner = :owner")
                    .expressionAttributeNames(Map.of("#owner", OWNER))
                    .expressionAttributeValues(Map.of(":owner", AttributeValue.fromS(owner))));
        } catch (ConditionalCheckFailedException e) {
            // no longer ours: whoever holds it releases it
        }
    }

    private MigrationLockedException locked(String holder, Instant expiresAt, boolean stale) {
        String message = stale
                ? "The migration lock of table " + items.tableName() + " is held by " + holder + " and went stale at " + expiresAt
                        + " (its runner stopped without releasing it); nothing was run. Break it with --break-lock "
                        + "(MigrationRunner.Builder.breakStaleLock(true)) once you are sure that runner is gone"
                : "The migration lock of table " + items.tableName() + " is held by " + holder + " until " + expiresAt
                        + "; nothing was run. Another runner is migrating: wait for it and run again";
        return new MigrationLockedException(message, holder, expiresAt, stale);
    }

    private Map<String, AttributeValue> item() {
        Map<String, AttributeValue> item = new HashMap<>(items.lockKey());
        item.put(items.entityTypeAttribute(), AttributeValue.fromS(StateItems.LOCK_TYPE));
        item.put(OWNER, AttributeValue.fromS(owner));
        item.put(EXPIRES_AT, AttributeValue.fromN(Long.toString(expiry().toEpochMilli())));
        return item;
    }

    private Instant expiry() {
        return clock.instant().plus(duration);
    }
}
