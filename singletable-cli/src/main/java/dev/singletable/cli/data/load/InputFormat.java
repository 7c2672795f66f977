package dev.singletable.cli.data.load;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Locale;

/** The formats {@code load} reads, told apart by extension and, for JSON, by the first value. */
enum InputFormat {
    /** JSON objects one a line. */
    JSON_LINES("JSON Lines"),
    /**
     * JSON objects not one a line: pretty-printed, one after another or in an array (as {@code put --format json} and jq
     * print them); read the same way, but named apart so that the output describes the file.
     */
    JSON_ITEMS("JSON items"),
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
     * The format of a file: CSV by extension ({@code .csv}); else by its first JSON value, whatever its line breaks: an
     * object with a {@code DataModel} (the key NoSQL Workbench's import reads) is a NoSQL Workbench model; one whose first
     * key is an {@code Item} object is DynamoDB JSON, as an S3 export writes it; anything else is JSON Lines where the file is read
     * one item a line, else JSON items (objects over several lines), each refused with its line where it is not an item.
     */
    static InputFormat of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv") || name.endsWith(".csv.gz")) {
            return CSV;
        }
        Optional<JsonNode> first = InputFiles.JSON_OBJECTS.first(file);
        if (first.filter(value -> value.has("DataModel")).isPresent()) {
            return NOSQL_WORKBENCH;
        }
        if (first.filter(value -> value.path("Item").isObject() && value.fieldNames().next().equals("Item")).isPresent()) {
            return DYNAMODB_JSON;
        }
        return InputFiles.JSON_OBJECTS.oneALine(file) ? JSON_LINES : JSON_ITEMS;
    }

    /** Whether a file of JSON items of this format holds one a line: the format says so, but for DynamoDB JSON, which may be either. */
    boolean oneALine(Path file) {
        return this == JSON_LINES || this == DYNAMODB_JSON && InputFiles.JSON_OBJECTS.oneALine(file);
    }
}
