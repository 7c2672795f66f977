package dev.singletable.schema;

import dev.singletable.Experimental;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads users' text files (schema files, example and data files) as UTF-8, and when one is not, says where: a
 * {@link NotUtf8TextException} with the line, column and byte, in place of the JDK's "Input length = 1". A byte order
 * mark at the start (which spreadsheets write in "CSV UTF-8" files, and some Windows editors in every file) is left out
 * of the text, as RFC 8259 allows for JSON, rather than becoming part of the first column's or field's name.
 *
 * <pre>{@code
 * List<String> lines = Utf8Files.readAllLines(Path.of("users.jsonl"));
 * // streaming: name the place if it fails
 * try (BufferedReader reader = Utf8Files.newBufferedReader(file)) {
 *     ...
 * } catch (IOException e) {
 *     throw new UncheckedIOException(Utf8Files.located(file, e));
 * }
 * }</pre>
 */
@Experimental
public final class Utf8Files {
    private Utf8Files() {
    }

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    /**
     * {@link Files#readString(Path)} without a leading byte order mark, failing with {@link NotUtf8TextException} on a file
     * that is not UTF-8.
     */
    public static String readString(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw located(file, e);
        }
        return !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
    }

    /**
     * {@link #readString(Path)} within {@code limits}: the size is checked before the file is read, and a YAML file's lines
     * (any file not named {@code .json}) before it is parsed.
     *
     * <pre>{@code
     * String text = Utf8Files.readString(Path.of("shop.singletable.yaml"), TextLimits.DESIGN_FILE);
     * }</pre>
     *
     * @throws TextLimitException when the file passes a limit, naming the place
     */
    public static String readString(Path file, TextLimits limits) throws IOException {
        checkSize(file, limits);
        String text = readString(file);
        limits.check(text, file.toString(), !file.toString().endsWith(".json"));
        return text;
    }

    /**
     * {@link #readAllLines(Path)} within {@code limits}: the size is checked before the file is read, then each line.
     *
     * @throws TextLimitException when the file passes a limit, naming the place
     */
    public static List<String> readAllLines(Path file, TextLimits limits) throws IOException {
        checkSize(file, limits);
        List<String> lines = readAllLines(file);
        if (limits.maxLineLength() > 0) {
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).length() > limits.maxLineLength()) {
                    throw limits.longLine(file.toString(), i + 1, lines.get(i).length());
                }
            }
        }
        return lines;
    }

    private static void checkSize(Path file, TextLimits limits) throws IOException {
        long size = Files.size(file);
        if (size > limits.maxBytes()) {
            throw limits.tooLarge(file.toString(), size);
        }
    }

    /**
     * {@link Files#readAllLines(Path)} without a leading byte order mark, failing with {@link NotUtf8TextException} on a
     * file that is not UTF-8.
     */
    public static List<String> readAllLines(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw located(file, e);
        }
        if (!lines.isEmpty() && !lines.get(0).isEmpty() && lines.get(0).charAt(0) == BYTE_ORDER_MARK) {
            lines = new ArrayList<>(lines);
            lines.set(0, lines.get(0).substring(1));
        }
        return lines;
    }

    /**
     * {@link Files#newBufferedReader(Path)} past a leading byte order mark. Its reads fail with the JDK's
     * {@code MalformedInputException} on text that is not UTF-8: give that to {@link #located} for the place.
     */
    public static BufferedReader newBufferedReader(Path file) throws IOException {
        BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        try {
            reader.mark(1);
            if (reader.read() != BYTE_ORDER_MARK) {
                reader.reset();
            }
            return reader;
        } catch (IOException e) {
            reader.close();
            throw located(file, e);
        }
    }

    /**
     * The failure of reading {@code file} as UTF-8, with the place named when the file is not UTF-8 (the file is read
     * again up to that place); any other failure as it is.
     */
    public static IOException located(Path file, IOException failure) {
        if (!(failure instanceof CharacterCodingException) || failure instanceof NotUtf8TextException) {
            return failure;
        }
        try {
            Optional<NotUtf8TextException> located = firstMalformed(file);
            return located.isPresent() ? located.get() : failure;
        } catch (IOException again) {
            failure.addSuppressed(again);
            return failure;
        }
    }

    private static Optional<NotUtf8TextException> firstMalformed(Path file) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        long line = 1;
        long column = 1;
        long offset = 0;
        boolean byteOrderMark = false;
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            while (true) {
                boolean end = channel.read(in) < 0;
                in.flip();
                if (offset == 0 && in.remaining() >= 3) {
                    byteOrderMark = (in.get(0) & 0xFF) == 0xEF && (in.get(1) & 0xFF) == 0xBB && (in.get(2) & 0xFF) == 0xBF;
                }
                CoderResult result;
                do {
                    int from = in.position();
                    result = decoder.decode(in, out, end);
                    // a newline is one byte in UTF-8 and never inside a character; a character starts at every byte that
                    // does not continue one; a byte order mark is no column
                    for (int i = from; i < in.position(); i++, offset++) {
                        byte b = in.get(i);
                        if (byteOrderMark && offset < 3) {
                            continue;
                        }
                        if (b == '\n') {
                            line++;
                            column = 1;
                        } else if ((b & 0xC0) != 0x80) {
                            column++;
                        }
                    }
                    if (result.isError()) {
                        return Optional.of(new NotUtf8TextException(file, line, column, in.get(in.position()) & 0xFF));
                    }
                    out.clear();
                } while (result.isOverflow());
                in.compact();
                if (end) {
                    return Optional.empty();
                }
            }
        }
    }
}
