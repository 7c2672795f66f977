package shop;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.TableSchema;
import javax.annotation.processing.Generated;

/**
 * The table {@code ShopTable} as {@code @TableDesign} on {@link ShopTable} declares it.
 */
@Generated("dev.singletable.processor.SingleTableProcessor")
public final class ShopTableDesign {
    /** The table's schema: keys, indexes and entities. */
    public static final TableSchema SCHEMA = TableSchema.builder("ShopTable")
            .partitionKey(KeyAttribute.string("PK"))
            .sortKey(KeyAttribute.string("SK"))
            .index(IndexSchema.global("GSI1").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.string("GSI1SK"))
                .projection(Projection.all()).build())
            .entityTypeAttribute("entityType")
            .timeToLiveAttribute("expiresAt")
            .entities(ProductSchema.INSTANCE,
                AccountSchema.INSTANCE)
            .build();

    private ShopTableDesign() {
    }
}
