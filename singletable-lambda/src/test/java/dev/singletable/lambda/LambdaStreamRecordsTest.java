package dev.singletable.lambda;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.OperationType;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import dev.singletable.NullArgumentException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.Record;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Lambda's model converted to the SDK's, member by member. */
class LambdaStreamRecordsTest {
    private static final String ARN = "arn:aws:dynamodb:eu-west-1:123456789012:table/AppTable/stream/2026-01-01T00:00:00.000";

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue.Builder sdk() {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
    }

    @Test
    void toAttributeValue_whenEachTypeIsGiven_givesTheSdksValueExactly() {
        Map<String, AttributeValue> nested = new LinkedHashMap<>();
        nested.put("inner", new AttributeValue().withL(List.of(new AttributeValue().withN("1e3"),
                new AttributeValue().withM(Map.of("deep", new AttributeValue().withBOOL(false))))));
        ByteBuffer sliced = ByteBuffer.wrap(new byte[] {9, 0, 1, (byte) 0xff, 9}, 1, 3);

        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withS("Ada"))).isEqualTo(sdk().s("Ada").build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withN("12345678901234567890.000000000000000000001")))
                .isEqualTo(sdk().n("12345678901234567890.000000000000000000001").build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withN("-0.50")).n()).isEqualTo("-0.50");
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withB(sliced)))
                .isEqualTo(sdk().b(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 0xff})).build());
        assertThat(sliced.position()).as("the buffer is not moved").isEqualTo(1);
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withSS("a", "b"))).isEqualTo(sdk().ss("a", "b").build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withNS("1", "2.50", "-3")))
                .isEqualTo(sdk().ns("1", "2.50", "-3").build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withBS(ByteBuffer.wrap(new byte[] {1}), ByteBuffer.wrap(new byte[0]))))
                .isEqualTo(sdk().bs(SdkBytes.fromByteArray(new byte[] {1}), SdkBytes.fromByteArray(new byte[0])).build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withM(nested))).isEqualTo(sdk().m(Map.of("inner", sdk().l(
                sdk().n("1e3").build(), sdk().m(Map.of("deep", sdk().bool(false).build())).build()).build())).build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withL(List.of())))
                .isEqualTo(sdk().l(List.<software.amazon.awssdk.services.dynamodb.model.AttributeValue>of()).build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withNULL(true))).isEqualTo(sdk().nul(true).build());
        assertThat(LambdaStreamRecords.toAttributeValue(new AttributeValue().withBOOL(true))).isEqualTo(sdk().bool(true).build());
    }

    @Test
    void of_whenARecordHasEveryMember_convertsEachAndKeepsTheSourceArn() {
        DynamodbStreamRecord lambda = new DynamodbStreamRecord();
        lambda.setEventSourceARN(ARN);
        lambda.setEventID("e1");
        lambda.setEventName(OperationType.REMOVE);
        lambda.setEventVersion("1.1");
        lambda.setEventSource("aws:dynamodb");
        lambda.setAwsRegion("eu-west-1");
        lambda.setUserIdentity(new Identity().withPrincipalId("dynamodb.amazonaws.com").withType("Service"));
        lambda.setDynamodb(new StreamRecord()
                .withApproximateCreationDateTime(Date.from(Instant.parse("2026-11-29T07:00:01Z")))
                .withKeys(Map.of("PK", new AttributeValue("USER#u1")))
                .withOldImage(Map.of("PK", new AttributeValue("USER#u1"), "age", new AttributeValue().withN("42")))
                .withNewImage(Map.of("PK", new AttributeValue("USER#u1")))
                .withSequenceNumber("4200")
                .withSizeBytes(77L)
                .withStreamViewType(StreamViewType.NEW_AND_OLD_IMAGES));
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(List.of(lambda));

        List<LambdaStreamRecord> records = LambdaStreamRecords.of(event);

        Record expected = Record.builder().eventID("e1").eventName("REMOVE").eventVersion("1.1").eventSource("aws:dynamodb")
                .awsRegion("eu-west-1")
                .userIdentity(software.amazon.awssdk.services.dynamodb.model.Identity.builder().principalId("dynamodb.amazonaws.com").type("Service").build())
                .dynamodb(software.amazon.awssdk.services.dynamodb.model.StreamRecord.builder()
                        .approximateCreationDateTime(Instant.parse("2026-11-29T07:00:01Z"))
                        .keys(Map.of("PK", sdk().s("USER#u1").build()))
                        .oldImage(Map.of("PK", sdk().s("USER#u1").build(), "age", sdk().n("42").build()))
                        .newImage(Map.of("PK", sdk().s("USER#u1").build()))
                        .sequenceNumber("4200").sizeBytes(77L).streamViewType("NEW_AND_OLD_IMAGES").build())
                .build();
        assertThat(records).hasSize(1);
        assertThat(records.get(0).record()).isEqualTo(expected);
        assertThat(records.get(0).eventSourceArn()).contains(ARN);
        assertThat(records.get(0).sequenceNumber()).contains("4200");
    }

    @Test
    void of_whenARecordSetsLittle_setsNothingMore() {
        DynamodbStreamRecord lambda = new DynamodbStreamRecord();
        lambda.setEventName("INSERT");
        lambda.setDynamodb(new StreamRecord().withKeys(Map.of("PK", new AttributeValue("A"))));

        LambdaStreamRecord record = LambdaStreamRecords.of(lambda);

        assertThat(record.record()).isEqualTo(Record.builder().eventName("INSERT").dynamodb(
                software.amazon.awssdk.services.dynamodb.model.StreamRecord.builder().keys(Map.of("PK", sdk().s("A").build())).build()).build());
        assertThat(record.record().dynamodb().hasOldImage()).isFalse();
        assertThat(record.record().dynamodb().hasNewImage()).isFalse();
        assertThat(record.eventSourceArn()).isEmpty();
        assertThat(record.sequenceNumber()).isEmpty();
        assertThat(LambdaStreamRecords.of(new DynamodbEvent())).isEmpty();
    }

    @Test
    void of_whenGivenNull_refusesNamingTheArgument() {
        assertThatThrownBy(() -> LambdaStreamRecords.of((DynamodbEvent) null)).isInstanceOf(NullArgumentException.class)
                .hasMessageContaining("LambdaStreamRecords.of").hasMessageContaining("event");
    }
}
