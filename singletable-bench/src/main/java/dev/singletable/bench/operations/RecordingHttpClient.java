package dev.singletable.bench.operations;

import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wraps a real {@link SdkHttpClient} and keeps the last response body of each operation, so that the canned client
 * answers with what the engine really sent.
 */
final class RecordingHttpClient implements SdkHttpClient {
    private final SdkHttpClient delegate;
    private final Map<String, byte[]> lastBodies = new ConcurrentHashMap<>();
    private final Map<String, byte[]> lastRequests = new ConcurrentHashMap<>();

    RecordingHttpClient(SdkHttpClient delegate) {
        this.delegate = delegate;
    }

    /** The body of the last successful response to {@code operation} ({@code GetItem}, {@code Query}...). */
    byte[] last(String operation) {
        byte[] body = lastBodies.get(operation);
        if (body == null) {
            throw new IllegalStateException("no " + operation + " recorded; recorded: " + lastBodies.keySet());
        }
        return body.clone();
    }

    /** The body of the last request of {@code operation}. */
    byte[] lastRequest(String operation) {
        byte[] body = lastRequests.get(operation);
        if (body == null) {
            throw new IllegalStateException("no " + operation + " request recorded; recorded: " + lastRequests.keySet());
        }
        return body.clone();
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("?");
        String operation = target.substring(target.indexOf('.') + 1);
        if (request.contentStreamProvider().isPresent()) {
            try (InputStream in = request.contentStreamProvider().get().newStream()) {
                lastRequests.put(operation, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        ExecutableHttpRequest executable = delegate.prepareRequest(request);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                HttpExecuteResponse response = executable.call();
                byte[] body;
                if (response.responseBody().isPresent()) {
                    try (InputStream in = response.responseBody().get()) {
                        body = in.readAllBytes();
                    }
                } else {
                    body = new byte[0];
                }
                if (response.httpResponse().isSuccessful()) {
                    lastBodies.put(operation, body);
                }
                return HttpExecuteResponse.builder()
                        .response(response.httpResponse())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                        .build();
            }

            @Override
            public void abort() {
                executable.abort();
            }
        };
    }

    @Override
    public String clientName() {
        return "Recording" + delegate.clientName();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
