package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataEngine;
import dev.singletable.cli.data.EngineOptions;
import dev.singletable.cli.design.RelationTables;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
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
                "With --endpoint it reads the table there, and with --data-dir the table DynamoDB Local keeps in that "
                        + "directory (it must exist: 'singletable load' creates it). With neither, it starts DynamoDB Local in "
                        + "this process, creates the table, writes the design's examples and checks them.",
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

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        DataDesign loaded = DataDesign.load(spec, design, engine);
        SchemaFile file = loaded.file();
        TableSchema schema = loaded.schema();
        Relation<?, ?> relation = schema.relation(relationName).orElseThrow(() -> new ParameterException(spec.commandLine(),
                design + " declares no relation '" + relationName + "'; its relations are "
                        + (schema.relations().isEmpty() ? "none" : schema.relations().stream().map(Relation::name).toList())));
        RelationReport report;
        try (DataEngine db = engine.open()) {
            Table table = Table.of(schema, db.client());
            if (db.inProcess() && !engine.persistent()) {
                // an empty engine: the design's examples are what there is to check
                table.createTable();
                for (var entity : file.document().entities().keySet()) {
                    for (DynamicItem example : file.examples(entity)) {
                        table.put(example);
                    }
                }
                // the relations' adjacency items too, as the other commands write them: without them the scan finds nothing to check
                for (DynamicItem adjacency : RelationTables.sampleItems(file)) {
                    table.put(adjacency);
                }
            }
            report = table.verifyRelation(relation);
        }
        out.print(report.text());
        out.flush();
        return report.isConsistent() ? 0 : 1;
    }
}
