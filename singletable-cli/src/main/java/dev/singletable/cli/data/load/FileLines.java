package dev.singletable.cli.data.load;

import java.util.List;
import java.util.TreeMap;

/**
 * The lines of one file still unsettled (read but not yet written or reported), for the checkpoint's marks. A line may
 * give more than one item (an adjacency row and its mirror, {@link RelationRows}), maybe in two chunks: it is settled
 * when all of them are.
 */
final class FileLines {
    private final String file;
    private final long size;
    /** Each unsettled line and how many of its items are not settled yet. */
    private final TreeMap<Long, Integer> unsettled = new TreeMap<>();
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
            unsettled.merge(line, 1, Integer::sum);
        }
    }

    synchronized void settled(List<Long> lines) {
        lines.forEach(line -> unsettled.computeIfPresent(line, (l, items) -> items == 1 ? null : items - 1));
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
        long settledBelow = unsettled.isEmpty() ? readBelow : unsettled.firstKey();
        return new LoadCheckpoint.FileMarks(file, size, settledBelow, Math.max(dispatchedBelow, settledBelow));
    }
}
