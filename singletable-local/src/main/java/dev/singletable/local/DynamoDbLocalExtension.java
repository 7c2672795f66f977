package dev.singletable.local;

import java.util.Objects;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.internal.UniqueTableNames;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit 5 extension for database tests: a DynamoDB Local shared by the whole test run, and a
 * fresh table with a unique name for each test class.
 *
 * <pre>{@code
 * class OrderRepositoryTest {
 *     @RegisterExtension
 *     static final DynamoDbLocalExtension db = DynamoDbLocalExtension.withTable(SCHEMA);
 *
 *     @Test
 *     void create_whenKeyIsFree_storesOrder() {
 *         db.table().create(order);                      // table "AppTable-7", created before the class
 *         assertThat(db.table().get(ORDER, key)).contains(order);
 *     }
 *
 *     @Test
 *     void injected(Table table, DynamoDbClient client) { ... }  // the same table and client
 * }
 * }</pre>
 *
 * <ul>
 * <li>{@link #withTable(TableSchema)}: the schema's table under the name {@code <name>-<n>},
 * created before the class's first test (with its GSIs and TTL) and deleted after its last. Its
 * tests share it: use distinct keys or clean up.
 * <li>{@link #overHttp()}: the same through DynamoDB Local's HTTP server on 127.0.0.1 (the SDK's
 * real wire path), a second shared engine.
 * <li>{@link #engineOnly()}: no table, only {@link #client()}.
 * </ul>
 *
 * <p>Each engine starts once per JVM, on first use (about a second), and stops when the test
 * run ends. Declare the field {@code static}. {@code @Nested} classes use their enclosing
 * class's table; a field inherited from a base class gives each subclass its own table, one
 * subclass at a time (do not share one instance between classes that run in parallel). Test
 * methods may take {@link Table}, {@link DynamoDbClient} and {@link LocalDynamoDb} parameters
 * when the class registers one such extension. Run with {@code -Dsingletable.local.verbose=true}
 * to see the engine's logs.
 */
public final class DynamoDbLocalExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
        ParameterResolver {

    /** System property that makes the shared engines keep their logs ({@link LocalDynamoDb.Builder#verbose}). */
    public static final String VERBOSE_PROPERTY = "singletable.local.verbose";

    private static final Namespace NAMESPACE = Namespace.create(DynamoDbLocalExtension.class);

    private final TableSchema schema; // null: engine only
    private final LocalDynamoDb.Mode mode;
    private volatile State state;     // set from beforeAll to afterAll of the declaring class

    private DynamoDbLocalExtension(TableSchema schema, LocalDynamoDb.Mode mode) {
        this.schema = schema;
        this.mode = mode;
    }

    /** A fresh table per test class, copied from {@code schema} under a unique name, on the embedded engine. */
    public static DynamoDbLocalExtension withTable(TableSchema schema) {
        return new DynamoDbLocalExtension(Objects.requireNonNull(schema, "schema"), LocalDynamoDb.Mode.EMBEDDED);
    }

    /** Only the shared embedded engine and its client; no table. */
    public static DynamoDbLocalExtension engineOnly() {
        return new DynamoDbLocalExtension(null, LocalDynamoDb.Mode.EMBEDDED);
    }

    /** The same extension on the shared HTTP server engine instead of the embedded one. */
    public DynamoDbLocalExtension overHttp() {
        return new DynamoDbLocalExtension(schema, LocalDynamoDb.Mode.SERVER);
    }

    /** This class's table, bound to {@link #client()}. */
    public Table table() {
        Table table = state("table()").table();
        if (table == null) {
            throw new IllegalStateException("DynamoDbLocalExtension.engineOnly() has no table; use withTable(schema)");
        }
        return table;
    }

    /** The unique name of this class's table, such as {@code AppTable-7}. */
    public String tableName() {
        return table().schema().name();
    }

    /** The shared engine's client; closing it does nothing. */
    public DynamoDbClient client() {
        return state("client()").engine().client();
    }

    /** The shared engine: its {@link LocalDynamoDb#endpoint() endpoint} over HTTP, its async client. */
    public LocalDynamoDb engine() {
        return state("engine()").engine();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (state != null) {
            return; // a @Nested class: it uses its enclosing class's table
        }
        LocalDynamoDb engine = sharedEngine(context, mode);
        Table table = null;
        if (schema != null) {
            table = Table.of(schema.toBuilder().name(UniqueTableNames.next(schema.name())).build(), engine.client());
            table.createTable();
        }
        state = new State(context.getRequiredTestClass(), engine, table);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        State current = state;
        if (current == null || current.owner() != context.getRequiredTestClass()) {
            return;
        }
        state = null;
        if (current.table() != null) {
            current.table().deleteTable();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (state == null) {
            throw new ExtensionConfigurationException("DynamoDbLocalExtension in " + context.getRequiredTestClass().getName()
                    + " was not set up before the class: declare its field static, "
                    + "@RegisterExtension static final DynamoDbLocalExtension db = DynamoDbLocalExtension.withTable(SCHEMA)");
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == DynamoDbClient.class || type == LocalDynamoDb.class || (type == Table.class && schema != null);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == Table.class) {
            return table();
        }
        return type == LocalDynamoDb.class ? engine() : client();
    }

    @Override
    public String toString() {
        State current = state;
        String table = schema == null ? "no table"
                : current == null ? schema.name() + "-?, not started" : current.table().schema().name();
        return "DynamoDbLocalExtension[" + mode + ", " + table + "]";
    }

    private State state(String method) {
        State current = state;
        if (current == null) {
            throw new IllegalStateException("DynamoDbLocalExtension." + method + " is available from @BeforeAll "
                    + "to @AfterAll of the class declaring it (in a static @RegisterExtension field)");
        }
        return current;
    }

    private static LocalDynamoDb sharedEngine(ExtensionContext context, LocalDynamoDb.Mode mode) {
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        return store.getOrComputeIfAbsent(mode, m -> new SharedEngine(LocalDynamoDb.builder()
                        .mode(mode)
                        .verbose(Boolean.getBoolean(VERBOSE_PROPERTY))
                        .start()), SharedEngine.class)
                .engine();
    }

    /** {@code table} is null for an engine-only extension. */
    private record State(Class<?> owner, LocalDynamoDb engine, Table table) {
    }

    /** Closed by JUnit when the root context closes, at the end of the test run. */
    private record SharedEngine(LocalDynamoDb engine) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            engine.close();
        }
    }
}
