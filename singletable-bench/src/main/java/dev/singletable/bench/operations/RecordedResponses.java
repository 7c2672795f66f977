package dev.singletable.bench.operations;

import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDb;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The response bodies the canned client answers with, recorded once: the embedded engine (Dynoxide) is started over loopback HTTP, the
 * sample items are written, and singletable runs each operation once through a client that keeps what came back. So the
 * bodies are DynamoDB's own JSON for singletable's own requests (which ask for the consumed capacity, so every response
 * carries it); the raw SDK and the Enhanced Client are answered with the same bytes.
 */
final class RecordedResponses {
    /** One canned client per scenario, as the Query of each scenario answers differently. */
    enum Scenario {
        /** GetItem, PutItem and UpdateItem of one order, BatchGetItem of 100 orders. */
        SINGLE_ITEMS,
        QUERY_10,
        QUERY_100,
        /** 100 items of 3 types in one partition. */
        COLLECTION_100
    }

    private final Map<Scenario, Map<String, byte[]>> bodies;
    private final Map<String, String> requests;

    private RecordedResponses(Map<Scenario, Map<String, byte[]>> bodies, Map<String, String> requests) {
        this.bodies = bodies;
        this.requests = requests;
    }

    /**
     * The recorded responses: read from the directory named by the system property {@code bench.recordings} when it is
     * set and holds them (written there by {@link #main}), else recorded now.
     */
    static RecordedResponses load() {
        String directory = System.getProperty("bench.recordings");
        if (directory == null || !Files.isDirectory(Path.of(directory))) {
            return record();
        }
        Map<Scenario, Map<String, byte[]>> bodies = new EnumMap<>(Scenario.class);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of(directory), "*.json")) {
            for (Path file : files) {
                String[] name = file.getFileName().toString().split("\\.");
                bodies.computeIfAbsent(Scenario.valueOf(name[0]), s -> new LinkedHashMap<>()).put(name[1], Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bodies.size() != Scenario.values().length) {
            throw new IllegalStateException(directory + " holds responses of " + bodies.keySet() + " only; delete it to record again");
        }
        return new RecordedResponses(bodies, Map.of());
    }

    static RecordedResponses record() {
        Map<Scenario, Map<String, byte[]>> bodies = new EnumMap<>(Scenario.class);
        Map<String, String> requests = new LinkedHashMap<>();
        try (LocalDynamoDb local = LocalDynamoDb.embedded();
             RecordingHttpClient recorder = new RecordingHttpClient(ApacheHttpClient.builder().build());
             DynamoDbClient client = BenchClients.over(recorder, local.endpoint())) {
            SingleTableOperations singletable = new SingleTableOperations(client);
            Table table = singletable.table();
            table.createTable();
            for (Object item : SampleItems.all()) {
                table.put(item);
            }
            Order order = SampleItems.singleOrder();
            singletable.get(order.customerId(), order.orderId()).orElseThrow();
            singletable.put(order);
            singletable.update(order.customerId(), order.orderId(), OrderStatus.SHIPPED, order.total());
            List<String> ids = SampleItems.orders(SampleItems.HUNDRED_ORDERS_CUSTOMER, 100).stream().map(Order::orderId).toList();
            check(singletable.batchGet(SampleItems.HUNDRED_ORDERS_CUSTOMER, ids).size(), 100, "BatchGetItem");
            Map<String, byte[]> single = new LinkedHashMap<>();
            for (String operation : List.of("GetItem", "PutItem", "UpdateItem", "BatchGetItem")) {
                single.put(operation, recorder.last(operation));
                requests.put(operation, new String(recorder.lastRequest(operation), StandardCharsets.UTF_8));
            }
            bodies.put(Scenario.SINGLE_ITEMS, single);
            check(singletable.queryOrders(SampleItems.TEN_ORDERS_CUSTOMER).size(), 10, "Query of 10");
            bodies.put(Scenario.QUERY_10, Map.of("Query", recorder.last("Query")));
            check(singletable.queryOrders(SampleItems.HUNDRED_ORDERS_CUSTOMER).size(), 100, "Query of 100");
            bodies.put(Scenario.QUERY_100, Map.of("Query", recorder.last("Query")));
            requests.put("Query", new String(recorder.lastRequest("Query"), StandardCharsets.UTF_8));
            check(singletable.queryCollection(SampleItems.COLLECTION_CUSTOMER).size(), 100, "collection Query");
            bodies.put(Scenario.COLLECTION_100, Map.of("Query", recorder.last("Query")));
            requests.put("Query (collection)", new String(recorder.lastRequest("Query"), StandardCharsets.UTF_8));
        }
        return new RecordedResponses(bodies, requests);
    }

    private static void check(int actual, int expected, String what) {
        if (actual != expected) {
            throw new IllegalStateException(what + " returned " + actual + " items, not " + expected);
        }
    }

    Map<String, byte[]> bodies(Scenario scenario) {
        return bodies.get(scenario);
    }

    /** singletable's request bodies, by operation, as sent while recording. */
    Map<String, String> requests() {
        return requests;
    }

    /**
     * Records, prints singletable's requests and the recorded responses, and with a directory argument saves the
     * responses there for {@link #load} ({@code -Dbench.recordings=DIR}): {@code java ... RecordedResponses [DIR]}.
     */
    public static void main(String[] args) throws IOException {
        RecordedResponses recorded = record();
        if (args.length > 0) {
            Path directory = Files.createDirectories(Path.of(args[0]));
            for (Map.Entry<Scenario, Map<String, byte[]>> scenario : recorded.bodies.entrySet()) {
                for (Map.Entry<String, byte[]> body : scenario.getValue().entrySet()) {
                    Files.write(directory.resolve(scenario.getKey() + "." + body.getKey() + ".json"), body.getValue());
                }
            }
        }
        recorded.requests.forEach((operation, body) -> System.out.println("request " + operation + ": " + body));
        recorded.bodies.forEach((scenario, byOperation) -> byOperation.forEach((operation, body) -> {
            String text = new String(body, StandardCharsets.UTF_8);
            System.out.println("response " + scenario + " " + operation + " (" + body.length + " bytes): "
                    + (text.length() > 600 ? text.substring(0, 600) + "..." : text));
        }));
    }
}
