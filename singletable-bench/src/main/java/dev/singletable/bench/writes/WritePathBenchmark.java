package dev.singletable.bench.writes;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.bench.TimedRun;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The core's own share of a write and of a decode, without the SDK's marshalling or HTTP: the client answers at once
 * (an update with the stored item, a put with nothing). {@code updateLoaded} is {@code table.update(current, ...)} of an
 * entity with an Integer version, {@code updateByKey} the same change by key, {@code create} a conditional put, and
 * {@code decodeWithBag} an item with a read-only attribute and three unmapped ones into the generated codec.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WritePathBenchmark extends TimedRun {
    private Table table;
    private Ticket ticket;
    private KeyValues key;
    private Map<String, AttributeValue> stored;

    @Setup
    public void setUp() {
        stored = new HashMap<>();
        Map.of("PK", "TICKET#t-1", "SK", "TICKET", "entityType", "Ticket", "id", "t-1", "title", "Opening night", "venue", "Main hall",
                "legacyCode", "L-9", "row", "F", "note", "aisle").forEach((name, text) -> stored.put(name, AttributeValue.fromS(text)));
        Map.of("seats", "120", "version", "7", "batch", "3").forEach((name, number) -> stored.put(name, AttributeValue.fromN(number)));
        UpdateItemResponse updated = UpdateItemResponse.builder().attributes(stored).build();
        PutItemResponse put = PutItemResponse.builder().build();
        DynamoDbClient client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[]{DynamoDbClient.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "updateItem" -> updated;
                    case "putItem" -> put;
                    case "serviceName" -> DynamoDbClient.SERVICE_NAME;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "a client answering at once";
                    case "close" -> null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        table = Table.of(TableSchema.builder("Bench").entities(TicketSchema.INSTANCE).build(), client);
        ticket = table.fromItem(TicketSchema.INSTANCE, stored);
        key = KeyValues.of(TicketSchema.ID, "t-1");
        if (ticket.extra().size() != 3 || !"L-9".equals(ticket.legacyCode())) {
            throw new IllegalStateException("unexpected decode: " + ticket);
        }
    }

    @Benchmark
    public Ticket updateLoaded() {
        return table.update(ticket, u -> u.set(TicketSchema.TITLE, "Second night"));
    }

    @Benchmark
    public Ticket updateByKey() {
        return table.update(TicketSchema.INSTANCE, key, u -> u.set(TicketSchema.TITLE, "Second night"));
    }

    @Benchmark
    public Ticket create() {
        return table.create(ticket);
    }

    @Benchmark
    public Ticket decodeWithBag() {
        return table.fromItem(TicketSchema.INSTANCE, stored);
    }
}
