package dev.singletable.design.internal.lint;

import dev.singletable.schema.IndexDefinition.IndexKind;

import java.util.List;

/** ST021: an index that holds items no access pattern reads, in a design that declares its access patterns. */
final class UnreadIndex extends LintCheck {
    UnreadIndex() {
        super("ST021", "unread-index", Severity.WARNING, "Index no access pattern reads",
                "Every item an index holds is written to it again on each put, update of a key or projected attribute and delete, and "
                        + "stored again; an index nothing reads is that cost for nothing (and an LSI also caps each partition key's items at 10 GB).");
    }

    @Override
    void check(LintedDesign design) {
        design.forEachIndex((index, at) -> {
            String name = index.name();
            List<String> held = design.unreadHolders(name);
            if (held.isEmpty()) {
                return;
            }
            boolean local = index.kind() == IndexKind.LOCAL;
            design.add(this, Subject.index(name),
                    "no access pattern reads " + (local ? "local" : "global") + " index " + name + ", which holds items of "
                            + String.join(", ", held) + ": each of their writes is copied to it",
                    "declare the access pattern that needs it (a pattern with 'index: " + name + "'), or drop the index"
                            + (local ? " (an LSI goes only with its table: recreate the table without it)" : ""),
                    at);
        });
    }
}
