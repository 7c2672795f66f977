package dev.singletable.bench.operations;

import dev.singletable.bench.operations.RecordedResponses.Scenario;
import dev.singletable.bench.TimedRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Whole operations on the client alone: the SDK's {@code DynamoDbClient} on a {@link CannedHttpClient} that answers with
 * the embedded engine's recorded responses, so that no engine and no socket is measured. Per operation: {@code raw} (the SDK
 * with hand-written keys and mapping), {@code enhanced} (the Enhanced Client with a bean schema, where it can) and
 * {@code singletable} (the public {@code Table} API with generated schemas), each on the same canned client.
 *
 * <p>Operations: GetItem, PutItem, UpdateItem (set two attributes under a condition, ALL_NEW), Query of 10 and of 100
 * orders, a collection Query of 100 items of 3 types, BatchGetItem of 100 keys. See the README, section "Operations".
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class OperationBenchmark extends TimedRun {
    private static final Order ORDER = SampleItems.singleOrder();
    private static final String CUSTOMER = ORDER.customerId();
    private static final String ORDER_ID = ORDER.orderId();

    private final Map<Scenario, DynamoDbClient> clients = new EnumMap<>(Scenario.class);
    private final Map<Scenario, RawSdkOperations> raw = new EnumMap<>(Scenario.class);
    private final Map<Scenario, EnhancedOperations> enhanced = new EnumMap<>(Scenario.class);
    private final Map<Scenario, SingleTableOperations> singletable = new EnumMap<>(Scenario.class);
    private final Map<Scenario, SingleTableOperations> wire = new EnumMap<>(Scenario.class);
    private final List<DynamoDbClient> moreClients = new java.util.ArrayList<>();
    private RawSdkOperations rawEmpty;
    private SingleTableOperations singletableEmpty;
    private SingleTableOperations wireEmpty;
    private SingleTableOperations wireSingle;
    private SingleTableOperations wireQuery10;
    private SingleTableOperations wireQuery100;
    private SingleTableOperations wireCollection;
    private RawSdkOperations rawSingle;
    private RawSdkOperations rawQuery10;
    private RawSdkOperations rawQuery100;
    private RawSdkOperations rawCollection;
    private EnhancedOperations enhancedSingle;
    private EnhancedOperations enhancedQuery10;
    private EnhancedOperations enhancedQuery100;
    private SingleTableOperations singletableSingle;
    private SingleTableOperations singletableQuery10;
    private SingleTableOperations singletableQuery100;
    private SingleTableOperations singletableCollection;
    private OrderBean orderBean;

    @Setup
    public void setUp() {
        RecordedResponses recorded = RecordedResponses.load();
        for (Scenario scenario : Scenario.values()) {
            DynamoDbClient client = BenchClients.over(CannedHttpClient.of(recorded.bodies(scenario)), BenchClients.CANNED_ENDPOINT);
            clients.put(scenario, client);
            raw.put(scenario, new RawSdkOperations(client));
            enhanced.put(scenario, new EnhancedOperations(client));
            singletable.put(scenario, new SingleTableOperations(client));
            DynamoDbClient wireClient = BenchClients.withWireCodec(CannedHttpClient.of(recorded.bodies(scenario)), BenchClients.CANNED_ENDPOINT);
            moreClients.add(wireClient);
            wire.put(scenario, new SingleTableOperations(wireClient));
        }
        // the 100-order Query's response without its items: query100 minus query0 is what decoding the 100 items costs
        Map<String, byte[]> empty = Map.of("Query", EmptyPage.of(recorded.bodies(Scenario.QUERY_100).get("Query")));
        DynamoDbClient emptyClient = BenchClients.over(CannedHttpClient.of(empty), BenchClients.CANNED_ENDPOINT);
        DynamoDbClient emptyWireClient = BenchClients.withWireCodec(CannedHttpClient.of(empty), BenchClients.CANNED_ENDPOINT);
        moreClients.add(emptyClient);
        moreClients.add(emptyWireClient);
        rawEmpty = new RawSdkOperations(emptyClient);
        singletableEmpty = new SingleTableOperations(emptyClient);
        wireEmpty = new SingleTableOperations(emptyWireClient);
        wireSingle = wire.get(Scenario.SINGLE_ITEMS);
        wireQuery10 = wire.get(Scenario.QUERY_10);
        wireQuery100 = wire.get(Scenario.QUERY_100);
        wireCollection = wire.get(Scenario.COLLECTION_100);
        rawSingle = raw.get(Scenario.SINGLE_ITEMS);
        rawQuery10 = raw.get(Scenario.QUERY_10);
        rawQuery100 = raw.get(Scenario.QUERY_100);
        rawCollection = raw.get(Scenario.COLLECTION_100);
        enhancedSingle = enhanced.get(Scenario.SINGLE_ITEMS);
        enhancedQuery10 = enhanced.get(Scenario.QUERY_10);
        enhancedQuery100 = enhanced.get(Scenario.QUERY_100);
        singletableSingle = singletable.get(Scenario.SINGLE_ITEMS);
        singletableQuery10 = singletable.get(Scenario.QUERY_10);
        singletableQuery100 = singletable.get(Scenario.QUERY_100);
        singletableCollection = singletable.get(Scenario.COLLECTION_100);
        orderBean = OrderBean.of(ORDER);
        checkAllAgree();
    }

    /** The three clients must decode the same entities from the same bytes, or the figures compare different work. */
    private void checkAllAgree() {
        same("get", getItem_raw(), getItem_singletable(), Optional.of(getItem_enhanced().toOrder()));
        same("update", updateItem_raw(), updateItem_singletable(), updateItem_enhanced().toOrder());
        same("query 10", query10_raw(), query10_singletable(), query10_enhanced().stream().map(OrderBean::toOrder).toList());
        same("query 100", query100_raw(), query100_singletable(), query100_enhanced().stream().map(OrderBean::toOrder).toList());
        same("collection 100", collection100_raw(), collection100_singletable(), collection100_raw());
        same("batch get 100", new HashSet<>(batchGet100_raw()), new HashSet<>(batchGet100_singletable()),
                new HashSet<>(batchGet100_enhanced().stream().map(OrderBean::toOrder).toList()));
        same("get (wire)", getItem_raw(), getItem_wire(), getItem_raw());
        same("query 10 (wire)", query10_raw(), query10_wire(), query10_raw());
        same("query 100 (wire)", query100_raw(), query100_wire(), query100_raw());
        same("collection 100 (wire)", collection100_raw(), collection100_wire(), collection100_raw());
        same("batch get 100 (wire)", new HashSet<>(batchGet100_raw()), new HashSet<>(batchGet100_wire()), new HashSet<>(batchGet100_raw()));
        same("query 0", query0_raw(), query0_singletable(), query0_wire());
        if (!query0_raw().isEmpty()) {
            throw new IllegalStateException("the emptied Query response still holds items");
        }
        if (query100_raw().size() != 100 || collection100_raw().size() != 100 || batchGet100_raw().size() != 100
                || query10_raw().size() != 10) {
            throw new IllegalStateException("the canned responses do not hold the expected item counts");
        }
        putItem_raw();
        putItem_enhanced();
        putItem_singletable();
    }

    private static void same(String operation, Object raw, Object singletable, Object enhanced) {
        if (!Objects.equals(raw, singletable) || !Objects.equals(raw, enhanced)) {
            throw new IllegalStateException(operation + ": raw, singletable and enhanced differ:\n" + raw + "\n" + singletable + "\n" + enhanced);
        }
    }

    @TearDown
    public void tearDown() {
        clients.values().forEach(DynamoDbClient::close);
        moreClients.forEach(DynamoDbClient::close);
    }

    @Benchmark
    public Optional<Order> getItem_raw() {
        return rawSingle.get(CUSTOMER, ORDER_ID);
    }

    @Benchmark
    public OrderBean getItem_enhanced() {
        return enhancedSingle.get(CUSTOMER, ORDER_ID);
    }

    @Benchmark
    public Optional<Order> getItem_singletable() {
        return singletableSingle.get(CUSTOMER, ORDER_ID);
    }

    @Benchmark
    public void putItem_raw() {
        rawSingle.put(ORDER);
    }

    @Benchmark
    public void putItem_enhanced() {
        enhancedSingle.put(orderBean);
    }

    @Benchmark
    public void putItem_singletable() {
        singletableSingle.put(ORDER);
    }

    @Benchmark
    public Order updateItem_raw() {
        return rawSingle.update(CUSTOMER, ORDER_ID, OrderStatus.SHIPPED, SampleItems.NEW_TOTAL);
    }

    @Benchmark
    public OrderBean updateItem_enhanced() {
        return enhancedSingle.update(CUSTOMER, ORDER_ID, OrderStatus.SHIPPED, SampleItems.NEW_TOTAL);
    }

    @Benchmark
    public Order updateItem_singletable() {
        return singletableSingle.update(CUSTOMER, ORDER_ID, OrderStatus.SHIPPED, SampleItems.NEW_TOTAL);
    }

    @Benchmark
    public List<Order> query10_raw() {
        return rawQuery10.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<OrderBean> query10_enhanced() {
        return enhancedQuery10.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query10_singletable() {
        return singletableQuery10.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query100_raw() {
        return rawQuery100.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<OrderBean> query100_enhanced() {
        return enhancedQuery100.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query100_singletable() {
        return singletableQuery100.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<CustomerItems> collection100_raw() {
        return rawCollection.queryCollection(SampleItems.COLLECTION_CUSTOMER);
    }

    @Benchmark
    public List<CustomerItems> collection100_singletable() {
        return singletableCollection.queryCollection(SampleItems.COLLECTION_CUSTOMER);
    }

    @Benchmark
    public List<Order> batchGet100_raw() {
        return rawSingle.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, SampleItems.HUNDRED_ORDER_IDS);
    }

    @Benchmark
    public List<OrderBean> batchGet100_enhanced() {
        return enhancedSingle.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, SampleItems.HUNDRED_ORDER_IDS);
    }

    @Benchmark
    public List<Order> batchGet100_singletable() {
        return singletableSingle.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, SampleItems.HUNDRED_ORDER_IDS);
    }

    // singletable with the wire codec installed on its client: the same operations, items decoded from the response body

    @Benchmark
    public Optional<Order> getItem_wire() {
        return wireSingle.get(CUSTOMER, ORDER_ID);
    }

    @Benchmark
    public List<Order> query10_wire() {
        return wireQuery10.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query100_wire() {
        return wireQuery100.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<CustomerItems> collection100_wire() {
        return wireCollection.queryCollection(SampleItems.COLLECTION_CUSTOMER);
    }

    @Benchmark
    public List<Order> batchGet100_wire() {
        return wireSingle.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, SampleItems.HUNDRED_ORDER_IDS);
    }

    // the 100-order Query answered with no items: the same call without the page's decoding, to subtract

    @Benchmark
    public List<Order> query0_raw() {
        return rawEmpty.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query0_singletable() {
        return singletableEmpty.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }

    @Benchmark
    public List<Order> query0_wire() {
        return wireEmpty.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER);
    }
}
