package dev.singletable.cli.data;

import dev.singletable.Table;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The key {@code run} signs its cursors with: the secret in the file of {@code --cursor-key-file} (or of the environment
 * variable {@value #ENVIRONMENT}), the same in every run that reads on with a cursor. Without one, an engine on this
 * machine gets {@link #LOCAL_KEY}, and an engine elsewhere (Amazon DynamoDB) gives no cursor, as the library refuses to
 * sign one there with a key anyone can read.
 *
 * <pre>{@code
 * openssl rand -base64 32 > ~/.singletable-cursor.key
 * singletable run DESIGN comments-on-post --limit 10 --endpoint https://... --cursor-key-file ~/.singletable-cursor.key
 * }</pre>
 */
final class CursorKeyFile {
    /** The environment variable naming the key file when {@code --cursor-key-file} is not given. */
    static final String ENVIRONMENT = "SINGLETABLE_CURSOR_KEY_FILE";
    /** Why a limited read on an engine elsewhere printed no cursor, and what to give. */
    static final String NO_KEY = "a cursor from an engine not on this machine is signed with a key of your own: give "
            + "--cursor-key-file FILE (a secret of 16 bytes or more, the same in every run; or set " + ENVIRONMENT + ")";
    /**
     * The command line's own key for an engine on this machine, where the library would sign with its published default key
     * and warn on standard error once per run: a cursor there reads a table anyone on the machine can read anyway, and the
     * key is fixed so that the cursor a run prints works in the next run.
     */
    static final byte[] LOCAL_KEY = "singletable command line: cursors of an engine on this machine".getBytes(StandardCharsets.UTF_8);
    private static final int MIN_BYTES = 16;

    private CursorKeyFile() {
    }

    /**
     * The table setting of the key in {@code file}, read now (a mistake is a usage error before any engine starts); none
     * without a file. The file's bytes are the key, a line break at their end left out ({@code echo secret > file}).
     */
    static UnaryOperator<Table.Builder> read(Path file, Function<String, ParameterException> usage) {
        if (file == null) {
            return UnaryOperator.identity();
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw usage.apply("--cursor-key-file " + file + ": no such file");
        } catch (IOException e) {
            throw usage.apply("--cursor-key-file " + file + ": cannot be read (" + e.getMessage() + ")");
        }
        int end = bytes.length;
        while (end > 0 && (bytes[end - 1] == '\n' || bytes[end - 1] == '\r')) {
            end--;
        }
        byte[] key = Arrays.copyOf(bytes, end);
        if (key.length < MIN_BYTES) {
            throw usage.apply("--cursor-key-file " + file + ": the key has " + key.length + " bytes; give a file of at least "
                    + MIN_BYTES + " (32 random bytes are best, such as the output of: openssl rand -base64 32)");
        }
        return builder -> builder.cursorKey(key);
    }
}
