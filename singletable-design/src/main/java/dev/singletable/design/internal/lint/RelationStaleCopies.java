package dev.singletable.design.internal.lint;

import java.util.ArrayList;
import java.util.List;

/** ST015: a relation that copies attributes onto its adjacency items without propagating changes. */
final class RelationStaleCopies extends LintCheck {
    RelationStaleCopies() {
        super("ST015", "relation-stale-copies", Severity.WARNING, "Relation copying attributes without propagation",
                "An attribute copied onto a relation's adjacency items is written once, by relate: when the entity's value changes, every "
                        + "copy keeps the old one, and a listing of related entities shows stale names until the pair is related again.");
    }

    @Override
    void check(LintedDesign design) {
        design.document().relations().forEach((name, relation) -> {
            List<String> copied = new ArrayList<>();
            relation.copyFromFirst().forEach(a -> copied.add(relation.first() + "." + a));
            relation.copyFromSecond().forEach(a -> copied.add(relation.second() + "." + a));
            if (!copied.isEmpty() && !relation.propagateCopies()) {
                design.add(this, Subject.relation(name),
                        "copies " + String.join(", ", copied) + " onto its adjacency items without propagateCopies",
                        "set propagateCopies: true (each write of " + String.join(" or ", List.of(relation.first(), relation.second()))
                                + " then costs a Query of its adjacency items, plus TransactWriteItems where a copy changed), copy only "
                                + "attributes that never change, or check the copies with 'singletable verify-relation'",
                        "/relations/" + name);
            }
        });
    }
}
