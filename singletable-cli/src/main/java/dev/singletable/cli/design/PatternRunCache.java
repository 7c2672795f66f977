package dev.singletable.cli.design;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What each access pattern of a command's designs returned on the embedded engine, kept in one small JSON file per input
 * (the designs' bytes, the --data file's bytes, and this build of the CLI), so that patterns and view answer an
 * unchanged design without starting the engine. The results are the engine's own answers to the same table, items
 * and requests: the engine and the library are the same build, so a run again would return the same keys. A file that
 * cannot be read or written is ignored: the engine runs, as without a cache.
 *
 * <p>Each file's name starts with a digest of the CLI build, and each write prunes the directory: files of other builds
 * (which no run of this build reads) go, and of this build's, the {@value #KEPT_FILES} used last stay (a file answered
 * from counts as used; a file is a few kilobytes, so the directory stays under a few megabytes). Pruning that fails
 * (a file another process removed, a directory that cannot be written) is logged at debug and never fails the command.
 */
public final class PatternRunCache {
    /** The system property naming the cache directory; unset, nothing is cached. {@code Main} sets it for the command line. */
    public static final String DIRECTORY_PROPERTY = "singletable.cache.dir";
    private static final String FORMAT = "singletable-pattern-runs/1";
    /** How many files of the current build a write leaves in the directory: the most recently used. */
    static final int KEPT_FILES = 200;

