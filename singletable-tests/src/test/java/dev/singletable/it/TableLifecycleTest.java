package dev.singletable.it;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.RequestJson;
import dev.singletable.Table;
import dev.singletable.TableNotFoundException;
import dev.singletable.TableSchema;
import dev.singletable.TableSchemaMismatchException;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

import static dev.singletable.it.TestModel.NOTE;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableLifecycleTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static TableSchema named(String name) {
        return SCHEMA.toBuilder().name(name).build();
    }

    @Test
    void createTableRequest_whenRendered_isTheJsonDynamoDbReceives() {
        assertThat(RequestJson.render(Table.of(named("AppTable"), db.client()).createTableRequest())).isEqualTo("""
                {
                  "AttributeDefinitions": [
                    {
                      "AttributeName": "PK",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "SK",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "GSI1PK",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "GSI1SK",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "GSI2PK",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "GSI2SK",
                      "AttributeType": "S"
                    }
                  ],
                  "TableName": "AppTable",
                  "KeySchema": [
                    {
                      "AttributeName": "PK",
                      "KeyType": "HASH"
                    },
                    {
                      "AttributeName": "SK",
                      "KeyType": "RANGE"
                    }
                  ],
                  "GlobalSecondaryIndexes": [
                    {
                      "IndexName": "GSI1",
                      "KeySchema": [
                        {
                          "AttributeName": "GSI1PK",
                          "KeyType": "HASH"
                        },
                        {
                          "AttributeName": "GSI1SK",
                          "KeyType": "RANGE"
                        }
                      ],
                      "Projection": {
                        "ProjectionType": "ALL"
                      }
                    },
                    {
                      "IndexName": "GSI2",
                      "KeySchema": [
                        {
                          "AttributeName": "GSI2PK",
                          "KeyType": "HASH"
                        },
                        {
                          "AttributeName": "GSI2SK",
                          "KeyType": "RANGE"
                        }
                      ],
                      "Projection": {
                        "ProjectionType": "ALL"
                      }
                    }
                  ],
                  "BillingMode": "PAY_PER_REQUEST"
                }""");
    }

    @Test

    @RequiresEngineFeature(EngineFeature.TIME_TO_LIVE)
    void createTable_whenMissing_createsKeysIndexesAndTtl() {
        Table table = Table.of(named("Lifecycle-create"), db.client());
        try {
            table.createTable();

            TableDescription description = db.client().describeTable(DescribeTableRequest.builder().tableName("Lifecycle-create").build()).table();
            assertThat(description.keySchema()).extracting(k -> k.attributeName() + ":" + k.keyTypeAsString())
                    .containsExactly("PK:HASH", "SK:RANGE");
            assertThat(description.globalSecondaryIndexes()).extracting(g -> g.indexName()).containsExactlyInAnyOrder("GSI1", "GSI2");
            assertThat(description.billingModeSummary().billingModeAsString()).isEqualTo("PAY_PER_REQUEST");
            assertThat(db.client().describeTimeToLive(DescribeTimeToLiveRequest.builder().tableName("Lifecycle-create").build())
                    .timeToLiveDescription()).satisfies(ttl -> {
                        assertThat(ttl.attributeName()).isEqualTo("ttl");
                        assertThat(ttl.timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
                    });
        } finally {
            table.deleteTable();
        }
    }

    @Test
    void createTable_whenAlreadyMatching_isIdempotent() {
        db.table().createTable();
        db.table().createTable();

        assertThat(db.client().describeTable(DescribeTableRequest.builder().tableName(db.tableName()).build()).table().tableName())
                .isEqualTo(db.tableName());
    }

    @Test
    void createTable_whenExistingKeysDiffer_failsListingEveryDifference() {
        TableSchema other = TableSchema.builder(db.tableName())
                .partitionKeyAttribute("pk").sortKeyAttribute("sk")
                .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
                .index(IndexSchema.of("GSI3", "GSI3PK"))
                .build();

        assertThatThrownBy(() -> Table.of(other, db.client()).createTable())
                .isInstanceOf(TableSchemaMismatchException.class)
                .hasMessage("Table " + db.tableName() + " exists but does not match its schema: the table has partition key 'PK', "
                        + "the schema says 'pk'; the table has sort key 'SK', the schema says 'sk'; index GSI3 is missing "
                        + "(add it with UpdateTable, or recreate the table)");
    }

    @Test
    void createTable_whenExistingKeyHasAnotherType_failsNamingTheAttributeAndBothTypes() {
        // the same names, but PK and GSI1SK numbers: every write of the schema's string keys would fail with "Type mismatch for key"
        TableSchema numbers = TableSchema.builder("Lifecycle-numbers")
                .partitionKey(KeyAttribute.number("PK")).sortKey(KeyAttribute.string("SK"))
                .index(IndexSchema.global("GSI1").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.number("GSI1SK")).build())
                .build();
        Table.of(numbers, db.client()).createTable();
        try {
            TableSchema strings = TableSchema.builder("Lifecycle-numbers")
                    .partitionKeyAttribute("PK").sortKeyAttribute("SK")
                    .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
                    .build();

            assertThatThrownBy(() -> Table.of(strings, db.client()).createTable())
                    .isInstanceOf(TableSchemaMismatchException.class)
                    .hasMessage("Table Lifecycle-numbers exists but does not match its schema: key attribute 'PK' is of type N in the "
                            + "table, the schema says S (a key's type is fixed when the table is created: recreate the table, or declare "
                            + "the key's type in the schema); key attribute 'GSI1SK' is of type N in the table, the schema says S (a "
                            + "key's type is fixed when the table is created: recreate the table, or declare the key's type in the schema)");
        } finally {
            Table.of(numbers, db.client()).deleteTable();
        }
    }

    @Test
    void put_whenTableMissing_failsSayingHowToCreateIt() {
        Table missing = Table.of(named("Lifecycle-missing"), db.client());

        assertThatThrownBy(() -> missing.put(new TestModel.Note("n", "t")))
                .isInstanceOf(TableNotFoundException.class)
                .hasMessageStartingWith("Table Lifecycle-missing does not exist at the endpoint (PutItem of Note {PK=DOC#n, SK=BODY}); "
                        + "create it with table.createTable()");
        assertThat(NOTE.type()).isEqualTo("Note");
    }

    @Test
    void deleteTable_whenMissing_doesNothing() {
        Table.of(named("Lifecycle-never"), db.client()).deleteTable();
    }
}
