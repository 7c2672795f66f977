package dev.singletable.cli.generate;

import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The collections {@code generate java} leaves out: those with a member that has no entity record. A relation's adjacency
 * items are the relation's, not a record an {@code @ItemCollection}'s sealed interface can permit; any other member was
 * left out with its own note.
 */
final class LeftOutCollections {
    private LeftOutCollections() {
    }

    /** Removes each such collection from {@code collections} (by its name in the file) and returns a note on each. */
    static List<String> remove(SchemaDocument document, Map<String, String> collections) {
        List<String> notes = new ArrayList<>();
        document.collections().forEach((name, collection) -> {
            if (!document.entities().keySet().containsAll(collection.members())) {
                notes.add("collections." + name + ": " + why(document, collection.members()));
                collections.remove(name);
            }
        });
        return notes;
    }

    private static String why(SchemaDocument document, List<String> members) {
        List<String> adjacency = new ArrayList<>();
        members.stream().filter(m -> !document.entities().containsKey(m)).forEach(member -> document.relationItemType(member)
                .ifPresent(items -> adjacency.add("member " + member + " is the adjacency item type of relation " + items.relation()
                        + " (its items in " + items.near() + "'s partition), which an @ItemCollection's sealed interface cannot permit "
                        + "(its members are entity records); read a " + items.near() + "'s with table.related and the generated relation "
                        + items.relation() + (items.firstSide() ? "" : "'s inverse()"))));
        return adjacency.isEmpty() ? "a member is left out, so the collection is too"
                : String.join("; ", adjacency) + ", so the collection is left out";
    }
}
