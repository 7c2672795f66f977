package dev.singletable.processor.it.patterns;

import dev.singletable.Page;
import dev.singletable.annotations.AccessPatterns;
import dev.singletable.annotations.AtOrAfter;
import dev.singletable.annotations.BatchGet;
import dev.singletable.annotations.Before;
import dev.singletable.annotations.BeginsWith;
import dev.singletable.annotations.Children;
import dev.singletable.annotations.Create;
import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.Delete;
import dev.singletable.annotations.Example;
import dev.singletable.annotations.Filter;
import dev.singletable.annotations.From;
import dev.singletable.annotations.Get;
import dev.singletable.annotations.Put;
import dev.singletable.annotations.Query;
import dev.singletable.annotations.Scan;
import dev.singletable.annotations.Slot;
import dev.singletable.annotations.Subtree;
import dev.singletable.annotations.To;
import dev.singletable.annotations.Update;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Every kind of access pattern and return type, synchronous. */
@AccessPatterns(table = PatternShop.class)
public interface Shop {
    @Get
    @Example("S1")
    Optional<Shopper> shopper(String shopperId);

    @Get
    Optional<Purchase> purchase(@Slot("shopperId") String shopper, Instant placedAt, String purchaseId);

    @BatchGet
    List<Shopper> shoppers(List<String> shopperId);

    @Query
    List<Purchase> purchases(String shopperId);

    @Query(descending = true, limit = 2)
    @Example("S1")
    List<Purchase> latestPurchases(String shopperId);

    @Query
    Stream<Purchase> purchaseStream(String shopperId);

    @Query(limit = 2)
    @Example({"S1", ""})
    Page<Purchase> purchasePage(String shopperId, @Cursor String cursor);

    @Query(entity = Purchase.class)
    long purchaseCount(String shopperId);

    @Query(index = "GSI1")
    Optional<Shopper> shopperByEmail(String email);

    @Query(index = "GSI1")
    List<Purchase> byStatusSince(PurchaseStatus status, @AtOrAfter("placedAt") Instant since);

    /** Purchases of a status placed in a time range. */
    @Query(index = "GSI1")
    @Example({"PENDING", "2025-05-01T00:00:00Z", "2025-05-31T00:00:00Z"})
    List<Purchase> byStatusBetween(PurchaseStatus status, @From("placedAt") Instant from, @To("placedAt") Instant to);

    @Query
    List<Purchase> purchasesBefore(String shopperId, @Before("placedAt") Instant before);

    @Query
    List<Purchase> purchasesAt(String shopperId, Instant placedAt);

    @Query
    List<Purchase> purchasesPlacedAt(String shopperId, @BeginsWith Instant placedAt);

    @Query
    List<Purchase> purchaseAt(String shopperId, Instant placedAt, String purchaseId);

    @Query(index = "LSI1")
    List<Purchase> bigPurchases(String shopperId, @AtOrAfter("total") BigDecimal minimum);

    @Query(index = "GSI1")
    @Example({"PENDING", "gift", "100"})
    List<Purchase> withNote(PurchaseStatus status, @Filter("note") String note,
                            @Filter(value = "total", op = Filter.Op.GREATER_THAN) BigDecimal over);

    @Query(index = "GSI2", select = {"shopperId", "purchaseId", "placedAt", "status", "total"})
    Optional<Purchase> purchaseById(String purchaseId);

    @Query
    @Example("S1")
    List<ShopperItems> shopperWithPurchases(String shopperId);

    @Query(sortBetweenRaw = {"PROFILE", "PROFILE"})
    List<ShopperItems> profileOnly(String shopperId);

    @Query(sortBeginsWithRaw = "PURCHASE#")
    List<Purchase> purchasesOnly(String shopperId);

    @Query
    @Example("docs, java")
    List<Folder> subfolders(@Children List<String> path);

    @Query
    List<Folder> folderTree(@Subtree List<String> path);

    /** Shoppers without points (no key serves it: a scan). */
    @Scan
    @Example("0")
    List<Shopper> shoppersWithoutPoints(@Filter("points") int points);

    @Scan(index = "GSI1")
    Stream<Purchase> purchasesOnIndex(@Filter("status") PurchaseStatus status,
                                      @Filter(value = "total", op = Filter.Op.GREATER_THAN) BigDecimal over);

    @Scan(limit = 2)
    Page<Purchase> purchaseScanPage(@Cursor String cursor);

    @Scan(entity = Purchase.class)
    long purchasesScanned();

    @Scan
    @Example({})
    List<ShopperItems> everyShopperItem();

    @Put
    Purchase save(Purchase purchase);

    @Create
    void register(Shopper shopper);

    @Update(set = {"note", "status"})
    Purchase annotate(String shopperId, Instant placedAt, String purchaseId, String note, PurchaseStatus status);

    @Delete(entity = Shopper.class)
    void forget(String shopperId);

    @Delete
    Optional<Purchase> cancel(String shopperId, Instant placedAt, String purchaseId);
}
