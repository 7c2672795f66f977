package dev.singletable.it;

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
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** Every write mode, condition and update operation against the embedded engine, checking the stored item. */
class WritesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
    }

    private static Map<String, AttributeValue> raw(String pk, String sk) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build()).item();
    }

    private static AttributeValue s(String s) {
        return AttributeValue.fromS(s);
    }

    private static AttributeValue n(String n) {
        return AttributeValue.fromN(n);
    }

    private static Product product(String sku) {
        return table.get(PRODUCT, sku(sku), ReadConsistency.STRONG).orElseThrow();
    }

    // ------------------------------------------------------------------ put, create, replace

    private static final String EMPTY_SKU = "Product primary partition key template 'PRODUCT#{sku}': attribute 'sku' is empty, and "
            + "a key slot needs text (an empty one would leave the template's literal text alone in its place); give sku a value";

    @Test
    void write_whenAPrimaryKeySlotIsEmpty_isRefusedBeforeSendingByEveryWriteAndWritesNothing() {
        Product bad = Product.of("", 10);

        assertThatThrownBy(() -> table.put(bad)).isInstanceOfSatisfying(ValidationException.class,
                e -> assertThat(e.attribute()).hasValue("sku")).hasMessage(EMPTY_SKU);
        assertThatThrownBy(() -> table.create(bad)).isInstanceOf(ValidationException.class).hasMessage(EMPTY_SKU);
        assertThatThrownBy(() -> table.transaction().put(bad).execute()).isInstanceOf(ValidationException.class)
                .hasMessageContaining(EMPTY_SKU);
        assertThatThrownBy(() -> table.upsert(PRODUCT, sku(""), u -> u.set(NAME, "Headphones").set(STOCK, 1)))
                .isInstanceOf(ValidationException.class).hasMessage(EMPTY_SKU);
        assertThatThrownBy(() -> table.batchWrite().putAll(List.of(new Order("C-empty", "", Status.ACTIVE, BigDecimal.ONE, NOW, null)))
                .execute()).isInstanceOf(ValidationException.class).hasMessageContaining("Order primary sort key template "
                        + "'ORDER#{orderId}': attribute 'orderId' is empty");

        assertThat(raw("PRODUCT#", "METADATA")).isEmpty();
        assertThat(raw("USER#C-empty", "ORDER#")).isEmpty();
    }

    @Test
    void write_whenAnIndexKeySlotIsEmpty_isRefusedBeforeSendingAndWritesNothing() {
        String emptyCategory = "Product index GSI1 partition key template 'CATEGORY#{category}': attribute 'category' is empty, and a "
                + "key slot needs text (an empty one would leave the template's literal text alone in its place); give category a "
                + "value, or null to leave the item out of this index";
        Product stored = table.put(Product.of("empty-slot", 10));

        assertThatThrownBy(() -> table.put(new Product("empty-slot", "Headphones", "", 10, null, null, null, null, null, null, null,
                null))).isInstanceOf(ValidationException.class).hasMessage(emptyCategory);
        assertThatThrownBy(() -> table.update(PRODUCT, sku("empty-slot"), u -> u.set(CATEGORY, ""))).isInstanceOf(ValidationException.class)
                .hasMessage(emptyCategory);
        assertThatThrownBy(() -> table.update(PRODUCT, sku("empty-slot"), u -> u.set(NAME, ""))).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Product index GSI1 sort key template 'NAME#{name}': attribute 'name' is empty");

        assertThat(product("empty-slot")).isEqualTo(stored);
        assertThat(raw("PRODUCT#empty-slot", "METADATA")).contains(entry("GSI1PK", s("CATEGORY#audio")), entry("GSI1SK", s("NAME#Headphones")));
    }

    @Test
    void create_whenVersionedAndNew_storesVersionOneTimestampsAndIndexKeys() {
        Product written = table.create(Product.of("c1", 10));

        assertThat(written.version()).isEqualTo(1L);
        assertThat(written.createdAt()).isEqualTo(NOW);
        assertThat(product("c1")).isEqualTo(written);
        assertThat(raw("PRODUCT#c1", "METADATA")).contains(entry("version", n("1")), entry("createdAt", s("2025-05-19T10:00:00Z")),
                entry("updatedAt", s("2025-05-19T10:00:00Z")), entry("GSI1PK", s("CATEGORY#audio")), entry("GSI1SK", s("NAME#Headphones")));
    }

    @Test

    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void create_whenItemExists_throwsItemAlreadyExistsCarryingTheStoredEntity() {
        Product first = table.create(Product.of("c2", 10));

        assertThatThrownBy(() -> table.create(Product.of("c2", 99)))
                .isInstanceOfSatisfying(ItemAlreadyExistsException.class, e -> {
                    assertThat(e.entityType()).isEqualTo("Product");
                    assertThat(e.operation()).isEqualTo("create");
                    assertThat(e.key()).containsOnly(entry("PK", "PRODUCT#c2"), entry("SK", "METADATA"));
                    assertThat(e.currentEntity(Product.class)).contains(first);
                    assertThat(e.currentItem().orElseThrow()).containsEntry("stock", n("10"));
                })
                .hasMessage("Cannot create Product {PK=PRODUCT#c2, SK=METADATA} in table " + db.tableName()
                        + ": an item with this key already exists; use put to replace it, or choose another key");
        assertThat(product("c2").stock()).isEqualTo(10);
    }

    @Test

    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void put_whenVersionIsCurrent_writesNextVersion_andWhenStale_throwsVersionConflict() {
        Product v1 = table.create(Product.of("p1", 10));
        Product v2 = table.put(withStock(v1, 9));
        assertThat(v2.version()).isEqualTo(2L);

        assertThatThrownBy(() -> table.put(withStock(v1, 8)))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> {
                    assertThat(e.expectedVersion()).hasValue(1);
                    assertThat(e.storedVersion()).hasValue(2);
                    assertThat(e.currentEntity(Product.class)).contains(v2);
                })
                .hasMessage("put of Product {PK=PRODUCT#p1, SK=METADATA} in table " + db.tableName() + " was refused: it was based on "
                        + "version 1 but version 2 is stored; someone else changed it. Read it again and re-apply the change "
                        + "(table.retryOnConflict does this)");
        assertThat(product("p1")).isEqualTo(v2);
    }

    @Test

    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void put_whenVersionedEntityIsNewButKeyIsTaken_throwsVersionConflict() {
        table.create(Product.of("p2", 10));
        assertThatThrownBy(() -> table.put(Product.of("p2", 1)))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> assertThat(e.expectedVersion()).isEmpty())
                .hasMessageContaining("the entity has no version, so it was written as a new item, but the table already holds this key at version 1");
    }

    @Test

    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void put_whenConditionFails_throwsConditionFailedWithStoredItem() {
        Order order = table.put(new Order("C1", "put-1", Status.PENDING, new BigDecimal("5"), null, null));

        Order shipped = new Order("C1", "put-1", Status.CONFIRMED, new BigDecimal("5"), order.createdAt(), null);
        assertThatThrownBy(() -> table.put(shipped, Condition.eq(ORDER_STATUS, Status.CONFIRMED)))
                .isExactlyInstanceOf(ConditionFailedException.class)
                .satisfies(e -> assertThat(((ConditionFailedException) e).currentEntity(Order.class)).contains(order))
                .hasMessage("put of Order {PK=USER#C1, SK=ORDER#put-1} in table " + db.tableName() + " was refused: its condition "
                        + "status = :v0 with :v0=\"CONFIRMED\" did not hold; the stored item is in currentItem()");
        assertThat(table.put(shipped, Condition.eq(ORDER_STATUS, Status.PENDING)).status()).isEqualTo(Status.CONFIRMED);
    }

    @Test
    void replace_whenItemIsMissing_throwsItemNotFound() {
        assertThatThrownBy(() -> table.replace(Order.of("C1", "missing", "1")))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("replace of Order {PK=USER#C1, SK=ORDER#missing} in table " + db.tableName()
                        + " was refused: no item has this key; create it first");
        assertThat(raw("USER#C1", "ORDER#missing")).isEmpty();
    }

    @Test
    void replace_whenItemExists_overwritesIt() {
        table.create(Order.of("C1", "r1", "1"));
        table.replace(Order.of("C1", "r1", "2"));
        assertThat(raw("USER#C1", "ORDER#r1")).containsEntry("total", n("2"));
    }

    // ------------------------------------------------------------------ update

    @Test

    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void update_whenConditionHolds_subtractsAndReturnsTheNewItem_elseLeavesItUnchanged() {
        table.create(Product.of("u1", 3));

        Product after = table.update(PRODUCT, sku("u1"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2));
        assertThat(after.stock()).isEqualTo(1);
        assertThat(after.version()).isEqualTo(2L);

        assertThatThrownBy(() -> table.update(PRODUCT, sku("u1"), u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2)))
                .isExactlyInstanceOf(ConditionFailedException.class)
                .satisfies(e -> assertThat(((ConditionFailedException) e).currentEntity(Product.class)).contains(after))
                .hasMessage("update of Product {PK=PRODUCT#u1, SK=METADATA} in table " + db.tableName() + " was refused: its condition "
                        + "stock >= :v0 with :v0=2 did not hold; the stored item is in currentItem()");
        assertThat(product("u1")).isEqualTo(after);
    }

    @Test
    void update_whenEveryOperationIsUsed_storesTheResult() {
        table.create(new Product("u2", "Headphones", "audio", 10, Status.ACTIVE, Set.of("a", "b"), List.of("m"), 5L, 3, null, null, null));

        Product after = table.update(PRODUCT, sku("u2"), u -> u
                .set(STATUS, Status.RETIRED)
                .add(COUNT, 10L)
                .prepend(HISTORY, List.of("first"))
                .addToSet(TAGS, Set.of("c"))
                .setFrom(STOCK, RESERVED));
        assertThat(after.status()).isEqualTo(Status.RETIRED);
        assertThat(after.count()).isEqualTo(15L);
        assertThat(after.history()).containsExactly("first", "m");
        assertThat(after.tags()).containsExactlyInAnyOrder("a", "b", "c");
        assertThat(after.stock()).isEqualTo(3);

        Product later = table.update(PRODUCT, sku("u2"), u -> u.append(HISTORY, List.of("last")).deleteFromSet(TAGS, Set.of("a", "b", "c"))
                .remove(COUNT).setIfAbsent(RESERVED, 99));
        assertThat(later.history()).containsExactly("first", "m", "last");
        assertThat(later.tags()).isEmpty();
        assertThat(later.count()).isNull();
        assertThat(later.reserved()).isEqualTo(3);
        assertThat(later.version()).isEqualTo(3L);
        assertThat(raw("PRODUCT#u2", "METADATA")).doesNotContainKeys("tags", "count");
    }

    @Test
    void update_whenAddingToAMissingNumber_startsFromZero() {
        table.create(Product.of("u3", 1));
        assertThat(table.update(PRODUCT, sku("u3"), u -> u.add(COUNT, 2L)).count()).isEqualTo(2L);
    }

    @Test
    void update_whenSparseIndexSlotIsRemovedAndSetAgain_removesThenRewritesTheIndexKeys() {
        table.create(Product.of("u4", 1));

        table.update(PRODUCT, sku("u4"), u -> u.remove(CATEGORY));
        assertThat(raw("PRODUCT#u4", "METADATA")).doesNotContainKeys("category", "GSI1PK", "GSI1SK");
        assertThat(table.query(PRODUCT).index("GSI1").partition(CATEGORY, "audio").list()).extracting(Product::sku).doesNotContain("u4");

        table.update(PRODUCT, sku("u4"), u -> u.set(CATEGORY, "video").set(NAME, "Camera"));
        assertThat(raw("PRODUCT#u4", "METADATA")).contains(entry("GSI1PK", s("CATEGORY#video")), entry("GSI1SK", s("NAME#Camera")));
        assertThat(table.query(PRODUCT).index("GSI1").partition(CATEGORY, "video").list()).extracting(Product::sku).contains("u4");
    }

    @Test
    void update_whenReadingStoredValuesForIndexKeys_rewritesTheKeyFromTheStoredSlot() {
        table.create(Product.of("u5", 1));
        table.update(PRODUCT, sku("u5"), u -> u.set(CATEGORY, "games").readingStoredValuesForIndexKeys());
        assertThat(raw("PRODUCT#u5", "METADATA")).contains(entry("GSI1PK", s("CATEGORY#games")), entry("GSI1SK", s("NAME#Headphones")));
    }

    @Test

    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void update_whenFromAStaleEntity_throwsVersionConflict() {
        Product v1 = table.create(Product.of("u6", 1));
        table.update(v1, u -> u.set(CATEGORY, "books"));
        assertThatThrownBy(() -> table.update(v1, u -> u.set(STATUS, Status.RETIRED)))
                .isInstanceOfSatisfying(VersionConflictException.class, e -> assertThat(e.storedVersion()).hasValue(2));
        assertThat(raw("PRODUCT#u6", "METADATA")).contains(entry("GSI1PK", s("CATEGORY#books")), entry("GSI1SK", s("NAME#Headphones")));
    }

    @Test
    void update_whenItemIsMissing_throwsItemNotFound() {
        assertThatThrownBy(() -> table.update(PRODUCT, sku("nothing"), u -> u.add(COUNT, 1L)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("update of Product {PK=PRODUCT#nothing, SK=METADATA} in table " + db.tableName()
                        + " was refused: no Product item has this key; create it first, or use upsert to create it when missing");
        assertThat(raw("PRODUCT#nothing", "METADATA")).isEmpty();
    }

    @Test
    void upsert_whenMissingThenPresent_createsOnceAndKeepsCreatedAt() {
        Clock later = Clock.fixed(NOW.plusSeconds(600), ZoneOffset.UTC);
        Table laterTable = Table.builder(db.table().schema(), db.client()).clock(later).build();

        Order created = table.upsert(ORDER, order("C9", "up"), u -> u.set(TOTAL, new BigDecimal("1.5")));
        assertThat(created.createdAt()).isEqualTo(NOW);
        Order updated = laterTable.upsert(ORDER, order("C9", "up"), u -> u.set(TOTAL, new BigDecimal("2.5")));
        assertThat(updated.createdAt()).isEqualTo(NOW);
        assertThat(updated.total()).isEqualByComparingTo("2.5");
        assertThat(raw("USER#C9", "ORDER#up")).contains(entry("entityType", s("Order")), entry("customerId", s("C9")),
                entry("orderId", s("up")));
    }

    // ------------------------------------------------------------------ delete, move

    @Test
    void delete_whenConditional_returnsTheDeletedItemOrRefuses() {
        Order order = table.create(Order.of("C2", "d1", "7"));

        assertThatThrownBy(() -> table.delete(ORDER, order("C2", "d1"), Condition.gt(TOTAL, BigDecimal.TEN)))
                .isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(table.delete(ORDER, order("C2", "d1"), Condition.le(TOTAL, BigDecimal.TEN))).contains(order);
        assertThat(raw("USER#C2", "ORDER#d1")).isEmpty();
        assertThat(table.delete(ORDER, order("C2", "d1"), Condition.none())).isEmpty();
    }

    @Test
    void delete_whenCurrentEntityIsStale_throwsVersionConflict() {
        Product v1 = table.create(Product.of("d2", 1));
        Product v2 = table.put(withStock(v1, 2));
        assertThatThrownBy(() -> table.delete(v1)).isInstanceOf(VersionConflictException.class);
        assertThat(table.delete(v2)).contains(v2);
    }

    @Test

    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void move_whenTargetIsFree_deletesOldAndCreatesNewAtomically() {
        table.create(Order.of("C3", "m1", "4"));
        Order moved = table.move(ORDER, order("C3", "m1"), Order.of("C4", "m1", "4"));

        assertThat(raw("USER#C3", "ORDER#m1")).isEmpty();
        assertThat(table.get(ORDER, order("C4", "m1"), ReadConsistency.STRONG)).contains(moved);
    }

    @Test

    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void move_whenTargetIsTaken_changesNothingAndNamesTheAction() {
        table.create(Order.of("C3", "m2", "4"));
        table.create(Order.of("C5", "m2", "8"));

        assertThatThrownBy(() -> table.move(ORDER, order("C3", "m2"), Order.of("C5", "m2", "4")))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.failures()).singleElement().satisfies(r -> {
                        assertThat(r.index()).isEqualTo(1);
                        assertThat(r.operation()).isEqualTo("create");
                        assertThat(r.code()).isEqualTo("ConditionalCheckFailed");
                        assertThat(r.conditionFailure()).containsInstanceOf(ItemAlreadyExistsException.class);
                    });
                });
        assertThat(raw("USER#C3", "ORDER#m2")).containsEntry("total", n("4"));
        assertThat(raw("USER#C5", "ORDER#m2")).containsEntry("total", n("8"));
    }

    @Test

    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void move_whenCurrentVersionIsStale_changesNothingAndReportsTheVersionConflict() {
        Product v1 = table.create(Product.of("mv-1", 5));
        table.put(withStock(v1, 4));
        Product renamed = new Product("mv-2", v1.name(), v1.category(), 5, v1.status(), v1.tags(), v1.history(), null, 0, null, null, null);

        assertThatThrownBy(() -> table.move(v1, renamed))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> assertThat(e.failures()).singleElement()
                        .satisfies(r -> assertThat(r.conditionFailure()).containsInstanceOf(VersionConflictException.class)));
        assertThat(raw("PRODUCT#mv-2", "METADATA")).isEmpty();

        Product moved = table.move(product("mv-1"), renamed);
        assertThat(moved.version()).isEqualTo(1L);
        assertThat(raw("PRODUCT#mv-1", "METADATA")).isEmpty();
        assertThat(product("mv-2").stock()).isEqualTo(5);
    }

    // ------------------------------------------------------------------ TTL

    @Test
    void get_whenTtlHasPassed_hidesTheItem() {
        // TTLs in the real future, and a clock past one of them: DynamoDB Local deletes items whose TTL is in the real past
        Instant later = Instant.now().plus(java.time.Duration.ofDays(3650));
        Table table = Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(later, ZoneOffset.UTC)).build();
        table.put(new Order("C6", "ttl-old", Status.PENDING, BigDecimal.ONE, null, later.minusSeconds(1).truncatedTo(ChronoUnit.SECONDS)));
        table.put(new Order("C6", "ttl-new", Status.PENDING, BigDecimal.ONE, null, later.plusSeconds(60).truncatedTo(ChronoUnit.SECONDS)));

        assertThat(table.get(ORDER, order("C6", "ttl-old"))).isEmpty();
        assertThat(table.get(ORDER, order("C6", "ttl-new"))).isPresent();
        ItemsByKey found = table.batchGet(List.of(ItemKey.of(ORDER, order("C6", "ttl-old")), ItemKey.of(ORDER, order("C6", "ttl-new"))));
        assertThat(found.notFound()).containsExactly(ItemKey.of(ORDER, order("C6", "ttl-old")));
        assertThat(raw("USER#C6", "ORDER#ttl-old")).isNotEmpty();
        assertThat(table.getIncludingExpired(ORDER, order("C6", "ttl-old"), ReadConsistency.STRONG)).isPresent();
    }

    // ------------------------------------------------------------------ bad input

    @Test
    void update_whenPrimaryKeySlotChanges_isRefusedBeforeSending() {
        assertThatThrownBy(() -> table.update(ORDER, order("C1", "x"), u -> u.set(ORDER_ID, "y")))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("changes 'orderId', which the primary key ('USER#{customerId}' / 'ORDER#{orderId}') is built from")
                .hasMessageContaining("table.move(ORDER, oldKey, newEntity)");
    }

    @Test
    void retryOnConflict_whenEntityIsNotVersioned_isRefused() {
        assertThatThrownBy(() -> table.retryOnConflict(ORDER, order("C1", "x"), o -> o))
                .isInstanceOf(ValidationException.class)
                .hasMessage("retryOnConflict on Order: the entity has no version attribute, so a conflicting write could not be detected; "
                        + "declare one with EntitySchema.builder(...).version(VERSION)");
    }

    static Product withStock(Product p, int stock) {
        return new Product(p.sku(), p.name(), p.category(), stock, p.status(), p.tags(), p.history(), p.count(), p.reserved(),
                p.version(), p.createdAt(), p.updatedAt());
    }
}
