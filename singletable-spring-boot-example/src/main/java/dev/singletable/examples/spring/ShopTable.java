package dev.singletable.examples.spring;

import dev.singletable.annotations.TableDesign;

/** The service's one table; the starter finds its generated design, {@code ShopTableDesign.SCHEMA}. */
@TableDesign(name = "Shop", indexes = @TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
        entities = {Customer.class, Order.class})
public final class ShopTable {
    private ShopTable() {
    }
}
