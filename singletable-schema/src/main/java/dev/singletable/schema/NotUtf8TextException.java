package dev.singletable.schema;

import dev.singletable.Experimental;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A text file that is not UTF-8, where it stops being UTF-8: the line and column (of characters, from 1) and the byte
 * found there. Thrown by {@link Utf8Files}; a {@link CharacterCodingException}, as the JDK's own decoding failures are.
 *
 * <pre>{@code
 * try {
 *     String text = Utf8Files.readString(Path.of("orders.csv"));
 * } catch (NotUtf8TextException e) {
 *     // orders.csv:2:5: not UTF-8 text (byte 0xE9); save the file as UTF-8 (a spreadsheet's "CSV UTF-8", ...
 * }
 * }</pre>
 */
@Experimental
public final class NotUtf8TextException extends CharacterCodingException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final long column;
    private final int badByte;

    public NotUtf8TextException(Path file, long line, long column, int badByte) {
        this.file = file.toString();
        this.line = line;
        this.column = column;
        this.badByte = badByte;
    }

    public Path file() {
        return Path.of(file);
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }

    /** The byte that starts no UTF-8 character there (or ends the file inside one), 0 to 255. */
    public int badByte() {
        return badByte;
    }

    @Override
    public String getMessage() {
        return file + ":" + line + ":" + column + ": " + reason();
    }

    /**
     * What is wrong and the fix, without the place. The fix fits the file's kind, by its extension: a {@code .csv} file is
     * most often saved by a spreadsheet, a {@code .yaml}, {@code .yml}, {@code .json} or {@code .jsonl} file by an editor.
     *
     * <pre>{@code
     * // orders.csv:   not UTF-8 text (byte 0xE9); save the file as UTF-8 (a spreadsheet's "CSV UTF-8", or iconv ...)
     * // design.yaml:  not UTF-8 text (byte 0xE9); save the file as UTF-8 in your editor (or iconv ...)
     * }</pre>
     */
    public String reason() {
        return String.format("not UTF-8 text (byte 0x%02X); %s", badByte, fix());
    }

    private String fix() {
        Path name = Path.of(file).getFileName();
        String lowerCase = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        if (lowerCase.endsWith(".csv")) {
            return "save the file as UTF-8 (a spreadsheet's \"CSV UTF-8\", or " + ICONV + ")";
        }
        if (EDITED.stream().anyMatch(lowerCase::endsWith)) {
            return "save the file as UTF-8 in your editor (or " + ICONV + ")";
        }
        return "save the file as UTF-8 (in your editor or spreadsheet, or " + ICONV + ")";
    }

    private static final String ICONV = "iconv -f WINDOWS-1252 -t UTF-8 for a file saved as Latin-1 or Windows-1252";

    /** The kinds of file written in a text editor, not exported from a spreadsheet. */
    private static final List<String> EDITED = List.of(".yaml", ".yml", ".json", ".jsonl");
}
