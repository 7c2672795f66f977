package dev.singletable.local.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.singletable.local.LocalDynamoDbException;

/** Where a persistent engine keeps its SQLite file. */
final class DataDirectory {
    /** The file Dynoxide keeps its tables in ({@code --db-path}). */
    static final String DATABASE_FILE = "dynoxide.db";

    private DataDirectory() {
    }

    /** Creates the directory when missing; the engine would fail later with a less clear message. */
    static Path prepare(Path directory) {
        Path absolute = directory.toAbsolutePath();
        try {
            Files.createDirectories(absolute);
        } catch (IOException e) {
            throw new LocalDynamoDbException("Dynoxide cannot keep its data in " + absolute + ": " + e
                    + "; give a data directory that can be created and written", e);
        }
        if (!Files.isWritable(absolute)) {
            throw new LocalDynamoDbException("Dynoxide cannot keep its data in " + absolute
                    + ": the directory is not writable; give one that is", null);
        }
        return absolute;
    }
}
