package dev.singletable.internal.page;

import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * The page of one of singletable's own reads when a {@link PageDecoder} on the client reads it: the read marks its
 * request with a fresh page ({@link #mark}), the decoder takes the page when the SDK starts that request
 * ({@link #takeArmedFor}) and fills it from the response body ({@link #decoded}), and the read takes the items from
 * here instead of from the SDK's (emptied) response. Each attempt of a retried request starts by emptying it
 * ({@link #clear}), so a page of a failed attempt never stays.
 */
public final class DecodedPage {
    private static final Map<SdkClient, Optional<PageDecoder>> DECODERS = Collections.synchronizedMap(new WeakHashMap<>());

    // the client the last read was sent on: most programs have one, so most reads skip the map's lock
    private static volatile SdkClient lastClient;
    private static volatile Optional<PageDecoder> lastDecoder = Optional.empty();

    // the page marked on this thread, and the request it is for: taken by the decoder when that request is sent
    private static final ThreadLocal<DecodedPage> ARMED = new ThreadLocal<>();

    private Object request;
    private volatile List<Map<String, AttributeValue>> items = List.of();
    private volatile boolean decoded;

    private DecodedPage() {
    }

    /**
     * A fresh page for a request of {@code operation} on {@code client}, when a page decoder is installed on that client
     * and reads that operation; empty otherwise, and the read goes the SDK's way.
     */
    public static Optional<DecodedPage> forRequest(SdkClient client, String operation) {
        Optional<PageDecoder> decoder = decoderOn(client);
        return decoder.isPresent() && decoder.get().reads(operation) ? Optional.of(new DecodedPage()) : Optional.empty();
    }

    private static Optional<PageDecoder> decoderOn(SdkClient client) {
        if (lastClient == client) {
            return lastDecoder;
        }
        // only the SDK's own clients run interceptors; any other (a wrapper, a test's proxy, the wire client) is not asked
        // for its configuration, which it may not have
        Optional<PageDecoder> decoder = client.getClass().getName().startsWith("software.amazon.awssdk.services.dynamodb.")
                ? DECODERS.computeIfAbsent(client, DecodedPage::installedDecoder) : Optional.empty();
        lastDecoder = decoder;
        lastClient = client;
        return decoder;
    }

    private static Optional<PageDecoder> installedDecoder(SdkClient client) {
        try {
            for (ExecutionInterceptor interceptor : client.serviceClientConfiguration().overrideConfiguration().executionInterceptors()) {
                if (interceptor instanceof PageDecoder decoder) {
                    return Optional.of(decoder);
                }
            }
            return Optional.empty();
        } catch (UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * Arms this page for {@code request}, which is returned as it is: the decoder's {@code beforeExecution}, which the SDK
     * runs on the calling thread with the very request object given to the client, recognises it by identity. The
     * request must be sent on this thread before another is marked; one sent elsewhere, or never, is simply not decoded
     * (the SDK reads it). This costs no copy of the request and no per-request override configuration, which the SDK
     * would then resolve for every call.
     */
    public <Q extends DynamoDbRequest> Q mark(Q request) {
        this.request = request;
        ARMED.set(this);
        return request;
    }

    /** The page armed on this thread for this very request, taken (disarmed); empty when there is none. */
    public static Optional<DecodedPage> takeArmedFor(SdkRequest request) {
        DecodedPage page = ARMED.get();
        if (page == null || page.request != request) {
            return Optional.empty();
        }
        ARMED.set(null);
        page.request = null;
        return Optional.of(page);
    }

    /** The items the decoder read from the response; empty when it left the body to the SDK. */
    public Optional<List<Map<String, AttributeValue>>> items() {
        return decoded ? Optional.of(items) : Optional.empty();
    }

    /** Forgets what an earlier attempt decoded. */
    public void clear() {
        decoded = false;
        items = List.of();
    }

    /** The items read from this attempt's response. */
    public void decoded(List<Map<String, AttributeValue>> read) {
        items = read;
        decoded = true;
    }
}
