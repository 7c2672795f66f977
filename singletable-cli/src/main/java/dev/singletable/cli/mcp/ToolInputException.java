package dev.singletable.cli.mcp;

import dev.singletable.SingleTableException;

/**
 * The arguments of a tool call do not fit the tool: an unknown parameter, a value of the wrong type, a cursor of
 * another read. The server returns the message as the tool's error result ({@code isError}); nothing is sent.
 */
public final class ToolInputException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public ToolInputException(String message) {
        super(message);
    }
}
