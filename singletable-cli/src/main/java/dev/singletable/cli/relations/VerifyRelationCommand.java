package dev.singletable.cli.relations;

import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.changes.RelationCopies;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code singletable verify-relation DESIGN RELATION}: scans a relation's adjacency items and reports
 * one-sided pairs, items naming missing entities and stale copies ({@code Table.verifyRelation}); with
 * {@code --fix}, rewrites the stale copies and deletes the pairs naming an entity not stored
 * ({@code Table.deleteDanglingPairs}).
 */
@Command(name = "verify-relation", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class VerifyRelationCommand implements Callable<Integer> {
    @Mixin
    private RelationOnEngine design;

    @Option(names = "--fix")
    private boolean fix;

    @Override
    public Integer call() {
        PrintWriter out = design.spec().commandLine().getOut();
        DataDesign loaded = design.load();
        Relation<?, ?> relation = design.of(loaded);
        String relationName = relation.name();
        // the table as every data command opens it: on the in-process engine, created with the design's examples (and the
        // relations' adjacency items) when it is not there yet
        try (DataTable data = DataTable.open(loaded, design.engine(), out)) {
            RelationReport report;
            try {
                report = data.table().verifyRelation(relation);
            } catch (RuntimeException e) {
                throw data.failure("Could not verify relation " + relationName, e);
            }
            out.println();
            out.print(report.text());
            if (!fix) {
                out.println(data.usage("RCU"));
                out.flush();
                return report.isConsistent() ? 0 : 1;
            }
            // the dangling pairs first, so that no copy is rewritten onto a pair about to go; only when the report found some,
            // so that a fix of copies alone reads the table no more than before
            int deleted = report.dangling().isEmpty() ? 0 : fixDangling(data, relation, out);
            String copied = fixCopies(data, relation, out);
            // a one-sided item naming an entity not stored was dangling too, and went with its pair
            Set<Map<String, String>> danglingItems = report.dangling().stream().map(RelationReport.Dangling::key)
                    .collect(Collectors.toSet());
            boolean oneSidedLeft = report.oneSided().stream().anyMatch(o -> !danglingItems.contains(o.key()));
            out.println("Fixed " + copied + (report.dangling().isEmpty() ? "" : ", deleted "
                    + Counted.of(deleted, "dangling pair", "dangling pairs"))
                    + (oneSidedLeft ? "; one-sided pairs of stored entities are left as they are (singletable relate or unrelate them)"
                    : ""));
            out.println(data.readWriteUsage());
            out.flush();
            return oneSidedLeft ? 1 : 0;
        }
    }

    /** Rewrites the stale copies, a line for each entity; returns "N pairs of M entities" for the summary. */
    private static String fixCopies(DataTable data, Relation<?, ?> relation, PrintWriter out) {
        List<RelationCopies.Repair> repairs;
        try {
            repairs = RelationCopies.of(data.table(), relation).repair();
        } catch (RuntimeException e) {
            throw data.failure("Could not fix the copies of relation " + relation.name(), e);
        }
        int pairs = 0;
        for (RelationCopies.Repair repair : repairs) {
            pairs += repair.pairsRewritten();
            out.println("  fixed: " + repair.entity() + " copied onto " + Counted.of(repair.pairsRewritten(), "pair", "pairs")
                    + " (both items)" + (repair.result() == RelationCopies.Result.SUPERSEDED
                    ? "; it was written again meanwhile, run again to finish" : ""));
        }
        return Counted.of(pairs, "pair", "pairs") + " of " + Counted.of(repairs.size(), "entity", "entities");
    }

    /** Deletes both items of each pair naming an entity not stored; returns how many pairs. */
    private static int fixDangling(DataTable data, Relation<?, ?> relation, PrintWriter out) {
        int deleted;
        try {
            deleted = data.table().deleteDanglingPairs(relation);
        } catch (RuntimeException e) {
            throw data.failure("Could not delete the dangling pairs of relation " + relation.name(), e);
        }
        out.println("  fixed: " + Counted.of(deleted, "pair", "pairs") + " naming an entity not stored deleted (both items)");
        return deleted;
    }
}
