package dev.singletable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.singletable.IndexSchema;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

class LocalDynamoDbExtensionTest {
    static final TableSchema SCHEMA = TableSchema.builder("AppTable")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** What the sample classes saw, by class, written while the test kit runs them. */
    static final Map<String, Seen> SEEN = new ConcurrentHashMap<>();
    static final Map<String, List<String>> TABLES_AFTER_ALL = new ConcurrentHashMap<>();

    record Seen(String tableName, List<String> tables, LocalDynamoDb engine) {
    }

    @Test
    void withTable_beforeFirstTest_createsActiveTableWithIndexesUnderUniqueName() {
        TableDescription table = db.client().describeTable(b -> b.tableName(db.tableName())).table();

        assertThat(db.tableName()).matches("AppTable-[0-9a-z]{6}-\\d+");
        assertThat(db.table().schema().name()).isEqualTo(db.tableName());
        assertThat(table.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(table.globalSecondaryIndexes()).singleElement()
                .satisfies(index -> assertThat(index.indexName()).isEqualTo("GSI1"))
                .satisfies(index -> assertThat(index.indexStatus()).isEqualTo(IndexStatus.ACTIVE));
    }

    @Test
    void parameters_whenDeclared_areTheExtensionsTableClientAndEngine(Table table, DynamoDbClient client,
                                                                       LocalDynamoDb engine) {
        assertThat(table).isSameAs(db.table());
        assertThat(client).isSameAs(db.client());
        assertThat(engine).isSameAs(db.engine());
        assertThat(engine.mode()).isEqualTo(LocalDynamoDb.Mode.EMBEDDED);
    }

    @Test
    void withTable_whenTwoClassesRun_givesEachItsOwnTableOnOneEngineAndDeletesIt() {
        EngineExecutionResults results = run(FirstSample.class, SecondSample.class);

        assertNoFailures(results, 3);
        Seen first = SEEN.get("first");
        Seen nested = SEEN.get("first.nested");
        Seen second = SEEN.get("second");
        assertThat(first.tableName()).matches("AppTable-[0-9a-z]{6}-\\d+").isNotEqualTo(second.tableName());
        assertThat(second.tableName()).matches("AppTable-[0-9a-z]{6}-\\d+");
        assertThat(first.tables()).contains(first.tableName()).doesNotContain(second.tableName());
        assertThat(second.tables()).contains(second.tableName()).doesNotContain(first.tableName());
        assertThat(nested.tableName()).isEqualTo(first.tableName());
        assertThat(second.engine()).isSameAs(first.engine());
        assertThat(TABLES_AFTER_ALL.get("first")).doesNotContain(first.tableName());
        assertThat(TABLES_AFTER_ALL.get("second")).doesNotContain(second.tableName());
        // the test run is over: its shared engine is stopped
        assertThatThrownBy(() -> first.engine().client()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void engineOnly_whenClassRuns_givesClientAndNoTable() {
        EngineExecutionResults results = run(EngineOnlySample.class);

        assertNoFailures(results, 1);
        assertThat(SEEN.get("engineOnly").tables()).isEmpty();
    }

    @Test
    void withTable_whenFieldIsNotStatic_failsEachTestNamingTheFix() {
        EngineExecutionResults results = run(InstanceFieldSample.class);

        List<Event> failed = results.testEvents().failed().list();
        assertThat(failed).singleElement().satisfies(event -> assertThat(event.getPayload(
                        org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow())
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessage("LocalDynamoDbExtension in " + InstanceFieldSample.class.getName() + " was not set up "
                        + "before the class: declare its field static, @RegisterExtension static final "
                        + "LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA)"));
    }

    @Test
    void table_whenEngineOnly_throwsNamingWithTable() {
        assertThatThrownBy(() -> LocalDynamoDbExtension.engineOnly().table())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("LocalDynamoDbExtension.table() is available from @BeforeAll");
    }

    @Test
    void withTable_whenEndpointPropertyIsSet_createsAndDeletesTableAtThatEndpoint() {
        try (LocalDynamoDb server = LocalDynamoDb.embedded()) {
            EngineExecutionResults results = withProperty(LocalDynamoDb.ENDPOINT_PROPERTY, server.endpoint().toString(),
                    () -> run(SecondSample.class));

            assertNoFailures(results, 1);
            Seen seen = SEEN.get("second");
            assertThat(seen.engine().mode()).isEqualTo(LocalDynamoDb.Mode.REMOTE);
            assertThat(seen.engine().endpoint()).isEqualTo(server.endpoint());
            assertThat(seen.tables()).containsExactly(seen.tableName());
            assertThat(server.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void keepingTable_whenClassEnds_leavesTableInPlace() {
        try (LocalDynamoDb server = LocalDynamoDb.embedded()) {
            EngineExecutionResults results = withProperty(LocalDynamoDb.ENDPOINT_PROPERTY, server.endpoint().toString(),
                    () -> run(KeptSample.class));

            assertNoFailures(results, 1);
            assertThat(server.client().listTables().tableNames()).containsExactly(SEEN.get("kept").tableName());
        }
    }

    @Test
    void withTable_whenKeepTablesPropertyIsTrue_leavesTableInPlace() {
        try (LocalDynamoDb server = LocalDynamoDb.embedded()) {
            EngineExecutionResults results = withProperty(LocalDynamoDb.ENDPOINT_PROPERTY, server.endpoint().toString(),
                    () -> withProperty(LocalDynamoDbExtension.KEEP_TABLES_PROPERTY, "true", () -> run(SecondSample.class)));

            assertNoFailures(results, 1);
            assertThat(server.client().listTables().tableNames()).containsExactly(SEEN.get("second").tableName());
        }
    }

    @Test
    void requiresEngineFeature_whenEngineHasEveryFeature_runsTests() {
        EngineExecutionResults results = run(FeatureSample.class);

        assertNoFailures(results, 2);
        assertThat(results.testEvents().skipped().count()).isZero();
    }

    private static <T> T withProperty(String name, String value, java.util.function.Supplier<T> action) {
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            return action.get();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }

    static EngineExecutionResults run(Class<?>... classes) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(java.util.Arrays.stream(classes).map(c -> selectClass(c))
                        .toArray(org.junit.platform.engine.DiscoverySelector[]::new))
                .execute();
    }

    static void assertNoFailures(EngineExecutionResults results, int tests) {
        List<Throwable> failures = results.allEvents().failed().stream()
                .map(event -> event.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                        .getThrowable().orElseThrow())
                .toList();
        assertThat(failures).isEmpty();
        assertThat(results.testEvents().succeeded().count()).isEqualTo(tests);
    }

    // Sample test classes, run only through the test kit above (surefire skips nested classes).

    static class FirstSample {
        static DynamoDbClient client; // kept by @BeforeAll, for after the extension is done

        @RegisterExtension
        @Order(1) // after-all callbacks run in reverse order: this one after the table is deleted
        static final AfterAllCallback tablesAfterAll = context -> TABLES_AFTER_ALL.put("first", client.listTables().tableNames());

        @RegisterExtension
        @Order(2)
        static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

        @BeforeAll
        static void keepClient() {
            client = db.client();
        }

        @Test
        void recordTable(Table table) {
            SEEN.put("first", new Seen(table.schema().name(), db.client().listTables().tableNames(), db.engine()));
        }

        @Nested
        class Inner {
            @Test
            void recordTable(Table table) {
                SEEN.put("first.nested", new Seen(table.schema().name(), List.of(), db.engine()));
            }
        }
    }

    static class SecondSample {
        static DynamoDbClient client; // kept by @BeforeAll, for after the extension is done

        @RegisterExtension
        @Order(1)
        static final AfterAllCallback tablesAfterAll = context -> TABLES_AFTER_ALL.put("second", client.listTables().tableNames());

        @RegisterExtension
        @Order(2)
        static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

        @BeforeAll
        static void keepClient() {
            client = db.client();
        }

        @Test
        void recordTable() {
            SEEN.put("second", new Seen(db.tableName(), db.client().listTables().tableNames(), db.engine()));
        }
    }

    static class EngineOnlySample {
        @RegisterExtension
        static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

        @Test
        void recordTables() {
            assertThatThrownBy(db::table).isInstanceOf(IllegalStateException.class)
                    .hasMessage("LocalDynamoDbExtension.engineOnly() has no table; use withTable(schema)");
            SEEN.put("engineOnly", new Seen("", db.client().listTables().tableNames(), db.engine()));
        }
    }

    static class KeptSample {
        @RegisterExtension
        static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA).keepingTable();

        @Test
        void recordTable() {
            SEEN.put("kept", new Seen(db.tableName(), List.of(), db.engine()));
        }
    }

    static class FeatureSample {
        @RegisterExtension
        static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

        @Test
        @RequiresEngineFeature({EngineFeature.TRANSACTIONS, EngineFeature.PARTIQL})
        void needsTransactionsAndPartiql() {
            assertThat(db.engine().supports(EngineFeature.TRANSACTIONS)).isTrue();
        }

        @Test
        @RequiresEngineFeature({EngineFeature.TIME_TO_LIVE, EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE})
        void needsTimeToLiveAndReturnedItem() {
            assertThat(db.engine().supports(EngineFeature.TIME_TO_LIVE)).isTrue();
        }
    }

    static class InstanceFieldSample {
        @RegisterExtension
        final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

        @Test
        void neverRuns() {
        }
    }
}
