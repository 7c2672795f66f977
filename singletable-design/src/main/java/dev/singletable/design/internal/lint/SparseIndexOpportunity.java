package dev.singletable.design.internal.lint;

import dev.singletable.schema.AccessPatternDefinition.Operation;

import java.util.List;

/** ST010: a query that filters on an attribute's presence where a sparse index would hold only those items. */
final class SparseIndexOpportunity extends LintCheck {
    SparseIndexOpportunity() {
        super("ST010", "sparse-index-opportunity", Severity.NOTE, "Index read with a filter on presence",
                "A filter on an attribute's presence reads every item and discards those without it; a sparse index holds only the items "
                        + "with it, so the query reads just those and the index costs less.");
    }

    @Override
    void check(LintedDesign design) {
        design.forEachPattern((pattern, at) -> {
            if (pattern.operation() != Operation.QUERY || pattern.filter().isEmpty()) {
                return;
            }
            List<String> present = LintedDesign.filteredAttributes(pattern.filter().get(), true);
            if (present.isEmpty()) {
                return;
            }
            boolean alreadySparse = pattern.index().isPresent() && design.entitiesRead(pattern).stream()
                    .map(e -> design.document().entities().get(e).indexes().get(pattern.index().get()))
                    .allMatch(key -> key != null && key.when().isPresent());
            if (alreadySparse) {
                return;
            }
            String where = pattern.index().map(i -> "index " + i).orElse("the table");
            design.add(this, Subject.accessPattern(pattern.name()),
                    "queries " + where + " and keeps the items with " + String.join(", ", present),
                    pattern.index().isPresent()
                            ? "make " + pattern.index().get() + " sparse for these items: 'when: {present: " + present.get(0) + "}' on their index key"
                            : "add a sparse GSI holding only the items with " + present.get(0) + " ('when: {present: " + present.get(0) + "}') and query it",
                    at + "/filter");
        });
    }
}
