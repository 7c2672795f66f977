package dev.singletable.internal.wire;

import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * The page of one of singletable's own reads, as the wire codec decoded it: the read marks its request
 * with a fresh page ({@link #mark}), the {@link WireInterceptor} takes the page when the SDK starts that request and
 * fills it from the response body, and the
 * read takes the items from here instead of from the SDK's (empty) response. Each attempt of a retried
 * request starts by emptying it, so a page of a failed attempt never stays.
 */
public final class WirePage {
    static final ExecutionAttribute<WirePage> ATTRIBUTE = new ExecutionAttribute<>("singletable.wirePage");

    private static final List<String> OPERATIONS = List.of("Query", "Scan", "GetItem", "BatchGetItem");
    private static final Map<SdkClient, Boolean> INSTALLED = Collections.synchronizedMap(new WeakHashMap<>());

    // the client the last read was sent on: most programs have one, so most reads skip the map's lock
    private static volatile SdkClient lastClient;
    private static volatile boolean lastInstalled;

    // the page marked on this thread, and the request it is for: taken by the interceptor when that request is sent
    private static final ThreadLocal<WirePage> ARMED = new ThreadLocal<>();

    private Object request;
    private volatile List<Map<String, AttributeValue>> items = List.of();
    private volatile boolean decoded;
    private volatile byte[] body;
    // an asynchronous response's: the body is still to come, with this checksum (taken off the headers the SDK got)
    private volatile boolean awaitsBody;
    private volatile Optional<String> expectedCrc32 = Optional.empty();
    private volatile int announcedLength = -1;

    private WirePage() {
    }

    /**
     * A fresh page for a request of {@code operation} on {@code client}, when the wire codec is installed
     * on that client and reads that operation; empty otherwise, and the read goes the SDK's way.
     */
    public static Optional<WirePage> forRequest(SdkClient client, String operation) {
        return OPERATIONS.contains(operation) && installedOn(client) ? Optional.of(new WirePage()) : Optional.empty();
    }

    private static boolean installedOn(SdkClient client) {
        if (lastClient == client) {
            return lastInstalled;
        }
        // only the SDK's own clients run interceptors; any other (a wrapper, a test's proxy, DynamoDB Local's in-process
        // client) is not asked for its configuration, which it may not have
        boolean installed = client.getClass().getName().startsWith("software.amazon.awssdk.services.dynamodb.")
                && INSTALLED.computeIfAbsent(client, WirePage::carriesCodec);
        lastInstalled = installed;
        lastClient = client;
        return installed;
    }

    private static boolean carriesCodec(SdkClient client) {
        try {
            return client.serviceClientConfiguration().overrideConfiguration().executionInterceptors().stream()
                    .anyMatch(WirePage::isCodec);
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    private static boolean isCodec(ExecutionInterceptor interceptor) {
        return interceptor instanceof WireInterceptor;
    }

    /**
     * Arms this page for {@code request}, which is returned as it is: the interceptor's {@code beforeExecution}, which
     * the SDK runs on the calling thread with the very request object given to the client, recognises it by identity
     * and carries the page in the call's execution attributes. The request must be sent on this thread before another
     * is marked; one sent elsewhere, or never, is simply not decoded (the SDK reads it). This costs no copy of the
     * request and no per-request override configuration, which the SDK would then resolve for every call.
     */
    public <Q extends DynamoDbRequest> Q mark(Q request) {
        this.request = request;
        ARMED.set(this);
        return request;
    }

    /** The page armed on this thread for this very request, taken (disarmed); null when there is none. */
    static WirePage takeArmedFor(SdkRequest request) {
        WirePage page = ARMED.get();
        if (page == null || page.request != request) {
            return null;
        }
        ARMED.set(null);
        page.request = null;
        return page;
    }

    /** The items the codec decoded from the response; empty when it left the body to the SDK. */
    public Optional<List<Map<String, AttributeValue>>> items() {
        return decoded ? Optional.of(items) : Optional.empty();
    }

    void clear() {
        decoded = false;
        items = List.of();
        body = null;
        awaitsBody = false;
        expectedCrc32 = Optional.empty();
        announcedLength = -1;
    }

    /** An asynchronous response's headers were read: its body comes to the codec later, to be checked against {@code crc32}. */
    void awaitBody(Optional<String> crc32, int length) {
        expectedCrc32 = crc32;
        announcedLength = length;
        awaitsBody = true;
    }

    boolean awaitsBody() {
        return awaitsBody;
    }

    Optional<String> expectedCrc32() {
        return expectedCrc32;
    }

    int announcedLength() {
        return announcedLength;
    }

    void decoded(List<Map<String, AttributeValue>> read) {
        items = read;
        decoded = true;
    }

    /** The body the SDK reads in place of the one the interceptor consumed: the rest after decoding, or the original. */
    void handOver(byte[] bytes) {
        body = bytes;
    }

    Optional<byte[]> handedOver() {
        return Optional.ofNullable(body);
    }
}
