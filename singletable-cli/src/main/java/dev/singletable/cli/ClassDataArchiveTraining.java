package dev.singletable.cli;


import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.output.Style;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs the design commands once each, in this JVM, output discarded, so that a JVM started with
 * {@code -XX:ArchiveClassesAtExit} archives every class they load. The {@code ./singletable}
 * script does this after each build, and then starts every design command with that
 * class-data-sharing archive ({@code -XX:SharedArchiveFile}): the JVM maps the classes instead
 * of loading, verifying and linking them. patterns and view run each design's access patterns on
 * the embedded engine, so the SDK client's classes are archived too; the demo and the data
 * commands are run only for {@code --help}.
 *
 * <p>It also fills the user's pattern cache ({@link Main#configureCache}, the directory the commands use): each schema
 * file of the designs given is run once with {@code patterns --no-cache FILE}, file by file (a directory's cache entry
 * never serves a run on one of its files), so that right after a build {@code singletable patterns FILE} and
 * {@code singletable view FILE} on a seed design answer from the cache. The entry is the user's own: its key is the
 * design's bytes and this build (the jar the script starts both runs with), the same a user's run computes.
 *
 * <pre>{@code
 * java -XX:ArchiveClassesAtExit=target/singletable-cli.jsa -cp ... dev.singletable.cli.ClassDataArchiveTraining designs/blog.singletable.yaml
 * }</pre>
 */
public final class ClassDataArchiveTraining {
    private ClassDataArchiveTraining() {
    }

    /** @param args the designs to run the commands on (schema files, directories or jars) */
    public static void main(String[] args) throws IOException {
        Main.configureLogging(false);
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        Main.configureCache();
        Path scratch = Files.createTempDirectory("singletable-training"); // the files -o writes, deleted after
        try {
            for (String[] command : commands(args, scratch)) {
                Main.run(command, nowhere, nowhere, Style.plain());
            }
        } finally {
            try (var files = Files.walk(scratch)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private static List<String[]> commands(String[] designs, Path scratch) {
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"--help"});
        commands.add(new String[] {"--version"});
        commands.add(new String[] {"nosuchcommand"});
        for (String command : new String[] {"check", "lint", "export", "import", "describe", "patterns", "view"}) {
            commands.add(new String[] {command, "--help"});
        }
        Set<Path> trained = new HashSet<>(); // the script names blog by itself and in designs/: one engine run each
        int n = 0;
        for (String design : designs) {
            n++;
            commands.add(new String[] {"check", design});
            commands.add(new String[] {"describe", design});
            commands.add(new String[] {"describe", "--format", "markdown", design});
            commands.add(new String[] {"describe", "--format", "json", design});
            commands.add(new String[] {"lint", design});
            commands.add(new String[] {"lint", "--format", "json", design});
            commands.add(new String[] {"lint", "--format", "sarif", design});
            commands.add(new String[] {"export", "cloudformation", design});
            commands.add(new String[] {"export", "terraform", design});
            commands.add(new String[] {"export", "nosql-workbench", design, "-o", scratch.resolve("model" + n + ".json").toString()});
            commands.addAll(patternRuns(Path.of(design), scratch, n, trained));
        }
        return commands;
    }

    /**
     * patterns and view on each schema file of {@code design} (each file of a directory by itself; a jar as a whole, as
     * a user names it): the first on the engine, keeping its results in the cache, the others answered from them.
     */
    private static List<String[]> patternRuns(Path design, Path scratch, int n, Set<Path> trained) {
        List<String> runs = Files.isDirectory(design)
                ? DesignFiles.find(design).stream().map(DesignFiles.DesignFile::name).toList()
                : List.of(design.toString());
        List<String[]> commands = new ArrayList<>();
        int m = 0;
        for (String file : runs) {
            m++;
            if (!trained.add(Path.of(file).toAbsolutePath().normalize())) {
                continue;
            }
            commands.add(new String[] {"patterns", "--no-cache", file});
            commands.add(new String[] {"patterns", "--format", "markdown", file});
            commands.add(new String[] {"patterns", "--format", "json", file});
            if (DesignFiles.find(Path.of(file)).size() == 1) {
                commands.add(new String[] {"view", file, "-o", scratch.resolve("view" + n + "-" + m + ".html").toString()});
            }
        }
        return commands;
    }
}
