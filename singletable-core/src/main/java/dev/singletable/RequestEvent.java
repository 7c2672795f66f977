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
 * @param consumedCapacity capacity units DynamoDB reported (read units for reads, write units for writes)
 * @param duration         time from sending to the response
 */
public record RequestEvent(String operation, String tableName, Optional<String> indexName, int itemCount,
                           double consumedCapacity, Duration duration) {
}
