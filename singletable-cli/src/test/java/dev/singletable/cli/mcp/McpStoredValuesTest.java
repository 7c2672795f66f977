package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The item tools refuse a value no stored item can hold as the CLI's put and update do (a number DynamoDB cannot hold,
 * epoch seconds with a fraction), as a tool error naming entity, attribute, value and fix, before anything is sent
 * (test designs {@code relations/weights.singletable.yaml} and {@code arguments/things.singletable.yaml}).
 */
class McpStoredValuesTest {
    private static final String WEIGHTS = "src/test/resources/relations/weights.singletable.yaml";
    private static final String THINGS = "src/test/resources/arguments/things.singletable.yaml";

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SchemaFile.load(Path.of(WEIGHTS)).tableSchema());

    @RegisterExtension
    static final LocalDynamoDbExtension things = LocalDynamoDbExtension.withTable(SchemaFile.load(Path.of(THINGS)).tableSchema());

    @Test
    void putAndUpdate_whenANumberIsBeyondDynamoDb_isAToolErrorNamingEntityAttributeValueAndFix() {
        try (McpServer server = McpServer.start(WEIGHTS, db, "--allow-writes")) {
            McpSchema.CallToolResult large = server.call("put", Map.of("item", Map.of("entity", "User", "userId", "u1",
                    "scores", List.of(new BigDecimal("1E+200")))));
            McpSchema.CallToolResult digits = server.call("put", Map.of("item", Map.of("entity", "User", "userId", "u1",
                    "doc", Map.of("n", new BigInteger("123456789012345678901234567890123456789")))));
            McpSchema.CallToolResult set = server.call("update", Map.of("key", Map.of("entity", "User", "userId", "u1"),
                    "set", Map.of("doc", Map.of("n", new BigDecimal("1E+200")))));
            McpSchema.CallToolResult read = server.call("get", Map.of("key", Map.of("entity", "User", "userId", "u1")));

            assertThat(List.of(large, digits, set)).allMatch(McpSchema.CallToolResult::isError);
            assertThat(McpServer.text(large)).isEqualTo("put User: scores=[1E+200]: 1E+200 is 1E+126 or more in magnitude, which no "
                    + "DynamoDB number holds: to keep it, make the attribute a set of strings (type: stringSet in the schema file)");
            assertThat(McpServer.text(digits)).isEqualTo("put User: doc={\"n\":123456789012345678901234567890123456789}: "
                    + "123456789012345678901234567890123456789 has 39 significant digits, and DynamoDB numbers hold at most 38: give it "
                    + "rounded to 38 (123456789012345678901234567890123456790), or give the number as text in JSON quotes to keep every digit");
            assertThat(McpServer.text(set)).startsWith("update User: set doc={\"n\":1E+200}: 1E+200 is 1E+126 or more in magnitude, "
                    + "which no DynamoDB number holds");
            assertThat(McpServer.text(read)).as("nothing written").contains("not found: no User at PK = \"USER#u1\"");
        }
    }

    @Test
    void putAndUpdate_whenEpochSecondsHaveAFraction_isAToolErrorNamingTheWholeSecond() {
        try (McpServer server = McpServer.start(THINGS, things, "--allow-writes")) {
            McpSchema.CallToolResult put = server.call("put", Map.of("item", Map.of("entity", "Thing", "id", "t2",
                    "es", "2025-01-01T00:00:00.5Z")));
            McpSchema.CallToolResult update = server.call("update", Map.of("key", Map.of("entity", "Thing", "id", "t2"),
                    "set", Map.of("es", "2025-01-01T00:00:00.5Z")));

            assertThat(List.of(put, update)).allMatch(McpSchema.CallToolResult::isError);
            assertThat(McpServer.text(put)).isEqualTo("put Thing: es=2025-01-01T00:00:00.5Z: '2025-01-01T00:00:00.5Z' has a fraction of "
                    + "a second, and an epochSeconds attribute holds whole seconds: give 2025-01-01T00:00:00Z");
            assertThat(McpServer.text(update)).isEqualTo("update Thing: set es=2025-01-01T00:00:00.5Z: '2025-01-01T00:00:00.5Z' has a "
                    + "fraction of a second, and an epochSeconds attribute holds whole seconds: give 2025-01-01T00:00:00Z");
        }
    }
}
