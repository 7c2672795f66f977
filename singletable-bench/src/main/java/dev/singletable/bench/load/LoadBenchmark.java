package dev.singletable.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.Table;
import dev.singletable.cli.Main;
import dev.singletable.cli.output.Style;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.schema.SchemaFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * Bulk load throughput against the embedded engine over loopback HTTP: {@code singletable load} (the command,
 * run in this JVM: every item through the blog design's User schema, checkpoint, progress) against a
 * hand-written loop that reads the same JSON Lines file with Jackson, builds the same items by hand and
 * sends BatchWriteItem requests of 25 on the same number of threads, retrying unprocessed items. One
 * invocation loads {@link #ITEMS} items into a fresh table; the score is seconds per load (items/s is
 * {@value #ITEMS} divided by it). Run by {@code load-throughput.sh}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
@State(Scope.Benchmark)
public class LoadBenchmark {
    static final int ITEMS = 20_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    private static final AtomicInteger TABLES = new AtomicInteger();

    @Param({"4"})
    public int parallelism;

    private LocalDynamoDb local;
    private URI endpoint;
    private DynamoDbClient client;
    private Path directory;
    private Path design;
    private Path items;
    private String tableName;

    @Setup(Level.Trial)
    public void startEngine() throws IOException {
        startEngine(engine -> engine);
    }

    /** Starts the engine; every request (the loop's, the command's) goes to {@code route} of its endpoint ({@link LoadWire}'s proxy). */
    void startEngine(UnaryOperator<URI> route) throws IOException {
        local = LocalDynamoDb.embedded();
        endpoint = route.apply(local.endpoint());
        client = DynamoDbClient.builder()
                .httpClient(ApacheHttpClient.builder().maxConnections(50).build())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .endpointOverride(endpoint)
                .build();
        directory = Files.createTempDirectory("singletable-load-bench");
        design = Path.of(System.getProperty("bench.design", "../designs/blog.singletable.yaml")).toAbsolutePath();
        items = directory.resolve("users.jsonl");
        try (Writer out = Files.newBufferedWriter(items, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= ITEMS; i++) {
                out.write("{\"entity\": \"User\", \"username\": \"user" + i + "\", \"name\": \"User number " + i + "\", \"email\": \"user"
                        + i + "@example.com\", \"bio\": \"Writes about single-table design\"}\n");
            }
        }
    }

    @Setup(Level.Iteration)
    public void freshTable() {
        tableName = "LoadBench-" + TABLES.incrementAndGet();
        SchemaFile blog = SchemaFile.load(design);
        Table.of(blog.tableSchema().toBuilder().name(tableName).build(), client).createTable();
    }

    /** The client of the loop and of the set-up and checks (not the command's, which builds its own). */
    DynamoDbClient client() {
        return client;
    }

    /** The table of the current iteration. */
    String tableName() {
        return tableName;
    }

    @TearDown(Level.Iteration)
    public void checkEveryItemWritten() {
        int count = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var page = client.scan(r -> r.tableName(tableName).select(Select.COUNT).exclusiveStartKey(from));
            count += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        if (count != ITEMS) {
            throw new IllegalStateException(tableName + " holds " + count + " items, not " + ITEMS);
        }
        client.deleteTable(r -> r.tableName(tableName));
    }

    @TearDown(Level.Trial)
    public void stopEngine() throws IOException {
        client.close();
        local.close();
        try (var files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(directory);
    }

    @Benchmark
    public int load_singletable() {
        return singletable();
    }

    /**
     * {@code singletable load --no-capacity}: no ReturnConsumedCapacity, like for like with the plain loop
     * ({@link #load_handWritten}), as {@link #load_singletable} is with {@link #load_handWrittenWithCapacity}.
     */
    @Benchmark
    public int load_singletableNoCapacity() {
        return singletable("--no-capacity");
    }

    private int singletable(String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("load", design.toString(), items.toString(), "--endpoint",
                endpoint.toString(), "--table", tableName, "--parallelism", String.valueOf(parallelism), "--progress-every", "0"));
        args.addAll(List.of(extra));
        int code = Main.run(args.toArray(String[]::new), NOWHERE, NOWHERE, Style.plain());
        if (code != 0) {
            throw new IllegalStateException("singletable load exited with " + code);
        }
        return code;
    }

    @Benchmark
    public int load_handWritten() throws Exception {
        return handWritten(ReturnConsumedCapacity.NONE);
    }

    /**
     * The hand-written loop asking DynamoDB for the capacity each request consumed, as the command does for its WCU figure
     * (progress bar and summary). DynamoDB Local, the engine of the first figures, computed it per item (it read the table's description back
     * from SQLite for each), so on that engine this cost server time that the plain loop does not pay.
     */
    @Benchmark
    public int load_handWrittenWithCapacity() throws Exception {
        return handWritten(ReturnConsumedCapacity.TOTAL);
    }

    /** One load, as the mains that run them outside JMH call it ({@link LoadRounds}, {@link LoadWire}). */
    interface Load {
        void run() throws Exception;
    }

    /** The four loads by their benchmark's name without {@code load_}, in this class's order. */
    Map<String, Load> loads() {
        Map<String, Load> loads = new LinkedHashMap<>();
        loads.put("singletable", this::load_singletable);
        loads.put("singletableNoCapacity", this::load_singletableNoCapacity);
        loads.put("handWritten", this::load_handWritten);
        loads.put("handWrittenWithCapacity", this::load_handWrittenWithCapacity);
        return loads;
    }

    private int handWritten(ReturnConsumedCapacity capacity) throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(parallelism);
        Semaphore inFlight = new Semaphore(parallelism * 2);
        AtomicInteger written = new AtomicInteger();
        String now = Instant.now().toString();
        try (BufferedReader reader = Files.newBufferedReader(items, StandardCharsets.UTF_8)) {
            List<WriteRequest> chunk = new ArrayList<>(25);
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                JsonNode node = JSON.readTree(line);
                String username = node.get("username").asText();
                Map<String, AttributeValue> item = new HashMap<>();
                item.put("pk", AttributeValue.fromS("USER#" + username));
                item.put("sk", AttributeValue.fromS("USER#" + username));
                item.put("entityType", AttributeValue.fromS("User"));
                item.put("username", AttributeValue.fromS(username));
                item.put("name", AttributeValue.fromS(node.get("name").asText()));
                item.put("email", AttributeValue.fromS(node.get("email").asText()));
                item.put("bio", AttributeValue.fromS(node.get("bio").asText()));
                item.put("createdAt", AttributeValue.fromS(now));
                item.put("updatedAt", AttributeValue.fromS(now));
                chunk.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
                if (chunk.size() == 25) {
                    send(List.copyOf(chunk), capacity, writers, inFlight, written);
                    chunk.clear();
                }
            }
            if (!chunk.isEmpty()) {
                send(List.copyOf(chunk), capacity, writers, inFlight, written);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        writers.shutdown();
        if (!writers.awaitTermination(10, TimeUnit.MINUTES) || written.get() != ITEMS) {
            throw new IllegalStateException("hand-written loop wrote " + written.get() + " items");
        }
        return written.get();
    }

    private void send(List<WriteRequest> chunk, ReturnConsumedCapacity capacity, ExecutorService writers, Semaphore inFlight, AtomicInteger written) {
        inFlight.acquireUninterruptibly();
        writers.execute(() -> {
            try {
                List<WriteRequest> left = chunk;
                for (int attempt = 0; !left.isEmpty(); attempt++) {
                    if (attempt > 0) {
                        Thread.sleep(ThreadLocalRandom.current().nextLong(Math.min(5_000, 25L << attempt)));
                    }
                    List<WriteRequest> sending = left;
                    BatchWriteItemResponse response = client.batchWriteItem(r -> r.requestItems(Map.of(tableName, sending))
                            .returnConsumedCapacity(capacity));
                    left = response.unprocessedItems().getOrDefault(tableName, List.of());
                    written.addAndGet(sending.size() - left.size());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.release();
            }
        });
    }
}
