package dev.singletable.internal.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import dev.singletable.IndexSchema;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TableSchemaMismatchException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/**
 * Table states no local engine produces (TTL DISABLING, TTL rate limit, a GSI backfilling, a table
 * UPDATING), answered by a scripted client. The waits on CREATING tables run against dynalite in
 * singletable-tests (DynaliteTest).
 */
class TableAdminTest {
    static final TableSchema SCHEMA = TableSchema.builder("Admin")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .timeToLiveAttribute("expiresAt")
            .build();

    /** Answers DescribeTable from a script (the last answer repeats), records every operation. */
    static final class ScriptedClient implements DynamoDbClient {
        final List<String> operations = new ArrayList<>();
        final Deque<TableDescription> tables = new ArrayDeque<>();
        TimeToLiveStatus ttlStatus = TimeToLiveStatus.DISABLED;
        String ttlAttribute;
        RuntimeException updateFailure;

        @Override
        public DescribeTableResponse describeTable(DescribeTableRequest request) {
            operations.add("DescribeTable");
            TableDescription table = tables.size() > 1 ? tables.poll() : tables.peek();
            return DescribeTableResponse.builder().table(table).build();
        }

        @Override
        public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
            operations.add("DescribeTimeToLive");
            return DescribeTimeToLiveResponse.builder()
                    .timeToLiveDescription(d -> d.timeToLiveStatus(ttlStatus).attributeName(ttlAttribute)).build();
        }

        @Override
        public UpdateTimeToLiveResponse updateTimeToLive(UpdateTimeToLiveRequest request) {
            operations.add("UpdateTimeToLive " + request.timeToLiveSpecification().attributeName());
            if (updateFailure != null) {
                throw updateFailure;
            }
            return UpdateTimeToLiveResponse.builder().build();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    static TableDescription table(TableStatus status, IndexStatus index, boolean backfilling) {
        return TableDescription.builder()
                .tableName("Admin")
                .tableStatus(status)
                .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build())
                .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("GSI1")
                        .keySchema(KeySchemaElement.builder().attributeName("GSI1PK").keyType(KeyType.HASH).build(),
                                KeySchemaElement.builder().attributeName("GSI1SK").keyType(KeyType.RANGE).build())
                        .indexStatus(index).backfilling(backfilling).build())
                .build();
    }

    @Test
    void createTable_whenTtlIsBeingDisabled_sendsNoUpdateTimeToLive() {
        ScriptedClient client = new ScriptedClient();
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, false));
        client.ttlStatus = TimeToLiveStatus.DISABLING;
        client.ttlAttribute = "expiresAt";

        Table.of(SCHEMA, client).createTable();

        assertThat(client.operations).containsExactly("DescribeTable", "DescribeTimeToLive");
    }

    @Test
    void createTable_whenTtlIsDisabled_enablesItOnce() {
        ScriptedClient client = new ScriptedClient();
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, false));

        Table.of(SCHEMA, client).createTable();

        assertThat(client.operations).containsExactly("DescribeTable", "DescribeTimeToLive", "UpdateTimeToLive expiresAt");
    }

    @Test
    void createTable_whenTtlIsAlreadyEnabling_sendsNoUpdateTimeToLive() {
        ScriptedClient client = new ScriptedClient();
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, false));
        client.ttlStatus = TimeToLiveStatus.ENABLING;
        client.ttlAttribute = "expiresAt";

        Table.of(SCHEMA, client).createTable();

        assertThat(client.operations).containsExactly("DescribeTable", "DescribeTimeToLive");
    }

    @Test
    void createTable_whenTtlChangesAreRateLimited_returnsWithoutTtl() {
        ScriptedClient client = new ScriptedClient();
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, false));
        client.updateFailure = DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode("ValidationException")
                .errorMessage("Time to live has been modified multiple times within a fixed interval").build()).build();

        Table.of(SCHEMA, client).createTable();

        assertThat(client.operations).containsExactly("DescribeTable", "DescribeTimeToLive", "UpdateTimeToLive expiresAt");
    }

    @Test
    void createTable_whenTtlIsEnablingOnAnotherAttribute_throwsMismatchNamingBoth() {
        ScriptedClient client = new ScriptedClient();
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, false));
        client.ttlStatus = TimeToLiveStatus.ENABLING;
        client.ttlAttribute = "ttl";

        assertThatThrownBy(() -> Table.of(SCHEMA, client).createTable())
                .isInstanceOf(TableSchemaMismatchException.class)
                .hasMessage("Table Admin has TTL ENABLING on attribute 'ttl' but the schema names 'expiresAt'; change one of "
                        + "them (DynamoDB allows one TTL attribute per table; disabling it takes up to an hour)");
        assertThat(client.operations).containsExactly("DescribeTable", "DescribeTimeToLive");
    }

    @Test
    void createTable_whenTableIsUpdatingAndThenAnIndexBackfills_waitsForBothBeforeTouchingTtl() {
        ScriptedClient client = new ScriptedClient();
        client.tables.add(table(TableStatus.UPDATING, IndexStatus.CREATING, false));
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.CREATING, true));
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, true));
        client.tables.add(table(TableStatus.ACTIVE, IndexStatus.ACTIVE, false));
        client.ttlStatus = TimeToLiveStatus.ENABLED;
        client.ttlAttribute = "expiresAt";

        Table.of(SCHEMA, client).createTable();

        assertThat(client.operations).containsExactly("DescribeTable", "DescribeTable", "DescribeTable", "DescribeTable",
                "DescribeTimeToLive");
    }
}
