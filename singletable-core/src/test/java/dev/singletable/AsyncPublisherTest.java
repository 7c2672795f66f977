package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

import static dev.singletable.ReadFixtures.CUSTOMER_ID;
import static dev.singletable.ReadFixtures.ORDER;
import static org.assertj.core.api.Assertions.assertThat;

/** Back-pressure of the async publisher, against a fake client serving pages of three orders. */
class AsyncPublisherTest {
    private final List<QueryRequest> sent = new ArrayList<>();

    /** Serves orders O0..O8 in pages of three; the page to serve follows from ExclusiveStartKey. */
    private DynamoDbAsyncClient fakeClient() {
        return (DynamoDbAsyncClient) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{DynamoDbAsyncClient.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("query")) {
                        throw new AssertionError("unexpected " + method.getName());
                    }
                    QueryRequest request = (QueryRequest) args[0];
                    sent.add(request);
                    int from = request.hasExclusiveStartKey() ? Integer.parseInt(request.exclusiveStartKey().get("SK").s().substring(7)) + 1 : 0;
                    List<Map<String, AttributeValue>> items = new ArrayList<>();
                    for (int i = from; i < Math.min(from + 3, 9); i++) {
                        items.add(item(i));
                    }
                    QueryResponse.Builder response = QueryResponse.builder().items(items).count(items.size()).scannedCount(items.size());
                    if (from + 3 < 9) {
                        response.lastEvaluatedKey(Map.of("PK", AttributeValue.fromS("CUSTOMER#C1"),
                                "SK", AttributeValue.fromS("ORDER#O" + (from + 2))));
                    }
                    return CompletableFuture.completedFuture(response.build());
                });
    }

    private static Map<String, AttributeValue> item(int i) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", AttributeValue.fromS("CUSTOMER#C1"));
        item.put("SK", AttributeValue.fromS("ORDER#O" + i));
        item.put("entityType", AttributeValue.fromS("Order"));
        item.put("customerId", AttributeValue.fromS("C1"));
        item.put("orderId", AttributeValue.fromS("O" + i));
        item.put("status", AttributeValue.fromS("PENDING"));
        item.put("total", AttributeValue.fromN(String.valueOf(i)));
        item.put("createdAt", AttributeValue.fromS("2025-05-01T00:00:00Z"));
        return item;
    }

    private static final class Recorder implements Flow.Subscriber<ReadFixtures.Order> {
        Flow.Subscription subscription;
        final List<String> received = new ArrayList<>();
        final List<Throwable> errors = new ArrayList<>();
        boolean completed;

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
        }

        @Override
        public void onNext(ReadFixtures.Order item) {
            received.add(item.orderId());
        }

        @Override
        public void onError(Throwable throwable) {
            errors.add(throwable);
        }

        @Override
        public void onComplete() {
            completed = true;
        }
    }

    private Flow.Publisher<ReadFixtures.Order> publisher() {
        return AsyncTable.of(ReadFixtures.SCHEMA, fakeClient()).query(ORDER).partition(CUSTOMER_ID, "C1").pageSize(3).publisher();
    }

    @Test
    void publisher_sendsNothingUntilDemandAndOnlyWhatDemandNeeds() {
        Recorder recorder = new Recorder();
        publisher().subscribe(recorder);
        assertThat(sent).isEmpty();

        recorder.subscription.request(1);
        assertThat(recorder.received).containsExactly("O0");
        assertThat(sent).hasSize(1);

        recorder.subscription.request(2);
        assertThat(recorder.received).containsExactly("O0", "O1", "O2");
        assertThat(sent).hasSize(1);

        recorder.subscription.request(1);
        assertThat(recorder.received).containsExactly("O0", "O1", "O2", "O3");
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1).exclusiveStartKey()).containsEntry("SK", AttributeValue.fromS("ORDER#O2"));
        assertThat(recorder.completed).isFalse();
    }

    @Test
    void publisher_whenDemandIsUnbounded_deliversEverythingAndCompletes() {
        Recorder recorder = new Recorder();
        publisher().subscribe(recorder);
        recorder.subscription.request(Long.MAX_VALUE);

        assertThat(recorder.received).containsExactly("O0", "O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8");
        assertThat(recorder.completed).isTrue();
        assertThat(sent).hasSize(3);
    }

    @Test
    void publisher_whenCancelled_stopsDeliveringAndFetching() {
        Recorder recorder = new Recorder();
        publisher().subscribe(recorder);
        recorder.subscription.request(2);
        recorder.subscription.cancel();
        recorder.subscription.request(5);

        assertThat(recorder.received).containsExactly("O0", "O1");
        assertThat(sent).hasSize(1);
        assertThat(recorder.completed).isFalse();
    }

    @Test
    void publisher_whenRequestIsNotPositive_signalsError() {
        Recorder recorder = new Recorder();
        publisher().subscribe(recorder);
        recorder.subscription.request(0);

        assertThat(recorder.errors).singleElement().isInstanceOf(IllegalArgumentException.class);
        assertThat(sent).isEmpty();
    }

    @Test
    void asyncList_isTheSameAsTheFakePages() {
        List<ReadFixtures.Order> orders = AsyncTable.of(ReadFixtures.SCHEMA, fakeClient()).query(ORDER).partition(CUSTOMER_ID, "C1")
                .list().join();
        assertThat(orders).hasSize(9).first().isEqualTo(new ReadFixtures.Order("C1", "O0", ReadFixtures.Status.PENDING,
                BigDecimal.ZERO, Instant.parse("2025-05-01T00:00:00Z"), null));
    }
}
