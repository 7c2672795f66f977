package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.InvalidCursorException;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.QueryResult;
import dev.singletable.Table;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_DELTA;
import static dev.singletable.it.TestModel.R_LEVEL;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.R_SEQ;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Limit, page size, cursors and lazy streams over 1,000 readings in one partition. */
class PagingAndCursorTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    /** seq 0..999; every 50th reading (seq 0, 50, ...) is HIGH, the rest LOW; delta from -500 to 499. */
    static final List<Reading> READINGS = IntStream.range(0, 1000)
            .mapToObj(i -> new Reading("bulk", i, T0.plusSeconds(60L * i), i - 500, i % 50 == 0 ? Level.HIGH : Level.LOW))
            .toList();

    private static final AtomicInteger REQUESTS = new AtomicInteger();
    private static Table table;

    @BeforeAll
    static void load() {
        READINGS.forEach(db.table()::put);
        table = Table.builder(db.table().schema(), db.client()).listener(event -> REQUESTS.incrementAndGet()).build();
    }

    private static Query<Reading> bulk() {
        return table.query(READING).partition(R_SENSOR, "bulk");
    }

    private static List<Long> seqs(List<Reading> readings) {
        return readings.stream().map(Reading::seq).toList();
    }

    @Test
    void page_whenWalkedInPagesOf7ThroughCursorStrings_returnsAll1000ItemsOnceInOrder() {
        List<Reading> seen = new ArrayList<>();
        int pages = 0;
        String cursor = null;
        do {
            // a fresh query object each time, as a new request to a web service would build it
            Query<Reading> query = table.query(READING).partition(R_SENSOR, "bulk").limit(7);
            Page<Reading> page = cursor == null ? query.page() : query.page(cursor);
            assertThat(page.items()).hasSizeLessThanOrEqualTo(7);
            seen.addAll(page.items());
            pages++;
            cursor = page.cursor().orElse(null);
            if (cursor != null) {
                assertThat(cursor).matches("[A-Za-z0-9_-]+");
            }
        } while (cursor != null);

        assertThat(seen).containsExactlyElementsOf(READINGS);
        assertThat(pages).isEqualTo(143); // 142 full pages and one of 6
    }

    @Test
    void page_whenDescendingWithFilter_resumesAfterTheLastReturnedItem() {
        Query<Reading> high = bulk().descending().filter(Condition.eq(R_LEVEL, Level.HIGH)).limit(3);

        Page<Reading> first = high.page();
        Page<Reading> second = high.page(first.cursor().orElseThrow());

        assertThat(seqs(first.items())).containsExactly(950L, 900L, 850L);
        assertThat(seqs(second.items())).containsExactly(800L, 750L, 700L);
    }

    @Test
    void limit_whenFilterDiscardsMostItems_returnsExactlyNMatchingItemsInFewRequests() {
        REQUESTS.set(0);
        QueryResult<Reading> result = bulk().filter(Condition.eq(R_LEVEL, Level.HIGH)).limit(5).execute();

        assertThat(seqs(result.items())).containsExactly(0L, 50L, 100L, 150L, 200L);
        assertThat(result.scannedCount()).isGreaterThanOrEqualTo(201);
        assertThat(result.requestCount()).isEqualTo(REQUESTS.get()).isLessThanOrEqualTo(7); // growth: 5, 10, 20, 40, 80, 160...
    }

    @Test
    void pageSize_whenSmallerThanLimit_readsInSmallRequestsUntilTheLimit() {
        QueryResult<Reading> result = bulk().filter(Condition.ge(R_DELTA, 480)).pageSize(100).limit(20).execute();

        assertThat(seqs(result.items())).containsExactlyElementsOf(LongStreamRange.of(980, 1000));
        assertThat(result.requestCount()).isEqualTo(10); // the 20th match is the last item of the 10th request: no 11th
    }

    @Test
    void count_whenFiltered_countsMatchingItemsOnly() {
        assertThat(bulk().filter(Condition.eq(R_LEVEL, Level.HIGH)).count()).isEqualTo(20);
        assertThat(bulk().count()).isEqualTo(1000);
        assertThat(bulk().pageSize(300).count()).isEqualTo(1000);
    }

    @Test
    void stream_whenOnlyTheFirstItemsAreConsumed_sendsOnlyTheRequestsNeeded() {
        REQUESTS.set(0);
        List<Reading> first15;
        try (Stream<Reading> stream = bulk().pageSize(10).stream()) {
            first15 = stream.limit(15).toList();
        }

        assertThat(seqs(first15)).containsExactlyElementsOf(LongStreamRange.of(0, 15));
        assertThat(REQUESTS.get()).isEqualTo(2);
    }

    @Test
    void stream_whenConsumedWhole_equalsList() {
        assertThat(bulk().filter(Condition.between(R_DELTA, -10, 10)).stream().toList())
                .containsExactlyElementsOf(READINGS.subList(490, 511));
    }

    @Test
    void page_whenCursorHasAFlippedByte_isRefusedAsTamperedBeforeSending() {
        String cursor = bulk().limit(7).page().cursor().orElseThrow();
        byte[] bytes = Base64.getUrlDecoder().decode(cursor);
        bytes[bytes.length / 2] ^= 0x10;
        String flipped = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        REQUESTS.set(0);

        assertThatThrownBy(() -> bulk().limit(7).page(flipped))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.TAMPERED));
        assertThat(REQUESTS.get()).isZero();
    }

    @Test
    void page_whenCursorIsFromAnotherIndexOrQuery_isRefusedAsOtherQuery() {
        String cursor = bulk().limit(7).page().cursor().orElseThrow();
        REQUESTS.set(0);

        for (Query<Reading> other : List.of(
                table.query(READING).index("GSI1").partition(KeyValues.of(R_SENSOR, "bulk")).limit(7),
                table.query(READING).partition(R_SENSOR, "other").limit(7),
                bulk().descending().limit(7),
                bulk().filter(Condition.eq(R_LEVEL, Level.HIGH)).limit(7),
                bulk().sortGreaterThan(KeyValues.of(R_SEQ, 3L)).limit(7))) {
            assertThatThrownBy(() -> other.page(cursor))
                    .isInstanceOfSatisfying(InvalidCursorException.class,
                            e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.OTHER_QUERY));
        }
        assertThatThrownBy(() -> table.scan(READING).page(cursor))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.OTHER_QUERY));
        assertThat(REQUESTS.get()).isZero();
    }

    @Test
    void page_whenCursorIsGarbage_isRefusedAsMalformed() {
        for (String garbage : List.of("", "hello world", "%%%", "AAAA")) {
            assertThatThrownBy(() -> bulk().limit(7).page(garbage))
                    .as(garbage)
                    .isInstanceOfSatisfying(InvalidCursorException.class,
                            e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.MALFORMED));
        }
    }

    @Test
    void page_whenCursorIsSignedWithAnotherKey_isRefusedAsTampered() {
        String cursor = bulk().limit(7).page().cursor().orElseThrow();
        Table otherKey = Table.builder(db.table().schema(), db.client()).cursorKey("another secret, 32 bytes long...".getBytes()).build();

        assertThatThrownBy(() -> otherKey.query(READING).partition(R_SENSOR, "bulk").limit(7).page(cursor))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.TAMPERED));
    }

    @Test
    void page_withoutLimit_returnsOneRequestsItems() {
        Page<Reading> page = bulk().pageSize(30).page();
        Page<Reading> next = bulk().pageSize(30).page(page.cursor().orElseThrow());

        assertThat(seqs(page.items())).containsExactlyElementsOf(LongStreamRange.of(0, 30));
        assertThat(seqs(next.items())).containsExactlyElementsOf(LongStreamRange.of(30, 60));
        assertThat(page.requestCount()).isEqualTo(1);
    }

    /** Expected seq lists. */
    static final class LongStreamRange {
        static List<Long> of(long from, long to) {
            return java.util.stream.LongStream.range(from, to).boxed().toList();
        }
    }
}
