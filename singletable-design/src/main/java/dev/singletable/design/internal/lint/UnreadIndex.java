package dev.singletable.design.internal.lint;

import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.IndexDefinition.IndexKind;
import dev.singletable.schema.SchemaDocument;

import java.util.List;
import java.util.Map;

/** ST021: an index that holds items no access pattern reads, in a design that declares its access patterns. */
final class UnreadIndex extends LintCheck {
    UnreadIndex() {
        super("ST021", "unread-index", Severity.WARNING, "Index no access pattern reads",
                "Every item an index holds is written to it again on each put, update of a key or projected attribute and delete, and "
                        + "stored again; an index nothing reads is that cost for nothing (and an LSI also caps each partition key's items at 10 GB).");
    }

    @Override
    void check(LintedDesign design) {
        SchemaDocument document = design.document();
        // a design without patterns has not said how it is read: every index would be flagged, which says nothing
        if (document.accessPatterns().isEmpty()) {
            return;
        }
        // the processor writes only the patterns with an @Example: an index read by one without cannot be told from an unread one
        if (design.compiledFromCode()) {
            return;
        }
        List<IndexDefinition> indexes = document.table().indexes();
        for (int i = 0; i < indexes.size(); i++) {
            String name = indexes.get(i).name();
            if (document.accessPatterns().stream().anyMatch(p -> p.index().filter(name::equals).isPresent())) {
                continue;
            }
            List<String> held = document.entities().entrySet().stream()
                    .filter(entity -> entity.getValue().indexes().containsKey(name)).map(Map.Entry::getKey).toList();
            // an index no entity is written to costs nothing per write: a design still being written, not this rule's cost
            if (held.isEmpty()) {
                continue;
            }
            boolean local = indexes.get(i).kind() == IndexKind.LOCAL;
            design.add(this, Subject.index(name),
                    "no access pattern reads " + (local ? "local" : "global") + " index " + name + ", which holds items of "
                            + String.join(", ", held) + ": each of their writes is copied to it",
                    "declare the access pattern that needs it (a pattern with 'index: " + name + "'), or drop the index"
                            + (local ? " (an LSI goes only with its table: recreate the table without it)" : ""),
                    "/table/indexes/" + i);
        }
    }
}
