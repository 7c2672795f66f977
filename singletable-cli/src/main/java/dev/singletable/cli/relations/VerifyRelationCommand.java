package dev.singletable.cli.relations;

import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.TableSchema;
import dev.singletable.cli.Style;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;
import dev.singletable.cli.data.EngineOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

/**
 * {@code singletable verify-relation DESIGN RELATION}: scans a relation's adjacency items and reports
 * one-sided pairs, items naming missing entities and stale copies ({@code Table.verifyRelation}).
 */
@Command(name = "verify-relation",
        mixinStandardHelpOptions = true,
        description = {
                "Checks a many-to-many relation of a schema file on a table: one Scan for its adjacency items and batch gets of "
                        + "the entities they name; lists pairs with one item only, items naming an entity that is not stored, "
                        + "and copied attributes that differ from their source.",
                "",
                "With --endpoint it reads the table there (it must exist). On the embedded Dynoxide (the default, "
                        + "or --data-dir to keep its tables), it checks the table the other data commands left there, or, "
                        + "when there is none, creates it with the design's examples, as they do.",
                "",
                "Exit code 0 when the relation is consistent, 1 when something is reported.",
                ""},
        optionListHeading = "Options:%n")
public final class VerifyRelationCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DESIGN", description = "A schema file declaring the relation.")
    private Path design;

    @Parameters(index = "1", paramLabel = "RELATION", description = "The relation's name, as declared under relations:.")
    private String relationName;

    @Mixin
    private EngineOptions engine;

    private final Style style;
    private final Clock clock;

    public VerifyRelationCommand(Style style, Clock clock) {
        this.style = style;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        DataDesign loaded = DataDesign.load(spec, design, engine);
        TableSchema schema = loaded.schema();
        Relation<?, ?> relation = schema.relation(relationName).orElseThrow(() -> new ParameterException(spec.commandLine(),
                design + " declares no relation '" + relationName + "'; its relations are "
                        + (schema.relations().isEmpty() ? "none" : schema.relations().stream().map(Relation::name).toList())));
        // the table as every data command opens it: on the in-process engine, created with the design's examples (and the
        // relations' adjacency items) when it is not there yet
        try (DataTable data = DataTable.open(loaded, engine, clock, out, style)) {
            RelationReport report;
            try {
                report = data.table().verifyRelation(relation);
            } catch (RuntimeException e) {
                throw data.failure("Could not verify relation " + relationName, e);
            }
            out.println();
            out.print(report.text());
            out.println(data.usage("RCU"));
            out.flush();
            return report.isConsistent() ? 0 : 1;
        }
    }
}
