package dev.singletable.internal.writes;

import dev.singletable.internal.declaration.DeclarationFixes;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

/**
 * One {@code retryOnConflict}: read, change, put checked against the version read; on a version
 * conflict wait and go again, up to the attempts allowed. The sync and async senders only run the loop.
 */
final class ConflictRetries<T> {
    private final WritePlans plans;
    private final EntityWrites<T> writes;
    private final EntitySchema<T> entity;
    private final KeyValues key;
    private final int maxAttempts;
    private final UnaryOperator<T> change;
    private final Map<String, AttributeValue> itemKey;

    ConflictRetries(WritePlans plans, EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        this.plans = plans;
        this.writes = plans.writes(entity);
        this.entity = entity;
        this.key = key;
        this.maxAttempts = maxAttempts;
        this.change = change;
        if (!writes.isVersioned()) {
            throw new ValidationException("retryOnConflict on " + entity.type() + ": the entity has no version attribute, so a "
                    + "conflicting write could not be detected; " + DeclarationFixes.versionAttribute(entity));
        }
        if (maxAttempts < 1) {
            throw new ValidationException("retryOnConflict on " + entity.type() + ": maxAttempts must be at least 1, got " + maxAttempts);
        }
        this.itemKey = writes.bound().key(key);
    }

    public static <T> ConflictRetries<T> of(WritePlans plans, EntitySchema<T> entity, KeyValues key, int maxAttempts,
                                            UnaryOperator<T> change) {
        return new ConflictRetries<>(plans, entity, key, maxAttempts, change);
    }

    public EntitySchema<T> entity() {
        return entity;
    }

    public KeyValues key() {
        return key;
    }

    public ItemNotFoundException notFound() {
        return new ItemNotFoundException("retryOnConflict on " + entity.type() + " " + writes.keyText(itemKey)
                + ": no item has this key; create it first", entity.type(), "retryOnConflict", writes.keyText(itemKey), null);
    }

    /** The put of the changed entity, checked against the version read. */
    public PutAction putFor(T current) {
        T changed = change.apply(current);
        if (changed == null) {
            throw new ValidationException("retryOnConflict on " + entity.type() + " " + writes.keyText(itemKey)
                    + ": the change returned null; return the changed entity");
        }
        if (!writes.bound().key(changed).equals(itemKey)) {
            throw new ValidationException("retryOnConflict on " + entity.type() + " " + writes.keyText(itemKey)
                    + ": the change moved the entity to key " + writes.keyText(writes.bound().key(changed)) + "; use table.move to change keys");
        }
        if (!Objects.equals(writes.version(changed), writes.version(current))) {
            throw new ValidationException("retryOnConflict on " + entity.type() + " " + writes.keyText(itemKey) + ": the change set version "
                    + writes.version(changed).orElse(null) + " but the item read has " + writes.version(current).orElse(null)
                    + "; leave the version as read");
        }
        return plans.put(changed, EntityWrites.PutMode.REPLACE, Condition.none());
    }

    /**
     * After attempt {@code attempt} met a conflict: the nanoseconds to wait before the next one.
     *
     * @throws VersionConflictException when no attempt is left
     */
    public long conflicted(int attempt, VersionConflictException e) {
        if (e.mayHaveBeenApplied()) {
            // the SDK sent the put more than once: the conflict may be with our own applied write, and re-applying would count it twice
            throw new VersionConflictException("retryOnConflict on " + entity.type() + " " + writes.keyText(itemKey) + ": attempt "
                    + attempt + " was refused after the SDK had sent it more than once, so it may have been applied and its response "
                    + "lost; the change is not applied again (it could count twice): read the item to see whether it holds the change",
                    e.entityType(), "retryOnConflict", e.key(), e.expectedVersion(), e.storedVersion(), e.currentItem(),
                    e.currentEntity(), e);
        }
        if (attempt >= maxAttempts) {
            throw new VersionConflictException("retryOnConflict on " + entity.type() + " " + writes.keyText(itemKey) + " still conflicted after "
                    + maxAttempts + " attempts (" + e.getMessage() + "); the item is heavily contended: allow more attempts, or use an "
                    + "atomic update (add, conditions) instead of read-modify-write", e.entityType(), "retryOnConflict", e.key(),
                    e.expectedVersion(), e.storedVersion(), e.currentItem(), e.currentEntity(), e);
        }
        // full jitter, 1 ms doubling up to 100 ms: contenders spread out instead of colliding again
        long cap = Math.min(100_000L, 1_000L << Math.min(attempt, 10));
        return ThreadLocalRandom.current().nextLong(cap + 1) * 1_000L;
    }
}
