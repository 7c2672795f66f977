package dev.singletable.changes;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;

final class FileCheckpoints implements ChangeCheckpoints {
    private final Path path;
    private final Properties positions = new Properties();

    FileCheckpoints(Path path) {
        this.path = path.toAbsolutePath();
        if (Files.exists(this.path)) {
            try (Reader reader = Files.newBufferedReader(this.path, StandardCharsets.UTF_8)) {
                positions.load(reader);
            } catch (IOException | IllegalArgumentException e) {
                throw new ChangeStreamException("Checkpoint file " + this.path + " cannot be read: " + e.getMessage()
                        + "; fix or delete it (the reader then starts at its starting position)", e);
            }
        }
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
                positions.store(writer, "singletable change reader checkpoints: stream ARN and shard id = last sequence number handled");
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
