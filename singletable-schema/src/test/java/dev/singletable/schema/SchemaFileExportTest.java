package dev.singletable.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Export to a NoSQL Workbench 3.0 model: the whole model against golden files, and the model
 * imported again gives the same design. Run with {@code -Dsingletable.golden.update=true} to
 * rewrite the golden files after a deliberate change.
 */
class SchemaFileExportTest {
    private static final Path EXPORTS = Path.of("src/test/resources/exports");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void assertGolden(String actual, Path golden) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void noSqlWorkbench_whenShopDesign_writesOneFacetPerEntityGsisAndSampleItems() throws IOException {
        String model = SchemaFileExport.noSqlWorkbench(SchemaFile.load(EXPORTS.resolve("shop.singletable.yaml")));

        assertGolden(model, EXPORTS.resolve("shop.workbench.json"));
        JsonNode table = JSON.readTree(model).path("DataModel").get(0);
        assertThat(table.path("TableFacets").findValuesAsText("FacetName")).containsExactly("Customer", "Order", "Review");
    }

    @Test
    void noSqlWorkbenchModel_whenARelationHasEdgeAttributes_writesItsAdjacencyItemsAsFacetsWithTheExamplePairAsSampleItems()
            throws IOException {
        ExportResult exported = SchemaFileExport.noSqlWorkbenchModel(SchemaFile.load(EXPORTS.resolve("memberships-edge.singletable.yaml")));

        assertGolden(exported.text(), EXPORTS.resolve("memberships-edge.workbench.json"));
        assertThat(exported.notes()).extracting(ExportNote::toString).containsExactly(
                "not exported: entities.User.description: entity descriptions",
                "not exported: entities.Group.description: entity descriptions",
                "not exported: relations: Membership (written as facets of their adjacency items, USERGROUP, GROUPUSER, their example "
                        + "pairs as sample items, which an import reads back as the relation, named after its two entities; relate and related "
                        + "are not exported)",
                "not exported: relations.Membership.edge.role.required: true (a model's attributes are all optional)",
                "not exported: relations.Membership.edge.role.type: enum written as S",
                "not exported: relations.Membership.edge.role.values: the enum's values",
                "not exported: relations.Membership.edge.joinedAt.type: instant written as S");
    }

