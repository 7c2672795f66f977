package dev.singletable.schema;

import dev.singletable.Experimental;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A text file, or a text given in place of one, that passes a limit singletable sets before parsing: its size, the
 * length of one of its lines, or the depth of its nesting. The limits keep every reader's time and memory bounded on
 * any input (a 50 MB file of one line, a model nested ten thousand deep), so the answer is this error, at once, and
 * never a long wait or an exhausted heap. Like {@link NotUtf8TextException} it names the place: the line and column
 * where the limit was passed.
 *
 * <pre>{@code
 * try {
 *     String text = Utf8Files.readString(path, TextLimits.DESIGN_FILE);
 * } catch (TextLimitException e) {
 *     System.err.println(e.getMessage());
 *     // design.yaml:1:1: the file is 8.0 MB; a design file may be at most 3.0 MB: split the design, or move sample items into an entity's exampleFile
 * }
 * }</pre>
 */
@Experimental
public final class TextLimitException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final long column;
    private final String reason;

    /**
     * @param file   the file, or the name the text goes by
     * @param line   the line where the limit was passed, from 1
     * @param column the column there, from 1
     * @param reason what is wrong and the fix, without the place
     */
    public TextLimitException(String file, long line, long column, String reason) {
        super(file + ":" + line + ":" + column + ": " + reason);
        this.file = file;
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    /** The file, or the name the text goes by. */
    public String file() {
        return file;
    }

    /** The file as a path, for a text read from one. */
    public Path path() {
        return Path.of(file);
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }

    /** What is wrong and the fix, without the place. */
    public String reason() {
        return reason;
    }
}
