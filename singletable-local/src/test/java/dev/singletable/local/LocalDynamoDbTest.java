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
import java.util.List;
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

    @BeforeAll
    static void start() {
        embedded = LocalDynamoDb.embedded();
    }

    @AfterAll
    static void stop() {
        embedded.close();
    }

    @Test
    void start_whenEmbedded_listsNoTablesOnLoopbackEndpoint() {
        try (LocalDynamoDb db = LocalDynamoDb.embedded()) {
            URI endpoint = db.endpoint();

            assertThat(db.mode()).isEqualTo(LocalDynamoDb.Mode.EMBEDDED);
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
    void asyncClient_whenEmbedded_seesTablesOfSyncClient() {
        createTable(embedded.client(), "async-embedded");

        assertThat(embedded.asyncClient().listTables().join().tableNames()).contains("async-embedded");
    }

    @Test
    void client_whenWireClientIsAsked_sendsThroughSingletablesWireClient() {
        try (LocalDynamoDb db = LocalDynamoDb.builder().wireClient(true).start()) {
            putsAndGetsItem(db.client(), "wire-items");

            // an operation the wire client does not send: refused by it before anything is sent, naming the SDK's client
            assertThatThrownBy(() -> db.client().describeLimits(b -> { }))
                    .isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageStartingWith("DescribeLimits is not sent by singletable's wire client (WireClient)");
            assertThat(db.asyncClient().listTables().join().tableNames()).containsExactly("wire-items");
        }
    }

    @Test
    void client_whenCalledTwice_returnsSameClient() {
        assertThat(embedded.client()).isSameAs(embedded.client());
        assertThat(embedded.asyncClient()).isSameAs(embedded.asyncClient());
    }

    @Test
    void clientClose_whenCalledByUser_keepsEngineRunning() {
        embedded.client().close();
        embedded.asyncClient().close();

        assertThat(embedded.client().listTables().tableNames()).isNotNull();
        assertThat(embedded.asyncClient().listTables().join().tableNames()).isNotNull();
    }

    @Test
    void region_isUsEast1() {
        assertThat(embedded.region()).isEqualTo(Region.US_EAST_1);
    }

    @Test
    void start_whenTwoEngines_listenOnDifferentPortsWithSeparateData() {
        try (LocalDynamoDb other = LocalDynamoDb.embedded()) {
            createTable(other.client(), "only-in-other");

            assertThat(other.endpoint().getPort()).isNotEqualTo(embedded.endpoint().getPort());
            assertThat(embedded.client().listTables().tableNames()).doesNotContain("only-in-other");
        }
    }

    @Test
    void start_whenPortIsTaken_throwsNamingAddressAndFix() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> LocalDynamoDb.builder().port(port).start())
                    .isInstanceOf(LocalDynamoDbException.class)
                    .hasMessageStartingWith("Dynoxide could not listen on 127.0.0.1:" + port + ": error: port " + port
                            + " is already in use")
                    .hasMessageEndingWith("; stop what uses the port, or leave the port unset to get a free one");
        }
    }

    @Test
    void start_whenFixedPortIsFree_listensOnIt() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        try (LocalDynamoDb fixed = LocalDynamoDb.builder().port(port).start()) {
            assertThat(fixed.endpoint()).isEqualTo(URI.create("http://127.0.0.1:" + port));
            assertThat(fixed.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void start_whenPortGivenForRemote_throws() {
        assertThatThrownBy(() -> LocalDynamoDb.builder().endpoint(URI.create("http://127.0.0.1:1")).port(8000).start())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("port(8000) needs mode(Mode.EMBEDDED); a remote engine has the port of its endpoint");
    }

    @Test
    void port_whenOutOfRange_throws() {
        assertThatThrownBy(() -> LocalDynamoDb.builder().port(65_536))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port 65536 is not between 1 and 65535 (or 0 for a free one)");
    }

    @Test
    void start_whenEmbedded_isNotReachableOnOtherInterfaces() throws IOException {
        Optional<InetAddress> external = nonLoopbackAddress();
        assumeTrue(external.isPresent(), "this machine has no non-loopback IPv4 address");

        try (Socket socket = new Socket()) {
            assertThatThrownBy(() -> socket.connect(new InetSocketAddress(external.get(), embedded.endpoint().getPort()), 1000))
                    .isInstanceOfAny(ConnectException.class, SocketTimeoutException.class);
        }
    }

    @Test
    void close_whenCalledTwice_doesNothingTheSecondTime() {
        LocalDynamoDb db = LocalDynamoDb.embedded();
        db.client().listTables();

        db.close();
        db.close();

        assertThatThrownBy(db::client)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(db + " is closed")
                .hasMessageStartingWith("LocalDynamoDb[Dynoxide 1.2.1 at " + db.endpoint());
    }

    @Test
    void close_whenEmbedded_freesPortAndStopsTheProcess() throws IOException {
        List<ProcessHandle> before = dynoxideChildren();
        LocalDynamoDb db = LocalDynamoDb.embedded();
        int port = db.endpoint().getPort();
        List<ProcessHandle> started = dynoxideChildren().stream().filter(p -> !before.contains(p)).toList();
        assertThat(started).hasSize(1);

        db.close();

        assertThat(started.get(0).isAlive()).isFalse();
        try (ServerSocket reuse = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(reuse.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void endpoint_whenGiven_makesRemoteClientsOfThatEngineWithLoopbackDefaults() {
        try (LocalDynamoDb remote = LocalDynamoDb.builder().endpoint(embedded.endpoint()).start()) {
            createTable(embedded.client(), "SeenRemotely");

            assertThat(remote.mode()).isEqualTo(LocalDynamoDb.Mode.REMOTE);
            assertThat(remote.endpoint()).isEqualTo(embedded.endpoint());
            assertThat(remote.region()).isEqualTo(Region.US_EAST_1);
            assertThat(remote.client().listTables().tableNames()).contains("SeenRemotely");
            assertThat(remote.asyncClient().listTables().join().tableNames()).contains("SeenRemotely");
            assertThat(remote).hasToString("LocalDynamoDb[remote " + embedded.endpoint() + "]");
        }
        assertThat(embedded.client().listTables().tableNames()).contains("SeenRemotely"); // closing a remote one stops nothing
    }

    @Test
    void endpoint_whenRegionAndProfileGiven_usesRegion() {
        try (LocalDynamoDb remote = LocalDynamoDb.builder().endpoint(embedded.endpoint()).region(Region.EU_WEST_1).start()) {
            assertThat(remote.region()).isEqualTo(Region.EU_WEST_1);
            assertThat(remote.client().listTables().tableNames()).isNotNull();
        }
    }

    /**
     * Dynoxide 1.2.1 has every feature but three: it refuses a PartiQL UPDATE with several SET clauses, the form the
     * DynamoDB developer guide documents, comments in a statement, and a GSI keyed by several attributes. When a Dynoxide
     * update takes them, this fails: update the README's engine notes.
     */
    @Test
    void supports_onDynoxide_hasEveryFeatureButThree() {
        for (EngineFeature feature : EngineFeature.values()) {
            if (feature != EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES && feature != EngineFeature.PARTIQL_COMMENTS
                    && feature != EngineFeature.MULTI_ATTRIBUTE_KEYS) {
                assertThat(embedded.missing(feature)).as("%s", feature).isEmpty();
            }
        }
        assertThat(embedded.missing(EngineFeature.PARTIQL_SEVERAL_SET_CLAUSES)).contains(
                "UPDATE ... SET \"a\" = ? SET \"b\" = ? WHERE ... answered ValidationException: UPDATE requires a WHERE clause");
        assertThat(embedded.missing(EngineFeature.PARTIQL_COMMENTS)).hasValueSatisfying(why -> assertThat(why)
                .startsWith("a SELECT with -- and /* */ comments answered ValidationException: Statement wasn't well formed"));
        assertThat(embedded.missing(EngineFeature.MULTI_ATTRIBUTE_KEYS)).contains("a table with a GSI keyed by two attributes was "
                + "refused: ValidationException: Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
    }

    @Test
    void description_namesTheEngineItsVersionAndEndpoint() {
        assertThat(embedded.description()).isEqualTo("Dynoxide 1.2.1 at " + embedded.endpoint());
    }

    /**
     * Amazon DynamoDB reports the capacity of ExecuteTransaction when asked for it, as TransactWriteItems does: twice
     * the units of the writes ("Transactions ... consume two write capacity units per item", API reference,
     * ExecuteTransaction and TransactWriteItems, ReturnConsumedCapacity). DynamoDB Local 2.6.1 left it out of
     * ExecuteTransaction; Dynoxide reports both.
     */
    @Test
    void executeTransaction_whenCapacityIsAskedFor_reportsItAsTransactWriteItemsDoes() {
        DynamoDbClient client = embedded.client();
        String table = "capacity";
        createTable(client, table);

        var partiql = client.executeTransaction(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .transactStatements(ParameterizedStatement.builder().statement("INSERT INTO \"" + table + "\" VALUE {'PK' : ?}")
                        .parameters(AttributeValue.fromS("P#1")).build()));
        var transact = client.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .transactItems(TransactWriteItem.builder().put(Put.builder().tableName(table)
                        .item(Map.of("PK", AttributeValue.fromS("P#2"))).build()).build()));

        assertThat(partiql.consumedCapacity()).extracting(ConsumedCapacity::tableName, ConsumedCapacity::capacityUnits)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(table, 2.0));
        assertThat(transact.consumedCapacity()).extracting(ConsumedCapacity::tableName, ConsumedCapacity::capacityUnits)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(table, 2.0));
        assertThat(client.scan(b -> b.tableName(table)).count()).isEqualTo(2);
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
        assertThat(directory.resolve("dynoxide.db")).isRegularFile();
    }

    @Test
    void dataDirectory_whenEngineRestartsAtOnceManyTimes_opensTheFileEachTime(@TempDir Path directory) {
        // each start comes right after the previous close, as the commands of a script or a test do
        for (int run = 1; run <= 12; run++) {
            String value = Integer.toString(run);
            try (LocalDynamoDb engine = LocalDynamoDb.builder().dataDirectory(directory).start()) {
                if (run == 1) {
                    createTable(engine.client(), "restarts");
                }
                engine.client().putItem(b -> b.tableName("restarts").item(Map.of("PK", AttributeValue.fromS("RUN#" + value))));
                assertThat(engine.client().scan(b -> b.tableName("restarts")).count()).isEqualTo(run);
            }
        }
    }

    @Test
    void dataDirectory_whenNested_isCreatedAndKeptAcrossRestarts(@TempDir Path directory) {
        Path nested = directory.resolve("data/dynamodb");
        Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("KEPT#2"));
        try (LocalDynamoDb first = LocalDynamoDb.builder().dataDirectory(nested).start()) {
            createTable(first.client(), "shared");
            first.client().putItem(b -> b.tableName("shared").item(item));
        }

        try (LocalDynamoDb second = LocalDynamoDb.builder().dataDirectory(nested).start()) {
            assertThat(second.client().scan(b -> b.tableName("shared")).items()).containsExactly(item);
        }
    }

    @Test
    void start_whenDataDirectoryGivenForRemote_throws(@TempDir Path directory) {
        assertThatThrownBy(() -> LocalDynamoDb.builder().endpoint(URI.create("http://127.0.0.1:1")).dataDirectory(directory).start())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("dataDirectory(" + directory + ") needs mode(Mode.EMBEDDED); a remote engine keeps its own data");
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

    /** The Dynoxide processes this JVM started, directly or under their watching shell. */
    static List<ProcessHandle> dynoxideChildren() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/dynoxide")).orElse(false))
                .toList();
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
