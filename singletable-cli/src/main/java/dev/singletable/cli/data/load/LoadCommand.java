package dev.singletable.cli.data.load;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.Table;
import dev.singletable.cli.output.Failures;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * {@code singletable load DESIGN FILE...}: items from JSON Lines, CSV, DynamoDB JSON or a NoSQL
 * Workbench model, each through its entity's schema, into the design's table in parallel batches;
 * resumable from a checkpoint.
 */
@Command(name = "load", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class LoadCommand extends BulkWriteCommand {
    /** How many refused or unwritten rows the output lists; the report file has them all. */
    static final int LISTED = 20;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "FILE")
    private List<Path> files;

    @Option(names = "--entity", paramLabel = "ENTITY")
    private String entity;

    @Option(names = "--parallelism", paramLabel = "N", defaultValue = "4")
    private int parallelism;

    @Option(names = "--report", paramLabel = "FILE")
    private Path reportFile;

    @Override
    int run(PrintWriter out, DataDesign target) {
        Optional<String> named = Optional.ofNullable(entity);
        named.ifPresent(name -> refuseUnknown(target.file(), name));
        InputFiles inputFiles = new InputFiles(target.file().document(), named);
        List<Loader.Input> inputs = inputs(inputFiles, named);
        Path checkpointPath = checkpointPath(Path.of(files.get(0) + ".load-checkpoint.json"));
        Path reportPath = reportFile != null ? reportFile : Path.of(files.get(0) + ".load-report.txt");

        try (DataEngine db = engine().open()) {
            LoadCheckpoint.Target at = checkpointTarget(db);
            LoadCheckpoint checkpoint = resume ? LoadCheckpoint.resume(checkpointPath, target.schema().name(), at)
                    : LoadCheckpoint.fresh(checkpointPath, target.schema().name(), at, engine().clock().instant());
            out.println((dryRun ? "Checking items for table " : "Loading into table ") + target.schema().name() + " on " + db.description());
            inputs.forEach(input -> out.println("  " + input.name() + ": " + input.format().label() + ", "
                    + Counted.of(input.items(), "item", "items")));
            if (checkpoint.finishedBefore()) {
                out.println("  the checkpoint " + checkpointPath + " is of a load that finished: every row was written or reported, "
                        + "so nothing is left to resume (load again without --resume to write the rows again)");
            }
            out.flush();
            CapacityMeter meter = meter();
            Table table = Loader.table(target.schema(), db.client(), checkpoint, meter);
            if (!dryRun) {
                try {
                    table.createTable();
                } catch (RuntimeException e) {
                    throw Failures.atEndpoint("Creating or checking table " + target.schema().name(), db.description(), !db.inProcess(), e);
                }
            }
            Loader.Result result;
            LoadProgress progress = progressOptions.progress(engine().style(), out, dryRun ? "Checking" : "Loading", dryRun ? "checked" : "loaded");
            Loader loader = new Loader(target.file(), db.client(), table, inputFiles, checkpoint, resume, Loader.Options.of(parallelism, dryRun),
                    meter, progress);
            StopOnCtrlC stopOnCtrlC = StopOnCtrlC.install(loader::stop, "singletable-load-stop");
            int exitCode = 1;
            try {
                try {
                    result = loader.run(inputs);
                } finally {
                    progress.close();
                }
                if (!result.refused().isEmpty() || !result.notWritten().isEmpty()) {
                    writeReport(reportPath, result);
                } else if (!resume) {
                    deleteStaleReport(reportPath);
                }
                new LoadSummary(result, dryRun, checkpointPath, reportPath).print(out);
                out.flush();
                exitCode = result.refused().isEmpty() && result.notWritten().isEmpty() && !result.interrupted() ? 0 : 1;
            } finally {
                stopOnCtrlC.release(exitCode);
            }
            return exitCode;
        }
    }

    @Override
    void checkOptions() {
        if (parallelism < 1 || parallelism > 64) {
            throw usage("--parallelism " + parallelism + ": give 1 to 64");
        }
        checkRun();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw usage(file + ": no such file");
            }
        }
        if (new HashSet<>(files).size() != files.size()) {
            throw usage("a FILE is given twice; give each once");
        }
    }

    /**
     * Refuses an --entity that is neither an entity of the design nor an adjacency item type of one of its relations (a row of
     * which, as {@code run Membership.related} prints it, is loaded with its mirror), naming both kinds.
     */
    private static void refuseUnknown(dev.singletable.schema.SchemaFile design, String name) {
        if (dev.singletable.cli.data.AdjacencyItems.of(design, name).isPresent()) {
            return;
        }
        try {
            design.entity(name);
        } catch (dev.singletable.SchemaDefinitionException e) {
            List<String> itemTypes = design.document().relations().values().stream().flatMap(r -> r.itemTypes().stream()).toList();
            throw itemTypes.isEmpty() ? e : new dev.singletable.SchemaDefinitionException(e.getMessage() + "; or an adjacency item "
                    + "type of its relations: " + String.join(", ", itemTypes));
        }
    }

    /** Each FILE with its format and item count; a CSV file needs --entity, and a NoSQL Workbench model some items. */
    private List<Loader.Input> inputs(InputFiles inputFiles, Optional<String> named) {
        List<Loader.Input> inputs = new ArrayList<>();
        for (Path file : files) {
            InputFormat format = InputFormat.of(file);
            if (format == InputFormat.CSV && named.isEmpty()) {
                throw usage(file + ": a CSV file holds one entity; name it with --entity");
            }
            long items = inputFiles.count(file, format);
            if (format == InputFormat.NOSQL_WORKBENCH && items == 0) {
                // a model without sample data loads nothing: that is never what loading it was for, and must not look like success
                throw usage(file + ": a NoSQL Workbench model with no items (its tables have no TableData); nothing to load");
            }
            inputs.add(new Loader.Input(file, format, items));
        }
        return inputs;
    }

    /** A load that is not a resume starts a new report: one of an earlier load, left in place, would look current. */
    private static void deleteStaleReport(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete the earlier load's report " + path + ": " + e.getMessage(), e);
        }
    }

    private void writeReport(Path path, Loader.Result result) {
        List<String> lines = new ArrayList<>();
        result.refused().forEach(f -> lines.add(f + " (refused)"));
        result.notWritten().forEach(f -> lines.add(f + " (not written)"));
        try {
            Files.write(path, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    resume ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the report " + path + ": " + e.getMessage(), e);
        }
    }
}