    @Test
    void noSqlWorkbench_whenARelationWithAnExamplePairIsExportedAndImported_rebuildsTheRelationWithItsEdgeAndExamplePair() {
        SchemaDocument design = SchemaFile.load(EXPORTS.resolve("memberships-edge.singletable.yaml")).document();

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)),
                "memberships.workbench.json");

        RelationDefinition original = design.relations().get("Membership");
        SchemaDocument back = imported.document();
        assertThat(back.entities()).containsOnlyKeys("User", "Group");
        // what the model does not hold: the relation's name and description, propagation, the edge's types and required flag
        assertThat(back.relations()).containsExactly(Map.entry("UserGroup", new RelationDefinition(Optional.empty(), original.first(),
                original.second(), original.firstSide(), original.secondSide(), original.itemTypes(), original.copyFromFirst(),
                original.copyFromSecond(), false, new LinkedHashMap<>(Map.of("role", AttributeDefinition.of(AttributeDefinition.AttributeKind.STRING,
                false), "joinedAt", AttributeDefinition.of(AttributeDefinition.AttributeKind.STRING, false))), original.examples())));
        assertThat(imported.notes()).extracting(ImportNote::toString).containsExactly("inferred: DataModel[0].TableFacets.USERGROUP: "
                + "entities USERGROUP and GROUPUSER read as the adjacency items of a relation of User and Group (their keys mirror each other "
                + "and each is the partition key of one end; the ends' attributes they hold are copies, not propagated: set propagateCopies "
                + "if writes of an end rewrite them); name the relation in the file");
        assertThat(SchemaFile.of(back).relationExamples("UserGroup")).hasSize(2);
    }

    @Test
    void noSqlWorkbench_whenAnAdjacencyAttributeIsAnAttributeOfBothEnds_keepsTheItemTypesAsEntitiesAndSaysWhy() {
        // name is an attribute of User and of Group, and the adjacency items copy User's
        SchemaFile design = SchemaFile.load(EXPORTS.resolve("memberships-name-on-both-ends.singletable.yaml"));

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(design), "memberships.workbench.json");

        assertThat(imported.document().entities()).containsOnlyKeys("User", "Group", "USERGROUP", "GROUPUSER");
        assertThat(imported.document().relations()).isEmpty();
        assertThat(imported.notes()).extracting(ImportNote::toString).contains("not mapped: DataModel[0].TableFacets.USERGROUP: entities "
                + "USERGROUP and GROUPUSER have mirrored keys, as a relation's adjacency items do, but name is an attribute of both User and "
                + "Group, so which end it copies is not known; kept as entities: declare the relation by hand");
    }

    @Test
    void noSqlWorkbench_whenExportedModelIsImported_givesTheSameDesign() {
        SchemaDocument design = SchemaFile.load(EXPORTS.resolve("shop.singletable.yaml")).document();

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)), "shop.workbench.json");

        assertThat(withoutEntityDescriptions(imported.document())).isEqualTo(design);
        assertThat(imported.notes()).containsExactly(
                new ImportNote(ImportNote.Kind.INFERRED, "DataModel[0].TableFacets[1]",
                        "entity Order: GSI1 STATUS#{status} / ORDER#{orderId} (from 2 of 2 items)"),
                new ImportNote(ImportNote.Kind.INFERRED, "DataModel[0].TableFacets[2]",
                        "entity Review: ByProduct {productId} (from 1 of 1 item)"));
    }

    @Test
    void noSqlWorkbenchModel_whenTheDesignHasWhatAModelCannotHold_notesEachByItsPath() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Notes
                  partitionKey: {name: PK, type: S}
                  timeToLiveAttribute: expiresAt
                  stream: NEW_AND_OLD_IMAGES
                  indexes:
                    - {name: byName, kind: global, description: by name, partitionKey: {name: GSI1PK, type: S}}
                types:
                  Address:
                    attributes:
                      city: {type: string}
                entities:
                  User:
                    description: a user
                    count: 1000
                    attributes:
                      id: {type: string, required: true, generated: ulid}
                      name: {type: string, required: true, description: shown}
                      tier: {type: enum, values: [GOLD, SILVER]}
                      address: {type: Address}
                      createdAt: {type: instant, role: createdAt}
                      expiresAt: {type: epochSeconds, role: timeToLive}
                    keys: {pk: "USER#{id}"}
                    indexes:
                      byName: {pk: "NAME#{name}"}
                """, "notes.singletable.yaml");

        ExportResult model = SchemaFileExport.noSqlWorkbenchModel(design);

        assertThat(model.text()).isEqualTo(SchemaFileExport.noSqlWorkbench(design));
        assertThat(model.notes()).extracting(ExportNote::toString).containsExactly(
                "not exported: table.timeToLiveAttribute: expiresAt (a model has no TTL)",
                "not exported: table.stream: NEW_AND_OLD_IMAGES (a model has no stream)",
                "not exported: table.indexes.byName.description: index descriptions",
                "not exported: entities.User.description: entity descriptions",
                "not exported: entities.User.volume: the entity's volume",
                "not exported: entities.User.attributes.id.generated: ulid",
                "not exported: entities.User.attributes.name.required: true (a model's attributes are all optional)",
                "not exported: entities.User.attributes.name.description: attribute descriptions",
                "not exported: entities.User.attributes.tier.type: enum written as S",
                "not exported: entities.User.attributes.tier.values: the enum's values",
                "not exported: entities.User.attributes.address.type: Address written as M",
                "not exported: entities.User.attributes.createdAt.type: instant written as S",
                "not exported: entities.User.attributes.createdAt.role: createdAt",
                "not exported: entities.User.attributes.expiresAt.type: epochSeconds written as N",
                "not exported: entities.User.attributes.expiresAt.role: timeToLive",
                "not exported: entities.User.indexes: no sample item of User, and an import reads index templates from sample items: "
                        + "its templates on byName do not come back (give it examples, or --data User=FILE)",
                "not exported: types.Address: record types (a record is written as a map, M)");
    }

    @Test
    void noSqlWorkbenchModel_whenAnIndexedEntityHasNoExamples_notesThatItsIndexTemplatesDoNotComeBack() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Simple
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  indexes:
                    - {name: byEmail, kind: global, partitionKey: {name: email, type: S}}
                entities:
                  User:
                    attributes:
                      id: {type: string, required: true}
                      email: {type: string}
                    keys: {pk: "USER#{id}", sk: PROFILE}
                    indexes:
                      byEmail: {pk: "{email}"}
                """, "simple.singletable.yaml");

        ExportResult model = SchemaFileExport.noSqlWorkbenchModel(design);

        assertThat(model.notes()).extracting(ExportNote::toString).containsExactly("not exported: entities.User.indexes: no sample item of "
                + "User, and an import reads index templates from sample items: its templates on byEmail do not come back (give it "
                + "examples, or --data User=FILE)");
    }

    @Test
    void noSqlWorkbenchModel_whenAnEntityHasStates_notesTheFacetPerState() {
        ExportResult model = SchemaFileExport.noSqlWorkbenchModel(SchemaFile.load(Path.of("../designs/products.singletable.yaml")));

        assertThat(model.notes()).extracting(ExportNote::toString).contains(
                "not exported: entities.Product.states: keys that depend on archived: written as a facet per state (ActiveProduct, ArchivedProduct)");
    }

    @Test
    void noSqlWorkbench_whenBlogDesignWithExampleFile_writesItsKeysAsAWriteComposesThem() throws IOException {
        String model = SchemaFileExport.noSqlWorkbench(SchemaFile.load(Path.of("../designs/blog.singletable.yaml")));

        assertGolden(model, EXPORTS.resolve("blog.workbench.json"));
    }

    @Test
    void noSqlWorkbench_whenTheDesignHasLsis_writesThemWithTheTablesPartitionKeyAndImportsThemBack() throws IOException {
        SchemaDocument design = SchemaFile.load(EXPORTS.resolve("orders-lsi.singletable.yaml")).document();

        String model = SchemaFileExport.noSqlWorkbench(SchemaFile.of(design));
        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(model, "orders-lsi.workbench.json");

        assertThat(JSON.readTree(model).path("DataModel").get(0).path("LocalSecondaryIndexes")).isEqualTo(JSON.readTree("""
                [{"IndexName": "ByPlacedAt", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                   "SortKey": {"AttributeName": "placedAt", "AttributeType": "S"}}, "Projection": {"ProjectionType": "KEYS_ONLY"}},
                 {"IndexName": "LSI1", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                   "SortKey": {"AttributeName": "LSI1SK", "AttributeType": "S"}},
                  "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]}}]"""));
        assertThat(JSON.readTree(model).path("DataModel").get(0).has("GlobalSecondaryIndexes")).isFalse();
        assertThat(withoutEntityDescriptions(imported.document())).isEqualTo(design);
        assertThat(imported.notes()).extracting(ImportNote::toString).containsExactly(
                "inferred: DataModel[0].TableFacets[1]: entity Order: ByPlacedAt {placedAt} (from 2 of 2 items); "
                        + "LSI1 STATUS#{status}#{orderId} (from 2 of 2 items)");
    }

    @Test
    void noSqlWorkbench_whenASharedIndexKeyIsExportedAndImported_keepsTheShardSlotAndItsCount() {
        SchemaDocument design = readings(4, "d1", "d2", "d3");

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)), "readings.workbench.json");

        assertThat(withoutEntityDescriptions(imported.document())).isEqualTo(design);
        assertThat(imported.notes()).extracting(ImportNote::toString).containsExactly(
                "inferred: DataModel[0].TableFacets[0]: entity Reading: GSI1 GSI1PK: the values of {gsi1pk} are each item's shard "
                        + "{shard:of=deviceId,count=4} and no other attribute's or count's: written as that shard slot",
                "inferred: DataModel[0].TableFacets[0]: entity Reading: GSI1 DAY#{day}#{shard:of=deviceId,count=4} / DEVICE#{deviceId} "
                        + "(from 3 of 3 items)");
    }

    @Test
    void noSqlWorkbench_whenTwoCountsFitTheSampleShards_keepsASlotOfItsOwn() {
        SchemaDocument design = readings(2, "d1", "d2");

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)), "readings.workbench.json");

        // d1 and d2 are shards 0 and 1 of 2, 3 and 6 shards alike: the items do not tell the count
        assertThat(imported.document().entities().get("Reading").indexes().get("GSI1").partition()).containsExactly("DAY#{day}#{gsi1pk}");
    }

    /** Readings of one day by device, sharded on GSI1 over {@code count} shards of deviceId, an example per device. */
    private static SchemaDocument readings(int count, String... devices) {
        StringBuilder examples = new StringBuilder();
        for (String device : devices) {
            examples.append("      - {deviceId: ").append(device).append(", day: \"2025-05-19\", note: note of ").append(device).append("}\n");
        }
        return SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Readings
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  indexes:
                    - {name: GSI1, kind: global, partitionKey: {name: GSI1PK, type: S}, sortKey: {name: GSI1SK, type: S}}
                entities:
                  Reading:
                    attributes:
                      deviceId: {type: string, required: true}
                      day: {type: string, required: true}
                      note: {type: string}
                    keys: {pk: "DEVICE#{deviceId}", sk: "DAY#{day}"}
                    indexes:
                      GSI1: {pk: "DAY#{day}#{shard:of=deviceId,count=%d}", sk: "DEVICE#{deviceId}"}
                    examples:
                """.formatted(count) + examples, "readings.singletable.yaml").document();
    }

    /** The import says in each entity's description what it inferred; the design itself is what must match. */
    private static SchemaDocument withoutEntityDescriptions(SchemaDocument document) {
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        document.entities().forEach((name, e) -> entities.put(name, new EntityDefinition(Optional.empty(), e.attributes(), e.keys(),
                e.indexes(), e.attributeBag(), e.examples(), e.exampleFile())));
        return new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns());
    }
}
