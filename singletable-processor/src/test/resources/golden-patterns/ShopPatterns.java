package dev.singletable.processor.it.patterns;

import dev.singletable.Condition;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.Scan;
import dev.singletable.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Generated;

/**
 * The access patterns of {@link Shop}, each one call into the query API of a {@link Table}.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class ShopPatterns implements Shop {
    private final Table table;

    private ShopPatterns(Table table) {
        this.table = table;
    }

    /** The patterns of {@link Shop}, read and written through {@code table}. */
    public static Shop of(Table table) {
        NullArgumentException.check("ShopPatterns.of", "table", table);
        return new ShopPatterns(table);
    }

    @Override
    public Optional<Shopper> shopper(String shopperId) {
        return table.get(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId));
    }

    @Override
    public Optional<Purchase> purchase(String shopper, Instant placedAt, String purchaseId) {
        return table.get(PurchaseSchema.INSTANCE, KeyValues.of(PurchaseSchema.SHOPPER_ID, shopper).and(PurchaseSchema.PLACED_AT, placedAt).and(PurchaseSchema.PURCHASE_ID, purchaseId));
    }

    @Override
    public List<Shopper> shoppers(List<String> shopperId) {
        List<ItemKey<Shopper>> keys$ = new ArrayList<>();
        for (String value$ : shopperId) {
            keys$.add(ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, value$)));
        }
        return table.batchGet(keys$).found(ShopperSchema.INSTANCE);
    }

    @Override
    public List<Purchase> purchases(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).list();
    }

    @Override
    public List<Purchase> latestPurchases(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).descending().limit(2).list();
    }

    @Override
    public Stream<Purchase> purchaseStream(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).stream();
    }

    @Override
    public Page<Purchase> purchasePage(String shopperId, String cursor) {
        Query<Purchase> query$ = table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).limit(2);
        return cursor == null ? query$.page() : query$.page(cursor);
    }

    @Override
    public long purchaseCount(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).count();
    }

    @Override
    public Optional<Shopper> shopperByEmail(String email) {
        return table.query(ShopperSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(ShopperSchema.EMAIL, email)).first();
    }

    @Override
    public List<Purchase> byStatusSince(PurchaseStatus status, Instant since) {
        return table.query(PurchaseSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(PurchaseSchema.STATUS, status))
                .sortGreaterThanOrEqual(KeyValues.of(PurchaseSchema.PLACED_AT, since)).list();
    }

    @Override
    public List<Purchase> byStatusBetween(PurchaseStatus status, Instant from, Instant to) {
        return table.query(PurchaseSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(PurchaseSchema.STATUS, status))
                .sortBetween(KeyValues.of(PurchaseSchema.PLACED_AT, from), KeyValues.of(PurchaseSchema.PLACED_AT, to)).list();
    }

    @Override
    public List<Purchase> purchasesBefore(String shopperId, Instant before) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId))
                .sortLessThan(KeyValues.of(PurchaseSchema.PLACED_AT, before)).list();
    }

    @Override
    public List<Purchase> purchasesAt(String shopperId, Instant placedAt) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId))
                .sortBeginsWith(KeyValues.of(PurchaseSchema.PLACED_AT, placedAt)).list();
    }

    @Override
    public List<Purchase> purchasesPlacedAt(String shopperId, Instant placedAt) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId))
                .sortBeginsWith(KeyValues.of(PurchaseSchema.PLACED_AT, placedAt)).list();
    }

    @Override
    public List<Purchase> purchaseAt(String shopperId, Instant placedAt, String purchaseId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId))
                .sortEquals(KeyValues.of(PurchaseSchema.PLACED_AT, placedAt).and(PurchaseSchema.PURCHASE_ID, purchaseId)).list();
    }

    @Override
    public List<Purchase> bigPurchases(String shopperId, BigDecimal minimum) {
        return table.query(PurchaseSchema.INSTANCE).index("LSI1")
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId))
                .sortGreaterThanOrEqual(KeyValues.of(PurchaseSchema.TOTAL, minimum)).list();
    }

    @Override
    public List<Purchase> withNote(PurchaseStatus status, String note, BigDecimal over) {
        return table.query(PurchaseSchema.INSTANCE).index("GSI1")
                .partition(KeyValues.of(PurchaseSchema.STATUS, status))
                .filter(Condition.eq(PurchaseSchema.NOTE, note))
                .filter(Condition.gt(PurchaseSchema.TOTAL, over)).list();
    }

    @Override
    public Optional<Purchase> purchaseById(String purchaseId) {
        return table.query(PurchaseSchema.INSTANCE).index("GSI2")
                .partition(KeyValues.of(PurchaseSchema.PURCHASE_ID, purchaseId))
                .select(PurchaseSchema.SHOPPER_ID, PurchaseSchema.PURCHASE_ID, PurchaseSchema.PLACED_AT, PurchaseSchema.STATUS, PurchaseSchema.TOTAL).first();
    }

    @Override
    public List<ShopperItems> shopperWithPurchases(String shopperId) {
        return table.query(ShopperItemsCollection.INSTANCE)
                .partition(KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId)).list();
    }

    @Override
    public List<ShopperItems> profileOnly(String shopperId) {
        return table.query(ShopperItemsCollection.INSTANCE)
                .partition(KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId))
                .sortBetweenRaw("PROFILE", "PROFILE").list();
    }

    @Override
    public List<Purchase> purchasesOnly(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId))
                .sortBeginsWithRaw("PURCHASE#").list();
    }

    @Override
    public List<Folder> subfolders(List<String> path) {
        return table.query(FolderSchema.INSTANCE)
                .partition(KeyValues.none())
                .sortChildren(KeyValues.of(FolderSchema.PATH, path)).list();
    }

    @Override
    public List<Folder> folderTree(List<String> path) {
        return table.query(FolderSchema.INSTANCE)
                .partition(KeyValues.none())
                .sortSubtree(KeyValues.of(FolderSchema.PATH, path)).list();
    }

    @Override
    public List<Shopper> shoppersWithoutPoints(int points) {
        return table.scan(ShopperSchema.INSTANCE)
                .filter(Condition.eq(ShopperSchema.POINTS, points)).list();
    }

    @Override
    public Stream<Purchase> purchasesOnIndex(PurchaseStatus status, BigDecimal over) {
        return table.scan(PurchaseSchema.INSTANCE).index("GSI1")
                .filter(Condition.eq(PurchaseSchema.STATUS, status))
                .filter(Condition.gt(PurchaseSchema.TOTAL, over)).stream();
    }

    @Override
    public Page<Purchase> purchaseScanPage(String cursor) {
        Scan<Purchase> scan$ = table.scan(PurchaseSchema.INSTANCE).limit(2);
        return cursor == null ? scan$.page() : scan$.page(cursor);
    }

    @Override
    public long purchasesScanned() {
        return table.scan(PurchaseSchema.INSTANCE).count();
    }

    @Override
    public List<ShopperItems> everyShopperItem() {
        return table.scan(ShopperItemsCollection.INSTANCE).list();
    }

    @Override
    public Purchase save(Purchase purchase) {
        return table.put(purchase);
    }

    @Override
    public void register(Shopper shopper) {
        table.create(shopper);
    }

    @Override
    public Purchase annotate(String shopperId, Instant placedAt, String purchaseId, String note, PurchaseStatus status) {
        return table.update(PurchaseSchema.INSTANCE, KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId).and(PurchaseSchema.PLACED_AT, placedAt).and(PurchaseSchema.PURCHASE_ID, purchaseId), update$ -> update$.set(PurchaseSchema.NOTE, note).set(PurchaseSchema.STATUS, status));
    }

    @Override
    public void forget(String shopperId) {
        table.delete(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId));
    }

    @Override
    public Optional<Purchase> cancel(String shopperId, Instant placedAt, String purchaseId) {
        return table.delete(PurchaseSchema.INSTANCE, KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId).and(PurchaseSchema.PLACED_AT, placedAt).and(PurchaseSchema.PURCHASE_ID, purchaseId), Condition.none());
    }
}
