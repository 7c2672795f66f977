package catalog;

import dev.singletable.annotations.TableDesign;

@TableDesign(name = "CatalogTable",
        indexes = {@TableDesign.GlobalIndex(name = "GSI1", partitionKey = "GSI1PK", sortKey = "GSI1SK")},
        entities = {Product.class, Page.class})
public final class CatalogTable {
}
