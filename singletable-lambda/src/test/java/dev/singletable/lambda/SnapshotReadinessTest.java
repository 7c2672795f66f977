package dev.singletable.lambda;

import dev.singletable.Explanation;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.singletable.lambda.LambdaTestModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A simulated snapshot and restore (no CRaC JDK here): the hooks called as CRaC calls them, the client closed and
 * reopened, the generators no longer following their pre-snapshot state, the requests unchanged.
 */
class SnapshotReadinessTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    static final TableSchema SCHEMA = schema("Snapshot-" + System.nanoTime());

    private final List<DynamoDbClient> built = new ArrayList<>();

    @BeforeAll
    static void createTable() {
        Table.of(SCHEMA, db.client()).createTable();
    }

    @AfterAll
    static void deleteTable() {
        Table.of(SCHEMA, db.client()).deleteTable();
    }

    private DynamoDbClient openClient() {
        DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(db.engine().endpoint())
                .region(db.engine().region())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(ApacheHttpClient.builder())
                .build();
        built.add(client);
        return client;
    }

    @Test
    void afterRestore_whenSnapshotTaken_reopensTheClientAndTheTableWorksOn() {
        SnapshotReadiness readiness = SnapshotReadiness.builder(this::openClient).build();
        Table table = Table.of(SCHEMA, readiness.client());
        table.put(new User("u1", "Ada"));

        readiness.beforeCheckpoint();
        assertThatThrownBy(() -> built.get(0).listTables()).isInstanceOf(IllegalStateException.class);
        readiness.afterRestore();

        assertThat(readiness.clientsOpened()).isEqualTo(2);
        assertThat(built).hasSize(2);
        assertThat(table.get(USER, KeyValues.of(USER_ID, "u1"))).isEqualTo(Optional.of(new User("u1", "Ada")));
        readiness.client().close();
    }

    @Test
    void client_whenNoneOpenYet_opensOneOnFirstCallOnly() {
        SnapshotReadiness readiness = SnapshotReadiness.builder(this::openClient).build();
        Table table = Table.of(SCHEMA, readiness.client());

        assertThat(readiness.clientsOpened()).isZero();
        table.put(new User("u2", "Grace"));
        table.get(USER, KeyValues.of(USER_ID, "u2"));

        assertThat(readiness.clientsOpened()).isEqualTo(1);
        readiness.client().close();
    }

    @Test
    void afterRestore_whenGeneratorGiven_itsOutputDiffersFromAPreSnapshotCloneOfItsState() throws NoSuchAlgorithmException {
        SecureRandom ids = seeded();
        SecureRandom snapshotCopy = seeded(); // what every restored copy of the snapshot would otherwise continue from
        assertThat(bytes(ids)).isEqualTo(bytes(snapshotCopy));
        SnapshotReadiness readiness = SnapshotReadiness.builder(this::openClient).reseed(ids).build();

        readiness.beforeCheckpoint();
        readiness.afterRestore();

        assertThat(bytes(ids)).isNotEqualTo(bytes(snapshotCopy));
        readiness.client().close();
    }

    @Test
    void beforeCheckpoint_whenPrimingGiven_rendersItsRequestsWithoutSendingAndTheyAreUnchangedAfterRestore() {
        Priming priming = Priming.of(SCHEMA)
                .step(table -> table.put(new User("p1", "Primed")))
                .step(table -> table.get(USER, KeyValues.of(USER_ID, "p1")));
        SnapshotReadiness readiness = SnapshotReadiness.builder(this::openClient).priming(priming).build();
        assertThat(readiness.primed()).isEmpty();

        readiness.beforeCheckpoint();
        List<Explanation> beforeSnapshot = readiness.primed();
        readiness.afterRestore();
        readiness.beforeCheckpoint();

        assertThat(beforeSnapshot).extracting(Explanation::operation).containsExactly("PutItem", "GetItem");
        assertThat(readiness.primed()).extracting(Explanation::request)
                .isEqualTo(beforeSnapshot.stream().map(Explanation::request).toList());
        assertThat(Table.of(SCHEMA, db.client()).get(USER, KeyValues.of(USER_ID, "p1"))).isEmpty();
        readiness.afterRestore();
        readiness.client().close();
    }

    @Test
    void cracResource_whenHooksCalledAsCracCallsThem_runsTheReadinessHooks() {
        SnapshotReadiness readiness = SnapshotReadiness.builder(this::openClient).build();
        CracSnapshotResource resource = CracSnapshotResource.register(readiness);
        Table.of(SCHEMA, readiness.client()).put(new User("u3", "Linus"));

        resource.beforeCheckpoint(null);
        resource.afterRestore(null);

        assertThat(readiness.clientsOpened()).isEqualTo(2);
        assertThat(Table.of(SCHEMA, readiness.client()).get(USER, KeyValues.of(USER_ID, "u3")))
                .isEqualTo(Optional.of(new User("u3", "Linus")));
        readiness.client().close();
    }

    @Test
    void build_whenSupplierReturnsNull_theFirstCallFailsNamingTheFix() {
        SnapshotReadiness readiness = SnapshotReadiness.builder(() -> null).build();

        assertThatThrownBy(() -> readiness.client().listTables())
                .hasMessage("SnapshotReadiness: the client supplier returned null; give one that builds a DynamoDbClient, "
                        + "e.g. () -> WireClient.builder()...build()");
    }

    private static SecureRandom seeded() throws NoSuchAlgorithmException {
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG"); // seeded before first use: a fixed sequence
        random.setSeed(42L);
        return random;
    }

    private static byte[] bytes(SecureRandom random) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return bytes;
    }
}
