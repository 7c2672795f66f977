package dev.singletable.cli;

import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.SampleData;
import dev.singletable.examples.blog.UserPageCollection;
import dev.singletable.examples.ecommerce.CustomerItemsCollection;
import dev.singletable.examples.ecommerce.OrderDetailsCollection;
import dev.singletable.examples.ecommerce.ProductItemsCollection;
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
import java.util.Optional;

import static dev.singletable.fixtures.KeySlots.slots;
import static dev.singletable.fixtures.KeySlots.values;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schema file the annotation processor writes for {@code @TableDesign AppTable} describes the
 * same design as the generated schemas: loaded, with dynamic entities, it renders the same
 * CreateTable, PutItem, GetItem and Query requests for every sample item of the seeds. Nothing is sent.
 */
class ProcessorSchemaFileTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-05-19T10:00:00Z"), ZoneOffset.UTC);
    private static final DynamoDbClient NOWHERE = DynamoDbClient.builder().region(Region.EU_WEST_1)
            .endpointOverride(URI.create("http://127.0.0.1:9")) // rendering only: no request is sent
            .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "y"))).build();

    private static final SchemaFile DESIGN = load();
    private final Table generated = Table.builder(AppTable.SCHEMA, NOWHERE).clock(CLOCK).build();
    private final Table dynamic = Table.builder(DESIGN.tableSchema(), NOWHERE).clock(CLOCK).build();

    private static SchemaFile load() {
        try (InputStream in = AppTable.class.getResourceAsStream("/META-INF/singletable/AppTable.singletable.json")) {
            return SchemaFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "AppTable.singletable.json");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void load_whenProcessorOutputIsRead_namesTheSameTableEntitiesAndIndexes() {
        assertThat(DESIGN.tableSchema()).hasToString(AppTable.SCHEMA.toString());
        assertThat(dynamic.createTableRequest()).isEqualTo(generated.createTableRequest());
    }

    @Test
    void explainPut_forEverySampleItem_rendersTheSameRequestAsTheGeneratedSchema() {
        List<Object> samples = SampleData.create(CLOCK).all();
        for (Object sample : samples) {
            DynamicItem item = dynamicOf(sample);

            assertThat(dynamic.toItem(item)).as(item.toString()).isEqualTo(generated.toItem(sample));
            // the requests, not their JSON: a state entity's put is a TransactWriteItems, whose JSON shows a token made up per rendering
            assertThat(dynamic.explainPut(item).request()).as(item.toString()).isEqualTo(generated.explainPut(sample).request());
        }
        assertThat(samples).hasSizeGreaterThan(30);
    }

    @Test
    void getAndQuery_forEverySampleItemsKeys_renderTheSameRequestsAsTheGeneratedSchema() {
        int compared = 0;
        for (Object sample : SampleData.create(CLOCK).all()) {
            DynamicItem item = dynamicOf(sample);
            EntitySchema<DynamicItem> dynamicEntity = DESIGN.entity(item.entityType());
            @SuppressWarnings("unchecked")
            EntitySchema<Object> generatedEntity = (EntitySchema<Object>) AppTable.SCHEMA.entity(item.entityType()).orElseThrow();
            EntityDefinition definition = definitionOf(item.entityType());

                List<String> primarySlots = new ArrayList<>(slots(definition.keys().partition()));
            // {takenAt:bucket=DAY} in the partition key and {takenAt} in the sort key take one value
            slots(definition.keys().sort()).stream().filter(slot -> !primarySlots.contains(slot)).forEach(primarySlots::add);
            assertThat(dynamic.getRequest(dynamicEntity, values(item, primarySlots), ReadConsistency.STRONG))
                    .isEqualTo(generated.getRequest(generatedEntity, values(generatedEntity, sample, primarySlots), ReadConsistency.STRONG));

            assertThat(dynamic.query(dynamicEntity).partition(values(item, slots(definition.keys().partition()))).toRequest())
                    .isEqualTo(generated.query(generatedEntity).partition(values(generatedEntity, sample, slots(definition.keys().partition())))
                            .toRequest());
            for (Map.Entry<String, KeyDefinition> index : definition.indexes().entrySet()) {
                List<String> slots = slots(index.getValue().partition());
                if (slots.stream().allMatch(item::has)) {
                    assertThat(dynamic.query(dynamicEntity).index(index.getKey()).partition(values(item, slots)).toRequest())
                            .isEqualTo(generated.query(generatedEntity).index(index.getKey()).partition(values(generatedEntity, sample, slots))
                                    .toRequest());
                    compared++;
                }
            }
            compared += 2;
        }
        assertThat(compared).isGreaterThan(60);
    }

    @Test
    void query_ofEveryCollection_rendersTheSameRequestAsTheGeneratedCollection() {
        Map<String, EntityCollection<?>> generatedCollections = Map.of(
                "UserPage", UserPageCollection.INSTANCE, "CustomerItems", CustomerItemsCollection.INSTANCE,
                "OrderDetails", OrderDetailsCollection.INSTANCE, "ProductItems", ProductItemsCollection.INSTANCE);

        assertThat(DESIGN.document().collections().keySet()).containsExactlyInAnyOrderElementsOf(generatedCollections.keySet());
        for (Map.Entry<String, EntityCollection<?>> collection : generatedCollections.entrySet()) {
            List<EntityDefinition> members = DESIGN.document().collections().get(collection.getKey()).members().stream()
                    .map(DESIGN.document().entities()::get).toList();
            Optional<String> index = sharedIndex(members);
            List<String> templates = index.map(i -> members.get(0).indexes().get(i).partition()).orElse(members.get(0).keys().partition());
            KeyValues values = KeyValues.none();
            for (String slot : slots(templates)) {
                values = values.and(slot, "v-" + slot);
            }
            var dynamicQuery = dynamic.query(DESIGN.collection(collection.getKey()));
            var generatedQuery = generated.query(collection.getValue());
            if (index.isPresent()) {
                dynamicQuery = dynamicQuery.index(index.get());
                generatedQuery = generatedQuery.index(index.get());
            }
            assertThat(dynamicQuery.partition(values).toRequest()).as(collection.getKey())
                    .isEqualTo(generatedQuery.partition(values).toRequest());
        }
    }

    /** The index on which all members share the partition template; empty for the table's key. */
    private static Optional<String> sharedIndex(List<EntityDefinition> members) {
        if (members.stream().map(m -> m.keys().partition()).distinct().count() == 1) {
            return Optional.empty();
        }
        return DESIGN.document().table().indexes().stream().map(i -> i.name())
                .filter(i -> members.stream().allMatch(m -> m.indexes().containsKey(i)))
                .filter(i -> members.stream().map(m -> m.indexes().get(i).partition()).distinct().count() == 1)
                .findFirst();
    }

    /** The entity's definition, or for one state of an entity keyed by its state, that state's (its keys and indexes). */
    private static EntityDefinition definitionOf(String type) {
        EntityDefinition plain = DESIGN.document().entities().get(type);
        if (plain != null) {
            return plain;
        }
        for (EntityDefinition entity : DESIGN.document().entities().values()) {
            for (Map.Entry<String, dev.singletable.schema.StatesDefinition.State> state
                    : entity.states().map(s -> s.values()).orElse(Map.of()).entrySet()) {
                if (state.getValue().type().equals(type)) {
                    return entity.inState(state.getKey());
                }
            }
        }
        throw new AssertionError(type + " is no entity and no state of an entity of the processor's design");
    }

    /** The sample as the dynamic design reads the item the generated schema writes for it. */
    private DynamicItem dynamicOf(Object sample) {
        Map<String, AttributeValue> item = generated.toItem(sample);
        return dynamic.fromItem(DESIGN.entity(item.get("entityType").s()), item);
    }
}