    /**
     * One design's results: the digest of the items its table held ({@link #digest}), and each pattern's items, by
     * primary key, in the order the engine returned them.
     */
    record Run(String table, String items, Map<String, List<Map<String, AttributeValue>>> keys) {
        Run {
            keys = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(keys)); // in the design's order, in the file too
        }
    }

    private final Path file;

    private PatternRunCache(Path file) {
        this.file = file;
    }

    /**
     * The cache file for these inputs, when {@value #DIRECTORY_PROPERTY} names a directory; empty when it is unset or
     * the inputs cannot be read (the command then reports the problem itself, or runs without the cache).
     */
    static Optional<PatternRunCache> forInputs(List<byte[]> inputs) {
        String directory = System.getProperty(DIRECTORY_PROPERTY);
        if (directory == null || directory.isBlank()) {
            return Optional.empty();
        }
        MessageDigest digest = sha256();
        update(digest, FORMAT.getBytes(StandardCharsets.UTF_8));
        inputs.forEach(input -> update(digest, input));
        return Optional.of(new PatternRunCache(Path.of(directory, "patterns",
                BuildKey.VALUE + "-" + HexFormat.of().formatHex(digest.digest()) + ".json")));
    }

    /** The start of the names of this build's files: 16 hex digits of the digest of the format and the CLI build. */
    static String buildKey() {
        return BuildKey.VALUE;
    }

    Path file() {
        return file;
    }

    /** What an earlier run kept for these inputs, design by design; empty when nothing (or nothing readable) is kept. */
    List<Run> read() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            JsonNode root = Json.MAPPER.readTree(file.toFile());
            if (root == null || !FORMAT.equals(root.path("format").asText())) {
                return List.of();
            }
            List<Run> runs = new ArrayList<>();
            for (JsonNode run : root.path("runs")) {
                Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> pattern : run.path("patterns").properties()) {
                    List<Map<String, AttributeValue>> items = new ArrayList<>();
                    for (JsonNode item : pattern.getValue()) {
                        Map<String, AttributeValue> key = new LinkedHashMap<>();
                        for (Map.Entry<String, JsonNode> attribute : item.properties()) {
                            key.put(attribute.getKey(), keyValue(attribute.getValue()));
                        }
                        items.add(key);
                    }
                    keys.put(pattern.getKey(), List.copyOf(items));
                }
                runs.add(new Run(run.path("table").asText(), run.path("items").asText(), keys));
            }
            markUsed();
            return List.copyOf(runs);
        } catch (IOException | RuntimeException e) {
            return List.of(); // a damaged or foreign file: run the engine and write it anew
        }
    }

    /** Keeps the runs of every design of the command; a file that cannot be written is left as it was. */
    void write(List<Run> runs) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("format", FORMAT);
        ArrayNode list = root.putArray("runs");
        for (Run run : runs) {
            ObjectNode entry = list.addObject();
            entry.put("table", run.table());
            entry.put("items", run.items());
            ObjectNode patterns = entry.putObject("patterns");
            run.keys().forEach((pattern, items) -> {
                ArrayNode array = patterns.putArray(pattern);
                for (Map<String, AttributeValue> key : items) {
                    ObjectNode item = array.addObject();
                    key.forEach((name, value) -> item.set(name, keyValue(value)));
                }
            });
        }
        try {
            Files.createDirectories(file.getParent());
            Path partial = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".partial");
            try {
                Json.MAPPER.writeValue(partial.toFile(), root);
                try {
                    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(partial);
            }
        } catch (IOException | RuntimeException e) {
            // a read-only or full disk: the results were shown; the next run starts the engine again
            return;
        }
        prune(file.getParent(), BuildKey.VALUE, KEPT_FILES);
    }

    /** A file answered from is recently used: pruning keeps the files used last, not the files written last. */
    private void markUsed() {
        try {
            Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
        } catch (IOException | RuntimeException e) {
            CacheFiles.debug("Could not mark {} as used: {}", file, e);
        }
    }

    /**
     * Removes from {@code directory} the cache files of builds other than {@code build} (and partial files of writes
     * that never finished), and of {@code build}'s all but the {@code kept} last modified. Only names this cache writes
     * are touched; a failure is logged at debug, the rest of the directory still pruned.
     */
    static void prune(Path directory, String build, int kept) {
        List<Path> current = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path path : files.toList()) {
                String name = path.getFileName().toString();
                if (name.endsWith(".json") && name.startsWith(build + "-")) {
                    current.add(path);
                } else if (name.endsWith(".json") || CacheFiles.isAbandonedPartial(path)) {
                    CacheFiles.delete(path);
                }
            }
        } catch (IOException | RuntimeException e) {
            CacheFiles.debug("Could not prune the pattern cache {}: {}", directory, e);
            return;
        }
        if (current.size() <= kept) {
            return;
        }
        Map<Path, Instant> times = new LinkedHashMap<>();
        current.forEach(path -> times.put(path, CacheFiles.modified(path, Instant.EPOCH))); // unreadable: the first to go
        current.sort(Comparator.comparing((Path path) -> times.get(path)).reversed().thenComparing(Path::toString));
        current.subList(kept, current.size()).forEach(CacheFiles::delete);
    }

    /**
     * A digest of the items a design's table holds before its patterns run. The cache file is found by the design's
     * bytes; the items can also come from files the design names (an entity's exampleFile), so a kept run is used only
     * when its items are these.
     */
    static String digest(List<Map<String, AttributeValue>> items) {
        MessageDigest digest = sha256();
        items.forEach(item -> update(digest, item.toString().getBytes(StandardCharsets.UTF_8)));
        return HexFormat.of().formatHex(digest.digest());
    }

    private static ObjectNode keyValue(AttributeValue value) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        if (value.s() != null) {
            node.put("S", value.s());
        } else if (value.n() != null) {
            node.put("N", value.n());
        } else if (value.b() != null) {
            node.put("B", Base64.getEncoder().encodeToString(value.b().asByteArray()));
        } else {
            throw new IllegalArgumentException("a key attribute is a string, number or binary, not " + value);
        }
        return node;
    }

    private static AttributeValue keyValue(JsonNode node) {
        if (node.has("S")) {
            return AttributeValue.fromS(node.get("S").asText());
        }
        if (node.has("N")) {
            return AttributeValue.fromN(node.get("N").asText());
        }
        if (node.has("B")) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(node.get("B").asText())));
        }
        throw new IllegalArgumentException("not a key attribute value: " + node);
    }

    /**
     * This build of the CLI: where its classes are, the size and time of that jar (or directory) and of each file in
     * the lib directory beside it (the library, the schema reader, the engine's jar), so that a rebuild never answers
     * from results of an earlier one.
     */
    private static String buildIdentity() {
        StringBuilder identity = new StringBuilder(String.valueOf(PatternRunCache.class.getPackage().getImplementationVersion()));
        try {
            Path location = Path.of(PatternRunCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            identity.append('\n').append(stamp(location));
            Path lib = location.resolveSibling("lib");
            if (Files.isRegularFile(location) && Files.isDirectory(lib)) {
                try (Stream<Path> files = Files.list(lib)) {
                    for (Path library : files.sorted().toList()) {
                        identity.append('\n').append(stamp(library));
                    }
                }
            }
        } catch (URISyntaxException | IOException | RuntimeException e) {
            identity.append("\nunknown location");
        }
        return identity.toString();
    }

    private static String stamp(Path path) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        return path + " " + attributes.size() + " " + attributes.lastModifiedTime().toMillis();
    }

    private static void update(MessageDigest digest, byte[] bytes) {
        // length first, so that two inputs never run together into the digest of another pair
        digest.update(Long.toString(bytes.length).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** This build's key, computed once per process (the build's jars are listed and stamped). */
    private static final class BuildKey {
        static final String VALUE = key();

        private static String key() {
            MessageDigest digest = sha256();
            update(digest, FORMAT.getBytes(StandardCharsets.UTF_8));
            update(digest, buildIdentity().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        }
    }

    /**
     * Jackson, made on first use: finding the cache file needs none, and a run with the engine (a new design,
     * {@code --no-cache}) starts it before the design is parsed, so it must not wait for Jackson's initialisation.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
}
