package dev.singletable;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link Table.Builder} and {@link AsyncTable.Builder} configure alike: the listeners of requests, the clock and the
 * key that signs cursors. Each method returns the builder it was called on.
 *
 * <pre>{@code
 * Table table = Table.builder(schema, client).listener(metrics).cursorKey(secrets.get("cursor-key")).build();
 * }</pre>
 *
 * @param <B> the builder type each method returns
 */
@Stable
public abstract class TableBuilder<B extends TableBuilder<B>> {
    /** {@code Table.Builder} or {@code AsyncTable.Builder}: the builder named in argument failures. */
    private final String name;
    final TableSchema schema;
    final List<RequestListener> listeners = new ArrayList<>();
    Clock clock = Clock.systemUTC();
    Optional<byte[]> cursorKey = Optional.empty();

    /** Only the builders of this package extend it. */
    TableBuilder(String name, TableSchema schema) {
        this.name = name;
        this.schema = Objects.requireNonNull(schema, "schema");
    }

    /**
     * Called after every request, failed ones included ({@link RequestEvent#errorCode()}). On a {@link Table} it runs in
     * the calling thread, before the request's result or exception reaches the caller; on an {@link AsyncTable} in the
     * thread that completes the request, before the returned future completes: keep listeners fast and non-blocking
     * there. See {@link RequestListener} for a listener that throws.
     */
    public B listener(RequestListener listener) {
        NullArgumentException.check(name + ".listener", "listener", listener);
        listeners.add(listener);
        return self();
    }

    /** The clock for timestamps and TTL checks; the system clock by default. Tests pass a fixed one. */
    public B clock(Clock clock) {
        NullArgumentException.check(name + ".clock", "clock", clock);
        this.clock = clock;
        return self();
    }

    /**
     * The secret that signs pagination cursors (HMAC-SHA256), at least 16 bytes; 32 random bytes
     * are best. Every process serving the same clients needs the same key. Without it, cursors are
     * signed with a published default key, the UTF-8 bytes of {@code "singletable default cursor key:
     * set your own with Table.Builder.cursorKey"}, with which anyone can forge a cursor. That is allowed,
     * with a warning once per JVM, only for an engine on this machine (a loopback address or {@code localhost})
     * and a client that does not tell its endpoint. Against Amazon DynamoDB or any other host, paging
     * refuses with {@link ValidationException} when a cursor would be made or read: {@code page()} with
     * more to read (after its requests) and {@code page(cursor)} (before sending); {@code list()} and
     * {@code stream()} need no cursor. {@link Table#publishedCursorKeyRefused} tells at start-up whether
     * a client is such a case. A cursor from a {@link Table} works on an {@link AsyncTable}
     * with the same key, and the other way round.
     *
     * <pre>{@code
     * Table table = Table.builder(schema, client).cursorKey(secrets.get("cursor-key")).build();
     * }</pre>
     */
    public B cursorKey(byte[] key) {
        NullArgumentException.check(name + ".cursorKey", "key", key);
        if (key.length < 16) {
            throw new ValidationException("Table " + schema.name() + ": the cursor key has " + key.length
                    + " bytes; give at least 16 (32 random bytes are best)");
        }
        this.cursorKey = Optional.of(key.clone());
        return self();
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
