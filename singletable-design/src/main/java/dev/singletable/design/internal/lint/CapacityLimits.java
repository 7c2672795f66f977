package dev.singletable.design.internal.lint;

import dev.singletable.design.internal.cost.CostReport;

import java.util.Set;

/**
 * The limits of the design's traffic at its declared rates ({@code singletable cost}) that one rule reports: ST017, ST018
 * and ST019 read the one cost report, each its own kinds of limit ({@code item-size} is ST014's).
 */
abstract class CapacityLimits extends LintCheck {
    private final Set<String> kinds;

    CapacityLimits(Set<String> kinds, String id, String ruleName, Severity severity, String title, String why) {
        super(id, ruleName, severity, title, why);
        this.kinds = kinds;
    }

    /** The fix of a limit on an access pattern ({@code pattern}), or on an entity or the table. */
    abstract String fix(boolean pattern);

    @Override
    final void check(LintedDesign design) {
        for (CostReport.Limit limit : design.costs().limits()) {
            if (!kinds.contains(limit.kind())) {
                continue;
            }
            boolean pattern = limit.path().startsWith("accessPatterns.");
            if (limit.path().startsWith("entities.") || pattern) {
                String pointer = pattern ? "/accessPatterns/" + design.patternIndex(limit.subject()) + "/rates" : "/entities/" + limit.path().substring(9);
                design.add(this, pattern ? Subject.accessPattern(limit.subject()) : Subject.entity(limit.subject()), limit.message(),
                        fix(pattern), pointer);
            } else {
                design.add(this, Subject.table(limit.subject()), limit.message(), fix(false), "/" + limit.path().replace('.', '/'));
            }
        }
    }
}
