package dev.singletable.cli.data.load;

import dev.singletable.cli.Counted;
import dev.singletable.Table;
import dev.singletable.cli.Failures;
import dev.singletable.cli.Style;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataEngine;
import dev.singletable.cli.data.EngineOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code singletable migrate DESIGN --from TABLE --entity ENTITY}: copies a table of a multi-table
 * design into the single table as one entity, idempotently, and verifies the copy.
 */
@Command(name = "migrate",
        mixinStandardHelpOptions = true,
        description = {
                "Copies a table of a multi-table design into the single table as one entity; running it again changes "
                        + "nothing; --verify checks the copy.",
                "",
                "Copies an existing table (one of a multi-table design) into the design's single table as one entity: parallel "
                        + "scan segments; each item's attributes renamed by --map and converted by the entity's attribute types, "
                        + "its keys composed and the item checked as any write; then put only where no item has its key. An item "
                        + "already there and equal is skipped, one that differs is reported and left as it is, so running it again "
                        + "changes nothing. Creates the single table when it is missing.",
                "",
                "Migrate one entity at a time (seed 003's 'Migration from Multi-Table'): customers, then orders, each with "
                        + "--verify, then switch the readers over.",
                "",
                "Exit code 0 when every item is in the table as the source has it (and --verify passed), 1 otherwise, 2 on a "
                        + "usage error.",
                ""},
        optionListHeading = "Options:%n")
public final class MigrateCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private EngineOptions engine;

    @Parameters(index = "0", paramLabel = "DESIGN", description = "A schema file, or a directory or jar holding schema files.")
    private Path design;

    @Option(names = "--from", required = true, paramLabel = "TABLE", description = "The table to copy from, on the same engine.")
    private String from;

    @Option(names = "--entity", required = true, paramLabel = "ENTITY", description = "The entity every source item becomes.")
    private String entity;

    @Option(names = "--map", paramLabel = "SOURCE=ATTRIBUTE",
            description = "Renames a source attribute to an attribute of the entity; SOURCE= (nothing after =) drops it. Repeatable.")
    private Map<String, String> renames = new LinkedHashMap<>();

    @Option(names = "--segments", paramLabel = "N", defaultValue = "4",
            description = "Parallel scan segments of the source, each writing its items (default: ${DEFAULT-VALUE}).")
    private int segments;

    @Option(names = "--dry-run", description = "Map and check every item and look up the table: report what would be written and "
            + "every item that would fail; write nothing.")
    private boolean dryRun;

    @Option(names = "--no-capacity", description = "Do not ask DynamoDB for the consumed capacity (ReturnConsumedCapacity); the "
            + "output shows no WCU. Saves the engine CPU per item.")
    private boolean noCapacity;

    @Option(names = "--verify", description = "Then compare counts and an order-independent checksum of the mapped source items "
            + "and the entity's items in the table.")
    private boolean verify;

    @Option(names = "--progress-every", paramLabel = "SECONDS", defaultValue = "10",
            description = "Off a terminal: a progress line every SECONDS (0: none; default: ${DEFAULT-VALUE}). On a terminal: a progress bar.")
    private long progressEvery;

    private final Style style;
    private final Clock clock;

    /** The command, drawing a progress bar when {@code style} is a terminal's, writing timestamps by {@code clock}. */
    public MigrateCommand(Style style, Clock clock) {
        this.style = style;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (segments < 1 || segments > 64) {
            throw new ParameterException(spec.commandLine(), "--segments " + segments + ": give 1 to 64");
        }
        if (progressEvery < 0) {
            throw new ParameterException(spec.commandLine(), "--progress-every " + progressEvery + ": give 0 (no lines) or more seconds");
        }
        if (noCapacity && dryRun) {
            throw new ParameterException(spec.commandLine(), "--dry-run writes nothing, so there is no capacity to ask for: give one of --dry-run and --no-capacity");
        }
        DataDesign target = DataDesign.load(spec, design, engine);
        target.file().entity(entity);
        if (from.equals(target.schema().name())) {
            throw new ParameterException(spec.commandLine(), "--from " + from + " is the single table itself; give the table to copy from");
        }
        try (DataEngine db = engine.open()) {
            out.println((dryRun ? "Checking a migration of table " : "Migrating table ") + from + " into table " + target.schema().name()
                    + " as " + entity + " on " + db.description());
            renames.forEach((source, attribute) -> out.println("  map " + source + " -> " + (attribute.isEmpty() ? "(dropped)" : attribute)));
            out.flush();
            CapacityMeter meter = noCapacity ? CapacityMeter.notRequesting() : CapacityMeter.requesting();
            Table table = meter.table(target.schema(), db.client(), clock);
            Migrator migrator = new Migrator(db.client(), table, new SourceItems(target.file(), table, entity, renames), from, segments, meter);
            Migrator.Result result;
            try {
                if (!dryRun) {
                    table.createTable();
                }
                try (LoadProgress progress = progress(out)) {
                    result = migrator.copy(dryRun, progress);
                }
            } catch (LoadInputException e) {
                throw e;
            } catch (RuntimeException e) {
                throw Failures.atEndpoint("Copying " + from + " into " + target.schema().name(), db.description(), !db.inProcess(), e);
            }
            list(out, "Different", result.differ());
            list(out, "Failed", result.failed());
            out.println(dryRun ? "Dry run (nothing written)" : "Done");
            row(out, "scanned", Counted.of(result.scanned(), "item", "items") + " of " + from + " in "
                    + Counted.of(segments, "segment", "segments"));
            if (dryRun) {
                row(out, "would write", Counted.of(result.wouldWrite(), "item", "items"));
            } else {
                row(out, "written", Counted.of(result.written(), "item", "items") + ", "
                        + result.capacity());
            }
            row(out, "already there", Counted.of(result.same(), "item", "items") + " equal to the source");
            row(out, "different", Counted.of(result.differ().size(), "item", "items") + (result.differ().isEmpty() ? "" : result.differ().size() == 1 ? " (left as it is)" : " (left as they are)"));
            row(out, "failed", Counted.of(result.failed().size(), "item", "items"));
            boolean verified = true;
            if (verify) {
                Migrator.Verification verification = migrator.verify();
                out.println("Verify");
                row(out, "source", Counted.of(verification.sourceItems(), "item", "items") + " mapped"
                        + (verification.unmapped() > 0 ? " (" + Counted.of(verification.unmapped(), "does", "do") + " not map)" : "") + ", checksum "
                        + hex(verification.sourceChecksum()));
                row(out, "target", Counted.of(verification.targetItems(), "item", "items") + " of " + entity + ", checksum "
                        + hex(verification.targetChecksum()));
                verified = verification.passed();
                row(out, "result", verified ? "passed" : "FAILED: " + (verification.unmapped() > 0 ? "some source items do not map; "
                        : "") + (verification.sourceItems() != verification.targetItems() ? "the counts differ" : "the checksums differ")
                        + " (the table may also hold " + entity + " items from elsewhere)");
            }
            out.println("Requests");
            row(out, "sent", meter.requestsText());
            row(out, "consumed", meter.consumedText());
            out.flush();
            return result.differ().isEmpty() && result.failed().isEmpty() && verified ? 0 : 1;
        }
    }

    private LoadProgress progress(PrintWriter out) {
        if (style.isAnsi()) {
            return LoadProgress.bar(dryRun ? "Checking" : "Migrating");
        }
        return progressEvery == 0 ? LoadProgress.none() : LoadProgress.lines(out, "scanned", Duration.ofSeconds(progressEvery));
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
