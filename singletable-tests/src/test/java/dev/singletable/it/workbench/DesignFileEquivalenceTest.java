package dev.singletable.it.workbench;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.singletable.fixtures.KeySlots.slots;
import static dev.singletable.fixtures.KeySlots.values;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A table declared once with {@code @TableDesign}: the processor's schema file, loaded with dynamic
 * entities, describes the same design as the generated {@code <Holder>Design.SCHEMA}. It renders the
 * same CreateTable request (key types, GSIs, the LSI, projections, multi-attribute keys, a number key
 * without sort key) and the same PutItem, GetItem and
 * Query requests, on the table and on every index an entity is in, for every sample item. Nothing is sent.
 */
class DesignFileEquivalenceTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-05-19T10:00:00Z"), ZoneOffset.UTC);
    private static final DynamoDbClient NOWHERE = DynamoDbClient.builder().region(Region.EU_WEST_1)
            .endpointOverride(URI.create("http://127.0.0.1:9")) // rendering only: no request is sent
            .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "y"))).build();

    @Test
    void load_whenLeaderboardDesignUsesLsiNumberKeyIncludeAndInvertedIndex_rendersTheGeneratedSchemasRequests() {
        int compared = compare(LeaderboardModelDesign.SCHEMA, List.of(
                new LeaderboardModel.Player("p1", "Ada"), new LeaderboardModel.Player("p2", "Grace"),
                new LeaderboardModel.Score("chess", "p1", 1200, "2025-05-01T10:00:00Z"),
                new LeaderboardModel.Score("chess", "p2", 950, "2025-05-02T11:00:00Z"),
                new LeaderboardModel.Score("go", "p1", 40, "2025-05-03T12:00:00Z")));

        assertThat(compared).isEqualTo(5 * 4 + 3 * 3 + 2);
    }

    @Test
    void load_whenProjectsDesignHasAnInvertedIndex_rendersTheGeneratedSchemasRequests() {
        int compared = compare(ProjectsModel.PROJECTS, List.of(new ProjectsModel.Project("alpha", "Alpha"),
                new ProjectsModel.Member("alpha", "u1", "owner"), new ProjectsModel.Member("alpha", "u2", "viewer")));

        assertThat(compared).isEqualTo(3 * 5);
    }

    @Test
    void load_whenChatDesignHasAGsiOnOwnAttributes_rendersTheGeneratedSchemasRequests() {
        int compared = compare(ChatModel.CHAT, List.of(
                new ChatModel.ChatComment("u1", "2025-05-01T10:00:00Z", "lobby", "hello", "2025-05-01T10:00:00Z"),
                new ChatModel.ChatRoom("lobby", "u1"), new ChatModel.RoomJoin("u1", "lobby")));

        assertThat(compared).isEqualTo(3 * 4 + 1);
    }

    @Test
    void load_whenTournamentDesignHasMultiAttributeGsiKeys_rendersTheGeneratedSchemasRequests() {
        int compared = compare(TournamentModel_TournamentsDesign.SCHEMA, List.of(
                new TournamentModel.Match("m1", "open", "eu", 1, 30), new TournamentModel.Match("m2", "open", "us", 2, 12)));

        assertThat(compared).isEqualTo(2 * 5);
    }

    @Test
    void load_whenDevicesDesignHasANumberPartitionKeyOnly_rendersTheGeneratedSchemasRequests() {
        int compared = compare(TournamentModel_DevicesDesign.SCHEMA, List.of(new TournamentModel.Device(7, "sensor")));

        assertThat(compared).isEqualTo(4);
    }

    @Test
    void load_whenShippingDesignEmbedsRecords_rendersTheGeneratedSchemasRequests() {
        ShippingModel.Address home = new ShippingModel.Address("1 Rue Verte", "Lyon",
                new ShippingModel.Geo(new java.math.BigDecimal("45.76"), new java.math.BigDecimal("4.84")));
        ShippingModel.Address work = new ShippingModel.Address("2 Quai Bleu", "Nice", null);
        int compared = compare(ShippingModel.SHIPPING, List.of(
                new ShippingModel.Customer("c1", "Ada", home, Map.of("home", home, "work", work), List.of(work)),
                new ShippingModel.Customer("c2", "Grace", null, null, null)));

        assertThat(compared).isEqualTo(2 * 4);
    }

    /** Compares every request for every sample; returns how many pairs of requests were compared. */
    private static int compare(TableSchema schema, List<Object> samples) {
        SchemaFile design = load(schema.name());
        Table generated = Table.builder(schema, NOWHERE).clock(CLOCK).build();
        Table dynamic = Table.builder(design.tableSchema(), NOWHERE).clock(CLOCK).build();

        assertThat(design.tableSchema()).hasToString(schema.toString());
        assertThat(dynamic.createTableRequest()).isEqualTo(generated.createTableRequest());
        int compared = 0;
        for (Object sample : samples) {
            Map<String, AttributeValue> written = generated.toItem(sample);
            DynamicItem item = dynamic.fromItem(design.entity(written.get(schema.entityTypeAttribute()).s()), written);
            EntitySchema<DynamicItem> dynamicEntity = design.entity(item.entityType());
            @SuppressWarnings("unchecked")
            EntitySchema<Object> generatedEntity = (EntitySchema<Object>) schema.entity(item.entityType()).orElseThrow();
            EntityDefinition definition = design.document().entities().get(item.entityType());

            assertThat(dynamic.toItem(item)).as(item.toString()).isEqualTo(written);
            assertThat(dynamic.explainPut(item).json()).as(item.toString()).isEqualTo(generated.explainPut(sample).json());
            List<String> primaryTemplates = new ArrayList<>(definition.keys().partition());
            primaryTemplates.addAll(definition.keys().sort());
            List<String> primarySlots = slots(primaryTemplates);
            assertThat(dynamic.getRequest(dynamicEntity, values(item, primarySlots), ReadConsistency.STRONG))
                    .isEqualTo(generated.getRequest(generatedEntity, values(generatedEntity, sample, primarySlots), ReadConsistency.STRONG));
            List<String> partitionSlots = slots(definition.keys().partition());
            assertThat(dynamic.query(dynamicEntity).partition(values(item, partitionSlots)).toRequest())
                    .isEqualTo(generated.query(generatedEntity).partition(values(generatedEntity, sample, partitionSlots)).toRequest());
            compared += 4;
            for (Map.Entry<String, KeyDefinition> index : definition.indexes().entrySet()) {
                List<String> slots = slots(index.getValue().partition().isEmpty() ? definition.keys().partition() : index.getValue().partition());
                assertThat(dynamic.query(dynamicEntity).index(index.getKey()).partition(values(item, slots)).toRequest())
                        .as(item.entityType() + " on " + index.getKey())
                        .isEqualTo(generated.query(generatedEntity).index(index.getKey()).partition(values(generatedEntity, sample, slots))
                                .toRequest());
                compared++;
            }
        }
        return compared;
    }

    private static SchemaFile load(String table) {
        String path = "/META-INF/singletable/" + table + ".singletable.json";
        try (InputStream in = DesignFileEquivalenceTest.class.getResourceAsStream(path)) {
            return SchemaFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), table + ".singletable.json");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
