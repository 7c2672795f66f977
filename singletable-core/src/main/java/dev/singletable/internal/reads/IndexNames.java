package dev.singletable.internal.reads;

import java.util.Collection;
import java.util.List;

/**
 * The tail of every "no such index" message: the indexes there are, or that there are none
 * (an empty list printed as "[]" read like a formatting slip). The public package cannot reach into
 * internal (ArchitectureTest), so TableSchema words its own, and the schema module its own.
 */
final class IndexNames {
    private IndexNames() {
    }

    /** "its indexes are [GSI1, GSI2]", or "it has no secondary indexes" when {@code names} is empty. */
    static String listed(Collection<String> names) {
        return names.isEmpty() ? "it has no secondary indexes" : "its indexes are " + List.copyOf(names);
    }

    /** As {@link #listed(Collection)}, followed by {@code fixWhenNone} (": ...") when there are no indexes. */
    static String listed(Collection<String> names, String fixWhenNone) {
        return names.isEmpty() ? listed(names) + ": " + fixWhenNone : listed(names);
    }
}
