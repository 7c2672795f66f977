package dev.singletable.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** dynalite in a child process: skipped, with the reason, where node and npm are missing. */
class DynaliteTest {
    private static Dynalite dynalite;
    private static LocalDynamoDb db;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(Dynalite.isAvailable(), "node and npm are not on the PATH: dynalite cannot run here");
        dynalite = Dynalite.builder().createTableDelay(Duration.ofMillis(500)).start();
        db = LocalDynamoDb.builder().endpoint(dynalite.endpoint()).start();
    }

    @AfterAll
    static void stop() {
        if (db != null) {
            db.close();
        }
        if (dynalite != null) {
            dynalite.close();
        }
    }

    @Test
    void missing_onDynalite_namesEachLackingOperation() {
        assertThat(List.of(db.missing(EngineFeature.TRANSACTIONS), db.missing(EngineFeature.PARTIQL),
                db.missing(EngineFeature.TIME_TO_LIVE), db.missing(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)))
                .containsExactly(Optional.of("TransactGetItems answered UnknownOperationException"),
                        Optional.of("ExecuteStatement answered UnknownOperationException"),
                        Optional.of("UpdateTimeToLive answered UnknownOperationException"),
                        Optional.of("a failed condition came back without the stored item"));
        assertThat(db.client().listTables().tableNames()).isEmpty(); // the probe's table is gone
    }

    @Test
    void region_whenLoopbackEndpointHasNoRegionConfigured_isUsEast1() {
        assertThat(db.region().id()).isEqualTo("us-east-1");
        assertThat(db.mode()).isEqualTo(LocalDynamoDb.Mode.REMOTE);
        assertThat(db.endpoint()).isEqualTo(dynalite.endpoint());
    }

    @Test
    void start_whenCreateTableDelayIsSet_reportsNewTableCreatingFirst() {
        db.client().createTable(r -> r.tableName("Delayed")
                .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())
                .billingMode(BillingMode.PAY_PER_REQUEST));

        assertThat(db.client().describeTable(r -> r.tableName("Delayed")).table().tableStatus()).isEqualTo(TableStatus.CREATING);
    }

    @Test
    void requiresEngineFeature_onDynalite_skipsTestsNamingFeatureAndEngine() {
        String before = System.getProperty(LocalDynamoDb.ENDPOINT_PROPERTY);
        System.setProperty(LocalDynamoDb.ENDPOINT_PROPERTY, dynalite.endpoint().toString());
        EngineExecutionResults results;
        try {
            results = LocalDynamoDbExtensionTest.run(LocalDynamoDbExtensionTest.FeatureSample.class);
        } finally {
            if (before == null) {
                System.clearProperty(LocalDynamoDb.ENDPOINT_PROPERTY);
            } else {
                System.setProperty(LocalDynamoDb.ENDPOINT_PROPERTY, before);
            }
        }

        assertThat(results.allEvents().failed().list()).isEmpty();
        assertThat(results.testEvents().skipped().list()).extracting(event -> event.getPayload(String.class).orElseThrow())
                .containsExactlyInAnyOrder(
                        "needs transactions (TransactWriteItems, TransactGetItems) (TransactGetItems answered "
                                + "UnknownOperationException) and PartiQL (ExecuteStatement) (ExecuteStatement answered "
                                + "UnknownOperationException), which the engine at " + dynalite.endpoint() + " lacks",
                        "needs time to live (UpdateTimeToLive) (UpdateTimeToLive answered UnknownOperationException) "
                                + "and the stored item on a failed condition (ReturnValuesOnConditionCheckFailure) "
                                + "(a failed condition came back without the stored item), which the engine at "
                                + dynalite.endpoint() + " lacks");
        assertThat(results.testEvents().succeeded().count()).isZero();
        assertThat(results.testEvents().list()).noneMatch(e -> e.getPayload(TestExecutionResult.class).isPresent()
                && e.getPayload(TestExecutionResult.class).get().getStatus() == TestExecutionResult.Status.FAILED);
    }
}
