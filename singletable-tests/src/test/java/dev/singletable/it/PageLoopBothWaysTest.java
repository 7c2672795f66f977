package dev.singletable.it;

import dev.singletable.partiql.AsyncPartiqlStatement;
import dev.singletable.AsyncQuery;
import dev.singletable.AsyncScan;
import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.InvalidCursorException;
import dev.singletable.Page;
import dev.singletable.partiql.PartiqlStatement;
import dev.singletable.Query;
import dev.singletable.QueryResult;
import dev.singletable.Scan;
import dev.singletable.Table;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.stream.IntStream;

import static dev.singletable.fixtures.Publishers.collected;
import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_DELTA;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The one page loop, driven by the blocking iterator, the collecting calls and the Flow publisher,
 * on the sync and the async client: the same reads give the same items, pages and cursors.
 */
class PageLoopBothWaysTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    /** seq 0..119 in partition "both"; delta is seq modulo 7, so a filter on it thins every page alike. */
    private static final List<Reading> READINGS = IntStream.range(0, 120)
            .mapToObj(i -> new Reading("both", i, T0.plusSeconds(60L * i), i % 7, Level.LOW))
            .toList();

    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void load() {
        READINGS.forEach(db.table()::put);
        table = db.table();
        async = AsyncTable.of(db.table().schema(), db.engine().asyncClient());
    }

    /**
     * The reads compared, each as a sync query and the same async query, and the read its pages walk
     * through together (the limit counts per page).
     */
    private record Shape(String name, Function<Query<Reading>, Query<Reading>> sync,
                         Function<AsyncQuery<Reading>, AsyncQuery<Reading>> async, Function<Query<Reading>, Query<Reading>> walked) {
    }

    private static final Condition THINNED = Condition.lt(R_DELTA, 2);

    private static List<Shape> shapes() {
        return List.of(
                new Shape("whole partition in pages of 25", q -> q.pageSize(25), q -> q.pageSize(25), q -> q),
                new Shape("limit 30 through a filter", q -> q.filter(THINNED).limit(30), q -> q.filter(THINNED).limit(30),
                        q -> q.filter(THINNED)),
                new Shape("limit 7, pages of 4, descending", q -> q.pageSize(4).limit(7).descending(),
                        q -> q.pageSize(4).limit(7).descending(), Query::descending),
                new Shape("filter, pages of 10", q -> q.filter(THINNED).pageSize(10), q -> q.filter(THINNED).pageSize(10),
                        q -> q.filter(THINNED)));
    }

    private static List<Long> seqs(List<Reading> readings) {
        return readings.stream().map(Reading::seq).toList();
    }

    @Test
    void query_whenDrivenBlockingCollectingAndPublished_givesTheSameItemsAndCounts() {
        for (Shape shape : shapes()) {
            Query<Reading> sync = shape.sync().apply(table.query(READING).partition(R_SENSOR, "both"));
            AsyncQuery<Reading> asyncQuery = shape.async().apply(async.query(READING).partition(R_SENSOR, "both"));

            QueryResult<Reading> executed = sync.execute();
            QueryResult<Reading> executedAsync = asyncQuery.execute().join();

            assertThat(seqs(sync.stream().toList())).as(shape.name()).isEqualTo(seqs(executed.items()));
            assertThat(seqs(executedAsync.items())).as(shape.name()).isEqualTo(seqs(executed.items()));
            assertThat(seqs(collected(asyncQuery.publisher()))).as(shape.name()).isEqualTo(seqs(executed.items()));
            assertThat(List.of(executedAsync.requestCount(), executedAsync.scannedCount()))
                    .as(shape.name()).isEqualTo(List.of(executed.requestCount(), executed.scannedCount()));
        }
    }

    @Test
    void query_whenPagedByCursorSyncAndAsync_givesTheSamePagesAndCursors() {
        for (Shape shape : shapes()) {
            Query<Reading> sync = shape.sync().apply(table.query(READING).partition(R_SENSOR, "both"));
            AsyncQuery<Reading> asyncQuery = shape.async().apply(async.query(READING).partition(R_SENSOR, "both"));
            List<String> syncPages = new ArrayList<>();
            List<String> asyncPages = new ArrayList<>();
            List<Long> all = new ArrayList<>();

            Page<Reading> page = sync.page();
            Page<Reading> asyncPage = asyncQuery.page().join();
            while (true) {
                syncPages.add(describe(page));
                asyncPages.add(describe(asyncPage));
                all.addAll(seqs(page.items()));
                if (page.cursor().isEmpty() || asyncPage.cursor().isEmpty()) {
                    break;
                }
                page = sync.page(page.cursor().get());
                asyncPage = asyncQuery.page(asyncPage.cursor().get()).join();
            }

            assertThat(asyncPages).as(shape.name()).isEqualTo(syncPages);
            assertThat(all).as(shape.name()).isEqualTo(seqs(shape.walked().apply(table.query(READING).partition(R_SENSOR, "both")).list()));
        }
    }

    private static String describe(Page<Reading> page) {
        return seqs(page.items()) + " " + page.requestCount() + " requests, cursor " + page.cursor().orElse("(last)");
    }

    @Test
    void scan_whenDrivenSyncAndAsync_givesTheSameItemsPagesAndCounts() {
        Scan<Reading> sync = table.scan(READING).filter(THINNED).pageSize(30);
        AsyncScan<Reading> asyncScan = async.scan(READING).filter(THINNED).pageSize(30);

        List<Long> expected = seqs(sync.list());

        assertThat(expected).hasSize(READINGS.stream().filter(r -> r.delta() < 2).toList().size());
        assertThat(seqs(sync.stream().toList())).isEqualTo(expected);
        assertThat(seqs(asyncScan.list().join())).isEqualTo(expected);
        assertThat(seqs(collected(asyncScan.publisher()))).isEqualTo(expected);
        assertThat(asyncScan.count().join()).isEqualTo(sync.count()).isEqualTo(expected.size());
        Page<Reading> first = sync.page();
        Page<Reading> firstAsync = asyncScan.page().join();
        assertThat(describe(firstAsync)).isEqualTo(describe(first));
        Optional<String> cursor = first.cursor();
        assertThat(describe(asyncScan.page(cursor.orElseThrow()).join())).isEqualTo(describe(sync.page(cursor.get())));
    }

    private String statement() {
        return "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ?";
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_whenRunSyncAndAsync_givesTheSameRequestItemsPagesAndCursors() {
        PartiqlStatement<Reading> sync = table.partiql(READING, statement()).parameters("SENSOR#both").pageSize(25);
        AsyncPartiqlStatement<Reading> asyncStatement = async.partiql(READING, statement()).parameters("SENSOR#both").pageSize(25);

        List<Long> expected = seqs(sync.list());
        QueryResult<Reading> executed = asyncStatement.execute().join();

        assertThat(asyncStatement.toRequest()).isEqualTo(sync.toRequest());
        assertThat(asyncStatement.explain().json()).isEqualTo(sync.explain().json());
        assertThat(expected).isEqualTo(seqs(READINGS));
        assertThat(seqs(sync.stream().toList())).isEqualTo(expected);
        assertThat(seqs(asyncStatement.list().join())).isEqualTo(expected);
        assertThat(seqs(executed.items())).isEqualTo(expected);
        assertThat(executed.requestCount()).isEqualTo(5); // 120 items in pages of 25, the last one empty of a NextToken
        assertThat(seqs(collected(asyncStatement.publisher()))).isEqualTo(expected);

        List<String> syncPages = new ArrayList<>();
        List<String> asyncPages = new ArrayList<>();
        Page<Reading> page = sync.page();
        Page<Reading> asyncPage = asyncStatement.page().join();
        while (true) {
            syncPages.add(seqs(page.items()) + " " + page.requestCount() + " requests, more: " + page.cursor().isPresent());
            asyncPages.add(seqs(asyncPage.items()) + " " + asyncPage.requestCount() + " requests, more: " + asyncPage.cursor().isPresent());
            if (page.cursor().isEmpty() || asyncPage.cursor().isEmpty()) {
                break;
            }
            Page<Reading> crossed = asyncStatement.page(page.cursor().get()).join(); // a sync cursor resumes the async statement
            assertThat(seqs(crossed.items())).isEqualTo(seqs(sync.page(page.cursor().get()).items()));
            page = sync.page(page.cursor().get());
            asyncPage = asyncStatement.page(asyncPage.cursor().get()).join();
        }
        assertThat(asyncPages).isEqualTo(syncPages).hasSize(5);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_whenItemsAreOfAnotherTypeOrCursorOfAnotherStatement_failsTheSameBothWays() {
        table.put(new TestModel.Sensor("both-sensor", "hall"));
        Throwable syncFailure = catchThrowable(() -> table.partiql(READING, statement()).parameters("SENSOR#both-sensor").list());
        Throwable asyncFailure = catchThrowable(() -> async.partiql(READING, statement()).parameters("SENSOR#both-sensor").list().join());

        assertThat(syncFailure).isInstanceOf(EntityTypeMismatchException.class);
        assertThat(asyncFailure).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(EntityTypeMismatchException.class).hasMessage(syncFailure.getMessage());

        String cursor = table.partiql(READING, statement()).parameters("SENSOR#both").pageSize(25).page().cursor().orElseThrow();
        Throwable syncCursor = catchThrowable(() -> table.partiql(READING, statement()).parameters("SENSOR#other").page(cursor));
        Throwable asyncCursor = catchThrowable(() -> async.partiql(READING, statement()).parameters("SENSOR#other").page(cursor).join());
        assertThat(syncCursor).isInstanceOf(InvalidCursorException.class);
        assertThat(asyncCursor).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(InvalidCursorException.class).hasMessage(syncCursor.getMessage());
    }
}
