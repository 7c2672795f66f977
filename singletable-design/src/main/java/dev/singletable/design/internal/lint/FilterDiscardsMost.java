package dev.singletable.design.internal.lint;

import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.ConditionDefinition;

import java.util.Optional;

/** ST002: a query whose filter discards most of the items its key condition reads. */
final class FilterDiscardsMost extends LintCheck {
    /** A filter keeping less than this share of the items read discards most of them. */
    static final double MOST_DISCARDED = 0.5;

    FilterDiscardsMost() {
        super("ST002", "filter-discards-most", Severity.WARNING, "Access pattern whose filter discards most items",
                "A filter runs after the read: every item the key condition selects is read and paid for (and counts toward the 1 MB page), "
                        + "then most are thrown away.");
    }

    @Override
    void check(LintedDesign design) {
        design.forEachPattern((pattern, at) -> {
            if (pattern.operation() != Operation.QUERY || pattern.filter().isEmpty()) {
                return;
            }
            double kept = keptShare(design, pattern, pattern.filter().get());
            if (kept < MOST_DISCARDED) {
                long oneIn = Math.round(1 / kept);
                design.add(this, Subject.accessPattern(pattern.name()),
                        "its filter on " + String.join(", ", LintedDesign.filteredAttributes(pattern.filter().get(), false))
                                + " keeps about 1 in " + oneIn + " of the items the key condition reads",
                        "put the filtered attribute into the sort key (such as 'STATUS#{status}#{id}') and query by begins_with, "
                                + "or key a sparse GSI on it",
                        at + "/filter");
            }
        });
    }

    /** About which share of the items read a filter keeps ({@link CostModel#filterKeeps}), with the attributes' values as lint counts them. */
    private static double keptShare(LintedDesign design, AccessPatternDefinition pattern, ConditionDefinition condition) {
        return CostModel.filterKeeps(condition, name -> values(design, pattern, name));
    }

    private static int values(LintedDesign design, AccessPatternDefinition pattern, String attribute) {
        return attribute(design, pattern, attribute).flatMap(LintedDesign::cardinality).orElse(LintedDesign.LOW_CARDINALITY);
    }

    private static Optional<AttributeDefinition> attribute(LintedDesign design, AccessPatternDefinition pattern, String name) {
        return design.entitiesRead(pattern).stream().map(e -> design.document().entities().get(e).attributes().get(name))
                .filter(a -> a != null).findFirst();
    }
}
