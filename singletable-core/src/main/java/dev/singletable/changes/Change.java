package dev.singletable.changes;

import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One DynamoDB Streams record of a table, decoded: a typed {@link ChangeEvent}, or one of the outcomes that say why a
 * record carries no entity to decode. Every record becomes exactly one of these; none is dropped and none fails the
 * rest of a batch. The interface is sealed, so a pattern {@code switch} (Java 21) covers every case, and so do
 * {@code instanceof} tests on Java 17:
 *
 * <pre>{@code
 * for (Change<UserItems> change : decoder.decode(records)) {        // Java 21
 *     switch (change) {
 *         case ChangeEvent<UserItems> event -> apply(event);
 *         case KeysOnlyChange<UserItems> keys -> refetch(keys.key());
 *         case IgnoredChange<UserItems> ignored -> { }                       // another entity type of the table
 *         case UndecodedChange<UserItems> undecoded -> log.warn(undecoded.message());
 *     }
 * }
 * }</pre>
 *
 * @param <T> the type of the decoded entities: one entity's class, or a collection's common (sealed) type
 */
@Experimental
public sealed interface Change<T> permits ChangeEvent, KeysOnlyChange, IgnoredChange, UndecodedChange {

    /** The table the record is of (from its event source ARN; the decoder's table when the record names none). */
    String table();

    /** Created, modified, removed or expired. */
    ChangeKind kind();

    /** The item's primary key attributes, as stored. */
    Map<String, AttributeValue> key();

    /** The key as text for messages and logs, such as {@code PK=USER#u1, SK=PROFILE}. */
    String keyText();

    /**
     * The record's sequence number, unique in its shard and increasing within it: what a checkpoint stores, and what
     * makes a handler idempotent under replay.
     */
    String sequenceNumber();

    /** When DynamoDB wrote the record, to the second or better; empty when the record does not say. */
    Optional<Instant> approximateTime();

    /** The stream's view type: which images the record carries. */
    StreamViewType viewType();
}
