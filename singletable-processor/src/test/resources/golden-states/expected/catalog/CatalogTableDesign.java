package catalog;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.TableSchema;
import javax.annotation.processing.Generated;

/**
 * The table {@code CatalogTable} as {@code @TableDesign} on {@link CatalogTable} declares it.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class CatalogTableDesign {
    /** The table's schema: keys, indexes and entities. */
    public static final TableSchema SCHEMA = TableSchema.builder("CatalogTable")
            .partitionKey(KeyAttribute.string("PK"))
            .sortKey(KeyAttribute.string("SK"))
            .index(IndexSchema.global("GSI1").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.string("GSI1SK"))
                .projection(Projection.all()).build())
            .entityTypeAttribute("entityType")
            .states(ProductSchema.STATES)
            .states(PageSchema.STATES)
            .build();

    private CatalogTableDesign() {
    }
}
