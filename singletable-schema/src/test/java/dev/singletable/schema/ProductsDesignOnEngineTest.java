package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code designs/products.singletable.yaml}: seed 001's active and archived products as an entity with
 * state-dependent keys declared in a schema file, its examples in both states, patterns reading each
 * state, and a state change moving the item on the embedded engine.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class ProductsDesignOnEngineTest {
    static final Path FILE = Path.of("../designs/products.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Product").restoringExamplesBeforeEachTest();

    /** A collection may name one state's type (its keys are fixed), as docs/schema-file.md says; the entity itself is refused. */
    @Test
    void collection_whenItNamesOneStatesType_loadsAndReadsThatStatesItems() throws IOException {
        String text = Files.readString(Path.of("../designs/products.singletable.yaml"))
                .replace("\nentities:\n", "\ncollections:\n  Archive:\n    members: [ArchivedProduct]\nentities:\n");
        SchemaFile withCollection = SchemaFile.parse(text, "products.yaml");
        Table archive = Table.of(withCollection.tableSchema().toBuilder().name(db.tableName()).build(), db.client());

        assertThat(archive.query(withCollection.collection("Archive")).index("GSI1").partition(dev.singletable.KeyValues.none()).list())
                .extracting(DynamicItem::toString).containsExactly(
                        "ArchivedProduct{productId=P4, name=Fax Machine, archived=true, archivedAt=2023-11-15T17:30:00Z, version=1}",
                        "ArchivedProduct{productId=P3, name=Typewriter, archived=true, archivedAt=2024-03-01T09:00:00Z, version=1}");
        assertThatThrownBy(() -> SchemaFile.parse(text.replace("members: [ArchivedProduct]", "members: [Product]"), "products.yaml"))
                .isInstanceOf(SchemaFileException.class);
    }

    @Test
    void load_whenTheEntityDeclaresStates_givesOneEntityTypePerStateAndWritesTheSameText() throws IOException {
        TableSchema schema = DESIGN.tableSchema();
        EntityStates<?> states = schema.states().get(0);

        assertThat(schema).hasToString("TableSchema[ProductTable, PK/SK, indexes [GSI1], entities [ActiveProduct, ArchivedProduct]]");
        assertThat(states).hasToString("EntityStates[archived: {false=ActiveProduct ACTIVE_PRODUCT#{productId} / METADATA, "
                + "true=ArchivedProduct ARCHIVED_PRODUCT#{productId} / METADATA}]");
        assertThat(DESIGN.document().entityTypes().keySet()).containsExactly("ActiveProduct", "ArchivedProduct");
        assertThat(SchemaFileWriter.toYaml(DESIGN.document())).isEqualTo(Files.readString(FILE));
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "products.json").document()).isEqualTo(DESIGN.document());
    }

    @Test
    void load_whenTheProcessorWroteStates_givesTheStatesTheAnnotationsDeclare() {
        SchemaFile generated = SchemaFile.load(Path.of("../singletable-processor/src/test/resources/golden-states/expected/META-INF/"
                + "singletable/CatalogTable.singletable.json"));

        assertThat(generated.tableSchema()).hasToString("TableSchema[CatalogTable, PK/SK, indexes [GSI1], entities [ActiveProduct, "
                + "ArchivedProduct, UnpublishedPage, LivePage]]");
        assertThat(generated.tableSchema().states()).extracting(Object::toString).containsExactly(
                "EntityStates[archived: {false=ActiveProduct ACTIVE_PRODUCT#{productId} / METADATA, "
                        + "true=ArchivedProduct ARCHIVED_PRODUCT#{productId} / METADATA}]",
                "EntityStates[stage: {DRAFT=UnpublishedPage DRAFT#{pageId} / PAGE, REVIEW=UnpublishedPage DRAFT#{pageId} / PAGE, "
                        + "LIVE=LivePage PAGE#{pageId} / PAGE}]");
    }

    @Test
    void examples_whenTheEntityHasStates_areNamedByTheStateTheirAttributePicks() {
        assertThat(DESIGN.examples("Product")).extracting(DynamicItem::toString).containsExactly(
                "ActiveProduct{productId=P1, name=Desk Lamp, archived=false}",
                "ActiveProduct{productId=P2, name=Bookshelf, archived=false}",
                "ArchivedProduct{productId=P3, name=Typewriter, archived=true, archivedAt=2024-03-01T09:00:00Z}",
                "ArchivedProduct{productId=P4, name=Fax Machine, archived=true, archivedAt=2023-11-15T17:30:00Z}");
    }

    @Test
    void run_whenPatternsNameAState_readEachStatesItems() {
        assertThat(DESIGN.run(db.table(), "active-product-by-id", Map.of())).extracting(DynamicItem::toString)
                .containsExactly("ActiveProduct{productId=P1, name=Desk Lamp, archived=false, version=1}");
        assertThat(DESIGN.run(db.table(), "archived-product-by-id", Map.of())).extracting(DynamicItem::toString)
                .containsExactly("ArchivedProduct{productId=P3, name=Typewriter, archived=true, archivedAt=2024-03-01T09:00:00Z, version=1}");
        assertThat(DESIGN.run(db.table(), "active-products-by-name", Map.of())).extracting(i -> i.getString("productId"))
                .containsExactly("P2", "P1");
        assertThat(DESIGN.run(db.table(), "archived-products-by-time", Map.of())).extracting(i -> i.getString("productId"))
                .containsExactly("P3", "P4");
    }

    @Test
    @SuppressWarnings("unchecked")
    void update_whenTheStateAttributeChanges_movesTheItemToTheOtherStatesKeyInOneTransaction() {
        EntitySchema<DynamicItem> active = DESIGN.entity("ActiveProduct");
        EntitySchema<DynamicItem> archived = DESIGN.entity("ArchivedProduct");
        DynamicItem current = db.table().get(active, KeyValues.of("productId", "P1")).orElseThrow();

        DynamicItem moved = db.table().update(current, u -> u.set(archived.attribute("archived").map(a -> (dev.singletable.Attribute<DynamicItem, Boolean>) a)
                .orElseThrow(), true).set(archived.attribute("archivedAt").map(a -> (dev.singletable.Attribute<DynamicItem, Instant>) a)
                .orElseThrow(), Instant.parse("2025-06-01T12:00:00Z")));

        assertThat(moved).hasToString("ArchivedProduct{productId=P1, name=Desk Lamp, archived=true, archivedAt=2025-06-01T12:00:00Z, version=2}");
        assertThat(db.table().get(active, KeyValues.of("productId", "P1"))).isEqualTo(Optional.empty());
        assertThat(db.table().get(archived, KeyValues.of("productId", "P1"))).contains(moved);
        assertThat(storedKeys()).containsExactly("ACTIVE_PRODUCT#P2", "ARCHIVED_PRODUCT#P1", "ARCHIVED_PRODUCT#P3", "ARCHIVED_PRODUCT#P4");
    }

    @Test
    void path_whenTheEntityIsOneStateOfAnEntity_resolvesItsAttributesAndUpdatesTheItem() {
        EntitySchema<DynamicItem> active = DESIGN.entity("ActiveProduct");
        dev.singletable.AttributePath<DynamicItem, String> name = DESIGN.path("ActiveProduct", "name");

        DynamicItem updated = db.table().update(active, KeyValues.of("productId", "P1"),
                u -> u.set(name, DESIGN.pathValue("ActiveProduct", "name", "Lamp2")));

        assertThat(updated).hasToString("ActiveProduct{productId=P1, name=Lamp2, archived=false, version=2}");
        assertThatThrownBy(() -> DESIGN.path("ArchivedProduct", "nme"))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("ArchivedProduct: path nme: ArchivedProduct has no attribute 'nme' (did you mean 'name'?); its attributes "
                        + "are productId, name, archived, archivedAt, version");
    }

    @Test
    void put_whenAnItemNamesOneStateButItsAttributePicksTheOther_isWrittenInTheOtherStateAndRemovedFromTheFirst() {
        DynamicItem read = db.table().get(DESIGN.entity("ActiveProduct"), KeyValues.of("productId", "P2")).orElseThrow();
        DynamicItem namedActive = DynamicItem.builder("ActiveProduct").set("productId", "P2").set("name", "Bookshelf")
                .set("archived", true).set("archivedAt", Instant.parse("2025-01-02T03:04:05Z"))
                .set("version", read.find("version").orElseThrow()).build();

        DynamicItem moved = db.table().put(namedActive);

        assertThat(moved).hasToString("ArchivedProduct{productId=P2, name=Bookshelf, archived=true, archivedAt=2025-01-02T03:04:05Z, "
                + "version=2}");
        assertThat(storedKeys()).containsExactly("ACTIVE_PRODUCT#P1", "ARCHIVED_PRODUCT#P2", "ARCHIVED_PRODUCT#P3", "ARCHIVED_PRODUCT#P4");
    }

    @Test
    void put_whenAnItemWithoutAVersionPicksAStateWhileTheItemIsStoredInAnother_isAVersionConflictAndNothingChanges() {
        DynamicItem unread = DynamicItem.builder("ArchivedProduct").set("productId", "P2").set("name", "Bookshelf")
                .set("archived", true).set("archivedAt", Instant.parse("2025-01-02T03:04:05Z")).build();

        assertThatThrownBy(() -> db.table().put(unread))
                .isInstanceOf(dev.singletable.VersionConflictException.class)
                .hasMessage("put of ArchivedProduct {PK=ARCHIVED_PRODUCT#P2, SK=METADATA} in table " + db.tableName() + " was refused: the entity "
                        + "has no version, so it is written as a new item, but the table holds it in another state, as ActiveProduct "
                        + "{PK=ACTIVE_PRODUCT#P2, SK=METADATA} at version 1; to move it, put the entity as read from the table (with its "
                        + "version) with 'archived' changed, or change it with table.update(current, u -> u.set(...))");
        assertThat(storedKeys()).containsExactly("ACTIVE_PRODUCT#P1", "ACTIVE_PRODUCT#P2", "ARCHIVED_PRODUCT#P3", "ARCHIVED_PRODUCT#P4");
    }

    @Test
    void state_whenTheStateAttributeHasNoState_namesTheFilesEntity() {
        EntityStates<?> states = DESIGN.tableSchema().states().get(0);

        assertThat(states.entityName()).isEqualTo("Product");
        assertThatThrownBy(() -> states.state("yes"))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Product.archived = \"yes\" (a String) picks no state; the states are false -> ActiveProduct, "
                        + "true -> ArchivedProduct, for Boolean values: give one of those values");
    }

    private List<String> storedKeys() {
        return db.client().scan(ScanRequest.builder().tableName(db.table().schema().name()).build()).items().stream()
                .map(item -> item.get("PK")).map(AttributeValue::s).sorted(Comparator.naturalOrder()).toList();
    }

    @Test
    void load_whenTheStateAttributeIsOptional_refusesAtTheStatesAttributeWithTheFix() throws IOException {
        String text = Files.readString(FILE).replace("      archived:\n        type: boolean\n        required: true\n",
                "      archived:\n        type: boolean\n");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\n"
                        + "bad.yaml:45:7: entities.Product.states.attribute: state attribute 'archived' may be absent, and then no state would "
                        + "hold the item; add required: true to attributes.archived");
    }

    @Test
    void load_whenAValueHasNoState_refusesNamingTheValueAndTheFix() throws IOException {
        String text = Files.readString(FILE).replace("        \"true\":\n          type: ArchivedProduct\n", "        \"yes\":\n          type: ArchivedProduct\n");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("4 errors in the schema file:\n"
                        + "bad.yaml:47:7: entities.Product.states.values: the states by 'archived' cover [false, yes] but not [true]; an item "
                        + "with that value would have no key: add a state for \"true\" under states.values\n"
                        + "bad.yaml:57:9: entities.Product.states.values.yes: 'yes' is not a value of archived (boolean); its values are "
                        + "[false, true]\n"
                        + "bad.yaml:75:9: entities.Product.examples[2].archived: 'archived' = true has no state; the states are for "
                        + "[false, yes]: give one of those\n"
                        + "bad.yaml:79:9: entities.Product.examples[3].archived: 'archived' = true has no state; the states are for "
                        + "[false, yes]: give one of those");
    }

    @Test
    void load_whenAStatesTemplateNamesAnUnknownAttribute_refusesAtTheStatesKey() throws IOException {
        String text = Files.readString(FILE).replace("pk: \"ARCHIVED_PRODUCT#{productId}\"", "pk: \"ARCHIVED_PRODUCT#{productID}\"");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("3 errors in the schema file:\n"
                        + "bad.yaml:60:13: entities.Product.states.values.true.keys.pk: template 'ARCHIVED_PRODUCT#{productID}' refers to "
                        + "unknown attribute 'productID' (did you mean 'productId'?); the attributes are productId, name, archived, "
                        + "archivedAt, version\n"
                        + "bad.yaml:92:5: accessPatterns[1].key: the key template needs a value for productID; give each as an example "
                        + "value (callers pass their own at run time)\n"
                        + "bad.yaml:93:7: accessPatterns[1].key.productId: 'productId' is not a slot of the key template (did you mean "
                        + "'productID'?); its slots are productID");
    }

    @Test
    void load_whenTwoStatesHaveTheSameKeys_refusesAsNothingTellsThemApart() throws IOException {
        String text = Files.readString(FILE).replace("ARCHIVED_PRODUCT", "ACTIVE_PRODUCT").replace("{archivedAt}", "{name}");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\n"
                        + "bad.yaml:45:5: entities.Product.states: states ActiveProduct and ArchivedProduct have the same keys "
                        + "(ACTIVE_PRODUCT#{productId} / METADATA, indexes {GSI1=ACTIVE_PRODUCT / {name}}), so nothing tells their items "
                        + "apart; give one of them other literal text, such as 'ARCHIVEDPRODUCT#{...}' in its primary key or in an index key");
    }

    @Test
    void load_whenAStateTemplateCoincidesWithAnotherEntitysKey_refusesAsNothingTellsThemApart() throws IOException {
        String text = Files.readString(FILE).replace("accessPatterns:\n", """
                  Lookalike:
                    attributes:
                      productId:
                        type: string
                        required: true
                    keys:
                      pk: "ARCHIVED_PRODUCT#{productId}"
                      sk: METADATA
                accessPatterns:
                """);

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\n"
                        + "bad.yaml:3:1: table: Table ProductTable: entity types Lookalike ('ARCHIVED_PRODUCT#{productId}' / 'METADATA') and "
                        + "ArchivedProduct ('ARCHIVED_PRODUCT#{productId}' / 'METADATA') can write the same primary key, such as "
                        + "PK='ARCHIVED_PRODUCT#', SK='METADATA', and then one overwrites the other; give one of them other literal text in "
                        + "its sort key template, such as 'ARCHIVEDPRODUCT#{...}'");
    }

    @Test
    void load_whenAnEntityHasBothKeysAndStates_isRefusedByTheFormat() throws IOException {
        String text = Files.readString(FILE).replace("    states:\n", "    keys:\n      pk: PRODUCT\n      sk: X\n    states:\n");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\n"
                        + "bad.yaml:45:5: entities.Product.keys: an entity with states has no keys or indexes of its own: each state gives "
                        + "its keys and indexes under states.values; move them there, or remove states");
    }

    /** The products file with an entity Tag and a relation from {@code first} (the entity with states, or one of its states) to it. */
    private static String withRelationFrom(String first) throws IOException {
        return Files.readString(FILE).replace("accessPatterns:\n", """
                  Tag:
                    attributes:
                      tagId:
                        type: string
                        required: true
                    keys:
                      pk: "TAG#{tagId}"
                      sk: TAG
                relations:
                  ProductTags:
                    first: %s
                    second: Tag
                    firstSide:
                      pk: "PRODUCT#{productId}"
                      sk: "TAG#{tagId}"
                    secondSide:
                      pk: "TAG#{tagId}"
                      sk: "PRODUCT#{productId}"
                accessPatterns:
                """.formatted(first));
    }

    @Test
    void load_whenARelationNamesTheEntityWithStates_refusesAtTheRelationNamingTheEntityAndTheWayOut() throws IOException {
        assertThatThrownBy(() -> SchemaFile.parse(withRelationFrom("Product"), "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\n"
                        + "bad.yaml:91:5: relations.ProductTags.first: relation ProductTags names entity 'Product', whose keys depend on its "
                        + "state ('archived': false -> ActiveProduct, true -> ArchivedProduct): when the state changes the item moves to "
                        + "another key, and the relation's adjacency items and related reads would still name the old one. Relations on "
                        + "entities with states are not supported; relate an entity with fixed keys instead (give Product keys and put "
                        + "the state in an index key, or relate an entity that holds its id)");
    }

    @Test
    void load_whenARelationNamesOneStateOfAnEntity_refusesAtTheRelationNamingTheStateAndItsEntity() throws IOException {
        assertThatThrownBy(() -> SchemaFile.parse(withRelationFrom("ActiveProduct"), "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\n"
                        + "bad.yaml:91:5: relations.ProductTags.first: relation ProductTags names 'ActiveProduct', a state of entity "
                        + "Product, whose keys depend on its state ('archived': false -> ActiveProduct, true -> ArchivedProduct): when the "
                        + "state changes the item moves to another key, and the relation's adjacency items and related reads would still "
                        + "name the old one. Relations on entities with states are not supported; relate an entity with fixed keys "
                        + "instead (give Product keys and put the state in an index key, or relate an entity that holds its id)");
    }
}
