package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.fixtures.ProductsAndOrders.Product;
import dev.singletable.it.WriteModel.GroupUser;
import dev.singletable.it.WriteModel.Post;
import dev.singletable.it.WriteModel.TagPost;
import dev.singletable.it.WriteModel.UserGroup;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Transactions of seeds 000 and 004 and their refusals, against the embedded engine. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class TransactionsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
    }

    private static Product product(String sku) {
        return table.get(PRODUCT, sku(sku), ReadConsistency.STRONG).orElseThrow();
    }

    @Test
    void transaction_whenStockSuffices_decrementsAndCreatesTheOrder() {
        table.create(Product.of("sku-123", 5));

        table.transaction()
                .update(PRODUCT, sku("sku-123"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2))
                .create(Order.of("alice", "2025-001", "49.99"))
                .execute();

        assertThat(product("sku-123").stock()).isEqualTo(3);
        assertThat(table.get(ORDER, order("alice", "2025-001"), ReadConsistency.STRONG)).isPresent();
    }

    @Test
    void transaction_whenStockIsInsufficient_leavesBothItemsUnchangedAndNamesTheFailedAction() {
        Product stocked = table.create(Product.of("sku-low", 1));

        assertThatThrownBy(() -> table.transaction()
                .update(PRODUCT, sku("sku-low"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2))
                .create(Order.of("bob", "2025-002", "99.98"))
                .execute())
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.reasons()).extracting(TransactionCanceledException.Reason::code)
                            .containsExactly("ConditionalCheckFailed", "None");
                    TransactionCanceledException.Reason failed = e.failures().get(0);
                    assertThat(failed.index()).isZero();
                    assertThat(failed.entityType()).isEqualTo("Product");
                    assertThat(failed.operation()).isEqualTo("update");
                    assertThat(failed.key()).containsEntry("PK", "PRODUCT#sku-low");
                    assertThat(failed.conditionFailure().orElseThrow().currentEntity(Product.class)).contains(stocked);
                    assertThat(e.isConflict()).isFalse();
                })
                .hasMessage("Transaction of 2 actions on table " + db.tableName() + " was canceled; nothing was written. action 0 (update "
                        + "Product {PK=PRODUCT#sku-low, SK=METADATA}): ConditionalCheckFailed: update of Product {PK=PRODUCT#sku-low, "
                        + "SK=METADATA} in table " + db.tableName() + " was refused: its condition stock >= :v0 with :v0=2 did not hold; "
                        + "the stored item is in currentItem()");

        assertThat(product("sku-low")).isEqualTo(stocked);
        assertThat(table.get(ORDER, order("bob", "2025-002"), ReadConsistency.STRONG)).isEmpty();
    }

    @Test
    void transaction_whenIdempotencyTokenRepeats_writesOnce() {
        table.create(Product.of("sku-idem", 10));
        for (int i = 0; i < 2; i++) {
            table.transaction()
                    .update(PRODUCT, sku("sku-idem"), u -> u.subtract(STOCK, 1), Condition.ge(STOCK, 1))
                    .create(Order.of("carol", "idem-1", "1"))
                    .idempotencyToken("carol-idem-1")
                    .execute();
        }
        assertThat(product("sku-idem").stock()).isEqualTo(9);
    }

    @Test
    void transaction_whenPostWithTags_writesPostAndOneItemPerTag() {
        Post post = new Post("alice", "2025-05-19-001", "My First Post About DynamoDB", Set.of("dynamodb", "aws", "database"));
        List<TagPost> tags = post.tags().stream().map(t -> new TagPost(t, post.postId(), post.author(), post.title())).toList();

        table.transaction().create(post).putAll(tags).execute();

        assertThat(table.query(TAG_POST).partition(T_TAG, "aws").list()).extracting(TagPost::postId).containsExactly("2025-05-19-001");
        assertThat(table.get(POST, P_AUTHOR_KEY("alice", "2025-05-19-001"))).contains(post);
    }

    private static dev.singletable.KeyValues P_AUTHOR_KEY(String author, String postId) {
        return dev.singletable.KeyValues.of(P_AUTHOR, author).and(P_ID, postId);
    }

    @Test
    void link_whenAdjacencyPair_writesBothDirectionsAndUnlinkDeletesBoth() {
        table.link(new UserGroup("u1", "g1", "ADMIN"), new GroupUser("g1", "u1", "ADMIN"));

        ItemKey<UserGroup> forward = ItemKey.of(USER_GROUP, dev.singletable.KeyValues.of(UG_USER, "u1").and(UG_GROUP, "g1"));
        ItemKey<GroupUser> backward = ItemKey.of(GROUP_USER, dev.singletable.KeyValues.of(GU_GROUP, "g1").and(GU_USER, "u1"));
        ItemsByKey both = table.transactGet(List.of(forward, backward));
        assertThat(both.found()).containsExactly(new UserGroup("u1", "g1", "ADMIN"), new GroupUser("g1", "u1", "ADMIN"));
        assertThat(both.get(backward)).contains(new GroupUser("g1", "u1", "ADMIN"));

        table.unlink(forward, backward);
        assertThat(table.transactGet(List.of(forward, backward)).notFound()).containsExactly(forward, backward);
    }

    @Test
    void transactGet_whenMixedTypes_returnsTypedEntitiesInOrderAndTheMissingKeys() {
        Product p = table.create(Product.of("tg-1", 4));
        Order o = table.create(Order.of("dave", "tg-1", "3"));
        ItemKey<Order> missing = ItemKey.of(ORDER, order("dave", "none"));

        ItemsByKey result = table.transactGet(List.of(ItemKey.of(ORDER, order("dave", "tg-1")), missing, ItemKey.of(PRODUCT, sku("tg-1"))));

        assertThat(result.found()).containsExactly(o, p);
        assertThat(result.notFound()).containsExactly(missing);
        assertThat(result.get(ItemKey.of(PRODUCT, sku("tg-1")))).contains(p);
    }

    @Test
    void transaction_whenManyRunConcurrentlyOnOneStock_leavesNoPartialState() throws Exception {
        int stock = 40;
        table.create(Product.of("sku-race", stock));
        int threads = 8;
        int perThread = 10;
        AtomicInteger placed = new AtomicInteger();
        AtomicInteger soldOut = new AtomicInteger();
        AtomicInteger conflicts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        Order order = Order.of("race", thread + "-" + i, "1");
                        while (true) {
                            try {
                                table.transaction()
                                        .update(PRODUCT, sku("sku-race"), u -> u.subtract(STOCK, 1), Condition.ge(STOCK, 1))
                                        .create(order)
                                        .execute();
                                placed.incrementAndGet();
                                break;
                            } catch (TransactionCanceledException e) {
                                if (e.isConflict()) {
                                    conflicts.incrementAndGet();
                                    continue;
                                }
                                assertThat(e.failures()).singleElement().satisfies(r -> assertThat(r.index()).isZero());
                                soldOut.incrementAndGet();
                                break;
                            }
                        }
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "race").consistentRead().list();
        assertThat(placed.get()).isEqualTo(stock);
        assertThat(soldOut.get()).isEqualTo(threads * perThread - stock);
        assertThat(orders).hasSize(stock);
        assertThat(product("sku-race").stock()).isZero();
        System.out.printf("concurrent transactions: %d placed, %d refused for stock, %d conflicts retried%n",
                placed.get(), soldOut.get(), conflicts.get());
    }
}
