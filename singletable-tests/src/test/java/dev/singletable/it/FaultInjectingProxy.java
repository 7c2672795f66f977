package dev.singletable.it;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * An HTTP/1.1 proxy on 127.0.0.1 between the SDK and the engine's HTTP endpoint that fails a chosen share of
 * requests, each in one of the ways the network and DynamoDB fail: before the request reaches the engine (a 500,
 * a 503 throttling answer, a 400 {@code ProvisionedThroughputExceededException}), or after the engine applied it
 * (a 500, the connection closed halfway through the response, the response held back past the client's attempt
 * timeout). Written on plain sockets so that a response can be cut off at any byte. Faults are drawn from a seeded
 * random, but which request meets which fault depends on thread timing.
 */
final class FaultInjectingProxy implements AutoCloseable {
    /** The ways a request fails, and whether the engine saw it first. */
    enum Fault {
        NONE(false), SERVER_ERROR_BEFORE(false), THROTTLED_BEFORE(false), THROUGHPUT_EXCEEDED_BEFORE(false),
        SERVER_ERROR_AFTER(true), CONNECTION_CLOSED_AFTER(true), DELAYED_AFTER(true);

        final boolean forwarded;

        Fault(boolean forwarded) {
            this.forwarded = forwarded;
        }
    }

    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "expect", "upgrade",
            "transfer-encoding", "keep-alive");

    private final URI target;
    private final double rate;
    private final Map<Fault, Double> weights;
    private final Duration delay;
    private final SplittableRandom random;
    private final ServerSocket server;
    private final ExecutorService connections = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fault-proxy");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLongArray counts = new AtomicLongArray(Fault.values().length);
    private final AtomicLong requests = new AtomicLong();
    private volatile boolean enabled = true;

    /**
     * @param target  the engine's endpoint
     * @param rate    the share of requests to fail, 0 to 1
     * @param weights how the failed requests divide among the faults (relative weights)
     * @param delay   how long a {@link Fault#DELAYED_AFTER} response is held back: longer than the client's attempt timeout
     * @param seed    the seed of the fault draws
     */
    FaultInjectingProxy(URI target, double rate, Map<Fault, Double> weights, Duration delay, long seed) throws IOException {
        this.target = target;
        this.rate = rate;
        this.weights = new EnumMap<>(weights);
        this.delay = delay;
        this.random = new SplittableRandom(seed);
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        connections.execute(this::accept);
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    /** Lets every request through (for setting up and reading the table back) or faults them again. */
    void enabled(boolean enabled) {
        this.enabled = enabled;
    }

    long requests() {
        return requests.get();
    }

    /** How many requests met each fault, {@link Fault#NONE} included. */
    Map<Fault, Long> counts() {
        Map<Fault, Long> result = new LinkedHashMap<>();
        for (Fault fault : Fault.values()) {
            result.put(fault, counts.get(fault.ordinal()));
        }
        return result;
    }

    long faults() {
        return requests.get() - counts.get(Fault.NONE.ordinal());
    }

    private Fault draw() {
        if (!enabled) {
            return Fault.NONE;
        }
        double r;
        double pick;
        synchronized (random) {
            r = random.nextDouble();
            pick = random.nextDouble();
        }
        if (r >= rate) {
            return Fault.NONE;
        }
        double total = weights.values().stream().mapToDouble(Double::doubleValue).sum();
        double at = pick * total;
        for (Map.Entry<Fault, Double> weight : weights.entrySet()) {
            at -= weight.getValue();
            if (at < 0) {
                return weight.getKey();
            }
        }
        return Fault.NONE;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.execute(() -> serve(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private record Request(String method, String path, Map<String, List<String>> headers, byte[] body) {}

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                Request request = read(in, out);
                if (request == null) {
                    return;
                }
                Fault fault = draw();
                requests.incrementAndGet();
                counts.incrementAndGet(fault.ordinal());
                if (!answer(request, fault, out)) {
                    return;
                }
            }
        } catch (IOException | InterruptedException e) {
            // the client went away (it timed out, or was closed): so does this connection
        }
    }

    /** @return whether the connection stays open */
    private boolean answer(Request request, Fault fault, OutputStream out) throws IOException, InterruptedException {
        switch (fault) {
            case SERVER_ERROR_BEFORE -> {
                write(out, 500, "application/x-amz-json-1.0", error("InternalServerError", "injected before the engine"));
                return true;
            }
            case THROTTLED_BEFORE -> {
                write(out, 503, "application/x-amz-json-1.0", error("ThrottlingException", "injected: rate of requests exceeds the allowed throughput"));
                return true;
            }
            case THROUGHPUT_EXCEEDED_BEFORE -> {
                write(out, 400, "application/x-amz-json-1.0", error("ProvisionedThroughputExceededException",
                        "injected: the level of configured provisioned throughput for the table was exceeded"));
                return true;
            }
            default -> {
            }
        }
        Response response = forward(request);
        String type = response.contentType();
        switch (fault) {
            case SERVER_ERROR_AFTER -> {
                write(out, 500, "application/x-amz-json-1.0", error("InternalServerError", "injected after the engine applied the request"));
                return true;
            }
            case CONNECTION_CLOSED_AFTER -> {
                byte[] body = response.body();
                out.write(head(response.statusCode(), type, body.length));
                out.write(body, 0, body.length / 2);
                out.flush();
                return false;
            }
            case DELAYED_AFTER -> {
                Thread.sleep(delay.toMillis());
                write(out, response.statusCode(), type, response.body());
                return true;
            }
            default -> {
                write(out, response.statusCode(), type, response.body());
                return true;
            }
        }
    }

    /** The engine's answer to a forwarded request. */
    private record Response(int statusCode, String contentType, byte[] body) {}

    // HttpURLConnection rather than java.net.http.HttpClient: the latter added tens of milliseconds per request here
    private Response forward(Request request) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) target.resolve(request.path()).toURL().openConnection();
        connection.setRequestMethod(request.method());
        connection.setDoOutput(true);
        connection.setFixedLengthStreamingMode(request.body().length);
        request.headers().forEach((name, values) -> {
            if (!NOT_FORWARDED.contains(name)) {
                values.forEach(value -> connection.addRequestProperty(name, value));
            }
        });
        try (OutputStream body = connection.getOutputStream()) {
            body.write(request.body());
        }
        int status = connection.getResponseCode();
        InputStream stream = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        byte[] body;
        try (stream) {
            body = stream == null ? new byte[0] : stream.readAllBytes();
        }
        String type = connection.getContentType();
        return new Response(status, type == null ? "application/x-amz-json-1.0" : type, body);
    }

    private static byte[] error(String code, String message) {
        return ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + code + "\",\"message\":\"" + message + "\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] head(int status, String contentType, int length) {
        return ("HTTP/1.1 " + status + " " + (status == 200 ? "OK" : "Error") + "\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + length + "\r\nx-amzn-RequestId: fault-proxy\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void write(OutputStream out, int status, String contentType, byte[] body) throws IOException {
        out.write(head(status, contentType, body.length));
        out.write(body);
        out.flush();
    }

    /** One request off the connection; null when the client closed it. */
    private static Request read(InputStream in, OutputStream out) throws IOException {
        String requestLine = line(in);
        if (requestLine == null) {
            return null;
        }
        String[] parts = requestLine.split(" ");
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.computeIfAbsent(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(header.substring(colon + 1).trim());
        }
        if (headers.getOrDefault("expect", List.of()).stream().anyMatch(v -> v.equalsIgnoreCase("100-continue"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", List.of("0")).get(0));
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            return null;
        }
        return new Request(parts[0], parts[1], headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        connections.shutdownNow();
    }

    @Override
    public String toString() {
        return "FaultInjectingProxy " + endpoint() + " -> " + target + " at " + rate;
    }
}
