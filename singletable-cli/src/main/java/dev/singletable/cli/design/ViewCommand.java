package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.options.DesignOutput;
import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.DesignView;
import dev.singletable.design.internal.tables.SampleDataException;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable view DESIGN}: the design as one self-contained HTML page. */
@Command(name = "view", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class ViewCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignOutput files;

    @Option(names = "--data", paramLabel = "FILE")
    private Path data;

    @Mixin
    private PatternRunOptions runOptions;

    @Override
    public Integer call() {
        // DESIGN's schema files, listed once: for the cache's key, the designs and the check of their tables' pages
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, files.design(), spec.commandLine().getErr());
        if (found.isEmpty()) {
            return 1;
        }
        try (DesignRuns runs = runOptions.start(found.get(), Optional.ofNullable(data))) {
            return write(runs, found.get());
        }
    }

    private int write(DesignRuns runs, List<DesignFiles.DesignFile> found) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<List<DesignInput.Loaded>> designs = DesignInput.load(spec, found);
        if (designs.isEmpty()) {
            return 1;
        }
        if (designs.get().size() > 1 && (files.output().isPresent() || data != null)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), files.design() + ": holds " + designs.get().size()
                    + " schema files; -o and --data are for one design: name the schema file itself");
        }
        if (files.output().isEmpty() && sharedTable(designs.get(), err)) {
            return 1;
        }
        for (DesignInput.Loaded loaded : designs.get()) {
            SchemaFile schemaFile = loaded.design();
            SampleItems samples;
            try {
                samples = data == null ? SampleItems.examplesOf(schemaFile) : SampleItems.fromFile(schemaFile, data);
            } catch (SampleDataException e) {
                err.println(e.getMessage());
                err.println("--data " + data + ": nothing written");
                return 1;
            }
            DesignTables tables = runs.tables(schemaFile, samples);
            Path target = files.output().orElse(Path.of(tables.table() + ".html"));
            try {
                Files.writeString(target, DesignView.page(tables, LintFindings.of(schemaFile)), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
            }
            out.println("wrote " + target + ": table " + tables.table() + ", " + Counted.of(tables.samples().size(), "item", "items") + ", "
                    + Counted.of(tables.indexes().size(), "index", "indexes") + ", "
                    + Counted.of(tables.patterns().size(), "access pattern", "access patterns"));
        }
        runs.finish();
        return 0;
    }

    /** True, saying so, when two files of the directory are of one table: both pages would be TABLE.html. */
    static boolean sharedTable(List<DesignInput.Loaded> designs, PrintWriter err) {
        java.util.Map<String, String> fileOfTable = new java.util.LinkedHashMap<>();
        for (DesignInput.Loaded loaded : designs) {
            String table = loaded.design().document().table().name();
            String first = fileOfTable.putIfAbsent(table, loaded.file().name());
            if (first != null) {
                err.println(loaded.file().name() + ": table " + table + " is also the table of " + first + ", and both pages would be "
                        + table + ".html; nothing written: view the files one at a time, each with -o FILE, or rename one table");
                return true;
            }
        }
        return false;
    }
}
