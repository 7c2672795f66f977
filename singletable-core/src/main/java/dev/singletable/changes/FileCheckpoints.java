package dev.singletable.changes;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

final class FileCheckpoints implements ChangeCheckpoints {
    private static final String HEADER = "singletable change reader checkpoints: stream ARN and shard id = last sequence number handled";

    private final Path path;
    private final Properties positions = new Properties();

    FileCheckpoints(Path path) {
        this.path = path.toAbsolutePath();
        if (Files.exists(this.path)) {
            List<String> lines;
            try {
                lines = Files.readAllLines(this.path, StandardCharsets.UTF_8);
            } catch (IOException | UncheckedIOException e) {
                throw new ChangeStreamException("Checkpoint file " + this.path + " cannot be read: " + e.getMessage()
                        + "; fix or delete it (the reader then starts at its starting position)", e);
            }
            load(lines);
        }
    }

    /**
     * Takes the positions of a file this class wrote, line by line so that a refusal names the line: a file without the
     * header, with a line that is no position of a stream's shard, or with a position that is no sequence number is not
     * the reader's, and starting again from the trim horizon would hand over every change kept again (24 hours of
     * duplicates) and then overwrite the file. An empty file holds no positions.
     */
    private void load(List<String> lines) {
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#") || line.startsWith("!")) {
                header |= line.substring(1).strip().equals(HEADER);
                continue;
            }
            if (!header) {
                throw refused(i + 1, line, "the file does not start with the header '#" + HEADER + "', so it is not a change "
                        + "reader's checkpoint file; give the reader a file of its own (it is created on the first save)");
            }
            Properties entry = new Properties();
            try {
                entry.load(new StringReader(lines.get(i)));
            } catch (IOException | IllegalArgumentException e) {
                throw refused(i + 1, line, e.getMessage() + "; fix the line or delete it");
            }
            for (String key : entry.stringPropertyNames()) {
                String value = entry.getProperty(key);
                int space = key.lastIndexOf(' ');
                String stream = space < 0 ? "" : key.substring(0, space);
                if (!stream.startsWith("arn:") || !stream.contains("/stream/") || space == key.length() - 1) {
                    throw refused(i + 1, line, "it is not 'STREAM-ARN SHARD-ID=SEQUENCE-NUMBER' (the ':' and ' ' of the key escaped "
                            + "with '\\'); fix the line or delete it");
                }
                if (!value.equals(SHARD_END) && !value.chars().allMatch(c -> c >= '0' && c <= '9') || value.isEmpty()) {
                    throw refused(i + 1, line, "the position of shard " + key.substring(space + 1) + " is '" + value + "', neither a "
                            + "sequence number (digits) nor " + SHARD_END + "; fix it, or delete the line to read that shard again from "
                            + "the reader's starting position");
                }
                positions.setProperty(key, value);
            }
        }
    }

    private ChangeStreamException refused(int number, String line, String why) {
        String shown = line.length() > 120 ? line.substring(0, 117) + "..." : line;
        return new ChangeStreamException("Checkpoint file " + path + ", line " + number + " (" + shown + "): " + why);
    }

    Path path() {
        return path;
    }

    /** The tables whose streams the file holds positions of, from the streams' ARNs. */
    synchronized Set<String> tables() {
        Set<String> tables = new TreeSet<>();
        for (String key : positions.stringPropertyNames()) {
            ChangeDecoder.tableOf(key.substring(0, key.lastIndexOf(' '))).ifPresent(tables::add);
        }
        return tables;
    }

    @Override
    public synchronized Optional<String> position(String streamArn, String shardId) {
        return Optional.ofNullable(positions.getProperty(streamArn + " " + shardId));
    }

    @Override
    public synchronized void save(String streamArn, String shardId, String position) {
        positions.setProperty(streamArn + " " + shardId, position);
        try {
            Path parent = path.getParent();
            Files.createDirectories(parent);
            Path temporary = Files.createTempFile(parent, path.getFileName().toString(), ".tmp");
            try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                positions.store(writer, HEADER);
            }
            try {
                Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new ChangeStreamException("Checkpoint file " + path + " cannot be written: " + e.getMessage()
                    + "; check the directory's permissions and free space", new UncheckedIOException(e));
        }
    }

    @Override
    public String toString() {
        return "ChangeCheckpoints.file(" + path + ")";
    }
}
