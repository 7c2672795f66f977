package dev.singletable.cli;

import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import dev.singletable.schema.SchemaFileExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code singletable export nosql-workbench DESIGN}: a schema file as a model for AWS's NoSQL Workbench. */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        description = {
                "Exports a design as a NoSQL Workbench data model (version 3.0): one facet per entity with its key templates as "
                        + "aliases, the GSIs with their projections, and the entities' examples as sample items. Open it with "
                        + "NoSQL Workbench's Data modeler, Import data model.",
                "",
                "DESIGN is a schema file, or a directory or jar holding one (such as target/classes, where the annotation "
                        + "processor writes META-INF/singletable/<Table>.singletable.json).",
                ""},
        optionListHeading = "Options:%n")
final class ExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FORMAT", description = "nosql-workbench (the one export format).")
    private String format;

    @Parameters(index = "1", paramLabel = "DESIGN", description = "A schema file, or a directory or jar holding schema files.")
    private Path design;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the model (default: <Table>.nosql-workbench.json in the current directory).")
    private Path output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!format.equals("nosql-workbench")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "'" + format + "' is not an export format; use nosql-workbench");
        }
        if (!Files.exists(design)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), design + ": no such file or directory");
        }
        List<DesignFiles.DesignFile> files = DesignFiles.find(design);
        if (files.isEmpty()) {
            out.println(design + ": no schema files (names ending in " + String.join(", ", DesignFiles.SUFFIXES) + ")");
            return 1;
        }
        if (files.size() > 1 && output != null) {
            out.println(design + ": holds " + files.size() + " schema files; -o names one model: leave it out to write one per table");
            return 1;
        }
        int failed = 0;
        for (DesignFiles.DesignFile file : files) {
            SchemaFile schemaFile;
            try {
                schemaFile = file.load();
            } catch (SchemaFileException e) {
                failed++;
                e.errors().stream().map(SchemaError::toString).forEach(out::println);
                out.println(file.name() + ": " + e.errors().size() + (e.errors().size() == 1 ? " error" : " errors") + "; nothing exported");
                continue;
            }
            Path target = output != null ? output : Path.of(schemaFile.document().table().name() + ".nosql-workbench.json");
            try {
                Files.writeString(target, SchemaFileExport.noSqlWorkbench(schemaFile), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
            }
            notExported(schemaFile.document()).forEach(line -> out.println("not exported: " + line));
            int items = schemaFile.document().entities().keySet().stream().mapToInt(entity -> schemaFile.examples(entity).size()).sum();
            out.println("wrote " + target + ": table " + schemaFile.document().table().name() + ", "
                    + schemaFile.document().entities().size() + " facets, " + items + " sample items");
        }
        return failed == 0 ? 0 : 1;
    }

    /** What a NoSQL Workbench model cannot show, so that nothing is left out silently. */
    private static List<String> notExported(SchemaDocument document) {
        List<String> lines = new ArrayList<>();
        for (IndexDefinition index : document.table().indexes()) {
            if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
                lines.add("table.indexes." + index.name() + ": a local index (NoSQL Workbench models hold GSIs only)");
            } else if (index.partitionKey().size() > 1 || index.sortKey().size() > 1) {
                lines.add("table.indexes." + index.name() + ": a multi-attribute key, shown by its first attribute");
            }
        }
        document.entities().forEach((name, entity) -> entity.indexes().forEach((index, key) -> key.when().ifPresent(when ->
                lines.add("entities." + name + ".indexes." + index + ".when: the sparse condition (the sample items show which are in the index)"))));
        if (!document.collections().isEmpty()) {
            lines.add("collections: " + String.join(", ", document.collections().keySet()));
        }
        if (!document.accessPatterns().isEmpty()) {
            lines.add("accessPatterns: " + document.accessPatterns().size() + " named access patterns");
        }
        return lines;
    }
}
