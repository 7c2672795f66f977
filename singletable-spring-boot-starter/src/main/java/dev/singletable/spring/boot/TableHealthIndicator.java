package dev.singletable.spring.boot;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The health of one table, from one DescribeTable request: {@code UP} when the table is {@code ACTIVE} and every GSI is
 * {@code ACTIVE} and not backfilling; {@code OUT_OF_SERVICE} while the table is {@code CREATING} or {@code UPDATING} or a
 * GSI is being created, backfilled, updated or deleted (queries of that index fail until it is done); {@code DOWN} when
 * the table is missing, being deleted, archived, or DescribeTable fails. Details: {@code table}, {@code status} and
 * {@code indexes} (each GSI's status, {@code ACTIVE (backfilling)} while it is).
 */
final class TableHealthIndicator {
    private TableHealthIndicator() {
    }

    /** The indicator of one table: each time it is asked, one DescribeTable request through {@code client}. */
    static HealthIndicator of(DynamoDbClient client, String tableName) {
        return () -> health(client, tableName);
    }

    /** The health of the table as DescribeTable tells it, or {@code DOWN} with the error when the request fails. */
    static Health health(DynamoDbClient client, String tableName) {
        try {
            return health(client.describeTable(request -> request.tableName(tableName)));
        } catch (ResourceNotFoundException e) {
            return Health.down().withDetail("table", tableName).withDetail("status", "MISSING")
                    .withDetail("error", "table " + tableName + " does not exist at the endpoint; create it (singletable.create-tables=true "
                            + "creates it on start) or check singletable.table-name-prefix and -suffix").build();
        } catch (RuntimeException e) {
            return Health.down(e).withDetail("table", tableName).build();
        }
    }

    /** The health a DescribeTable response tells. */
    static Health health(DescribeTableResponse response) {
        TableDescription table = response.table();
        Map<String, String> indexes = new LinkedHashMap<>();
        boolean indexesReady = true;
        for (GlobalSecondaryIndexDescription index : table.globalSecondaryIndexes()) {
            boolean backfilling = Boolean.TRUE.equals(index.backfilling());
            indexes.put(index.indexName(), index.indexStatusAsString() + (backfilling ? " (backfilling)" : ""));
            indexesReady &= index.indexStatus() == IndexStatus.ACTIVE && !backfilling;
        }
        TableStatus status = table.tableStatus();
        Status health = status == TableStatus.ACTIVE ? (indexesReady ? Status.UP : Status.OUT_OF_SERVICE)
                : status == TableStatus.CREATING || status == TableStatus.UPDATING ? Status.OUT_OF_SERVICE : Status.DOWN;
        return Health.status(health).withDetail("table", table.tableName()).withDetail("status", table.tableStatusAsString())
                .withDetail("indexes", indexes).build();
    }
}
