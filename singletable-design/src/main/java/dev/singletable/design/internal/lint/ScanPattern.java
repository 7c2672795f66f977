package dev.singletable.design.internal.lint;

import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;

/** ST001: an access pattern served only by a Scan. */
final class ScanPattern extends LintCheck {
    ScanPattern() {
        super("ST001", "scan-pattern", Severity.ERROR, "Access pattern served only by a Scan",
                "A Scan reads every item of the table and pays for all of them; its latency and cost grow with the table, not with the answer.");
    }

    @Override
    void check(LintedDesign design) {
        design.forEachPattern((pattern, at) -> {
            if (pattern.operation() == Operation.SCAN) {
                design.add(this, Subject.accessPattern(pattern.name()),
                        "reads " + target(pattern) + " with a Scan of the whole table" + pattern.filter().map(f -> ", filtered").orElse(""),
                        "key the items by what the pattern selects on: a partition key template (or a GSI's) holding it, "
                                + "then make the pattern a query of that key",
                        at);
            }
        });
    }

    private static String target(AccessPatternDefinition pattern) {
        return (pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? "entity " : "collection ") + pattern.target().name();
    }
}
