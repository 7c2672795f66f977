package dev.singletable.wire.internal.codec;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpResponse;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Optional;

/**
 * A response body read whole into an array kept per thread: the decoded page keeps no reference to the body, so
 * the array serves the thread's next response instead of becoming garbage. A body that goes back to the SDK
 * undecoded is {@link #copy copied} out first.
 */
final class BodyBuffer {
    // a larger body (most pages are far smaller) gets an array of its own, not kept: a thread keeps at most this much
    private static final int KEPT = 1 << 17;
    // DynamoDB pages stop at 1 MB of items (16 MB for a batch get); a larger announced length is not trusted for one allocation
    private static final int MAX_ANNOUNCED = 32 * 1024 * 1024;
    private static final ThreadLocal<BodyBuffer> PER_THREAD = new ThreadLocal<>();

    private byte[] bytes = new byte[8192];
    private int length;

    private BodyBuffer() {
    }

    /** The whole body, into this thread's buffer: in one read of the announced length when there is one. */
    static BodyBuffer read(InputStream in, SdkHttpResponse response) {
        BodyBuffer buffer = PER_THREAD.get();
        if (buffer == null) {
            buffer = new BodyBuffer();
            PER_THREAD.set(buffer);
        }
        PER_THREAD.remove(); // taken: a body read while this one is decoded (none on this thread today) gets its own
        buffer.length = 0;
        try (in) {
            int announced = announcedLength(response);
            if (announced >= 0) {
                buffer.room(announced);
                buffer.length = in.readNBytes(buffer.bytes, 0, announced);
            }
            // to the end, also past the announced length, as the SDK's own reading would; readAllBytes would allocate 8 KB
            int next;
            while ((next = in.read()) >= 0) {
                buffer.room(buffer.length + 1);
                buffer.bytes[buffer.length++] = (byte) next;
                buffer.length += Math.max(0, in.read(buffer.bytes, buffer.length, buffer.bytes.length - buffer.length));
            }
            return buffer;
        } catch (IOException e) {
            throw SdkClientException.create("reading the response body (status " + response.statusCode() + ") failed: " + e.getMessage(), e);
        }
    }

    private void room(int needed) {
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(needed, Math.min(bytes.length * 2, Integer.MAX_VALUE - 8)));
        }
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    long crc32() {
        return WireInterceptor.crc32(bytes, length);
    }

    /** The body as an array of its own, for the SDK to read. */
    byte[] copy() {
        return Arrays.copyOf(bytes, length);
    }

    /** Gives the buffer back to the thread, unless it grew too large to keep. */
    void release() {
        if (bytes.length <= KEPT) {
            PER_THREAD.set(this);
        }
    }

    /** The Content-Length, or -1 when there is none or it is not trusted for one allocation. */
    static int announcedLength(SdkHttpResponse response) {
        Optional<String> length = response.firstMatchingHeader("Content-Length");
        if (length.isEmpty()) {
            return -1;
        }
        try {
            long value = Long.parseLong(length.get().trim());
            return value >= 0 && value <= MAX_ANNOUNCED ? (int) value : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
