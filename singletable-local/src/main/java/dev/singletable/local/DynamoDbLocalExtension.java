package dev.singletable.local;

import java.util.Objects;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.internal.EngineSettings;
import dev.singletable.local.internal.UniqueTableNames;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

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
 *         db.table().create(order);                      // table "AppTable-k3f9x2-7", created before the class
 *         assertThat(db.table().get(ORDER, key)).contains(order);
 *     }
 *
 *     @Test
 *     void injected(Table table, DynamoDbClient client) { ... }  // the same table and client
 * }
 * }</pre>
 *
 * <ul>
 * <li>{@link #withTable(TableSchema)}: the schema's table under the name {@code <name>-<run>-<n>}
 * (a random run id, so that runs sharing an engine never meet), created before the class's first
 * test (with its GSIs and TTL) and deleted after its last unless {@link #keepingTable()}. Its
 * tests share it: use distinct keys or clean up.
 * <li>{@link #overHttp()}: the same through DynamoDB Local's HTTP server on 127.0.0.1 (the SDK's
 * real wire path), a second shared engine.
 * <li>{@link #engineOnly()}: no table, only {@link #client()}.
 * </ul>
 *
 * <p><b>Any engine.</b> The engine is DynamoDB Local embedded unless the system property
 * {@value LocalDynamoDb#ENDPOINT_PROPERTY} (or the environment variable
 * {@code SINGLETABLE_TEST_ENDPOINT}) names another: {@code local-http} (DynamoDB Local over
 * loopback HTTP), {@code aws} (Amazon DynamoDB) or a URL; the region and credentials profile come
 * from {@value LocalDynamoDb#REGION_PROPERTY} and {@value LocalDynamoDb#PROFILE_PROPERTY}
 * ({@code SINGLETABLE_TEST_REGION}, {@code SINGLETABLE_TEST_PROFILE}), see
 * {@link LocalDynamoDb.Builder#fromEnvironment()}. There {@link #overHttp()} is the same engine.
 * {@value #KEEP_TABLES_PROPERTY}{@code =true} ({@code SINGLETABLE_TEST_KEEP_TABLES}) keeps every
 * table for a look afterwards. Tests needing what some engines lack declare it with
 * {@link RequiresEngineFeature}.
 *
 * <pre>{@code
 * mvn test -Dsingletable.test.endpoint=http://127.0.0.1:4567                 # dynalite, or a DynamoDB Local container
 * SINGLETABLE_TEST_ENDPOINT=aws SINGLETABLE_TEST_REGION=eu-west-1 SINGLETABLE_TEST_PROFILE=ci mvn test
 * }</pre>
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

    /** System property (or environment variable {@code SINGLETABLE_TEST_KEEP_TABLES}) that keeps every test table. */
    public static final String KEEP_TABLES_PROPERTY = EngineSettings.KEEP_TABLES_PROPERTY;

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbLocalExtension.class);

    private static final Namespace NAMESPACE = Namespace.create(DynamoDbLocalExtension.class);

    private final TableSchema schema; // null: engine only
    private final boolean overHttp;
    private final boolean keep;
    private volatile State state;     // set from beforeAll to afterAll of the declaring class

    private DynamoDbLocalExtension(TableSchema schema, boolean overHttp, boolean keep) {
        this.schema = schema;
        this.overHttp = overHttp;
        this.keep = keep;
    }

    /** A fresh table per test class, copied from {@code schema} under a unique name, on the configured engine. */
    public static DynamoDbLocalExtension withTable(TableSchema schema) {
        return new DynamoDbLocalExtension(Objects.requireNonNull(schema, "schema"), false, false);
    }

    /** Only the shared configured engine and its client; no table. */
    public static DynamoDbLocalExtension engineOnly() {
        return new DynamoDbLocalExtension(null, false, false);
    }

    /**
     * The same extension through HTTP: on the default embedded engine, the shared DynamoDB Local
     * HTTP server on 127.0.0.1 instead; on an engine configured elsewhere, that engine.
     */
    public DynamoDbLocalExtension overHttp() {
        return new DynamoDbLocalExtension(schema, true, keep);
    }

    /** The same extension, leaving the table in place after the class (it is logged at INFO). */
    public DynamoDbLocalExtension keepingTable() {
        return new DynamoDbLocalExtension(schema, overHttp, true);
    }

    /** This class's table, bound to {@link #client()}. */
    public Table table() {
        Table table = state("table()").table();
        if (table == null) {
            throw new IllegalStateException("DynamoDbLocalExtension.engineOnly() has no table; use withTable(schema)");
        }
        return table;
    }

    /** The unique name of this class's table, such as {@code AppTable-k3f9x2-7}. */
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
        LocalDynamoDb engine = sharedEngine(context, overHttp);
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
        Table table = current.table();
        if (table == null) {
            return;
        }
        String name = table.schema().name();
        if (keep || EngineSettings.current().keepTables()) {
            LOG.info("Kept table {} {} after {}", name, current.engine().describe(), current.owner().getName());
        } else if (current.engine().mode() == LocalDynamoDb.Mode.REMOTE) {
            try {
                current.engine().client().deleteTable(r -> r.tableName(name)); // not waiting for DELETING to end
            } catch (ResourceNotFoundException e) {
                // the test deleted it
            }
        } else {
            table.deleteTable();
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
        return "DynamoDbLocalExtension[" + (overHttp ? "over HTTP, " : "") + table + "]";
    }

    private State state(String method) {
        State current = state;
        if (current == null) {
            throw new IllegalStateException("DynamoDbLocalExtension." + method + " is available from @BeforeAll "
                    + "to @AfterAll of the class declaring it (in a static @RegisterExtension field)");
        }
        return current;
    }

    /**
     * The engine of this test run: the configured one, or for {@code overHttp} on the default
     * embedded engine the in-process HTTP server. Started on first use, closed at the end of the run.
     */
    static LocalDynamoDb sharedEngine(ExtensionContext context, boolean overHttp) {
        EngineSettings settings = EngineSettings.current();
        boolean server = settings.target() == EngineSettings.Target.LOCAL_HTTP
                || (overHttp && settings.target() == EngineSettings.Target.EMBEDDED);
        Object key = settings.target() == EngineSettings.Target.EMBEDDED || settings.target() == EngineSettings.Target.LOCAL_HTTP
                ? (server ? LocalDynamoDb.Mode.SERVER : LocalDynamoDb.Mode.EMBEDDED)
                : settings;
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        return store.getOrComputeIfAbsent(key, k -> new SharedEngine(start(server)), SharedEngine.class).engine();
    }

    private static LocalDynamoDb start(boolean server) {
        LocalDynamoDb.Builder builder = LocalDynamoDb.builder().fromEnvironment().verbose(Boolean.getBoolean(VERBOSE_PROPERTY));
        if (server) {
            builder.mode(LocalDynamoDb.Mode.SERVER);
        }
        return builder.start();
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
