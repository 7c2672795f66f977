package dev.singletable.cli.data.load;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.cli.output.Failures;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataEngine;
import dev.singletable.cli.data.SourceOptions;
import picocli.CommandLine.Command;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code singletable migrate DESIGN --from TABLE --entity ENTITY}: copies a table of a multi-table
 * design (on the target's engine or another) into the single table as one entity, in batches,
 * idempotently and resumably (a {@link LoadCheckpoint} of the scan's segments), and verifies the copy.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class MigrateCommand extends BulkWriteCommand {
    @Mixin
    private SourceOptions sourceEngine;

    @Option(names = "--from", required = true, paramLabel = "TABLE")
    private String from;

    @Option(names = "--entity", required = true, paramLabel = "ENTITY")
    private String entity;

    @Option(names = "--map", paramLabel = "SOURCE=ATTRIBUTE")
    private Map<String, String> renames = new LinkedHashMap<>();

    @Option(names = "--segments", paramLabel = "N", defaultValue = "4")
    private int segments;

    @Option(names = "--verify")
    private boolean verify;

    @Override
    int run(PrintWriter out, DataDesign target) {
        List<String> types = types(target);
        boolean separate = sourceEngine.endpoint().isPresent();
        if (from.equals(target.schema().name()) && !separate) {
            throw usage("--from " + from + " is the single table itself; give the table to copy from");
        }
        Path checkpointPath = checkpointPath(Path.of(from + ".migrate-checkpoint.json"));
        LoadCheckpoint.Migration migration = new LoadCheckpoint.Migration(from, sourceEngine.endpoint().orElse("the target's engine"),
                entity, segments, renames);
        try (DataEngine db = engine().open(); SourceEngine sourceDb = new SourceEngine(sourceEngine.open(engine().verbose()))) {
            LoadCheckpoint checkpoint = resume ? LoadCheckpoint.resumeMigration(checkpointPath, target.schema().name(), checkpointTarget(db),
                    migration) : LoadCheckpoint.freshMigration(checkpointPath, target.schema().name(), checkpointTarget(db),
                    engine().clock().instant(), migration);
            String sourceDescription = sourceDb.engine().map(DataEngine::description).orElse(db.description());
            out.println((dryRun ? "Checking a migration of table " : "Migrating table ") + from
                    + (separate ? " (" + sourceDescription + ")" : "") + " into table " + target.schema().name()
                    + " as " + entity + " on " + db.description());
            renames.forEach((source, attribute) -> out.println("  map " + source + " -> " + (attribute.isEmpty() ? "(dropped)" : attribute)));
            if (checkpoint.targetUnrecorded()) {
                out.println("  the checkpoint " + checkpointPath + " was written by an older singletable, which did not record the engine "
                        + "the migration went into: resuming trusts it was this one (--verify compares the whole table)");
            }
            out.flush();
            CapacityMeter meter = meter();
            Table table = meter.table(target.schema(), db.client(), engine().clock());
            Migrator.Source source = new Migrator.Source(sourceDb.engine().map(DataEngine::client).orElse(db.client()), from,
                    sourceDescription, separate, sourceDb.engine().map(DataEngine::inProcess).orElse(db.inProcess()));
            Migrator migrator = new Migrator(db.client(), table, new SourceItems(target.file(), table, entity, renames), source,
                    checkpoint, resume, new Migrator.Options(segments, dryRun, null, Long.MAX_VALUE), meter);
            boolean complete = resume && checkpoint.complete();
            StopOnCtrlC stopOnCtrlC = StopOnCtrlC.install(migrator::stop, "singletable-migrate-stop");
            int exitCode = 1;
            try {
                Optional<Migrator.Result> result = copy(out, migrator, table, checkpoint, complete, target, db, meter);
                long earlierProblems;
                if (result.isEmpty()) {
                    earlierProblems = alreadyComplete(out, checkpoint, checkpointPath);
                } else {
                    earlierProblems = result.get().earlierProblems();
                    summary(out, result.get(), checkpointPath);
                }
                boolean verified = !verify || verified(out, migrator.verify(), types, target.schema().name());
                out.println("Requests");
                row(out, "sent", meter.requestsText());
                row(out, "consumed", meter.consumedText());
                out.flush();
                boolean clean = earlierProblems == 0 && result.map(copied -> copied.differ().isEmpty() && copied.failed().isEmpty()
                        && !copied.interrupted()).orElse(true);
                exitCode = clean && verified ? 0 : 1;
            } finally {
                stopOnCtrlC.release(exitCode);
            }
            return exitCode;
        }
    }

    /**
     * The entity types {@code --entity} writes (each state of an entity stored by its state), refused before anything is
     * scanned when it names no entity.
     */
    private List<String> types(DataDesign target) {
        List<String> types;
        try {
            types = SourceItems.types(target.file(), entity);
        } catch (SchemaDefinitionException e) {
            throw usage("--entity " + entity + ": " + e.getMessage());
        }
        return types;
    }

    /** Describes the source and copies it; nothing to copy when the checkpoint is complete. */
    private Optional<Migrator.Result> copy(PrintWriter out, Migrator migrator, Table table, LoadCheckpoint checkpoint, boolean complete,
            DataDesign target, DataEngine db, CapacityMeter meter) {
        try {
            migrator.describeSource();
            if (complete) {
                return Optional.empty();
            }
            if (!dryRun) {
                table.createTable();
                checkpoint.save();
            } else if (!exists(meter.client(db.client()), target.schema().name())) {
                migrator.targetMissing();
                out.println("Table " + target.schema().name() + " does not exist yet on " + db.description() + "; a migration creates "
                        + "it. This dry run maps and checks every source item and finds source items mapping to one key; there is no "
                        + "item in the table to compare with.");
                out.flush();
            }
            try (LoadProgress progress = progressOptions.progress(engine().style(), out, dryRun ? "Checking" : "Migrating", "scanned")) {
                return Optional.of(migrator.copy(progress));
            }
        } catch (LoadInputException | MigrateSourceException e) {
            throw e;
        } catch (RuntimeException e) {
            throw Failures.atEndpoint("Copying " + from + " into " + target.schema().name(), db.description(), !db.inProcess(), e);
        }
    }

    private static boolean exists(DynamoDbClient client, String table) {
        try {
            client.describeTable(r -> r.tableName(table));
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }

    @Override
    void checkOptions() {
        if (segments < 1 || segments > 64) {
            throw usage("--segments " + segments + ": give 1 to 64");
        }
        checkRun();
    }

    /** Prints that the checkpoint's migration is complete; returns how many items its runs found different or failed. */
    private long alreadyComplete(PrintWriter out, LoadCheckpoint checkpoint, Path checkpointPath) {
        long[] before = earlier(checkpoint);
        out.println("Already complete: the checkpoint " + checkpointPath + " records every segment of " + from
                + " scanned to its end (" + Counted.of(before[0], "item", "items") + "; "
                + Counted.of(before[1], "item", "items") + " different or failed, listed by the run that found them); "
                + "nothing to copy. Migrate again without --resume for a whole pass that compares every item and writes only "
                + "what is missing.");
        return before[1];
    }

    /** Prints the --verify section; true when it passed. */
    private boolean verified(PrintWriter out, Migrator.Verification verification, List<String> types, String table) {
        out.println("Verify");
        row(out, "source", Counted.of(verification.sourceItems(), "item", "items") + " mapped"
                + (verification.unmapped() > 0 ? " (" + Counted.of(verification.unmapped(), "does", "do") + " not map)" : "") + ", checksum "
                + hex(verification.sourceChecksum()));
        if (verification.targetMissing()) {
            row(out, "target", "none: table " + table + " does not exist yet");
            row(out, "result", "not compared (a dry run creates nothing to compare with)");
            return true;
        }
        row(out, "target", Counted.of(verification.targetItems(), "item", "items") + " of " + String.join(", ", types) + ", checksum "
                + hex(verification.targetChecksum()));
        boolean passed = verification.passed();
        row(out, "result", passed ? "passed" : "FAILED: " + String.join("; ", failures(verification, types)));
        return passed;
    }

    /** Why a verification failed: each reason that holds, and when only the unmapped items do, that the rest is in the table. */
    private static List<String> failures(Migrator.Verification verification, List<String> types) {
        List<String> reasons = new java.util.ArrayList<>();
        if (verification.unmapped() > 0) {
            reasons.add(Counted.of(verification.unmapped(), "source item does", "source items do") + " not map (listed as failed)");
        }
        if (verification.sourceItems() < verification.targetItems()) {
            reasons.add("the table holds more items than the source maps to (" + String.join(", ", types)
                    + " items from elsewhere, or of source items since deleted)");
        } else if (verification.sourceItems() > verification.targetItems()) {
            reasons.add("the table holds fewer items than the source maps to (source items not written: different, failed, or mapping to one key)");
        } else if (verification.sourceChecksum() != verification.targetChecksum()) {
            reasons.add("the counts are equal but the checksums differ: some items in the table differ from the source");
        } else {
            reasons.add("the mapped items are all in the table");
        }
        return reasons;
    }

    private void summary(PrintWriter out, Migrator.Result result, Path checkpointPath) {
        list(out, "Different", result.differ());
        list(out, "Failed", result.failed());
        out.println(dryRun ? "Dry run (nothing written)" : result.interrupted() ? "Interrupted: run it again with --resume to go on"
                : "Done");
        if (resume) {
            row(out, "resumed", Counted.of(result.segmentsDoneBefore(), "segment", "segments") + " of " + segments
                    + " done before; the runs before scanned " + Counted.of(result.earlierScanned(), "item", "items") + ", "
                    + Counted.of(result.earlierProblems(), "item", "items") + " of them different or failed (listed by those runs)");
        }
        row(out, "scanned", Counted.of(result.scanned(), "item", "items") + " of " + from + " in "
                + Counted.of(segments, "segment", "segments"));
        if (dryRun) {
            row(out, "would write", Counted.of(result.wouldWrite(), "item", "items"));
        } else {
            row(out, "written", Counted.of(result.written(), "item", "items") + " in "
                    + Counted.of(result.batchWrites(), "BatchWriteItem request", "BatchWriteItem requests")
                    + (result.puts() > 0 ? " and " + Counted.of(result.puts(), "PutItem request", "PutItem requests") : "")
                    + (result.transacts() > 0 ? " and " + Counted.of(result.transacts(), "TransactWriteItems request",
                    "TransactWriteItems requests") : "") + ", "
                    + result.capacity());
        }
        row(out, "already there", Counted.of(result.same(), "item", "items") + " equal to the source, found by "
                + Counted.of(result.batchGets(), "BatchGetItem request", "BatchGetItem requests"));
        row(out, "different", Counted.of(result.differ().size(), "item", "items") + (result.differ().isEmpty() || dryRun ? "" : result.differ().size() == 1 ? " (left as it is)" : " (left as they are)"));
        row(out, "failed", Counted.of(result.failed().size(), "item", "items"));
        if (!dryRun) {
            row(out, "checkpoint", checkpointPath.toString());
        }
    }

    /** Items the runs before scanned and how many of them differed or failed, by the checkpoint's segments. */
    private long[] earlier(LoadCheckpoint checkpoint) {
        long[] sums = {0, 0};
        for (int segment = 0; segment < segments; segment++) {
            checkpoint.segments().find(segment).ifPresent(marks -> {
                sums[0] += marks.scanned();
                sums[1] += marks.problems();
            });
        }
        return sums;
    }

    /** The source's engine when it is not the target's, closed with the command. */
    private record SourceEngine(Optional<DataEngine> engine) implements AutoCloseable {
        @Override
        public void close() {
            engine.ifPresent(DataEngine::close);
        }
    }

    private static String hex(long checksum) {
        return String.format(Locale.ROOT, "%016x", checksum);
    }

    private static void list(PrintWriter out, String title, List<Loader.Failure> failures) {
        if (failures.isEmpty()) {
            return;
        }
        out.println(title + " (" + failures.size() + "):");
        failures.forEach(f -> out.println("  " + f));
    }

    private static void row(PrintWriter out, String label, String text) {
        out.println(String.format(Locale.ROOT, "  %-14s%s", label, text));
    }
}
