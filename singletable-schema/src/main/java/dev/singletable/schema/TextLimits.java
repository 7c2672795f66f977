package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Locale;
import java.util.Objects;

/**
 * The bounds singletable checks before it parses a text file, so that every reader ends quickly on any input: the
 * file's size, the length of one line, and how deep its values nest. A file past one of them is refused with a
 * {@link TextLimitException} naming the place, before a parser sees it.
 *
 * <p>The limits are far above what the files hold in practice: a design of a thousand entities is about 1 MB of
 * YAML, DynamoDB's largest item is 400 KB, and it nests attribute values at most 32 deep.
 *
 * <pre>{@code
 * String text = Utf8Files.readString(Path.of("shop.singletable.yaml"), TextLimits.DESIGN_FILE);
 * }</pre>
 *
 * @param kind          what the file is, as messages name it: {@code "a design file"}
 * @param maxBytes      the most bytes (or characters, of a text given as a string) it may have
 * @param maxLineLength the most characters on one line; 0 for no line limit (JSON, which reads in time linear in its
 *                      size whatever its lines)
 * @param maxDepth      the most nested objects and arrays
 * @param fix           what to do about a file too large, the end of the message
 */
@Experimental
public record TextLimits(String kind, long maxBytes, int maxLineLength, int maxDepth, String fix) {
    private static final int MIB = 1024 * 1024;

    /** A schema file (YAML lines: 64 KiB; the YAML parser's own bound is 3 MiB of text). */
    public static final TextLimits DESIGN_FILE = new TextLimits("a design file", 3L * MIB, 64 * 1024, 64,
            "split the design, or move sample items into an entity's exampleFile");
    /** A model of another tool given to {@code import} (NoSQL Workbench, Dynatable, OneTable): sample data makes them larger. */
    public static final TextLimits IMPORTED_MODEL = new TextLimits("a model to import", 16L * MIB, 64 * 1024, 64,
            "remove sample data from the model before importing it");
    /** A JSON Lines file of example items, one item a line. */
    public static final TextLimits EXAMPLE_FILE = new TextLimits("an example file", 16L * MIB, 4 * MIB, 64,
            "keep examples to a few items per entity; load larger data sets with 'singletable load'");
    /** One record of a data file streamed by {@code load}: the file has no size limit, a line does. */
    public static final TextLimits DATA_LINE = new TextLimits("a line of a data file", Long.MAX_VALUE, 4 * MIB, 64,
            "one item a line: DynamoDB's largest item is 400 KB");
    /** A small settings file: prices for {@code cost}, a load checkpoint. */
    public static final TextLimits SETTINGS_FILE = new TextLimits("a settings file", MIB, 64 * 1024, 64,
            "give the file singletable wrote, or one of the documented shape");

    public TextLimits {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(fix, "fix");
        if (maxBytes < 1 || maxLineLength < 0 || maxDepth < 1) {
            throw new IllegalArgumentException("limits must be positive (a line limit of 0 means none): " + maxBytes + ", "
                    + maxLineLength + ", " + maxDepth);
        }
    }

    /**
     * Checks a text already in memory against the size and line limits; {@code yaml} says whether the line limit applies
     * (it is YAML's parser that slows on long lines).
     *
     * @param name the file name the text goes by, for the message
     * @throws TextLimitException at the first limit passed
     */
    public void check(String text, String name, boolean yaml) throws TextLimitException {
        if (text.length() > maxBytes) {
            throw tooLarge(name, text.length());
        }
        if (yaml && maxLineLength > 0) {
            checkLines(text, name);
        }
    }

    /** Checks each line's length, in one pass. */
    void checkLines(CharSequence text, String name) throws TextLimitException {
        int line = 1;
        int start = 0;
        for (int i = 0, n = text.length(); i <= n; i++) {
            if (i == n || text.charAt(i) == '\n') {
                if (i - start > maxLineLength) {
                    throw longLine(name, line, i - start);
                }
                line++;
                start = i + 1;
            }
        }
    }

    TextLimitException tooLarge(String name, long size) {
        return new TextLimitException(name, 1, 1, "the file is " + megabytes(size) + "; " + kind + " may be at most "
                + megabytes(maxBytes) + ": " + fix);
    }

    TextLimitException longLine(String name, long line, long length) {
        return new TextLimitException(name, line, maxLineLength + 1L, "line " + line + " is " + String.format(Locale.ROOT, "%,d", length)
                + " characters long; " + kind + " may have lines of at most " + String.format(Locale.ROOT, "%,d", maxLineLength)
                + ": break the line" + (kind.equals(DESIGN_FILE.kind) ? " (a design written as JSON goes in a .json file, whose lines are not limited)" : ""));
    }

    /** The message of a text nested deeper than {@link #maxDepth}. */
    public String tooDeep() {
        return "values nest deeper than " + maxDepth + " levels; " + kind + " holds no such nesting (DynamoDB nests attribute values "
                + "at most 32 deep): fix the file";
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / (double) MIB);
    }
}
