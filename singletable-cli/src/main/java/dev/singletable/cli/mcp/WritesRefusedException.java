package dev.singletable.cli.mcp;

import dev.singletable.SingleTableException;

/** A write tool was called on a server started without {@code --allow-writes}: nothing is sent. */
public final class WritesRefusedException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public WritesRefusedException(String tool) {
        super(tool + " writes to the table, and this server was started without --allow-writes; nothing written. "
                + "Restart it with 'singletable mcp DESIGN --allow-writes' to let tools write.");
    }
}
