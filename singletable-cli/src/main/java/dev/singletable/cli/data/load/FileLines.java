package dev.singletable.cli.data.load;

import java.util.List;
import java.util.TreeSet;

/** The lines of one file still unsettled (read but not yet written or reported), for the checkpoint's marks. */
final class FileLines {
    private final String file;
    private final long size;
    private final TreeSet<Long> unsettled = new TreeSet<>();
    private long readBelow;
    private long dispatchedBelow;

    FileLines(String file, long size, long readBelow, long dispatchedBelow) {
        this.file = file;
        this.size = size;
        this.readBelow = readBelow;
        this.dispatchedBelow = dispatchedBelow;
    }

    synchronized void read(long line, boolean pending) {
        readBelow = Math.max(readBelow, line + 1);
        if (pending) {
            unsettled.add(line);
        }
    }

    synchronized void settled(List<Long> lines) {
        lines.forEach(unsettled::remove);
    }

    /** Records the chunk's lines as dispatched; true when the checkpoint must be saved before sending. */
    synchronized boolean dispatching(long lastLine) {
        if (lastLine < dispatchedBelow) {
            return false;
        }
        dispatchedBelow = lastLine + 1 + Loader.DISPATCH_BLOCK;
        return true;
    }

    /** Every line read is written or reported. */
    synchronized boolean allSettled() {
        return unsettled.isEmpty();
    }

    synchronized LoadCheckpoint.FileMarks marks() {
        long settledBelow = unsettled.isEmpty() ? readBelow : unsettled.first();
        return new LoadCheckpoint.FileMarks(file, size, settledBelow, Math.max(dispatchedBelow, settledBelow));
    }
}
