package dev.singletable.examples.blog;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeReader;
import dev.singletable.examples.blog.CommentCounts.Result;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A post's comment count kept from the stream on the engine: created and removed comments, then every record replayed. */
class CommentCountsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private Table table;
    private ChangeReader<Object> reader;
    private CommentCounts counts;

    @BeforeEach
    void setUp() {
        table = Table.of(CommentCounts.schema("CommentCounts-" + System.nanoTime()), db.client());
        table.createTable();
        reader = ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build();
        counts = new CommentCounts(table);
    }

    @AfterEach
    void tearDown() {
        table.deleteTable();
    }

    private static Comment comment(String postId, String commentId, int second) {
        return new Comment(postId, commentId, "ada", "Nice post", Instant.parse("2025-05-19T10:00:00Z").plusSeconds(second));
    }

    @Test
    void acceptAll_whenCommentsAreCreatedAndRemoved_countsThemPerPost() {
        Comment first = comment("p1", "c1", 1);
        table.put(first);
        table.put(comment("p1", "c2", 2));
        table.put(comment("p1", "c3", 3));
        table.put(comment("p2", "c4", 4));
        table.delete(first);

        List<Result> results = counts.acceptAll(reader.readAvailable());

        assertThat(results).containsExactly(Result.COUNTED, Result.COUNTED, Result.COUNTED, Result.COUNTED, Result.COUNTED);
        assertThat(counts.count("p1")).isEqualTo(2);
        assertThat(counts.count("p2")).isEqualTo(1);
        assertThat(counts.count("p3")).isZero();
    }

    @Test
    void acceptAll_whenTheSameRecordsAreReplayed_countsNothingTwice() {
        table.put(comment("p1", "c1", 1));
        table.put(comment("p1", "c2", 2));
        table.delete(comment("p1", "c1", 1));
        List<Change<Object>> changes = reader.readAvailable();
        counts.acceptAll(changes);
        // the counter's own writes are records too: ignored, as they are no comments
        assertThat(counts.acceptAll(reader.readAvailable())).containsOnly(Result.IGNORED);

        List<Result> replayed = counts.acceptAll(changes);
        List<Result> lastOneAgain = counts.acceptAll(changes.subList(1, 2));

        assertThat(replayed).containsExactly(Result.ALREADY_COUNTED, Result.ALREADY_COUNTED, Result.ALREADY_COUNTED);
        assertThat(lastOneAgain).containsExactly(Result.ALREADY_COUNTED);
        assertThat(counts.count("p1")).isEqualTo(1);
        assertThat(table.get(CommentCounts.POST_COMMENT_COUNT, KeyValues.of(CommentCounts.POST_ID, "p1")).orElseThrow().lastSequence())
                .hasSize(40).endsWith(changes.get(2).sequenceNumber());
    }

    @Test
    void accept_whenACommentIsModified_leavesTheCountAlone() {
        table.put(comment("p1", "c1", 1));
        table.put(new Comment("p1", "c1", "ada", "Nice post, edited", Instant.parse("2025-05-19T10:00:01Z")));

        assertThat(counts.acceptAll(reader.readAvailable())).containsExactly(Result.COUNTED, Result.IGNORED);
        assertThat(counts.count("p1")).isEqualTo(1);
    }
}
