package dev.singletable.changes;

import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * A record that could not be turned into a typed event, with the reason: reported so that it is never lost in silence,
 * and never fatal to the records around it. A Lambda handler reports it as a batch item failure, a reader hands it to
 * its consumer; either way {@link #message()} names table, key and what to do.
 *
 * <pre>{@code
 * case UndecodedChange<Object> undecoded -> log.warn("{}", undecoded.message());
 * // Stream record 4200 of table AppTable (created, key PK=USER#u1, SK=PROFILE): its entityType 'Robot' is none of
 * // the table's entity types [User, Group]; declare it, or check that the record is of this table
 * }</pre>
 *
 * @param <T> the decoder's type
 */
@Experimental
public final class UndecodedChange<T> extends RecordOutcome implements Change<T> {

    /** Why a record did not decode. */
    @Experimental
    public enum Reason {
        /** The record's event source ARN names another table. */
        OTHER_TABLE,
        /** The record's event name is none of INSERT, MODIFY and REMOVE. */
        UNKNOWN_EVENT,
        /** The image has no entity-type attribute (or not a string): not written by singletable, or the attribute is misnamed. */
        NO_ENTITY_TYPE,
        /** The image's entity type is not one the table declares. */
        UNKNOWN_ENTITY_TYPE,
        /** The image does not decode into its entity: a required attribute is missing (a truncated image) or of the wrong type. */
        UNDECODABLE_IMAGE
    }

    private final Reason reason;
    private final String detail;
    private final Map<String, AttributeValue> item;

    UndecodedChange(RecordFacts facts, Reason reason, String detail, Map<String, AttributeValue> item) {
        super(facts);
        this.reason = reason;
        this.detail = detail;
        this.item = item;
    }

    public Reason reason() {
        return reason;
    }

    /** What went wrong, where (table, record, key) and the fix, in one sentence. */
    public String message() {
        return facts.describe() + ": " + detail;
    }

    /** The image that did not decode (the new one when the record has both), when the record has one. */
    public Optional<Map<String, AttributeValue>> item() {
        return Optional.ofNullable(item);
    }

    @Override
    public String toString() {
        return "UndecodedChange[" + reason + ": " + message() + "]";
    }
}
