package dev.singletable.design.internal.lint;

import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.Target;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Access patterns that read a GSI projecting KEYS_ONLY or INCLUDE for attributes it does not hold: the reads the core
 * refuses before sending ("the index does not hold ..."). Worked out from the file alone, by the core's rule (a read of
 * whole items needs the entity-type attribute and every attribute of the entities it reads; the keys and the projected
 * attributes are all a partial GSI holds), so {@code check} and {@code lint} name them before {@code patterns} would fail.
 */
public final class PartialIndexReads {
    private PartialIndexReads() {
    }

    /**
     * One pattern that cannot run as written.
     *
     * @param position   its position in the file's access patterns
     * @param pattern    the pattern
     * @param index      the GSI it reads
     * @param projection {@code INCLUDE [title, status]} or {@code KEYS_ONLY}
     * @param entities   the entity types it reads
     * @param missing    the attributes the read needs that the index does not hold
     * @param selectable the entities' attributes the index holds: what {@code select} may name
     */
    public record Unreadable(int position, AccessPatternDefinition pattern, String index, String projection, List<String> entities,
                             List<String> missing, List<String> selectable) {
        /** What is wrong: pattern, index, entity and the attributes missing. */
        public String message() {
            String what = pattern.select().isEmpty() ? "reads whole " + String.join(" and ", entities) + " items"
                    : "selects " + pattern.select();
            return what + " from index " + index + ", which projects " + projection
                    + ": the index does not hold " + missing + ", which the read needs, so patterns, run and view refuse it";
        }

        /** Both ways out, in the file's words (and the third: project them). */
        public String fix() {
            String select = selectable.isEmpty()
                    ? "select cannot help, as the index holds none of " + String.join(" and ", entities) + "'s attributes"
                    : "select only what the index holds (select: [" + String.join(", ", selectable) + "]; items come back holding those)";
            String fetch = pattern.operation() == Operation.QUERY
                    ? "read the whole items from the table after the index query (fetchFullItems: true; one BatchGetItem a page)"
                    : "make it a query and read the whole items with fetchFullItems: true";
            return select + ", or " + fetch + ", or project " + missing + " into " + index + " (projection: {type: INCLUDE, "
                    + "attributes: [...]} or ALL)";
        }

        /** {@code access pattern 'name' message; fix}. */
        public String text() {
            return "access pattern '" + pattern.name() + "' " + message() + "; " + fix();
        }
    }

    /** Every pattern of the document that reads a partial GSI for attributes it does not hold, in file order. */
    public static List<Unreadable> of(SchemaDocument document) {
        List<Unreadable> unreadable = new ArrayList<>();
        for (int i = 0; i < document.accessPatterns().size(); i++) {
            unreadable(document, i).ifPresent(unreadable::add);
        }
        return unreadable;
    }

    private static Optional<Unreadable> unreadable(SchemaDocument document, int position) {
        AccessPatternDefinition pattern = document.accessPatterns().get(position);
        Optional<IndexDefinition> index = partialGlobalIndex(document.table(), pattern);
        if (index.isEmpty() || pattern.fetchFullItems()) {
            return Optional.empty();
        }
        List<String> members = members(document, pattern);
        if (members.isEmpty()) {
            return Optional.empty();
        }
        Set<String> held = held(document.table(), index.get());
        Set<String> needed = new LinkedHashSet<>();
        boolean collection = pattern.target().kind() == Target.Kind.COLLECTION;
        if (pattern.select().isEmpty() || collection || pattern.operation() == Operation.SCAN) {
            needed.add(document.table().entityTypeAttribute());
        }
        Set<String> attributes = new LinkedHashSet<>();
        members.forEach(member -> attributes.addAll(document.entityTypes().get(member).attributes().keySet()));
        needed.addAll(pattern.select().isEmpty() ? attributes : pattern.select());
        needed.removeAll(held);
        if (needed.isEmpty()) {
            return Optional.empty();
        }
        List<String> selectable = attributes.stream().filter(held::contains).toList();
        return Optional.of(new Unreadable(position, pattern, index.get().name(), projection(index.get()), members, List.copyOf(needed),
                selectable));
    }

    /** The GSI a pattern reads when it projects KEYS_ONLY or INCLUDE; empty for the table, an LSI or a GSI projecting ALL. */
    public static Optional<IndexDefinition> partialGlobalIndex(TableDefinition table, AccessPatternDefinition pattern) {
        return pattern.index().flatMap(name -> table.indexes().stream().filter(i -> i.name().equals(name)).findFirst())
                .filter(i -> i.kind() == IndexDefinition.IndexKind.GLOBAL && i.projection().type() != ProjectionType.ALL);
    }

    /** What a partial GSI holds: the table's keys, its own keys and its projected attributes. */
    public static Set<String> held(TableDefinition table, IndexDefinition index) {
        Set<String> held = new LinkedHashSet<>();
        held.add(table.partitionKey().name());
        table.sortKey().ifPresent(key -> held.add(key.name()));
        index.partitionKey().stream().map(KeyAttributeDefinition::name).forEach(held::add);
        index.sortKey().stream().map(KeyAttributeDefinition::name).forEach(held::add);
        held.addAll(index.projection().attributes());
        return held;
    }

    /** {@code INCLUDE [title, status]}, {@code KEYS_ONLY}. */
    public static String projection(IndexDefinition index) {
        return index.projection().type() == ProjectionType.INCLUDE ? "INCLUDE " + index.projection().attributes()
                : index.projection().type().name();
    }

    private static List<String> members(SchemaDocument document, AccessPatternDefinition pattern) {
        if (pattern.target().kind() == Target.Kind.ENTITY) {
            EntityDefinition entity = document.entityTypes().get(pattern.target().name());
            return entity == null ? List.of() : List.of(pattern.target().name());
        }
        CollectionDefinition collection = document.collections().get(pattern.target().name());
        return collection == null ? List.of() : collection.members().stream().filter(document.entityTypes()::containsKey).toList();
    }
}
