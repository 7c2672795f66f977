package dev.singletable.it;

import static dev.singletable.fixtures.ProductsAndOrders.CLOCK;
import static dev.singletable.fixtures.ProductsAndOrders.PRODUCT;
import static dev.singletable.fixtures.ProductsAndOrders.STOCK;
import static dev.singletable.fixtures.ProductsAndOrders.sku;
import static dev.singletable.it.WriteModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableNotReadyException;
import dev.singletable.UnsupportedByEngineException;
import dev.singletable.VersionConflictException;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeReader;
import dev.singletable.fixtures.ProductsAndOrders.Product;
import dev.singletable.local.Dynalite;
import dev.singletable.local.LocalDynamoDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * What an engine unlike Dynoxide shows: dynalite keeps new tables CREATING for 500 ms (as
 * Amazon DynamoDB keeps them for seconds), has no transactions, PartiQL, TTL or streams, and returns no
 * stored item with a failed condition. Needs node and npm; skipped, with that reason, without.
 */
class DynaliteTest {
    private static Dynalite dynalite;
    private static LocalDynamoDb engine;
    private static DynamoDbClient client;
    private static final AtomicInteger TABLES = new AtomicInteger();

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(Dynalite.isAvailable(), "node and npm are not on the PATH: dynalite cannot run here");
        dynalite = Dynalite.builder().createTableDelay(Duration.ofMillis(500)).start();
        engine = LocalDynamoDb.builder().endpoint(dynalite.endpoint()).start();
        client = engine.client();
    }

    @AfterAll
    static void stop() {
        if (engine != null) {
            engine.close();
        }
        if (dynalite != null) {
            dynalite.close();
        }
    }

    private static Table table(String name) {
        return Table.builder(SCHEMA.toBuilder().name(name + "-" + TABLES.incrementAndGet()).build(), client).clock(CLOCK).build();
    }

    private static TableDescription describe(Table table) {
        return client.describeTable(r -> r.tableName(table.schema().name())).table();
    }

    // ------------------------------------------------------------------ lifecycle

    @Test
    void createTable_whenEngineReportsCreatingFirst_returnsOnceTableAndIndexesAreActive() {
        Table table = table("Created");

        table.createTable();   // with TTL in the schema: the engine lacks it, so a warning, not a failure

        TableDescription created = describe(table);
        assertThat(created.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(created.globalSecondaryIndexes()).extracting(g -> g.indexStatus()).containsExactly(IndexStatus.ACTIVE);
    }

    @Test
    void createTable_whenAnotherCallerJustCreatedIt_waitsForItsTableAndVerifiesIt() {
        Table table = table("Raced");
        client.createTable(table.createTableRequest());
        assertThat(describe(table).tableStatus()).isEqualTo(TableStatus.CREATING);

        table.createTable();

        assertThat(describe(table).tableStatus()).isEqualTo(TableStatus.ACTIVE);
    }

    @Test
    void createTable_whenFourCallersRace_allReturnWithTheOneActiveTable() throws Exception {
        Table table = table("FourCallers");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                calls.add(pool.submit(() -> {
                    go.await();
                    table.createTable(); // the losers' CreateTable gets ResourceInUseException: they wait
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> call : calls) {
                call.get(1, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(describe(table).tableStatus()).isEqualTo(TableStatus.ACTIVE);
    }

    @Test
    void createTable_whenTableStaysCreatingLongerThanTheWait_throwsTableNotReadyNamingWhatIsPending() {
        String name = "Slow-" + TABLES.incrementAndGet();
        Table impatient = Table.builder(SCHEMA.toBuilder().name(name).build(), client).tableWaitTimeout(Duration.ofMillis(50)).build();

        assertThatThrownBy(impatient::createTable)
                .isInstanceOfSatisfying(TableNotReadyException.class, e -> {
                    assertThat(e.tableName()).isEqualTo(name);
                    assertThat(e.waited()).isEqualTo(Duration.ofMillis(50));
                })
                .hasMessage("Table " + name + " did not become ACTIVE within PT0.05S: table CREATING, index GSI1 CREATING; "
                        + "check it in the console, then call createTable() again (Table.builder(...).tableWaitTimeout(...) "
                        + "waits longer)");
        Table patient = Table.builder(impatient.schema(), client).build();
        patient.createTable(); // finds the table CREATING, waits, verifies it: no second CreateTable
        assertThat(describe(patient).tableStatus()).isEqualTo(TableStatus.ACTIVE);
    }

    @Test
    void deleteTable_whenTableIsStillCreating_waitsThenDeletesIt() {
        Table table = table("DeletedEarly");
        client.createTable(table.createTableRequest());

        table.deleteTable();

        assertThat(client.listTables().tableNames()).doesNotContain(table.schema().name());
    }

    // ------------------------------------------------------------------ what the engine lacks

    @Test
    void transaction_whenEngineHasNone_throwsUnsupportedByEngineNamingOperationEndpointAndConsequence() {
        Table table = table("NoTransactions");
        table.createTable();

        assertThatThrownBy(() -> table.transaction().create(Product.of("t1", 1)).create(Product.of("t2", 1)).execute())
                .isInstanceOfSatisfying(UnsupportedByEngineException.class, e -> {
                    assertThat(e.operation()).isEqualTo("TransactWriteItems");
                    assertThat(e.endpoint()).isEqualTo(dynalite.endpoint().toString());
                })
                .hasMessage("TransactWriteItems is not supported by the engine at " + dynalite.endpoint()
                        + " (UnknownOperationException): transactions (table.transaction(), move) cannot run there; "
                        + "use Amazon DynamoDB or Dynoxide");
    }

    @Test
    void partiql_whenEngineHasNone_throwsUnsupportedByEngine() {
        Table table = table("NoPartiql");
        table.createTable();

        assertThatThrownBy(() -> table.partiql(PRODUCT, "SELECT * FROM \"" + table.schema().name() + "\"").list())
                .isInstanceOf(UnsupportedByEngineException.class)
                .hasMessage("ExecuteStatement is not supported by the engine at " + dynalite.endpoint()
                        + " (UnknownOperationException): PartiQL statements (table.partiql) cannot run there; "
                        + "use Amazon DynamoDB or Dynoxide");
    }

    @Test
    void changeReader_whenEngineHasNoStreams_throwsUnsupportedByEngineNamingOperationEndpointAndConsequence() {
        Table table = table("NoStreams");
        ChangeReader<Object> reader = ChangeReader.builder(ChangeDecoder.of(table), engine.streamsClient()).build();

        assertThatThrownBy(reader::readAvailable)
                .isInstanceOfSatisfying(UnsupportedByEngineException.class, e -> {
                    assertThat(e.operation()).isEqualTo("ListStreams");
                    assertThat(e.endpoint()).isEqualTo(dynalite.endpoint().toString());
                })
                .hasMessage("ListStreams is not supported by the engine at " + dynalite.endpoint()
                        + " (UnknownOperationException): reading a table's stream (ChangeReader) cannot run there; "
                        + "use Amazon DynamoDB or Dynoxide");
    }

    // ------------------------------------------------------------------ failed conditions without the stored item

    @Test
    void create_whenKeyIsTakenAndNoStoredItemComesBack_throwsItemAlreadyExists() {
        Table table = table("Taken");
        table.createTable();
        table.create(Product.of("c1", 1));

        assertThatThrownBy(() -> table.create(Product.of("c1", 2)))
                .isInstanceOfSatisfying(ItemAlreadyExistsException.class, e -> assertThat(e.currentItem()).isEmpty())
                .hasMessage("Cannot create Product {PK=PRODUCT#c1, SK=METADATA} in table " + table.schema().name()
                        + ": an item with this key already exists; use put to replace it, or choose another key");
    }

    @Test
    void put_whenVersionIsStaleAndNoStoredItemComesBack_throwsVersionConflict() {
        Table table = table("Stale");
        table.createTable();
        Product v1 = table.create(Product.of("v1", 1));
        table.put(v1);

        assertThatThrownBy(() -> table.put(v1))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> {
                    assertThat(e.expectedVersion()).hasValue(1);
                    assertThat(e.storedVersion()).isEmpty();
                })
                .hasMessage("put of Product {PK=PRODUCT#v1, SK=METADATA} in table " + table.schema().name() + " was refused: "
                        + "it was based on version 1, but the stored item has another version or is gone; someone else changed "
                        + "it. Read it again and re-apply the change (table.retryOnConflict does this)");
    }

    @Test
    void retryOnConflict_whenEngineReturnsNoStoredItem_stillRetriesUntilItWins() {
        Table table = table("Retried");
        table.createTable();
        table.create(Product.of("r1", 0));
        AtomicInteger attempts = new AtomicInteger();

        Product after = table.retryOnConflict(PRODUCT, sku("r1"), p -> {
            if (attempts.incrementAndGet() == 1) {
                table.put(table.get(PRODUCT, sku("r1"), ReadConsistency.STRONG).orElseThrow()); // someone else writes first
            }
            return new Product(p.sku(), p.name(), p.category(), 7, p.status(), p.tags(), p.history(), p.count(), p.reserved(),
                    p.version(), p.createdAt(), p.updatedAt());
        });

        assertThat(attempts).hasValue(2);
        assertThat(after.stock()).isEqualTo(7);
        assertThat(after.version()).isEqualTo(3L);
    }

    @Test
    void update_whenItemIsMissingAndNoStoredItemComesBack_throwsItemNotFound() {
        Table table = table("Missing");
        table.createTable();

        assertThatThrownBy(() -> table.update(PRODUCT, sku("none"), u -> u.set(STOCK, 1)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("update of Product {PK=PRODUCT#none, SK=METADATA} in table " + table.schema().name()
                        + " was refused: no Product item has this key; create it first, or use upsert to create it when missing");
    }

    @Test
    void update_whenUserConditionFailsAndNoStoredItemComesBack_namesEveryCauseThatFits() {
        Table table = table("Guarded");
        table.createTable();
        table.create(Product.of("g1", 1));

        assertThatThrownBy(() -> table.update(PRODUCT, sku("g1"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2)))
                .isExactlyInstanceOf(ConditionFailedException.class)
                .hasMessage("update of Product {PK=PRODUCT#g1, SK=METADATA} in table " + table.schema().name() + " was refused: "
                        + "no Product has this key, or its condition stock >= :v0 with :v0=2 did not hold; the engine "
                        + "returned no stored item to tell which");
    }
}
