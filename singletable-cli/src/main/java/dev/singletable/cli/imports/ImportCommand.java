package dev.singletable.cli.imports;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.ImportFormat;
import dev.singletable.schema.ImportNote;
import dev.singletable.schema.ImportResult;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import dev.singletable.schema.SchemaFileImport;
import dev.singletable.schema.SchemaFileWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code singletable import FORMAT FILE}: another tool's design as a schema file, with what was guessed or dropped. */
@Command(name = "import", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class ImportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FORMAT", converter = FormatConverter.class, completionCandidates = FormatNames.class)
    private ImportFormat format;

    @Parameters(index = "1", paramLabel = "FILE")
    private Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT")
    private Path output;

    @Option(names = "--table", paramLabel = "NAME")
    private String tableName;

    @Option(names = "--each-table")
    private boolean eachTable;

    @Option(names = "--rename", paramLabel = "OLD=NEW")
    private List<String> renames = new ArrayList<>();

    /** The formats as the command line spells them (their ids), for shell completion. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(ImportFormat.values()).map(ImportFormat::id).iterator();
        }
    }

    /** The format an id names; an unknown one is refused with every id, as the registry lists them. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<ImportFormat> {
        @Override
        public ImportFormat convert(String value) {
            return ImportFormat.byId(value).orElseThrow(() -> {
                List<String> ids = java.util.Arrays.stream(ImportFormat.values()).map(ImportFormat::id).toList();
                return new picocli.CommandLine.TypeConversionException("'" + value + "' is not a format; use "
                        + String.join(", ", ids.subList(0, ids.size() - 1)) + " or " + ids.get(ids.size() - 1));
            });
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (Files.isDirectory(file)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), file + ": a directory; import reads one file: give the "
                    + format.id() + " file's path");
        }
        if (!Files.isRegularFile(file)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), file + ": no such file");
        }
        String stem = file.getFileName().toString().replaceFirst("\\..*$", "");
        Path beside = file.resolveSibling(stem + ".singletable.yaml");
        if (output == null && !eachTable) {
            refuseToOverwrite(beside, "pass -o FILE to write another file (or that one, to replace it), or remove it");
        }
        List<ImportResult> results;
        try {
            results = format.holdsSeveralTables() && (eachTable || tableName != null) ? tables(out, format::readTables)
                    : List.of(tableName != null ? format.read(file, tableName) : format.read(file));
            if (results.isEmpty()) {
                return 1;
            }
            if (eachTable) {
                return writeEachTable(results, out);
            }
            SchemaDocument document = results.get(0).document();
            for (String rename : renames) {
                document = SchemaFileImport.rename(document, rename);
            }
            return write(results.get(0), document, output != null ? output : beside, out);
        } catch (DesignImportException e) {
            // a located message starts with the file's name: the path goes in its place, so editors can jump to it
            String name = file.getFileName().toString();
            String message = e.getMessage();
            out.println(message.startsWith(name + ":") ? file + message.substring(name.length())
                    : message.startsWith(file + ":") ? message : file + ": " + message);
            return 1;
        }
    }

    /** Writes each table of the model to a file of its name, in OUT or beside FILE; nothing when two tables share a name. */
    private int writeEachTable(List<ImportResult> results, PrintWriter out) {
        Path directory = output != null ? output : file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(directory);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("Cannot write " + directory + ": " + e.getMessage(), e);
        }
        // a file per table name: the model's tables of one name would replace each other's file
        Map<String, Long> ofName = results.stream().collect(Collectors.groupingBy(result -> result.document().table().name(),
                LinkedHashMap::new, Collectors.counting()));
        List<String> repeated = ofName.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
        if (!repeated.isEmpty()) {
            out.println(file + ": the model has " + String.join(", ", repeated.stream().map(name -> ofName.get(name) + " tables named "
                    + name).toList()) + ", and --each-table writes a file per table name; nothing written: rename all but one in the model");
            return 1;
        }
        // OUT names the directory, not its files: an existing one is no more asked for than FILE's neighbour
        results.forEach(result -> refuseToOverwrite(directory.resolve(result.document().table().name() + ".singletable.yaml"),
                "import into another directory (-o DIR) or that table alone (--table " + result.document().table().name()
                        + " -o FILE), or remove it"));
        int code = 0;
        for (ImportResult result : results) {
            code = Math.max(code, write(result, result.document(), directory.resolve(result.document().table().name() + ".singletable.yaml"), out));
        }
        return code;
    }

    /**
     * Refuses a file the command would write by default (FILE's name beside it, or its table's name in the directory of FILE
     * or of {@code --each-table -o DIR}) when it exists: it may be a design edited since, and nobody asked for it to be
     * replaced. An explicit {@code -o FILE} is that request.
     */
    private void refuseToOverwrite(Path target, String fix) {
        if (Files.exists(target)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), target + " exists, and import does not overwrite a "
                    + "file it was not named: " + fix);
        }
    }

    /** The model's tables: all of them for --each-table, else the one --table names (empty, said, when it has none of that name). */
    private List<ImportResult> tables(PrintWriter out, java.util.function.Function<Path, List<ImportResult>> read) {
        if (eachTable && (!renames.isEmpty() || tableName != null)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--each-table imports every table, a file each; it takes "
                    + "neither --table nor --rename (rename in each file afterwards)");
        }
        if (eachTable && output != null && Files.exists(output) && !Files.isDirectory(output)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), output + ": with --each-table, OUT is the directory the "
                    + "files go in, and this is a file");
        }
        List<ImportResult> tables = read.apply(file);
        if (tableName == null) {
            return tables;
        }
        List<ImportResult> named = tables.stream().filter(t -> t.document().table().name().equals(tableName)).toList();
        if (named.isEmpty()) {
            out.println(file + ": the model has no table " + tableName + "; its tables: "
                    + String.join(", ", tables.stream().map(t -> t.document().table().name()).toList()));
        }
        return named;
    }

    /** Writes one imported design when it loads, printing its notes; nothing when it does not. */
    private int write(ImportResult result, SchemaDocument document, Path target, PrintWriter out) {
        String yaml = SchemaFileWriter.toYaml(document);
        try {
            SchemaFile.parse(yaml, "(imported design)");
        } catch (SchemaFileException e) {
            result.notes().forEach(out::println);
            for (SchemaError error : e.errors()) {
                out.println("does not load: " + (error.path().isEmpty() ? "" : error.path() + ": ") + error.message());
            }
            out.println(file + ": the imported design does not load (" + Counted.of(e.errors().size(), "error", "errors")
                    + "); nothing written");
            return 1;
        }
        SchemaFileWriter.write(document, target);
        int inferred = 0;
        int notMapped = 0;
        for (ImportNote note : result.notes()) {
            out.println(note);
            if (note.kind() == ImportNote.Kind.INFERRED) {
                inferred++;
            } else {
                notMapped++;
            }
        }
        for (String rename : renames) {
            out.println("renamed: " + rename);
        }
        out.println("wrote " + target + ": table " + document.table().name() + ", " + Counted.of(document.entities().size(), "entity", "entities")
                + (document.relations().isEmpty() ? "" : ", " + Counted.of(document.relations().size(), "relation", "relations"))
                + ", " + Counted.of(document.table().indexes().size(), "index", "indexes") + "; " + inferred + " inferred, " + notMapped + " not mapped");
        return 0;
    }

}
