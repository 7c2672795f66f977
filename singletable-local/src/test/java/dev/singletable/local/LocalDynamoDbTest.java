package dev.singletable.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

class LocalDynamoDbTest {
    private static LocalDynamoDb embedded;
    private static LocalDynamoDb server;

    @BeforeAll
    static void start() {
        embedded = LocalDynamoDb.embedded();
        server = LocalDynamoDb.server();
    }

    @AfterAll
    static void stop() {
        embedded.close();
        server.close();
    }

    @Test
    void start_whenEmbedded_listsNoTables() {
        try (LocalDynamoDb db = LocalDynamoDb.embedded()) {
            assertThat(db.mode()).isEqualTo(LocalDynamoDb.Mode.EMBEDDED);
            assertThat(db.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void start_whenServer_listsNoTablesOnLoopbackEndpoint() {
        try (LocalDynamoDb db = LocalDynamoDb.server()) {
            URI endpoint = db.endpoint();

            assertThat(db.mode()).isEqualTo(LocalDynamoDb.Mode.SERVER);
            assertThat(endpoint.getScheme()).isEqualTo("http");
            assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
            assertThat(endpoint.getPort()).isBetween(1, 65_535);
            assertThat(endpoint.getPath()).isEmpty();
            assertThat(db.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void client_whenEmbedded_putsAndGetsItem() {
        putsAndGetsItem(embedded.client(), "embedded-items");
    }

    @Test
    void client_whenServer_putsAndGetsItem() {
        putsAndGetsItem(server.client(), "server-items");
    }

    @Test
    void client_whenConditionFails_throwsSdkConditionalCheckFailed() {
        DynamoDbClient client = embedded.client();
        createTable(client, "conditional-items");
        Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("A"));
        client.putItem(b -> b.tableName("conditional-items").item(item));

        assertThatThrownBy(() -> client.putItem(b -> b.tableName("conditional-items").item(item)
                .conditionExpression("attribute_not_exists(PK)")))
                .isInstanceOf(ConditionalCheckFailedException.class);
    }

    @Test
    void asyncClient_whenServer_seesTablesOfSyncClient() {
        createTable(server.client(), "async-server");

        assertThat(server.asyncClient().listTables().join().tableNames()).contains("async-server");
    }

    @Test
    void asyncClient_whenEmbedded_seesTablesOfSyncClient() {
        createTable(embedded.client(), "async-embedded");

        assertThat(embedded.asyncClient().listTables().join().tableNames()).contains("async-embedded");
    }

    @Test
    void client_whenCalledTwice_returnsSameClient() {
        assertThat(server.client()).isSameAs(server.client());
        assertThat(embedded.client()).isSameAs(embedded.client());
        assertThat(embedded.asyncClient()).isSameAs(embedded.asyncClient());
    }

    @Test
    void clientClose_whenCalledByUser_keepsEngineRunning() {
        embedded.client().close();
        embedded.asyncClient().close();
        server.client().close();

        assertThat(embedded.client().listTables().tableNames()).isNotNull();
        assertThat(embedded.asyncClient().listTables().join().tableNames()).isNotNull();
        assertThat(server.client().listTables().tableNames()).isNotNull();
    }

    @Test
    void region_isUsEast1() {
        assertThat(embedded.region()).isEqualTo(Region.US_EAST_1);
        assertThat(server.region()).isEqualTo(Region.US_EAST_1);
    }

    @Test
    void endpoint_whenEmbedded_throwsNamingServerMode() {
        assertThatThrownBy(() -> embedded.endpoint())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("an embedded DynamoDB Local has no endpoint; start one with LocalDynamoDb.server() "
                        + "to reach it over HTTP");
    }

    @Test
    void start_whenTwoServers_listenOnDifferentPortsWithSeparateData() {
        try (LocalDynamoDb other = LocalDynamoDb.server()) {
            createTable(other.client(), "only-in-other");

            assertThat(other.endpoint().getPort()).isNotEqualTo(server.endpoint().getPort());
            assertThat(server.client().listTables().tableNames()).doesNotContain("only-in-other");
        }
    }

    @Test
    void start_whenPortIsTaken_throwsNamingAddressAndFix() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).port(port).start())
                    .isInstanceOf(LocalDynamoDbException.class)
                    .hasMessageStartingWith("DynamoDB Local (HTTP server) could not listen on 127.0.0.1:" + port + ": ")
                    .hasMessageEndingWith("; stop what uses the port, or leave the port unset to get a free one");
        }
    }

    @Test
    void start_whenFixedPortIsFree_listensOnIt() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        try (LocalDynamoDb fixed = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).port(port).start()) {
            assertThat(fixed.endpoint()).isEqualTo(URI.create("http://127.0.0.1:" + port));
            assertThat(fixed.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void start_whenPortGivenForEmbedded_throws() {
        assertThatThrownBy(() -> LocalDynamoDb.builder().port(8000).start())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("port(8000) needs mode(Mode.SERVER); an embedded engine has no port");
    }

    @Test
    void port_whenOutOfRange_throws() {
        assertThatThrownBy(() -> LocalDynamoDb.builder().port(65_536))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port 65536 is not between 1 and 65535 (or 0 for a free one)");
    }

    @Test
    void start_whenServer_isNotReachableOnOtherInterfaces() throws IOException {
        Optional<InetAddress> external = nonLoopbackAddress();
        assumeTrue(external.isPresent(), "this machine has no non-loopback IPv4 address");

        try (Socket socket = new Socket()) {
            assertThatThrownBy(() -> socket.connect(new InetSocketAddress(external.get(), server.endpoint().getPort()), 1000))
                    .isInstanceOfAny(ConnectException.class, SocketTimeoutException.class);
        }
    }

    @Test
    void close_whenCalledTwice_doesNothingTheSecondTime() {
        LocalDynamoDb db = LocalDynamoDb.server();
        db.client().listTables();

        db.close();
        db.close();

        assertThatThrownBy(db::client)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("LocalDynamoDb[" + db.endpoint() + "] is closed");
    }

    @Test
    void close_whenServer_freesPort() throws IOException {
        LocalDynamoDb db = LocalDynamoDb.server();
        int port = db.endpoint().getPort();

        db.close();

        try (ServerSocket reuse = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(reuse.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void close_whenEmbedded_rejectsFurtherUse() {
        LocalDynamoDb db = LocalDynamoDb.embedded();
        db.close();
        db.close();

        assertThatThrownBy(db::asyncClient)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("LocalDynamoDb[embedded] is closed");
    }

    @Test
    void start_doesNotWriteTelemetryMetadataIntoWorkingDirectory() {
        // both engines of this class have started and served requests by now
        embedded.client().listTables();
        server.client().listTables();

        assertThat(Path.of(System.getProperty("user.dir"), "dynamodb-local-metadata.json")).doesNotExist();
    }

    @Test
    void endpoint_whenGiven_makesRemoteClientsOfThatEngineWithLoopbackDefaults() {
        try (LocalDynamoDb remote = LocalDynamoDb.builder().endpoint(server.endpoint()).start()) {
            createTable(server.client(), "SeenRemotely");

            assertThat(remote.mode()).isEqualTo(LocalDynamoDb.Mode.REMOTE);
            assertThat(remote.endpoint()).isEqualTo(server.endpoint());
            assertThat(remote.region()).isEqualTo(Region.US_EAST_1);
            assertThat(remote.client().listTables().tableNames()).contains("SeenRemotely");
            assertThat(remote.asyncClient().listTables().join().tableNames()).contains("SeenRemotely");
            assertThat(remote).hasToString("LocalDynamoDb[remote " + server.endpoint() + "]");
        }
        assertThat(server.client().listTables().tableNames()).contains("SeenRemotely"); // closing a remote one stops nothing
    }

    @Test
    void endpoint_whenRegionAndProfileGiven_usesRegion() {
        try (LocalDynamoDb remote = LocalDynamoDb.builder().endpoint(server.endpoint()).region(Region.EU_WEST_1).start()) {
            assertThat(remote.region()).isEqualTo(Region.EU_WEST_1);
            assertThat(remote.client().listTables().tableNames()).isNotNull();
        }
    }

    @Test
    void supports_onDynamoDbLocal_hasEveryFeatureEmbeddedAndOverHttp() {
        try (LocalDynamoDb remote = LocalDynamoDb.builder().endpoint(server.endpoint()).start()) {
            for (EngineFeature feature : EngineFeature.values()) {
                assertThat(embedded.missing(feature)).as("embedded %s", feature).isEmpty();
                assertThat(remote.missing(feature)).as("over HTTP %s", feature).isEmpty();
            }
        }
    }

    /**
     * An engine fact the README's engine notes state: DynamoDB Local 2.6.1 answers ExecuteTransaction without the
     * ConsumedCapacity asked for (its ExecuteTransaction never reads ReturnConsumedCapacity), while TransactWriteItems of
     * the same write reports it. When a DynamoDB Local update reports it, this fails: update the notes then.
     */
    @Test
    void executeTransaction_whenCapacityIsAskedFor_dynamoDbLocalReportsNoneWhereTransactWriteItemsDoes() {
        for (LocalDynamoDb engine : new LocalDynamoDb[] {embedded, server}) {
            DynamoDbClient client = engine.client();
            String table = "capacity-" + engine.mode().name().toLowerCase(java.util.Locale.ROOT);
            createTable(client, table);

            var partiql = client.executeTransaction(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .transactStatements(ParameterizedStatement.builder().statement("INSERT INTO \"" + table + "\" VALUE {'PK' : ?}")
                            .parameters(AttributeValue.fromS("P#1")).build()));
            var transact = client.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .transactItems(TransactWriteItem.builder().put(Put.builder().tableName(table)
                            .item(Map.of("PK", AttributeValue.fromS("P#2"))).build()).build()));

            assertThat(partiql.hasConsumedCapacity()).as("%s: ExecuteTransaction reports capacity", engine.mode()).isFalse();
            assertThat(transact.consumedCapacity()).as("%s: TransactWriteItems", engine.mode())
                    .containsExactly(ConsumedCapacity.builder().tableName(table).capacityUnits(4.0).writeCapacityUnits(4.0).build());
            assertThat(client.scan(b -> b.tableName(table)).count()).isEqualTo(2);
        }
    }

    @Test
    void dataDirectory_whenEmbeddedRestarts_keepsTableAndItems(@TempDir Path directory) {
        Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("KEPT#1"), "n", AttributeValue.fromN("7"));
        try (LocalDynamoDb first = LocalDynamoDb.builder().dataDirectory(directory).start()) {
            createTable(first.client(), "kept");
            first.client().putItem(b -> b.tableName("kept").item(item));
        }

        try (LocalDynamoDb second = LocalDynamoDb.builder().dataDirectory(directory).start()) {
            assertThat(second.client().listTables().tableNames()).containsExactly("kept");
            assertThat(second.client().scan(b -> b.tableName("kept")).items()).containsExactly(item);
        }
        assertThat(directory.resolve("shared-local-instance.db")).isRegularFile();
    }

    @Test
    void dataDirectory_whenEmbeddedRestartsAtOnceManyTimes_opensTheFileEachTime(@TempDir Path directory) {
        // each start comes right after the previous close, as the commands of a script or a test do: the close must
        // have let go of SQLite's file (DynamoDB Local's own shutdown returns before it does)
        for (int run = 1; run <= 25; run++) {
            String value = Integer.toString(run);
            try (LocalDynamoDb engine = LocalDynamoDb.builder().dataDirectory(directory).start()) {
                if (run == 1) {
                    createTable(engine.client(), "restarts");
                }
                engine.client().putItem(b -> b.tableName("restarts").item(Map.of("PK", AttributeValue.fromS("RUN#" + value))));
                assertThat(engine.client().scan(b -> b.tableName("restarts")).count()).isEqualTo(run);
            }
            assertThat(Thread.getAllStackTraces().keySet()).as("SQLite threads left open after close() of run %d", run)
                    .noneMatch(thread -> thread.getName().equals("SQLiteQueue[shared-local-instance.db]") && thread.isAlive());
        }
    }

    @Test
    void dataDirectory_whenServerRestartsAtOnceManyTimes_opensTheFileEachTime(@TempDir Path directory) {
        // the server's database is opened at its first request: a close that left SQLite's file open would fail that
        // request ("database is locked"), and every later one ("already in use")
        for (int run = 1; run <= 12; run++) {
            String value = Integer.toString(run);
            try (LocalDynamoDb engine = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).dataDirectory(directory).start()) {
                if (run == 1) {
                    createTable(engine.client(), "restarts");
                }
                engine.client().putItem(b -> b.tableName("restarts").item(Map.of("PK", AttributeValue.fromS("RUN#" + value))));
                assertThat(engine.client().scan(b -> b.tableName("restarts")).count()).isEqualTo(run);
            }
            assertThat(Thread.getAllStackTraces().keySet()).as("SQLite threads left open after close() of run %d", run)
                    .noneMatch(thread -> thread.getName().equals("SQLiteQueue[shared-local-instance.db]") && thread.isAlive());
        }
    }

    @Test
    void dataDirectory_whenAnotherEngineInThisJvmHasItOpen_namesTheFileAndTheFix(@TempDir Path directory) {
        try (LocalDynamoDb first = LocalDynamoDb.builder().dataDirectory(directory).start()) {
            assertThatThrownBy(() -> LocalDynamoDb.builder().dataDirectory(directory).start())
                    .isInstanceOf(LocalDynamoDbException.class)
                    .hasMessage("DynamoDB Local (embedded) could not open " + directory.resolve("shared-local-instance.db")
                            + ": an engine in this JVM already has it open; close that LocalDynamoDb first, or give "
                            + "another data directory");
            assertThat(first.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void dataDirectory_whenServerRestartsAfterEmbedded_findsSameTableAndItems(@TempDir Path directory) {
        Path nested = directory.resolve("data/dynamodb");
        Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("KEPT#2"));
        try (LocalDynamoDb first = LocalDynamoDb.builder().dataDirectory(nested).start()) {
            createTable(first.client(), "shared");
            first.client().putItem(b -> b.tableName("shared").item(item));
        }

        try (LocalDynamoDb second = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).dataDirectory(nested).start()) {
            assertThat(second.client().scan(b -> b.tableName("shared")).items()).containsExactly(item);
            second.client().putItem(b -> b.tableName("shared").item(Map.of("PK", AttributeValue.fromS("KEPT#3"))));
        }
        try (LocalDynamoDb third = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).dataDirectory(nested).start()) {
            assertThat(third.client().scan(b -> b.tableName("shared")).count()).isEqualTo(2);
        }
    }

    @Test
    void start_whenDataDirectoryGivenForRemote_throws(@TempDir Path directory) {
        assertThatThrownBy(() -> LocalDynamoDb.builder().endpoint(URI.create("http://127.0.0.1:1")).dataDirectory(directory).start())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("dataDirectory(" + directory + ") needs mode(Mode.EMBEDDED) or mode(Mode.SERVER); "
                        + "a remote engine keeps its own data");
    }

    private static void putsAndGetsItem(DynamoDbClient client, String table) {
        createTable(client, table);
        Map<String, AttributeValue> item = Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#C1"),
                "name", AttributeValue.fromS("Ada"),
                "orders", AttributeValue.fromN("3"));

        client.putItem(b -> b.tableName(table).item(item));

        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("PK", AttributeValue.fromS("CUSTOMER#C1"))))
                .item()).isEqualTo(item);
    }

    private static void createTable(DynamoDbClient client, String table) {
        client.createTable(b -> b.tableName(table)
                .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName("PK")
                        .attributeType(ScalarAttributeType.S).build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .filter(nic -> {
                    try {
                        return nic.isUp() && !nic.isLoopback();
                    } catch (SocketException e) {
                        return false;
                    }
                })
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst();
    }
}
