package dev.singletable.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the design commands once each, in this JVM, output discarded, so that a JVM started with
 * {@code -XX:ArchiveClassesAtExit} archives every class they load. The {@code ./singletable}
 * script does this after each build, and then starts every design command with that
 * class-data-sharing archive ({@code -XX:SharedArchiveFile}): the JVM maps the classes instead
 * of loading, verifying and linking them. The demo, patterns and view run their design's patterns
 * on DynamoDB Local, which is not on the design commands' class path: they are run only for
 * {@code --help} here.
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
        try {
            for (String[] command : commands(args, scratch)) {
                Main.run(command, nowhere, nowhere, Style.plain());
            }
        } finally {
            try (var files = Files.list(scratch)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(scratch);
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
        }
        return commands;
    }
}
