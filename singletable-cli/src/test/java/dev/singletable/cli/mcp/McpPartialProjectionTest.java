package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.Map;

/**
 * {@code singletable mcp} on the tickets design, whose GSIs project INCLUDE and KEYS_ONLY: the pattern tools of a pattern
 * that selects attributes and of one that fetches full items, and a filter value given by name.
 */
class McpPartialProjectionTest {
    private static final String TICKETS = "src/test/resources/projections/tickets.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(TICKETS));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    private static McpServer server;

    @BeforeAll
    static void startServer() {
        FILE.examples("Ticket").forEach(db.table()::put);
        server = McpServer.start(TICKETS, db);
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void patternTool_whenPatternSelects_returnsItemsHoldingTheSelectedAttributesAndTheProjection() {
        JsonNode result = McpServer.json(server.call("tickets-by-status", Map.of("status", "CLOSED")));

        assertThat(result.get("items").toString()).isEqualTo("[{\"entity\":\"Ticket\",\"ticketId\":\"T2\",\"title\":\"Slow search\"}]");
        assertThat(result.get("request").get("request").get("ProjectionExpression").asText())
                .isEqualTo("#ticketId, #title, #pk_2, #sk_2, #pk, #sk, #entityType");
    }

    @Test
    void patternTool_whenPatternFetchesFullItems_returnsWholeItemsAndNotesTheBatchGet() {
        JsonNode result = McpServer.json(server.call("tickets-of-assignee", Map.of("assignee", "bob")));

        assertThat(result.get("items").toString()).isEqualTo("[{\"entity\":\"Ticket\",\"projectId\":\"P1\",\"ticketId\":\"T2\","
                + "\"title\":\"Slow search\",\"status\":\"CLOSED\",\"assignee\":\"bob\",\"priority\":2}]");
        assertThat(result.get("request").toString()).contains("then BatchGetItem of the page's keys on table TicketsTable");
    }

    @Test
    void patternTool_whenFilterValueGiven_filtersOnIt() {
        JsonNode result = McpServer.json(server.call("tickets-of-project", Map.of("projectId", "P2", "status", "OPEN")));

        assertThat(result.get("items").findValuesAsText("ticketId")).containsExactly("T3", "T4");
        assertThat(result.get("parameters").toString()).isEqualTo("{\"projectId\":{\"value\":\"P2\",\"given\":true},"
                + "\"status\":{\"value\":\"OPEN\",\"given\":true}}");
    }
}
