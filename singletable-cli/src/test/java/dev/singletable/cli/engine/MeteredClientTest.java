package dev.singletable.cli.engine;

import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The requests a command sends beside its table, through {@link MeteredClient}, reported as the table reports its own
 * (on the embedded Dynoxide): the same events for the same request, whether the table or the client sent it.
 */
class MeteredClientTest {
    private static final SchemaFile BLOG = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));
    private static final AtomicInteger TABLES = new AtomicInteger();

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    private final List<RequestEvent> events = new CopyOnWriteArrayList<>();

    /** A fresh blog table holding two users, and nothing heard of making it. */
    private Table usersTable() {
        TableSchema schema = BLOG.tableSchema().toBuilder().name("MeteredClientTest-" + TABLES.incrementAndGet() + "-" + System.nanoTime()).build();
        Table table = Table.builder(schema, DB.client()).listener(events::add).build();
        table.createTable();
        table.put(DynamicItem.builder("User").set("username", "ann").set("name", "Ann").set("email", "ann@example.com").build());
        table.put(DynamicItem.builder("User").set("username", "bo").set("name", "Bo").set("email", "bo@example.com").build());
        events.clear();
        return table;
    }

    /** The events heard, each with its duration set to zero (the only part that differs from run to run). */
    private List<RequestEvent> heard() {
        return events.stream().map(e -> new RequestEvent(e.operation(), e.tableName(), e.indexName(), e.itemCount(), e.consumedCapacity(),
                Duration.ZERO, e.errorCode())).toList();
    }

    private static Map<String, AttributeValue> userKey(String username) {
        return Map.of("pk", AttributeValue.fromS("USER#" + username), "sk", AttributeValue.fromS("USER#" + username));
    }

    private static RequestEvent event(String operation, String table, int items, double units) {
        return new RequestEvent(operation, table, Optional.empty(), items, units, Duration.ZERO, Optional.empty());
    }

    @Test
    void getItem_whenTheTableReadsTheSameItem_isReportedAsTheTableReportsItsOwn() {
        Table table = usersTable();
        String name = table.schema().name();
        DynamoDbClient metered = MeteredClient.of(DB.client(), events::add, true);

        table.get(BLOG.entity("User"), KeyValues.of("username", "ann"), ReadConsistency.STRONG);
        metered.getItem(r -> r.tableName(name).key(userKey("ann")).consistentRead(true));
        table.get(BLOG.entity("User"), KeyValues.of("username", "nobody"), ReadConsistency.STRONG);
        metered.getItem(r -> r.tableName(name).key(userKey("nobody")).consistentRead(true));

        assertThat(heard()).containsExactly(event("GetItem", name, 1, 1.0), event("GetItem", name, 1, 1.0),
                event("GetItem", name, 0, 1.0), event("GetItem", name, 0, 1.0));
    }

    @Test
    // the last page, empty, is charged like any strongly consistent read, 1 RCU (DynamoDB charges a Scan's minimum of one
    // read unit whatever it returns; DynamoDB Local 2.6.1 charged nothing)
    void scanPaginator_whenPagesOfOneItem_reportsEveryPageWithItsItemsAndCapacity() {
        Table table = usersTable();
        String name = table.schema().name();
        DynamoDbClient metered = MeteredClient.of(DB.client(), events::add, true);

        long items = metered.scanPaginator(r -> r.tableName(name).limit(1).consistentRead(true)).items().stream().count();
        metered.describeTable(r -> r.tableName(name));

        assertThat(items).isEqualTo(2);
        assertThat(heard()).containsExactly(event("Scan", name, 1, 1.0), event("Scan", name, 1, 1.0), event("Scan", name, 0, 1.0),
                event("DescribeTable", name, 0, 0));
    }

    @Test
    void listTables_whenCalledWithoutARequest_isReportedAsOneRequestOfNoTable() {
        MeteredClient.of(DB.client(), events::add, true).listTables();

        assertThat(heard()).containsExactly(event("ListTables", "", 0, 0));
    }

    @Test
    void getItem_whenCapacityNotAsked_reportsTheRequestWithNoUnits() {
        Table table = usersTable();
        String name = table.schema().name();

        MeteredClient.of(DB.client(), events::add, false).getItem(r -> r.tableName(name).key(userKey("bo")).consistentRead(true));

        assertThat(heard()).containsExactly(event("GetItem", name, 1, 0));
    }

    @Test
    void scan_whenTheTableIsMissing_reportsTheFailureWithItsCodeAndThrowsTheClientsException() {
        DynamoDbClient metered = MeteredClient.of(DB.client(), events::add, true);

        assertThatThrownBy(() -> metered.scan(r -> r.tableName("NoSuchTable").indexName("gsi1")))
                .isInstanceOf(ResourceNotFoundException.class);

        assertThat(heard()).containsExactly(new RequestEvent("Scan", "NoSuchTable", Optional.of("gsi1"), 0, 0, Duration.ZERO,
                Optional.of("ResourceNotFoundException")));
    }
}
