package dev.singletable.cli.export;

import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.options.DesignOutput;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The steps of the commands that export each schema file of DESIGN to a file of its own: load it (its errors listed,
 * nothing exported), write {@code -o} or {@code <Table>.<suffix>.json}, print what was left out and a {@code wrote} line.
 */
final class PerTableExport {
    /**
     * What one design is written as: the file's text, the lines to print before the summary, and the summary's counts; or,
     * when {@code nothing} is given, why the text is of no use (no entity fits the format): then nothing is written.
     */
    record Written(String text, List<String> notes, String counts, Optional<String> nothing) {
        Written(String text, List<String> notes, String counts) {
            this(text, notes, counts, Optional.empty());
        }
    }

    private PerTableExport() {
    }

    /**
     * Exports each schema file of the DESIGN of {@code files}; exit code 1 when DESIGN holds none, holds several for the one
     * {@code -o} (a {@code what}), when one of them does not load, or when a later one's table is an earlier one's (whose file
     * it would replace; it is not exported). Without {@code -o}, an existing {@code <Table>.<suffix>.json} is refused (exit
     * code 2) before anything is written.
     */
    static int each(CommandSpec spec, DesignOutput files, String what, String suffix, Function<SchemaFile, Written> export) {
        Path design = files.design();
        Optional<Path> output = files.output();
        PrintWriter out = spec.commandLine().getOut();
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, design, out);
        if (found.isEmpty()) {
            return 1;
        }
        if (found.get().size() > 1 && output.isPresent()) {
            out.println(design + ": holds " + found.get().size() + " schema files; -o names one " + what + ": leave it out to write one per table");
            return 1;
        }
        int failed = 0;
        Map<Path, String> fileOfTarget = new LinkedHashMap<>();
        Map<Path, SchemaFile> designOfTarget = new LinkedHashMap<>();
        for (DesignFiles.DesignFile file : found.get()) {
            Optional<SchemaFile> loaded = load(file, out);
            if (loaded.isEmpty()) {
                failed++;
                continue;
            }
            String table = loaded.get().document().table().name();
            Path target = output.orElse(Path.of(table + "." + suffix + ".json"));
            String first = fileOfTarget.putIfAbsent(target, file.name());
            if (first != null) {
                failed++;
                out.println(file.name() + ": table " + table + " is also the table of " + first + ", and both would be written to " + target
                        + "; not exported: export the files one at a time, each with -o FILE, or rename one table");
                continue;
            }
            designOfTarget.put(target, loaded.get());
        }
        if (output.isEmpty()) {
            designOfTarget.keySet().forEach(target -> refuseToOverwrite(spec, target));
        }
        for (Map.Entry<Path, SchemaFile> entry : designOfTarget.entrySet()) {
            Written written = export.apply(entry.getValue());
            if (written.nothing().isPresent()) {
                written.notes().forEach(out::println);
                failed++;
                out.println(fileOfTarget.get(entry.getKey()) + ": " + written.nothing().get() + "; nothing written to " + entry.getKey());
                continue;
            }
            write(entry.getKey(), written.text());
            written.notes().forEach(out::println);
            out.println("wrote " + entry.getKey() + ": table " + entry.getValue().document().table().name() + ", " + written.counts());
        }
        return failed == 0 ? 0 : 1;
    }

    /**
     * Refuses a file the export would write by default ({@code <Table>.<suffix>.json} in the current directory) when it exists:
     * it may be another export edited since, or another design's, and nobody asked for it to be replaced. An explicit
     * {@code -o} is that request, as for {@code import}.
     */
    private static void refuseToOverwrite(CommandSpec spec, Path target) {
        if (Files.exists(target)) {
            throw new ParameterException(spec.commandLine(), target + " exists, and export does not overwrite a file it was not named: "
                    + "pass -o FILE to write another file (or that one, to replace it), or remove it");
        }
    }

    /** The schema file loaded; empty, with its errors and {@code nothing exported} printed, when it does not load. */
    static Optional<SchemaFile> load(DesignFiles.DesignFile file, PrintWriter report) {
        try {
            return Optional.of(file.load());
        } catch (SchemaFileException e) {
            e.errors().stream().map(SchemaError::toString).forEach(report::println);
            report.println(file.name() + ": " + Counted.of(e.errors().size(), "error", "errors") + "; nothing exported");
            return Optional.empty();
        }
    }

    /** Writes the export to its file, or fails naming the file and why. */
    static void write(Path target, String text) {
        try {
            Files.writeString(target, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
