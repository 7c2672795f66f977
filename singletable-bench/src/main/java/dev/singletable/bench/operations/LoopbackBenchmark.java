package dev.singletable.bench.operations;

import dev.singletable.local.LocalDynamoDb;
import dev.singletable.bench.TimedRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The operations of {@link OperationBenchmark} end to end: the embedded engine (Dynoxide, a process of its own) on loopback,
 * reached through the SDK's Apache client, raw SDK against singletable, in operations per second. A check of how much
 * the client's own cost (measured alone on the canned client) weighs in a real round trip. The thread counts are the
 * subclasses {@link OneThread} and {@link EightThreads}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public abstract class LoopbackBenchmark extends TimedRun {
    private static final Order ORDER = SampleItems.singleOrder();

    private LocalDynamoDb local;
    private DynamoDbClient client;
    private RawSdkOperations raw;
    private SingleTableOperations singletable;

    @Setup
    public void setUp() {
        local = LocalDynamoDb.embedded();
        client = BenchClients.over(ApacheHttpClient.builder().maxConnections(16).build(), local.endpoint());
        raw = new RawSdkOperations(client);
        singletable = new SingleTableOperations(client);
        singletable.table().createTable();
        for (Object item : SampleItems.all()) {
            singletable.table().put(item);
        }
        if (!raw.get(ORDER.customerId(), ORDER.orderId()).equals(singletable.get(ORDER.customerId(), ORDER.orderId()))
                || raw.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER).size() != 100
                || singletable.queryCollection(SampleItems.COLLECTION_CUSTOMER).size() != 100) {
            throw new IllegalStateException("raw and singletable read different items from the engine");
        }
    }

    @TearDown
    public void tearDown() {
        client.close();
        local.close();
    }

    @Benchmark
    public Optional<Order> getItem_raw() {
        return raw.get(ORDER.customerId(), ORDER.orderId());
    }

    @Benchmark
    public Optional<Order> getItem_singletable() {
        return singletable.get(ORDER.customerId(), ORDER.orderId());
    }

    @Benchmark
    public void putItem_raw() {
        raw.put(ORDER);
    }

    @Benchmark
    public void putItem_singletable() {
        singletable.put(ORDER);
    }

    @Benchmark
    public Order updateItem_raw() {
        return raw.update(ORDER.customerId(), ORDER.orderId(), OrderStatus.SHIPPED, SampleItems.NEW_TOTAL);
    }

    @Benchmark
    public Order updateItem_singletable() {
        return singletable.update(ORDER.customerId(), ORDER.orderId(), OrderStatus.SHIPPED, SampleItems.NEW_TOTAL);
    }

    @Benchmark
    public List<Order> query10_raw() {
        return raw.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query10_singletable() {
        return singletable.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query100_raw() {
        return raw.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query100_singletable() {
        return singletable.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<CustomerItems> collection100_raw() {
        return raw.queryCollection(SampleItems.COLLECTION_CUSTOMER);
    }

    @Benchmark
    public List<CustomerItems> collection100_singletable() {
        return singletable.queryCollection(SampleItems.COLLECTION_CUSTOMER);
    }

    @Benchmark
    public List<Order> batchGet100_raw() {
        return raw.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, SampleItems.HUNDRED_ORDER_IDS);
    }

    @Benchmark
    public List<Order> batchGet100_singletable() {
        return singletable.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, SampleItems.HUNDRED_ORDER_IDS);
    }

    /** One client thread. */
    @org.openjdk.jmh.annotations.Threads(1)
    public static class OneThread extends LoopbackBenchmark {
    }

    /** Eight client threads on one client and one engine. */
    @org.openjdk.jmh.annotations.Threads(8)
    public static class EightThreads extends LoopbackBenchmark {
    }
}
