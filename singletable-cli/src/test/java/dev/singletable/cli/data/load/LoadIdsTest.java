package dev.singletable.cli.data.load;

import com.github.f4b6a3.ulid.Ulid;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ids a load fills in: the same for the same load and row, other for another load, in row order; and the checkpoint that keeps them. */
class LoadIdsTest {
    private static final Instant STARTED = Instant.parse("2026-11-23T10:00:00.123Z");

    @TempDir
    Path directory;

    @Test
    void generated_whenTheSameLoadAndRow_isTheSameIdAndOtherwiseAnother() {
        LoadIds load = new LoadIds("load-a", STARTED);
        LoadIds again = new LoadIds("load-a", STARTED);
        LoadIds other = new LoadIds("load-b", STARTED);

        List<Object> ids = List.of(load.generated(IdGenerator.ULID, AttributeKind.STRING, "posts.jsonl", 7, "postId"),
                again.generated(IdGenerator.ULID, AttributeKind.STRING, "posts.jsonl", 7, "postId"),
                other.generated(IdGenerator.ULID, AttributeKind.STRING, "posts.jsonl", 7, "postId"),
                load.generated(IdGenerator.ULID, AttributeKind.STRING, "posts.jsonl", 8, "postId"),
                load.generated(IdGenerator.ULID, AttributeKind.STRING, "other.jsonl", 7, "postId"),
                load.generated(IdGenerator.ULID, AttributeKind.STRING, "posts.jsonl", 7, "commentId"));

        assertThat(ids.get(0)).isEqualTo(ids.get(1));
        assertThat(ids.subList(1, ids.size())).doesNotHaveDuplicates();
        assertThat(Ulid.from((String) ids.get(0)).getInstant()).isEqualTo(STARTED);
    }

    @Test
    void generated_whenUlidsOfOneFile_sortInRowOrder() {
        LoadIds load = new LoadIds("load-a", STARTED);
        List<String> ids = new ArrayList<>();
        for (long line = 1; line <= 300; line += 7) {
            ids.add((String) load.generated(IdGenerator.ULID, AttributeKind.STRING, "posts.jsonl", line, "postId"));
        }

        assertThat(ids).isSorted().doesNotHaveDuplicates().allSatisfy(id -> assertThat(id).hasSize(26));
    }

    @Test
    void generated_whenUuid_isAVersion4UuidTheSameForTheSameRow() {
        LoadIds load = new LoadIds("load-a", STARTED);

        Object uuid = load.generated(IdGenerator.UUID, AttributeKind.UUID, "tags.csv", 3, "tagId");
        Object text = load.generated(IdGenerator.UUID, AttributeKind.STRING, "tags.csv", 3, "tagId");
        Object next = load.generated(IdGenerator.UUID, AttributeKind.UUID, "tags.csv", 4, "tagId");

        assertThat(uuid).isInstanceOf(UUID.class);
        assertThat(List.of(((UUID) uuid).version(), ((UUID) uuid).variant(), ((UUID) next).version())).containsExactly(4, 2, 4);
        assertThat(text).isEqualTo(uuid.toString());
        assertThat(next).isNotEqualTo(uuid);
    }

    @Test
    void resume_whenCheckpointSaved_keepsTheLoadsIdentityAndInstant() {
        Path path = directory.resolve("load.checkpoint.json");
        LoadCheckpoint fresh = LoadCheckpoint.fresh(path, "BlogTable", TestTargets.ENGINE, STARTED);
        LoadCheckpoint other = LoadCheckpoint.fresh(path, "BlogTable", TestTargets.ENGINE, STARTED);
        fresh.save();

        LoadCheckpoint resumed = LoadCheckpoint.resume(path, "BlogTable", TestTargets.ENGINE);

        assertThat(List.of(resumed.ids().identity(), resumed.ids().instant())).containsExactly(fresh.ids().identity(), STARTED);
        assertThat(other.ids().identity()).isNotEqualTo(fresh.ids().identity());
    }

    @Test
    void resume_whenCheckpointOfFormat1_refusesItSayingWhy() throws Exception {
        Path path = directory.resolve("old.checkpoint.json");
        Files.writeString(path, """
                {"format": "singletable-load-checkpoint/1", "table": "BlogTable", "files": []}
                """, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> LoadCheckpoint.resume(path, "BlogTable", TestTargets.ENGINE))
                .isInstanceOf(LoadInputException.class)
                .hasMessage("--resume: " + path + " was written by an older singletable (format singletable-load-checkpoint/1), which "
                        + "does not record the load's identity and start, so a resumed load could not make the same generated ids and "
                        + "timestamps for the rows it may have written; finish that load with the singletable that started it, or load "
                        + "again without --resume");
    }

    @Test
    void resume_whenCheckpointOfFormat2HoldsACsvFile_refusesItSayingWhy() throws Exception {
        Path path = directory.resolve("csv.checkpoint.json");
        Files.writeString(path, """
                {"format": "singletable-load-checkpoint/2", "table": "BlogTable", "loadId": "L", "startedAt": "2026-11-23T10:00:00Z",
                 "files": [{"file": "posts.CSV", "size": 10, "settledBelow": 3, "dispatchedBelow": 3}]}
                """, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> LoadCheckpoint.resume(path, "BlogTable", TestTargets.ENGINE))
                .isInstanceOf(LoadInputException.class)
                .hasMessage("--resume: " + path + " was written by an older singletable (format singletable-load-checkpoint/2), which "
                        + "numbered a CSV file's rows one line early, so resuming with this one could write a row twice with another "
                        + "generated id; finish that load with the singletable that started it, or load again without --resume");
    }
}
