package dev.singletable;

import java.time.Duration;
import java.util.Optional;

/**
 * What one request to DynamoDB did, given to {@link RequestListener}s after it returns.
 *
 * @param operation        the DynamoDB operation, such as {@code Query} or {@code PutItem}
 * @param tableName        the table
 * @param indexName        the GSI, when the request used one
 * @param itemCount        items returned (reads) or written (writes)
 * @param consumedCapacity capacity units DynamoDB reported (read units for reads, write units for writes); 0 when the
 *                         response reported none (DynamoDB Local does not for ExecuteTransaction), which for a
 *                         request that read or wrote items means "not reported", never "free"
 * @param duration         time from sending to the response
 */
public record RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount,
                           double consumedCapacity, Duration duration) {
}
