package dev.singletable.internal.table;

import dev.singletable.LoopbackEndpoint;
import dev.singletable.ValidationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Cursors signed with {@link CursorCodec#DEFAULT_KEY}, which anyone can read in the documentation, can be forged: fine
 * for an engine on this machine (a test, the CLI, local development), where a warning says so once per JVM; refused
 * for any other endpoint, before a cursor is made or read.
 */
final class PublishedCursorKey {
    private static final Logger LOG = LoggerFactory.getLogger("dev.singletable.cursors");
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private PublishedCursorKey() {
    }

    /** {@code endpoint} as {@link RequestRunner#describeEndpoint} writes it. */
    static void check(String table, String endpoint) {
        Where where = where(endpoint);
        if (where == Where.ELSEWHERE) {
            throw new ValidationException("Table " + table + " at " + endpoint + " would sign its cursors with singletable's published "
                    + "default key, with which anyone can forge a cursor that reads other partitions: give your own secret with "
                    + "Table.Builder.cursorKey(key) (AsyncTable.Builder.cursorKey), 32 random bytes, the same in every process");
        }
        if (WARNED.compareAndSet(false, true)) {
            LOG.warn("Table {} signs its cursors with singletable's published default key ({}): fine on this machine, "
                    + "refused for any other endpoint; set Table.Builder.cursorKey(key) before serving cursors", table,
                    where == Where.LOCAL ? "at " + endpoint : "its endpoint is not known");
        }
    }

    /** Whether {@link #check} refuses the published key at {@code endpoint} ({@link RequestRunner#describeEndpoint} of a client). */
    static boolean refusedAt(String endpoint) {
        return where(endpoint) == Where.ELSEWHERE;
    }

    private enum Where { LOCAL, ELSEWHERE, UNKNOWN }

    private static Where where(String endpoint) {
        if (endpoint.startsWith("Amazon DynamoDB")) {
            return Where.ELSEWHERE;
        }
        URI uri;
        try {
            uri = new URI(endpoint);
        } catch (URISyntaxException e) {
            return Where.UNKNOWN; // "(endpoint unknown)", a client that does not say
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            return Where.UNKNOWN;
        }
        return LoopbackEndpoint.isLoopback(uri) ? Where.LOCAL : Where.ELSEWHERE;
    }
}
