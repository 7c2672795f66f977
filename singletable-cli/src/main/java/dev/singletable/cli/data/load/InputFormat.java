package dev.singletable.cli.data.load;

import dev.singletable.schema.TextLimits;
import dev.singletable.cli.output.Failures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Locale;

/** The formats {@code load} reads, told apart by extension and, for JSON, by the first item. */
enum InputFormat {
    JSON_LINES("JSON Lines"),
    CSV("CSV"),
    DYNAMODB_JSON("DynamoDB JSON"),
    NOSQL_WORKBENCH("NoSQL Workbench model");

    private final String label;

    InputFormat(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /**
     * The format of a file: CSV by extension ({@code .csv}); a JSON document with a {@code DataModel}
     * (or {@code ModelName}) is a NoSQL Workbench model; lines starting with {@code {"Item":} are
     * DynamoDB JSON as an S3 export writes it; other JSON lines are JSON Lines.
     */
    static InputFormat of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv") || name.endsWith(".csv.gz")) {
            return CSV;
        }
        String first = firstNonBlankLine(file);
        String compact = first.replace(" ", "").replace("\t", "");
        if (compact.startsWith("{\"Item\":")) {
            return DYNAMODB_JSON;
        }
        if (compact.equals("{") || compact.startsWith("{\"ModelName\"") || compact.startsWith("{\"DataModel\"")) {
            return NOSQL_WORKBENCH;
        }
        return JSON_LINES;
    }

    private static String firstNonBlankLine(Path file) {
        try (BufferedReader reader = InputFiles.open(file)) {
            BoundedLines lines = new BoundedLines(reader, file.toString(), TextLimits.DATA_LINE);
            for (Optional<String> line = lines.next(); line.isPresent(); line = lines.next()) {
                if (!line.get().isBlank()) {
                    return line.get().strip();
                }
            }
            return "";
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }
}
