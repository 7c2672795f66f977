package dev.singletable.local;

import dev.singletable.Stable;
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
 * JUnit 5 extension for database tests: an engine (Dynoxide, in memory) shared by the whole test
 * run, and a fresh table with a unique name for each test class.
 *
 * <pre>{@code
 * class OrderRepositoryTest {
 *     @RegisterExtension
 *     static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);
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
 * <li>{@link #engineOnly()}: no table, only {@link #client()}.
 * </ul>
 *
 * <p><b>Any engine.</b> The engine is Dynoxide, started by the extension, unless the system property
 * {@value LocalDynamoDb#ENDPOINT_PROPERTY} (or the environment variable
 * {@code SINGLETABLE_TEST_ENDPOINT}) names another: {@code aws} (Amazon DynamoDB) or a URL (dynalite,
 * a DynamoDB Local you run yourself); the region and credentials profile come
 * from {@value LocalDynamoDb#REGION_PROPERTY} and {@value LocalDynamoDb#PROFILE_PROPERTY}
 * ({@code SINGLETABLE_TEST_REGION}, {@code SINGLETABLE_TEST_PROFILE}), see
 * {@link LocalDynamoDb.Builder#fromEnvironment()}.
 * {@value #KEEP_TABLES_PROPERTY}{@code =true} ({@code SINGLETABLE_TEST_KEEP_TABLES}) keeps every
 * table for a look afterwards. Tests needing what some engines lack declare it with
 * {@link RequiresEngineFeature}.
 *
 * <pre>{@code
 * mvn test -Dsingletable.test.endpoint=http://127.0.0.1:4567                 # dynalite, or a DynamoDB Local you run
 * SINGLETABLE_TEST_ENDPOINT=aws SINGLETABLE_TEST_REGION=eu-west-1 SINGLETABLE_TEST_PROFILE=ci mvn test
 * }</pre>
 *
 * <p>The engine starts once per JVM, on first use (milliseconds), and stops when the test
 * run ends. Declare the field {@code static}. {@code @Nested} classes use their enclosing
 * class's table; a field inherited from a base class gives each subclass its own table, one
 * subclass at a time (do not share one instance between classes that run in parallel). Test
 * methods may take {@link Table}, {@link DynamoDbClient} and {@link LocalDynamoDb} parameters
 * when the class registers one such extension. Run with {@code -Dsingletable.local.verbose=true}
 * to keep the engine's output file (its path is logged at INFO).
 */
@Stable
public final class LocalDynamoDbExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
        ParameterResolver {

    /** System property that makes the shared engines keep their logs ({@link LocalDynamoDb.Builder#verbose}). */
    public static final String VERBOSE_PROPERTY = "singletable.local.verbose";

    /** System property (or environment variable {@code SINGLETABLE_TEST_KEEP_TABLES}) that keeps every test table. */
    public static final String KEEP_TABLES_PROPERTY = EngineSettings.KEEP_TABLES_PROPERTY;

    private static final Logger LOG = LoggerFactory.getLogger(LocalDynamoDbExtension.class);

    private static final Namespace NAMESPACE = Namespace.create(LocalDynamoDbExtension.class);

    private final TableSchema schema; // null: engine only
    private final boolean keep;
    private volatile State state;     // set from beforeAll to afterAll of the declaring class

    private LocalDynamoDbExtension(TableSchema schema, boolean keep) {
        this.schema = schema;
        this.keep = keep;
    }

    /** A fresh table per test class, copied from {@code schema} under a unique name, on the configured engine. */
    public static LocalDynamoDbExtension withTable(TableSchema schema) {
        return new LocalDynamoDbExtension(Objects.requireNonNull(schema, "schema"), false);
    }

    /** Only the shared configured engine and its client; no table. */
    public static LocalDynamoDbExtension engineOnly() {
        return new LocalDynamoDbExtension(null, false);
    }

    /** The same extension, leaving the table in place after the class (it is logged at INFO). */
    public LocalDynamoDbExtension keepingTable() {
        return new LocalDynamoDbExtension(schema, true);
    }

    /** This class's table, bound to {@link #client()}. */
    public Table table() {
        Table table = state("table()").table();
        if (table == null) {
            throw new IllegalStateException("LocalDynamoDbExtension.engineOnly() has no table; use withTable(schema)");
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
        LocalDynamoDb engine = sharedEngine(context);
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
            throw new ExtensionConfigurationException("LocalDynamoDbExtension in " + context.getRequiredTestClass().getName()
                    + " was not set up before the class: declare its field static, "
                    + "@RegisterExtension static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA)");
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
        return "LocalDynamoDbExtension[" + table + "]";
    }

    private State state(String method) {
        State current = state;
        if (current == null) {
            throw new IllegalStateException("LocalDynamoDbExtension." + method + " is available from @BeforeAll "
                    + "to @AfterAll of the class declaring it (in a static @RegisterExtension field)");
        }
        return current;
    }

    /** The engine of this test run: the configured one, started on first use, closed at the end of the run. */
    static LocalDynamoDb sharedEngine(ExtensionContext context) {
        EngineSettings settings = EngineSettings.current();
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        return store.getOrComputeIfAbsent(settings, k -> new SharedEngine(start()), SharedEngine.class).engine();
    }

    private static LocalDynamoDb start() {
        boolean verbose = Boolean.getBoolean(VERBOSE_PROPERTY);
        LocalDynamoDb engine = LocalDynamoDb.builder().fromEnvironment().verbose(verbose).start();
        if (verbose) {
            LOG.info("Test engine: {}", engine);
        }
        return engine;
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
