package dev.singletable;

import java.time.Duration;
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
 * @param consumedCapacity capacity units DynamoDB reported (read units for reads, write units for writes); 0 when the
 *                         response reported none (DynamoDB Local does not for ExecuteTransaction), which for a
 *                         request that read or wrote items means "not reported", never "free". Always 0 for a failed
 *                         request: DynamoDB's error responses carry no consumed capacity, although Amazon DynamoDB
 *                         does bill a write whose condition failed
 * @param duration         time from sending to the response or the failure, the SDK's retries included
 * @param errorCode        empty when the request succeeded; else DynamoDB's error code when DynamoDB answered (such
 *                         as {@code ConditionalCheckFailedException}, {@code TransactionCanceledException},
 *                         {@code ProvisionedThroughputExceededException}, {@code ValidationException}), or, when no
 *                         answer came, {@link #CLIENT_TIMEOUT}, {@link #NETWORK_ERROR} or {@link #CLIENT_ERROR}
 */
public record RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount,
                           double consumedCapacity, Duration duration, Optional<String> errorCode) {
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
}
