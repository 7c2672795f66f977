package dev.singletable.spring.boot;

import dev.singletable.Table;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The health of one table, from one DescribeTable request: {@code DOWN} when its keys or indexes differ from its design
 * (what {@link Table#schemaMismatches} finds and {@code singletable.create-tables=true} refuses on start), since requests
 * that use them fail; else {@code UP} when the table is {@code ACTIVE} and every GSI is {@code ACTIVE} and not backfilling;
 * {@code OUT_OF_SERVICE} while the table is {@code CREATING} or {@code UPDATING} or a GSI is being created, backfilled,
 * updated or deleted (queries of that index fail until it is done); {@code DOWN} when the table is missing, being
 * deleted, archived, or DescribeTable fails. Details: {@code table}, {@code status} and {@code indexes} (each GSI's
 * status, {@code ACTIVE (backfilling)} while it is), and {@code error} when it is {@code DOWN}.
 */
final class TableHealthIndicator {
    private TableHealthIndicator() {
    }

    /** The indicator of one table: each time it is asked, one DescribeTable request through {@code client}. */
    static HealthIndicator of(DynamoDbClient client, Table table) {
        return () -> health(client, table);
    }

    /** The health of the table as DescribeTable tells it, or {@code DOWN} with the error when the request fails. */
    static Health health(DynamoDbClient client, Table table) {
        String tableName = table.schema().name();
        TableDescription description;
        try {
            description = client.describeTable(request -> request.tableName(tableName)).table();
        } catch (ResourceNotFoundException e) {
            return Health.down().withDetail("table", tableName).withDetail("status", "MISSING")
                    .withDetail("error", "table " + tableName + " does not exist at the endpoint; create it (singletable.create-tables=true "
                            + "creates it on start) or check singletable.table-name-prefix and -suffix").build();
        } catch (RuntimeException e) {
            return Health.down(e).withDetail("table", tableName).build();
        }
        return health(description, table.schemaMismatches(description));
    }

    /** The health of the table that {@code table} describes, which differs from its design by {@code mismatches}. */
    static Health health(TableDescription table, List<String> mismatches) {
        Map<String, String> indexes = new LinkedHashMap<>();
        boolean indexesReady = true;
        for (GlobalSecondaryIndexDescription index : table.globalSecondaryIndexes()) {
            boolean backfilling = Boolean.TRUE.equals(index.backfilling());
            indexes.put(index.indexName(), index.indexStatusAsString() + (backfilling ? " (backfilling)" : ""));
            indexesReady &= index.indexStatus() == IndexStatus.ACTIVE && !backfilling;
        }
        TableStatus status = table.tableStatus();
        Status health = !mismatches.isEmpty() ? Status.DOWN
                : status == TableStatus.ACTIVE ? (indexesReady ? Status.UP : Status.OUT_OF_SERVICE)
                : status == TableStatus.CREATING || status == TableStatus.UPDATING ? Status.OUT_OF_SERVICE : Status.DOWN;
        Health.Builder builder = Health.status(health).withDetail("table", table.tableName())
                .withDetail("status", table.tableStatusAsString()).withDetail("indexes", indexes);
        if (!mismatches.isEmpty()) {
            builder.withDetail("error", "table " + table.tableName() + " does not match its design: " + String.join("; ", mismatches)
                    + "; requests that need them fail (singletable.create-tables=true refuses such a table on start)");
        }
        return builder.build();
    }
}
