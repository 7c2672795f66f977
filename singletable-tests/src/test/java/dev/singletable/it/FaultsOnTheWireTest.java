package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.BatchWriteResult;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.WriteTransaction;
import dev.singletable.it.FaultInjectingProxy.Fault;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Exact results through a network that fails: the SDK (Apache client, 3 attempts, an attempt timeout) talks to
 * the engine's HTTP endpoint through {@link FaultInjectingProxy}, which fails 30 % of the requests, half of those
 * after the engine applied them. Puts, versioned counter increments, transactions and batched writes must end with
 * exactly the expected table, and every operation that still fails must throw a {@link SingleTableException} whose
 * {@link SingleTableException#mayHaveBeenApplied()} is true whenever the write may be stored (checked against the
 * table each time it says false, unless an earlier failure of the same operation said true: that attempt may still
 * be on its way and land later, as a request the engine queued past the client's timeout does). The caller's part is the one a careful application plays: idempotent writes are
 * sent again, a versioned increment that may have been applied is read back before it is repeated, and a transaction
 * is executed again as it is (it keeps its {@code ClientRequestToken}).
 *
 * <p>The default run uses a fiftieth of the counts (a few seconds). {@code -Dsingletable.full=true} (or the Maven
 * profile {@code full}) runs the full counts: 10,000 puts, 2,000 conditional increments, 500 transactions and 10,000
 * batched writes; the figures (time, faults by kind, retries, final failures by type) are printed.
 * {@code -Dsingletable.faults.rate=R} sets another share of failed requests (0 to 1).
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS) // the transaction phase retries until applied: an engine without them would never end
class FaultsOnTheWireTest {
    record Entry(String group, int n, String payload) {}

    record Counter(String name, Long count, Long version) {}

    record Tally(String name, Long count) {}

    static final Attribute<Entry, String> GROUP = Attribute.required("group", AttributeTypes.STRING, Entry::group);
    static final Attribute<Entry, Integer> N = Attribute.required("n", AttributeTypes.INTEGER, Entry::n);
    static final Attribute<Entry, String> PAYLOAD = Attribute.required("payload", AttributeTypes.STRING, Entry::payload);
    static final EntitySchema<Entry> ENTRY = EntitySchema.builder(Entry.class).attributes(GROUP, N, PAYLOAD)
            .primaryKey("GROUP#{group}", "N#{n}")
            .factory(i -> new Entry(i.get(GROUP), i.get(N), i.get(PAYLOAD))).build();

    static final Attribute<Counter, String> C_NAME = Attribute.required("name", AttributeTypes.STRING, Counter::name);
    static final Attribute<Counter, Long> C_COUNT = Attribute.required("count", AttributeTypes.LONG, Counter::count);
    static final Attribute<Counter, Long> C_VERSION = Attribute.of("version", AttributeTypes.LONG, Counter::version);
    static final EntitySchema<Counter> COUNTER = EntitySchema.builder(Counter.class).attributes(C_NAME, C_COUNT, C_VERSION)
            .primaryKey("COUNTER#{name}", "COUNTER").version(C_VERSION)
            .factory(i -> new Counter(i.get(C_NAME), i.get(C_COUNT), i.get(C_VERSION))).build();

    static final Attribute<Tally, String> T_NAME = Attribute.required("name", AttributeTypes.STRING, Tally::name);
    static final Attribute<Tally, Long> T_COUNT = Attribute.required("count", AttributeTypes.LONG, Tally::count);
    static final EntitySchema<Tally> TALLY = EntitySchema.builder(Tally.class).attributes(T_NAME, T_COUNT)
            .primaryKey("TALLY#{name}", "TALLY")
            .factory(i -> new Tally(i.get(T_NAME), i.get(T_COUNT))).build();

    static final TableSchema SCHEMA = TableSchema.builder("FaultsTable").entities(ENTRY, COUNTER, TALLY).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    static final boolean FULL = Boolean.getBoolean("singletable.full");
    static final int SCALE = FULL ? 1 : 50;
    static final int PUTS = 10_000 / SCALE;
    static final int INCREMENTS = 2_000 / SCALE;
    static final int COUNTERS = 20;
    static final int TRANSACTIONS = 500 / SCALE;
    static final int TALLIES = 5;
    static final int BATCHED = 10_000 / SCALE;
    static final int BATCH_SIZE = 100;
    static final int THREADS = 16;
    static final double RATE = Double.parseDouble(System.getProperty("singletable.faults.rate", "0.30"));
    static final Duration ATTEMPT_TIMEOUT = Duration.ofMillis(500);

