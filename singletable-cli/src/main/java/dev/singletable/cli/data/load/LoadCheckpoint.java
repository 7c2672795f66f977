package dev.singletable.cli.data.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Where an interrupted load stands, per input file, in a small JSON file rewritten atomically:
 * {@code settledBelow}, the line below which every item is written or reported (batches finish out
 * of order, so this is the lowest line still in flight, not the highest written), and
 * {@code dispatchedBelow}, the line from which nothing has been sent yet (recorded before sending,
 * a block ahead). A resumed load skips lines below {@code settledBelow}, writes those between the
 * two only where no item exists yet (they may have been written before a crash), and batch-writes
 * the rest. It also keeps the load's identity and start instant ({@link LoadIds}), so that a resumed
 * load composes the same items (generated ids, timestamps) as the interrupted one.
 */
final class LoadCheckpoint {
    static final String FORMAT = "singletable-load-checkpoint/3";
    // /2 numbered a CSV file's rows one line early; its marks still hold for every other format
    private static final String FORMAT_2 = "singletable-load-checkpoint/2";
    private static final String FORMAT_1 = "singletable-load-checkpoint/1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One input file's marks. */
    record FileMarks(String file, long size, long settledBelow, long dispatchedBelow) {
    }

    /**
     * The file as stored; {@code loadId} and {@code startedAt} (ISO-8601) are the load's identity and
     * instant, from which the ids and timestamps it fills in are made ({@link LoadIds}).
     */
    record Stored(String format, String table, String loadId, String startedAt, List<FileMarks> files) {
    }

    private final Path path;
    private final String table;
    private final LoadIds ids;
    private final Map<String, FileMarks> files = new LinkedHashMap<>();
    private boolean frozen;

    private LoadCheckpoint(Path path, String table, LoadIds ids) {
        this.path = path;
        this.table = table;
        this.ids = ids;
    }

    /** A new checkpoint (nothing loaded yet) of a load starting at {@code startedAt}, with a new random identity; written on the first save. */
    static LoadCheckpoint fresh(Path path, String table, Instant startedAt) {
        return new LoadCheckpoint(path, table, new LoadIds(UUID.randomUUID().toString(), startedAt));
    }

    /**
     * The checkpoint an interrupted load left.
     *
     * @throws LoadInputException when it is missing, unreadable, or of another table
     */
    static LoadCheckpoint resume(Path path, String table) {
        if (!Files.exists(path)) {
            throw new LoadInputException("--resume: no checkpoint " + path + "; an interrupted load leaves one there (or name it with "
                    + "--checkpoint); without it, load again from the start");
        }
        Stored stored;
        try {
            stored = JSON.readValue(Files.readString(path, StandardCharsets.UTF_8), Stored.class);
        } catch (IOException e) {
            throw new LoadInputException("--resume: " + path + " is not a load checkpoint (" + e.getMessage().lines().findFirst().orElse("")
                    + "); delete it and load again from the start");
        }
        if (FORMAT_1.equals(stored.format())) {
            throw new LoadInputException("--resume: " + path + " was written by an older singletable (format " + FORMAT_1 + "), which "
                    + "does not record the load's identity and start, so a resumed load could not make the same generated ids and timestamps "
                    + "for the rows it may have written; finish that load with the singletable that started it, or load again without --resume");
        }
        if (FORMAT_2.equals(stored.format()) && stored.files().stream().anyMatch(file -> file.file().toLowerCase(Locale.ROOT).endsWith(".csv"))) {
            throw new LoadInputException("--resume: " + path + " was written by an older singletable (format " + FORMAT_2 + "), which "
                    + "numbered a CSV file's rows one line early, so resuming with this one could write a row twice with another generated "
                    + "id; finish that load with the singletable that started it, or load again without --resume");
        }
        if (!FORMAT.equals(stored.format()) && !FORMAT_2.equals(stored.format())) {
            throw new LoadInputException("--resume: " + path + " has format " + stored.format() + ", not " + FORMAT);
        }
        if (!table.equals(stored.table())) {
            throw new LoadInputException("--resume: " + path + " is the checkpoint of a load into table " + stored.table() + ", not " + table
                    + "; give the same table, or another --checkpoint");
        }
        Instant startedAt;
        try {
            startedAt = Instant.parse(String.valueOf(stored.startedAt()));
        } catch (DateTimeParseException e) {
            throw new LoadInputException("--resume: " + path + " has startedAt '" + stored.startedAt() + "', not an ISO-8601 instant; "
                    + "delete it and load again from the start");
        }
        if (stored.loadId() == null || stored.loadId().isBlank() || stored.files() == null) {
            throw new LoadInputException("--resume: " + path + " lacks its loadId or files; delete it and load again from the start");
        }
        LoadCheckpoint checkpoint = new LoadCheckpoint(path, table, new LoadIds(stored.loadId(), startedAt));
        stored.files().forEach(f -> checkpoint.files.put(f.file(), f));
        return checkpoint;
    }

    Path path() {
        return path;
    }

    /** The load's identity and instant: what its generated ids and timestamps are made from. */
    LoadIds ids() {
        return ids;
    }

    /** The marks of a file this checkpoint knows. */
    synchronized Optional<FileMarks> marks(String file) {
        return Optional.ofNullable(files.get(file));
    }

    synchronized void update(FileMarks marks) {
        files.put(marks.file(), marks);
    }

    /** Stops every later save: what a crash does, for tests of resuming after one. */
    synchronized void freeze() {
        frozen = true;
    }

    /** Writes the checkpoint (to a temporary file, then renamed over the old one). */
    synchronized void save() {
        if (frozen) {
            return;
        }
        try {
            Path parent = path.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temporary = parent.resolve(path.getFileName() + ".tmp");
            Files.writeString(temporary, JSON.writeValueAsString(new Stored(FORMAT, table, ids.identity(),
                    ids.instant().toString(), new ArrayList<>(files.values()))),
                    StandardCharsets.UTF_8);
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the load checkpoint " + path + ": " + e.getMessage(), e);
        }
    }
}
