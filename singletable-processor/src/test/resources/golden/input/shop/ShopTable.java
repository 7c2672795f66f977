package shop;

import dev.singletable.annotations.TableDesign;

/** The table of the shop's entities whose design a schema file can hold. */
@TableDesign(name = "ShopTable", timeToLiveAttribute = "expiresAt",
        indexes = {@TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")},
        entities = {Product.class, Account.class})
public final class ShopTable {
    private ShopTable() {
    }
}
