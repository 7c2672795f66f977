package dev.singletable.wire.internal.client;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.utils.AttributeMap;

import java.net.URI;
import java.util.Optional;

/**
 * The wire client's HTTP client: either the caller's, ready and theirs to close, or one built from the caller's
 * builder on a daemon thread started with the client, waited for by the first call and closed with the client. A
 * fresh JVM spends about half of the wire client's first put + get constructing the HTTP client (UrlConnection's
 * {@code SSLContext}); built alongside, it costs the first call only what is left of it when the request is written.
 * For an {@code http://} endpoint the builder gets {@link FirstHandshakeTrust}'s defaults: no trust store read for a
 * client that never shakes hands.
 */
final class PendingHttpClient implements Runnable {
    static final String THREAD_NAME = "singletable-wire-http-client";

    private final Optional<SdkHttpClient.Builder<?>> builder;
    private final AttributeMap defaults;
    private final Optional<Thread> building;
    private volatile Optional<SdkHttpClient> built;
    private volatile Optional<Throwable> failure = Optional.empty();
    private boolean closed;

    private PendingHttpClient(Optional<SdkHttpClient> ready, Optional<SdkHttpClient.Builder<?>> builder, AttributeMap defaults) {
        this.built = ready;
        this.builder = builder;
        this.defaults = defaults;
        if (builder.isPresent()) {
            // a named Runnable rather than a lambda: the first lambda of a fresh JVM costs its start what this saves
            Thread thread = new Thread(this, THREAD_NAME);
            thread.setDaemon(true);
            this.building = Optional.of(thread);
            thread.start();
        } else {
            this.building = Optional.empty();
        }
    }

    /** The caller's client: nothing to wait for, not closed by the wire client. */
    static PendingHttpClient given(SdkHttpClient http) {
        return new PendingHttpClient(Optional.of(http), Optional.empty(), AttributeMap.empty());
    }

    /**
     * A client built from {@code builder} on a daemon thread, starting now, with the defaults a client sending to
     * {@code endpoint} needs ({@link FirstHandshakeTrust#httpClientDefaults}); closed by {@link #close()}.
     */
    static PendingHttpClient building(SdkHttpClient.Builder<?> builder, URI endpoint) {
        return new PendingHttpClient(Optional.empty(), Optional.of(builder), FirstHandshakeTrust.httpClientDefaults(endpoint));
    }

    @Override
    public void run() {
        try {
            built = Optional.of(builder.orElseThrow().buildWithDefaults(defaults));
        } catch (Throwable e) { // a missing class (NoClassDefFoundError) too: each call reports it, none is lost on this thread
            failure = Optional.of(e);
        }
    }

    /**
     * The HTTP client, once built.
     *
     * @throws SdkClientException naming the cause when it could not be built (on every call: nothing is retried), or
     *                            when the calling thread is interrupted while waiting
     */
    SdkHttpClient await() {
        Optional<SdkHttpClient> ready = built;
        if (ready.isPresent()) {
            return ready.get();
        }
        try {
            building.orElseThrow().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SdkClientException.builder().message("interrupted while waiting for the HTTP client given to "
                    + "httpClientBuilder(...) to be built").cause(e).build();
        }
        if (failure.isPresent()) {
            Throwable cause = failure.get();
            throw SdkClientException.builder().message("could not build the HTTP client given to httpClientBuilder(...): " + cause)
                    .cause(cause).build();
        }
        return built.orElseThrow();
    }

    /** Waits for the building thread and closes what it built; the caller's own client is left open. Idempotent. */
    synchronized void close() {
        if (closed || building.isEmpty()) {
            return;
        }
        closed = true;
        boolean interrupted = false;
        while (building.get().isAlive()) {
            try {
                building.get().join();
            } catch (InterruptedException e) {
                interrupted = true; // closing must not leave the client it builds open: wait, then restore the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (built.isPresent()) {
            built.get().close();
        }
    }

    @Override
    public String toString() {
        return building.isPresent() ? "HTTP client built by singletable from " + builder.orElseThrow() : "HTTP client " + built.orElseThrow();
    }
}
