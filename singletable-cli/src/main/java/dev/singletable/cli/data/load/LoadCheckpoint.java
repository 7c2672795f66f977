package dev.singletable.cli.data.load;

import com.fasterxml.jackson.annotation.JsonInclude;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
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
 *
 * <p>A migration ({@code singletable migrate}) keeps its checkpoint in the same file and by the same
 * machinery, in format {@value #MIGRATE_FORMAT}: which migration it is ({@link Migration}: source
 * table and endpoint, entity, segments, renames; a checkpoint of another one is refused), where its table is (as a
 * load's: a checkpoint of a migration into another engine is refused), and per scan
 * segment the source's {@code LastEvaluatedKey} after the last page whose items are all written or
 * reported ({@link SegmentMarks}), or that the segment is scanned to its end.
 */
final class LoadCheckpoint {
    static final String FORMAT = "singletable-load-checkpoint/4";
    static final String MIGRATE_FORMAT = "singletable-migrate-checkpoint/2";
    // /1 did not record where the migration went: resumed without that check, saying so
    private static final String MIGRATE_FORMAT_1 = "singletable-migrate-checkpoint/1";
    // /3 did not record where the load went nor whether it finished: resumed without those checks
    private static final String FORMAT_3 = "singletable-load-checkpoint/3";
    // /2 numbered a CSV file's rows one line early; its marks still hold for every other format
    private static final String FORMAT_2 = "singletable-load-checkpoint/2";
    private static final String FORMAT_1 = "singletable-load-checkpoint/1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One input file's marks. */
    record FileMarks(String file, long size, long settledBelow, long dispatchedBelow) {
    }

    /**
     * The file as stored; {@code loadId} and {@code startedAt} (ISO-8601) are the load's identity and
     * instant, from which the ids and timestamps it fills in are made ({@link LoadIds}); {@code target} is where a load's
     * table is (its engine: the embedded one's data directory, or the endpoint and region), {@code finished} that the
     * load read every file to its end and settled every row.
     */
    record Stored(String format, String table, @JsonInclude(JsonInclude.Include.NON_NULL) String target, String loadId,
                  String startedAt, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean finished, List<FileMarks> files,
                  @JsonInclude(JsonInclude.Include.NON_NULL) Migration migration,
                  @JsonInclude(JsonInclude.Include.NON_NULL) List<SegmentMarks> segments) {
    }

    /**
     * Where a load writes: {@code description} names the engine holding the table ({@code Dynoxide data in /data},
     * {@code DynamoDB at http://localhost:8000 (region us-east-1)}); {@code lasting} is false for the embedded engine in
     * memory, whose data ends with the run, so that nothing a checkpoint records as written can be found by another.
     */
    record Target(String description, boolean lasting) {
    }

    /**
     * Which migration a checkpoint belongs to: the source table, where it is read ({@code the target's engine} or the
     * URL of {@code --source-endpoint}), the entity, the scan's segments and the renames. A resumed migration must be
     * the same one: the segments' positions mean nothing in another scan.
     */
    record Migration(String source, String sourceEndpoint, String entity, int segments, Map<String, String> map) {
        Migration {
            map = map == null ? Map.of() : new TreeMap<>(map);
        }

        String describe() {
            return "table " + source + " (" + sourceEndpoint + ") as " + entity + " in " + segments + (segments == 1 ? " segment" : " segments")
                    + (map.isEmpty() ? "" : " with --map " + map);
        }
    }

    /**
     * One scan segment of a migration: {@code after} is the source's LastEvaluatedKey (DynamoDB JSON, such as
     * {@code {"id": {"S": "C7"}}}) after the last page whose items are all written or reported (null: from the start),
     * {@code done} that the segment was scanned to its end; {@code scanned} and {@code problems} (items that differ or
     * failed) count what the runs before did in it.
     */
    record SegmentMarks(int segment, Map<String, Map<String, String>> after, boolean done, long scanned, long problems) {
    }

    /** The work a checkpoint records, in the words of its messages: its noun, what it records as done, its command. */
    private record Work(String noun, String done, String command) {
        static final Work LOAD = new Work("load", "rows", "load");
        static final Work MIGRATION = new Work("migration", "source items", "migrate");
    }

    private final Path path;
    private final String table;
    /** Where the table is. */
    private final Target target;
    private final LoadIds ids;
    private final RecordedMarks<String, FileMarks> files = new RecordedMarks<>(new LinkedHashMap<>(), FileMarks::file);
    /** Which migration this checkpoint is of; empty for a load's. */
    private final Optional<Migration> migration;
    private final RecordedMarks<Integer, SegmentMarks> segments = new RecordedMarks<>(new TreeMap<>(), SegmentMarks::segment);
    private boolean frozen;
    /** Whether the load this checkpoint records had finished when a --resume read it (then it is resumed to no effect). */
    private boolean finishedBefore;
    /** Whether the checkpoint a --resume read did not record where its table was (written by an older singletable). */
    private boolean targetUnrecorded;
    private boolean finished;

    private LoadCheckpoint(Path path, String table, Target target, LoadIds ids) {
        this(path, table, target, ids, Optional.empty());
    }

    private LoadCheckpoint(Path path, String table, Target target, LoadIds ids, Optional<Migration> migration) {
        this.path = path;
        this.table = table;
        this.target = target;
        this.ids = ids;
        this.migration = migration;
    }

    /** A new checkpoint of a migration into {@code table} at {@code target} (no segment scanned yet); written on the first save. */
    static LoadCheckpoint freshMigration(Path path, String table, Target target, Instant startedAt, Migration migration) {
        return new LoadCheckpoint(path, table, target, new LoadIds(UUID.randomUUID().toString(), startedAt), Optional.of(migration));
    }

    /**
     * The checkpoint an interrupted (or finished) migration into {@code table} at {@code target} left.
     *
     * @throws LoadInputException when it is missing, unreadable, a load's, or of another migration (source, endpoint,
     *                            entity, segments, renames), another table or another target, or the target keeps no data
     *                            from one run to the next
     */
    static LoadCheckpoint resumeMigration(Path path, String table, Target target, Migration migration) {
        if (!Files.exists(path)) {
            throw new LoadInputException("--resume: no checkpoint " + path + "; a migration leaves one there (or name it with "
                    + "--checkpoint); without it, migrate again without --resume (a whole pass: what is there already is compared, "
                    + "not written)");
        }
        Stored stored;
        try {
            stored = JSON.readValue(Files.readString(path, StandardCharsets.UTF_8), Stored.class);
        } catch (IOException e) {
            throw new LoadInputException("--resume: " + path + " is not a migration checkpoint (" + e.getMessage().lines().findFirst()
                    .orElse("") + "); give the --checkpoint of the migration, or migrate again without --resume");
        }
        boolean migrateFormat = MIGRATE_FORMAT.equals(stored.format()) || MIGRATE_FORMAT_1.equals(stored.format());
        if (migrateFormat && stored.migration() == null) {
            throw new LoadInputException("--resume: " + path + " is of format " + stored.format() + " but has no 'migration' section "
                    + "(it is incomplete, or was not written by migrate); give the --checkpoint of the migration, or migrate again "
                    + "without --resume");
        }
        if (!migrateFormat) {
            throw new LoadInputException("--resume: " + path + " is " + (String.valueOf(stored.format()).startsWith("singletable-load-checkpoint")
                    ? "the checkpoint of a load" : "of format " + stored.format()) + ", not of a migration (" + MIGRATE_FORMAT
                    + "); give the --checkpoint of the migration, or migrate again without --resume");
        }
        if (!table.equals(stored.table())) {
            throw new LoadInputException("--resume: " + path + " is the checkpoint of a migration into table " + stored.table() + ", not "
                    + table + "; give the same --table, or another --checkpoint");
        }
        if (!migration.equals(stored.migration())) {
            throw new LoadInputException("--resume: " + path + " is the checkpoint of another migration: " + stored.migration().describe()
                    + ", not " + migration.describe() + "; give the same --from, --source-endpoint, --entity, --segments and --map as "
                    + "that migration, another --checkpoint, or migrate again without --resume");
        }
        checkTarget(path, stored, target, Work.MIGRATION);
        Instant startedAt;
        try {
            startedAt = Instant.parse(String.valueOf(stored.startedAt()));
        } catch (DateTimeParseException e) {
            throw new LoadInputException("--resume: " + path + " has startedAt '" + stored.startedAt() + "', not an ISO-8601 instant; "
                    + "migrate again without --resume");
        }
        LoadCheckpoint checkpoint = new LoadCheckpoint(path, table, target, new LoadIds(String.valueOf(stored.loadId()), startedAt),
                Optional.of(migration));
        checkpoint.targetUnrecorded = stored.target() == null;
        if (stored.segments() != null) {
            stored.segments().stream().filter(m -> m.segment() >= 0 && m.segment() < migration.segments())
                    .forEach(checkpoint.segments::record);
        }
        return checkpoint;
    }

    /** Of a migration: the marks of its scan segments. */
    RecordedMarks<Integer, SegmentMarks> segments() {
        return segments;
    }

    /** Of a migration: every segment scanned to its end. */
    boolean complete() {
        List<SegmentMarks> recorded = segments.all();
        return migration.map(of -> recorded.size() == of.segments() && recorded.stream().allMatch(SegmentMarks::done)).orElse(false);
    }

    /**
     * A new checkpoint (nothing loaded yet) of a load into {@code table} at {@code target} starting at {@code startedAt}, with a
     * new random identity; written on the first save.
     */
    static LoadCheckpoint fresh(Path path, String table, Target target, Instant startedAt) {
        return new LoadCheckpoint(path, table, target, new LoadIds(UUID.randomUUID().toString(), startedAt));
    }

    /**
     * The checkpoint an interrupted load into {@code table} at {@code target} left.
     *
     * @throws LoadInputException when it is missing, unreadable, of another table or another target (engine, data directory,
     *                            endpoint or region), or the target keeps no data from one run to the next
     */
    static LoadCheckpoint resume(Path path, String table, Target target) {
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
        if (stored.migration() != null || MIGRATE_FORMAT.equals(stored.format())) {
            throw new LoadInputException("--resume: " + path + " is the checkpoint of a migration (singletable migrate), not of a load; "
                    + "give the load's --checkpoint, or load again without --resume");
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
        if (!FORMAT.equals(stored.format()) && !FORMAT_3.equals(stored.format()) && !FORMAT_2.equals(stored.format())) {
            throw new LoadInputException("--resume: " + path + " has format " + stored.format() + ", not " + FORMAT);
        }
        if (!table.equals(stored.table())) {
            throw new LoadInputException("--resume: " + path + " is the checkpoint of a load into table " + stored.table() + ", not " + table
                    + "; give the same table, or another --checkpoint");
        }
        checkTarget(path, stored, target, Work.LOAD);
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
        LoadCheckpoint checkpoint = new LoadCheckpoint(path, table, target, new LoadIds(stored.loadId(), startedAt));
        stored.files().forEach(checkpoint.files::record);
        checkpoint.finishedBefore = Boolean.TRUE.equals(stored.finished());
        return checkpoint;
    }

    /**
     * Refuses a checkpoint of work into another engine than {@code target}, or a resume on an engine that keeps nothing
     * from one run to the next: what it records as done was written elsewhere, or is gone, and resuming would skip it.
     */
    private static void checkTarget(Path path, Stored stored, Target target, Work work) {
        if (stored.target() != null && !stored.target().equals(target.description())) {
            throw new LoadInputException("--resume: " + path + " is the checkpoint of a " + work.noun() + " into table " + stored.table()
                    + " on " + stored.target() + ", not on " + target.description() + ", where the " + work.done() + " it records as done "
                    + "were never written; resume with the options that reach that engine (--data-dir, or --endpoint and --region), or "
                    + work.command() + " into this one again without --resume");
        }
        if (!target.lasting()) {
            throw new LoadInputException("--resume: the embedded engine without --data-dir keeps its data in memory for one run only, "
                    + "so nothing the checkpoint " + path + " records as written is there; " + work.command() + " again without --resume (and "
                    + "with --data-dir to keep the data for a later --resume)");
        }
    }

    /**
     * Of a resumed migration: its checkpoint, written by an older singletable, did not record the engine it went into, so
     * that resuming here could not be checked.
     */
    boolean targetUnrecorded() {
        return targetUnrecorded;
    }

    /** Of a resumed load: the load the checkpoint records had finished, every row written or reported, so nothing is left to do. */
    boolean finishedBefore() {
        return finishedBefore;
    }

    /** Records that the load read every file to its end and settled every row; saved with the next {@link #save}. */
    synchronized void finish() {
        finished = true;
    }

    Path path() {
        return path;
    }

    /** The load's identity and instant: what its generated ids and timestamps are made from. */
    LoadIds ids() {
        return ids;
    }

    /** Of a load: the marks of its input files. */
    RecordedMarks<String, FileMarks> files() {
        return files;
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
            Files.writeString(temporary, JSON.writeValueAsString(stored()), StandardCharsets.UTF_8);
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the " + (migration.isEmpty() ? "load" : "migration") + " checkpoint " + path + ": "
                    + e.getMessage(), e);
        }
    }

    /** What {@link #save} writes: a load's files and whether it finished, or a migration's section and segments. */
    private Stored stored() {
        String identity = ids.identity();
        String startedAt = ids.instant().toString();
        return migration.map(of -> new Stored(MIGRATE_FORMAT, table, target.description(), identity, startedAt, null, files.all(), of,
                        segments.all()))
                .orElseGet(() -> new Stored(FORMAT, table, target.description(), identity, startedAt, finished, files.all(), null, null));
    }
}
