package dev.singletable.extension;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.Stable;
import dev.singletable.internal.table.DynamoOperation;

import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What one request to DynamoDB did, given to {@link RequestListener}s once it has returned or failed: every request
 * a table sends is reported exactly once, before its result or its exception reaches the caller. A failed request
 * (a condition that did not hold, a cancelled transaction, throttling that outlasted the SDK's retries, a refusal, a
 * timeout, a network error) carries its {@link #errorCode()}.
 *
 * <pre>{@code
 * Table table = Table.builder(schema, client).listener(event -> {
 *     meter.timer("dynamodb.requests", "operation", event.operation(),
 *             "outcome", event.errorCode().orElse("OK")).record(event.duration());
 *     if (event.succeeded()) {
 *         meter.counter("dynamodb.capacity", "operation", event.operation()).increment(event.consumedCapacity());
 *     }
 * }).build();
 * }</pre>
 *
 * @param operation        the DynamoDB operation, such as {@code Query} or {@code PutItem}
 * @param tableName        the table
 * @param indexName        the GSI, when the request used one
 * @param itemCount        items returned (reads) or written (writes); 0 for a failed request
 * @param scannedCount     items DynamoDB read to answer: for a Query or Scan its {@code ScannedCount}, more than
 *                         {@code itemCount} when a filter dropped some (each read item is billed, returned or not);
 *                         for any other request the same as {@code itemCount}
 * @param consumedCapacity capacity units DynamoDB reported (read units for reads, write units for writes); 0 when the
 *                         response reported none (DynamoDB Local 2.6.1 does not for ExecuteTransaction), which for a
 *                         request that read or wrote items means "not reported", never "free". Always 0 for a failed
 *                         request: DynamoDB's error responses carry no consumed capacity, although Amazon DynamoDB
 *                         does bill a write whose condition failed
 * @param duration         time from sending to the response or the failure, the SDK's retries included
 * @param errorCode        empty when the request succeeded; else DynamoDB's error code when DynamoDB answered (such
 *                         as {@code ConditionalCheckFailedException}, {@code TransactionCanceledException},
 *                         {@code ProvisionedThroughputExceededException}, {@code ValidationException}), or, when no
 *                         answer came, {@link #CLIENT_TIMEOUT}, {@link #NETWORK_ERROR} or {@link #CLIENT_ERROR}
 * @param entityTypes      the entity types of the table's schema the request was for, in the order the request names them:
 *                         one for an item's read or write, each type a collection query decodes, each type of a batch's
 *                         or transaction's items; empty for a request on the table itself (CreateTable, DescribeTable...)
 *                         and for a read not narrowed to entities (a raw scan). Only names of the schema's entity types,
 *                         never key values: fit for a metric's tag
 * @param writes           whether the request wrote items: {@link #writes()}
 */
@Stable
public record RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount, int scannedCount,
                           double consumedCapacity, Duration duration, Optional<String> errorCode, List<String> entityTypes,
                           boolean writes) {

    public RequestEvent {
        entityTypes = List.copyOf(entityTypes);
    }

    /**
     * An event whose {@link #writes()} is read from the operation's name: true for the operations that only write. A PartiQL
     * write sent as {@code ExecuteStatement} needs the canonical constructor, as a table uses it.
     */
    public RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount, int scannedCount,
                        double consumedCapacity, Duration duration, Optional<String> errorCode, List<String> entityTypes) {
        this(operation, tableName, indexName, itemCount, scannedCount, consumedCapacity, duration, errorCode, entityTypes,
                DynamoOperation.named(operation).map(DynamoOperation::writes).orElse(false));
    }

    /** An event that names no entity type ({@link #entityTypes()} empty). */
    public RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount, int scannedCount,
                        double consumedCapacity, Duration duration, Optional<String> errorCode) {
        this(operation, tableName, indexName, itemCount, scannedCount, consumedCapacity, duration, errorCode, List.of());
    }

    /** An event whose items read are the items returned ({@code scannedCount == itemCount}): any request but a filtered read. */
    public RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount, double consumedCapacity,
                        Duration duration, Optional<String> errorCode) {
        this(operation, tableName, indexName, itemCount, itemCount, consumedCapacity, duration, errorCode);
    }

    /** The error code of a request that timed out in the client (the SDK's call or attempt timeout, a socket read). */
    public static final String CLIENT_TIMEOUT = "ClientTimeout";
    /** The error code of a request that failed on the network: connection refused or reset, unknown host, I/O error. */
    public static final String NETWORK_ERROR = "NetworkError";
    /** The error code of any other failure in the client before an answer came (credentials, signing, an unreadable response). */
    public static final String CLIENT_ERROR = "ClientError";

    /** Whether the request succeeded: true when it has no {@link #errorCode()}. */
    public boolean succeeded() {
        return errorCode.isEmpty();
    }

    /**
     * Whether the request wrote items: {@code PutItem}, {@code UpdateItem}, {@code DeleteItem}, {@code BatchWriteItem},
     * {@code TransactWriteItems}, the PartiQL {@code BatchExecuteStatement} and {@code ExecuteTransaction} as a table sends
     * them (writes only), and an {@code ExecuteStatement} carrying an INSERT, UPDATE or DELETE ({@code table.execute}); not
     * one carrying a SELECT ({@code table.partiql}). Its {@link #consumedCapacity()} is then write units, else read units.
     *
     * <pre>{@code
     * Table table = Table.builder(schema, client).listener(event -> {
     *     (event.writes() ? writeUnits : readUnits).add(event.consumedCapacity());
     * }).build();
     * }</pre>
     */
    @Experimental
    public boolean writes() {
        return writes;
    }

    /**
     * The {@link #errorCode()} a table reports for a request that failed with {@code failure}: DynamoDB's error code
     * when it answered (a service exception without a code, such as a proxy's answer, is named as the SDK and
     * singletable's wire client name it: {@code InternalFailure} for a 5xx, {@code UnknownError} else), else what kept
     * the answer from coming: {@link #CLIENT_TIMEOUT}, {@link #NETWORK_ERROR} or {@link #CLIENT_ERROR}. For requests
     * sent around a table (with the {@code DynamoDbClient} itself) that should be reported as a table reports its own:
     *
     * <pre>{@code
     * try {
     *     client.scan(request);
     * } catch (SdkException e) {
     *     listener.onRequest(new RequestEvent("Scan", "Orders", Optional.empty(), 0, 0, elapsed, Optional.of(RequestEvent.errorCodeOf(e))));
     *     throw e;
     * }
     * }</pre>
     */
    public static String errorCodeOf(Throwable failure) {
        NullArgumentException.require(failure, "RequestEvent.errorCodeOf", "failure", "give the exception the request failed with");
        if (failure instanceof AwsServiceException service) {
            AwsErrorDetails details = service.awsErrorDetails();
            if (details != null && details.errorCode() != null && !details.errorCode().isBlank()) {
                return details.errorCode();
            }
            return service.statusCode() >= 500 ? "InternalFailure" : "UnknownError";
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof AbortedException) {
                return CLIENT_ERROR; // the calling thread was interrupted: the HTTP client's InterruptedIOException is no timeout then
            }
            if (isTimeout(cause)) {
                return CLIENT_TIMEOUT; // anywhere in the chain: a client may wrap its timeout in a plain IOException
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof IOException || cause instanceof UncheckedIOException) {
                return NETWORK_ERROR;
            }
        }
        return CLIENT_ERROR;
    }

    private static boolean isTimeout(Throwable cause) {
        // the SDK's call and attempt timeouts; the JDK's InterruptedIOException, which every socket read timeout
        // (SocketTimeoutException) and Apache's connect and connection-pool timeouts (ConnectTimeoutException,
        // ConnectionPoolTimeoutException) are; Netty's (ReadTimeoutException, WriteTimeoutException, ConnectTimeoutException)
        // share no JDK type that says timeout, so they are known by name: the core depends on no HTTP client
        return cause instanceof ApiCallTimeoutException || cause instanceof ApiCallAttemptTimeoutException
                || cause instanceof InterruptedIOException
                || cause.getClass().getName().startsWith("io.netty.") && cause.getClass().getSimpleName().endsWith("TimeoutException");
    }
}
