package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.BatchIncompleteException;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWriteResult;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.RequestThrottledException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a caller is told when DynamoDB fails part of a batch, throttles, or overflows a number: failures are injected by
 * a client that forwards to the embedded engine and fails chosen calls (before or after forwarding them).
 */
class ServiceFailuresTest {
    record Entry(String group, int n) {
    }

    record Account(String id, BigDecimal balance, Long version) {
    }

    static final Attribute<Entry, String> GROUP = Attribute.required("group", AttributeTypes.STRING, Entry::group);
    static final Attribute<Entry, Integer> N = Attribute.required("n", AttributeTypes.INTEGER, Entry::n);
    static final EntitySchema<Entry> ENTRY = EntitySchema.builder(Entry.class).attributes(GROUP, N)
            .primaryKey("GROUP#{group}", "N#{n}").factory(i -> new Entry(i.get(GROUP), i.get(N))).build();
    static final Attribute<Account, String> ID = Attribute.required("id", AttributeTypes.STRING, Account::id);
    static final Attribute<Account, BigDecimal> BALANCE = Attribute.required("balance", AttributeTypes.DECIMAL, Account::balance);
    static final Attribute<Account, Long> VERSION = Attribute.of("version", AttributeTypes.LONG, Account::version);
    static final EntitySchema<Account> ACCOUNT = EntitySchema.builder(Account.class).attributes(ID, BALANCE, VERSION)
            .primaryKey("ACCOUNT#{id}", "ACCOUNT").version(VERSION)
            .factory(i -> new Account(i.get(ID), i.get(BALANCE), i.get(VERSION))).build();
    static final TableSchema SCHEMA = TableSchema.builder("ServiceFailures").entities(ENTRY, ACCOUNT).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /**
     * Forwards batch writes and gets, puts and transactions to the engine, but fails the call numbered {@code failing}
     * (1-based), or the calls a predicate picks, with what {@code failure} makes, after forwarding it when {@code forwardFirst}.
     */
    static final class FailingCalls implements DynamoDbClient {
        private final DynamoDbClient engine;
        private final IntPredicate failing;
        private final boolean forwardFirst;
        private final IntFunction<RuntimeException> failure;
        private final AtomicInteger calls = new AtomicInteger();

        int calls() {
            return calls.get();
        }

        FailingCalls(DynamoDbClient engine, int failing, boolean forwardFirst, IntFunction<RuntimeException> failure) {
            this(engine, n -> n == failing, forwardFirst, failure);
        }

        /** Fails every call {@code failing} picks (1-based). */
        FailingCalls(DynamoDbClient engine, IntPredicate failing, boolean forwardFirst, IntFunction<RuntimeException> failure) {
            this.engine = engine;
            this.failing = failing;
            this.forwardFirst = forwardFirst;
            this.failure = failure;
        }

        @Override
        public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
            return call(() -> engine.batchWriteItem(request));
        }

