package dev.singletable.local.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

import dev.singletable.local.LocalDynamoDbException;

/**
 * Finds the Dynoxide executable, in this order:
 * <ol>
 * <li>an explicit path: {@value #PATH_PROPERTY}, else the environment variable {@code SINGLETABLE_DYNOXIDE_PATH};
 * <li>the binary packaged for this platform ({@code singletable-engine-<platform>} on the class path), extracted
 * once into the cache directory, its SHA-256 checked against the one recorded at build time;
 * <li>{@code dynoxide} on the {@code PATH}.
 * </ol>
 * The packaged binary comes before the {@code PATH} because it is the version the library is tested with: a
 * {@code dynoxide} installed for something else should not change a test run without being asked for.
 *
 * @param executable where it is
 * @param version    the packaged version, or empty where only the binary itself could say
 * @param origin     how it was found, for messages ("packaged", "SINGLETABLE_DYNOXIDE_PATH", "PATH")
 */
public record DynoxideBinary(Path executable, Optional<String> version, String origin) {

    /** System property naming the executable; environment variable {@code SINGLETABLE_DYNOXIDE_PATH}. */
    public static final String PATH_PROPERTY = "singletable.dynoxide.path";
    /**
     * System property naming the directory the packaged binary is extracted to; environment variable
     * {@code SINGLETABLE_ENGINE_CACHE}; unset, {@code $XDG_CACHE_HOME/singletable/engine}, else
     * {@code ~/.cache/singletable/engine}.
     */
    public static final String CACHE_PROPERTY = "singletable.engine.cache";

    private static final String PACKAGE_DIRECTORY = "dynoxide/";

    /** Cached per JVM: the class path and the environment do not change. */
    private static volatile DynoxideBinary found;

    /** Finds it as described above, once per JVM. */
    public static DynoxideBinary find() {
        DynoxideBinary binary = found;
        if (binary == null) {
            synchronized (DynoxideBinary.class) {
                binary = found;
                if (binary == null) {
                    binary = find(System::getProperty, System::getenv, DynoxideBinary.class.getClassLoader());
                    found = binary;
                }
            }
        }
        return binary;
    }

