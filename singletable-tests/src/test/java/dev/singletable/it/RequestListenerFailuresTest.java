package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.BatchIncompleteException;
import dev.singletable.BatchOptions;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.it.TestModel.Note;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static dev.singletable.it.TestModel.NOTE;
import static dev.singletable.it.TestModel.N_ID;
import static dev.singletable.it.TestModel.N_TEXT;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Failed requests reach the listeners too, on the embedded engine: once per request, before the exception reaches the
 * caller, with DynamoDB's error code (or the client's, when no answer came), no items and no capacity (DynamoDB
 * Local, like the service's error model, reports none in an error response, asked for or not).
 */
class RequestListenerFailuresTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Note STORED = new Note("stored", "as it was");

    private final List<RequestEvent> events = new CopyOnWriteArrayList<>();
    /** How many events the listeners had heard when the caller saw the outcome. */
    private final List<Integer> heardBeforeCaller = new CopyOnWriteArrayList<>();

    /** The test class's own table: the model's schema under a unique name. */
    private static dev.singletable.TableSchema schema() {
        return db.table().schema();
    }

    private Table table() {
        Table table = Table.builder(schema(), db.client()).listener(events::add).build();
        Table.of(schema(), db.client()).put(STORED); // unheard: this table has no listener
        return table;
    }

    private AsyncTable asyncTable() {
        Table.of(schema(), db.client()).put(STORED);
        return AsyncTable.builder(schema(), db.engine().asyncClient()).listener(events::add).build();
    }

    private Throwable failureOf(Runnable call) {
        Throwable thrown = catchThrowable(call::run);
        heardBeforeCaller.add(events.size());
        return thrown;
    }

    private Throwable failureOf(Supplier<? extends CompletableFuture<?>> call) {
        CompletableFuture<?> seen = call.get().whenComplete((result, failure) -> heardBeforeCaller.add(events.size()));
        Throwable thrown = catchThrowable(() -> seen.get(30, TimeUnit.SECONDS));
        return thrown.getCause() instanceof CompletionException wrapped ? wrapped.getCause() : thrown.getCause();
    }

    /** The events, each checked for a non-negative duration and then given a zero one, so that whole events compare. */
    private List<RequestEvent> heard() {
        assertThat(events).allSatisfy(e -> assertThat(e.duration().isNegative()).isFalse());
        return events.stream().map(e -> new RequestEvent(e.operation(), e.tableName(), e.indexName(), e.itemCount(),
                e.consumedCapacity(), Duration.ZERO, e.errorCode())).toList();
    }

    private static RequestEvent failed(String operation, String code) {
        return new RequestEvent(operation, db.tableName(), Optional.empty(), 0, 0, Duration.ZERO, Optional.of(code));
    }

    /** The call failed with {@code type}, after the listeners heard exactly its one failed request. */
    private void assertFailedAfterOneEvent(Throwable thrown, Class<? extends Throwable> type, String operation, String code) {
        assertThat(thrown).isInstanceOf(type);
        assertThat(heard()).containsExactly(failed(operation, code));
        assertThat(heardBeforeCaller).containsExactly(1);
    }

    /** The call failed for want of an answer (the client's error code), after the listeners heard it as a network error. */
    private void assertNetworkErrorAfterOneEvent(Throwable thrown, String operation) {
        assertThat(thrown).isInstanceOfSatisfying(DynamoDbRequestException.class, e -> assertThat(e.errorCode()).isEqualTo("(client)"));
        assertThat(heard()).containsExactly(failed(operation, RequestEvent.NETWORK_ERROR));
        assertThat(heardBeforeCaller).containsExactly(1);
    }

    /** The test class's table holding STORED, with one listener: it throws {@code failure}. */
    private static Table tableWhoseListenerThrows(RuntimeException failure) {
        Table.of(schema(), db.client()).put(STORED);
        return Table.builder(schema(), db.client()).listener(event -> {
            throw failure;
        }).build();
    }

    @Test
    void create_whenTheKeyIsTaken_reportsTheFailedPutBeforeThrowing() {
        Table table = table();

        Throwable thrown = failureOf(() -> table.create(STORED));

        assertFailedAfterOneEvent(thrown, ItemAlreadyExistsException.class, "PutItem", "ConditionalCheckFailedException");
    }

    @Test
    void update_whenTheItemIsMissing_reportsTheFailedUpdateBeforeThrowing() {
        Table table = table();

        Throwable thrown = failureOf(() -> table.update(NOTE, KeyValues.of(N_ID, "missing"), u -> u.set(N_TEXT, "new")));

        assertFailedAfterOneEvent(thrown, ItemNotFoundException.class, "UpdateItem", "ConditionalCheckFailedException");
    }

    @Test
    void delete_whenItsConditionFails_reportsTheFailedDeleteBeforeThrowing() {
        Table table = table();

        Throwable thrown = failureOf(() -> table.delete(NOTE, KeyValues.of(N_ID, "stored"), Condition.eq(N_TEXT, "another text")));

        assertFailedAfterOneEvent(thrown, ConditionFailedException.class, "DeleteItem", "ConditionalCheckFailedException");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenCancelled_reportsTheFailedTransactionBeforeThrowing() {
        Table table = table();

        Throwable thrown = failureOf(() -> table.transaction().create(STORED).put(new Note("other", "text")).execute());

        assertFailedAfterOneEvent(thrown, TransactionCanceledException.class, "TransactWriteItems", "TransactionCanceledException");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiqlWrite_whenDynamoDbFindsItInvalid_reportsItsValidationException() {
        Table table = table();

        Throwable thrown = failureOf(() -> table.execute(table.partiqlWrite("UPDATE \"" + db.tableName()
                + "\" SET \"text\" = 'new' WHERE \"PK\" = 'DOC#stored'")));

        assertFailedAfterOneEvent(thrown, ValidationException.class, "ExecuteStatement", "ValidationException");
    }

    /**
     * A listener that throws on a failed request: its exception is suppressed in the one the caller gets, also where
     * singletable explains the failure with an exception of its own (issue 35: lost there).
     */
    @Test
    void create_whenTheKeyIsTakenAndAListenerThrows_keepsTheListenersExceptionSuppressed() {
        IllegalStateException listenerFailure = new IllegalStateException("listener down");
        Table table = tableWhoseListenerThrows(listenerFailure);

        Throwable thrown = catchThrowable(() -> table.create(STORED));

        assertThat(thrown).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(thrown.getSuppressed()).containsExactly(listenerFailure);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenCancelledAndAListenerThrows_keepsTheListenersExceptionSuppressed() {
        IllegalStateException listenerFailure = new IllegalStateException("listener down");
        Table table = tableWhoseListenerThrows(listenerFailure);

        Throwable thrown = catchThrowable(() -> table.transaction().create(STORED).put(new Note("other2", "text")).execute());

        assertThat(thrown).isInstanceOf(TransactionCanceledException.class);
        assertThat(thrown.getSuppressed()).containsExactly(listenerFailure);
    }

    @Test
    void batchWrite_whenEveryAttemptIsThrottled_reportsEachThrottledRequest() {
        Table table = Table.builder(schema(), new ThrottlingClient(db.client(), 1, 1.0, 1.0)).listener(events::add).build();

        Throwable thrown = failureOf(() -> table.batchWrite().put(new Note("throttled", "text"))
                .options(BatchOptions.defaults().maxAttempts(3).backoff(Duration.ofMillis(1), Duration.ofMillis(2))).execute()
                .orThrow());

        assertThat(thrown).isInstanceOf(BatchIncompleteException.class);
        RequestEvent throttled = failed("BatchWriteItem", "ProvisionedThroughputExceededException");
        assertThat(heard()).containsExactly(throttled, throttled, throttled);
    }

    @Test
    void get_whenTheEndpointRefusesConnections_reportsANetworkError() {
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(URI.create(closedPort())).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("fake", "fake")))
                .httpClient(ApacheHttpClient.create())
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
            Table table = Table.builder(schema(), client).listener(events::add).build();

            Throwable thrown = failureOf(() -> table.get(NOTE, KeyValues.of(N_ID, "stored")));

            assertNetworkErrorAfterOneEvent(thrown, "GetItem");
        }
    }

    @Test
    void asyncCreate_whenTheKeyIsTaken_reportsTheFailedPutBeforeTheFutureFails() {
        AsyncTable table = asyncTable();

        Throwable thrown = failureOf(() -> table.create(STORED));

        assertFailedAfterOneEvent(thrown, ItemAlreadyExistsException.class, "PutItem", "ConditionalCheckFailedException");
    }

    @Test
    void asyncUpdate_whenTheItemIsMissing_reportsTheFailedUpdateBeforeTheFutureFails() {
        AsyncTable table = asyncTable();

        Throwable thrown = failureOf(() -> table.update(NOTE, KeyValues.of(N_ID, "missing"), u -> u.set(N_TEXT, "new")));

        assertFailedAfterOneEvent(thrown, ItemNotFoundException.class, "UpdateItem", "ConditionalCheckFailedException");
    }

    @Test
    void asyncDelete_whenItsConditionFails_reportsTheFailedDeleteBeforeTheFutureFails() {
        AsyncTable table = asyncTable();

        Throwable thrown = failureOf(() -> table.delete(NOTE, KeyValues.of(N_ID, "stored"), Condition.eq(N_TEXT, "another text")));

        assertFailedAfterOneEvent(thrown, ConditionFailedException.class, "DeleteItem", "ConditionalCheckFailedException");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void asyncTransaction_whenCancelled_reportsTheFailedTransactionBeforeTheFutureFails() {
        AsyncTable table = asyncTable();

        Throwable thrown = failureOf(() -> table.transaction().create(STORED).put(new Note("other", "text")).execute());

        assertFailedAfterOneEvent(thrown, TransactionCanceledException.class, "TransactWriteItems", "TransactionCanceledException");
    }

    @Test
    void asyncGet_whenTheEndpointRefusesConnections_reportsANetworkError() {
        try (DynamoDbAsyncClient client = DynamoDbAsyncClient.builder().endpointOverride(URI.create(closedPort()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("fake", "fake")))
                .httpClient(NettyNioAsyncHttpClient.create())
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
            AsyncTable table = AsyncTable.builder(schema(), client).listener(events::add).build();

            Throwable thrown = failureOf(() -> table.get(NOTE, KeyValues.of(N_ID, "stored")));

            assertNetworkErrorAfterOneEvent(thrown, "GetItem");
        }
    }

    /** An endpoint on a loopback port nothing listens on (taken free, then closed): connections are refused at once. */
    private static String closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
