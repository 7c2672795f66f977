package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;

/**
 * Where something of a schema file starts: the file's name as given to the loader and the 1-based
 * line and column, as {@link SchemaError} gives them. Design tools (lint, SARIF) point at it.
 *
 * <pre>{@code
 * SchemaFile design = SchemaFile.load(Path.of("blog.singletable.yaml"));
 * SourceLocation at = design.location("entities", "Post", "keys", "pk").orElseThrow();
 * System.out.println(at); // blog.singletable.yaml:89:7 (the line and column of Post's pk template)
 * }</pre>
 *
 * @param file the file's name as given to the loader
 * @param line the 1-based line
 * @param column the 1-based column
 */
@Experimental
public record SourceLocation(String file, int line, int column) {
    public SourceLocation {
        Objects.requireNonNull(file, "file");
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column are 1-based: got " + line + ":" + column + " in " + file);
        }
    }

    /** {@code file:line:column}, the form compilers and editors link to. */
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
