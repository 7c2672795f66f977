package dev.singletable.bench.load;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP proxy in front of the embedded engine that records every HTTP/1.1 exchange as it crosses the wire: the
 * request's headers and body exactly as the client sent them, the response's status and body, the connection it went on
 * the phase ({@link #phase(String)}) it was sent in, and when its request was read in full and its response in full. Used by {@link LoadWire} to diff what two loaders send; it adds
 * a hop, so never measure through it.
 */
final class RecordingProxy implements AutoCloseable {
    /** One request and its response, in the order the connection carried them. */
    record Exchange(String phase, int connection, int sequence, long sentNanos, long answeredNanos, String requestLine,
                    Map<String, String> requestHeaders, byte[] requestBody, String statusLine, Map<String, String> responseHeaders,
                    byte[] responseBody) {
    }

    /** A request read from the client side, waiting for its response. */
    private record Sent(String phase, long nanos, String requestLine, Map<String, String> headers, byte[] body) {
    }

    private final URI target;
    private final ServerSocket server;
    private final List<Exchange> exchanges = new ArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;
    private volatile String phase = "start";

    RecordingProxy(URI target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "recording-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    /** Exchanges whose request starts from now on are recorded under {@code name}. */
    void phase(String name) {
        phase = name;
    }

    synchronized List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket engine = new Socket(target.getHost(), target.getPort());
                int id = connections.incrementAndGet();
                java.util.concurrent.BlockingQueue<Sent> sent = new java.util.concurrent.LinkedBlockingQueue<>();
                start("proxy-" + id + "-up", () -> pumpRequests(client, engine, sent));
                start("proxy-" + id + "-down", () -> pumpResponses(id, engine, client, sent));
            } catch (IOException e) {
                if (!server.isClosed()) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    private static void start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void pumpRequests(Socket client, Socket engine, java.util.concurrent.BlockingQueue<Sent> sent) {
        try (InputStream in = new java.io.BufferedInputStream(client.getInputStream()); OutputStream out = new java.io.BufferedOutputStream(engine.getOutputStream())) {
            while (true) {
                Message message = Message.read(in, out);
                if (message == null) {
                    engine.shutdownOutput();
                    return;
                }
                sent.add(new Sent(phase, System.nanoTime(), message.startLine, message.headers, message.body));
            }
        } catch (IOException e) {
            closeQuietly(engine);
        }
    }

    private void pumpResponses(int id, Socket engine, Socket client, java.util.concurrent.BlockingQueue<Sent> sent) {
        int sequence = 0;
        try (InputStream in = new java.io.BufferedInputStream(engine.getInputStream()); OutputStream out = new java.io.BufferedOutputStream(client.getOutputStream())) {
            while (true) {
                Message message = Message.read(in, out);
                if (message == null) {
                    client.shutdownOutput();
                    return;
                }
                long answered = System.nanoTime();
                Sent request = sent.take();
                synchronized (this) {
                    exchanges.add(new Exchange(request.phase(), id, ++sequence, request.nanos(), answered, request.requestLine(), request.headers(),
                            request.body(), message.startLine, message.headers, message.body));
                }
            }
        } catch (IOException e) {
            closeQuietly(client);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // the other side is gone already
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    /** One HTTP/1.1 message, copied byte for byte to {@code out} while it is read (Content-Length or chunked bodies). */
    private static final class Message {
        final String startLine;
        final Map<String, String> headers;
        final byte[] body;

        private Message(String startLine, Map<String, String> headers, byte[] body) {
            this.startLine = startLine;
            this.headers = headers;
            this.body = body;
        }

        static Message read(InputStream in, OutputStream out) throws IOException {
            String start = line(in, out);
            if (start == null) {
                return null;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = line(in, out); line != null && !line.isEmpty(); line = line(in, out)) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            String length = header(headers, "Content-Length");
            if (length != null) {
                copy(in, out, Long.parseLong(length), body);
            } else if ("chunked".equalsIgnoreCase(header(headers, "Transfer-Encoding"))) {
                while (true) {
                    String size = line(in, out);
                    long n = Long.parseLong(size.split(";")[0].trim(), 16);
                    if (n == 0) {
                        for (String trailer = line(in, out); trailer != null && !trailer.isEmpty(); trailer = line(in, out)) {
                            // trailers copied, not kept
                        }
                        break;
                    }
                    copy(in, out, n, body);
                    line(in, out);
                }
            }
            out.flush();
            return new Message(start, headers, body.toByteArray());
        }

        private static String header(Map<String, String> headers, String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
        }

        private static void copy(InputStream in, OutputStream out, long n, ByteArrayOutputStream into) throws IOException {
            byte[] buffer = new byte[8192];
            while (n > 0) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, n));
                if (read < 0) {
                    throw new IOException("connection closed inside a body");
                }
                out.write(buffer, 0, read);
                into.write(buffer, 0, read);
                n -= read;
            }
        }

        /** A CRLF-terminated line without its CRLF, null at the end of the stream before any byte. */
        private static String line(InputStream in, OutputStream out) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int previous = -1;
            while (true) {
                int b = in.read();
                if (b < 0) {
                    if (line.size() == 0) {
                        return null;
                    }
                    throw new IOException("connection closed inside a line");
                }
                out.write(b);
                if (previous == '\r' && b == '\n') {
                    byte[] bytes = line.toByteArray();
                    return new String(bytes, 0, bytes.length - 1, StandardCharsets.ISO_8859_1);
                }
                line.write(b);
                previous = b;
            }
        }
    }
}
