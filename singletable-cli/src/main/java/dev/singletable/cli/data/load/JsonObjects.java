package dev.singletable.cli.data.load;

import dev.singletable.cli.output.Failures;
import dev.singletable.schema.TextLimits;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * The JSON objects of an input file, each with the line it starts on. A file whose first item fits on its line is read
 * one item a line (JSON Lines; an S3 export's DynamoDB JSON): a line that does not parse is refused alone and the lines
 * after it are still read. Any other file is read as a sequence of JSON values whatever their line breaks (one object,
 * several one after another as jq and {@code put --format json} print them, or one array of them): there a value that does
 * not parse ends the reading, as where the next one starts is not known.
 */
final class JsonObjects {
    private final ObjectReader json;
    private final Function<JsonProcessingException, String> notJson;

    /**
     * @param json    the reader of one value (its features, such as refusing a key given twice, apply to every item)
     * @param notJson why a value does not parse, for its row
     */
    JsonObjects(ObjectReader json, Function<JsonProcessingException, String> notJson) {
        this.json = json;
        this.notJson = notJson;
    }

    /**
     * The first JSON value of the file, whatever its line breaks, for its keys (a key given twice is refused when its item is
     * read, not here); empty when the file has none or it does not parse.
     */
    Optional<JsonNode> first(Path file) {
        try (BufferedReader reader = InputFiles.open(file);
             JsonParser parser = json.without(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).createParser(reader)) {
            return parser.nextToken() == null ? Optional.empty() : Optional.ofNullable(parser.readValueAsTree());
        } catch (JsonProcessingException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    /** How many items the file has: its non-blank lines, or, for items over several lines, its values. */
    long count(Path file) {
        long[] count = {0};
        if (oneALine(file)) {
            lines(file, (line, text) -> count[0]++);
        } else {
            read(file, (line, object) -> InputRow.unreadable(file.toString(), line, ""), row -> count[0]++);
        }
        return count[0];
    }

    /** Gives every object of the file, as {@code toRow} makes it a row, to {@code rows}; a value that is no object is refused. */
    void read(Path file, Located toRow, java.util.function.Consumer<InputRow> rows) {
        String name = file.toString();
        if (oneALine(file)) {
            lines(file, (line, text) -> {
                try {
                    rows.accept(row(name, line, json.readTree(text), toRow));
                } catch (JsonProcessingException e) {
                    rows.accept(InputRow.unreadable(name, line, notJson.apply(e)));
                }
            });
            return;
        }
        try (BufferedReader reader = InputFiles.open(file); MappingIterator<JsonNode> values = json.forType(JsonNode.class).readValues(reader)) {
            while (true) {
                long line = values.getParser().currentLocation().getLineNr();
                try {
                    if (!values.hasNextValue()) {
                        return;
                    }
                    line = values.getParser().currentTokenLocation().getLineNr();
                    rows.accept(row(name, line, values.nextValue(), toRow));
                } catch (JsonProcessingException | RuntimeException e) {
                    String why = e instanceof com.fasterxml.jackson.core.io.JsonEOFException ? "not JSON: the file ends inside this value "
                            + "(a closing } or ] is missing)" : e instanceof JsonProcessingException p ? notJson.apply(p) : e.getMessage();
                    rows.accept(InputRow.unreadable(name, line, why + "; the file's items span lines, so where the next one starts is "
                            + "not known and nothing after this was read"));
                    return;
                }
            }
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    /** Makes an object of the file, starting at {@code line}, an input row. */
    @FunctionalInterface
    interface Located {
        InputRow row(long line, JsonNode object);
    }

    private static InputRow row(String name, long line, JsonNode node, Located toRow) {
        return node == null || !node.isObject() ? InputRow.unreadable(name, line, "not a JSON object") : toRow.row(line, node);
    }

    /**
     * Whether the file holds one item a line: its first non-blank line is not an array's start and not an object that goes
     * on past the line (a line that is not JSON at all is refused alone, as a line of JSON Lines).
     */
    boolean oneALine(Path file) {
        try (BufferedReader reader = InputFiles.open(file)) {
            BoundedLines lines = new BoundedLines(reader, file.toString(), TextLimits.DATA_LINE);
            for (Optional<String> line = lines.next(); line.isPresent(); line = lines.next()) {
                if (!line.get().isBlank()) {
                    return !line.get().strip().startsWith("[") && !goesOn(line.get());
                }
            }
            return true;
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    /** Whether the text is the start of a JSON value that goes on past it. */
    private boolean goesOn(String text) {
        try {
            json.readTree(text);
            return false;
        } catch (com.fasterxml.jackson.core.io.JsonEOFException e) {
            return true;
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    private interface LineText {
        void accept(long line, String text) throws IOException;
    }

    /** Each non-blank line with its number. */
    private static void lines(Path file, LineText each) {
        try (BufferedReader reader = InputFiles.open(file)) {
            BoundedLines lines = new BoundedLines(reader, file.toString(), TextLimits.DATA_LINE);
            long number = 0;
            for (Optional<String> line = lines.next(); line.isPresent(); line = lines.next()) {
                number++;
                if (!line.get().isBlank()) {
                    each.accept(number, line.get());
                }
            }
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }
}
