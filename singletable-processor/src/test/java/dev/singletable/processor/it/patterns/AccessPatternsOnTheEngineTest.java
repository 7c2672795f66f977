package dev.singletable.processor.it.patterns;

import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Table;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static dev.singletable.fixtures.RecordingClient.recording;
import static dev.singletable.fixtures.Publishers.collected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The generated {@code ShopPatterns} and {@code AsyncShopPatterns} on the embedded engine: every pattern sends exactly
 * the requests of the hand-written call it stands for (whole requests compared), and reads what that call reads.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class AccessPatternsOnTheEngineTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(PatternShopDesign.SCHEMA);

    private static final Instant T1 = Instant.parse("2025-05-01T10:00:00Z");
    private static final Instant T2 = Instant.parse("2025-05-02T10:00:00Z");
    private static final Instant T3 = Instant.parse("2025-05-03T10:00:00Z");
    private static final Shopper ADA = new Shopper("S1", "ada@example.com", "Ada", 10);
    private static final Shopper BOB = new Shopper("S2", "bob@example.com", "Bob", 0);
    private static final Purchase P1 = new Purchase("S1", "P1", T1, PurchaseStatus.SHIPPED, new BigDecimal("12.5"), "gift");
    private static final Purchase P2 = new Purchase("S1", "P2", T2, PurchaseStatus.PENDING, new BigDecimal("99"), null);
    private static final Purchase P3 = new Purchase("S1", "P3", T3, PurchaseStatus.PENDING, new BigDecimal("150"), "gift");

    private final List<DynamoDbRequest> sent = new CopyOnWriteArrayList<>();
    private Table table;
    private AsyncTable async;
    private Shop shop;
    private AsyncShop asyncShop;

    @BeforeEach
    void data() {
        for (Map<String, AttributeValue> item : db.client().scan(ScanRequest.builder().tableName(db.tableName()).build()).items()) {
            db.client().deleteItem(r -> r.tableName(db.tableName()).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
        }
        db.table().put(ADA);
        db.table().put(BOB);
        db.table().put(P1);
        db.table().put(P2);
        db.table().put(P3);
        db.table().put(new Folder(List.of("docs"), "Docs"));
        db.table().put(new Folder(List.of("docs", "java"), "Java"));
        db.table().put(new Folder(List.of("docs", "java", "records"), "Records"));
        db.table().put(new Folder(List.of("docsets"), "Docsets"));
        table = Table.builder(db.table().schema(), recording(DynamoDbClient.class, db.client(), sent)).build();
        async = AsyncTable.builder(db.table().schema(), recording(DynamoDbAsyncClient.class, db.engine().asyncClient(), sent)).build();
        shop = ShopPatterns.of(table);
        asyncShop = AsyncShopPatterns.of(async);
    }

    /** Runs the pattern, then the hand-written call; both must send the same requests and read equal results. */
    private <R> R same(Supplier<R> pattern, Supplier<R> handWritten) {
        sent.clear();
        R fromPattern = pattern.get();
        List<DynamoDbRequest> patternRequests = List.copyOf(sent);
        sent.clear();
        R fromHand = handWritten.get();
        assertThat(patternRequests).isNotEmpty().isEqualTo(List.copyOf(sent));
        assertThat(fromPattern).isEqualTo(fromHand);
        return fromPattern;
    }

    @Test
    void get_whenSlotsAreParametersByNameOrSlot_readsTheItemWithOneGetItem() {
        assertThat(same(() -> shop.shopper("S1"), () -> table.get(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S1"))))
                .contains(ADA);
        assertThat(same(() -> shop.purchase("S1", T2, "P2"), () -> table.get(PurchaseSchema.INSTANCE,
                KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1").and(PurchaseSchema.PLACED_AT, T2).and(PurchaseSchema.PURCHASE_ID, "P2"))))
                .contains(P2);
        assertThat(shop.shopper("nobody")).isEmpty();
    }

    @Test
    void batchGet_whenACollectionOfKeys_readsTheFoundItemsInOneBatchGetItem() {
        List<Shopper> found = same(() -> shop.shoppers(List.of("S1", "S2", "S9")), () -> table.batchGet(List.of(
                ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S1")),
                ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S2")),
                ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S9")))).found(ShopperSchema.INSTANCE));

        assertThat(found).containsExactlyInAnyOrder(ADA, BOB);
        assertThat(sent).singleElement().satisfies(r -> assertThat(r.getClass().getSimpleName()).isEqualTo("BatchGetItemRequest"));
    }

    @Test
    void query_whenListOrderLimitStreamAndCount_sendsTheHandWrittenQueries() {
        assertThat(same(() -> shop.purchases("S1"), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).list())).containsExactly(P1, P2, P3);
        assertThat(same(() -> shop.latestPurchases("S1"), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).descending().limit(2).list())).containsExactly(P3, P2);
        assertThat(same(() -> {
            try (Stream<Purchase> stream = shop.purchaseStream("S1")) {
                return stream.toList();
            }
        }, () -> {
            try (Stream<Purchase> stream = table.query(PurchaseSchema.INSTANCE).partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).stream()) {
                return stream.toList();
            }
        })).containsExactly(P1, P2, P3);
        assertThat(same(() -> shop.purchaseCount("S1"), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).count())).isEqualTo(3L);
    }

    @Test
    void query_whenPagedWithACursor_resumesWhereThePreviousPageEnded() {
        Page<Purchase> first = shop.purchasePage("S1", null);
        Page<Purchase> second = shop.purchasePage("S1", first.cursor().orElseThrow());

        assertThat(first.items()).containsExactly(P1, P2);
        assertThat(second.items()).containsExactly(P3);
        assertThat(second.hasMore()).isFalse();
        sent.clear();
        shop.purchasePage("S1", first.cursor().orElseThrow());
        List<DynamoDbRequest> patternRequests = List.copyOf(sent);
        sent.clear();
        table.query(PurchaseSchema.INSTANCE).partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).limit(2).page(first.cursor().orElseThrow());
        assertThat(patternRequests).isEqualTo(sent);
    }

    @Test
    void query_whenIndexesAndSortConditions_sendsTheHandWrittenKeyConditions() {
        assertThat(same(() -> shop.shopperByEmail("bob@example.com"), () -> table.query(ShopperSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(ShopperSchema.EMAIL, "bob@example.com")).first())).contains(BOB);
        assertThat(same(() -> shop.byStatusSince(PurchaseStatus.PENDING, T3), () -> table.query(PurchaseSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(PurchaseSchema.STATUS, PurchaseStatus.PENDING))
                .sortGreaterThanOrEqual(KeyValues.of(PurchaseSchema.PLACED_AT, T3)).list())).containsExactly(P3);
        assertThat(same(() -> shop.byStatusBetween(PurchaseStatus.PENDING, T1, T2), () -> table.query(PurchaseSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(PurchaseSchema.STATUS, PurchaseStatus.PENDING))
                .sortBetween(KeyValues.of(PurchaseSchema.PLACED_AT, T1), KeyValues.of(PurchaseSchema.PLACED_AT, T2)).list()))
                .containsExactly(P2);
        assertThat(same(() -> shop.purchasesBefore("S1", T2), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1"))
                .sortLessThan(KeyValues.of(PurchaseSchema.PLACED_AT, T2)).list())).containsExactly(P1);
        assertThat(same(() -> shop.purchasesAt("S1", T2), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1"))
                .sortBeginsWith(KeyValues.of(PurchaseSchema.PLACED_AT, T2)).list())).containsExactly(P2);
        assertThat(same(() -> shop.purchasesPlacedAt("S1", T3), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1"))
                .sortBeginsWith(KeyValues.of(PurchaseSchema.PLACED_AT, T3)).list())).containsExactly(P3);
        assertThat(same(() -> shop.purchaseAt("S1", T3, "P3"), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1"))
                .sortEquals(KeyValues.of(PurchaseSchema.PLACED_AT, T3).and(PurchaseSchema.PURCHASE_ID, "P3")).list())).containsExactly(P3);
        assertThat(same(() -> shop.bigPurchases("S1", new BigDecimal("99.00")), () -> table.query(PurchaseSchema.INSTANCE).index("LSI1")
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1"))
                .sortGreaterThanOrEqual(KeyValues.of(PurchaseSchema.TOTAL, new BigDecimal("99.00"))).list())).containsExactly(P2, P3);
        assertThat(same(() -> shop.subfolders(List.of("docs")), () -> table.query(FolderSchema.INSTANCE).partition(KeyValues.none())
                .sortChildren(KeyValues.of(FolderSchema.PATH, List.of("docs"))).list())).extracting(Folder::title).containsExactly("Java");
        assertThat(same(() -> shop.folderTree(List.of("docs")), () -> table.query(FolderSchema.INSTANCE).partition(KeyValues.none())
                .sortSubtree(KeyValues.of(FolderSchema.PATH, List.of("docs"))).list())).extracting(Folder::title)
                .containsExactly("Docs", "Java", "Records");
    }

    @Test
    void query_whenBetween_sendsTheWholeRequestAHandWrittenQueryWould() {
        sent.clear();
        shop.byStatusBetween(PurchaseStatus.PENDING, T1, T2);

        QueryRequest request = (QueryRequest) sent.get(0);
        assertThat(request).isEqualTo(QueryRequest.builder().tableName(db.tableName()).indexName("GSI1")
                .keyConditionExpression(request.keyConditionExpression())
                .expressionAttributeNames(request.expressionAttributeNames())
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("STATUS#PENDING"),
                        ":sk", AttributeValue.fromS("2025-05-01T10:00:00.000000000Z"), ":sk2", AttributeValue.fromS("2025-05-02T10:00:00.000000000Z")))
                .build());
    }

    @Test
    void query_whenFiltersProjectionAndCollections_sendsTheHandWrittenQueries() {
        assertThat(same(() -> shop.withNote(PurchaseStatus.PENDING, "gift", new BigDecimal("100")), () -> table.query(PurchaseSchema.INSTANCE)
                .index("GSI1").partition(KeyValues.of(PurchaseSchema.STATUS, PurchaseStatus.PENDING))
                .filter(Condition.eq(PurchaseSchema.NOTE, "gift")).filter(Condition.gt(PurchaseSchema.TOTAL, new BigDecimal("100"))).list()))
                .containsExactly(P3);
        assertThat(same(() -> shop.purchaseById("P2"), () -> table.query(PurchaseSchema.INSTANCE).index("GSI2")
                .partition(KeyValues.of(PurchaseSchema.PURCHASE_ID, "P2"))
                .select(PurchaseSchema.SHOPPER_ID, PurchaseSchema.PURCHASE_ID, PurchaseSchema.PLACED_AT, PurchaseSchema.STATUS,
                        PurchaseSchema.TOTAL).first()))
                .contains(P2);
        assertThat(same(() -> shop.shopperWithPurchases("S1"), () -> table.query(ShopperItemsCollection.INSTANCE)
                .partition(KeyValues.of(ShopperSchema.SHOPPER_ID, "S1")).list())).containsExactly(ADA, P1, P2, P3);
        assertThat(same(() -> shop.profileOnly("S1"), () -> table.query(ShopperItemsCollection.INSTANCE)
                .partition(KeyValues.of(ShopperSchema.SHOPPER_ID, "S1")).sortBetweenRaw("PROFILE", "PROFILE").list())).containsExactly(ADA);
        assertThat(same(() -> shop.purchasesOnly("S1"), () -> table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).sortBeginsWithRaw("PURCHASE#").list())).containsExactly(P1, P2, P3);
    }

    @Test
    void scan_whenFiltersIndexPagesCountsAndCollections_sendsTheHandWrittenScans() {
        assertThat(same(() -> shop.shoppersWithoutPoints(0), () -> table.scan(ShopperSchema.INSTANCE)
                .filter(Condition.eq(ShopperSchema.POINTS, 0)).list())).containsExactly(BOB);
        assertThat(same(() -> {
            try (Stream<Purchase> stream = shop.purchasesOnIndex(PurchaseStatus.PENDING, new BigDecimal("100"))) {
                return stream.toList();
            }
        }, () -> {
            try (Stream<Purchase> stream = table.scan(PurchaseSchema.INSTANCE).index("GSI1")
                    .filter(Condition.eq(PurchaseSchema.STATUS, PurchaseStatus.PENDING))
                    .filter(Condition.gt(PurchaseSchema.TOTAL, new BigDecimal("100"))).stream()) {
                return stream.toList();
            }
        })).containsExactly(P3);
        assertThat(same(() -> shop.purchasesScanned(), () -> table.scan(PurchaseSchema.INSTANCE).count())).isEqualTo(3L);
        assertThat(same(() -> shop.everyShopperItem(), () -> table.scan(ShopperItemsCollection.INSTANCE).list()))
                .containsExactlyInAnyOrder(ADA, BOB, P1, P2, P3);
        Page<Purchase> first = shop.purchaseScanPage(null);
        Page<Purchase> second = shop.purchaseScanPage(first.cursor().orElseThrow());
        assertThat(first.items()).hasSize(2);
        assertThat(second.items()).hasSize(1);
        assertThat(second.hasMore()).isFalse();
        assertThat(List.of(first.items().get(0), first.items().get(1), second.items().get(0))).containsExactlyInAnyOrder(P1, P2, P3);
        sent.clear();
        shop.purchaseScanPage(first.cursor().orElseThrow());
        List<DynamoDbRequest> patternRequests = List.copyOf(sent);
        sent.clear();
        table.scan(PurchaseSchema.INSTANCE).limit(2).page(first.cursor().orElseThrow());
        assertThat(patternRequests).isEqualTo(sent);
    }

    @Test
    void scan_whenAFilter_sendsTheWholeScanRequestAHandWrittenScanWould() {
        sent.clear();
        shop.shoppersWithoutPoints(0);

        ScanRequest request = (ScanRequest) sent.get(0);
        assertThat(request).isEqualTo(ScanRequest.builder().tableName(db.tableName())
                .filterExpression(request.filterExpression())
                .expressionAttributeNames(request.expressionAttributeNames())
                .expressionAttributeValues(Map.of(":et", AttributeValue.fromS("Shopper"), ":v0", AttributeValue.fromN("0")))
                .build());
        assertThat(request).isEqualTo(table.scan(ShopperSchema.INSTANCE).filter(Condition.eq(ShopperSchema.POINTS, 0)).toRequest());
    }

    @Test
    void writes_whenPutCreateUpdateAndDelete_sendTheHandWrittenWrites() {
        Purchase p4 = new Purchase("S2", "P4", T1, PurchaseStatus.PENDING, BigDecimal.TEN, null);
        sent.clear();
        assertThat(shop.save(p4)).isEqualTo(p4);
        List<DynamoDbRequest> put = List.copyOf(sent);
        sent.clear();
        table.put(p4);
        assertThat(put).isEqualTo(sent);

        Shopper cy = new Shopper("S3", "cy@example.com", "Cy", 1);
        shop.register(cy);
        assertThat(table.get(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S3"))).contains(cy);

        Purchase annotated = same(() -> shop.annotate("S2", T1, "P4", "rush", PurchaseStatus.SHIPPED), () -> table.update(PurchaseSchema.INSTANCE,
                KeyValues.of(PurchaseSchema.SHOPPER_ID, "S2").and(PurchaseSchema.PLACED_AT, T1).and(PurchaseSchema.PURCHASE_ID, "P4"),
                u -> u.set(PurchaseSchema.NOTE, "rush").set(PurchaseSchema.STATUS, PurchaseStatus.SHIPPED)));
        assertThat(annotated).isEqualTo(new Purchase("S2", "P4", T1, PurchaseStatus.SHIPPED, BigDecimal.TEN, "rush"));

        sent.clear();
        assertThat(shop.cancel("S2", T1, "P4")).contains(annotated);
        List<DynamoDbRequest> cancel = List.copyOf(sent);
        sent.clear();
        assertThat(table.delete(PurchaseSchema.INSTANCE, KeyValues.of(PurchaseSchema.SHOPPER_ID, "S2").and(PurchaseSchema.PLACED_AT, T1)
                .and(PurchaseSchema.PURCHASE_ID, "P4"), Condition.none())).isEmpty();
        assertThat(cancel).isEqualTo(sent);

        shop.forget("S3");
        assertThat(table.get(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S3"))).isEmpty();
    }

    @Test
    void asyncPatterns_whenEveryReturnType_sendTheHandWrittenAsyncRequests() {
        assertThat(same(() -> asyncShop.shopper("S1").join(), () -> async.get(ShopperSchema.INSTANCE,
                KeyValues.of(ShopperSchema.SHOPPER_ID, "S1")).join())).contains(ADA);
        assertThat(same(() -> asyncShop.shoppers(List.of("S1", "S2")).join(), () -> async.batchGet(List.of(
                ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S1")),
                ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S2")))).join().found(ShopperSchema.INSTANCE)))
                .containsExactlyInAnyOrder(ADA, BOB);
        assertThat(same(() -> asyncShop.purchases("S1").join(), () -> async.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).list().join())).containsExactly(P1, P2, P3);
        assertThat(same(() -> asyncShop.firstPurchase("S1").join(), () -> async.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).first().join())).contains(P1);
        Page<Purchase> first = asyncShop.purchasePage("S1", null).join();
        assertThat(first.items()).containsExactly(P1, P2);
        assertThat(asyncShop.purchasePage("S1", first.cursor().orElseThrow()).join().items()).containsExactly(P3);
        assertThat(same(() -> collected(asyncShop.purchasePublisher("S1")), () -> collected(async.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).publisher()))).containsExactly(P1, P2, P3);
        assertThat(same(() -> asyncShop.purchaseCount("S1").join(), () -> async.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).count().join())).isEqualTo(3L);
        assertThat(same(() -> asyncShop.purchaseScan("gift").join(), () -> async.scan(PurchaseSchema.INSTANCE)
                .filter(Condition.eq(PurchaseSchema.NOTE, "gift")).limit(2).list().join())).containsExactlyInAnyOrder(P1, P3);
        assertThat(same(() -> collected(asyncShop.shopperScan()), () -> collected(async.scan(ShopperSchema.INSTANCE).publisher())))
                .containsExactlyInAnyOrder(ADA, BOB);
        assertThat(same(() -> asyncShop.shopperWithPurchases("S1").join(), () -> async.query(ShopperItemsCollection.INSTANCE)
                .partition(KeyValues.of(ShopperSchema.SHOPPER_ID, "S1")).list().join())).containsExactly(ADA, P1, P2, P3);

        Purchase p4 = new Purchase("S2", "P4", T1, PurchaseStatus.PENDING, BigDecimal.TEN, null);
        assertThat(asyncShop.save(p4).join()).isEqualTo(p4);
        assertThat(asyncShop.annotate("S2", T1, "P4", "rush").join().note()).isEqualTo("rush");
        assertThat(asyncShop.cancel("S2", T1, "P4").join()).map(Purchase::note).contains("rush");
        asyncShop.forget("S2").join();
        assertThat(table.get(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, "S2"))).isEmpty();
    }

    @Test
    void create_whenKeyIsFree_sendsTheHandWrittenConditionalPutAndWhenTaken_isRefused() {
        Shopper cy = new Shopper("S3", "cy@example.com", "Cy", 1);
        KeyValues key = KeyValues.of(ShopperSchema.SHOPPER_ID, "S3");
        sent.clear();
        shop.register(cy);
        List<DynamoDbRequest> pattern = List.copyOf(sent);
        table.delete(ShopperSchema.INSTANCE, key);
        sent.clear();
        table.create(cy);

        assertThat(pattern).singleElement().isInstanceOf(PutItemRequest.class).isEqualTo(sent.get(0));
        assertThat(sent).hasSize(1);
        assertThat(((PutItemRequest) pattern.get(0)).conditionExpression()).startsWith("attribute_not_exists(");
        assertThat(table.get(ShopperSchema.INSTANCE, key)).contains(cy);
        assertThatThrownBy(() -> shop.register(new Shopper("S3", "other@example.com", "Other", 0)))
                .isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(table.get(ShopperSchema.INSTANCE, key)).contains(cy);
    }

    @Test
    void delete_whenEntityAndKeyOnly_sendsTheHandWrittenDeleteItem() {
        KeyValues key = KeyValues.of(ShopperSchema.SHOPPER_ID, "S2");
        sent.clear();
        shop.forget("S2");
        List<DynamoDbRequest> pattern = List.copyOf(sent);
        assertThat(table.get(ShopperSchema.INSTANCE, key)).isEmpty();
        table.put(BOB);
        sent.clear();
        table.delete(ShopperSchema.INSTANCE, key);

        assertThat(pattern).singleElement().isInstanceOf(DeleteItemRequest.class).isEqualTo(sent.get(0));
        assertThat(sent).hasSize(1);
    }

    @Test
    void asyncPage_whenPagedWithACursor_sendsTheHandWrittenQueriesAndResumes() {
        Page<Purchase> first = samePage(() -> asyncShop.purchasePage("S1", null).join(), () -> async.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).limit(2).page().join());
        String cursor = first.cursor().orElseThrow();
        Page<Purchase> second = samePage(() -> asyncShop.purchasePage("S1", cursor).join(), () -> async.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, "S1")).limit(2).page(cursor).join());

        assertThat(first.items()).containsExactly(P1, P2);
        assertThat(first.hasMore()).isTrue();
        assertThat(second.items()).containsExactly(P3);
        assertThat(second.hasMore()).isFalse();
    }

    /** {@link #same} for pages, which have no equals: the same requests, items and whether more follow. */
    private Page<Purchase> samePage(Supplier<Page<Purchase>> pattern, Supplier<Page<Purchase>> handWritten) {
        sent.clear();
        Page<Purchase> fromPattern = pattern.get();
        List<DynamoDbRequest> patternRequests = List.copyOf(sent);
        sent.clear();
        Page<Purchase> fromHand = handWritten.get();
        assertThat(patternRequests).hasSize(1).isEqualTo(List.copyOf(sent));
        assertThat(fromPattern.items()).isEqualTo(fromHand.items());
        assertThat(fromPattern.hasMore()).isEqualTo(fromHand.hasMore());
        return fromPattern;
    }

    @Test
    void asyncWrites_whenPutCreateUpdateAndDelete_sendTheHandWrittenAsyncWrites() {
        Purchase p4 = new Purchase("S2", "P4", T1, PurchaseStatus.PENDING, BigDecimal.TEN, null);
        KeyValues p4Key = KeyValues.of(PurchaseSchema.SHOPPER_ID, "S2").and(PurchaseSchema.PLACED_AT, T1).and(PurchaseSchema.PURCHASE_ID, "P4");
        assertThat(same(() -> asyncShop.save(p4).join(), () -> async.put(p4).join())).isEqualTo(p4);

        Shopper cy = new Shopper("S3", "cy@example.com", "Cy", 1);
        KeyValues cyKey = KeyValues.of(ShopperSchema.SHOPPER_ID, "S3");
        sent.clear();
        assertThat(asyncShop.register(cy).join()).isEqualTo(cy);
        List<DynamoDbRequest> created = List.copyOf(sent);
        table.delete(ShopperSchema.INSTANCE, cyKey);
        sent.clear();
        async.create(cy).join();
        assertThat(created).singleElement().isInstanceOf(PutItemRequest.class).isEqualTo(sent.get(0));
        assertThatThrownBy(() -> asyncShop.register(cy).join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(ItemAlreadyExistsException.class);

        Purchase annotated = new Purchase("S2", "P4", T1, PurchaseStatus.PENDING, BigDecimal.TEN, "rush");
        assertThat(same(() -> asyncShop.annotate("S2", T1, "P4", "rush").join(), () -> async.update(PurchaseSchema.INSTANCE, p4Key,
                u -> u.set(PurchaseSchema.NOTE, "rush")).join())).isEqualTo(annotated);

        sent.clear();
        assertThat(asyncShop.cancel("S2", T1, "P4").join()).contains(annotated);
        List<DynamoDbRequest> cancel = List.copyOf(sent);
        sent.clear();
        assertThat(async.delete(PurchaseSchema.INSTANCE, p4Key, Condition.none()).join()).isEmpty();
        assertThat(cancel).singleElement().isInstanceOf(DeleteItemRequest.class).isEqualTo(sent.get(0));

        sent.clear();
        asyncShop.forget("S3").join();
        List<DynamoDbRequest> forget = List.copyOf(sent);
        assertThat(table.get(ShopperSchema.INSTANCE, cyKey)).isEmpty();
        sent.clear();
        async.delete(ShopperSchema.INSTANCE, cyKey).join();
        assertThat(forget).singleElement().isInstanceOf(DeleteItemRequest.class).isEqualTo(sent.get(0));
    }
}
