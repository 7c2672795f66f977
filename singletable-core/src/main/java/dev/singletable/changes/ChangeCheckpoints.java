package dev.singletable.changes;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a {@link ChangeReader} records how far it has read each shard of a stream, so that a reader started again
 * resumes after the last change its consumer took: nothing lost, nothing repeated. A position is the sequence number of
 * the last record handled, or {@link #SHARD_END} for a closed shard read to its end. Implement it over a table, a file
 * or a database of your own; the reader calls it from one thread at a time.
 *
 * <pre>{@code
 * ChangeReader<Object> reader = ChangeReader.builder(ChangeDecoder.of(table), streams)
 *         .checkpoints(ChangeCheckpoints.file(Path.of("build/app-table.checkpoints")))
 *         .build();
 * }</pre>
 */
@Experimental
public interface ChangeCheckpoints {
    /** The position of a closed shard whose every record was handled. */
    String SHARD_END = "SHARD_END";

    /** The saved position of a shard, if any. */
    Optional<String> position(String streamArn, String shardId);

    /** Saves the position of a shard, replacing the one before. */
    void save(String streamArn, String shardId, String position);

    /** Positions held in memory: they last as long as this object, for tests and for readers that start at the latest record. */
    static ChangeCheckpoints inMemory() {
        return new InMemoryCheckpoints();
    }

    /**
     * Positions in a properties file, rewritten as a whole (to a temporary file, then moved over it) at each save, so
     * that a crash leaves the previous positions or the new ones, never half a file. Created on the first save.
     *
     * @throws ChangeStreamException when the file exists and cannot be read, or is not a reader's checkpoint file: no
     *         header, a line that is no shard's position, or a position that is no sequence number (an empty file holds none)
     */
    static ChangeCheckpoints file(Path path) {
        NullArgumentException.check("ChangeCheckpoints.file", "path", path);
        return new FileCheckpoints(path);
    }
}
