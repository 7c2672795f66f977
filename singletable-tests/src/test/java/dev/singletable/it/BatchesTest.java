package dev.singletable.it;

import dev.singletable.BatchIncompleteException;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWriteResult;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.it.WriteModel.TagPost;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Batches of any size through a client that throttles and trims: nothing lost, nothing written twice. */
class BatchesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static List<TagPost> tagPosts(String prefix, int count) {
        List<TagPost> posts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            posts.add(new TagPost(prefix + (i % 40), "p" + i, "author", "Title " + i));
        }
        return posts;
    }

    private static ItemKey<TagPost> keyOf(TagPost post) {
        return ItemKey.of(TAG_POST, KeyValues.of(T_TAG, post.tag()).and(T_POST, post.postId()));
    }

    @Test
    void batchWrite_when10000ItemsMeetThrottlingAndTrimming_writesEveryItemExactlyOnce() {
        ThrottlingClient flaky = new ThrottlingClient(db.client(), 42, 0.10, 0.6);
        Table table = Table.of(db.table().schema(), flaky);
        List<TagPost> posts = tagPosts("bulk", 10_000);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        BatchOptions options = BatchOptions.defaults().maxAttempts(60).maxDuration(Duration.ofMinutes(2))
                .backoff(Duration.ofMillis(1), Duration.ofMillis(20)).executor(pool);
        long start = System.nanoTime();
        BatchWriteResult result;
        try {
            result = table.batchWrite().putAll(posts).options(options).execute();
        } finally {
            pool.shutdownNow();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(result.isComplete()).isTrue();
        assertThat(result.processed()).isEqualTo(10_000);
        assertThat(flaky.writesByKey).hasSize(10_000);
        assertThat(flaky.writesByKey.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        assertThat(flaky.throttled.get()).isPositive();
        assertThat(flaky.trimmed.get()).isPositive();

        ItemsByKey read = Table.of(db.table().schema(), new ThrottlingClient(db.client(), 7, 0.10, 0.6))
                .batchGet(posts.stream().map(BatchesTest::keyOf).toList(),
                        BatchOptions.defaults().maxAttempts(60).backoff(Duration.ofMillis(1), Duration.ofMillis(20)));
        assertThat(read.isComplete()).isTrue();
        assertThat(read.notFound()).isEmpty();
        assertThat(read.found()).containsExactlyElementsOf(posts);
        System.out.printf("batch write of 10000: %d ms, %d requests (%d retries), %d calls throttled, %d requests trimmed; "
                        + "batch get of 10000: %d requests%n", millis, result.requestCount(), result.retries(), flaky.throttled.get(),
                flaky.trimmed.get(), read.requestCount());
    }

    @Test
    void batchWrite_whenRetryBudgetRunsOut_returnsTheUnprocessedRemainder() {
        ThrottlingClient flaky = new ThrottlingClient(db.client(), 3, 0.0, 0.3);
        Table table = Table.of(db.table().schema(), flaky);
        List<TagPost> posts = tagPosts("budget", 500);

        BatchWriteResult result = table.batchWrite().putAll(posts)
                .options(BatchOptions.defaults().maxAttempts(2).backoff(Duration.ZERO, Duration.ZERO)).execute();

        assertThat(result.isComplete()).isFalse();
        List<Object> left = result.unprocessedPuts();
        assertThat(result.processed() + left.size()).isEqualTo(500);
        Set<String> written = new HashSet<>(flaky.writesByKey.keySet());
        assertThat(written).hasSize(result.processed());
        for (Object o : left) {
            TagPost post = (TagPost) o;
            assertThat(written).doesNotContain("TAG#" + post.tag() + "|POST#" + post.postId());
        }
        ItemsByKey stored = db.table().batchGet(posts.stream().map(BatchesTest::keyOf).toList());
        assertThat(stored.found()).hasSize(result.processed());
        assertThat(stored.notFound()).hasSize(left.size());

        assertThatThrownBy(result::orThrow).isInstanceOfSatisfying(BatchIncompleteException.class,
                        e -> assertThat(e.unprocessedPuts()).containsExactlyElementsOf(left))
                .hasMessageStartingWith("Batch write left " + left.size() + " puts and 0 deletes unprocessed after its retry budget ran out ("
                        + result.processed() + " processed, ");

        BatchWriteResult rest = db.table().batchWrite().putAll(left).execute();
        assertThat(rest.isComplete()).isTrue();
        assertThat(db.table().batchGet(posts.stream().map(BatchesTest::keyOf).toList()).found()).hasSize(500);
    }

    @Test
    void batchGet_whenRetryBudgetRunsOut_reportsUnprocessedKeysApartFromMissingOnes() {
        List<TagPost> posts = tagPosts("getbudget", 300);
        db.table().batchWrite().putAll(posts).execute().orThrow();
        List<ItemKey<TagPost>> keys = new ArrayList<>(posts.stream().map(BatchesTest::keyOf).toList());
        ItemKey<TagPost> missing = ItemKey.of(TAG_POST, KeyValues.of(T_TAG, "nope").and(T_POST, "nope"));
        keys.add(missing);

        ItemsByKey result = Table.of(db.table().schema(), new ThrottlingClient(db.client(), 5, 0.0, 0.5))
                .batchGet(keys, BatchOptions.defaults().maxAttempts(2).backoff(Duration.ZERO, Duration.ZERO));

        assertThat(result.found().size() + result.notFound().size() + result.unprocessed().size()).isEqualTo(301);
        assertThat(result.unprocessed()).isNotEmpty();
        assertThat(result.notFound()).allSatisfy(k -> assertThat(k).isIn(missing)).hasSizeLessThanOrEqualTo(1);
        assertThatThrownBy(result::orThrow).isInstanceOf(BatchIncompleteException.class)
                .hasMessageStartingWith("Batch get left " + result.unprocessed().size() + " of 301 keys unprocessed");
    }

    @Test
    void batchWrite_whenMixedPutsAndDeletesOfSeveralTypes_appliesThemAll() {
        Table table = db.table();
        table.put(Order.of("mix", "gone", "1"));
        AtomicInteger n = new AtomicInteger();
        BatchWriteResult result = table.batchWrite()
                .put(Order.of("mix", "new", "2"))
                .putAll(tagPosts("mix", 30))
                .delete(ItemKey.of(ORDER, order("mix", "gone")))
                .execute();
        n.set(result.processed());

        assertThat(n.get()).isEqualTo(32);
        assertThat(table.get(ORDER, order("mix", "gone"))).isEmpty();
        assertThat(table.get(ORDER, order("mix", "new"))).isPresent();
    }
}
