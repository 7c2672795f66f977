package dev.singletable.cli.mcp;

import dev.singletable.SingleTableException;
import dev.singletable.cli.output.DemoFailure;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The server's tools: one per named access pattern, then {@code describe}, {@code patterns}, {@code lint},
 * {@code explain}, {@code get}, {@code put}, {@code update}, {@code delete} of items, and {@code transact}. Every failure of a call is the
 * tool's error result, never an error of the server.
 */
final class McpTools {
    private static final Logger LOG = LoggerFactory.getLogger(McpTools.class);

    private McpTools() {
    }

    /** The tools over {@code served}; the write tools refuse to run unless {@code allowWrites}. */
    static List<McpTool> of(ServedDesign served, boolean allowWrites) {
        List<McpTool> others = new ArrayList<>();
        for (DocumentTool.Document document : DocumentTool.Document.values()) {
            others.add(new DocumentTool(served, document));
        }
        others.add(new ExplainTool(served));
        for (ItemTool.Operation operation : ItemTool.Operation.values()) {
            others.add(new ItemTool(served, operation, allowWrites));
        }
        others.add(new TransactTool(served, allowWrites));
        java.util.Set<String> taken = new java.util.HashSet<>();
        others.forEach(tool -> taken.add(tool.tool().name()));
        List<McpTool> tools = new ArrayList<>(PatternTool.all(served, taken));
        tools.addAll(others);
        return List.copyOf(tools);
    }

    /** The tools as the SDK serves them. */
    static List<McpServerFeatures.SyncToolSpecification> specifications(List<McpTool> tools) {
        return tools.stream().map(tool -> McpServerFeatures.SyncToolSpecification.builder()
                .tool(tool.tool())
                .callHandler((exchange, request) -> call(tool, request.arguments() == null ? Map.of() : request.arguments()))
                .build()).toList();
    }

    /** Calls the tool; bad input and failures become its error result, with the message the CLI gives. */
    static McpSchema.CallToolResult call(McpTool tool, Map<String, Object> arguments) {
        try {
            return tool.call(arguments);
        } catch (SingleTableException | ParameterException | DemoFailure e) {
            return McpTool.error(e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("tool {} failed", tool.tool().name(), e);
            return McpTool.error(tool.tool().name() + " failed: " + e);
        }
    }
}
