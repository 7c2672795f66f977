package dev.singletable.design.internal.lint;

import dev.singletable.IndefiniteArticle;
import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.ReadMode;
import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.design.internal.cost.TypicalItems;

/** ST014: an entity whose typical item is over 4 KB. */
final class ItemSize extends LintCheck {
    ItemSize() {
        super("ST014", "item-size", Severity.WARNING, "Item size over 4 KB",
                "A read costs one unit per 4 KB and a write one per 1 KB of item; large items make every access pattern that reads them "
                        + "cost several units, and items may not exceed 400 KB.");
    }

    @Override
    void check(LintedDesign design) {
        TypicalItems items = TypicalItems.of(design.design());
        design.document().entities().forEach((entity, definition) -> {
            int bytes = items.bytes(entity);
            if (bytes > CapacityUnits.READ_BLOCK_BYTES) {
                design.add(this, Subject.entity(entity),
                        IndefiniteArticle.before(entity) + " item is " + (items.estimated(entity) ? "estimated at " : "") + bytes + " bytes ("
                                + CapacityUnits.readBlocks(bytes) + " read units strongly consistent, "
                                + CostModel.format(CapacityUnits.read(bytes, ReadMode.EVENTUALLY_CONSISTENT)) + " eventually consistent, "
                                + CapacityUnits.writeBlocks(bytes) + " write units each"
                                + (bytes > dev.singletable.capacity.ItemSize.MAX_ITEM_BYTES ? "; over the 400 KB DynamoDB stores" : "") + ")",
                        "move large or rarely read attributes to another item (same partition, sort key '...#DETAILS') or to S3 "
                                + "with a pointer, or compress them into a binary attribute",
                        "/entities/" + entity);
            }
        });
    }
}
