package dev.singletable.lambda;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.Record;

import java.nio.ByteBuffer;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The other way, for the tests: the SDK's stream records in Lambda's model, as Lambda would deliver them. */
final class LambdaModel {
    private LambdaModel() {
    }

    static DynamodbEvent event(String sourceArn, List<Record> records) {
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records.stream().map(record -> record(sourceArn, record)).toList());
        return event;
    }

    static DynamodbStreamRecord record(String sourceArn, Record record) {
        DynamodbStreamRecord lambda = new DynamodbStreamRecord();
        lambda.setEventSourceARN(sourceArn);
        lambda.setEventID(record.eventID());
        lambda.setEventName(record.eventNameAsString());
        lambda.setEventVersion(record.eventVersion());
        lambda.setEventSource(record.eventSource());
        lambda.setAwsRegion(record.awsRegion());
        if (record.userIdentity() != null) {
            lambda.setUserIdentity(new Identity().withPrincipalId(record.userIdentity().principalId()).withType(record.userIdentity().type()));
        }
        if (record.dynamodb() != null) {
            var data = record.dynamodb();
            StreamRecord stream = new StreamRecord().withSequenceNumber(data.sequenceNumber()).withSizeBytes(data.sizeBytes());
            if (data.streamViewTypeAsString() != null) {
                stream.setStreamViewType(com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType
                        .fromValue(data.streamViewTypeAsString()));
            }
            if (data.approximateCreationDateTime() != null) {
                stream.setApproximateCreationDateTime(Date.from(data.approximateCreationDateTime()));
            }
            if (data.hasKeys()) {
                stream.setKeys(item(data.keys()));
            }
            if (data.hasOldImage()) {
                stream.setOldImage(item(data.oldImage()));
            }
            if (data.hasNewImage()) {
                stream.setNewImage(item(data.newImage()));
            }
            lambda.setDynamodb(stream);
        }
        return lambda;
    }

    static Map<String, AttributeValue> item(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        item.forEach((name, value) -> converted.put(name, value(value)));
        return converted;
    }

    static AttributeValue value(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        AttributeValue lambda = new AttributeValue();
        if (value.s() != null) {
            lambda.setS(value.s());
        }
        if (value.n() != null) {
            lambda.setN(value.n());
        }
        if (value.b() != null) {
            lambda.setB(ByteBuffer.wrap(value.b().asByteArray()));
        }
        if (value.hasSs()) {
            lambda.setSS(value.ss());
        }
        if (value.hasNs()) {
            lambda.setNS(value.ns());
        }
        if (value.hasBs()) {
            lambda.setBS(value.bs().stream().map(bytes -> ByteBuffer.wrap(bytes.asByteArray())).toList());
        }
        if (value.hasM()) {
            lambda.setM(item(value.m()));
        }
        if (value.hasL()) {
            lambda.setL(value.l().stream().map(LambdaModel::value).toList());
        }
        if (value.nul() != null) {
            lambda.setNULL(value.nul());
        }
        if (value.bool() != null) {
            lambda.setBOOL(value.bool());
        }
        return lambda;
    }
}