        @Override
        public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
            return call(() -> engine.batchGetItem(request));
        }

        @Override
        public PutItemResponse putItem(PutItemRequest request) {
            return call(() -> engine.putItem(request));
        }

        @Override
        public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
            return call(() -> engine.transactWriteItems(request));
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            return call(() -> engine.updateItem(request));
        }

        private <R> R call(java.util.function.Supplier<R> forward) {
            int n = calls.incrementAndGet();
            if (!failing.test(n)) {
                return forward.get();
            }
            if (forwardFirst) {
                forward.get();
            }
            throw failure.apply(n);
        }

        @Override
        public String serviceName() {
            return engine.serviceName();
        }

        @Override
        public void close() {
        }
    }

    static DynamoDbException refused(int status, String code) {
        return (DynamoDbException) DynamoDbException.builder().statusCode(status).message("injected")
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage("injected " + code).build()).build();
    }

    static List<Entry> entries(String group, int count) {
        return IntStream.range(0, count).mapToObj(i -> new Entry(group, i)).toList();
    }

    static Set<Entry> stored(String group) {
        return new HashSet<>(db.table().query(ENTRY).partition(GROUP, group).list());
    }

    @Test
    void batchWrite_whenSecondChunkRefused_carriesWrittenAndUnsentItems() {
        List<Entry> all = entries("seq", 60);                                   // chunks of 25, 25 and 10
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 2, false,
                n -> refused(400, "ValidationException"))).build();

        assertThatThrownBy(() -> table.batchWrite().putAll(all).execute()).isInstanceOfSatisfying(BatchIncompleteException.class, e -> {
            assertThat(e.unprocessedPuts()).isEqualTo(List.copyOf(all.subList(25, 60))); // chunk 2 refused, chunk 3 never sent
            assertThat(e.writeResult()).hasValueSatisfying(r -> assertThat(r.processed()).isEqualTo(25));
            assertThat(e.mayHaveBeenApplied()).isFalse();
            assertThat(e.getCause()).isInstanceOf(DynamoDbRequestException.class);
            assertThat(e.getCause().getMessage()).doesNotContain("nothing was written")
                    .endsWith("this BatchWriteItem request wrote none of its items");
            assertThat(e.getMessage()).doesNotContain("nothing was written")
                    .contains("a BatchWriteItem request failed (ValidationException: injected ValidationException); 25 puts and deletes"
                            + " were written, 35 puts and 0 deletes were not");
        });
        assertThat(stored("seq")).hasSize(25).doesNotContainAnyElementsOf(all.subList(25, 60));
    }

    @Test
    void batchWrite_whenAChunkFailsInParallel_listsExactlyWhatIsNotStored() {
        List<Entry> all = entries("par", 60);
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 2, false,
                n -> refused(400, "ValidationException"))).build();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            assertThatThrownBy(() -> table.batchWrite().putAll(all).options(BatchOptions.defaults().executor(pool)).execute())
                    .isInstanceOfSatisfying(BatchIncompleteException.class, e -> {
                        Set<Object> expected = new HashSet<>(all);
                        expected.removeAll(stored("par"));
                        assertThat(new HashSet<>(e.unprocessedPuts())).isEqualTo(expected);
                        assertThat(e.writeResult().orElseThrow().processed()).isEqualTo(60 - expected.size());
                        assertThat(e.getMessage()).doesNotContain("nothing was written");
                    });
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void batchWrite_whenAChunkFailsAfterBeingApplied_saysItMayHaveBeenApplied() {
        List<Entry> all = entries("5xx", 60);
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 2, true,
                n -> refused(500, "InternalFailure"))).build();

        assertThatThrownBy(() -> table.batchWrite().putAll(all).execute()).isInstanceOfSatisfying(BatchIncompleteException.class, e -> {
            assertThat(e.mayHaveBeenApplied()).isTrue();
            assertThat(e.unprocessedPuts()).hasSize(35);
            assertThat(e.getMessage()).contains("the failed request may have been applied all the same");
        });
        assertThat(stored("5xx")).hasSize(50);
    }

    @Test
    void batchWrite_whenADeleteChunkFails_listsTheDeletesNotMade() {
        List<Entry> all = entries("del", 30);
        db.table().batchWrite().putAll(all).execute().orThrow();
        List<ItemKey<?>> keys = all.stream().<ItemKey<?>>map(e -> ItemKey.of(ENTRY, KeyValues.of(GROUP, "del").and(N, e.n()))).toList();
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 2, false,
                n -> refused(400, "ValidationException"))).build();

        assertThatThrownBy(() -> table.batchWrite().deleteAll(keys).execute()).isInstanceOfSatisfying(BatchIncompleteException.class,
                e -> assertThat(e.unprocessedKeys()).isEqualTo(keys.subList(25, 30)));
        assertThat(stored("del")).hasSize(5);
    }

    static SdkClientException readTimedOut() {
        return SdkClientException.builder().message("Unable to execute HTTP request: Read timed out")
                .cause(new java.net.SocketTimeoutException("Read timed out")).build();
    }

    static List<ItemKey<?>> stored(List<Entry> entries) {
        db.table().batchWrite().putAll(entries).execute().orThrow();
        return entries.stream().<ItemKey<?>>map(e -> ItemKey.of(ENTRY, KeyValues.of(GROUP, e.group()).and(N, e.n()))).toList();
    }

    @Test
    void batchGet_whenSecondChunkKeepsTimingOut_keepsWhatTheOtherChunksRead() {
        List<Entry> all = entries("get", 210);                                  // chunks of 100, 100 and 10
        List<ItemKey<?>> keys = stored(all);
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), n -> n >= 2, false, n -> readTimedOut())).build();

        assertThatThrownBy(() -> table.batchGet(keys, BatchOptions.defaults().maxAttempts(3))).isInstanceOfSatisfying(BatchIncompleteException.class, e -> {
            ItemsByKey read = e.readResult().orElseThrow();
            assertThat(read.found()).isEqualTo(List.copyOf(all.subList(0, 100)));
            assertThat(read.unprocessed()).isEqualTo(keys.subList(100, 210));
            assertThat(e.unprocessedKeys()).isEqualTo(keys.subList(100, 210));
            assertThat(e.getMessage()).contains("Batch get stopped part-way", "Read timed out", "100 found");
        });
    }

    @Test
    void batchGet_whenAChunkTimesOutOnce_retriesItAndReadsEveryItem() {
        List<Entry> all = entries("get-once", 210);
        List<ItemKey<?>> keys = stored(all);
        FailingCalls calls = new FailingCalls(db.client(), 2, false, n -> readTimedOut());
        Table table = Table.builder(db.table().schema(), calls).build();

        ItemsByKey read = table.batchGet(keys);

        assertThat(read.unprocessed()).isEmpty();
        assertThat(new HashSet<>(read.found())).isEqualTo(new HashSet<>(all));
        assertThat(calls.calls()).isEqualTo(4);                                  // three chunks, the second sent twice
    }

    @Test
    void batchGet_whenAChunkFailsOtherThanByTimeout_isNotRetried() {
        List<Entry> all = entries("get-refused", 30);
        List<ItemKey<?>> keys = stored(all);
        FailingCalls calls = new FailingCalls(db.client(), 1, false, n -> SdkClientException.create("Unable to load credentials"));
        Table table = Table.builder(db.table().schema(), calls).build();

        assertThatThrownBy(() -> table.batchGet(keys)).isInstanceOf(BatchIncompleteException.class);
        assertThat(calls.calls()).isEqualTo(1);
    }

    @Test
    void batchWrite_whenAChunkTimesOutOnce_retriesItAndWritesEveryItem() {
        List<Entry> all = entries("write-once", 60);                            // chunks of 25, 25 and 10
        FailingCalls calls = new FailingCalls(db.client(), 2, false, n -> readTimedOut());
        Table table = Table.builder(db.table().schema(), calls).build();

        BatchWriteResult result = table.batchWrite().putAll(all).execute();

        assertThat(result).usingRecursiveComparison().isEqualTo(new BatchWriteResult(60, List.of(), List.of(), 4, 1));
        assertThat(calls.calls()).isEqualTo(4);                                  // three chunks, the second sent twice
        assertThat(stored("write-once")).isEqualTo(new HashSet<>(all));
    }

    @Test
    void batchWrite_whenAChunkTimesOutAfterBeingApplied_retriesItAndCountsEachItemOnce() {
        List<Entry> all = entries("write-landed", 60);
        List<ItemKey<?>> keys = all.subList(0, 30).stream()
                .<ItemKey<?>>map(e -> ItemKey.of(ENTRY, KeyValues.of(GROUP, e.group()).and(N, e.n()))).toList();
        db.table().batchWrite().putAll(all).execute().orThrow();
        FailingCalls calls = new FailingCalls(db.client(), 1, true, n -> readTimedOut());
        Table table = Table.builder(db.table().schema(), calls).build();

        BatchWriteResult result = table.batchWrite().deleteAll(keys).execute();   // the first chunk's deletes land, then time out

        assertThat(result).usingRecursiveComparison().isEqualTo(new BatchWriteResult(30, List.of(), List.of(), 3, 1));
        assertThat(stored("write-landed")).isEqualTo(new HashSet<>(all.subList(30, 60)));
    }

    @Test
    void batchWrite_whenAChunkKeepsTimingOut_stopsWithTheTimeoutAndListsWhatMayNotBeStored() {
        List<Entry> all = entries("write-timeouts", 60);
        FailingCalls calls = new FailingCalls(db.client(), n -> n >= 2, false, n -> readTimedOut());
        Table table = Table.builder(db.table().schema(), calls).build();

        assertThatThrownBy(() -> table.batchWrite().putAll(all).options(BatchOptions.defaults().maxAttempts(3)).execute())
                .isInstanceOfSatisfying(BatchIncompleteException.class, e -> {
                    assertThat(e.writeResult()).hasValueSatisfying(r -> assertThat(r).usingRecursiveComparison()
                            .isEqualTo(new BatchWriteResult(25, List.copyOf(all.subList(25, 60)), List.of(), 4, 2)));
                    assertThat(e.unprocessedPuts()).isEqualTo(List.copyOf(all.subList(25, 60)));
                    assertThat(e.mayHaveBeenApplied()).isTrue();
                    assertThat(e.getMessage()).contains("a BatchWriteItem request failed ((client): Unable to execute HTTP request: "
                            + "Read timed out); 25 puts and deletes were written, 35 puts and 0 deletes were not",
                            "the failed request may have been applied all the same (a 5xx or a timeout)");
                });
        assertThat(calls.calls()).isEqualTo(4);                                  // chunk 2 sent three times, chunk 3 never
        assertThat(stored("write-timeouts")).isEqualTo(new HashSet<>(all.subList(0, 25)));
    }

    @Test
    void batchWrite_whenAChunkFailsOtherThanByTimeout_isNotRetried() {
        FailingCalls calls = new FailingCalls(db.client(), 1, false, n -> SdkClientException.create("Unable to load credentials"));
        Table table = Table.builder(db.table().schema(), calls).build();

        assertThatThrownBy(() -> table.batchWrite().putAll(entries("write-refused", 30)).execute())
                .isInstanceOfSatisfying(BatchIncompleteException.class, e -> assertThat(e.unprocessedPuts()).hasSize(30));
        assertThat(calls.calls()).isEqualTo(1);
    }

    @Test
    void batchWrite_whenDynamoDbFindsAnItemTooLarge_saysSoWithoutSpeakingOfAnUpdate() {
        String said = "Item size has exceeded the maximum allowed size";
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 1, false,
                n -> (DynamoDbException) DynamoDbException.builder().statusCode(400).message(said)
                        .awsErrorDetails(AwsErrorDetails.builder().errorCode("ValidationException").errorMessage(said).build()).build())).build();

        assertThatThrownBy(() -> table.batchWrite().putAll(entries("large", 3)).execute())
                .isInstanceOfSatisfying(BatchIncompleteException.class, e -> assertThat(e.getCause().getMessage())
                        .contains(said, "over DynamoDB's 400 KB item limit", "Store large values elsewhere").doesNotContain("update"));
    }

    /** Fails every PutItem as {@code failure} makes it, without forwarding it. */
    static final class FailingAsyncPuts implements DynamoDbAsyncClient {
        private final IntFunction<RuntimeException> failure;

        FailingAsyncPuts(IntFunction<RuntimeException> failure) {
            this.failure = failure;
        }

        @Override
        public CompletableFuture<PutItemResponse> putItem(PutItemRequest request) {
            return CompletableFuture.failedFuture(failure.apply(1));
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    @Test
    void put_whenThrottled_throwsRequestThrottledWithAdvice() {
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 1, false,
                n -> refused(400, "ProvisionedThroughputExceededException"))).build();

        assertThatThrownBy(() -> table.put(new Entry("thr", 1))).isInstanceOfSatisfying(RequestThrottledException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("ProvisionedThroughputExceededException");
            assertThat(e.mayHaveBeenApplied()).isFalse();
            assertThat(e.getMessage()).startsWith("DynamoDB throttled PutItem of Entry").contains("Retry with backoff later",
                    "on-demand", "partition is hot");
        });
    }

    @Test
    void asyncPut_whenThrottled_failsWithRequestThrottled() {
        AsyncTable table = AsyncTable.builder(db.table().schema(), new FailingAsyncPuts(n -> refused(400, "RequestLimitExceeded"))).build();

        assertThatThrownBy(() -> table.put(new Entry("thr", 2)).join()).isInstanceOf(CompletionException.class)
                .satisfies(t -> assertThat(t.getCause()).isInstanceOf(RequestThrottledException.class)
                        .hasMessageContaining("Retry with backoff later"));
    }

    @Test
    void transaction_whenThrottledAsAWhole_throwsRequestThrottled() {
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 1, false, n -> refused(400, "ThrottlingException"))).build();

        assertThatThrownBy(() -> table.transaction().put(new Entry("thr", 3)).execute())
                .isInstanceOfSatisfying(RequestThrottledException.class, e -> assertThat(e.getMessage())
                        .startsWith("DynamoDB throttled TransactWriteItems of transaction of 1 action").contains("Retry with backoff later"));
    }

    @Test
    void update_whenAddOverflowsDynamoDbNumbers_namesTheAttributeOperandAndFix() {
        db.table().put(new Account("big", new BigDecimal("12345678901234567890123456789012345678"), null));
        // DynamoDB's own refusal of the sum, given by the client: not every engine checks a sum's digits (dynalite does not)
        String said = "Attempting to store more than 38 significant digits in a Number";
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 1, false,
                n -> (DynamoDbException) DynamoDbException.builder().statusCode(400).message(said)
                        .awsErrorDetails(AwsErrorDetails.builder().errorCode("ValidationException").errorMessage(said).build()).build())).build();

        assertThatThrownBy(() -> table.update(ACCOUNT, KeyValues.of(ID, "big"), u -> u.add(BALANCE, new BigDecimal("0.5"))))
                .isInstanceOfSatisfying(DynamoDbRequestException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).startsWith("update of Account {PK=ACCOUNT#big, SK=ACCOUNT} in table ")
                            .contains("the result of add(balance, 0.5) on the stored value would need more than 38 significant digits",
                                    "nothing was written", "minor units");
                });
    }

    @Test
    void transactionUpdate_whenAddOverflowsDynamoDbNumbers_namesTheActionAdditionLimitAndFix() {
        db.table().put(new Account("big-tx", new BigDecimal("12345678901234567890123456789012345678"), null));
        // DynamoDB cancels the transaction for the sum, given by the client: not every engine checks a sum's digits
        String said = "Attempting to store more than 38 significant digits in a Number";
        Table table = Table.builder(db.table().schema(), new FailingCalls(db.client(), 1, false, n -> software.amazon.awssdk.services
                .dynamodb.model.TransactionCanceledException.builder().statusCode(400)
                .message("Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]")
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("TransactionCanceledException").build())
                .cancellationReasons(CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("ValidationError").message(said).build()).build())).build();

        assertThatThrownBy(() -> table.transaction().put(new Entry("tx-big", 1))
                .update(ACCOUNT, KeyValues.of(ID, "big-tx"), u -> u.add(BALANCE, new BigDecimal("0.5"))).execute())
                .isInstanceOfSatisfying(dev.singletable.TransactionCanceledException.class, e -> {
                    String explained = "the result of add(balance, 0.5) on the stored value would need more than 38 significant digits";
                    assertThat(e.reasons().get(1).message()).startsWith("DynamoDB found the action invalid: " + said + ": " + explained)
                            .contains("Round the operand or the stored value", "minor units");
                    assertThat(e.getMessage()).contains("nothing was written", "action 1 (update Account {PK=ACCOUNT#big-tx, SK=ACCOUNT}): "
                            + "ValidationError: DynamoDB found the action invalid: " + said + ": " + explained);
                    assertThat(e.reasons().get(0).message()).isEqualTo("no problem with this action");
                });
        assertThat(db.table().get(ACCOUNT, KeyValues.of(ID, "big-tx")).orElseThrow().balance())
                .isEqualByComparingTo("12345678901234567890123456789012345678");
    }

    @Test
    void batchDelete_ofVersionedEntity_isRefusedBeforeSending() {
        db.table().put(new Account("bv", BigDecimal.ONE, null));
        ItemKey<Account> key = ItemKey.of(ACCOUNT, KeyValues.of(ID, "bv"));

        assertThatThrownBy(() -> db.table().batchWrite().delete(key).execute()).isInstanceOf(ValidationException.class)
                .hasMessageContaining("Batch delete of Account {PK=ACCOUNT#bv, SK=ACCOUNT}: the entity is versioned")
                .hasMessageContaining("delete(current)");
        assertThat(db.table().get(ACCOUNT, KeyValues.of(ID, "bv"))).isPresent();
    }

    @Test
    void itemsByKeyOrThrow_whenKeysUnprocessed_namesThrottlingOrTheResponseLimit() {
        ItemKey<Entry> key = ItemKey.of(ENTRY, KeyValues.of(GROUP, "u").and(N, 1));
        ItemsByKey result = new ItemsByKey(Map.of(), List.of(), List.of(key), 3);

        assertThatThrownBy(result::orThrow).isInstanceOfSatisfying(BatchIncompleteException.class, e -> {
            assertThat(e.getMessage()).contains("(DynamoDB left them unprocessed: throttling, or the 16 MB response limit)");
            assertThat(e.readResult()).containsSame(result);
        });
    }
}
