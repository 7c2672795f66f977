package dev.singletable.changes;

import dev.singletable.Experimental;

/**
 * What happened to an item, as a DynamoDB Streams record tells it: its {@code eventName}, and for a removal, its user
 * identity (DynamoDB's TTL process removes expired items as principal {@code dynamodb.amazonaws.com}, type
 * {@code Service}).
 *
 * <pre>{@code
 * switch (event.kind()) {
 *     case CREATED, MODIFIED -> index(event.newImage().orElseThrow());
 *     case REMOVED, EXPIRED -> unindex(event.key());
 * }
 * }</pre>
 */
@Experimental
public enum ChangeKind {
    /** An item was written where there was none ({@code INSERT}). */
    CREATED,
    /** An existing item was replaced or updated ({@code MODIFY}). */
    MODIFIED,
    /** An item was deleted by a request ({@code REMOVE}). */
    REMOVED,
    /** An item was deleted by DynamoDB's TTL process ({@code REMOVE} by the service principal). */
    EXPIRED;

    /** True for {@link #REMOVED} and {@link #EXPIRED}: the item is gone. */
    public boolean isRemoval() {
        return this == REMOVED || this == EXPIRED;
    }
}
