package dev.singletable.changes;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The answers every {@link Change} gives from its record's facts, written once for the four outcomes. Package-private:
 * the outcomes stay final classes that implement the sealed {@link Change}, whose contract these methods fulfil.
 */
abstract class RecordOutcome {
    final RecordFacts facts;

    RecordOutcome(RecordFacts facts) {
        this.facts = facts;
    }

    /** The table the record is of (from its event source ARN; the decoder's table when the record names none). */
    public final String table() {
        return facts.table();
    }

    /** Created, modified, removed or expired. */
    public final ChangeKind kind() {
        return facts.kind();
    }

    /** The item's primary key attributes, as stored. */
    public final Map<String, AttributeValue> key() {
        return facts.key();
    }

    /** The key as text for messages and logs, such as {@code PK=USER#u1, SK=PROFILE}. */
    public final String keyText() {
        return facts.keyText();
    }

    /** The record's sequence number, unique in its shard and increasing within it. */
    public final String sequenceNumber() {
        return facts.sequenceNumber();
    }

    /** When DynamoDB wrote the record, to the second or better; empty when the record does not say. */
    public final Optional<Instant> approximateTime() {
        return facts.approximateTime();
    }

    /** The stream's view type: which images the record carries. */
    public final StreamViewType viewType() {
        return facts.viewType();
    }
}
