package dev.singletable.cli.export;

import dev.singletable.design.internal.export.DeployableTable;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.options.DesignOutput;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.concurrent.Callable;

/**
 * What the CloudFormation and Terraform exports share: DESIGN, {@code -o}, the flags turning off
 * point-in-time recovery and deletion protection, {@code --tag}; each design file's table loaded
 * (every table of a directory or jar in one output).
 */
abstract class TableExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignOutput files;

    @Option(names = "--no-point-in-time-recovery")
    private boolean noPointInTimeRecovery;

    @Option(names = "--no-deletion-protection")
    private boolean noDeletionProtection;

    @Option(names = "--tag", paramLabel = "KEY=VALUE")
    private Map<String, String> tags = new LinkedHashMap<>();

    private final String formatName;
    private final BiFunction<List<DeployableTable>, String, String> renderer;

    /**
     * An export to the format called {@code formatName} in messages, whose text of the tables {@code renderer} gives
     * ({@code source}, its second argument, names the design).
     */
    TableExportCommand(String formatName, BiFunction<List<DeployableTable>, String, String> renderer) {
        this.formatName = formatName;
        this.renderer = renderer;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, files.design(), err);
        if (found.isEmpty()) {
            return 1;
        }
        List<DeployableTable> tables = new ArrayList<>();
        Map<String, String> fileOfTable = new LinkedHashMap<>();
        int failed = 0;
        for (DesignFiles.DesignFile file : found.get()) {
            try {
                DeployableTable table = DeployableTable.of(file.load().document(), !noPointInTimeRecovery, !noDeletionProtection, tags);
                String first = fileOfTable.putIfAbsent(table.name(), file.name());
                if (first != null) {
                    // two resources of one table name: the second CreateTable fails, or one design silently replaces the other
                    failed++;
                    err.println(file.name() + ": table " + table.name() + " is also the table of " + first
                            + "; an export declares each table once, so nothing is exported: export the files one at a time, or rename one table");
                    continue;
                }
                tables.add(table);
            } catch (SchemaFileException e) {
                failed++;
                e.errors().stream().map(SchemaError::toString).forEach(err::println);
                err.println(file.name() + ": " + Counted.of(e.errors().size(), "error", "errors") + "; nothing exported");
            }
        }
        if (failed > 0) {
            return 1;
        }
        String text = renderer.apply(tables, files.design().toString().replace('\\', '/'));
        Optional<Path> output = files.output();
        if (output.isEmpty()) {
            out.print(text);
        } else {
            PerTableExport.write(output.get(), text);
            out.println("wrote " + output.get() + ": " + formatName + ", " + String.join(", ", tables.stream().map(t -> "table " + t.name() + " ("
                    + Counted.of(t.globalIndexes().size(), "GSI", "GSIs") + ", " + Counted.of(t.localIndexes().size(), "LSI", "LSIs") + ")").toList()));
        }
        return 0;
    }
}
