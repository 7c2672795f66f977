package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.design.internal.tables.RelationTables;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.Map;

/**
 * The MCP server's {@code delete} tool with {@code withPairs} on seed 000's memberships (users 123 and 456, each in groups
 * 1 and 2): the user and both adjacency items of each of its pairs in one transaction, as {@code delete --with-pairs} does.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class McpDeleteWithPairsTest {
    private static final String MEMBERSHIPS = "../designs/memberships.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(MEMBERSHIPS));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    @BeforeEach
    void writeExamples() {
        FILE.document().entities().keySet().forEach(entity -> FILE.examples(entity).forEach(db.table()::put));
        RelationTables.sampleItems(FILE).forEach(db.table()::put); // both adjacency items of each example pair
    }

    @Test
    void delete_withPairs_deletesTheItemAndBothItemsOfEachPairAndSaysHowMany() {
        try (McpServer writer = McpServer.start(MEMBERSHIPS, db, "--allow-writes")) {
            McpSchema.CallToolResult deleted = writer.call("delete", Map.of("key", Map.of("entity", "User", "userId", "123"),
                    "withPairs", true));

            assertThat(McpServer.text(deleted).replace(db.tableName(), "TABLE")).isEqualTo("""
                    {
                      "deleted" : {
                        "entity" : "User",
                        "userId" : "123",
                        "userName" : "Ada"
                      },
                      "request" : "TransactWriteItems TABLE: PK = \\"USER#123\\", SK = \\"PROFILE\\" and both items of each of its pairs \
                    (a GetItem, then a Query of each relation's adjacency items, first)",
                      "pairs" : 2,
                      "consumed" : "3 requests, 11 WCU consumed"
                    }""");
            assertThat(db.client().scan(scan -> scan.tableName(db.tableName())).items().stream()
                    .map(item -> item.get("PK").s() + " " + item.get("SK").s()).sorted())
                    .containsExactly("GROUP#1 DETAILS", "GROUP#1 USER#456", "GROUP#2 DETAILS", "GROUP#2 USER#456", "USER#456 GROUP#1",
                            "USER#456 GROUP#2", "USER#456 PROFILE");
        }
    }

    @Test
    void delete_withPairsAndExpect_isToolErrorInTheToolsWords() {
        try (McpServer writer = McpServer.start(MEMBERSHIPS, db, "--allow-writes")) {
            McpSchema.CallToolResult refused = writer.call("delete", Map.of("key", Map.of("entity", "User", "userId", "123"),
                    "withPairs", true, "expect", Map.of("userName", "Ada")));

            assertThat(refused.isError()).isTrue();
            assertThat(McpServer.text(refused)).startsWith("withPairs deletes in one transaction without conditions: drop expect");
        }
    }
}
