package dev.singletable.cli.mcp;

import dev.singletable.cli.Main;
import dev.singletable.cli.output.Style;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DataTable;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * What the server serves: the design, its table on the engine (opened once, for the server's life), the caps on what a
 * result holds, and how a command of the CLI run in this JVM reaches the same table and nothing else.
 *
 * @param path          DESIGN as given
 * @param documents     the schema file the design commands ({@code describe}, {@code patterns}, {@code lint}) read:
 *                      DESIGN, or the served file alone when DESIGN holds several, so that they cover its table only
 * @param design        the loaded design
 * @param data          its table on the engine
 * @param engineOptions the options that reach that engine ({@code --endpoint}, {@code --region}...)
 * @param maxItems      the most items one result holds
 * @param maxBytes      the most bytes of items (as JSON) one result holds, past its first item
 * @param clock         the clock of writes
 */
record ServedDesign(Path path, Path documents, DataDesign design, DataTable data, List<String> engineOptions, int maxItems, int maxBytes,
                    Clock clock) {

    /** What a command printed and its exit code. */
    record CommandRun(int exitCode, String out, String err) {
        /**
         * Standard error as a tool's message: without the CLI's pointers to {@code --help} and {@code --verbose}, which a
         * tool's caller cannot follow, nor the engine and table it was started with, and the failure's paragraph, wrapped
         * for a terminal, on one line without the program's name ({@code put failed. ...}).
         */
        String message() {
            List<String> paragraphs = new ArrayList<>();
            for (String paragraph : err.strip().split("\\R\\s*\\R")) {
                String text = paragraph.lines()
                        .filter(line -> !line.startsWith("Run 'singletable ") || !line.endsWith("--help' for its options."))
                        .filter(line -> !line.equals("(Run again with --verbose for the details.)"))
                        .filter(line -> !line.startsWith("Engine  ") && !line.startsWith("Table   "))
                        .reduce((a, b) -> a + "\n" + b).orElse("").strip();
                if (text.startsWith("singletable ") && text.contains(" failed. ")) {
                    text = text.substring("singletable ".length()).replaceAll("\\R", " ");
                }
                if (!text.isEmpty()) {
                    paragraphs.add(text);
                }
            }
            return String.join("\n", paragraphs);
        }

        /**
         * The line of standard error that counts the requests sent, failed or not, and the capacity they consumed
         * ({@code 1 request, 6 WCU consumed}).
         */
        java.util.Optional<String> consumed() {
            return err.lines().filter(line -> line.matches("\\d+ requests?(, | \\().*")).reduce((first, last) -> last);
        }
    }

    /**
     * Runs {@code singletable COMMAND} in this JVM on this design's table: {@code options}, the engine's options and
     * {@code --table}, then {@code --} (so that no argument is read as an option), DESIGN and {@code arguments}.
     */
    CommandRun dataCommand(String command, List<String> options, List<String> arguments) {
        List<String> all = new ArrayList<>(options);
        all.addAll(engineOptions);
        all.addAll(List.of("--table", design.schema().name()));
        return command(command, all, arguments);
    }

    /** Runs the design command {@code singletable COMMAND options -- DESIGN} in this JVM, on the served schema file only. */
    CommandRun designCommand(String command, List<String> options) {
        return command(command, documents, options, List.of());
    }

    private CommandRun command(String command, List<String> options, List<String> arguments) {
        return command(command, path, options, arguments);
    }

    private CommandRun command(String command, Path design, List<String> options, List<String> arguments) {
        List<String> argv = new ArrayList<>();
        argv.add(command);
        argv.addAll(options);
        argv.add("--");
        argv.add(design.toString());
        argv.addAll(arguments);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(argv.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Style.plain(), clock);
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
