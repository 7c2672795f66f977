package dev.singletable.wire.internal.codec;

import dev.singletable.internal.page.DecodedPage;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

import java.util.Optional;

/**
 * One marked request as the {@link WireInterceptor} handles it: the core's page it fills, and what the interceptor
 * carries from one of its callbacks to the next (an asynchronous response's checksum and length, the body handed to
 * the SDK). Carried in the call's execution attributes; each attempt of a retried request starts by emptying it.
 */
final class WireExchange {
    static final ExecutionAttribute<WireExchange> ATTRIBUTE = new ExecutionAttribute<>("singletable.wirePage");

    private final DecodedPage page;
    private volatile byte[] body;
    // an asynchronous response's: the body is still to come, with this checksum (taken off the headers the SDK got)
    private volatile boolean awaitsBody;
    private volatile Optional<String> expectedCrc32 = Optional.empty();
    private volatile int announcedLength = -1;

    WireExchange(DecodedPage page) {
        this.page = page;
    }

    DecodedPage page() {
        return page;
    }

    void clear() {
        page.clear();
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

    /** The body the SDK reads in place of the one the interceptor consumed: the rest after decoding, or the original. */
    void handOver(byte[] bytes) {
        body = bytes;
    }

    Optional<byte[]> handedOver() {
        return Optional.ofNullable(body);
    }
}
