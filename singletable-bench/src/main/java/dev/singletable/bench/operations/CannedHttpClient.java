package dev.singletable.bench.operations;

import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * An {@link SdkHttpClient} that answers from memory: one recorded DynamoDB response body per operation, chosen by the
 * request's {@code X-Amz-Target} header, sent with the headers DynamoDB sends (content type and length, request id and
 * the {@code x-amz-crc32} of the body, which the SDK checks). No socket, no engine: a benchmark on it measures the
 * client alone (marshalling, signing, the SDK's pipeline, unmarshalling and the mapping).
 *
 * <p>The request body is read to its end, as a real client writes it to the socket.
 */
public final class CannedHttpClient implements SdkHttpClient {
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";

    private final Map<String, Canned> byTarget;

    private record Canned(byte[] body, SdkHttpResponse response) {
    }

    private CannedHttpClient(Map<String, Canned> byTarget) {
        this.byTarget = byTarget;
    }

    /**
     * @param bodies the JSON response body of each operation, by operation name ({@code GetItem}, {@code Query}...)
     */
    public static CannedHttpClient of(Map<String, byte[]> bodies) {
        Map<String, Canned> byTarget = new HashMap<>();
        bodies.forEach((operation, body) -> byTarget.put(TARGET_PREFIX + operation, canned(body.clone())));
        return new CannedHttpClient(byTarget);
    }

    private static Canned canned(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        SdkHttpResponse response = SdkHttpResponse.builder()
                .statusCode(200)
                .statusText("OK")
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("Content-Length", Integer.toString(body.length))
                .putHeader("x-amzn-RequestId", "BENCH0000000000000000000000000000000000000000000000000")
                .putHeader("x-amz-crc32", Long.toString(crc.getValue()))
                .build();
        return new Canned(body, response);
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String target = request.httpRequest().firstMatchingHeader("X-Amz-Target")
                .orElseThrow(() -> new IllegalStateException("request without X-Amz-Target: " + request.httpRequest()));
        Canned canned = byTarget.get(target);
        if (canned == null) {
            throw new IllegalStateException("no canned response for " + target + "; canned: " + byTarget.keySet());
        }
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                if (request.contentStreamProvider().isPresent()) {
                    try (InputStream body = request.contentStreamProvider().get().newStream()) {
                        drain(body);
                    }
                }
                return HttpExecuteResponse.builder()
                        .response(canned.response())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(canned.body())))
                        .build();
            }

            @Override
            public void abort() {
                // nothing in flight
            }
        };
    }

    private static final ThreadLocal<byte[]> DRAIN_BUFFER = ThreadLocal.withInitial(() -> new byte[4096]);

    /** Reads a request body to its end, as a socket would take it, without allocating per request. */
    private static void drain(InputStream body) throws IOException {
        byte[] buffer = DRAIN_BUFFER.get();
        while (body.read(buffer) >= 0) {
            // dropped
        }
    }

    /** The body the client answers {@code operation} with, as text (for checks and the README). */
    public String body(String operation) {
        Canned canned = byTarget.get(TARGET_PREFIX + operation);
        if (canned == null) {
            throw new UncheckedIOException(new IOException("no canned " + operation));
        }
        return new String(canned.body(), StandardCharsets.UTF_8);
    }

    @Override
    public String clientName() {
        return "Canned";
    }

    @Override
    public void close() {
        // holds memory only
    }
}
