package dev.singletable.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.Map;

/** One tool of the MCP server: its description (name, input schema, annotations) and its call. */
interface McpTool {
    ObjectMapper JSON = new ObjectMapper();

    /** The tool as {@code tools/list} shows it. */
    McpSchema.Tool tool();

    /**
     * Runs the tool.
     *
     * @throws dev.singletable.SingleTableException (such as {@link ToolInputException}) or a usage error of a command for
     *         bad input; {@link McpTools} returns every exception as the tool's error result
     */
    McpSchema.CallToolResult call(Map<String, Object> arguments);

    /** A successful result: {@code json}, pretty-printed, as its one text content. */
    static McpSchema.CallToolResult result(JsonNode json) {
        return McpSchema.CallToolResult.builder().addTextContent(pretty(json)).isError(false).build();
    }

    /** The tool's error result of JSON ({@code transact}'s refusals), pretty-printed, {@code isError} true. */
    static McpSchema.CallToolResult error(JsonNode json) {
        return error(pretty(json));
    }

    private static String pretty(JsonNode json) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A successful result of plain text. */
    static McpSchema.CallToolResult text(String text) {
        return McpSchema.CallToolResult.builder().addTextContent(text).isError(false).build();
    }

    /** The tool's error result: {@code message} as its text, {@code isError} true. */
    static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }

    /** Annotations of a tool that only reads. */
    static McpSchema.ToolAnnotations readOnly(String title) {
        return new McpSchema.ToolAnnotations(title, true, false, true, false, null);
    }

    /** Annotations of a tool that writes; {@code destructive} when it may replace or remove what is stored. */
    static McpSchema.ToolAnnotations writes(String title, boolean destructive, boolean idempotent) {
        return new McpSchema.ToolAnnotations(title, false, destructive, idempotent, false, null);
    }
}
