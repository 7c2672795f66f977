package dev.singletable.bench.operations;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.net.URI;
import java.util.Optional;

/**
 * What the first-put-and-get mains share: their arguments ({@code ENDPOINT [urlconnection|apache] [--phases]}),
 * the order they write and read, and the line they print after the clock stops:
 * {@code <ns from main to the get's result> <ns of the process's CPU> <ms from the script's fork to main> <phases>}.
 * The engine (Dynoxide over loopback HTTP, {@code ColdStartServer}) runs in another process, started by {@code cold-start-put-get.sh}.
 *
 * <p>Each main keeps only what tells it apart (its client) and calls the rest here: a method a JVM never runs loads no class
 * into it, so {@link #sdkClient} and {@link #putAndGetThroughTable} change nothing for the mains that do not call them (the
 * script's census counted the same classes, by name, for each of the four mains before and after they moved here, on
 * JDK 17 and 25). The clock still starts in each main's first line, before this class is loaded.
 */
final class ColdStartPutGet {
    static final StaticCredentialsProvider CREDENTIALS = StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    final long start;
    final long startMillis;
    final URI endpoint;
    final boolean apache;
    private final boolean phases;
    private final StringBuilder marks = new StringBuilder();
    private long last;

    ColdStartPutGet(long start, long startMillis, String[] args) {
        this.start = start;
        this.startMillis = startMillis;
        this.last = start;
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: ENDPOINT [urlconnection|apache] [--phases]");
        }
        this.endpoint = URI.create(args[0]);
        this.apache = args.length > 1 && args[1].equals("apache");
        this.phases = args.length > 2 && args[2].equals("--phases");
    }

    SdkHttpClient httpClient() {
        return apache ? ApacheHttpClient.create() : UrlConnectionHttpClient.create();
    }

    /** The SDK's client on that HTTP client, for the raw main and singletable on the SDK's client. */
    DynamoDbClient sdkClient() {
        return DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(endpoint).credentialsProvider(CREDENTIALS)
                .httpClient(httpClient()).build();
    }

    /** The same HTTP client's builder, for a client that builds it itself (the wire main). */
    SdkHttpClient.Builder<?> httpClientBuilder() {
        return apache ? ApacheHttpClient.builder() : UrlConnectionHttpClient.builder();
    }

    /** Built from literals: the samples' String.format would load the JDK's formatter into every main alike. */
    static Order order() {
        return new Order("COLD", "O0001", OrderStatus.PAID, new BigDecimal("130.99"), 2, Instant.ofEpochSecond(1_747_645_260L),
                List.of("gift", "express"));
    }

    /**
     * The singletable mains' work once their client is built: the order put and got through {@code Table} with the
     * generated schema, each step marked, then {@link #finish}.
     */
    void putAndGetThroughTable(DynamoDbClient client) {
        mark("client");
        Table table = Table.of(BenchTable.SCHEMA, client);
        table.put(order());
        mark("put");
        var read = table.get(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, order().customerId())
                .and(OrderSchema.ORDER_ID, order().orderId()));
        mark("get");
        finish(read);
    }

    /** Notes the time since the last mark, when {@code --phases} asked for it. */
    void mark(String phase) {
        if (phases) {
            long now = System.nanoTime();
            marks.append(' ').append(phase).append('=').append((now - last) / 100_000 / 10.0).append("ms");
            last = now;
        }
    }

    /** Stops the clock and prints the figures; fails when the get did not return what the put wrote. */
    void finish(Optional<Order> read) {
        long elapsed = System.nanoTime() - start;
        long cpu = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
        // checked after both clocks, field by field: a record's equals links an invokedynamic call site (ObjectMethods
        // spins classes for it), which the paths do not pay and which would lengthen the process as the script times it
        if (!sameOrder(read)) {
            throw new IllegalStateException("the get returned " + read + ", not the order put: " + order());
        }
        System.out.println(elapsed + " " + cpu + " " + forkToMain() + marks);
    }

    // ms from the script's fork (COLD_START_FORK_NS, its clock just before it started this process; the Node scripts
    // take the same) to main's first line: the launcher and the JVM's start. -1 when not given. Not RuntimeMXBean's
    // start time, whose management classes would lengthen the process as the script times it, nor ProcessHandle's
    // start, which Linux gives to the second
    private long forkToMain() {
        String fork = System.getenv("COLD_START_FORK_NS");
        return fork == null ? -1 : startMillis - Long.parseLong(fork) / 1_000_000;
    }

    private static boolean sameOrder(Optional<Order> read) {
        if (read.isEmpty()) {
            return false;
        }
        Order got = read.get();
        Order put = order();
        return got.customerId().equals(put.customerId()) && got.orderId().equals(put.orderId()) && got.status() == put.status()
                && got.total().equals(put.total()) && got.itemCount() == put.itemCount() && got.createdAt().equals(put.createdAt())
                && got.tags().equals(put.tags());
    }
}
