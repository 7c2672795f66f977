package dev.singletable.cli.data.load;

import dev.singletable.cli.output.Failures;
import dev.singletable.schema.TextLimits;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * The JSON objects of an input file, each with the line it starts on. A file whose items each fit on a line of their own
 * (the whole file read to tell) is read one item a line (JSON Lines; an S3 export's DynamoDB JSON): a line that does not
 * parse is refused alone and the lines after it are still read. Any other file is read as a sequence of JSON values whatever their line breaks (one object,
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
             JsonParser parser = json.without(StreamReadFeature.STRICT_DUPLICATE_DETECTION).createParser(reader)) {
            return parser.nextToken() == null ? Optional.empty() : Optional.ofNullable(parser.readValueAsTree());
        } catch (JsonProcessingException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    /**
     * How many items the file has: its non-blank lines, or, for items over several lines, its values.
     *
     * @param oneALine whether the file holds one item a line ({@link #oneALine}, or its format says so)
     */
    long count(Path file, boolean oneALine) {
        long[] count = {0};
        if (oneALine) {
            lines(file, (line, text) -> count[0]++);
        } else {
            read(file, false, (line, object) -> InputRow.unreadable(file.toString(), line, ""), row -> count[0]++);
        }
        return count[0];
    }

    /**
     * Gives every object of the file, as {@code toRow} makes it a row, to {@code rows}; a value that is no object is refused.
     *
     * @param oneALine whether the file holds one item a line ({@link #oneALine}, or its format says so)
     */
    void read(Path file, boolean oneALine, Located toRow, java.util.function.Consumer<InputRow> rows) {
        String name = file.toString();
        if (oneALine) {
            lines(file, (line, text) -> {
                try {
                    rows.accept(row(name, line, json.readTree(text), toRow));
                } catch (JsonProcessingException e) {
                    rows.accept(InputRow.unreadable(name, line, column(e) + notJson.apply(e))); // the row names the line
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
                            + "(a closing } or ] is missing)" : e instanceof JsonProcessingException p ? notJson.apply(p) + at(p) : e.getMessage();
                    rows.accept(InputRow.unreadable(name, line, why + "; the file's items span lines, so where the next one starts is "
                            + "not known and nothing after this was read"));
                    return;
                }
            }
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    /** Where in the file the parser failed ({@code  at line 7, column 3}), as the row names only the line its value starts on. */
    private static String at(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
    }

    /** Where on its line the parser failed ({@code column 32: }), for a line of JSON Lines, which the row names. */
    private static String column(JsonProcessingException e) {
        return e.getLocation() == null ? "" : "column " + e.getLocation().getColumnNr() + ": ";
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
     * Whether the file holds one item a line, read from the whole file as a stream of JSON values: none spans lines, no two
     * share one and none is an array. A value that does not parse ends that reading, and {@link #brokenLine} tells whether it
     * is a broken line of JSON Lines, to be refused alone, or an item over several lines.
     */
    boolean oneALine(Path file) {
        // a key given twice is the item's refusal when it is read, not a break of the file's layout
        try (BufferedReader reader = InputFiles.open(file);
             JsonParser parser = json.without(StreamReadFeature.STRICT_DUPLICATE_DETECTION).createParser(reader)) {
            long lastLine = 0;
            while (true) {
                long start = 0;
                try {
                    JsonToken token = parser.nextToken();
                    if (token == null) {
                        return true;
                    }
                    start = parser.currentTokenLocation().getLineNr();
                    if (token == JsonToken.START_ARRAY || start == lastLine) {
                        return false;
                    }
                    parser.skipChildren();
                    lastLine = parser.currentTokenLocation().getLineNr();
                    if (lastLine != start) {
                        return false;
                    }
                } catch (JsonProcessingException e) {
                    return brokenLine(file, start > 0 || e.getLocation() == null ? start : e.getLocation().getLineNr());
                }
            }
        } catch (IOException e) {
            throw Failures.unreadable(file, e);
        }
    }

    /**
     * Whether the value that does not parse, starting on line {@code start}, is a broken line of JSON Lines: it is not an
     * array's start and it ends on its line, or the next line is an item by itself (the line was cut short) or there is none.
     * Otherwise it is an item over several lines, refused where it breaks, naming line and column.
     */
    private boolean brokenLine(Path file, long start) throws IOException {
        try (BufferedReader reader = InputFiles.open(file)) {
            BoundedLines lines = new BoundedLines(reader, file.toString(), TextLimits.DATA_LINE);
            long number = 0;
            Optional<String> broken = Optional.empty();
            for (Optional<String> line = lines.next(); line.isPresent(); line = lines.next()) {
                number++;
                if (number == start || broken.isEmpty() && number > start && !line.get().isBlank()) {
                    broken = line;
                    if (broken.get().strip().startsWith("[")) {
                        return false;
                    }
                    if (!goesOn(broken.get())) {
                        return true;
                    }
                } else if (broken.isPresent() && !line.get().isBlank()) {
                    return item(line.get());
                }
            }
            return true;
        }
    }

    /** Whether the text is one JSON object by itself (a key given twice in it is its refusal, not the layout's). */
    private boolean item(String text) {
        try {
            return json.without(StreamReadFeature.STRICT_DUPLICATE_DETECTION).readTree(text).isObject();
        } catch (JsonProcessingException e) {
            return false;
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
