package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * AWS's SocialNetwork NoSQL Workbench sample (imports/reference, MIT-0) imported and loaded with its README's seven access
 * patterns: its key schema is kept, it checks clean, and each pattern run on the engine against the model's 17 sample
 * items gives the items the README's table implies (getUserInfoByUserID reads the user's partition, info and count
 * items both: a collection of the two entities).
 */
class SocialNetworkImportOnEngineTest {
    static final Path MODEL = SchemaFileImportTest.IMPORTS.resolve("reference/SocialNetworkSchema.json");
    static final ImportResult IMPORTED = ImportFormat.NOSQL_WORKBENCH.read(MODEL);
    static final SchemaFile DESIGN = SchemaFile.parse(SchemaFileWriter.toYaml(IMPORTED.document()) + """
            collections:
              UserPartition:
                members: [UInfo, UCount]
            accessPatterns:
              - name: getUserInfoByUserID
                collection: UserPartition
                partition: {id: "12345"}
              - name: getFollowerListByUserID
                entity: UFollowerU
                partition: {id: "12345"}
              - name: getFollowingListByUserID
                entity: UFollowingU
                partition: {id: "12345"}
              - name: getPostListByUserID
                entity: UPostP
                partition: {id: "12345"}
              - name: getUserLikesByPostID
                entity: PLikelistU
                partition: {id: "12345"}
              - name: getLikeCountByPostID
                operation: get
                entity: PLikecountCount
                key: {id: "12345"}
              - name: getTimelineByUserID
                entity: UTimelinePU
                partition: {id: "12345"}
            """, "SocialNetworkSchema.singletable.yaml");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static Table table;

    @BeforeAll
    static void loadSampleItems() {
        table = db.table();
        List<DynamicItem> all = new ArrayList<>();
        DESIGN.document().entities().keySet().forEach(entity -> all.addAll(DESIGN.examples(entity)));
        assertThat(all).hasSize(17);
        table.batchWrite().putAll(all).execute();
    }

    @Test
    void import_whenTheSocialNetworkSample_keepsTheKeySchemaAndMakesAnEntityOfEveryKeyShape() {
        TableDefinition imported = DESIGN.document().table();

        assertThat(imported.partitionKey()).isEqualTo(new KeyAttributeDefinition("PK", KeyAttributeDefinition.KeyAttributeType.S));
        assertThat(imported.sortKey()).contains(new KeyAttributeDefinition("SK", KeyAttributeDefinition.KeyAttributeType.S));
        assertThat(imported.indexes()).isEmpty();
        Map<String, KeyDefinition> keys = new java.util.LinkedHashMap<>();
        DESIGN.document().entities().forEach((name, entity) -> keys.put(name, entity.keys()));
        assertThat(keys).containsExactly(
                Map.entry("UInfo", KeyDefinition.of("u#{id}", "\"info\"")),
                Map.entry("UCount", KeyDefinition.of("u#{id}", "\"count\"")),
                Map.entry("UFollowerU", KeyDefinition.of("u#{id}#follower", "u#{id2}")),
                Map.entry("UFollowingU", KeyDefinition.of("u#{id}#following", "u#{id2}")),
                Map.entry("UPostP", KeyDefinition.of("u#{id}#post", "p#{id2}")),
                Map.entry("PLikelistU", KeyDefinition.of("p#{id}#likelist", "u#{id2}")),
                Map.entry("PLikecountCount", KeyDefinition.of("p#{id}#likecount", "\"count\"")),
                Map.entry("UTimelinePU", KeyDefinition.of("u#{id}#timeline", "p#{id2}#u#{id3}")));
        assertThat(IMPORTED.notes()).filteredOn(note -> note.kind() == ImportNote.Kind.NOT_MAPPED).extracting(ImportNote::toString).containsExactly(
                "not mapped: DataModel[0].ProvisionedCapacitySettings.AutoScalingRead: auto scaling (1 to 10 units, target 70%) is not part "
                        + "of a design; set it where the table is deployed",
                "not mapped: DataModel[0].ProvisionedCapacitySettings.AutoScalingWrite: auto scaling (1 to 10 units, target 70%) is not part "
                        + "of a design; set it where the table is deployed");
    }

    @Test
    void run_getUserInfoByUserID_readsTheUsersCountAndInfoItems() {
        assertThat(DESIGN.run(table, "getUserInfoByUserID", Map.of()))
                .containsExactly(DESIGN.examples("UCount").get(0), DESIGN.examples("UInfo").get(0));
    }

    @Test
    void run_eachListPattern_readsTheWholeListInSortKeyOrder() {
        Map<String, String> listOf = Map.of("getFollowerListByUserID", "UFollowerU", "getFollowingListByUserID", "UFollowingU",
                "getPostListByUserID", "UPostP", "getUserLikesByPostID", "PLikelistU", "getTimelineByUserID", "UTimelinePU");
        listOf.forEach((pattern, entity) -> assertThat(DESIGN.run(table, pattern, Map.of())).as(pattern)
                .containsExactlyElementsOf(DESIGN.examples(entity)).hasSizeBetween(2, 3));
    }

    @Test
    void run_getLikeCountByPostID_getsTheCountItem() {
        assertThat(DESIGN.run(table, "getLikeCountByPostID", Map.of())).containsExactly(DESIGN.examples("PLikecountCount").get(0));
    }

    @Test
    void run_getFollowerListByUserID_whenAnotherUser_readsNothing() {
        assertThat(DESIGN.run(table, "getFollowerListByUserID", Map.of("id", "99999"))).isEmpty();
    }

    @Test
    void noSqlWorkbench_whenTheImportedDesignIsExportedAndImportedAgain_givesTheSameDesign() {
        SchemaDocument design = IMPORTED.document();

        ImportResult again = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)), "SNS.workbench.json");

        assertThat(RoundTrips.withoutEntityDescriptions(again.document())).isEqualTo(RoundTrips.withoutEntityDescriptions(design));
    }
}
