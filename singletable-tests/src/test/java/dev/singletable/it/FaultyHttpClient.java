package dev.singletable.it;

import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A real HTTP client (the test's engine answers) with faults queued in front of it: each queued fault answers one
 * request in place of the engine, or spoils the engine's answer; every request is recorded with its body.
 */
final class FaultyHttpClient implements SdkHttpClient {
    /** One request as sent: the signed headers and the body. */
    record Sent(SdkHttpRequest request, String body) {
    }

    /** What a queued fault does to one exchange. */
    enum Fault {
        /** 500 InternalServerError, in DynamoDB's JSON, without calling the engine. */
        INTERNAL_SERVER_ERROR,
        /** 400 ThrottlingException, in DynamoDB's JSON, without calling the engine. */
        THROTTLING,
        /** The engine's answer with an x-amz-crc32 that does not match its body. */
        WRONG_CRC32,
        /** A proxy's 413 Request Entity Too Large, as an HTML page, without calling the engine. */
        PROXY_TOO_LARGE,
        /** A proxy's 503 Service Unavailable, as an HTML page, without calling the engine. */
        PROXY_UNAVAILABLE,
        /** A captive portal's 200 OK with an HTML page, without calling the engine. */
        PROXY_PAGE
    }

    private final SdkHttpClient delegate;
    private final Deque<Fault> faults = new ArrayDeque<>();
    private final List<Sent> sent = Collections.synchronizedList(new ArrayList<>());

    FaultyHttpClient(SdkHttpClient delegate) {
        this.delegate = delegate;
    }

    synchronized void queue(Fault fault, int times) {
        for (int i = 0; i < times; i++) {
            faults.add(fault);
        }
    }

    List<Sent> sent() {
        return List.copyOf(sent);
    }

    void forget() {
        sent.clear();
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String body = request.contentStreamProvider().map(FaultyHttpClient::read).orElse("");
        sent.add(new Sent(request.httpRequest(), body));
        Optional<Fault> fault;
        synchronized (this) {
            fault = Optional.ofNullable(faults.poll());
        }
        if (fault.isPresent() && fault.get() != Fault.WRONG_CRC32) {
            return answer(fault.get());
        }
        ExecutableHttpRequest real = delegate.prepareRequest(request);
        if (fault.isEmpty()) {
            return real;
        }
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                HttpExecuteResponse response = real.call();
                byte[] bytes = response.responseBody().isPresent() ? response.responseBody().get().readAllBytes() : new byte[0];
                return HttpExecuteResponse.builder()
                        .response(response.httpResponse().toBuilder().putHeader("x-amz-crc32", "12345").build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(bytes)))
                        .build();
            }

            @Override
            public void abort() {
                real.abort();
            }
        };
    }

    /** An answer made up in place of the engine's. */
    private record Canned(int status, String reason, String contentType, String body) {
    }

    private static ExecutableHttpRequest answer(Fault fault) {
        Canned canned = switch (fault) {
            case THROTTLING -> new Canned(400, "Bad Request", "application/x-amz-json-1.0",
                    "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ThrottlingException\",\"message\":\"Rate of requests exceeds the allowed throughput.\"}");
            case INTERNAL_SERVER_ERROR -> new Canned(500, "Internal Server Error", "application/x-amz-json-1.0",
                    "{\"__type\":\"com.amazon.coral.service#InternalServerError\",\"message\":\"Internal server error\"}");
            case PROXY_TOO_LARGE -> html(413, "Request Entity Too Large");
            case PROXY_UNAVAILABLE -> html(503, "Service Unavailable");
            case PROXY_PAGE -> html(200, "OK");
            case WRONG_CRC32 -> throw new IllegalArgumentException("WRONG_CRC32 spoils the engine's answer; it makes up none of its own");
        };
        byte[] bytes = canned.body().getBytes(StandardCharsets.UTF_8);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                SdkHttpResponse.Builder response = SdkHttpResponse.builder().statusCode(canned.status())
                        .putHeader("Content-Type", canned.contentType())
                        .putHeader("Content-Length", Integer.toString(bytes.length));
                if (canned.contentType().equals("text/html")) {
                    response.statusText(canned.reason()); // a proxy's answer: a reason phrase, no DynamoDB request id
                } else {
                    response.putHeader("x-amzn-RequestId", "FAULT");
                }
                return HttpExecuteResponse.builder()
                        .response(response.build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(bytes)))
                        .build();
            }

            @Override
            public void abort() {
            }
        };
    }

    /** A page as nginx writes it when it answers in place of the server behind it. */
    private static Canned html(int status, String reason) {
        return new Canned(status, reason, "text/html", "<html>\n<head><title>" + status + " " + reason + "</title></head>\n<body>\n"
                + "<center><h1>" + status + " " + reason + "</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n");
    }

    private static String read(software.amazon.awssdk.http.ContentStreamProvider provider) {
        try (InputStream in = provider.newStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String clientName() {
        return "Faulty(" + delegate.clientName() + ")";
    }

    @Override
    public void close() {
        delegate.close();
    }
}
