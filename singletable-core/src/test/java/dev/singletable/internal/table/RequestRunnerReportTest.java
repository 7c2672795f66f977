package dev.singletable.internal.table;

import dev.singletable.DynamoDbRequestException;
import dev.singletable.extension.RequestEvent;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A request's key text is for messages only: rendered when a failure or the debug log needs it, and a request
 * nothing reports on (no listener, debug log off) is neither measured nor reported. A failed request is reported
 * too, once, before its exception reaches the caller, with a stable error code. (The failures of real requests on
 * DynamoDB Local are in singletable-tests' {@code RequestListenerFailuresTest}.)
 */
class RequestRunnerReportTest {
    private static final RequestRunner.Outcome<String> ONE_ITEM = RequestRunner.Outcome.of(response -> 1,
            response -> ConsumedCapacity.builder().capacityUnits(0.5).build());

    private final AtomicInteger rendered = new AtomicInteger();
    private final Supplier<Map<String, String>> key = () -> {
        rendered.incrementAndGet();
        return Map.of("PK", "CUSTOMER#C1");
    };

    @Test
    void outcomeText_whenOneItem_saysItemInTheSingular() {
        assertThat(RequestRunner.outcomeText(1, 0.5, java.time.Duration.ofMillis(3))).isEqualTo("1 item, 0.5 capacity units, 3 ms");
    }

    @Test
    void outcomeText_whenSeveralOrNoItems_saysItems() {
        assertThat(RequestRunner.outcomeText(12, 1.5, java.time.Duration.ofMillis(40))).isEqualTo("12 items, 1.5 capacity units, 40 ms");
        assertThat(RequestRunner.outcomeText(0, 0.0, java.time.Duration.ZERO)).isEqualTo("0 items, 0.0 capacity units, 0 ms");
    }

    @Test
    void send_whenItSucceedsAndNothingReports_neverRendersTheKey() {
        RequestRunner runner = new RequestRunner("AppTable", List.of(), () -> "here", () -> false);

        String response = runner.send(DynamoOperation.GET_ITEM, Optional.empty(), "Order", key, () -> "item", ONE_ITEM);

        assertThat(response).isEqualTo("item");
        assertThat(rendered).hasValue(0);
    }

    @Test
    void send_whenItFails_rendersTheKeyIntoTheMessage() {
        RequestRunner runner = new RequestRunner("AppTable", List.of(), () -> "here", () -> false);

        DynamoDbRequestException failure = catchThrowableOfType(DynamoDbRequestException.class, () -> runner.send(DynamoOperation.GET_ITEM,
                Optional.empty(), "Order", key, () -> {
                    throw SdkClientException.create("connection reset");
                }, ONE_ITEM));

        assertThat(failure).hasMessage("GetItem of Order {PK=CUSTOMER#C1} in table AppTable failed on its way to or from DynamoDB: "
                + "connection reset; check the endpoint, region and credentials if it keeps failing");
        assertThat(rendered).hasValue(1);
    }

    @Test
    void send_whenAListenerIsRegistered_reportsTheRequestWithoutRenderingTheKey() {
        List<RequestEvent> events = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(events::add), () -> "here", () -> false);

        runner.send(DynamoOperation.GET_ITEM, Optional.of("GSI1"), "Order", key, () -> "item", ONE_ITEM);

        assertThat(events).hasSize(1);
        assertThat(events.get(0).duration().isNegative()).isFalse();
        assertThat(events.get(0)).isEqualTo(new RequestEvent("GetItem", "AppTable", Optional.of("GSI1"), 1, 0.5,
                events.get(0).duration(), Optional.empty()));
        assertThat(events.get(0).succeeded()).isTrue();
        assertThat(rendered).hasValue(0); // the debug log of dev.singletable.requests is off in the tests
    }

    @Test
    void send_whenTheSubjectNamesEntityTypesOfTheSchema_reportsThemInTheOrderNamed() {
        List<RequestEvent> events = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(events::add), () -> "here", () -> false,
                List.of("Customer", "Order", "OrderItem"));

        runner.send(DynamoOperation.TRANSACT_WRITE_ITEMS, Optional.empty(), "transaction of 3 actions on [OrderItem, Customer]", key, () -> "ok", ONE_ITEM);
        runner.send(DynamoOperation.GET_ITEM, Optional.empty(), "Order", key, () -> "ok", ONE_ITEM);
        runner.send(DynamoOperation.CREATE_TABLE, Optional.empty(), "table", Map.of(), () -> "ok", ONE_ITEM);

        assertThat(events).extracting(RequestEvent::entityTypes).containsExactly(List.of("OrderItem", "Customer"), List.of("Order"),
                List.of());
    }

    @Test
    void send_whenItFailsWithEntityTypes_reportsThemWithTheErrorCode() {
        List<RequestEvent> events = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(events::add), () -> "here", () -> false, List.of("Order"));

        catchThrowable(() -> runner.send(DynamoOperation.PUT_ITEM, Optional.empty(), "Order", key, () -> {
            throw ConditionalCheckFailedException.builder().awsErrorDetails(AwsErrorDetails.builder()
                    .errorCode("ConditionalCheckFailedException").build()).build();
        }, ONE_ITEM));

        assertThat(events).containsExactly(new RequestEvent("PutItem", "AppTable", Optional.empty(), 0, 0, 0,
                events.get(0).duration(), Optional.of("ConditionalCheckFailedException"), List.of("Order")));
    }

    @Test
    void entityTypesIn_whenANameIsPartOfALongerWordOrAKeyValue_leavesItOut() {
        RequestRunner runner = new RequestRunner("AppTable", List.of(), () -> "here", () -> false, List.of("Order", "Item"));

        assertThat(runner.entityTypesIn("OrderItem {PK=ORDER#Item1}")).isEmpty();
        assertThat(runner.entityTypesIn("collection OrderItems (Order, Item)")).containsExactly("Order", "Item");
    }

    @Test
    void send_whenItFailsWithAListener_reportsTheFailureOnceBeforeThrowing() {
        List<RequestEvent> events = new ArrayList<>();
        List<Integer> heardBeforeThrown = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(events::add), () -> "here", () -> false);

        DynamoDbRequestException failure = catchThrowableOfType(DynamoDbRequestException.class, () -> {
            try {
                runner.send(DynamoOperation.QUERY, Optional.of("GSI1"), "Order", key, () -> {
                    throw SdkClientException.create("connection reset", new java.net.SocketException("Connection reset"));
                }, ONE_ITEM);
            } finally {
                heardBeforeThrown.add(events.size());
            }
        });

        assertThat(failure.errorCode()).isEqualTo("(client)");
        assertThat(heardBeforeThrown).containsExactly(1);
        assertThat(events).containsExactly(new RequestEvent("Query", "AppTable", Optional.of("GSI1"), 0, 0,
                events.get(0).duration(), Optional.of(RequestEvent.NETWORK_ERROR)));
        assertThat(events.get(0).duration().isNegative()).isFalse();
        assertThat(events.get(0).succeeded()).isFalse();
    }

    @Test
    void send_whenAListenerThrowsOnAFailedRequest_throwsTheRequestsExceptionWithTheListenersSuppressed() {
        IllegalStateException broken = new IllegalStateException("listener broke");
        List<RequestEvent> later = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(event -> {
            throw broken;
        }, later::add), () -> "here", () -> false);

        DynamoDbRequestException failure = catchThrowableOfType(DynamoDbRequestException.class, () -> runner.send(DynamoOperation.GET_ITEM,
                Optional.empty(), "Order", key, () -> {
                    throw SdkClientException.create("connection reset");
                }, ONE_ITEM));

        assertThat(failure.getSuppressed()).containsExactly(broken);
        assertThat(later).extracting(RequestEvent::errorCode).containsExactly(Optional.of(RequestEvent.CLIENT_ERROR));
    }

    @Test
    void send_whenAListenerThrowsOnASuccessfulRequest_tellsTheOtherListenersAndThrowsTheListenersException() {
        IllegalStateException broken = new IllegalStateException("listener broke");
        List<RequestEvent> later = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(event -> {
            throw broken;
        }, later::add), () -> "here", () -> false);

        Throwable thrown = catchThrowable(() -> runner.send(DynamoOperation.GET_ITEM, Optional.empty(), "Order", key, () -> "item", ONE_ITEM));

        assertThat(thrown).isSameAs(broken);
        assertThat(later).extracting(RequestEvent::succeeded).containsExactly(true);
    }

    @Test
    void sendAsync_whenTheFutureFails_reportsTheFailureBeforeTheCallerSeesIt() {
        List<RequestEvent> events = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(events::add), () -> "here", () -> false);
        CompletableFuture<String> call = new CompletableFuture<>();

        CompletableFuture<String> sent = runner.sendAsync(DynamoOperation.PUT_ITEM, Optional.empty(), "Order", key, () -> call, ONE_ITEM);
        List<Integer> heard = new ArrayList<>();
        CompletableFuture<String> seen = sent.whenComplete((response, failure) -> heard.add(events.size()));
        call.completeExceptionally(ApiCallTimeoutException.create(100));

        assertThat(seen).isCompletedExceptionally();
        assertThat(heard).containsExactly(1);
        assertThat(events).containsExactly(new RequestEvent("PutItem", "AppTable", Optional.empty(), 0, 0, events.get(0).duration(),
                Optional.of(RequestEvent.CLIENT_TIMEOUT)));
    }

    @Test
    void errorCode_whenEachKindOfFailure_namesItStably() {
        Map<Throwable, String> codes = new LinkedHashMap<>();
        codes.put(ConditionalCheckFailedException.builder().message("The conditional request failed").statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ConditionalCheckFailedException").build()).build(),
                "ConditionalCheckFailedException");
        codes.put(DynamoDbException.builder().message("no code").statusCode(503).build(), "InternalFailure");
        codes.put(DynamoDbException.builder().message("no code").statusCode(418).build(), "UnknownError");
        codes.put(ApiCallTimeoutException.create(10), RequestEvent.CLIENT_TIMEOUT);
        codes.put(ApiCallAttemptTimeoutException.create(10), RequestEvent.CLIENT_TIMEOUT);
        codes.put(SdkClientException.create("Unable to execute HTTP request: Read timed out",
                new java.net.SocketTimeoutException("Read timed out")), RequestEvent.CLIENT_TIMEOUT);
        codes.put(SdkClientException.create("Unable to execute HTTP request: Connection refused",
                new java.net.ConnectException("Connection refused")), RequestEvent.NETWORK_ERROR);
        codes.put(SdkClientException.create("Unable to load credentials"), RequestEvent.CLIENT_ERROR);

        Map<Throwable, String> named = new LinkedHashMap<>();
        codes.keySet().forEach(failure -> named.put(failure, RequestRunner.errorCode(failure)));

        assertThat(named).isEqualTo(codes);
    }
}
