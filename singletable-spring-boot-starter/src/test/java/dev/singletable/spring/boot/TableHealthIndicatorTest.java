package dev.singletable.spring.boot;

import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.spring.boot.notes.NotesTableDesign;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The health indicator per table: on Dynoxide for a table that exists, one that does not, and tables whose keys or GSIs
 * are not the design's; a backfilling GSI and a
 * table being created cannot be made to last on Dynoxide (it creates tables and indexes at once), so those are tested
 * on the mapping of a DescribeTable response as Amazon DynamoDB sends it.
 */
class TableHealthIndicatorTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(NotesTableDesign.SCHEMA);

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class, SingleTableHealthAutoConfiguration.class))
            .withBean(DynamoDbClient.class, db::client)
            .withBean("notes", TableSchema.class, () -> NotesTableDesign.SCHEMA)
            .withBean("missing", TableSchema.class, () -> NotesTableDesign.SCHEMA.toBuilder().name("Missing").build())
            .withBean(TableNameResolver.class, () -> design -> design.equals("Notes") ? db.tableName()
                    : design.startsWith("Health") ? design : design + "-never-created");

    /** Tables of the Notes design's made by hand: one keyed by {@code id} alone, one with its keys but no GSI. */
    private static final String WRONG_KEYS = "HealthWrongKeys";
    private static final String NO_INDEX = "HealthNoIndex";

    @BeforeAll
    static void createMismatchingTables() {
        db.client().createTable(request -> request.tableName(WRONG_KEYS).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));
        db.client().createTable(request -> request.tableName(NO_INDEX).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build()));
    }

    @Test
    void health_whenTheTableIsActive_isUpWithEachIndex() {
        runner.run(context -> {
            Health health = indicator(context.getBean(HealthContributor.class), db.tableName()).health();

            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsExactly(Map.entry("table", db.tableName()), Map.entry("status", "ACTIVE"),
                    Map.entry("indexes", Map.of("ByAuthor", "ACTIVE")));
        });
    }

    @Test
    void health_whenTheTableIsMissing_isDownSayingSo() {
        runner.run(context -> {
            Health health = indicator(context.getBean(HealthContributor.class), "Missing-never-created").health();

            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsExactly(Map.entry("table", "Missing-never-created"), Map.entry("status", "MISSING"),
                    Map.entry("error", "table Missing-never-created does not exist at the endpoint; create it "
                            + "(singletable.create-tables=true creates it on start) or check singletable.table-name-prefix and -suffix"));
        });
    }

    @Test
    void health_whenTheTablesKeysAreNotTheDesigns_isDownNamingThem() {
        runner.withBean("wrongKeys", TableSchema.class, () -> NotesTableDesign.SCHEMA.toBuilder().name(WRONG_KEYS).build()).run(context -> {
            Health health = indicator(context.getBean(HealthContributor.class), WRONG_KEYS).health();

            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsExactly(Map.entry("table", WRONG_KEYS), Map.entry("status", "ACTIVE"),
                    Map.entry("indexes", Map.of()), Map.entry("error", "table " + WRONG_KEYS + " does not match its design: "
                            + "the table has partition key 'id', the schema says 'PK'; the table has sort key (none), the schema "
                            + "says 'SK'; index ByAuthor is missing (add it with UpdateTable, or recreate the table); requests "
                            + "that need them fail (singletable.create-tables=true refuses such a table on start)"));
        });
    }

    @Test
    void health_whenADesignsGsiIsMissing_isDownNamingIt() {
        runner.withBean("noIndex", TableSchema.class, () -> NotesTableDesign.SCHEMA.toBuilder().name(NO_INDEX).build()).run(context -> {
            Health health = indicator(context.getBean(HealthContributor.class), NO_INDEX).health();

            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails()).containsEntry("error", "table " + NO_INDEX + " does not match its design: index "
                    + "ByAuthor is missing (add it with UpdateTable, or recreate the table); requests that need them fail "
                    + "(singletable.create-tables=true refuses such a table on start)");
        });
    }

    @Test
    void health_whenDisabled_hasNoIndicator() {
        runner.withPropertyValues("management.health.singletable.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(HealthContributor.class));
    }

    @Test
    void health_whenAGsiIsBackfilling_isOutOfServiceNamingIt() {
        Health health = TableHealthIndicator.health(describe(TableStatus.ACTIVE, IndexStatus.CREATING, true), List.of());

        assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
        assertThat(health.getDetails()).containsExactly(Map.entry("table", "Orders"), Map.entry("status", "ACTIVE"),
                Map.entry("indexes", Map.of("GSI1", "ACTIVE", "GSI2", "CREATING (backfilling)")));
    }

    @Test
    void health_whenTheTableIsBeingCreated_isOutOfService() {
        assertThat(TableHealthIndicator.health(describe(TableStatus.CREATING, IndexStatus.CREATING, false), List.of()).getStatus())
                .isEqualTo(Status.OUT_OF_SERVICE);
    }

    @Test
    void health_whenTheTableIsBeingDeleted_isDown() {
        assertThat(TableHealthIndicator.health(describe(TableStatus.DELETING, IndexStatus.ACTIVE, false), List.of()).getStatus())
                .isEqualTo(Status.DOWN);
    }

    private static TableDescription describe(TableStatus status, IndexStatus secondIndex, boolean backfilling) {
        return TableDescription.builder().tableName("Orders").tableStatus(status)
                .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("GSI1").indexStatus(IndexStatus.ACTIVE).build(),
                        GlobalSecondaryIndexDescription.builder().indexName("GSI2").indexStatus(secondIndex).backfilling(backfilling).build())
                .build();
    }

    private static HealthIndicator indicator(HealthContributor contributor, String table) {
        return (HealthIndicator) ((CompositeHealthContributor) contributor).getContributor(table);
    }
}
