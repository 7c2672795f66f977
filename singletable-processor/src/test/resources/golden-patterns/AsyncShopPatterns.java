package dev.singletable.processor.it.patterns;

import dev.singletable.AsyncQuery;
import dev.singletable.AsyncTable;
import dev.singletable.Condition;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.Page;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow.Publisher;
import javax.annotation.processing.Generated;

/**
 * The access patterns of {@link AsyncShop}, each one call into the query API of an {@link AsyncTable}.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class AsyncShopPatterns implements AsyncShop {
    private final AsyncTable table;

    private AsyncShopPatterns(AsyncTable table) {
        this.table = table;
    }

    /** The patterns of {@link AsyncShop}, read and written through {@code table}. */
    public static AsyncShop of(AsyncTable table) {
        NullArgumentException.check("AsyncShopPatterns.of", "table", table);
        return new AsyncShopPatterns(table);
    }

    @Override
    public CompletableFuture<Optional<Shopper>> shopper(String shopperId) {
        return table.get(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId));
    }

    @Override
    public CompletableFuture<List<Shopper>> shoppers(List<String> shopperId) {
        List<ItemKey<Shopper>> keys$ = new ArrayList<>();
        for (String value$ : shopperId) {
            keys$.add(ItemKey.of(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, value$)));
        }
        return table.batchGet(keys$).thenApply(found$ -> found$.found(ShopperSchema.INSTANCE));
    }

    @Override
    public CompletableFuture<List<Purchase>> purchases(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).list();
    }

    @Override
    public CompletableFuture<Optional<Purchase>> firstPurchase(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).first();
    }

    @Override
    public CompletableFuture<Page<Purchase>> purchasePage(String shopperId, String cursor) {
        AsyncQuery<Purchase> query$ = table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).limit(2);
        return cursor == null ? query$.page() : query$.page(cursor);
    }

    @Override
    public Publisher<Purchase> purchasePublisher(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).publisher();
    }

    @Override
    public CompletableFuture<Long> purchaseCount(String shopperId) {
        return table.query(PurchaseSchema.INSTANCE)
                .partition(KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId)).count();
    }

    @Override
    public CompletableFuture<List<ShopperItems>> shopperWithPurchases(String shopperId) {
        return table.query(ShopperItemsCollection.INSTANCE)
                .partition(KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId)).list();
    }

    @Override
    public CompletableFuture<List<Purchase>> purchaseScan(String note) {
        return table.scan(PurchaseSchema.INSTANCE)
                .filter(Condition.eq(PurchaseSchema.NOTE, note)).limit(2).list();
    }

    @Override
    public Publisher<Shopper> shopperScan() {
        return table.scan(ShopperSchema.INSTANCE).publisher();
    }

    @Override
    public CompletableFuture<Purchase> save(Purchase purchase) {
        return table.put(purchase);
    }

    @Override
    public CompletableFuture<Shopper> register(Shopper shopper) {
        return table.create(shopper);
    }

    @Override
    public CompletableFuture<Purchase> annotate(String shopperId, Instant placedAt, String purchaseId, String note) {
        return table.update(PurchaseSchema.INSTANCE, KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId).and(PurchaseSchema.PLACED_AT, placedAt).and(PurchaseSchema.PURCHASE_ID, purchaseId), update$ -> update$.set(PurchaseSchema.NOTE, note));
    }

    @Override
    public CompletableFuture<Void> forget(String shopperId) {
        return table.delete(ShopperSchema.INSTANCE, KeyValues.of(ShopperSchema.SHOPPER_ID, shopperId));
    }

    @Override
    public CompletableFuture<Optional<Purchase>> cancel(String shopperId, Instant placedAt, String purchaseId) {
        return table.delete(PurchaseSchema.INSTANCE, KeyValues.of(PurchaseSchema.SHOPPER_ID, shopperId).and(PurchaseSchema.PLACED_AT, placedAt).and(PurchaseSchema.PURCHASE_ID, purchaseId), Condition.none());
    }
}
