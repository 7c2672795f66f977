package dev.singletable.it;

import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.VersionConflictException;
import dev.singletable.fixtures.ProductsAndOrders.Product;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * No lost updates under contention: versioned read-modify-write with retries, and atomic add. 16 threads
 * increment one item {@code -Dsingletable.increments=N} times each (200 by default: 3,200 increments of one item),
 * {@code retryOnConflict} with its default attempt budget and no loop of the caller's.
 */
class OptimisticLockingTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    static final int THREADS = 16;
    static final int INCREMENTS = Integer.getInteger("singletable.increments", 200);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).build();
    }

    private static Product withCount(Product p, long count) {
        return new Product(p.sku(), p.name(), p.category(), p.stock(), p.status(), p.tags(), p.history(), count, p.reserved(),
                p.version(), p.createdAt(), p.updatedAt());
    }

    private interface Increment {
        void run() throws Exception;
    }

    private static long runConcurrently(Increment increment) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        long start = System.nanoTime();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < INCREMENTS; i++) {
                        increment.run();
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void retryOnConflict_when16ThreadsIncrementConcurrentlyWithTheDefaultBudget_allSucceedAndEndAtExactlyTheSum() throws Exception {
        table.create(Product.of("versioned", 0));
        AtomicInteger attempts = new AtomicInteger();
        AtomicInteger mostAttempts = new AtomicInteger();
        long millis = runConcurrently(() -> {
            AtomicInteger thisCall = new AtomicInteger();
            table.retryOnConflict(PRODUCT, sku("versioned"), p -> {
                attempts.incrementAndGet();
                thisCall.incrementAndGet();
                return withCount(p, (p.count() == null ? 0 : p.count()) + 1);
            });
            mostAttempts.accumulateAndGet(thisCall.get(), Math::max);
        });

        Product after = table.get(PRODUCT, sku("versioned"), ReadConsistency.STRONG).orElseThrow();
        assertThat(after.count()).isEqualTo(THREADS * INCREMENTS);
        assertThat(after.version()).isEqualTo(1L + THREADS * INCREMENTS);
        System.out.printf("versioned increments: %d in %d ms, %d attempts (%d conflicts retried), at most %d attempts in one call "
                + "(the default budget is 100)%n", THREADS * INCREMENTS, millis, attempts.get(), attempts.get() - THREADS * INCREMENTS,
                mostAttempts.get());
    }

    @Test
    void add_when16ThreadsIncrementConcurrently_losesNoUpdate() throws Exception {
        table.create(Product.of("atomic", 0));
        long millis = runConcurrently(() -> table.update(PRODUCT, sku("atomic"), u -> u.add(COUNT, 1L)));

        Product after = table.get(PRODUCT, sku("atomic"), ReadConsistency.STRONG).orElseThrow();
        assertThat(after.count()).isEqualTo(THREADS * INCREMENTS);
        System.out.printf("atomic add increments: %d in %d ms%n", THREADS * INCREMENTS, millis);
    }

    @Test
    void retryOnConflict_whenAttemptsRunOut_reportsTheConflict() {
        table.create(Product.of("contended", 0));
        AtomicLong interference = new AtomicLong();
        assertThatThrownBy(() -> table.retryOnConflict(PRODUCT, sku("contended"), 2, p -> {
            // another writer gets in between every read and write
            Product fresh = table.get(PRODUCT, sku("contended"), ReadConsistency.STRONG).orElseThrow();
            table.put(withCount(fresh, interference.incrementAndGet()));
            return withCount(p, 100);
        })).isInstanceOf(VersionConflictException.class)
                .hasMessageStartingWith("retryOnConflict on Product {PK=PRODUCT#contended, SK=METADATA} still conflicted after 2 attempts")
                .satisfies(e -> assertThat(((VersionConflictException) e).mayHaveBeenApplied()).isFalse());
        assertThat(table.get(PRODUCT, sku("contended"), ReadConsistency.STRONG).orElseThrow().count()).isEqualTo(2L);
    }
}
