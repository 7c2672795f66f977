package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** designs/memberships.singletable.yaml (seed 000's users, groups and memberships): the relation as data, on the embedded engine. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class RelationsDesignOnEngineTest {
    private static final Path FILE = Path.of("../designs/memberships.singletable.yaml");
    private static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    @Test
    void load_whenTheFileDeclaresARelation_givesTheRelationAndItsItemTypesAndWritesTheSameText() throws IOException {
        Relation<?, ?> membership = DESIGN.tableSchema().relation("Membership").orElseThrow();

        assertThat(membership).hasToString("Relation[Membership: User -> Group (USER#{userId} / GROUP#{groupId}, mirror "
                + "GROUP#{groupId} / USER#{userId})]");
        assertThat(DESIGN.tableSchema()).hasToString("TableSchema[MembershipTable, PK/SK, indexes [], entities [User, Group, "
                + "USERGROUP, GROUPUSER]]");
        assertThat(membership.propagatesCopies()).isTrue();
        assertThat(SchemaFileWriter.toYaml(DESIGN.document())).isEqualTo(Files.readString(FILE));
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "memberships.singletable.json").document())
                .isEqualTo(DESIGN.document());
    }

    @Test
    @SuppressWarnings("unchecked")
    void relate_whenTheDesignsExamplesAreRelated_listsThemFromBothSidesAndVerifiesConsistent() {
        Table table = Table.of(db.table().schema(), db.client());
        Relation<DynamicItem, DynamicItem> membership = (Relation<DynamicItem, DynamicItem>) table.schema().relation("Membership")
                .orElseThrow();
        List<DynamicItem> users = DESIGN.examples("User");
        List<DynamicItem> groups = DESIGN.examples("Group");
        users.forEach(table::put);
        groups.forEach(table::put);

        table.relate(users.get(0), groups.get(0), membership);
        table.relate(users.get(0), groups.get(1));
        table.relate(users.get(1), groups.get(0), membership);

        assertThat(table.relatedEntities(users.get(0), membership)).containsExactlyElementsOf(groups);
        assertThat(table.related(groups.get(0), membership.inverse())).extracting(a -> a.item().toString()).containsExactly(
                "GROUPUSER{userId=123, groupId=1, userName=Ada, groupName=Admins}",
                "GROUPUSER{userId=456, groupId=1, userName=Grace, groupName=Admins}");
        assertThat(table.verifyRelation(membership)).isEqualTo(new RelationReport("Membership", 6, List.of(), List.of(), List.of()));
    }

    @Test
    void run_whenACollectionListsAnEntityAndARelationsItemType_readsTheGroupAndItsAdjacencyItemsTypedInOneQuery() {
        Table table = Table.of(db.table().schema(), db.client());
        Relation<?, ?> membership = table.schema().relation("Membership").orElseThrow();
        relate_whenTheDesignsExamplesAreRelated_listsThemFromBothSidesAndVerifiesConsistent();   // the same pairs: the table is the class's

        List<DynamicItem> read = DESIGN.run(table, "group-with-members", Map.of());

        assertThat(DESIGN.collection("GroupMembers").members()).containsExactly(DESIGN.entity("Group"), membership.secondSideItems());
        assertThat(read).extracting(DynamicItem::toString).containsExactly(
                "Group{groupId=1, groupName=Admins}",
                "GROUPUSER{userId=123, groupId=1, userName=Ada, groupName=Admins}",
                "GROUPUSER{userId=456, groupId=1, userName=Grace, groupName=Admins}");
        assertThat(DESIGN.document().relationItemType("GROUPUSER")).contains(new RelationItemType("Membership",
                DESIGN.document().relations().get("Membership"), false));
    }

    @Test
    void noSqlWorkbench_whenTheDesignDeclaresARelation_exportsItsAdjacencyItemsAsFacetsAndImportsThemBackAsTheRelation() {
        String model = SchemaFileExport.noSqlWorkbench(DESIGN);

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(model, "memberships.workbench.json");

        assertThat(imported.document().entities().keySet()).containsExactly("User", "Group");
        assertThat(imported.document().relations().keySet()).containsExactly("UserGroup");
        assertThat(imported.document().relations().get("UserGroup").itemTypes()).containsExactly("USERGROUP", "GROUPUSER");
    }
}