    private static FaultInjectingProxy proxy;
    private static DynamoDbClient faultyClient;
    private static Table faulty;
    private static Table direct;
    private static final AtomicLong calls = new AtomicLong();
    private static final AtomicLong attempts = new AtomicLong();
    private static final Map<String, AtomicLong> finalFailures = new ConcurrentHashMap<>();

    @BeforeAll
    static void start() throws Exception {
        direct = db.table();
        proxy = new FaultInjectingProxy(db.engine().endpoint(), RATE, Map.of(
                Fault.SERVER_ERROR_BEFORE, 6.0, Fault.THROTTLED_BEFORE, 6.0, Fault.THROUGHPUT_EXCEEDED_BEFORE, 6.0,
                Fault.SERVER_ERROR_AFTER, 5.0, Fault.CONNECTION_CLOSED_AFTER, 5.0, Fault.DELAYED_AFTER, 2.0),
                ATTEMPT_TIMEOUT.plusMillis(300), 20261122L);
        BackoffStrategy backoff = BackoffStrategy.exponentialDelay(Duration.ofMillis(5), Duration.ofMillis(200));
        faultyClient = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder().maxConnections(THREADS * 2))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .endpointOverride(proxy.endpoint())
                .overrideConfiguration(c -> c.apiCallAttemptTimeout(ATTEMPT_TIMEOUT)
                        .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(3).circuitBreakerEnabled(false)
                                .backoffStrategy(backoff).throttlingBackoffStrategy(backoff).build())
                        .addExecutionInterceptor(new ExecutionInterceptor() {
                            @Override
                            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                                calls.incrementAndGet();
                            }

                            @Override
                            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                                attempts.incrementAndGet();
                            }
                        }))
                .build();
        faulty = Table.builder(direct.schema(), faultyClient).build();
    }

    @AfterAll
    static void stop() throws Exception {
        faultyClient.close();
        proxy.close();
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES) // a retry loop that never ends fails here instead of hanging the build
    void writes_when30PercentOfRequestsFail_endWithExactlyTheExpectedTable() throws Exception {
        for (int c = 0; c < COUNTERS; c++) {
            direct.create(new Counter("c" + c, 0L, null));
        }
        for (int t = 0; t < TALLIES; t++) {
            direct.create(new Tally("t" + t, 0L));
        }
        long start = System.nanoTime();
        List<String> phases = new ArrayList<>();
        phases.add(phase("puts", PUTS, FaultsOnTheWireTest::put));
        phases.add(phase("conditional increments", COUNTERS, c -> increment(c, INCREMENTS / COUNTERS)));
        phases.add(phase("transactions", TRANSACTIONS, FaultsOnTheWireTest::transaction));
        phases.add(phase("batched writes", BATCHED / BATCH_SIZE, FaultsOnTheWireTest::batch));
        long millis = (System.nanoTime() - start) / 1_000_000;
        proxy.enabled(false);

        assertThat(direct.query(ENTRY).partition(GROUP, "put").list())
                .containsExactlyElementsOf(IntStream.range(0, PUTS).mapToObj(i -> entry("put", i)).toList());
        assertThat(direct.query(ENTRY).partition(GROUP, "batch").list())
                .containsExactlyElementsOf(IntStream.range(0, BATCHED).mapToObj(i -> entry("batch", i)).toList());
        assertThat(direct.query(ENTRY).partition(GROUP, "tx").list())
                .containsExactlyElementsOf(IntStream.range(0, TRANSACTIONS).mapToObj(i -> entry("tx", i)).toList());
        for (int c = 0; c < COUNTERS; c++) {
            long each = INCREMENTS / COUNTERS;
            assertThat(direct.get(COUNTER, KeyValues.of(C_NAME, "c" + c), ReadConsistency.STRONG))
                    .contains(new Counter("c" + c, each, each + 1));
        }
        for (int t = 0; t < TALLIES; t++) {
            int tally = t;
            long transactions = IntStream.range(0, TRANSACTIONS).filter(i -> i % TALLIES == tally).count();
            assertThat(direct.get(TALLY, KeyValues.of(T_NAME, "t" + t), ReadConsistency.STRONG)).contains(new Tally("t" + t, transactions));
        }
        assertThat(direct.scan(ENTRY).count()).isEqualTo(PUTS + BATCHED + TRANSACTIONS);
        Map<Fault, Long> faults = proxy.counts();
        if (RATE > 0) {
            assertThat(faults).allSatisfy((fault, count) -> assertThat(count).as(fault.name()).isPositive());
        }

        System.out.printf("faults on the wire (%s counts): %d puts, %d increments, %d transactions, %d batched writes in %d ms "
                        + "[%s]; %d requests, %d faulted (%s); %d SDK calls, %d attempts (%d retries); final failures %s%n",
                FULL ? "full" : "reduced", PUTS, INCREMENTS, TRANSACTIONS, BATCHED, millis, String.join(", ", phases),
                proxy.requests(), proxy.faults(), faults, calls.get(), attempts.get(), attempts.get() - calls.get(),
                new TreeMap<>(Map.copyOf(finalFailures.entrySet().stream()
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get())))));
    }

    private static Entry entry(String group, int n) {
        return new Entry(group, n, group + "-" + n);
    }

    private static String phase(String name, int tasks, IntConsumer task) throws Exception {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                int n = i;
                futures.add(pool.submit(() -> task.accept(n)));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return name + " " + (System.nanoTime() - start) / 1_000_000 + " ms";
    }

    /** Every failure that reaches the caller: one of ours, counted by type and by what it says of the write. */
    private static SingleTableException failed(RuntimeException e) {
        assertThat(e).isInstanceOf(SingleTableException.class);
        // every failure says what happened (issue 35: some said "...DynamoDB: null" at full counts)
        assertThat(e.getMessage()).isNotBlank().doesNotContain(": null");
        SingleTableException ours = (SingleTableException) e;
        String code = e instanceof dev.singletable.DynamoDbRequestException request ? " " + request.errorCode()
                + (e.getCause() != null && e.getCause().getClass().getSimpleName().contains("Timeout") ? " timeout" : "") : "";
        finalFailures.computeIfAbsent(e.getClass().getSimpleName() + code + (ours.mayHaveBeenApplied() ? "(may have been applied)"
                : "(not applied)"), k -> new AtomicLong()).incrementAndGet();
        return ours;
    }

    private static void put(int i) {
        Entry entry = entry("put", i);
        boolean inFlight = false;
        while (true) {
            try {
                faulty.put(entry);
                return;
            } catch (RuntimeException e) {
                inFlight |= failed(e).mayHaveBeenApplied();
                if (!inFlight) {
                    assertThat(direct.get(ENTRY, KeyValues.of(GROUP, "put").and(N, i))).isEmpty();
                }
                // a put of a whole item is idempotent: send it again
            }
        }
    }

    /** One counter, incremented by one writer: a version one past the one it updated from means its increment landed. */
    private static void increment(int c, int times) {
        KeyValues key = KeyValues.of(C_NAME, "c" + c);
        Counter current = direct.get(COUNTER, key, ReadConsistency.STRONG).orElseThrow();
        for (int i = 0; i < times; i++) {
            boolean inFlight = false;
            while (true) {
                try {
                    Counter after = faulty.update(current, u -> u.add(C_COUNT, 1L));
                    assertThat(after).isEqualTo(new Counter(current.name(), current.count() + 1, current.version() + 1));
                    current = after;
                    break;
                } catch (RuntimeException e) {
                    inFlight |= failed(e).mayHaveBeenApplied();
                    Counter stored = direct.get(COUNTER, key, ReadConsistency.STRONG).orElseThrow();
                    if (!inFlight) {
                        assertThat(stored).as("an increment that said it was not applied").isEqualTo(current);
                    }
                    if (stored.version() == current.version() + 1) {
                        assertThat(stored.count()).isEqualTo(current.count() + 1);
                        current = stored;
                        break;
                    }
                    // not applied yet; an earlier attempt still on its way can land later, but only on this version
                    assertThat(stored).isEqualTo(current);
                }
            }
        }
    }

    private static void transaction(int i) {
        Entry marker = entry("tx", i);
        WriteTransaction transaction = faulty.transaction().create(marker)
                .update(TALLY, KeyValues.of(T_NAME, "t" + i % TALLIES), u -> u.add(T_COUNT, 1L));
        boolean inFlight = false;
        while (true) {
            try {
                transaction.execute();
                return;
            } catch (RuntimeException e) {
                inFlight |= failed(e).mayHaveBeenApplied();
                boolean stored = direct.get(ENTRY, KeyValues.of(GROUP, "tx").and(N, i)).isPresent();
                if (!inFlight) {
                    assertThat(stored).as("transaction %d said it was not applied", i).isFalse();
                }
                // executed again as it is: it keeps its ClientRequestToken, so DynamoDB applies it once
            }
        }
    }

    private static void batch(int b) {
        List<Entry> entries = IntStream.range(b * BATCH_SIZE, (b + 1) * BATCH_SIZE).mapToObj(i -> entry("batch", i)).toList();
        List<Object> pending = new ArrayList<>(entries);
        while (!pending.isEmpty()) {
            try {
                BatchWriteResult result = faulty.batchWrite().putAll(pending).execute();
                pending = new ArrayList<>(result.unprocessedPuts());
            } catch (RuntimeException e) {
                failed(e); // puts are idempotent: the whole batch again
            }
        }
    }
}
