package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * AWS's ChatSystem NoSQL Workbench sample (imports/reference, MIT-0) imported, renamed as a user would, and loaded with
 * its README's read access patterns: its key schema is kept, it checks clean, and each pattern run on the engine against
 * the model's sample items gives the items the README's table implies. The writes (createChatRoom, joinChatRoom, ...)
 * have no pattern kind of their own; joinChatRoom's {@code Join:<roomID>} items are not in the sample data, so no entity
 * holds them.
 */
class ChatSystemImportOnEngineTest {
    static final Path MODEL = SchemaFileImportTest.IMPORTS.resolve("reference/ChatSystemSchema.json");
    static final ImportResult IMPORTED = ImportFormat.NOSQL_WORKBENCH.read(MODEL);
    static final SchemaFile DESIGN = SchemaFile.parse(SchemaFileWriter.toYaml(renamed(IMPORTED.document())) + """
            accessPatterns:
              - name: getAllComments
                description: "GSI, PK=<RoomID>, Limit 1"
                entity: Comment
                index: RoomID_Comment_IDX
                partition: {RoomID: Music}
                limit: 1
              - name: getLatestComments
                description: "GSI, PK=<RoomID>, Limit 10 & ScanIndexForward = false"
                entity: Comment
                index: RoomID_Comment_IDX
                partition: {RoomID: Music}
                order: descending
                limit: 10
              - name: getFromLatestToSpecifiedPositionComments
                description: "GSI, PK=<RoomID>, SK > <FromPosition>"
                entity: Comment
                index: RoomID_Comment_IDX
                partition: {RoomID: Music}
                sort: {greaterThan: {CreatedAt: "2023-04-01T12:00:00.001Z"}}
              - name: getFromPositionToPositionComments
                description: "GSI, PK=<RoomID>, SK between <FromPosition> and <ToPosition>"
                entity: Comment
                index: RoomID_Comment_IDX
                partition: {RoomID: Art}
                sort: {between: {from: {CreatedAt: "2023-04-01T12:00:00.000Z"}, to: {CreatedAt: "2023-04-01T13:00:00.000Z"}}}
              - name: chatRoom
                description: "Base table, PK=<RoomID>, SK=meta (the key of createChatRoom and deleteChatRoom)"
                operation: get
                entity: Room
                key: {roomId: Art}
            """, "ChatSystemSchema.singletable.yaml");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static Table table;

    private static SchemaDocument renamed(SchemaDocument document) {
        for (String rename : List.of("User=Comment", "Comment.id=userId", "Comment.id2=sentAt", "RoomMeta=Room", "Room.id=roomId")) {
            document = SchemaFileImport.rename(document, rename);
        }
        return document;
    }

    @BeforeAll
    static void loadSampleItems() {
        table = db.table();
        table.batchWrite().putAll(DESIGN.examples("Comment")).putAll(DESIGN.examples("Room")).execute();
    }

    private static DynamicItem comment(int index) {
        return DESIGN.examples("Comment").get(index);
    }

    @Test
    void import_whenTheChatSystemSample_keepsEveryKeySchemaAndEverySampleItem() {
        TableDefinition imported = DESIGN.document().table();

        assertThat(imported.partitionKey()).isEqualTo(new KeyAttributeDefinition("PK", KeyAttributeDefinition.KeyAttributeType.S));
        assertThat(imported.sortKey()).contains(new KeyAttributeDefinition("SK", KeyAttributeDefinition.KeyAttributeType.S));
        assertThat(imported.indexes()).containsExactly(new IndexDefinition("RoomID_Comment_IDX", IndexDefinition.IndexKind.GLOBAL, Optional.empty(),
                List.of(new KeyAttributeDefinition("RoomID", KeyAttributeDefinition.KeyAttributeType.S)),
                List.of(new KeyAttributeDefinition("CreatedAt", KeyAttributeDefinition.KeyAttributeType.S)), ProjectionDefinition.all()));
        assertThat(imported.billing()).isEqualTo(new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, Optional.of(5L), Optional.of(5L)));
        assertThat(DESIGN.document().entities().get("Comment").keys()).isEqualTo(KeyDefinition.of("User:{userId}", "{sentAt}"));
        assertThat(DESIGN.document().entities().get("Room").keys()).isEqualTo(KeyDefinition.of("Room:{roomId}", "meta"));
        assertThat(DESIGN.examples("Comment").size() + DESIGN.examples("Room").size()).isEqualTo(8);
        assertThat(IMPORTED.notes()).filteredOn(note -> note.kind() == ImportNote.Kind.NOT_MAPPED).extracting(ImportNote::toString).containsExactly(
                "not mapped: DataModel[0].ProvisionedCapacitySettings.AutoScalingRead: auto scaling (1 to 10 units, target 70%) is not part "
                        + "of a design; set it where the table is deployed",
                "not mapped: DataModel[0].ProvisionedCapacitySettings.AutoScalingWrite: auto scaling (1 to 10 units, target 70%) is not part "
                        + "of a design; set it where the table is deployed",
                "not mapped: DataModel[0].NonKeyAttributes[3]: attribute UpdatedAt is in no facet and no sample item, so no entity holds it; "
                        + "add it to its entity by hand",
                "not mapped: DataModel[0].NonKeyAttributes[4]: attribute CommentCreatedAt is in no facet and no sample item, so no entity "
                        + "holds it; add it to its entity by hand");
    }

    @Test
    void run_getAllComments_readsTheRoomsFirstCommentOnTheGsi() {
        assertThat(DESIGN.run(table, "getAllComments", Map.of())).containsExactly(comment(0));
    }

    @Test
    void run_getLatestComments_readsTheRoomsCommentsNewestFirst() {
        assertThat(DESIGN.run(table, "getLatestComments", Map.of())).containsExactly(comment(3), comment(0));
    }

    @Test
    void run_getFromLatestToSpecifiedPositionComments_readsTheCommentsAfterThePosition() {
        assertThat(DESIGN.run(table, "getFromLatestToSpecifiedPositionComments", Map.of())).containsExactly(comment(3));
    }

    @Test
    void run_getFromPositionToPositionComments_readsTheCommentsBetweenThePositions() {
        assertThat(DESIGN.run(table, "getFromPositionToPositionComments", Map.of())).containsExactly(comment(2));
        assertThat(DESIGN.run(table, "getFromPositionToPositionComments", Map.of("RoomID", "Music"))).containsExactly(comment(0), comment(3));
    }

    @Test
    void run_chatRoom_getsTheRoomsMetaItem() {
        assertThat(DESIGN.run(table, "chatRoom", Map.of())).containsExactly(DESIGN.examples("Room").get(1));
    }

    @Test
    void noSqlWorkbench_whenTheImportedDesignIsExportedAndImportedAgain_givesTheSameDesign() {
        SchemaDocument design = renamed(IMPORTED.document());

        ImportResult again = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)), "Chat.workbench.json");

        assertThat(RoundTrips.withoutEntityDescriptions(again.document())).isEqualTo(RoundTrips.withoutEntityDescriptions(design));
    }
}
