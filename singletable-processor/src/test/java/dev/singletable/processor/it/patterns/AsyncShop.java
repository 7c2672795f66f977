package dev.singletable.processor.it.patterns;

import dev.singletable.Page;
import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.BatchGet;
import dev.singletable.annotations.Create;
import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.Delete;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Put;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Filter;
import dev.singletable.annotations.Scan;
import dev.singletable.annotations.Update;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/** The asynchronous forms, implemented on an AsyncTable. */
@AccessPatterns(table = PatternShop.class)
public interface AsyncShop {
    @Get
    CompletableFuture<Optional<Shopper>> shopper(String shopperId);

    @BatchGet
    CompletableFuture<List<Shopper>> shoppers(List<String> shopperId);

    @Query
    CompletableFuture<List<Purchase>> purchases(String shopperId);

    @Query
    CompletableFuture<Optional<Purchase>> firstPurchase(String shopperId);

    @Query(limit = 2)
    CompletableFuture<Page<Purchase>> purchasePage(String shopperId, @Cursor String cursor);

    @Query
    Flow.Publisher<Purchase> purchasePublisher(String shopperId);

    @Query(entity = Purchase.class)
    CompletableFuture<Long> purchaseCount(String shopperId);

    @Query
    CompletableFuture<List<ShopperItems>> shopperWithPurchases(String shopperId);

    @Scan(limit = 2)
    CompletableFuture<List<Purchase>> purchaseScan(@Filter("note") String note);

    @Scan
    Flow.Publisher<Shopper> shopperScan();

    @Put
    CompletableFuture<Purchase> save(Purchase purchase);

    @Create
    CompletableFuture<Shopper> register(Shopper shopper);

    @Update(set = "note")
    CompletableFuture<Purchase> annotate(String shopperId, Instant placedAt, String purchaseId, String note);

    @Delete(entity = Shopper.class)
    CompletableFuture<Void> forget(String shopperId);

    @Delete
    CompletableFuture<Optional<Purchase>> cancel(String shopperId, Instant placedAt, String purchaseId);
}
