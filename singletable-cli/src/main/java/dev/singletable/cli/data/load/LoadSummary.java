package dev.singletable.cli.data.load;

import dev.singletable.design.internal.text.Counted;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The summary {@code load} prints at the end: what was written, refused and not written, where the report and checkpoint are. */
final class LoadSummary {
    private final Loader.Result result;
    private final boolean dryRun;
    private final Path checkpoint;
    private final Path report;

    LoadSummary(Loader.Result result, boolean dryRun, Path checkpoint, Path report) {
        this.result = result;
        this.dryRun = dryRun;
        this.checkpoint = checkpoint;
        this.report = report;
    }

    void print(PrintWriter out) {
        list(out, "Refused", result.refused());
        list(out, "Not written", result.notWritten());
        out.println(dryRun ? "Dry run (nothing sent)" : result.interrupted() ? "Interrupted" : "Done");
        if (result.skipped() > 0) {
            row(out, "skipped", items(result.skipped()) + " the checkpoint records as done, written or reported (" + checkpoint + ")");
        }
        if (dryRun) {
            row(out, "would write", items(result.wouldWrite()));
        } else {
            row(out, "written", items(result.written()) + " in " + Counted.of(result.batchRequests(), "BatchWriteItem request", "BatchWriteItem requests")
                    + (result.failedBatchRequests() > 0 ? " (" + result.failedBatchRequests() + " failed)" : "")
                    + (result.putRequests() > 0 ? " and " + Counted.of(result.putRequests(), "PutItem request", "PutItem requests") : "")
                    + (result.transactRequests() > 0 ? " and " + Counted.of(result.transactRequests(), "TransactWriteItems request",
                    "TransactWriteItems requests") : "")
                    + (result.refusedCreates() > 0 ? " (" + Counted.of(result.refusedCreates(), "create", "creates")
                    + " of them refused: the key held an item)" : "")
                    + ", " + result.capacity());
        }
        if (result.getRequests() > 0) {
            row(out, "read", Counted.of(result.getRequests(), "GetItem request", "GetItem requests")
                    + " for what the keys of refused creates held, " + result.readCapacity());
        }
        if (result.alreadyPresent() > 0) {
            row(out, "already there", items(result.alreadyPresent()) + " written by the interrupted load before its checkpoint recorded them");
        }
        if (result.unchanged() > 0) {
            row(out, "unchanged", items(result.unchanged()) + " of a versioned entity already stored as their rows give them");
        }
        row(out, "refused", Counted.of(result.refused().size(), "row", "rows") + " of bad input" + (result.refused().isEmpty() ? "" : " (nothing of them written)"));
        if (!dryRun) {
            row(out, "not written", items(result.notWritten().size()));
        }
        if (!result.refused().isEmpty() || !result.notWritten().isEmpty()) {
            row(out, "report", report.toString());
        }
        if (result.interrupted()) {
            row(out, "checkpoint", checkpoint + ": run the same command with --resume to continue");
        }
    }

    private static void list(PrintWriter out, String title, List<Loader.Failure> failures) {
        if (failures.isEmpty()) {
            return;
        }
        out.println(title + " (" + failures.size() + "):");
        failures.stream().limit(LoadCommand.LISTED).forEach(f -> out.println("  " + f));
        if (failures.size() > LoadCommand.LISTED) {
            out.println("  ... and " + (failures.size() - LoadCommand.LISTED) + " more in the report");
        }
    }

    private static void row(PrintWriter out, String label, String text) {
        out.println(String.format(Locale.ROOT, "  %-14s%s", label, text));
    }

    private static String items(long n) {
        return Counted.of(n, "item", "items");
    }

}
