package dev.singletable.cli;

import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** {@code singletable check DESIGN}: loads schema files as the library does and lists every mistake. */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = {
                "Checks schema files (format singletable/1, YAML or JSON): the format, every key template, index, collection, "
                        + "access pattern and example, by the rules the library applies when it loads them.",
                "",
                "DESIGN is a schema file, or a directory or jar holding schema files (such as target/classes, where the "
                        + "annotation processor writes META-INF/singletable/<Table>.singletable.json).",
                "",
                "Exit code 0 when every file loads (one summary line each), 1 with every error listed otherwise.",
                ""},
        optionListHeading = "Options:%n")
final class CheckCommand implements Callable<Integer> {
    private static final List<String> SUFFIXES = List.of(".singletable.yaml", ".singletable.yml", ".singletable.json");

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DESIGN", description = "A schema file, or a directory or jar holding schema files.")
    private Path design;

    /** A schema file's text and the name errors give it. */
    private record Source(String name, String text, Path path) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Source> sources = sources();
        if (sources.isEmpty()) {
            out.println(design + ": no schema files (names ending in " + String.join(", ", SUFFIXES) + ")");
            return 1;
        }
        int failed = 0;
        for (Source source : sources) {
            try {
                SchemaFile file = source.path() != null ? SchemaFile.load(source.path()) : SchemaFile.parse(source.text(), source.name());
                out.println(source.name() + ": OK, " + file.summary());
            } catch (SchemaFileException e) {
                failed++;
                for (SchemaError error : e.errors()) {
                    out.println(error);
                }
                out.println(source.name() + ": " + e.errors().size() + (e.errors().size() == 1 ? " error" : " errors"));
            }
        }
        return failed == 0 ? 0 : 1;
    }

    private List<Source> sources() {
        if (Files.isDirectory(design)) {
            try (Stream<Path> files = Files.walk(design)) {
                return files.filter(Files::isRegularFile).filter(f -> isSchemaFile(f.getFileName().toString())).sorted()
                        .map(f -> new Source(f.toString(), "", f)).toList();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + design + ": " + e.getMessage(), e);
            }
        }
        if (!Files.isRegularFile(design)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), design + ": no such file or directory");
        }
        if (design.toString().endsWith(".jar") || design.toString().endsWith(".zip")) {
            return jarSources();
        }
        return List.of(new Source(design.toString(), "", design));
    }

    private List<Source> jarSources() {
        List<Source> sources = new ArrayList<>();
        try (ZipFile jar = new ZipFile(design.toFile())) {
            Enumeration<? extends ZipEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (!entry.isDirectory() && isSchemaFile(entry.getName())) {
                    String text = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
                    sources.add(new Source(design + "!/" + entry.getName(), text, null));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + design + " as a jar: " + e.getMessage(), e);
        }
        sources.sort(java.util.Comparator.comparing(Source::name));
        return sources;
    }

    private static boolean isSchemaFile(String name) {
        return SUFFIXES.stream().anyMatch(name::endsWith);
    }
}
