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
import java.util.concurrent.Callable;

/**
 * {@code singletable verify-relation DESIGN RELATION}: scans a relation's adjacency items and reports
 * one-sided pairs, items naming missing entities and stale copies ({@code Table.verifyRelation}).
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
            List<RelationCopies.Repair> repairs;
            try {
                repairs = RelationCopies.of(data.table(), relation).repair();
            } catch (RuntimeException e) {
                throw data.failure("Could not fix the copies of relation " + relationName, e);
            }
            int pairs = 0;
            for (RelationCopies.Repair repair : repairs) {
                pairs += repair.pairsRewritten();
                out.println("  fixed: " + repair.entity() + " copied onto " + Counted.of(repair.pairsRewritten(), "pair", "pairs")
                        + " (both items)" + (repair.result() == RelationCopies.Result.SUPERSEDED
                        ? "; it was written again meanwhile, run again to finish" : ""));
            }
            out.println("Fixed " + Counted.of(pairs, "pair", "pairs") + " of " + Counted.of(repairs.size(), "entity", "entities")
                    + (report.oneSided().isEmpty() && report.dangling().isEmpty() ? ""
                    : "; one-sided pairs and dangling items are left as they are (singletable relate or unrelate them)"));
            out.println(data.readWriteUsage());
            out.flush();
            return report.oneSided().isEmpty() && report.dangling().isEmpty() ? 0 : 1;
        }
    }
}
