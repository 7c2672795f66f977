package dev.singletable.processor.it.patterns;

import dev.singletable.annotations.TableDesign;

/** The table of the access-pattern tests: a GSI, a GSI projecting some attributes and an LSI. */
@TableDesign(name = "PatternShop",
        indexes = {@TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK"),
                @TableDesign.GlobalIndex(name = "GSI2", partitionKey = "GSI2PK", sortKey = "GSI2SK",
                        projection = TableDesign.ProjectionType.INCLUDE,
                        include = {"entityType", "shopperId", "purchaseId", "placedAt", "status", "total"})},
        localIndexes = @TableDesign.LocalIndex(name = "LSI1", sortKey = "LSI1SK"),
        entities = {Shopper.class, Purchase.class, Folder.class})
public final class PatternShop {
    private PatternShop() {
    }
}
