package dev.singletable.cli.relations;

import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.cli.DesignFiles;
import dev.singletable.cli.EndpointClient;
import dev.singletable.cli.design.RelationTables;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
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
                "With --endpoint it reads the table there (it must exist). Without, it starts DynamoDB Local in this process, "
                        + "creates the table, writes the design's examples and checks them.",
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

    @Option(names = "--endpoint", paramLabel = "URL", description = "A DynamoDB endpoint holding the table, such as http://localhost:8000.")
    private URI endpoint;

    @Option(names = "--region", paramLabel = "REGION",
            description = "The region to sign requests to --endpoint for (default: AWS_REGION, the AWS profile, or us-east-1).")
    private String region;

    @Option(names = "--table", paramLabel = "NAME", description = "The table's name, when it differs from the design's.")
    private String tableName;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.exists(design)) {
            throw DesignFiles.missing(spec, design);
        }
        if (!Files.isRegularFile(design)) {
            throw new ParameterException(spec.commandLine(), design + ": no such schema file");
        }
        SchemaFile file = SchemaFile.load(design);
        TableSchema schema = tableName == null ? file.tableSchema() : file.tableSchema().toBuilder().name(tableName).build();
        Relation<?, ?> relation = schema.relation(relationName).orElseThrow(() -> new ParameterException(spec.commandLine(),
                design + " declares no relation '" + relationName + "'; its relations are "
                        + (schema.relations().isEmpty() ? "none" : schema.relations().stream().map(Relation::name).toList())));
        RelationReport report;
        if (endpoint != null) {
            try (DynamoDbClient client = EndpointClient.of(endpoint, region).client()) {
                report = Table.of(schema, client).verifyRelation(relation);
            }
        } else {
            try (LocalDynamoDb engine = LocalDynamoDb.embedded()) {
                Table table = Table.of(schema, engine.client());
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
                report = table.verifyRelation(relation);
            }
        }
        out.print(report.text());
        out.flush();
        return report.isConsistent() ? 0 : 1;
    }
}
