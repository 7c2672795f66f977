package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.BatchWriteResult;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.ItemNotFoundException;
import dev.singletable.ItemsByKey;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.fixtures.ProductsAndOrders.Product;
import dev.singletable.fixtures.ProductsAndOrders.Status;
import dev.singletable.it.WriteModel.TagPost;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every write, transaction and batch run both ways, on {@link Table} and on {@link AsyncTable},
 * against the embedded engine: the same results, the same stored items and the same typed failures.
 * Each way writes under its own key prefix, so the two never see each other's items.
 */
class BothWaysWritesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table sync;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        sync = Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(CLOCK).build();
    }

    static Stream<Way> ways() {
        return Way.both(sync, async);
    }

    private static Product stored(String sku) {
        return sync.get(PRODUCT, sku(sku), ReadConsistency.STRONG).orElseThrow();
    }

    @ParameterizedTest
    @MethodSource("ways")
    void createThenPut_whenVersioned_bumpsVersionAndStoresWhatItReturns(Way way) {
        String sku = way.id("p1");
        Product created = way.run(t -> t.create(Product.of(sku, 10)), t -> t.create(Product.of(sku, 10)));
        Product put = way.run(t -> t.put(created), t -> t.put(created));

        assertThat(created.version()).isEqualTo(1L);
        assertThat(created.createdAt()).isEqualTo(NOW);
        assertThat(put.version()).isEqualTo(2L);
        assertThat(stored(sku)).isEqualTo(put);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void create_whenKeyExists_failsWithItemAlreadyExists(Way way) {
        Order order = Order.of(way.id("C1"), "O1", "5");
        way.run(t -> t.create(order), t -> t.create(order));

        assertThatThrownBy(() -> way.run(t -> t.create(order), t -> t.create(order)))
                .isInstanceOf(ItemAlreadyExistsException.class)
                .hasMessage("Cannot create Order {PK=USER#" + way.id("C1") + ", SK=ORDER#O1} in table " + db.tableName()
                        + ": an item with this key already exists; use put to replace it, or choose another key");
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void put_whenStaleVersion_failsWithVersionConflict(Way way) {
        Product created = sync.create(Product.of(way.id("p2"), 10));
        sync.put(created);

        assertThatThrownBy(() -> way.run(t -> t.put(created), t -> t.put(created)))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> {
                    assertThat(e.expectedVersion()).hasValue(1);
                    assertThat(e.storedVersion()).hasValue(2);
                });
    }

    @ParameterizedTest
    @MethodSource("ways")
    void replace_whenMissing_failsWithItemNotFound(Way way) {
        Order order = Order.of(way.id("C2"), "O1", "5");

        assertThatThrownBy(() -> way.run(t -> t.replace(order), t -> t.replace(order)))
                .isInstanceOf(ItemNotFoundException.class);
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void update_whenConditionHolds_returnsTheItemAfter_elseFailsWithConditionFailed(Way way) {
        String sku = way.id("p3");
        sync.create(Product.of(sku, 10));

        Product after = way.run(t -> t.update(PRODUCT, sku(sku), u -> u.subtract(STOCK, 4), Condition.ge(STOCK, 4)),
                t -> t.update(PRODUCT, sku(sku), u -> u.subtract(STOCK, 4), Condition.ge(STOCK, 4)));

        assertThat(after.stock()).isEqualTo(6);
        assertThat(after.version()).isEqualTo(2L);
        assertThat(stored(sku)).isEqualTo(after);
        assertThatThrownBy(() -> way.run(t -> t.update(PRODUCT, sku(sku), u -> u.subtract(STOCK, 7), Condition.ge(STOCK, 7)),
                t -> t.update(PRODUCT, sku(sku), u -> u.subtract(STOCK, 7), Condition.ge(STOCK, 7))))
                .isInstanceOfSatisfying(ConditionFailedException.class, e -> assertThat(e.currentEntity()).contains(after));
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenReadingStoredValuesForIndexKeys_readsFirstAndRewritesTheIndexKey(Way way) {
        String sku = way.id("p4");
        sync.create(Product.of(sku, 10));

        Product after = way.run(t -> t.update(PRODUCT, sku(sku), u -> u.set(CATEGORY, "video").readingStoredValuesForIndexKeys()),
                t -> t.update(PRODUCT, sku(sku), u -> u.set(CATEGORY, "video").readingStoredValuesForIndexKeys()));

        assertThat(after.category()).isEqualTo("video");
        assertThat(sync.query(PRODUCT).index("GSI1").partition(CATEGORY, "video").list()).contains(after);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void updateFromCurrent_upsertAndDelete_giveTheSameEntitiesBothWays(Way way) {
        String sku = way.id("p5");
        Product created = sync.create(Product.of(sku, 10));

        Product updated = way.run(t -> t.update(created, u -> u.set(STATUS, Status.RETIRED)),
                t -> t.update(created, u -> u.set(STATUS, Status.RETIRED)));
        Order upserted = way.run(t -> t.upsert(ORDER, order(way.id("C3"), "O9"), u -> u.set(TOTAL, new BigDecimal("9.99"))),
                t -> t.upsert(ORDER, order(way.id("C3"), "O9"), u -> u.set(TOTAL, new BigDecimal("9.99"))));
        Optional<Product> deleted = way.run(t -> t.delete(updated), t -> t.delete(updated));

        assertThat(updated.status()).isEqualTo(Status.RETIRED);
        assertThat(upserted.total()).isEqualByComparingTo("9.99");
        assertThat(deleted).contains(updated);
        assertThat(sync.get(PRODUCT, sku(sku))).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void move_whenOldItemExists_deletesItAndCreatesTheNew(Way way) {
        Order old = sync.create(Order.of(way.id("C4"), "O1", "5"));
        Order moved = Order.of(way.id("C4"), "O2", "5");

        Order written = way.run(t -> t.move(ORDER, order(way.id("C4"), "O1"), moved), t -> t.move(ORDER, order(way.id("C4"), "O1"), moved));

        assertThat(written.orderId()).isEqualTo("O2");
        assertThat(sync.get(ORDER, order(way.id("C4"), "O1"))).isEmpty();
        assertThat(sync.get(ORDER, order(way.id("C4"), "O2"))).contains(written);
        assertThat(old.orderId()).isEqualTo("O1");
    }

    @ParameterizedTest
    @MethodSource("ways")
    void retryOnConflict_whenItemExists_appliesTheChange(Way way) {
        String sku = way.id("p6");
        sync.create(Product.of(sku, 10));

        Product after = way.run(t -> t.retryOnConflict(PRODUCT, sku(sku), p -> withStock(p, p.stock() + 1)),
                t -> t.retryOnConflict(PRODUCT, sku(sku), p -> withStock(p, p.stock() + 1)));

        assertThat(after.stock()).isEqualTo(11);
        assertThat(stored(sku)).isEqualTo(after);
    }

    private static Product withStock(Product p, int stock) {
        return new Product(p.sku(), p.name(), p.category(), stock, p.status(), p.tags(), p.history(), p.count(), p.reserved(),
                p.version(), p.createdAt(), p.updatedAt());
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenOneConditionFails_writesNothingAndNamesTheAction(Way way) {
        String sku = way.id("p7");
        sync.create(Product.of(sku, 1));
        Order order = Order.of(way.id("C5"), "O1", "5");

        assertThatThrownBy(() -> way.<Void>run(
                t -> {
                    t.transaction().update(PRODUCT, sku(sku), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2)).create(order).execute();
                    return null;
                },
                t -> t.transaction().update(PRODUCT, sku(sku), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2)).create(order).execute()))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e ->
                        assertThat(e.failures()).extracting(TransactionCanceledException.Reason::index).containsExactly(0));
        assertThat(sync.get(ORDER, order(way.id("C5"), "O1"))).isEmpty();

        way.<Void>run(t -> {
            t.transaction().update(PRODUCT, sku(sku), u -> u.add(STOCK, 1)).create(order).execute();
            return null;
        }, t -> t.transaction().update(PRODUCT, sku(sku), u -> u.add(STOCK, 1)).create(order).execute());
        assertThat(stored(sku).stock()).isEqualTo(2);
        assertThat(sync.get(ORDER, order(way.id("C5"), "O1"))).isPresent();
    }

    @ParameterizedTest
    @MethodSource("ways")
    void transaction_whenEmpty_failsWithValidation(Way way) {
        assertThatThrownBy(() -> way.<Void>run(t -> {
            t.transaction().execute();
            return null;
        }, t -> t.transaction().execute()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Transaction on table " + db.tableName() + " has no actions; add at least one");
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void batches_whenWritingAndReadingManyItems_processEveryItem(Way way) {
        List<TagPost> posts = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
            posts.add(new TagPost(way.id("tag"), "p" + i, "author", "Title " + i));
        }
        List<ItemKey<TagPost>> keys = posts.stream().map(p -> ItemKey.of(TAG_POST, dev.singletable.KeyValues.of(T_TAG, p.tag())
                .and(T_POST, p.postId()))).toList();

        BatchWriteResult written = way.run(t -> t.batchWrite().putAll(posts).execute(), t -> t.batchWrite().putAll(posts).execute());
        ItemsByKey read = way.run(t -> t.batchGet(keys), t -> t.batchGet(keys));
        ItemsByKey snapshot = way.run(t -> t.transactGet(keys.subList(0, 10)), t -> t.transactGet(keys.subList(0, 10)));

        assertThat(written.processed()).isEqualTo(60);
        assertThat(written.isComplete()).isTrue();
        assertThat(written.requestCount()).isEqualTo(3);
        assertThat(read.found()).hasSize(60);
        assertThat(read.get(keys.get(7))).contains(posts.get(7));
        assertThat(snapshot.found()).hasSize(10);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void batchWrite_whenVersionedEntity_failsWithValidationBeforeSending(Way way) {
        Product product = Product.of(way.id("p8"), 1);

        assertThatThrownBy(() -> way.run(t -> t.batchWrite().put(product).execute(), t -> t.batchWrite().put(product).execute()))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Batch write of Product {PK=PRODUCT#" + way.id("p8") + ", SK=METADATA}: the entity is versioned");
    }
}
