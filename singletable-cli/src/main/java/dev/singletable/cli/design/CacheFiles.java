package dev.singletable.cli.design;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Removing what the CLI's cache directory no longer needs, for the pattern cache and the SQLite library copies alike:
 * a removal that fails (a file another process holds or removed, a directory that cannot be written) is logged at
 * debug and never fails the command.
 */
final class CacheFiles {
    /** A partial file this old was left by a write that never finished (a process killed while writing). */
    private static final Duration ABANDONED_PARTIAL = Duration.ofHours(1);

    private CacheFiles() {
    }

    /** True for a {@code .partial} file older than an hour; one that cannot be read is left alone. */
    static boolean isAbandonedPartial(Path file) {
        return file.getFileName().toString().endsWith(".partial")
                && modified(file, Instant.now()).isBefore(Instant.now().minus(ABANDONED_PARTIAL));
    }

    /** When {@code path} was last modified, or {@code whenUnreadable} when it is gone or cannot be read. */
    static Instant modified(Path path, Instant whenUnreadable) {
        try {
            return Files.getLastModifiedTime(path).toInstant();
        } catch (IOException | RuntimeException e) {
            return whenUnreadable;
        }
    }

    /** Removes {@code path} if it is there; a failure is logged at debug. */
    static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException | RuntimeException e) {
            debug("Could not remove {} from the cache: {}", path, e);
        }
    }

    /** Logs at debug, with the failure as its text (a pruning failure is expected, not a stack trace to read). */
    static void debug(String format, Object subject, Exception failure) {
        Log.LOG.debug(format, subject, failure.toString());
    }

    /** The logger, made on first use: a command whose cache needs nothing removed logs nothing and needs none. */
    private static final class Log {
        static final Logger LOG = LoggerFactory.getLogger(CacheFiles.class);
    }
}
