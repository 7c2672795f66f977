package dev.singletable.design.internal.lint;

import java.util.Set;

/** ST018: an item collection over 10 GB, or reaching it within a year, on a table with an LSI. */
final class ItemCollectionSize extends CapacityLimits {
    ItemCollectionSize() {
        super(Set.of("item-collection-size", "item-collection-growth"), "ST018", "item-collection-size", Severity.WARNING,
                "Item collection over 10 GB, or reaching it within a year, on a table with an LSI",
                "Once a table has an LSI, the items of one partition key in the table and its LSIs may not pass 10 GB: writes to a full "
                        + "collection fail with ItemCollectionSizeLimitExceededException, and an LSI cannot be removed.");
    }

    @Override
    String fix(boolean pattern) {
        return "key the items by something narrower (a time bucket, a sub-entity id), or use a GSI instead of the LSI (GSIs have no "
                + "collection limit)";
    }
}
