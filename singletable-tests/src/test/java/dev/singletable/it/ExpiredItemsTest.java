package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.InvalidCursorException;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.fixtures.ProductsAndOrders.Status;
import dev.singletable.fixtures.Publishers;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import dev.singletable.partiql.PartiqlStatement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Flow;
import java.util.function.Function;
import java.util.stream.Stream;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Reads hide items whose TTL (epoch seconds) is at or before the table's clock, which DynamoDB
 * deletes only lazily: queries, scans, streams, pages and their cursors, counts, async reads and
 * PartiQL; {@code includeExpired()} shows them.
 */
class ExpiredItemsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** o01..o10 of customer X1; these five have a TTL at (o06) or before the clock's now. */
    private static final List<String> EXPIRED = List.of("o02", "o05", "o06", "o08", "o09");
    private static final List<String> ALL = List.of("o01", "o02", "o03", "o04", "o05", "o06", "o07", "o08", "o09", "o10");
    private static final List<String> LIVE = List.of("o01", "o03", "o04", "o07", "o10");

    /**
     * The tables' clock: ten years ahead, so that every TTL here, expired by this clock or not, is still
     * in the real future, where DynamoDB Local's own TTL sweeper leaves it alone.
     */
    private static final Instant NOW = Instant.now().plus(Duration.ofDays(3650)).truncatedTo(ChronoUnit.SECONDS);
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void writeOrders() {
        table = Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(CLOCK).build();
        for (String id : ALL) {
            Instant expiresAt = switch (id) {
                case "o06" -> NOW;                          // expires exactly now: hidden
                case "o01" -> null;                         // no TTL: never expires
                case "o04" -> NOW.plusSeconds(1);           // one second left
                default -> EXPIRED.contains(id) ? NOW.minusSeconds(3600) : NOW.plusSeconds(86_400);
            };
            table.put(new Order("X1", id, Status.CONFIRMED, new BigDecimal(id.substring(1)), null, expiresAt));
        }
        table.put(new Order("X2", "other", Status.CONFIRMED, BigDecimal.ONE, null, NOW.minusSeconds(1)));
    }

    private static Query<Order> orders() {
        return table.query(ORDER).partition(CUSTOMER_ID, "X1");
    }

    private static List<String> ids(List<Order> orders) {
        return orders.stream().map(Order::orderId).toList();
    }

    private static List<String> sorted(List<Order> orders) {
        List<String> ids = new ArrayList<>(ids(orders));
        Collections.sort(ids);
        return ids;
    }

    /** Every page of a read, following cursors to the end, as the ids of each page. */
    private static List<List<String>> walk(Function<Optional<String>, Page<Order>> read) {
        List<List<String>> pages = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            Page<Order> page = read.apply(cursor);
            pages.add(ids(page.items()));
            cursor = page.cursor();
            assertThat(pages).as("pages so far").hasSizeLessThan(20);
        } while (cursor.isPresent());
        return pages;
    }

    private static Page<Order> page(Query<Order> query, Optional<String> cursor) {
        return cursor.map(query::page).orElseGet(query::page);
    }

    // ------------------------------------------------------------------ sync reads

    @Test
    void query_whenItemsHaveExpired_hidesThemUnlessIncludeExpired() {
        assertThat(ids(orders().list())).containsExactlyElementsOf(LIVE);
        assertThat(ids(orders().includeExpired().list())).containsExactlyElementsOf(ALL);
        assertThat(ids(orders().descending().limit(2).list())).containsExactly("o10", "o07");
        assertThat(orders().first().map(Order::orderId)).contains("o01");
    }

    @Test
    void query_whenFilteredAndProjected_stillHidesExpired() {
        assertThat(ids(orders().filter(Condition.ge(TOTAL, new BigDecimal("4"))).list())).containsExactly("o04", "o07", "o10");
        assertThat(ids(orders().select(CUSTOMER_ID, ORDER_ID).list())).containsExactlyElementsOf(LIVE);
        // the TTL attribute is read to tell expired items, but a map holds only the selected attributes
        List<Map<String, Object>> maps = orders().selectMaps(ORDER_ID).list();
        assertThat(maps).extracting(m -> m.get("orderId")).containsExactlyElementsOf(LIVE);
        assertThat(maps).allSatisfy(m -> assertThat(m).containsOnlyKeys("orderId"));
        assertThat(orders().selectMaps(ORDER_ID).includeExpired().list()).hasSize(10);
    }

    @Test
    void scan_whenItemsHaveExpired_hidesThemUnlessIncludeExpired() {
        assertThat(sorted(table.scan(ORDER).list())).containsExactlyElementsOf(LIVE);
        List<String> all = new ArrayList<>(ALL);
        all.add("other");
        assertThat(sorted(table.scan(ORDER).includeExpired().list())).containsExactlyElementsOf(all);
        assertThat(table.scan(ORDER).limit(3).list()).hasSize(3).allSatisfy(o -> assertThat(LIVE).contains(o.orderId()));
    }

    @Test
    void stream_whenResponsesHoldExpiredItems_skipsThemAcrossRequests() {
        try (Stream<Order> stream = orders().pageSize(2).stream()) {
            assertThat(stream.map(Order::orderId).toList()).containsExactlyElementsOf(LIVE);
        }
        try (Stream<Order> stream = orders().pageSize(2).limit(3).stream()) {
            assertThat(stream.map(Order::orderId).toList()).containsExactly("o01", "o03", "o04");
        }
        try (Stream<Order> stream = orders().pageSize(2).includeExpired().stream()) {
            assertThat(stream.map(Order::orderId).toList()).containsExactlyElementsOf(ALL);
        }
        try (Stream<Order> stream = table.scan(ORDER).pageSize(3).stream()) {
            assertThat(stream.map(Order::orderId).sorted().toList()).containsExactlyElementsOf(LIVE);
        }
    }

    @Test
    void count_whenItemsHaveExpired_countsLiveOnes() {
        assertThat(orders().count()).isEqualTo(5);
        assertThat(orders().pageSize(3).count()).isEqualTo(5);
        assertThat(orders().includeExpired().count()).isEqualTo(10);
        assertThat(table.scan(ORDER).count()).isEqualTo(5);
        assertThat(table.scan(ORDER).includeExpired().count()).isEqualTo(11);
        assertThat(orders().filter(Condition.lt(TOTAL, new BigDecimal("5"))).count()).isEqualTo(3);
    }

    @Test
    void page_withoutLimit_isOneResponseLessItsExpiredItems_evenNone() {
        // pageSize 2: [o01 o02] [o03 o04] [o05 o06] [o07 o08] [o09 o10]
        assertThat(walk(cursor -> page(orders().pageSize(2), cursor)))
                .containsExactly(List.of("o01"), List.of("o03", "o04"), List.of(), List.of("o07"), List.of("o10"), List.of());
    }

    @Test
    void page_whenLimitIsReachedMidResponse_resumesRightAfterTheLastReturnedItem() {
        // limit 1 of responses of 4: each page stops at its one live item, though expired ones follow it
        assertThat(walk(cursor -> page(orders().pageSize(4).limit(1), cursor)))
                .containsExactly(List.of("o01"), List.of("o03"), List.of("o04"), List.of("o07"), List.of("o10"));
        assertThat(walk(cursor -> page(orders().pageSize(3).limit(2), cursor)))
                .containsExactly(List.of("o01", "o03"), List.of("o04", "o07"), List.of("o10"));
        assertThat(walk(cursor -> page(orders().limit(2), cursor)))
                .containsExactly(List.of("o01", "o03"), List.of("o04", "o07"), List.of("o10"));
        assertThat(walk(cursor -> page(orders().descending().pageSize(4).limit(2), cursor)))
                .containsExactly(List.of("o10", "o07"), List.of("o04", "o03"), List.of("o01"));
        assertThat(walk(cursor -> page(orders().pageSize(3).limit(4).includeExpired(), cursor)))
                .containsExactly(List.of("o01", "o02", "o03", "o04"), List.of("o05", "o06", "o07", "o08"), List.of("o09", "o10"));
    }

    @Test
    void cursor_ofARead_includingExpiredItems_isRefusedByTheReadHidingThem() {
        String cursor = orders().limit(2).includeExpired().page().cursor().orElseThrow();
        assertThatThrownBy(() -> orders().limit(2).page(cursor)).isInstanceOf(InvalidCursorException.class);
        assertThat(ids(orders().limit(2).includeExpired().page(cursor).items())).containsExactly("o03", "o04");
    }

    // ------------------------------------------------------------------ async reads

    @Test
    void asyncReads_whenItemsHaveExpired_hideThemUnlessIncludeExpired() {
        assertThat(ids(async.query(ORDER).partition(CUSTOMER_ID, "X1").list().join())).containsExactlyElementsOf(LIVE);
        assertThat(ids(async.query(ORDER).partition(CUSTOMER_ID, "X1").includeExpired().list().join())).containsExactlyElementsOf(ALL);
        assertThat(sorted(async.scan(ORDER).list().join())).containsExactlyElementsOf(LIVE);
        assertThat(async.scan(ORDER).includeExpired().list().join()).hasSize(11);
        assertThat(async.query(ORDER).partition(CUSTOMER_ID, "X1").count().join()).isEqualTo(5);
        assertThat(async.query(ORDER).partition(CUSTOMER_ID, "X1").includeExpired().count().join()).isEqualTo(10);
        assertThat(async.scan(ORDER).count().join()).isEqualTo(5);
        assertThat(async.get(ORDER, key("o02")).join()).isEmpty();
        assertThat(async.getIncludingExpired(ORDER, key("o02"), ReadConsistency.STRONG).join()).isPresent();
        assertThat(async.get(ORDER, key("o04")).join()).isPresent();
    }

    private static KeyValues key(String orderId) {
        return KeyValues.of(CUSTOMER_ID, "X1").and(ORDER_ID, orderId);
    }

    @Test
    void asyncPages_whenLimitIsReachedMidResponse_resumeRightAfterTheLastReturnedItem() {
        assertThat(walk(cursor -> {
            var query = async.query(ORDER).partition(CUSTOMER_ID, "X1").pageSize(4).limit(1);
            return (cursor.isPresent() ? query.page(cursor.get()) : query.page()).join();
        })).containsExactly(List.of("o01"), List.of("o03"), List.of("o04"), List.of("o07"), List.of("o10"));
        // a cursor from the sync query works in the async one, and the other way round
        String cursor = orders().pageSize(4).limit(1).page().cursor().orElseThrow();
        assertThat(ids(async.query(ORDER).partition(CUSTOMER_ID, "X1").pageSize(4).limit(1).page(cursor).join().items()))
                .containsExactly("o03");
    }

    @Test
    void publisher_whenResponsesHoldExpiredItems_publishesLiveOnesOnly() {
        assertThat(published(async.query(ORDER).partition(CUSTOMER_ID, "X1").pageSize(2).publisher())).containsExactlyElementsOf(LIVE);
        assertThat(published(async.query(ORDER).partition(CUSTOMER_ID, "X1").pageSize(2).limit(2).publisher()))
                .containsExactly("o01", "o03");
        assertThat(published(async.query(ORDER).partition(CUSTOMER_ID, "X1").pageSize(3).includeExpired().publisher()))
                .containsExactlyElementsOf(ALL);
    }

    /** The ids a publisher gives a subscriber asking for one item at a time. */
    private static List<String> published(Flow.Publisher<Order> publisher) {
        return Publishers.collected(publisher, 1).stream().map(Order::orderId).toList();
    }

    // ------------------------------------------------------------------ PartiQL

    private static PartiqlStatement<Order> statement() {
        return table.partiql(ORDER, "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ?").parameters("USER#X1");
    }

    @Test

    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_whenItemsHaveExpired_hidesThemUnlessIncludeExpired() {
        assertThat(ids(statement().list())).containsExactlyElementsOf(LIVE);
        assertThat(ids(statement().includeExpired().list())).containsExactlyElementsOf(ALL);
        try (Stream<Order> stream = statement().pageSize(2).stream()) {
            assertThat(stream.map(Order::orderId).toList()).containsExactlyElementsOf(LIVE);
        }
        List<List<String>> pages = walk(cursor -> cursor.map(c -> statement().pageSize(2).page(c)).orElseGet(() -> statement().pageSize(2).page()));
        assertThat(pages.stream().flatMap(List::stream).toList()).containsExactlyElementsOf(LIVE);
        assertThat(pages.get(0)).containsExactly("o01");
        assertThat(pages).contains(List.of()); // [o05 o06]: a page of expired items only, with its cursor
        List<List<String>> including = walk(cursor -> cursor.map(c -> statement().pageSize(4).includeExpired().page(c))
                .orElseGet(() -> statement().pageSize(4).includeExpired().page()));
        assertThat(including.stream().flatMap(List::stream).toList()).containsExactlyElementsOf(ALL);
    }
}
