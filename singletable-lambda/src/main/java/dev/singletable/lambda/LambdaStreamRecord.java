package dev.singletable.lambda;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeDecoder;
import software.amazon.awssdk.services.dynamodb.model.Record;

import java.util.Objects;
import java.util.Optional;

/**
 * One record of a Lambda function's DynamoDB stream event, converted to the SDK's {@link Record}, with the event
 * source ARN the SDK's record has no place for (made by {@link LambdaStreamRecords#of}).
 *
 * <pre>{@code
 * LambdaStreamRecord record = LambdaStreamRecords.of(event).get(0);
 * Change<User> change = record.decode(decoder);     // UndecodedChange OTHER_TABLE when the ARN names another table
 * String failed = record.sequenceNumber();          // what a batch item failure names
 * }</pre>
 */
@Experimental
public final class LambdaStreamRecord {
    private final String eventSourceArn;
    private final Record record;

    LambdaStreamRecord(String eventSourceArn, Record record) {
        this.eventSourceArn = eventSourceArn;
        this.record = record;
    }

    /** The stream's ARN, such as {@code arn:aws:dynamodb:eu-west-1:123456789012:table/AppTable/stream/2026-01-01T00:00:00.000}. */
    public Optional<String> eventSourceArn() {
        return Optional.ofNullable(eventSourceArn);
    }

    /** The record in the SDK's model. */
    public Record record() {
        return record;
    }

    /** The record's sequence number, what a batch item failure reports; empty when the record has none. */
    public Optional<String> sequenceNumber() {
        return Optional.ofNullable(record.dynamodb()).map(data -> data.sequenceNumber());
    }

    /** The record decoded, checked against the decoder's table by its event source ARN when it has one. */
    public <T> Change<T> decode(ChangeDecoder<T> decoder) {
        NullArgumentException.check("LambdaStreamRecord.decode", "decoder", decoder);
        return eventSourceArn == null ? decoder.decode(record) : decoder.decode(eventSourceArn, record);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LambdaStreamRecord that && Objects.equals(eventSourceArn, that.eventSourceArn) && record.equals(that.record);
    }

    @Override
    public int hashCode() {
        return Objects.hash(eventSourceArn, record);
    }

    @Override
    public String toString() {
        return "LambdaStreamRecord[" + eventSourceArn + ", " + record + "]";
    }
}
