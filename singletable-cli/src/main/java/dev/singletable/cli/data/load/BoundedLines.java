package dev.singletable.cli.data.load;

import dev.singletable.schema.TextLimitException;
import dev.singletable.schema.TextLimits;

import java.io.IOException;
import java.io.Reader;
import java.util.Optional;

/**
 * Lines of a data file, none longer than its limit: a line past it fails at once with its place, before the rest of it
 * is held in memory (a {@link java.io.BufferedReader#readLine} would gather a multi-gigabyte line whole first).
 */
final class BoundedLines {
    private final Reader reader;
    private final String name;
    private final int maxLength;
    private final char[] buffer = new char[1 << 16];
    private final StringBuilder line = new StringBuilder();
    private int position;
    private int limit;
    private long number;
    private boolean afterCarriageReturn;

    BoundedLines(Reader reader, String name, TextLimits limits) {
        this.reader = reader;
        this.name = name;
        this.maxLength = limits.maxLineLength();
    }

    /** The next line without its terminator (\n, \r\n or \r), or empty at the end. */
    Optional<String> next() throws IOException {
        line.setLength(0);
        boolean any = false;
        while (true) {
            if (position == limit) {
                limit = reader.read(buffer, 0, buffer.length);
                position = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (!any) {
                        return Optional.empty();
                    }
                    number++;
                    return Optional.of(line.toString());
                }
            }
            char c = buffer[position++];
            if (afterCarriageReturn) {
                afterCarriageReturn = false;
                if (c == '\n') {
                    continue;
                }
            }
            any = true;
            if (c == '\n' || c == '\r') {
                afterCarriageReturn = c == '\r';
                number++;
                return Optional.of(line.toString());
            }
            if (line.length() == maxLength) {
                throw new TextLimitException(name, number + 1, maxLength + 1L, "line " + (number + 1) + " is longer than "
                        + String.format(java.util.Locale.ROOT, "%,d", maxLength) + " characters; " + TextLimits.DATA_LINE.kind()
                        + " may be at most that long: " + TextLimits.DATA_LINE.fix());
            }
            line.append(c);
        }
    }
}
