package dev.singletable.design.internal.lint;

import dev.singletable.schema.IndexDefinition;

/** ST005: a local secondary index. */
final class LocalSecondaryIndex extends LintCheck {
    LocalSecondaryIndex() {
        super("ST005", "local-secondary-index", Severity.WARNING, "Local secondary index",
                "With an LSI, an item collection (all items of one partition key, in the table and its LSIs) may not exceed 10 GB, "
                        + "and LSIs can only be created with the table, never added or removed later.");
    }

    @Override
    void check(LintedDesign design) {
        design.forEachIndex((index, at) -> {
            if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
                design.add(this, Subject.index(index.name()),
                        "local index " + index.name() + " limits each partition key's items to 10 GB and exists only if created with the table",
                        "prefer a GSI with the table's partition key template and the LSI's sort key (no size limit, can be added later); "
                                + "keep the LSI only for strongly consistent reads on it, with partitions sure to stay small",
                        at);
            }
        });
    }
}
