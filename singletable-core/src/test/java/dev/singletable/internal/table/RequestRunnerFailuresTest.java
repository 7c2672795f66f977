package dev.singletable.internal.table;

import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.SingleTableException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** What a failed request tells the caller about the write: applied for sure not, or perhaps. */
class RequestRunnerFailuresTest {
    private final RequestRunner runner = new RequestRunner("AppTable", List.of());

    private SingleTableException failing(String operation, SdkException failure) {
        return catchThrowableOfType(SingleTableException.class, () -> runner.send(operation, Optional.empty(), "Order",
                Map.of("PK", "CUSTOMER#C1"), () -> {
                    throw failure;
                }, new RequestRunner.Outcome<Object>() {
                    @Override
                    public int itemCount(Object response) {
                        return 1;
                    }

                    @Override
                    public software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity(Object response) {
                        return null;
                    }
                }));
    }

    private static DynamoDbException service(DynamoDbException.Builder builder, int status, String code, Integer attempts) {
        return (DynamoDbException) builder.statusCode(status).numAttempts(attempts)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage("it failed").build()).build();
    }

    @Test
    void send_whenAWriteIsThrottledOnItsOnlyAttempt_saysNothingWasWritten() {
        SingleTableException e = failing("PutItem", service(ProvisionedThroughputExceededException.builder(), 400,
                "ProvisionedThroughputExceededException", 1));

        assertThat(e).isInstanceOf(DynamoDbRequestException.class).hasMessage("DynamoDB refused PutItem of Order "
                + "{PK=CUSTOMER#C1} in table AppTable: ProvisionedThroughputExceededException: it failed; nothing was written");
        assertThat(e.mayHaveBeenApplied()).isFalse();
    }

    @Test
    void send_whenAWriteGetsA500_saysItMayHaveBeenApplied() {
        SingleTableException e = failing("UpdateItem", service(DynamoDbException.builder(), 500, "InternalServerError", 1));

        assertThat(e).hasMessage("DynamoDB refused UpdateItem of Order {PK=CUSTOMER#C1} in table AppTable: "
                + "InternalServerError: it failed; it may have been applied all the same (a response lost, timed out or a 5xx, here or "
                + "on an attempt the SDK retried): send it again only if it is idempotent, else read the item first");
        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    @Test
    void send_whenAWriteTimesOut_saysItMayHaveBeenApplied() {
        SingleTableException e = failing("DeleteItem", ApiCallAttemptTimeoutException.builder().message("timed out").build());

        assertThat(e).isInstanceOf(DynamoDbRequestException.class);
        assertThat(((DynamoDbRequestException) e).errorCode()).isEqualTo("(client)");
        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    private static <E extends Throwable> E after(E last, String... earlierAttempts) {
        for (int i = 0; i < earlierAttempts.length; i++) {
            last.addSuppressed(SdkClientException.create("Request attempt " + (i + 1) + " failure: " + earlierAttempts[i]));
        }
        return last;
    }

    @Test
    void send_whenEveryAttemptWasRefusedWithA4xx_saysNothingWasWritten() {
        SingleTableException e = failing("TransactWriteItems", after(service(DynamoDbException.builder(), 400, "ThrottlingException", 3),
                "throttled (Service: DynamoDb, Status Code: 400, Request ID: R1)",
                "too fast (Service: DynamoDb, Status Code: 400, Request ID: R2)"));

        assertThat(e.mayHaveBeenApplied()).isFalse();
    }

    @Test
    void send_whenAnEarlierAttemptTimedOut_saysItMayHaveBeenApplied() {
        SingleTableException e = failing("TransactWriteItems", after(service(DynamoDbException.builder(), 400, "ThrottlingException", 3),
                "HTTP request execution did not complete before the specified timeout configuration: 500 millis",
                "throttled (Service: DynamoDb, Status Code: 400, Request ID: R2)"));

        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    @Test
    void send_whenEarlierAttemptsAreNotTold_saysItMayHaveBeenApplied() {
        SingleTableException e = failing("PutItem", service(DynamoDbException.builder(), 400, "ThrottlingException", 3));

        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    @Test
    void send_whenAConditionFailsAfterAnAttemptThatMayHaveLanded_saysTheWriteMayHaveBeenItsOwn() {
        SingleTableException first = failing("PutItem", service(ConditionalCheckFailedException.builder(), 400,
                "ConditionalCheckFailedException", 1));
        SingleTableException afterThrottling = failing("PutItem", after(service(ConditionalCheckFailedException.builder(), 400,
                "ConditionalCheckFailedException", 2), "throttled (Service: DynamoDb, Status Code: 400, Request ID: R1)"));
        SingleTableException afterA500 = failing("PutItem", after(service(ConditionalCheckFailedException.builder(), 400,
                "ConditionalCheckFailedException", 2), "failed (Service: DynamoDb, Status Code: 500, Request ID: R1)"));

        assertThat(List.of(first, afterThrottling, afterA500))
                .allSatisfy(e -> assertThat(e).isExactlyInstanceOf(ConditionFailedException.class));
        assertThat(List.of(first.mayHaveBeenApplied(), afterThrottling.mayHaveBeenApplied(), afterA500.mayHaveBeenApplied()))
                .containsExactly(false, false, true);
    }

    @Test
    void send_whenAReadFails_neverSaysApplied() {
        SingleTableException e = failing("GetItem", SdkClientException.builder().message("connection reset").numAttempts(3).build());

        assertThat(e).hasMessage("GetItem of Order {PK=CUSTOMER#C1} in table AppTable failed on its way to or from "
                + "DynamoDB: connection reset (SDK Attempt Count: 3); check the endpoint, region and credentials if it keeps failing");
        assertThat(e.mayHaveBeenApplied()).isFalse();
    }
}
