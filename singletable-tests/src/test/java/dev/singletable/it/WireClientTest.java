package dev.singletable.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.wire.WireClient;
import dev.singletable.it.FaultyHttpClient.Fault;
import dev.singletable.it.TestModel.Everything;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.it.TestModel.Sensor;
import dev.singletable.it.TestModel.SensorItems;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.ApiName;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.Crc32MismatchException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.identity.spi.IdentityProvider;
import software.amazon.awssdk.identity.spi.ResolveIdentityRequest;
import software.amazon.awssdk.identity.spi.TokenIdentity;
import software.amazon.awssdk.metrics.MetricCollection;
import software.amazon.awssdk.metrics.MetricPublisher;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

import static dev.singletable.it.TestModel.EVERYTHING;
import static dev.singletable.it.TestModel.E_ID;
import static dev.singletable.it.TestModel.SCHEMA;
import static dev.singletable.it.TestModel.SENSOR_ITEMS;
import static dev.singletable.it.TestModel.S_SENSOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * singletable's wire client against the SDK's client on the same DynamoDB Local over loopback HTTP: the same results,
 * the same request bodies, the same exceptions; signing, retries (the SDK's strategy) and the CRC32 check on faults
 * put in front of the engine by {@link FaultyHttpClient}.
 */
class WireClientTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final StaticCredentialsProvider CREDENTIALS = StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    private static final Instant AT = Instant.parse("2025-05-19T09:00:00.123Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static FaultyHttpClient sdkHttp;
    private static FaultyHttpClient wireHttp;
    private static DynamoDbClient sdk;
    private static DynamoDbClient wire;
    private static Table plain;
    private static Table onWire;

    @BeforeAll
    static void clients() {
        URI endpoint = db.engine().endpoint();
        sdkHttp = new FaultyHttpClient(ApacheHttpClient.create());
        wireHttp = new FaultyHttpClient(ApacheHttpClient.create());
        sdk = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(endpoint).credentialsProvider(CREDENTIALS)
                .httpClient(sdkHttp).build();
        wire = WireClient.builder().region(Region.US_EAST_1).endpoint(endpoint).credentialsProvider(CREDENTIALS).httpClient(wireHttp)
                .retryStrategy(WireClient.defaultRetryStrategy().toBuilder().backoffStrategy(BackoffStrategy.retryImmediately()).build())
                .build();
        plain = Table.of(db.table().schema(), sdk);
        onWire = Table.of(db.table().schema(), wire);
    }

    @AfterAll
    static void close() {
        sdk.close();
        sdkHttp.close();
        wireHttp.close();
    }

    @BeforeEach
    void forget() {
        sdkHttp.forget();
        wireHttp.forget();
    }

    @Test
    void tableOperations_onWireClient_returnWhatTheSdksClientReturns() {
        for (int i = 0; i < 4; i++) {
            onWire.put(everything("w" + i, i));
        }
        onWire.put(new Sensor("wire-s1", "roof"));
        for (int i = 0; i < 3; i++) {
            onWire.put(new Reading("wire-s1", i, AT.plusSeconds(i), -i, i % 2 == 0 ? Level.LOW : Level.HIGH));
        }

        for (int i = 0; i < 4; i++) {
            KeyValues key = KeyValues.of(E_ID, "w" + i);
            assertThat(onWire.get(EVERYTHING, key)).usingRecursiveComparison().isEqualTo(plain.get(EVERYTHING, key));
        }
        List<SensorItems> collection = onWire.query(SENSOR_ITEMS).partition(S_SENSOR, "wire-s1").list();
        assertThat(collection).isEqualTo(plain.query(SENSOR_ITEMS).partition(S_SENSOR, "wire-s1").list()).hasSize(4);
        List<ItemKey<Everything>> keys = List.of(ItemKey.of(EVERYTHING, KeyValues.of(E_ID, "w1")), ItemKey.of(EVERYTHING, KeyValues.of(E_ID, "w3")));
        assertThat(onWire.batchGet(keys).orThrow().found(EVERYTHING)).usingRecursiveComparison()
                .isEqualTo(plain.batchGet(keys).orThrow().found(EVERYTHING));

        Everything updated = onWire.update(EVERYTHING, KeyValues.of(E_ID, "w2"), u -> u.set(TestModel.E_TEXT, "changed on the wire"));
        assertThat(plain.get(EVERYTHING, KeyValues.of(E_ID, "w2"))).usingRecursiveComparison().isEqualTo(Optional.of(updated));
        onWire.delete(EVERYTHING, KeyValues.of(E_ID, "w2"));
        assertThat(plain.get(EVERYTHING, KeyValues.of(E_ID, "w2"))).isEmpty();
    }

    @Test
    void requests_onWireClient_carryTheBodiesTheSdkWrites() throws Exception {
        PutItemRequest put = PutItemRequest.builder().tableName(db.tableName())
                .item(Map.of("PK", AttributeValue.fromS("BODY#1"), "SK", AttributeValue.fromS("BODY"),
                        "n", AttributeValue.fromN("-12.5e3"), "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[]{0, 1, 2})),
                        "bool", AttributeValue.fromBool(false), "null", AttributeValue.fromNul(true),
                        "ss", AttributeValue.fromSs(List.of("a", "b")), "ns", AttributeValue.fromNs(List.of("1", "2")),
                        "bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[]{9}))),
                        "m", AttributeValue.fromM(Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromL(List.of())))))))
                .conditionExpression("attribute_not_exists(#pk) OR #n < :n").expressionAttributeNames(Map.of("#pk", "PK", "#n", "n"))
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("0"))).returnValues(ReturnValue.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        QueryRequest query = QueryRequest.builder().tableName(db.tableName()).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("BODY#1"))).limit(5).scanIndexForward(false)
                .consistentRead(true).exclusiveStartKey(Map.of("PK", AttributeValue.fromS("BODY#1"), "SK", AttributeValue.fromS("C")))
                .build();

        sdk.putItem(put);
        wire.putItem(put);
        sdk.query(query);
        wire.query(query);

        assertThat(wireHttp.sent()).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(JSON.readTree(wireHttp.sent().get(i).body())).isEqualTo(JSON.readTree(sdkHttp.sent().get(i).body()));
        }
    }

    @Test
    void getItem_onWireClient_isSignedWithSigV4() {
        GetItemRequest get = GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("NONE"), "SK", AttributeValue.fromS("NONE"))).build();

        assertThat(wire.getItem(get).hasItem()).isFalse();
        assertThat(sdk.getItem(get).hasItem()).isFalse();

        SdkHttpRequest sent = wireHttp.sent().get(0).request();
        TreeSet<String> sdkHeaders = new TreeSet<>(sdkHttp.sent().get(0).request().headers().keySet());
        sdkHeaders.removeAll(Set.of("User-Agent", "amz-sdk-invocation-id", "amz-sdk-request")); // the SDK's own telemetry
        assertThat(new TreeSet<>(sent.headers().keySet())).isEqualTo(sdkHeaders).containsExactly("Authorization", "Content-Length",
                "Content-Type", "Host", "X-Amz-Date", "X-Amz-Target", "x-amz-content-sha256");
        assertThat(sent.firstMatchingHeader("Authorization").orElseThrow()).matches("AWS4-HMAC-SHA256 Credential=local/\\d{8}/us-east-1/"
                + "dynamodb/aws4_request, SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target, "
                + "Signature=[0-9a-f]{64}");
        assertThat(sent.firstMatchingHeader("X-Amz-Target")).contains("DynamoDB_20120810.GetItem");
        assertThat(sent.firstMatchingHeader("Content-Type")).contains("application/x-amz-json-1.0");
        assertThat(sent.method().name() + " " + sent.getUri()).isEqualTo("POST " + sdkHttp.sent().get(0).request().getUri())
                .isEqualTo("POST " + db.engine().endpoint() + "/");
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void putItem_whenConditionFails_throwsTheSdksExceptionWithTheStoredItem() {
        Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("COND#1"), "SK", AttributeValue.fromS("COND"), "v", AttributeValue.fromN("1"));
        sdk.putItem(r -> r.tableName(db.tableName()).item(item));
        Function<DynamoDbClient, ConditionalCheckFailedException> failing = client -> catchThrowableOfType(
                () -> client.putItem(r -> r.tableName(db.tableName()).item(item).conditionExpression("attribute_not_exists(PK)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)),
                ConditionalCheckFailedException.class);

        ConditionalCheckFailedException expected = failing.apply(sdk);
        ConditionalCheckFailedException actual = failing.apply(wire);

        assertSameServiceException(actual, expected);
        assertThat(actual.item()).isEqualTo(expected.item()).isEqualTo(item);
    }

    @Test
    void create_whenItemExists_throwsTheSameTypedErrorOnBothClients() {
        Everything existing = everything("exists", 1);
        plain.put(existing);

        Throwable expected = catchThrowableOfType(() -> plain.create(existing), ItemAlreadyExistsException.class);
        Throwable actual = catchThrowableOfType(() -> onWire.create(existing), ItemAlreadyExistsException.class);

        assertThat(actual.getMessage()).isEqualTo(expected.getMessage());
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transactWriteItems_whenCancelled_carriesTheCancellationReasons() {
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("TX#1"), "SK", AttributeValue.fromS("TX"));
        sdk.putItem(r -> r.tableName(db.tableName()).item(key));
        TransactWriteItemsRequest transaction = TransactWriteItemsRequest.builder().transactItems(
                t -> t.put(p -> p.tableName(db.tableName()).item(Map.of("PK", AttributeValue.fromS("TX#2"), "SK", AttributeValue.fromS("TX")))),
                t -> t.conditionCheck(c -> c.tableName(db.tableName()).key(key).conditionExpression("attribute_not_exists(PK)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))).build();

        TransactionCanceledException expected = catchThrowableOfType(() -> sdk.transactWriteItems(transaction), TransactionCanceledException.class);
        TransactionCanceledException actual = catchThrowableOfType(() -> wire.transactWriteItems(transaction), TransactionCanceledException.class);

        assertSameServiceException(actual, expected);
        assertThat(actual.cancellationReasons()).isEqualTo(expected.cancellationReasons()).extracting(CancellationReason::code)
                .containsExactly("None", "ConditionalCheckFailed");
    }

    @Test
    void getItem_whenTableIsMissing_throwsResourceNotFoundException() {
        GetItemRequest get = GetItemRequest.builder().tableName("NoSuchTable")
                .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B"))).build();

        ResourceNotFoundException expected = catchThrowableOfType(() -> sdk.getItem(get), ResourceNotFoundException.class);
        ResourceNotFoundException actual = catchThrowableOfType(() -> wire.getItem(get), ResourceNotFoundException.class);

        assertSameServiceException(actual, expected);
    }

    @Test
    void updateAdd_whenEngineFailsWith500_isNotRetriedAndMayHaveBeenApplied() {
        onWire.put(everything("added", 2));
        wireHttp.forget();
        wireHttp.queue(Fault.INTERNAL_SERVER_ERROR, 1);

        // the request-level plugin that stops retries of a non-idempotent update is applied by the wire client too
        DynamoDbRequestException failure = catchThrowableOfType(() -> onWire.update(EVERYTHING, KeyValues.of(E_ID, "added"),
                u -> u.add(TestModel.E_DECIMAL, BigDecimal.ONE)), DynamoDbRequestException.class);

        assertThat(failure.mayHaveBeenApplied()).isTrue();
        assertThat(wireHttp.sent()).hasSize(1);
    }

    @Test
    void get_whenEngineFailsTwiceWith500_retriesAndReturnsTheItem() {
        onWire.put(everything("retried", 2));
        wireHttp.forget();
        wireHttp.queue(Fault.INTERNAL_SERVER_ERROR, 2);

        Optional<Everything> read = onWire.get(EVERYTHING, KeyValues.of(E_ID, "retried"));

        assertThat(read).usingRecursiveComparison().isEqualTo(Optional.of(everything("retried", 2)));
        assertThat(wireHttp.sent()).hasSize(3);
    }

    @Test
    void getItem_whenThrottledOnEveryAttempt_throwsAfterTheStrategysAttempts() {
        try (FaultyHttpClient http = new FaultyHttpClient(ApacheHttpClient.create())) {
            DynamoDbClient threeAttempts = WireClient.builder().region(Region.US_EAST_1).endpoint(db.engine().endpoint())
                    .credentialsProvider(CREDENTIALS).httpClient(http).retryStrategy(WireClient.defaultRetryStrategy().toBuilder()
                            .maxAttempts(3).backoffStrategy(BackoffStrategy.retryImmediately()).build()).build();
            http.queue(Fault.THROTTLING, 3);

            DynamoDbException failure = catchThrowableOfType(() -> threeAttempts.getItem(r -> r.tableName(db.tableName())
                    .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B")))), DynamoDbException.class);

            assertThat(failure.getMessage()).isEqualTo("Rate of requests exceeds the allowed throughput. (Service: DynamoDb, "
                    + "Status Code: 400, Request ID: FAULT) (SDK Attempt Count: 3)");
            assertThat(failure.awsErrorDetails().errorCode()).isEqualTo("ThrottlingException");
            assertThat(failure.isThrottlingException()).isTrue();
            assertThat(failure.numAttempts()).isEqualTo(3);
            assertThat(http.sent()).hasSize(3);
        }
    }

    @Test
    void get_whenCrc32DoesNotMatch_failsAsOnTheSdksClient() {
        onWire.put(everything("checked", 3));
        sdkHttp.forget();
        wireHttp.forget();
        sdkHttp.queue(Fault.WRONG_CRC32, 1);
        wireHttp.queue(Fault.WRONG_CRC32, 1);

        DynamoDbRequestException expected = catchThrowableOfType(() -> plain.get(EVERYTHING, KeyValues.of(E_ID, "checked")),
                DynamoDbRequestException.class);
        DynamoDbRequestException actual = catchThrowableOfType(() -> onWire.get(EVERYTHING, KeyValues.of(E_ID, "checked")),
                DynamoDbRequestException.class);

        // the SDK's client does not retry a CRC32 mismatch, and neither does the wire client with the SDK's strategy; the
        // checksum of the body is left out: DynamoDB does not promise the order of an item's attributes in its JSON, and an
        // engine may write the same item in another order in each response (Dynoxide 1.2.1 does), so two bodies differ
        assertThat(withoutChecksum(actual.getMessage())).isEqualTo(withoutChecksum(expected.getMessage()))
                .contains("Expected 12345 as the Crc32 checksum but the actual calculated checksum was <crc32>");
        assertThat(actual.getCause()).isInstanceOf(Crc32MismatchException.class);
        assertThat(wireHttp.sent()).hasSize(sdkHttp.sent().size()).hasSize(1);
    }

    private static String withoutChecksum(String message) {
        return message.replaceAll("checksum was \\d+", "checksum was <crc32>");
    }

    @Test
    void getItem_whenCrc32DoesNotMatch_throwsCrc32MismatchException() {
        wireHttp.queue(Fault.WRONG_CRC32, 1);

        assertThatThrownBy(() -> wire.getItem(r -> r.tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B")))))
                .isInstanceOf(Crc32MismatchException.class)
                .hasMessageMatching("Expected 12345 as the Crc32 checksum but the actual calculated checksum was \\d+ \\(SDK Attempt Count: 1\\)");
        assertThat(wireHttp.sent()).hasSize(1);
    }

    @Test
    void createBackup_onWireClient_throwsUnsupportedOperationExceptionNamingIt() {
        assertThatThrownBy(() -> wire.createBackup(r -> r.tableName(db.tableName()).backupName("b")))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("CreateBackup is not sent by singletable's wire client (WireClient), which sends only the operations "
                        + "singletable uses; send CreateBackup with a DynamoDbClient built by the SDK (DynamoDbClient.builder()), "
                        + "which can share the HTTP client and credentials provider");
        assertThat(wireHttp.sent()).isEmpty();
    }

    @Test
    void build_withoutRegion_failsNamingTheSetting() {
        assertThatThrownBy(() -> WireClient.builder().credentialsProvider(CREDENTIALS).httpClient(wireHttp).build())
                .isInstanceOf(SingleTableException.class)
                .hasMessage("WireClient needs region: call .region(Region.EU_WEST_1) on the builder before build()");
    }

    @Test
    void getItem_withRequestCredentialsHeadersAndQuery_signsThemAsTheSdksClientDoes() {
        GetItemRequest get = GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("NONE"), "SK", AttributeValue.fromS("NONE")))
                .overrideConfiguration(o -> o.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("caller", "secret")))
                        .putHeader("x-app-trace", "trace-42").putRawQueryParameter("probe", "1")
                        .addApiName(ApiName.builder().name("orders-app").version("3.1").build()))
                .build();

        assertThat(wire.getItem(get).hasItem()).isFalse();
        assertThat(sdk.getItem(get).hasItem()).isFalse();

        SdkHttpRequest sent = wireHttp.sent().get(0).request();
        SdkHttpRequest sdkSent = sdkHttp.sent().get(0).request();
        TreeSet<String> sdkHeaders = new TreeSet<>(sdkSent.headers().keySet());
        sdkHeaders.removeAll(Set.of("amz-sdk-invocation-id", "amz-sdk-request")); // the SDK's own telemetry
        assertThat(new TreeSet<>(sent.headers().keySet())).isEqualTo(sdkHeaders).containsExactly("Authorization", "Content-Length",
                "Content-Type", "Host", "User-Agent", "X-Amz-Date", "X-Amz-Target", "x-amz-content-sha256", "x-app-trace");
        assertThat(signedHeaders(sent)).isEqualTo(signedHeaders(sdkSent).replace("amz-sdk-invocation-id;amz-sdk-request;", ""))
                .isEqualTo("content-length;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target;x-app-trace");
        assertThat(sent.firstMatchingHeader("Authorization").orElseThrow()).startsWith("AWS4-HMAC-SHA256 Credential=caller/");
        assertThat(sent.firstMatchingHeader("x-app-trace")).contains("trace-42");
        assertThat(sent.firstMatchingHeader("User-Agent")).contains("orders-app/3.1");
        assertThat(sdkSent.firstMatchingHeader("User-Agent").orElseThrow().split(" ")).contains("orders-app/3.1");
        assertThat(sent.getUri()).isEqualTo(sdkSent.getUri()).isEqualTo(URI.create(db.engine().endpoint() + "/?probe=1"));
    }

    static List<Arguments> overridesTheWireClientCannotApply() {
        return List.of(
                Arguments.of("signer", "it signs every request with SigV4 (the SDK's AwsV4HttpSigner)",
                        (Consumer<AwsRequestOverrideConfiguration.Builder>) WireClientTest::otherSigner),
                Arguments.of("metricPublishers", "it publishes no metrics",
                        (Consumer<AwsRequestOverrideConfiguration.Builder>) o -> o.addMetricPublisher(new MetricPublisher() {
                            @Override
                            public void publish(MetricCollection metrics) {
                            }

                            @Override
                            public void close() {
                            }
                        })),
                Arguments.of("executionAttributes", "it runs no execution interceptors to read them",
                        (Consumer<AwsRequestOverrideConfiguration.Builder>) o -> o.putExecutionAttribute(TRACE, "t1")),
                Arguments.of("endpointProvider", "it sends every request to the endpoint given to its builder",
                        (Consumer<AwsRequestOverrideConfiguration.Builder>) o -> o.endpointProvider(DynamoDbEndpointProvider.defaultProvider())),
                Arguments.of("tokenIdentityProvider", "DynamoDB signs requests with AWS credentials, not a bearer token",
                        (Consumer<AwsRequestOverrideConfiguration.Builder>) o -> o.tokenIdentityProvider(new IdentityProvider<TokenIdentity>() {
                            @Override
                            public Class<TokenIdentity> identityType() {
                                return TokenIdentity.class;
                            }

                            @Override
                            public CompletableFuture<TokenIdentity> resolveIdentity(ResolveIdentityRequest request) {
                                return CompletableFuture.completedFuture(TokenIdentity.create("token"));
                            }
                        })));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overridesTheWireClientCannotApply")
    void getItem_withAnOverrideTheWireClientCannotApply_throwsNamingItAndSendsNothing(String setting, String why,
                                                                                    Consumer<AwsRequestOverrideConfiguration.Builder> override) {
        assertThatThrownBy(() -> wire.getItem(r -> r.tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B"))).overrideConfiguration(override)))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("GetItem request's overrideConfiguration sets " + setting + ", which singletable's wire client (WireClient) "
                        + "cannot apply: " + why + ". Leave " + setting + " out of the request, or send it with a DynamoDbClient built "
                        + "by the SDK (DynamoDbClient.builder())");
        assertThat(wireHttp.sent()).isEmpty();
    }

    @Test
    @Timeout(30)
    void getItem_whenNoAnswerComesWithinTheAttemptTimeout_retriesThenThrowsAsTheSdksClient() throws Exception {
        SilentEndpointGets gets = getFromASilentEndpoint(2, o -> o.apiCallAttemptTimeout(Duration.ofMillis(200)));

        assertThat(gets.wire()).isInstanceOf(ApiCallAttemptTimeoutException.class).hasSameClassAs(gets.sdk());
        assertThat(gets.wire().getMessage()).isEqualTo(gets.sdk().getMessage())
                .isEqualTo("HTTP request execution did not complete before the specified timeout configuration: 200 millis "
                        + "(SDK Attempt Count: 2)");
        assertThat(gets.wireSent()).isEqualTo(gets.sdkSent()).isEqualTo(2);
    }

    @Test
    @Timeout(30)
    void getItem_whenNoAnswerComesWithinTheCallTimeout_throwsWithoutRetryingAsTheSdksClient() throws Exception {
        SilentEndpointGets gets = getFromASilentEndpoint(3, o -> o.apiCallTimeout(Duration.ofMillis(300)));

        assertThat(gets.wire()).isInstanceOf(ApiCallTimeoutException.class).hasSameClassAs(gets.sdk());
        assertThat(gets.wire().getMessage()).isEqualTo(gets.sdk().getMessage())
                .isEqualTo("Client execution did not complete before the specified timeout configuration: 300 millis");
        assertThat(gets.wireSent()).isEqualTo(gets.sdkSent()).isEqualTo(1);
    }

    /** What the SDK's client and the wire client threw for one get, and how many requests each sent. */
    private record SilentEndpointGets(SdkClientException sdk, SdkClientException wire, int sdkSent, int wireSent) {
    }

    /** One get through each client, with {@code attempts} attempts and {@code timeout}, to an endpoint that never answers. */
    private static SilentEndpointGets getFromASilentEndpoint(int attempts, Consumer<AwsRequestOverrideConfiguration.Builder> timeout)
            throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             FaultyHttpClient sdkSilent = new FaultyHttpClient(ApacheHttpClient.create());
             FaultyHttpClient wireSilent = new FaultyHttpClient(ApacheHttpClient.create())) {
            URI endpoint = URI.create("http://127.0.0.1:" + silent.getLocalPort());
            Consumer<GetItemRequest.Builder> get = r -> r.tableName(db.tableName())
                    .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B"))).overrideConfiguration(timeout);

            SdkClientException sdk = catchThrowableOfType(() -> sdkClient(endpoint, sdkSilent, attempts).getItem(get), SdkClientException.class);
            SdkClientException wire = catchThrowableOfType(() -> wireClient(endpoint, wireSilent, attempts).getItem(get), SdkClientException.class);
            return new SilentEndpointGets(sdk, wire, sdkSilent.sent().size(), wireSilent.sent().size());
        }
    }

    @Test
    void getItem_withReturnConsumedCapacity_returnsWhatTheSdksClientReturns() {
        sdk.putItem(r -> r.tableName(db.tableName()).item(Map.of("PK", AttributeValue.fromS("CAP#1"), "SK", AttributeValue.fromS("CAP"))));
        GetItemRequest get = GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("CAP#1"), "SK", AttributeValue.fromS("CAP")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();

        GetItemResponse expected = sdk.getItem(get);
        GetItemResponse actual = wire.getItem(get);

        assertThat(actual.equalsBySdkFields(expected)).as("%s has the members of %s", actual, expected).isTrue();
        assertThat(actual.consumedCapacity()).isEqualTo(ConsumedCapacity.builder().tableName(db.tableName()).capacityUnits(0.5)
                .table(Capacity.builder().capacityUnits(0.5).build()).build());
    }

    @Test
    void updateItem_withReturnConsumedCapacityAndValues_returnsWhatTheSdksClientReturns() {
        UpdateItemRequest update = UpdateItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("CAP#2"), "SK", AttributeValue.fromS("CAP")))
                .updateExpression("SET #n = :n").expressionAttributeNames(Map.of("#n", "n"))
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("7")))
                .returnValues(ReturnValue.ALL_NEW).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build();

        UpdateItemResponse expected = sdk.updateItem(update);
        UpdateItemResponse actual = wire.updateItem(update);

        assertThat(actual.equalsBySdkFields(expected)).as("%s has the members of %s", actual, expected).isTrue();
        assertThat(actual.attributes()).isEqualTo(Map.of("PK", AttributeValue.fromS("CAP#2"), "SK", AttributeValue.fromS("CAP"),
                "n", AttributeValue.fromN("7")));
        assertThat(actual.consumedCapacity()).isEqualTo(ConsumedCapacity.builder().tableName(db.tableName()).capacityUnits(1.0).build());
    }

    @Test
    void getItem_whenAProxyAnswers413WithAPage_throwsNamingTheAnswerWithoutRetrying() {
        wireHttp.queue(Fault.PROXY_TOO_LARGE, 1);

        DynamoDbException failure = catchThrowableOfType(() -> wire.getItem(r -> r.tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B")))), DynamoDbException.class);

        assertThat(failure.getMessage()).isEqualTo("The endpoint answered GetItem with HTTP 413 Request Entity Too Large and a body "
                + "that is not DynamoDB's JSON (Content-Type: text/html, 169 bytes: '<html> <head><title>413 Request Entity Too Large"
                + "</title></head> <body> <center><h1>413 Request Entity Too Large</h1></center> <hr><center>nginx</center> </body> "
                + "</html>'): something between the client and DynamoDB (a proxy, a load balancer, a firewall) answered in its place, "
                + "refusing the request as too large for it; check the endpoint and what stands in front of it (Service: DynamoDb, "
                + "Status Code: 413, Request ID: null) (SDK Attempt Count: 1)");
        assertThat(failure.statusCode()).isEqualTo(413);
        assertThat(failure.awsErrorDetails().errorCode()).isEqualTo("UnknownError");
        assertThat(wireHttp.sent()).hasSize(1);
    }

    @Test
    void get_whenAProxyAnswers503WithAPageOnce_retriesAndReturnsTheItem() {
        onWire.put(everything("behind-proxy", 4));
        wireHttp.forget();
        wireHttp.queue(Fault.PROXY_UNAVAILABLE, 1);

        Optional<Everything> read = onWire.get(EVERYTHING, KeyValues.of(E_ID, "behind-proxy"));

        assertThat(read).usingRecursiveComparison().isEqualTo(Optional.of(everything("behind-proxy", 4)));
        assertThat(wireHttp.sent()).hasSize(2);
    }

    @Test
    void getItem_whenAProxyAnswers200WithAPage_throwsNamingTheAnswerWithoutRetrying() {
        wireHttp.queue(Fault.PROXY_PAGE, 1);

        SdkClientException failure = catchThrowableOfType(() -> wire.getItem(r -> r.tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("B")))), SdkClientException.class);

        assertThat(failure.getMessage()).isEqualTo("The endpoint answered GetItem with HTTP 200 OK and a body that is not DynamoDB's "
                + "JSON (Content-Type: text/html, 125 bytes: '<html> <head><title>200 OK</title></head> <body> <center><h1>200 OK</h1>"
                + "</center> <hr><center>nginx</center> </body> </html>'): something between the client and DynamoDB (a proxy, a "
                + "load balancer, a firewall) answered in its place; check the endpoint and what stands in front of it "
                + "(SDK Attempt Count: 1)");
        assertThat(failure.getCause()).isNull();
        assertThat(wireHttp.sent()).hasSize(1);
    }

    private static final ExecutionAttribute<String> TRACE = new ExecutionAttribute<>("singletable-test-trace");

    @SuppressWarnings("deprecation") // the per-request signer is deprecated in the SDK; callers can still set it
    private static void otherSigner(AwsRequestOverrideConfiguration.Builder override) {
        override.signer((request, attributes) -> request);
    }

    private static String signedHeaders(SdkHttpRequest request) {
        String authorization = request.firstMatchingHeader("Authorization").orElseThrow();
        int start = authorization.indexOf("SignedHeaders=") + "SignedHeaders=".length();
        return authorization.substring(start, authorization.indexOf(',', start));
    }

    private static DynamoDbClient sdkClient(URI endpoint, SdkHttpClient http, int attempts) {
        return DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(endpoint).credentialsProvider(CREDENTIALS).httpClient(http)
                .overrideConfiguration(o -> o.retryStrategy(WireClient.defaultRetryStrategy().toBuilder().maxAttempts(attempts)
                        .backoffStrategy(BackoffStrategy.retryImmediately()).build()))
                .build();
    }

    private static DynamoDbClient wireClient(URI endpoint, SdkHttpClient http, int attempts) {
        return WireClient.builder().region(Region.US_EAST_1).endpoint(endpoint).credentialsProvider(CREDENTIALS).httpClient(http)
                .retryStrategy(WireClient.defaultRetryStrategy().toBuilder().maxAttempts(attempts)
                        .backoffStrategy(BackoffStrategy.retryImmediately()).build())
                .build();
    }

    private static void assertSameServiceException(AwsServiceException actual, AwsServiceException expected) {
        assertThat(actual.getClass()).isEqualTo(expected.getClass());
        assertThat(actual.statusCode()).isEqualTo(expected.statusCode());
        assertThat(actual.awsErrorDetails().errorCode()).isEqualTo(expected.awsErrorDetails().errorCode());
        assertThat(actual.awsErrorDetails().errorMessage()).isEqualTo(expected.awsErrorDetails().errorMessage());
        assertThat(actual.awsErrorDetails().serviceName()).isEqualTo(expected.awsErrorDetails().serviceName());
        assertThat(actual.getMessage().replace(actual.requestId(), "ID")).isEqualTo(expected.getMessage().replace(expected.requestId(), "ID"));
    }

    private static Everything everything(String id, int i) {
        return new Everything(id, "text ✓ " + i, i, -5L * i, new BigDecimal("1234567890.12345" + i),
                new BigInteger("-999999999999999999999999999999" + i), i % 2 == 0, AT.plusSeconds(i),
                Instant.parse("2030-01-01T00:00:00Z"), LocalDate.parse("2025-05-19").plusDays(i), Level.values()[i % 2],
                UUID.nameUUIDFromBytes(id.getBytes()), new byte[]{0, 1, (byte) i}, List.of("b", "a", "b" + i), Set.of("x", "y" + i),
                Map.of("k", "v" + i, "empty", ""), i % 3 == 0 ? Optional.empty() : Optional.of("present"));
    }
}
