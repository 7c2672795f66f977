package dev.singletable.cli.data.load;

import dev.singletable.SingleTableException;
import dev.singletable.cli.data.AdjacencyItems;
import dev.singletable.schema.SchemaFile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The rows of a relation's adjacency items, as {@code run Relation.related} prints them, written in pairs as the library's
 * {@code relate} writes them: a row of one side ({@code USERGROUP}) is followed by its mirror ({@code GROUPUSER}, the same
 * values) as a row of the same line, so that loading one side's listing leaves no pair one-sided. A later row of a pair
 * already written (the mirror of an earlier row, as a table's scan or export holds both) adds nothing when its values are
 * the earlier row's, and is refused when they differ, as the two items of a pair hold the same values.
 *
 * <pre>{@code
 * inputFiles.read(file, format, new RelationRows(design).withMirrors(row -> ...));
 * }</pre>
 */
final class RelationRows {
    private final SchemaFile design;
    /** The first row of each pair read, by relation and both ends' key values. */
    private final Map<List<Object>, InputRow> pairs = new HashMap<>();

    RelationRows(SchemaFile design) {
        this.design = design;
    }

    /** {@code rows} given each row, and after each adjacency row its mirror. */
    Consumer<InputRow> withMirrors(Consumer<InputRow> rows) {
        return row -> {
            Optional<AdjacencyItems> relation = row.unreadable().isEmpty() ? row.entity().flatMap(e -> AdjacencyItems.of(design, e))
                    : Optional.empty();
            if (relation.isEmpty() || !valid(relation.get(), row)) {
                rows.accept(row); // refused, when an adjacency row, for what is wrong with it: once, not for its mirror too
                return;
            }
            List<Object> pair = new ArrayList<>(List.of(relation.get().relation().name()));
            relation.get().keyNames().forEach(name -> pair.add(String.valueOf(row.values().get(name))));
            InputRow earlier = pairs.putIfAbsent(pair, row);
            if (earlier == null) {
                rows.accept(row);
                rows.accept(InputRow.of(row.file(), row.line(), Optional.of(relation.get().mirrorType(row.entity().orElseThrow())),
                        row.values()));
            } else if (!earlier.values().equals(row.values())) {
                rows.accept(InputRow.unreadable(row.file(), row.line(), row.entity().orElseThrow() + ": " + earlier.where()
                        + " writes this pair of " + relation.get().relation().name() + " (both its items) with other values ("
                        + differences(earlier.values(), row.values()) + "); the two items of a pair hold the same values: keep one row "
                        + "of the pair, or make them agree"));
            }
        };
    }

    /** Whether the row makes an item of its type (else the loader refuses it, saying why). */
    private static boolean valid(AdjacencyItems relation, InputRow row) {
        try {
            relation.item(row.entity().orElseThrow(), row.values());
            return true;
        } catch (SingleTableException e) {
            return false;
        }
    }

    /** {@code groupName: Admins there, Old admins here}, for each attribute whose values differ. */
    private static String differences(Map<String, Object> there, Map<String, Object> here) {
        List<String> names = new ArrayList<>(there.keySet());
        here.keySet().stream().filter(name -> !there.containsKey(name)).forEach(names::add);
        return String.join(", ", names.stream().filter(name -> !Objects.equals(there.get(name), here.get(name)))
                .map(name -> name + ": " + text(there.get(name)) + " there, " + text(here.get(name)) + " here").toList());
    }

    private static String text(Object value) {
        return value == null ? "none" : String.valueOf(value);
    }
}
