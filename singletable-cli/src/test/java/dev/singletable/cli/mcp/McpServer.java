package dev.singletable.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.local.LocalDynamoDbExtension;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real {@code singletable mcp} process (this JVM's class path, {@code dev.singletable.cli.Main}) on a table of the test
 * engine, driven by the SDK's own client over its standard input and output.
 */
final class McpServer implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    /** What the patterns tool's runs keep goes under target/, not into the user's cache. */
    static final String CACHE_PROPERTY = "-Dsingletable.cache.dir=" + Path.of("target/mcp-cache").toAbsolutePath();

    private final McpSyncClient client;

    private McpServer(McpSyncClient client) {
        this.client = client;
    }

    /** The server of {@code design} on the extension's table, with {@code options} such as {@code --allow-writes}. */
    static McpServer start(String design, LocalDynamoDbExtension db, String... options) {
        List<String> args = new ArrayList<>(List.of(design, "--endpoint", db.engine().endpoint().toString(),
                "--region", db.engine().region().id(), "--table", db.tableName()));
        args.addAll(List.of(options));
        return start(args);
    }

    /** The server of {@code design} on an engine of its own (Dynoxide in memory, holding the design's examples). */
    static McpServer startOnItsOwnEngine(String design, String... options) {
        List<String> args = new ArrayList<>(List.of(design));
        args.addAll(List.of(options));
        return start(args);
    }

    private static McpServer start(List<String> mcpArguments) {
        List<String> args = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"), CACHE_PROPERTY, "dev.singletable.cli.Main",
                "mcp"));
        args.addAll(mcpArguments);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(java).args(args).build(),
                new JacksonMcpJsonMapper(new ObjectMapper()));
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofSeconds(120)).build();
        client.initialize();
        return new McpServer(client);
    }

    McpSyncClient client() {
        return client;
    }

    /** Calls a tool. */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** The one text content of a result. */
    static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    /** The one text content of a successful result, as JSON. */
    static JsonNode json(McpSchema.CallToolResult result) {
        try {
            if (Boolean.TRUE.equals(result.isError())) {
                throw new AssertionError("tool error: " + text(result));
            }
            return JSON.readTree(text(result));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
