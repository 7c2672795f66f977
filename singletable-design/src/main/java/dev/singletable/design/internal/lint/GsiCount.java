package dev.singletable.design.internal.lint;

import dev.singletable.schema.IndexDefinition;

/** ST004: a table with nearly as many GSIs as DynamoDB allows. */
final class GsiCount extends LintCheck {
    /** GSIs from which the rule warns; DynamoDB's default quota is 20. */
    static final int GSI_WARNING_COUNT = 16;

    GsiCount() {
        super("ST004", "gsi-count", Severity.WARNING, "Global secondary index count near the limit of 20",
                "A table has at most 20 GSIs (a quota that can be raised only by request); every GSI is another copy of its items, paid on every write.");
    }

    @Override
    void check(LintedDesign design) {
        long gsis = design.document().table().indexes().stream().filter(i -> i.kind() == IndexDefinition.IndexKind.GLOBAL).count();
        if (gsis >= GSI_WARNING_COUNT) {
            design.add(this, Subject.table(design.document().table().name()),
                    "the table has " + gsis + " GSIs of the 20 DynamoDB allows",
                    "overload GSIs: let entity types share one index with generic key attributes (gsi1pk/gsi1sk) and their own templates, "
                            + "instead of one index per pattern",
                    "/table/indexes");
        }
    }
}
