package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.singletable.fixtures.RecordingClient.recording;

/**
 * The setup of this module's on-engine tests: a schema file's table on the embedded engine (a {@link LocalDynamoDbExtension}
 * table, created before the class's first test), the examples of the named entities stored in it before the class's tests
 * (or before each test, in a table emptied first), and a {@link Table} over it, on a fixed clock if asked.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Category", "Reading");
 *
 * @Test
 * void run_subtree_readsTheCategoriesUnderIt() {
 *     assertThat(DESIGN.run(db.table(), "subtree", Map.of())).containsExactly(...);
 * }
 * }</pre>
 */
final class DesignOnEngine implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {
    private final SchemaFile design;
    private final LocalDynamoDbExtension engine;
    private final List<String> examples;
    private final Optional<Instant> now;
    private final boolean eachTest;
    private final Optional<List<DynamoDbRequest>> sent;
    private volatile Class<?> owner; // the class declaring the field, from beforeAll to afterAll
    private volatile Table table;

    private DesignOnEngine(SchemaFile design, LocalDynamoDbExtension engine, List<String> examples, Optional<Instant> now,
            boolean eachTest, Optional<List<DynamoDbRequest>> sent) {
        this.design = design;
        this.engine = engine;
        this.examples = examples;
        this.now = now;
        this.eachTest = eachTest;
        this.sent = sent;
    }

    /** The design's table, empty, with a {@link Table} on the system clock. */
    static DesignOnEngine of(SchemaFile design) {
        return new DesignOnEngine(design, LocalDynamoDbExtension.withTable(design.tableSchema()), List.of(), Optional.empty(), false,
                Optional.empty());
    }

    /** The same, with the examples of {@code entities} stored once, before the class's first test. */
    DesignOnEngine withExamples(String... entities) {
        return new DesignOnEngine(design, engine, List.of(entities), now, eachTest, sent);
    }

    /** The same, with the table emptied and the examples stored again before each test, for tests that change them. */
    DesignOnEngine restoringExamplesBeforeEachTest() {
        return new DesignOnEngine(design, engine, examples, now, true, sent);
    }

    /** The same, with {@link #table()} reading a clock fixed at {@code instant} (for createdAt, updatedAt and time to live). */
    DesignOnEngine onClockAt(Instant instant) {
        return new DesignOnEngine(design, engine, examples, Optional.of(instant), eachTest, sent);
    }

    /**
     * The same, with {@link #table()} sending through a client that records every request it sends in {@link #sent()},
     * emptied before each test (the examples' puts are not recorded; {@link #client()} sends unrecorded).
     */
    DesignOnEngine recordingRequests() {
        return new DesignOnEngine(design, engine, examples, now, eachTest, Optional.of(new CopyOnWriteArrayList<>()));
    }

    /** The requests {@link #table()} sent since the test began, in order; see {@link #recordingRequests()}. */
    List<DynamoDbRequest> sent() {
        return sent.orElseThrow(() -> new IllegalStateException("DesignOnEngine.sent() needs recordingRequests()"));
    }

    /** An attribute of one of the design's entities, typed as the test reads it. */
    @SuppressWarnings("unchecked")
    <V> Attribute<DynamicItem, V> attribute(String entity, String name) {
        return (Attribute<DynamicItem, V>) design.entity(entity).attribute(name).orElseThrow();
    }

    /** The class's table, on the fixed clock if one was given. */
    Table table() {
        Table current = table;
        if (current == null) {
            throw new IllegalStateException("DesignOnEngine.table() is available from @BeforeAll to @AfterAll of the class declaring it "
                    + "(in a static @RegisterExtension field)");
        }
        return current;
    }

    /** The unique name of the class's table, such as {@code Notes-k3f9x2-7}. */
    String tableName() {
        return engine.tableName();
    }

    /** The engine's client, for reading what the table stores as DynamoDB has it. */
    DynamoDbClient client() {
        return engine.client();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        engine.beforeAll(context);
        if (owner != null) {
            return; // a @Nested class: it uses its enclosing class's table and examples
        }
        owner = context.getRequiredTestClass();
        Table created = engine.table();
        DynamoDbClient client = sent.map(requests -> recording(engine.client(), requests)).orElse(engine.client());
        Table.Builder builder = Table.builder(created.schema(), client);
        now.ifPresent(instant -> builder.clock(Clock.fixed(instant, ZoneOffset.UTC)));
        table = now.isEmpty() && sent.isEmpty() ? created : builder.build();
        if (!eachTest) {
            storeExamples();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        engine.beforeEach(context);
        if (eachTest) {
            deleteEveryItem();
            storeExamples();
        }
        sent.ifPresent(List::clear);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        engine.afterAll(context);
        if (context.getRequiredTestClass() == owner) {
            owner = null;
            table = null;
        }
    }

    /** One put an example, not a batch: a batch write refuses versioned entities, as it cannot check their versions. */
    private void storeExamples() {
        examples.forEach(entity -> design.examples(entity).forEach(table::put));
    }

    private void deleteEveryItem() {
        List<String> keys = Stream.concat(Stream.of(design.tableSchema().partitionKeyAttribute()),
                design.tableSchema().sortKeyAttribute().stream()).toList();
        client().scan(ScanRequest.builder().tableName(tableName()).build()).items().forEach(item -> client().deleteItem(d -> d
                .tableName(tableName()).key(keys.stream().collect(Collectors.toMap(name -> name, item::get)))));
    }

    @Override
    public String toString() {
        return "DesignOnEngine[" + engine + ", examples " + examples + "]";
    }
}
