package dev.singletable.cli;

import dev.singletable.cli.design.PatternRunCache;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the design commands once each, in this JVM, output discarded, so that a JVM started with
 * {@code -XX:ArchiveClassesAtExit} archives every class they load. The {@code ./singletable}
 * script does this after each build, and then starts every design command with that
 * class-data-sharing archive ({@code -XX:SharedArchiveFile}): the JVM maps the classes instead
 * of loading, verifying and linking them. patterns and view run each design's access patterns on
 * DynamoDB Local embedded in this JVM, so its classes are archived too; the demo and the data
 * commands are run only for {@code --help}.
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
        Path scratch = Files.createTempDirectory("singletable-training");
        System.setProperty(PatternRunCache.DIRECTORY_PROPERTY, scratch.resolve("cache").toString());
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
            // the first on the engine, the others from the results it keeps in the scratch cache
            commands.add(new String[] {"patterns", design});
            commands.add(new String[] {"patterns", "--format", "markdown", design});
            commands.add(new String[] {"patterns", "--format", "json", design});
            if (DesignFiles.find(Path.of(design)).size() == 1) {
                commands.add(new String[] {"view", design, "-o", scratch.resolve("view" + n + ".html").toString()});
            }
        }
        return commands;
    }
}
