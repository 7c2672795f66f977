package dev.singletable.local.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.singletable.local.LocalDynamoDbException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Dynoxide in a child process on 127.0.0.1, in memory or on a SQLite file, reached over HTTP with the clients of
 * a {@link RemoteEngine}.
 *
 * <p><b>No orphans.</b> Where {@code /bin/sh} exists the engine is started by a small shell that holds the read end
 * of a pipe whose write end only this JVM has: when the JVM ends, however it ends ({@code kill -9} included), the
 * pipe closes, the shell's {@code read} returns and it stops the engine. {@link #stop()} closes the pipe the same way.
 * Without {@code /bin/sh} the engine is started directly and stopped by {@link #stop()} or a shutdown hook, which a
 * killed JVM does not run.
 */
public final class DynoxideEngine implements Engine {
    private static final String HOST = "127.0.0.1";
    private static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    private static final long START_TIMEOUT_MILLIS = 30_000;
    private static final int PORT_ATTEMPTS = 5;
    private static final Path SHELL = Path.of("/bin/sh");
    private static final String VERSION_HEADER = "x-dynoxide-version";
    /**
     * Runs the engine ({@code "$@"}) with its output in {@code $DYNOXIDE_LOG}, prints its process id, then waits for the
     * end of standard input: the JVM closed it or died.
     */
    private static final String WATCHDOG = """
            "$@" >"$DYNOXIDE_LOG" 2>&1 </dev/null &
            engine=$!
            echo "$engine"
            trap 'kill "$engine" 2>/dev/null; exit 0' HUP INT TERM
            while read -r _; do :; done
            kill "$engine" 2>/dev/null
            wait "$engine"
            """;

    private final DynoxideBinary binary;
    private final String version;
    private final Process process;
    private final long enginePid;
    private final Path log;
    private final boolean keepLog;
    private final URI endpoint;
    private final RemoteEngine clients;
    private final Optional<Thread> shutdownHook;

    private DynoxideEngine(DynoxideBinary binary, String version, Process process, long enginePid, Path log, boolean keepLog,
                           URI endpoint, Optional<Thread> shutdownHook, boolean wireClient) {
        this.binary = binary;
        this.version = version;
        this.process = process;
        this.enginePid = enginePid;
        this.log = log;
        this.keepLog = keepLog;
        this.endpoint = endpoint;
        this.shutdownHook = shutdownHook;
        this.clients = new RemoteEngine(Optional.of(endpoint), REGION, CREDENTIALS, configuration -> { }, wireClient);
    }

    /**
     * Starts Dynoxide on {@code port} (0: a free one), keeping its tables in {@code dataDirectory/dynoxide.db} when
     * given, else in memory, and returns once it answers. {@code keepLog}: its output file stays after {@link #stop()}
     * and its path is in {@link #toString()}. {@code wireClient}: its synchronous client is a
     * {@code WireClient} (see {@link RemoteEngine}).
     */
    public static DynoxideEngine start(int port, Optional<Path> dataDirectory, boolean keepLog, boolean wireClient) {
        DynoxideBinary binary = DynoxideBinary.find();
        Optional<Path> database = dataDirectory.map(directory -> DataDirectory.prepare(directory).resolve(DataDirectory.DATABASE_FILE));
        LocalDynamoDbException last = null;
        for (int attempt = 0; attempt < (port == 0 ? PORT_ATTEMPTS : 1); attempt++) {
            int chosen = port == 0 ? freePort() : port;
            try {
                return launch(binary, chosen, database, keepLog, wireClient);
            } catch (PortTaken e) {
                last = new LocalDynamoDbException("Dynoxide could not listen on " + HOST + ":" + chosen + ": " + e.getMessage()
                        + (port == 0 ? "; " + PORT_ATTEMPTS + " free ports were taken before it could bind them"
                                : "; stop what uses the port, or leave the port unset to get a free one"), null);
            }
        }
        throw last;
    }

    private static DynoxideEngine launch(DynoxideBinary binary, int port, Optional<Path> database, boolean keepLog, boolean wireClient)
            throws PortTaken {
        Path log = createLog();
        List<String> engine = new ArrayList<>(List.of(binary.executable().toString(), "--host", HOST, "--port", Integer.toString(port)));
        database.ifPresent(file -> engine.addAll(List.of("--db-path", file.toString())));
        boolean watched = Files.isExecutable(SHELL);
        Process process = start(binary, engine, watched, log);
        long enginePid;
        try {
            enginePid = watched ? readPid(process) : process.pid();
        } catch (IOException e) {
            process.destroyForcibly();
            throw new LocalDynamoDbException("Dynoxide's launcher (/bin/sh) did not say the engine's process id: " + e
                    + "; " + tail(log), e);
        }
        String version = awaitAnswer(binary, engine, port, process, enginePid, log);
        Optional<Thread> hook = Optional.empty();
        if (!watched) {
            Thread thread = new Thread(() -> forceStop(process, enginePid), "dynoxide-stop-" + port);
            Runtime.getRuntime().addShutdownHook(thread);
            hook = Optional.of(thread);
        }
        return new DynoxideEngine(binary, version, process, enginePid, log, keepLog, URI.create("http://" + HOST + ":" + port), hook,
                wireClient);
    }

    private static Path createLog() {
        try {
            return Files.createTempFile("singletable-dynoxide-", ".log");
        } catch (IOException e) {
            throw new LocalDynamoDbException("Dynoxide's log file cannot be created in " + System.getProperty("java.io.tmpdir")
                    + ": " + e + "; make java.io.tmpdir writable", e);
        }
    }

    /** Watched, the engine runs under a shell that stops it when this JVM dies, however it dies. */
    private static Process start(DynoxideBinary binary, List<String> engine, boolean watched, Path log) {
        List<String> command = new ArrayList<>();
        if (watched) {
            command.addAll(List.of(SHELL.toString(), "-c", WATCHDOG, "dynoxide-watchdog"));
        }
        command.addAll(engine);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("DYNOXIDE_LOG", log.toString());
        if (!watched) {
            builder.redirectErrorStream(true).redirectOutput(log.toFile());
        }
        try {
            return builder.start();
        } catch (IOException e) {
            throw new LocalDynamoDbException("Dynoxide (" + binary.executable() + ", found " + binary.origin()
                    + ") could not be started: " + e.getMessage() + "; check that the file is an executable for this platform", e);
        }
    }

    private static String awaitAnswer(DynoxideBinary binary, List<String> engine, int port, Process process, long enginePid,
                                      Path log) throws PortTaken {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        Optional<String> version;
        while ((version = answeringVersion(port)).isEmpty()) {
            boolean engineAlive = ProcessHandle.of(enginePid).map(ProcessHandle::isAlive).orElse(false);
            // a taken port is reported at once, but the engine may not exit right after saying so
            boolean portTaken = sizeOf(log) > 0 && tail(log).contains("already in use");
            if (!engineAlive || portTaken || System.nanoTime() > deadline) {
                String output = tail(log);
                forceStop(process, enginePid);
                if (output.contains("already in use")) {
                    throw new PortTaken(output.strip());
                }
                throw new LocalDynamoDbException("Dynoxide (" + String.join(" ", engine) + ", found " + binary.origin() + ") "
                        + (engineAlive ? "did not answer within " + START_TIMEOUT_MILLIS / 1000 + " s" : "exited before it answered")
                        + ": " + (output.isBlank() ? "it printed nothing" : output.strip())
                        + "; run that command by hand to see why", null);
            }
            pause();
        }
        return version.get();
    }

    @Override
    public DynamoDbClient client() {
        return clients.client();
    }

    @Override
    public DynamoDbAsyncClient asyncClient() {
        return clients.asyncClient();
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient streamsClient() {
        return clients.streamsClient();
    }

    @Override
    public Optional<URI> endpoint() {
        return Optional.of(endpoint);
    }

    /** The engine's process id (not the watching shell's). */
    public long pid() {
        return enginePid;
    }

    /** {@code "Dynoxide 1.2.1"}, the version it answers with. */
    public String describe() {
        return "Dynoxide " + version;
    }

    /** The version it answers with, such as {@code 1.2.1}. */
    public String version() {
        return version;
    }

    /** The executable started, and how it was found. */
    public DynoxideBinary binary() {
        return binary;
    }

    @Override
    public void stop() {
        RuntimeException failure = null;
        try {
            clients.stop();
        } catch (RuntimeException e) {
            failure = e;
        }
        try {
            process.getOutputStream().close(); // the watchdog's read ends: it stops the engine and waits for it
        } catch (IOException e) {
            // closed already: the watchdog is gone, the check below stops the engine
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                forceStop(process, enginePid);
            }
        } catch (InterruptedException e) {
            forceStop(process, enginePid);
            Thread.currentThread().interrupt();
        }
        ProcessHandle.of(enginePid).ifPresent(ProcessHandle::destroyForcibly);
        shutdownHook.ifPresent(hook -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs anyway
            }
        });
        if (!keepLog) {
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                // a temporary file: the system cleans it up
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return describe() + " at " + endpoint + (keepLog ? ", output in " + log : "");
    }

    private static long readPid(Process process) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
        String line = reader.readLine();
        if (line == null) {
            throw new IOException("the launcher exited (" + exitOf(process) + ") without starting the engine");
        }
        try {
            return Long.parseLong(line.strip());
        } catch (NumberFormatException e) {
            throw new IOException("the launcher printed '" + line + "', not a process id", e);
        }
    }

    private static String exitOf(Process process) {
        try {
            return process.waitFor(1, TimeUnit.SECONDS) ? "exit code " + process.exitValue() : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static void forceStop(Process process, long enginePid) {
        ProcessHandle.of(enginePid).ifPresent(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            OutputStream stdin = process.getOutputStream();
            stdin.close();
        } catch (IOException e) {
            // gone already
        }
    }

    /**
     * The version Dynoxide names in its answer to {@code GET /}, or empty while nothing answers so: a listener that is
     * not Dynoxide (one that had the port first) never passes for it.
     */
    private static Optional<String> answeringVersion(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName(HOST), port), 200);
            socket.setSoTimeout(500);
            socket.getOutputStream().write(("GET / HTTP/1.1\r\nHost: " + HOST + ":" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            BufferedReader response = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            for (String line = response.readLine(); line != null && !line.isEmpty(); line = response.readLine()) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(VERSION_HEADER)) {
                    return Optional.of(line.substring(colon + 1).trim());
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long sizeOf(Path log) {
        try {
            return Files.size(log);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() > 2_000 ? "..." + text.substring(text.length() - 2_000) : text;
        } catch (IOException e) {
            return "";
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new LocalDynamoDbException("no free port on " + HOST + " for Dynoxide: " + e.getMessage(), e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalDynamoDbException("interrupted while starting Dynoxide", e);
        }
    }

    /** The engine found its port taken: another free port is tried. */
    private static final class PortTaken extends Exception {
        private static final long serialVersionUID = 1L;

        PortTaken(String message) {
            super(message, null, false, false);
        }
    }
}
