package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableNotFoundException;
import dev.singletable.wire.WireCodec;
import dev.singletable.it.TestModel.Everything;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.it.TestModel.Sensor;
import dev.singletable.it.TestModel.SensorItems;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

import static dev.singletable.it.TestModel.E_ID;
import static dev.singletable.it.TestModel.EVERYTHING;
import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.SENSOR;
import static dev.singletable.it.TestModel.SENSOR_ITEMS;
import static dev.singletable.it.TestModel.S_SENSOR;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The wire codec on a client of the test's own, against a client without it on the same table: the same
 * results, the SDK's responses emptied of the items the codec decoded, and everything else left to the SDK.
 */
class WireCodecTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant AT = Instant.parse("2025-05-19T09:00:00.123Z");
    private static final List<SdkResponse> seen = Collections.synchronizedList(new ArrayList<>());
    private static final List<DynamoDbClient> clients = new ArrayList<>();
    private static DynamoDbClient plainClient;
    private static DynamoDbClient wireClient;
    private static DynamoDbAsyncClient asyncWireClient;
    private static final List<DynamoDbAsyncClient> asyncClients = new ArrayList<>();
    private static Table plain;
    private static Table wire;
    private static AsyncTable asyncWire;

    /** Records each response as the SDK unmarshalled it, after the codec took what it decoded. */
    private static final ExecutionInterceptor RESPONSES = new ExecutionInterceptor() {
        @Override
        public void afterUnmarshalling(Context.AfterUnmarshalling context, ExecutionAttributes attributes) {
            seen.add(context.response());
        }
    };

    @BeforeAll
    static void tables() {
        plainClient = client(configuration -> { });
        wireClient = client(configuration -> WireCodec.install(configuration).addExecutionInterceptor(RESPONSES));
        plain = Table.of(db.table().schema(), plainClient);
        wire = Table.of(db.table().schema(), wireClient);
        asyncWireClient = asyncClient(configuration -> WireCodec.install(configuration).addExecutionInterceptor(RESPONSES));
        asyncWire = AsyncTable.of(db.table().schema(), asyncWireClient);
        for (int i = 0; i < 12; i++) {
            plain.put(everything("e" + i, i, ""));
        }
        String large = "x".repeat(25_000);
        for (int i = 0; i < 100; i++) { // 2.5 MB: the scan takes three or more pages of DynamoDB's 1 MB
            plain.put(everything("large" + i, i, large));
        }
        plain.put(new Sensor("s1", "roof"));
        for (int i = 0; i < 5; i++) {
            plain.put(new Reading("s1", i, AT.plusSeconds(i), -i, i % 2 == 0 ? Level.LOW : Level.HIGH));
        }
    }

    @AfterAll
    static void closeClients() {
        clients.forEach(DynamoDbClient::close);
        asyncClients.forEach(DynamoDbAsyncClient::close);
    }

    @Test
    void query_whenCodecIsInstalled_returnsThePlainResults_andTheSdkUnmarshalsNoItems() {
        List<SensorItems> expected = plain.query(SENSOR_ITEMS).partition(S_SENSOR, "s1").list();
        seen.clear();

        List<SensorItems> read = wire.query(SENSOR_ITEMS).partition(S_SENSOR, "s1").list();

        assertThat(read).hasSize(6).isEqualTo(expected);
        assertThat(seen).singleElement().isInstanceOfSatisfying(QueryResponse.class, response -> {
            assertThat(response.items()).isEmpty();
            assertThat(response.count()).isEqualTo(6);
        });
    }

    @Test
    void scan_whenPagesAreLarge_readsEveryTypeOnEveryPageAsThePlainClient() {
        List<Everything> expected = plain.scan(EVERYTHING).list();
        seen.clear();

        List<Everything> read = wire.scan(EVERYTHING).list();

        assertThat(read).hasSize(112).usingRecursiveFieldByFieldElementComparator().isEqualTo(expected);
        assertThat(seen).hasSizeGreaterThanOrEqualTo(3).allSatisfy(response -> assertThat(((ScanResponse) response).items()).isEmpty());
        assertThat(seen.stream().mapToInt(response -> ((ScanResponse) response).count()).sum()).isEqualTo(112);
    }

    @Test
    void get_whenCodecIsInstalled_readsEveryTypeAsThePlainClient() {
        Everything expected = plain.get(EVERYTHING, KeyValues.of(E_ID, "e3")).orElseThrow();
        seen.clear();

        Optional<Everything> read = wire.get(EVERYTHING, KeyValues.of(E_ID, "e3"));
        Optional<Everything> missing = wire.get(EVERYTHING, KeyValues.of(E_ID, "none"));

        assertThat(read).get().usingRecursiveComparison().isEqualTo(expected);
        assertThat(read.orElseThrow().bytes()).containsExactly(0, 1, 3);
        assertThat(missing).isEmpty();
        assertThat(seen).hasSize(2).allSatisfy(response -> assertThat(((GetItemResponse) response).item()).isEmpty());
    }

    @Test
    void get_whenItsListsDifferInShape_readsThemAsThePlainClient() {
        // the codec hands a list of strings over in place: empty, one element, escaped and wide texts, many elements
        List<List<String>> lists = List.of(List.of(), List.of("only"), List.of("a \"quoted\" \\ text", "ü", "✓ wide"),
                java.util.stream.IntStream.range(0, 40).mapToObj(i -> "t" + i % 7).toList());
        for (int i = 0; i < lists.size(); i++) {
            Everything e = everything("shape" + i, i, "");
            plain.put(new Everything(e.id(), e.text(), e.boxedInt(), e.primitiveLong(), e.decimal(), e.big(), e.flag(), e.when(),
                    e.expires(), e.day(), e.level(), e.uuid(), e.bytes(), lists.get(i), e.set(), e.map(), e.maybe()));
        }

        try {
            for (int i = 0; i < lists.size(); i++) {
                KeyValues key = KeyValues.of(E_ID, "shape" + i);
                assertThat(wire.get(EVERYTHING, key)).get().usingRecursiveComparison().isEqualTo(plain.get(EVERYTHING, key).orElseThrow());
                assertThat(wire.get(EVERYTHING, key).orElseThrow().list()).isEqualTo(lists.get(i));
            }
        } finally { // the scans of the other tests count the table's items
            for (int i = 0; i < lists.size(); i++) {
                plain.delete(EVERYTHING, KeyValues.of(E_ID, "shape" + i));
            }
        }
    }

    @Test
    void get_whenAListHoldsAnotherType_failsAsThePlainClientDoes() {
        Map<String, AttributeValue> item = new java.util.LinkedHashMap<>(plain.toItem(everything("mixed", 1, "")));
        item.put("list", AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromN("5"))));
        plainClient.putItem(put -> put.tableName(db.tableName()).item(item));
        KeyValues key = KeyValues.of(E_ID, "mixed");

        try {
            Throwable expected = org.assertj.core.api.Assertions.catchThrowable(() -> plain.get(EVERYTHING, key));

            assertThat(expected).isNotNull();
            assertThatThrownBy(() -> wire.get(EVERYTHING, key)).isInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
        } finally { // the scans of the other tests read every item
            plain.delete(EVERYTHING, key);
        }
    }

    @Test
    void batchGet_whenCodecIsInstalled_findsWhatThePlainClientFinds() {
        List<ItemKey<?>> keys = List.of(ItemKey.of(SENSOR, KeyValues.of(S_SENSOR, "s1")),
                ItemKey.of(READING, KeyValues.of(R_SENSOR, "s1").and("seq", 2L)),
                ItemKey.of(EVERYTHING, KeyValues.of(E_ID, "e7")), ItemKey.of(EVERYTHING, KeyValues.of(E_ID, "none")));
        ItemsByKey expected = plain.batchGet(keys);
        seen.clear();

        ItemsByKey read = wire.batchGet(keys);

        assertThat(read.found()).hasSize(3).usingRecursiveFieldByFieldElementComparator()
                .containsExactlyInAnyOrderElementsOf(expected.found());
        assertThat(read.notFound()).isEqualTo(expected.notFound()).hasSize(1);
        assertThat(seen).singleElement().isInstanceOfSatisfying(BatchGetItemResponse.class, response ->
                assertThat(response.responses().get(db.tableName())).hasSize(3).allSatisfy(item -> assertThat(item).isEmpty()));
    }

    @Test
    void get_whenCrc32DoesNotMatch_failsWithTheSdksChecksumErrorAsDynamoDbRequestException() {
        ExecutionInterceptor wrongCrc = new ExecutionInterceptor() {
            @Override
            public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
                return context.httpResponse().toBuilder().putHeader("x-amz-crc32", "12345").build();
            }
        };
        // added after the codec, so its response hooks run before the codec's: the codec sees the wrong header
        Table corrupted = Table.of(db.table().schema(), client(configuration -> WireCodec.install(configuration)
                .addExecutionInterceptor(wrongCrc).retryStrategy(RetryMode.STANDARD)));

        assertThatThrownBy(() -> corrupted.get(EVERYTHING, KeyValues.of(E_ID, "e1")))
                .isInstanceOf(DynamoDbRequestException.class)
                // the calculated checksum is the body's, which depends on the stored item: any number
                .hasMessageMatching(java.util.regex.Pattern.quote("GetItem of Everything {PK=EVERYTHING#e1, SK=EVERYTHING} in table "
                        + db.tableName() + " failed on its way to or from DynamoDB: Expected 12345 as the Crc32 checksum but the actual "
                        + "calculated checksum was ") + "[0-9]+" + java.util.regex.Pattern.quote(" (SDK Attempt Count: 1); check the "
                        + "endpoint, region and credentials if it keeps failing"));
    }

    @Test
    void query_whenTheTableIsMissing_failsAsThePlainClientDoes() {
        Table plainMissing = Table.of(SCHEMA.toBuilder().name("NoSuchTable").build(), plainClient);
        Table wireMissing = Table.of(SCHEMA.toBuilder().name("NoSuchTable").build(), wireClient);
        Throwable expected = catchFailure(() -> plainMissing.query(READING).partition(R_SENSOR, "s1").list());

        Throwable failure = catchFailure(() -> wireMissing.query(READING).partition(R_SENSOR, "s1").list());

        assertThat(failure).isInstanceOf(TableNotFoundException.class).hasMessage(expected.getMessage());
        assertThat(expected).isInstanceOf(TableNotFoundException.class);
    }

    @Test
    void query_whenSentByAnotherCallerOnTheSameClient_isLeftToTheSdk() {
        QueryRequest request = QueryRequest.builder().tableName(db.tableName()).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("SENSOR#s1"))).build();
        List<Map<String, AttributeValue>> expected = plainClient.query(request).items();

        QueryResponse response = wireClient.query(request);

        assertThat(response.items()).hasSize(6).isEqualTo(expected);
    }

    @Test
    void query_whenTheClientIsAsynchronous_returnsThePlainResults_andTheSdkUnmarshalsNoItems() {
        List<SensorItems> expected = plain.query(SENSOR_ITEMS).partition(S_SENSOR, "s1").list();
        seen.clear();

        List<SensorItems> read = asyncWire.query(SENSOR_ITEMS).partition(S_SENSOR, "s1").list().join();

        assertThat(read).hasSize(6).isEqualTo(expected);
        assertThat(seen).singleElement().isInstanceOfSatisfying(QueryResponse.class, response -> {
            assertThat(response.items()).isEmpty();
            assertThat(response.count()).isEqualTo(6);
        });
    }

    @Test
    void scan_whenTheClientIsAsynchronousAndPagesAreLarge_readsEveryPageAsThePlainClient() {
        List<Everything> expected = plain.scan(EVERYTHING).list();
        seen.clear();

        List<Everything> read = asyncWire.scan(EVERYTHING).list().join();

        assertThat(read).hasSize(112).usingRecursiveFieldByFieldElementComparator().isEqualTo(expected);
        assertThat(seen).hasSizeGreaterThanOrEqualTo(3).allSatisfy(response -> assertThat(((ScanResponse) response).items()).isEmpty());
        assertThat(seen.stream().mapToInt(response -> ((ScanResponse) response).count()).sum()).isEqualTo(112);
    }

    @Test
    void getAndBatchGet_whenTheClientIsAsynchronous_findWhatThePlainClientFinds() {
        Everything expected = plain.get(EVERYTHING, KeyValues.of(E_ID, "e5")).orElseThrow();
        List<ItemKey<?>> keys = List.of(ItemKey.of(SENSOR, KeyValues.of(S_SENSOR, "s1")),
                ItemKey.of(EVERYTHING, KeyValues.of(E_ID, "e7")), ItemKey.of(EVERYTHING, KeyValues.of(E_ID, "none")));
        ItemsByKey expectedBatch = plain.batchGet(keys);
        seen.clear();

        Optional<Everything> read = asyncWire.get(EVERYTHING, KeyValues.of(E_ID, "e5")).join();
        Optional<Everything> missing = asyncWire.get(EVERYTHING, KeyValues.of(E_ID, "none")).join();
        ItemsByKey batch = asyncWire.batchGet(keys).join();

        assertThat(read).get().usingRecursiveComparison().isEqualTo(expected);
        assertThat(missing).isEmpty();
        assertThat(batch.found()).hasSize(2).usingRecursiveFieldByFieldElementComparator()
                .containsExactlyInAnyOrderElementsOf(expectedBatch.found());
        assertThat(batch.notFound()).isEqualTo(expectedBatch.notFound()).hasSize(1);
        assertThat(seen).hasSize(3);
        assertThat(List.of(((GetItemResponse) seen.get(0)).item(), ((GetItemResponse) seen.get(1)).hasItem(),
                ((BatchGetItemResponse) seen.get(2)).responses().get(db.tableName())))
                .isEqualTo(List.of(Map.of(), false, List.of(Map.of(), Map.of())));
    }

    @Test
    void get_whenTheClientIsAsynchronousAndCrc32DoesNotMatch_failsWithTheSdksChecksumErrorAsDynamoDbRequestException() {
        ExecutionInterceptor wrongCrc = new ExecutionInterceptor() {
            @Override
            public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
                return context.httpResponse().toBuilder().putHeader("x-amz-crc32", "12345").build();
            }
        };
        DynamoDbAsyncClient client = asyncClient(configuration -> WireCodec.install(configuration).addExecutionInterceptor(wrongCrc)
                .retryStrategy(RetryMode.STANDARD));
        AsyncTable corrupted = AsyncTable.of(db.table().schema(), client);

        Throwable failure = corrupted.get(EVERYTHING, KeyValues.of(E_ID, "e1")).handle((found, error) -> error).join();

        assertThat(failure).isInstanceOf(java.util.concurrent.CompletionException.class);
        assertThat(failure.getCause()).isInstanceOf(DynamoDbRequestException.class)
                .hasMessageMatching(java.util.regex.Pattern.quote("GetItem of Everything {PK=EVERYTHING#e1, SK=EVERYTHING} in table "
                        + db.tableName() + " failed on its way to or from DynamoDB: Expected 12345 as the Crc32 checksum but the actual "
                        + "calculated checksum was ") + "[0-9]+" + java.util.regex.Pattern.quote(" (SDK Attempt Count: ") + "[0-9]+"
                        + java.util.regex.Pattern.quote("); check the endpoint, region and credentials if it keeps failing"));
    }

    @Test
    void queryAndGet_whenTheClientIsAsynchronousAndTheTableIsMissing_failAsThePlainClientDoes() {
        Table plainMissing = Table.of(SCHEMA.toBuilder().name("NoSuchTable").build(), plainClient);
        AsyncTable wireMissing = AsyncTable.of(SCHEMA.toBuilder().name("NoSuchTable").build(), asyncWireClient);
        Throwable expectedQuery = catchFailure(() -> plainMissing.query(READING).partition(R_SENSOR, "s1").list());
        Throwable expectedGet = catchFailure(() -> plainMissing.get(EVERYTHING, KeyValues.of(E_ID, "e1")));

        Throwable query = wireMissing.query(READING).partition(R_SENSOR, "s1").list().handle((found, error) -> error).join();
        Throwable get = wireMissing.get(EVERYTHING, KeyValues.of(E_ID, "e1")).handle((found, error) -> error).join();

        assertThat(List.of(query.getCause().getClass(), query.getCause().getMessage(), get.getCause().getClass(), get.getCause().getMessage()))
                .isEqualTo(List.of(TableNotFoundException.class, expectedQuery.getMessage(), TableNotFoundException.class,
                        expectedGet.getMessage()));
    }

    @Test
    void query_whenSentByAnotherCallerOnTheSameAsynchronousClient_isLeftToTheSdk() {
        QueryRequest request = QueryRequest.builder().tableName(db.tableName()).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("SENSOR#s1"))).build();
        List<Map<String, AttributeValue>> expected = plainClient.query(request).items();

        QueryResponse response = asyncWireClient.query(request).join();

        assertThat(response.items()).hasSize(6).isEqualTo(expected);
    }

    @Test
    void get_whenTheFirstAttemptWasDecodedAndTheRetryIsLeftToTheSdk_returnsTheRetrysItem() {
        plain.put(new Sensor("retried", "first"));
        StaleAttempts attempts = new StaleAttempts("retried");
        Table table = Table.of(db.table().schema(), client(configuration -> attempts.install(configuration)));

        Optional<Sensor> read = table.get(SENSOR, KeyValues.of(S_SENSOR, "retried"));

        assertThat(List.of(read, attempts.count())).isEqualTo(List.of(Optional.of(new Sensor("retried", "second")), 2));
    }

    @Test
    void get_whenTheClientIsAsynchronousAndTheFirstAttemptWasDecodedAndTheRetryIsLeftToTheSdk_returnsTheRetrysItem() {
        plain.put(new Sensor("retried-async", "first"));
        StaleAttempts attempts = new StaleAttempts("retried-async");
        AsyncTable table = AsyncTable.of(db.table().schema(), asyncClient(configuration -> attempts.install(configuration)));

        Optional<Sensor> read = table.get(SENSOR, KeyValues.of(S_SENSOR, "retried-async")).join();

        assertThat(List.of(read, attempts.count())).isEqualTo(List.of(Optional.of(new Sensor("retried-async", "second")), 2));
    }

    /**
     * A first attempt the codec decodes, then turned into a 500 (after the item was changed), and a second attempt the codec
     * leaves to the SDK (marked as encoded): a page kept from the first attempt would give the first, stale item.
     */
    private static final class StaleAttempts {
        private final java.util.concurrent.atomic.AtomicInteger attempts = new java.util.concurrent.atomic.AtomicInteger();
        private final String sensor;

        StaleAttempts(String sensor) {
            this.sensor = sensor;
        }

        int count() {
            return attempts.get();
        }

        void install(software.amazon.awssdk.core.client.config.ClientOverrideConfiguration.Builder configuration) {
            // response hooks run last-added first: this one after the codec's, the one below before it
            configuration.addExecutionInterceptor(new ExecutionInterceptor() {
                @Override
                public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
                    if (attempts.incrementAndGet() > 1) {
                        return context.httpResponse();
                    }
                    plain.put(new Sensor(sensor, "second"));
                    return context.httpResponse().toBuilder().statusCode(500).build();
                }
            });
            WireCodec.install(configuration);
            configuration.addExecutionInterceptor(new ExecutionInterceptor() {
                @Override
                public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
                    return attempts.get() == 0 ? context.httpResponse()
                            : context.httpResponse().toBuilder().putHeader("Content-Encoding", "identity").build();
                }
            });
            configuration.retryStrategy(RetryMode.STANDARD);
        }
    }

    @Test
    @EnabledIfSystemProperty(named = "singletable.test.wire", matches = "true")
    void extensionClients_whenTheSuiteRunsThroughTheCodec_carryItsInterceptor() {
        List<String> interceptors = db.client().serviceClientConfiguration().overrideConfiguration().executionInterceptors().stream()
                .map(interceptor -> interceptor.getClass().getName()).filter(name -> name.startsWith("dev.singletable")).toList();

        assertThat(interceptors).containsExactly("dev.singletable.wire.internal.codec.WireInterceptor");
        assertThat(db.engine().endpoint().getHost()).isEqualTo("127.0.0.1");
    }

    private static Throwable catchFailure(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }

    private static Everything everything(String id, int i, String padding) {
        return new Everything(id, "text ✓ " + i + padding, i, -5L * i, new BigDecimal("1234567890.12345" + i),
                new BigInteger("-999999999999999999999999999999" + i), i % 2 == 0, AT.plusSeconds(i),
                Instant.parse("2030-01-01T00:00:00Z"), LocalDate.parse("2025-05-19").plusDays(i), Level.values()[i % 2],
                UUID.nameUUIDFromBytes(id.getBytes()), new byte[]{0, 1, (byte) i}, List.of("b", "a", "b" + i), Set.of("x", "y" + i),
                Map.of("k", "v" + i, "empty", ""), i % 3 == 0 ? Optional.empty() : Optional.of("present"));
    }

    private static DynamoDbAsyncClient asyncClient(
            Consumer<software.amazon.awssdk.core.client.config.ClientOverrideConfiguration.Builder> configure) {
        DynamoDbAsyncClient client = DynamoDbAsyncClient.builder()
                .httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .endpointOverride(db.engine().endpoint())
                .overrideConfiguration(configure)
                .build();
        asyncClients.add(client);
        return client;
    }

    private static DynamoDbClient client(Consumer<software.amazon.awssdk.core.client.config.ClientOverrideConfiguration.Builder> configure) {
        DynamoDbClient client = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .endpointOverride(db.engine().endpoint())
                .overrideConfiguration(configure)
                .build();
        clients.add(client);
        return client;
    }
}
