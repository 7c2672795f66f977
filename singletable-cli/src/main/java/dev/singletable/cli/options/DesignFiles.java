package dev.singletable.cli.options;

import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The schema files a DESIGN argument names: the file itself, every schema file below a directory
 * (such as {@code target/classes}), or every one inside a jar.
 */
public final class DesignFiles {
    public static final List<String> SUFFIXES = List.of(".singletable.yaml", ".singletable.yml", ".singletable.json");

    /** One schema file: the name messages give it, how to load it, and how to read its text as it is stored. */
    public record DesignFile(String name, Supplier<SchemaFile> loader, Supplier<byte[]> reader) {
        public SchemaFile load() {
            return loader.get();
        }

        /** The file's own name, without the directory or jar that holds it ({@code AppTable.singletable.json}). */
        public String fileName() {
            return name.replaceAll("^.*[/\\\\!]", "");
        }

        /** The file's bytes, unparsed. */
        public byte[] bytes() {
            return reader.get();
        }
    }

    private DesignFiles() {
    }

    /**
     * The schema files of a command's DESIGN argument, as {@link #find} gives them; empty when a directory or jar holds
     * none, which is then said on {@code report} (the command exits 1).
     *
     * @throws ParameterException when DESIGN does not exist (a usage error: exit 2)
     */
    public static Optional<List<DesignFile>> ofArgument(CommandSpec spec, Path design, PrintWriter report) {
        if (!Files.exists(design)) {
            throw missing(spec, design);
        }
        List<DesignFile> files = find(design);
        if (files.isEmpty()) {
            report.println(design + ": no schema files (names ending in " + String.join(", ", SUFFIXES) + ")");
            return Optional.empty();
        }
        return Optional.of(files);
    }

    /**
     * Runs {@code step} on each schema file of DESIGN, as {@link #ofArgument} finds them; the exit code: 0 when every step
     * succeeded, 1 when one failed or DESIGN holds none.
     */
    public static int each(CommandSpec spec, Path design, PrintWriter report, Predicate<DesignFile> step) {
        Optional<List<DesignFile>> found = ofArgument(spec, design, report);
        if (found.isEmpty()) {
            return 1;
        }
        int failed = 0;
        for (DesignFile file : found.get()) {
            if (!step.test(file)) {
                failed++;
            }
        }
        return failed == 0 ? 0 : 1;
    }

    /**
     * The usage error for a DESIGN that does not exist, offering the existing path closest to it when one is
     * close enough to be a typo ({@code designs/blog.singletable.yml} for {@code .yaml}, {@code design/} for
     * {@code designs/}).
     */
    public static ParameterException missing(CommandSpec spec, Path design) {
        return new ParameterException(spec.commandLine(), design + ": no such file or directory"
                + closestExisting(design).map(path -> "; did you mean " + path + "?").orElse("")
                + "; DESIGN is a schema file, or a directory or jar holding schema files");
    }

    /** The existing path that differs from {@code path} by a typo in each name that does not exist; empty when there is none. */
    static Optional<Path> closestExisting(Path path) {
        Path found = path.getRoot() == null ? Path.of("") : path.getRoot();
        for (Path name : path) {
            Path next = found.resolve(name);
            if (!Files.exists(next)) {
                Path directory = found.toString().isEmpty() ? Path.of(".") : found;
                if (!Files.isDirectory(directory)) {
                    return Optional.empty();
                }
                List<String> siblings;
                try (Stream<Path> entries = Files.list(directory)) {
                    siblings = entries.map(entry -> entry.getFileName().toString()).sorted().toList();
                } catch (IOException e) {
                    return Optional.empty();
                }
                Optional<String> closest = closestName(name.toString(), siblings);
                if (closest.isEmpty()) {
                    return Optional.empty();
                }
                next = found.resolve(closest.get());
            }
            found = next;
        }
        return found.equals(path) ? Optional.empty() : Optional.of(found);
    }

    /**
     * The sibling a mistyped name was meant to be: the name before its first dot decides (so that the long
     * {@code .singletable.yaml} every design shares makes no other design look like a typo of it), then the
     * whole name, or the only sibling of that stem ({@code blog.yaml} for {@code blog.singletable.yaml}).
     */
    private static Optional<String> closestName(String name, List<String> siblings) {
        Optional<String> stem = dev.singletable.ClosestName.among(stem(name), siblings.stream().map(DesignFiles::stem).distinct().toList());
        if (stem.isEmpty()) {
            return Optional.empty();
        }
        List<String> candidates = siblings.stream().filter(sibling -> stem(sibling).equals(stem.get())).toList();
        Optional<String> closest = dev.singletable.ClosestName.among(name, candidates);
        return closest.isPresent() || candidates.size() != 1 ? closest : Optional.of(candidates.get(0));
    }

    private static String stem(String name) {
        int dot = name.indexOf('.', 1);
        return dot < 0 ? name : name.substring(0, dot);
    }

    /** The schema files of {@code design}; empty when a directory or jar holds none. */
    public static List<DesignFile> find(Path design) {
        if (Files.isDirectory(design)) {
            try (Stream<Path> files = Files.walk(design)) {
                return files.filter(Files::isRegularFile).filter(f -> isSchemaFile(f.getFileName().toString())).sorted()
                        .map(f -> new DesignFile(f.toString(), () -> SchemaFile.load(f), () -> read(f))).toList();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + design + ": " + e.getMessage(), e);
            }
        }
        if (design.toString().endsWith(".jar") || design.toString().endsWith(".zip")) {
            return inJar(design);
        }
        return List.of(new DesignFile(design.toString(), () -> SchemaFile.load(design), () -> read(design)));
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<DesignFile> inJar(Path jarPath) {
        List<DesignFile> files = new ArrayList<>();
        try (ZipFile jar = new ZipFile(jarPath.toFile())) {
            Enumeration<? extends ZipEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (!entry.isDirectory() && isSchemaFile(entry.getName())) {
                    String text = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
                    String name = jarPath + "!/" + entry.getName();
                    files.add(new DesignFile(name, () -> SchemaFile.parse(text, name), () -> text.getBytes(StandardCharsets.UTF_8)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jarPath + " as a jar: " + e.getMessage(), e);
        }
        files.sort(Comparator.comparing(DesignFile::name));
        return files;
    }

    private static boolean isSchemaFile(String name) {
        return SUFFIXES.stream().anyMatch(name::endsWith);
    }
}
