package dev.singletable.lambda;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts AWS Lambda's DynamoDB stream events ({@code aws-lambda-java-events}, which has a model of its own) exactly
 * into the SDK's stream {@link Record}s that {@link dev.singletable.changes.ChangeDecoder} decodes: every attribute
 * value type (S, N as its text, B and BS byte for byte, SS, NS, M and L nested to any depth, NULL, BOOL), the keys,
 * old and new images, event name, id, version, source and region, sequence number, approximate creation time, size,
 * stream view type and user identity; each record keeps its event source ARN, so that the decoder can check that it is
 * of the decoder's table. Only what the Lambda record sets is set; nothing is added, nothing dropped.
 *
 * <pre>{@code
 * ChangeDecoder<User> decoder = ChangeDecoder.of(Table.offline(SCHEMA), USER);
 * for (LambdaStreamRecord record : LambdaStreamRecords.of(event)) {            // event: the handler's DynamodbEvent
 *     Change<User> change = record.decode(decoder);                             // decode(sourceArn, record)
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link StreamChangeHandler} does this for a handler; use this class when a function handles its records itself.
 */
@Experimental
public final class LambdaStreamRecords {
    private LambdaStreamRecords() {
    }

    /** Every record of the event, in order, converted; an event without records gives an empty list. */
    public static List<LambdaStreamRecord> of(DynamodbEvent event) {
        NullArgumentException.check("LambdaStreamRecords.of", "event", event);
        List<DynamodbStreamRecord> records = event.getRecords() == null ? List.of() : event.getRecords();
        List<LambdaStreamRecord> converted = new ArrayList<>(records.size());
        for (DynamodbStreamRecord record : records) {
            converted.add(of(record));
        }
        return List.copyOf(converted);
    }

    /** One record of an event converted, with its event source ARN. */
    public static LambdaStreamRecord of(DynamodbStreamRecord record) {
        NullArgumentException.check("LambdaStreamRecords.of", "record", record);
        return new LambdaStreamRecord(record.getEventSourceARN(), toRecord(record));
    }

    /** A record of Lambda's model as the SDK's {@link Record}; the event source ARN, which the SDK's has not, is left out. */
    public static Record toRecord(com.amazonaws.services.lambda.runtime.events.models.dynamodb.Record record) {
        NullArgumentException.check("LambdaStreamRecords.toRecord", "record", record);
        Record.Builder builder = Record.builder()
                .eventID(record.getEventID())
                .eventName(record.getEventName())
                .eventVersion(record.getEventVersion())
                .eventSource(record.getEventSource())
                .awsRegion(record.getAwsRegion());
        if (record.getUserIdentity() != null) {
            builder.userIdentity(Identity.builder().principalId(record.getUserIdentity().getPrincipalId())
                    .type(record.getUserIdentity().getType()).build());
        }
        com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord data = record.getDynamodb();
        if (data != null) {
            StreamRecord.Builder stream = StreamRecord.builder()
                    .sequenceNumber(data.getSequenceNumber())
                    .sizeBytes(data.getSizeBytes())
                    .streamViewType(data.getStreamViewType());
            if (data.getApproximateCreationDateTime() != null) {
                stream.approximateCreationDateTime(data.getApproximateCreationDateTime().toInstant());
            }
            if (data.getKeys() != null) {
                stream.keys(toItem(data.getKeys()));
            }
            if (data.getOldImage() != null) {
                stream.oldImage(toItem(data.getOldImage()));
            }
            if (data.getNewImage() != null) {
                stream.newImage(toItem(data.getNewImage()));
            }
            builder.dynamodb(stream.build());
        }
        return builder.build();
    }

    /** An item (a key or an image) of Lambda's model as the SDK's, in the same order. */
    public static Map<String, AttributeValue> toItem(Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> item) {
        NullArgumentException.check("LambdaStreamRecords.toItem", "item", item);
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        item.forEach((name, value) -> converted.put(name, toAttributeValue(value)));
        return converted;
    }

    /**
     * One attribute value of Lambda's model as the SDK's: whichever member is set is set, numbers as their exact text,
     * binary values as the bytes from the buffer's position to its limit (the buffer itself is not moved).
     */
    public static AttributeValue toAttributeValue(com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue value) {
        NullArgumentException.check("LambdaStreamRecords.toAttributeValue", "value", value);
        AttributeValue.Builder builder = AttributeValue.builder();
        if (value.getS() != null) {
            builder.s(value.getS());
        }
        if (value.getN() != null) {
            builder.n(value.getN());
        }
        if (value.getB() != null) {
            builder.b(bytes(value.getB()));
        }
        if (value.getSS() != null) {
            builder.ss(value.getSS());
        }
        if (value.getNS() != null) {
            builder.ns(value.getNS());
        }
        if (value.getBS() != null) {
            builder.bs(value.getBS().stream().map(LambdaStreamRecords::bytes).toList());
        }
        if (value.getM() != null) {
            builder.m(toItem(value.getM()));
        }
        if (value.getL() != null) {
            builder.l(value.getL().stream().map(LambdaStreamRecords::toAttributeValue).toList());
        }
        if (value.getNULL() != null) {
            builder.nul(value.getNULL());
        }
        if (value.getBOOL() != null) {
            builder.bool(value.getBOOL());
        }
        return builder.build();
    }

    private static SdkBytes bytes(ByteBuffer buffer) {
        ByteBuffer view = buffer.duplicate();
        byte[] bytes = new byte[view.remaining()];
        view.get(bytes);
        return SdkBytes.fromByteArrayUnsafe(bytes);
    }
}
