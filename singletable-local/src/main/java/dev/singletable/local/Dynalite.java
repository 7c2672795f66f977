package dev.singletable.local;

import dev.singletable.Stable;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * dynalite, an independent implementation of DynamoDB's wire protocol on Node.js, in a child
 * process on 127.0.0.1: a second engine to run the same tests on. It lacks transactions, PartiQL,
 * time to live and the stored item on a failed condition ({@link EngineFeature}), and can keep
 * tables CREATING, UPDATING and DELETING for a while, as Amazon DynamoDB does.
 *
 * <pre>{@code
 * try (Dynalite dynalite = Dynalite.builder().installDirectory(Path.of("target/dynalite"))
 *         .createTableDelay(Duration.ofMillis(500)).start();
 *      LocalDynamoDb db = LocalDynamoDb.builder().endpoint(dynalite.endpoint()).start()) {
 *     Table.of(schema, db.client()).createTable();   // waits while the table is CREATING
 * }
 * }</pre>
 *
 * <p>Needs {@code node} and {@code npm} on the {@code PATH}; {@link #isAvailable()} says whether
 * they are. The pinned version {@value #VERSION} is installed with {@code npm install} into the
 * install directory on first use (the network once), then reused.
 */
@Stable
public final class Dynalite implements AutoCloseable {
    /** The npm version installed and started. */
    public static final String VERSION = "4.0.0";

    /** System property naming the default install directory; {@code target/dynalite} when unset. */
    public static final String DIRECTORY_PROPERTY = "singletable.dynalite.directory";

    private final Process process;
    private final URI endpoint;

    private Dynalite(Process process, URI endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Whether {@code node} and {@code npm} can be run. */
    public static boolean isAvailable() {
        return runs("node", "--version") && runs(npm(), "--version");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Where it listens, such as {@code http://127.0.0.1:41234}. */
    public URI endpoint() {
        return endpoint;
    }

    /** Stops the process; every table is gone. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "Dynalite[" + endpoint + "]";
    }

    private static boolean runs(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String npm() {
        return System.getProperty("os.name", "").startsWith("Windows") ? "npm.cmd" : "npm";
    }

    /** Configures a {@link Dynalite}; every delay is 0 unless set. */
    public static final class Builder {
        private Path installDirectory = Path.of(System.getProperty(DIRECTORY_PROPERTY, "target/dynalite"));
        private Duration createTableDelay = Duration.ZERO;
        private Duration updateTableDelay = Duration.ZERO;
        private Duration deleteTableDelay = Duration.ZERO;

        private Builder() {
        }

        /**
         * Where {@code npm install dynalite@}{@value #VERSION} goes; unless set, the system property
         * {@value #DIRECTORY_PROPERTY}, else {@code target/dynalite}.
         */
        public Builder installDirectory(Path directory) {
            this.installDirectory = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /** How long a new table stays CREATING ({@code --createTableMs}). */
        public Builder createTableDelay(Duration delay) {
            this.createTableDelay = nonNegative(delay);
            return this;
        }

        /** How long an updated table stays UPDATING ({@code --updateTableMs}). */
        public Builder updateTableDelay(Duration delay) {
            this.updateTableDelay = nonNegative(delay);
            return this;
        }

        /** How long a deleted table stays DELETING ({@code --deleteTableMs}). */
        public Builder deleteTableDelay(Duration delay) {
            this.deleteTableDelay = nonNegative(delay);
            return this;
        }

        /**
         * Installs dynalite if needed, starts it on a free loopback port and returns once it answers.
         *
         * @throws LocalDynamoDbException when node or npm is missing, the install fails or it does not start
         */
        public Dynalite start() {
            Path script = install();
            int port = freePort();
            List<String> command = new ArrayList<>(List.of("node", script.toString(), "--host", "127.0.0.1",
                    "--port", Integer.toString(port),
                    "--createTableMs", Long.toString(createTableDelay.toMillis()),
                    "--updateTableMs", Long.toString(updateTableDelay.toMillis()),
                    "--deleteTableMs", Long.toString(deleteTableDelay.toMillis())));
            Process process;
            try {
                process = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            } catch (IOException e) {
                throw new LocalDynamoDbException("dynalite did not start (" + String.join(" ", command)
                        + "): " + e.getMessage() + "; is node on the PATH?", e);
            }
            URI endpoint = URI.create("http://127.0.0.1:" + port);
            Dynalite dynalite = new Dynalite(process, endpoint);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!answers(endpoint)) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    dynalite.close();
                    throw new LocalDynamoDbException("dynalite (" + String.join(" ", command) + ") "
                            + (process.isAlive() ? "did not answer within 30 s" : "exited with " + process.exitValue())
                            + "; run the command by hand to see why", null);
                }
                pause();
            }
            return dynalite;
        }

        private Path install() {
            Path script = installDirectory.resolve("node_modules").resolve("dynalite").resolve("cli.js");
            Path packageJson = installDirectory.resolve("node_modules").resolve("dynalite").resolve("package.json");
            if (Files.isRegularFile(script) && installedVersion(packageJson).filter(VERSION::equals).isPresent()) {
                return script;
            }
            List<String> command = List.of(npm(), "install", "--no-audit", "--no-fund", "--no-save",
                    "--prefix", installDirectory.toAbsolutePath().toString(), "dynalite@" + VERSION);
            try {
                Files.createDirectories(installDirectory);
                Process npm = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0 || !Files.isRegularFile(script)) {
                    throw new LocalDynamoDbException("'" + String.join(" ", command) + "' failed: " + output.strip(), null);
                }
                return script;
            } catch (IOException e) {
                throw new LocalDynamoDbException("'" + String.join(" ", command) + "' could not run: " + e.getMessage()
                        + "; dynalite needs node and npm on the PATH", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalDynamoDbException("interrupted while installing dynalite", e);
            }
        }

        private static Optional<String> installedVersion(Path packageJson) {
            try {
                String text = Files.readString(packageJson);
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"").matcher(text);
                return m.find() ? Optional.of(m.group(1)) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        private static boolean answers(URI endpoint) {
            try {
                HttpURLConnection connection = (HttpURLConnection) endpoint.toURL().openConnection();
                connection.setConnectTimeout(500);
                connection.setReadTimeout(2000);
                int status = connection.getResponseCode();
                try (InputStream body = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
                    if (body != null) {
                        body.readAllBytes();
                    }
                }
                return status > 0;
            } catch (IOException e) {
                return false;
            }
        }

        private static int freePort() {
            try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new LocalDynamoDbException("no free loopback port for dynalite: " + e.getMessage(), e);
            }
        }

        private static void pause() {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalDynamoDbException("interrupted while starting dynalite", e);
            }
        }

        private static Duration nonNegative(Duration delay) {
            if (delay.isNegative()) {
                throw new IllegalArgumentException("a delay cannot be negative: " + delay);
            }
            return delay;
        }
    }
}
