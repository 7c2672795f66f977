package dev.singletable.internal.table;

import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.RequestThrottledException;
import dev.singletable.SingleTableException;
import org.junit.jupiter.api.Test;
import dev.singletable.extension.RequestEvent;
import org.apache.http.conn.ConnectTimeoutException;
import org.apache.http.conn.ConnectionPoolTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.handler.timeout.WriteTimeoutException;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** What a failed request tells the caller about the write: applied for sure not, or perhaps. */
class RequestRunnerFailuresTest {
    private final RequestRunner runner = new RequestRunner("AppTable", List.of());

    private SingleTableException failing(DynamoOperation<?, ?> operation, SdkException failure) {
        return catchThrowableOfType(SingleTableException.class, () -> runner.send(operation, Optional.empty(), "Order",
                Map.of("PK", "CUSTOMER#C1"), () -> {
                    throw failure;
                }, RequestRunner.Outcome.of(response -> 1, response -> null)));
    }

    private static DynamoDbException service(DynamoDbException.Builder builder, int status, String code, Integer attempts) {
        return (DynamoDbException) builder.statusCode(status).numAttempts(attempts)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage("it failed").build()).build();
    }

    @Test
    void send_whenAWriteIsThrottledOnItsOnlyAttempt_saysNothingWasWritten() {
        SingleTableException e = failing(DynamoOperation.PUT_ITEM, service(ProvisionedThroughputExceededException.builder(), 400,
                "ProvisionedThroughputExceededException", 1));

        assertThat(e).isInstanceOf(RequestThrottledException.class).hasMessage("DynamoDB throttled PutItem of Order "
                + "{PK=CUSTOMER#C1} in table AppTable: ProvisionedThroughputExceededException: it failed (after its only attempt); "
                + "nothing was written. Retry with backoff later; if it keeps happening, raise the table's or index's capacity or "
                + "use on-demand, and if only some keys are throttled, their partition is hot: spread the writes over more keys");
        assertThat(e.mayHaveBeenApplied()).isFalse();
    }

    @Test
    void send_whenAWriteGetsA500_saysItMayHaveBeenApplied() {
        SingleTableException e = failing(DynamoOperation.UPDATE_ITEM, service(DynamoDbException.builder(), 500, "InternalServerError", 1));

        assertThat(e).hasMessage("DynamoDB refused UpdateItem of Order {PK=CUSTOMER#C1} in table AppTable: "
                + "InternalServerError: it failed; it may have been applied all the same (a response lost, timed out or a 5xx, here or "
                + "on an attempt the SDK retried): send it again only if it is idempotent, else read the item first");
        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    @Test
    void send_whenAPartiqlWriteGetsA500_saysItMayHaveBeenAppliedWhereTheSameOperationAsASelectSaysNothing() {
        DynamoDbException failure = service(DynamoDbException.builder(), 500, "InternalServerError", 1);

        SingleTableException write = failing(DynamoOperation.EXECUTE_WRITE_STATEMENT, failure);
        SingleTableException select = failing(DynamoOperation.EXECUTE_STATEMENT, failure);

        assertThat(write).hasMessage("DynamoDB refused ExecuteStatement of Order {PK=CUSTOMER#C1} in table AppTable: "
                + "InternalServerError: it failed; it may have been applied all the same (a response lost, timed out or a 5xx, here or "
                + "on an attempt the SDK retried): send it again only if it is idempotent, else read the item first");
        assertThat(write.mayHaveBeenApplied()).isTrue();
        assertThat(select).hasMessage("DynamoDB refused ExecuteStatement of Order {PK=CUSTOMER#C1} in table AppTable: "
                + "InternalServerError: it failed");
        assertThat(select.mayHaveBeenApplied()).isFalse();
    }

    @Test
    void send_whenAWriteTimesOut_saysItMayHaveBeenApplied() {
        SingleTableException e = failing(DynamoOperation.DELETE_ITEM, ApiCallAttemptTimeoutException.builder().message("timed out").build());

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
        SingleTableException e = failing(DynamoOperation.TRANSACT_WRITE_ITEMS, after(service(DynamoDbException.builder(), 400, "ThrottlingException", 3),
                "throttled (Service: DynamoDb, Status Code: 400, Request ID: R1)",
                "too fast (Service: DynamoDb, Status Code: 400, Request ID: R2)"));

        assertThat(e.mayHaveBeenApplied()).isFalse();
    }

    @Test
    void send_whenAnEarlierAttemptTimedOut_saysItMayHaveBeenApplied() {
        SingleTableException e = failing(DynamoOperation.TRANSACT_WRITE_ITEMS, after(service(DynamoDbException.builder(), 400, "ThrottlingException", 3),
                "HTTP request execution did not complete before the specified timeout configuration: 500 millis",
                "throttled (Service: DynamoDb, Status Code: 400, Request ID: R2)"));

        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    @Test
    void send_whenEarlierAttemptsAreNotTold_saysItMayHaveBeenApplied() {
        SingleTableException e = failing(DynamoOperation.PUT_ITEM, service(DynamoDbException.builder(), 400, "ThrottlingException", 3));

        assertThat(e.mayHaveBeenApplied()).isTrue();
    }

    @Test
    void send_whenAConditionFailsAfterAnAttemptThatMayHaveLanded_saysTheWriteMayHaveBeenItsOwn() {
        SingleTableException first = failing(DynamoOperation.PUT_ITEM, service(ConditionalCheckFailedException.builder(), 400,
                "ConditionalCheckFailedException", 1));
        SingleTableException afterThrottling = failing(DynamoOperation.PUT_ITEM, after(service(ConditionalCheckFailedException.builder(), 400,
                "ConditionalCheckFailedException", 2), "throttled (Service: DynamoDb, Status Code: 400, Request ID: R1)"));
        SingleTableException afterA500 = failing(DynamoOperation.PUT_ITEM, after(service(ConditionalCheckFailedException.builder(), 400,
                "ConditionalCheckFailedException", 2), "failed (Service: DynamoDb, Status Code: 500, Request ID: R1)"));

        assertThat(List.of(first, afterThrottling, afterA500))
                .allSatisfy(e -> assertThat(e).isExactlyInstanceOf(ConditionFailedException.class));
        assertThat(List.of(first.mayHaveBeenApplied(), afterThrottling.mayHaveBeenApplied(), afterA500.mayHaveBeenApplied()))
                .containsExactly(false, false, true);
    }

    @Test
    void send_whenAReadFails_neverSaysApplied() {
        SingleTableException e = failing(DynamoOperation.GET_ITEM, SdkClientException.builder().message("connection reset").numAttempts(3).build());

        assertThat(e).hasMessage("GetItem of Order {PK=CUSTOMER#C1} in table AppTable failed on its way to or from "
                + "DynamoDB: connection reset (SDK Attempt Count: 3); check the endpoint, region and credentials if it keeps failing");
        assertThat(e.mayHaveBeenApplied()).isFalse();
    }

    /** Issue 35: under wire faults some failures said "...DynamoDB: null"; a failure without text names its causes. */
    @Test
    void send_whenTheFailureHasNoMessage_namesItsCausesInstead() {
        SingleTableException bare = failing(DynamoOperation.GET_ITEM, SdkClientException.builder().cause(new java.net.SocketException()).build());
        SingleTableException texted = failing(DynamoOperation.GET_ITEM, SdkClientException.builder()
                .cause(new java.io.IOException(new java.net.SocketException("Broken pipe"))).build());

        assertThat(bare.getMessage()).doesNotContain("null").contains("failed on its way to or from DynamoDB: ")
                .contains("SocketException");
        assertThat(texted.getMessage()).doesNotContain(": null").contains("Broken pipe");
    }

    /** A 5xx whose body had no error code (seen under wire faults): named by its status, never "null". */
    @Test
    void send_whenTheErrorResponseHasNoCode_namesItsStatus() {
        DynamoDbException bare = (DynamoDbException) DynamoDbException.builder().statusCode(500)
                .awsErrorDetails(software.amazon.awssdk.awscore.exception.AwsErrorDetails.builder().build()).build();

        SingleTableException e = failing(DynamoOperation.UPDATE_ITEM, bare);

        assertThat(e.getMessage()).doesNotContain("null")
                .contains("DynamoDB refused UpdateItem of Order {PK=CUSTOMER#C1} in table AppTable: HTTP 500 without an error code: no message");
        assertThat(((dev.singletable.DynamoDbRequestException) e).errorCode()).isEqualTo("(unknown)");
    }

    /** An engine without DynamoDB Streams answers its operations as one without transactions answers TransactWriteItems. */
    @Test
    void unsupported_whenAStreamsOperationIsAnsweredUnknownOperation_namesOperationEndpointAndConsequence() {
        DynamoDbException unknown = service(DynamoDbException.builder(), 400, "UnknownOperationException", 1);
        DynamoDbException refused = service(DynamoDbException.builder(), 400, "ValidationException", 1);

        Optional<dev.singletable.UnsupportedByEngineException> lacking = RequestRunner.unsupported(DynamoOperation.LIST_STREAMS,
                () -> "http://127.0.0.1:4567", unknown);

        assertThat(lacking).get().satisfies(e -> {
            assertThat(e.operation()).isEqualTo("ListStreams");
            assertThat(e.endpoint()).isEqualTo("http://127.0.0.1:4567");
            assertThat(e).hasMessage("ListStreams is not supported by the engine at http://127.0.0.1:4567 (UnknownOperationException): "
                    + "reading a table's stream (ChangeReader) cannot run there; use Amazon DynamoDB or Dynoxide").hasCause(unknown);
        });
        assertThat(RequestRunner.unsupported(DynamoOperation.LIST_STREAMS, () -> "http://127.0.0.1:4567", refused)).isEmpty();
    }

    /** A setting refused before sending, whose class name happens to hold "Timeout": no timeout of a request. */
    private static final class TimeoutSettingRejectedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimeoutSettingRejectedException() {
            super("apiCallTimeout must be positive");
        }
    }

    @Test
    void errorCode_whenAnHttpClientTimesOutOrFails_namesItByTheExceptionsType() {
        Map<Throwable, String> codes = new LinkedHashMap<>();
        // the Apache client's, wrapped as the SDK wraps them: each an InterruptedIOException
        codes.put(SdkClientException.create("Unable to execute HTTP request: Connect to localhost:8000 failed: connect timed out",
                new ConnectTimeoutException("Connect to localhost:8000 failed: connect timed out")), RequestEvent.CLIENT_TIMEOUT);
        codes.put(SdkClientException.create("Unable to execute HTTP request: Timeout waiting for connection from pool",
                new ConnectionPoolTimeoutException("Timeout waiting for connection from pool")), RequestEvent.CLIENT_TIMEOUT);
        codes.put(SdkClientException.create("Unable to execute HTTP request: Read timed out", new SocketTimeoutException("Read timed out")),
                RequestEvent.CLIENT_TIMEOUT);
        // the Netty client's, known by name: the SDK wraps a read timeout in a plain IOException first
        codes.put(SdkClientException.create("Unable to execute HTTP request: Read timed out",
                new IOException("Read timed out", ReadTimeoutException.INSTANCE)), RequestEvent.CLIENT_TIMEOUT);
        codes.put(SdkClientException.create("Unable to execute HTTP request: Write timed out",
                new IOException("Write timed out", WriteTimeoutException.INSTANCE)), RequestEvent.CLIENT_TIMEOUT);
        codes.put(SdkClientException.create("Unable to execute HTTP request: connection timed out: localhost/127.0.0.1:8000",
                new io.netty.channel.ConnectTimeoutException("connection timed out: localhost/127.0.0.1:8000")), RequestEvent.CLIENT_TIMEOUT);
        // an interrupted thread: the Apache client's InterruptedIOException under the SDK's AbortedException is no timeout
        codes.put(AbortedException.builder().message("Thread was interrupted").cause(new InterruptedIOException("Connection has been shut down"))
                .build(), RequestEvent.CLIENT_ERROR);
        codes.put(SdkClientException.create("Unable to execute HTTP request: Connection refused", new ConnectException("Connection refused")),
                RequestEvent.NETWORK_ERROR);
        // a name with "Timeout" in it no longer makes a timeout
        codes.put(new TimeoutSettingRejectedException(), RequestEvent.CLIENT_ERROR);

        Map<Throwable, String> named = new LinkedHashMap<>();
        codes.keySet().forEach(failure -> named.put(failure, RequestRunner.errorCode(failure)));

        assertThat(named).isEqualTo(codes);
    }

    @Test
    void errorCodeOf_whenGivenNull_refusesItNamingTheParameter() {
        assertThat(catchThrowableOfType(dev.singletable.NullArgumentException.class, () -> RequestEvent.errorCodeOf(null)))
                .hasMessage("RequestEvent.errorCodeOf(failure): failure is null; give the exception the request failed with");
    }
}