    /** {@code properties} and {@code environment} answer null for what is not set. */
    static DynoxideBinary find(Function<String, String> properties, Function<String, String> environment, ClassLoader loader) {
        Optional<String> explicit = EngineSettings.value(PATH_PROPERTY, properties, environment);
        if (explicit.isPresent()) {
            Path path = Path.of(explicit.get());
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                throw new LocalDynamoDbException("Dynoxide was named at " + path + " (" + EngineSettings.describe(PATH_PROPERTY)
                        + "), which is not an executable file; point it at the dynoxide binary, or unset it to use the packaged one", null);
            }
            return new DynoxideBinary(path, Optional.empty(), EngineSettings.variable(PATH_PROPERTY));
        }
        String platform = platform(properties);
        Optional<DynoxideBinary> packaged = packaged(platform, loader, cacheDirectory(properties, environment));
        if (packaged.isPresent()) {
            return packaged.get();
        }
        return onPath(environment).orElseThrow(() -> notFound(platform));
    }

    /** {@code linux-x64}, {@code darwin-arm64}...: the npm package's names for the platforms. */
    static String platform(Function<String, String> properties) {
        String os = String.valueOf(properties.apply("os.name")).toLowerCase(Locale.ROOT);
        String arch = String.valueOf(properties.apply("os.arch")).toLowerCase(Locale.ROOT);
        String osName = os.startsWith("linux") ? "linux" : os.startsWith("mac") || os.startsWith("darwin") ? "darwin"
                : os.startsWith("windows") ? "win32" : os.replace(' ', '_');
        String archName = switch (arch) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64", "arm64" -> "arm64";
            default -> arch;
        };
        return osName + "-" + archName;
    }

    private static Optional<DynoxideBinary> packaged(String platform, ClassLoader loader, Path cache) {
        String directory = PACKAGE_DIRECTORY + platform + "/";
        Properties description = new Properties();
        try (InputStream in = loader.getResourceAsStream(directory + "dynoxide.properties")) {
            if (in == null) {
                return Optional.empty();
            }
            description.load(in);
        } catch (IOException e) {
            throw new LocalDynamoDbException("The packaged Dynoxide for " + platform + " cannot be read: " + e, e);
        }
        String version = description.getProperty("version");
        String sha256 = description.getProperty("sha256", "").toLowerCase(Locale.ROOT);
        long size = Long.parseLong(description.getProperty("size", "-1"));
        Path target = cache.resolve("dynoxide-" + version + "-" + platform + "-" + sha256.substring(0, Math.min(12, sha256.length())))
                .resolve(platform.startsWith("win32") ? "dynoxide.exe" : "dynoxide");
        try {
            if (!(Files.isRegularFile(target) && Files.size(target) == size && Files.isExecutable(target))) {
                extract(loader, directory + "dynoxide", target, sha256, platform);
            }
        } catch (IOException e) {
            throw new LocalDynamoDbException("The packaged Dynoxide " + version + " cannot be extracted to " + target + ": " + e
                    + "; make " + cache + " writable, or point " + EngineSettings.describe(CACHE_PROPERTY)
                    + " at a directory that is (not mounted noexec)", e);
        }
        return Optional.of(new DynoxideBinary(target, Optional.of(version), "packaged"));
    }

    /**
     * Writes the binary next to {@code target}, checks its hash, makes it executable and moves it into place in one
     * step, so that another JVM extracting at the same time never runs a half-written file.
     */
    private static void extract(ClassLoader loader, String resource, Path target, String sha256, String platform) throws IOException {
        Files.createDirectories(target.getParent());
        Path partial = Files.createTempFile(target.getParent(), "dynoxide-", ".partial");
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = loader.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("the resource " + resource + " is missing from singletable-engine-" + platform);
                }
                try (DigestInputStream digesting = new DigestInputStream(in, digest);
                     OutputStream out = Files.newOutputStream(partial)) {
                    digesting.transferTo(out);
                }
            }
            String actual = HexFormat.of().formatHex(digest.digest());
            if (!actual.equals(sha256)) {
                throw new LocalDynamoDbException("The packaged Dynoxide (" + resource + ") has SHA-256 " + actual + ", not the "
                        + sha256 + " recorded when it was built: the jar singletable-engine-" + platform
                        + " is damaged; delete it from your Maven repository and build again", null);
            }
            if (!partial.toFile().setExecutable(true, false)) {
                throw new IOException("cannot make " + partial + " executable");
            }
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private static Optional<DynoxideBinary> onPath(Function<String, String> environment) {
        String path = environment.apply("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String directory : path.split(java.io.File.pathSeparator)) {
            if (directory.isBlank()) {
                continue;
            }
            for (String name : new String[] {"dynoxide", "dynoxide.exe"}) {
                Path candidate = Path.of(directory, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(new DynoxideBinary(candidate, Optional.empty(), "PATH"));
                }
            }
        }
        return Optional.empty();
    }

    private static LocalDynamoDbException notFound(String platform) {
        return new LocalDynamoDbException("No Dynoxide engine for " + platform + ": singletable packages it for linux-x64 only"
                + " (the test dependency singletable-engine-linux-x64), and there is no dynoxide on the PATH. Install it"
                + " in one of three ways: npm install -g dynoxide, brew install nubo-db/tap/dynoxide,"
                + " or cargo install dynoxide-rs; then put it on the PATH or name it with "
                + EngineSettings.describe(PATH_PROPERTY)
                + ". Or run any DynamoDB-compatible engine yourself and point singletable.test.endpoint at its URL", null);
    }

    static Path cacheDirectory(Function<String, String> properties, Function<String, String> environment) {
        Optional<String> configured = EngineSettings.value(CACHE_PROPERTY, properties, environment);
        if (configured.isPresent()) {
            return Path.of(configured.get());
        }
        String xdg = environment.apply("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(String.valueOf(properties.apply("user.home")), ".cache");
        return base.resolve("singletable").resolve("engine");
    }
}
