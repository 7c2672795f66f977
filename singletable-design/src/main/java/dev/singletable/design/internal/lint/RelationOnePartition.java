package dev.singletable.design.internal.lint;

import java.util.ArrayList;
import java.util.List;

/** ST016: a relation side whose partition template has no slot. */
final class RelationOnePartition extends LintCheck {
    RelationOnePartition() {
        super("ST016", "relation-one-partition", Severity.WARNING, "Relation side whose adjacency items share one partition",
                "A side whose partition template has no slot puts every pair's adjacency item in one partition: it takes at most 1,000 "
                        + "writes a second for all relate calls, and related from any entity reads (and pays for) every pair.");
    }

    @Override
    void check(LintedDesign design) {
        design.document().relations().forEach((name, relation) -> {
            List<String> constant = new ArrayList<>();
            if (relation.firstSide().partition().stream().noneMatch(t -> t.contains("{"))) {
                constant.add("firstSide");
            }
            if (relation.secondSide().partition().stream().noneMatch(t -> t.contains("{"))) {
                constant.add("secondSide");
            }
            for (String side : constant) {
                String entity = side.equals("firstSide") ? relation.first() : relation.second();
                String template = String.join(" + ", side.equals("firstSide") ? relation.firstSide().partition()
                        : relation.secondSide().partition());
                design.add(this, Subject.relation(name),
                        side + "'s partition template '" + template + "' has no slot: every " + entity + "'s adjacency items share "
                                + "one partition" + (constant.size() == 2 ? ", with the other side's" : ""),
                        "put " + entity + "'s key slots into the partition template, such as its own '"
                                + String.join(" + ", design.document().entities().get(entity).keys().partition()) + "', so that each " + entity
                                + "'s pairs have a partition of their own",
                        "/relations/" + name + "/" + side);
            }
        });
    }
}
