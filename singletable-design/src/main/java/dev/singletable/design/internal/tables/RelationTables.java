package dev.singletable.design.internal.tables;

import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Query;
import dev.singletable.Relation;
import dev.singletable.Table;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.SchemaFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the design tools show of a design's many-to-many relations: one row per relation (sides, item
 * types, copied attributes, propagation, edge attributes), the adjacency items' rows of the key design, the sample
 * adjacency items, and the relation's reads ({@code related} from each side) as queries.
 *
 * <p>The sample adjacency items relate every example of the first entity with every example of the
 * second, as {@code relate} would write them: a design's examples then show both partitions' items
 * without a second list of examples to keep in step with the entities'.
 */
public final class RelationTables {
    private RelationTables() {
    }

    /** One relation as describe lists it; {@code edge} its edge attributes, by name, as {@code role (enum, required)} lists them. */
    record RelationRow(String name, String first, String second, String firstSide, String secondSide, String firstItemType,
                       String secondItemType, List<String> copyFromFirst, List<String> copyFromSecond, boolean propagateCopies,
                       Map<String, AttributeDefinition> edge) {
    }

    /**
     * One read of a relation: {@code related} from one side, with the near entity's first example as the partition.
     *
     * @param name      such as {@code Membership.related(User)}, as {@code run} takes it
     * @param near      the entity read from
     * @param itemType  the adjacency item type it returns
     * @param partition the near entity's key values it reads by
     */
    public record RelationRead(String name, String relation, String near, String itemType, EntitySchema<DynamicItem> items,
                               KeyValues partition) {
        /** The query {@code related} sends: the near entity's partition, on the table. */
        public Query<DynamicItem> query(Table table) {
            return table.query(items).partition(partition);
        }

        /** The partition key slots the read takes, such as {@code [userId]}. */
        public List<String> slots() {
            return items.primaryKey().partition().attributeNames();
        }

        /** The same read of another entity's partition. */
        public RelationRead withPartition(KeyValues values) {
            return new RelationRead(name, relation, near, itemType, items, values);
        }
    }

    static List<RelationRow> rows(SchemaFile design) {
        List<RelationRow> rows = new ArrayList<>();
        design.document().relations().forEach((name, definition) -> {
            Relation<?, ?> relation = design.tableSchema().relation(name).orElseThrow();
            rows.add(new RelationRow(name, definition.first(), definition.second(), side(definition.firstSide()),
                    side(definition.secondSide()), relation.firstSideItems().type(), relation.secondSideItems().type(),
                    definition.copyFromFirst(), definition.copyFromSecond(), definition.propagateCopies(), definition.edge()));
        });
        return rows;
    }

    /** The key-design rows of the adjacency items: first side, then mirror, relation by relation; in no index. */
    static List<DesignTables.KeyRow> keyRows(SchemaFile design, int indexes) {
        List<DesignTables.KeyRow> rows = new ArrayList<>();
        design.document().relations().forEach((name, definition) -> {
            Relation<?, ?> relation = design.tableSchema().relation(name).orElseThrow();
            rows.add(keyRow(relation.firstSideItems().type(), definition.firstSide(), indexes));
            rows.add(keyRow(relation.secondSideItems().type(), definition.secondSide(), indexes));
        });
        return rows;
    }

    private static DesignTables.KeyRow keyRow(String itemType, dev.singletable.schema.KeyDefinition side, int indexes) {
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < indexes; i++) {
            cells.add(DesignTables.NOT_IN_INDEX);
        }
        return new DesignTables.KeyRow(itemType, String.join(" + ", side.partition()), String.join(" + ", side.sort()), cells,
                DesignTables.NONE, DesignTables.NONE, itemType);
    }

    /**
     * Both adjacency items of each example edge of a relation (its pair of the entities' examples, found by the key slots, with
     * its edge values), or of every pair of the two entities' examples when the relation gives none; first side first.
     */
    public static List<DynamicItem> sampleItems(SchemaFile design) {
        List<DynamicItem> items = new ArrayList<>();
        design.document().relations().keySet().forEach(name -> items.addAll(design.relationExamples(name)));
        return items;
    }

    /** {@code related} from each side of each relation, read by the near entity's first example; sides without one are left out. */
    public static List<RelationRead> reads(SchemaFile design) {
        List<RelationRead> reads = new ArrayList<>();
        for (RelationRead read : allReads(design)) {
            if (!design.examples(read.near()).isEmpty()) {
                reads.add(read);
            }
        }
        return reads;
    }

    /**
     * The read that {@code run} names: {@code <Relation>.related(<Entity>)} reads from that entity's side;
     * {@code <Relation>.related} from the second side when the given parameters name its partition slots only, else
     * from the first. The partition is the near entity's first example, or none without one.
     */
    public static Optional<RelationRead> named(SchemaFile design, String readName, java.util.Set<String> given) {
        List<RelationRead> candidates = new ArrayList<>();
        for (RelationRead read : allReads(design)) {
            if (read.name().equals(readName)) {
                return Optional.of(read);
            }
            if ((read.relation() + ".related").equals(readName)) {
                candidates.add(read);
            }
        }
        if (candidates.size() == 2 && !given.isEmpty() && candidates.get(1).slots().containsAll(given)
                && !candidates.get(0).slots().containsAll(given)) {
            return Optional.of(candidates.get(1));
        }
        return candidates.stream().findFirst();
    }

    private static List<RelationRead> allReads(SchemaFile design) {
        List<RelationRead> reads = new ArrayList<>();
        design.document().relations().forEach((name, definition) -> {
            Relation<?, ?> relation = design.tableSchema().relation(name).orElseThrow();
            reads.add(read(design, name, definition.first(), relation.firstSideItems()));
            reads.add(read(design, name, definition.second(), relation.secondSideItems()));
        });
        return reads;
    }

    private static RelationRead read(SchemaFile design, String relation, String near, EntitySchema<DynamicItem> items) {
        List<DynamicItem> examples = design.examples(near);
        KeyValues partition = KeyValues.none();
        for (String slot : items.primaryKey().partition().attributeNames()) {
            if (!examples.isEmpty()) {
                partition = partition.and(slot, examples.get(0).values().get(slot));
            }
        }
        return new RelationRead(relation + ".related(" + near + ")", relation, near, items.type(), items, partition);
    }

    private static String side(dev.singletable.schema.KeyDefinition key) {
        return DesignTables.joinKey(key.partition(), key.sort());
    }

    /** {@code role (enum, required), joinedAt (instant)}: each edge attribute with its type, as the file writes it. */
    static String edge(RelationRow row) {
        List<String> edge = new ArrayList<>();
        row.edge().forEach((name, attribute) -> edge.add(name + " (" + attribute.typeText() + (attribute.required() ? ", required" : "")
                + ")"));
        return edge.isEmpty() ? DesignTables.NONE : String.join(", ", edge);
    }

    static String copied(RelationRow row) {
        List<String> copied = new ArrayList<>();
        row.copyFromFirst().forEach(a -> copied.add(row.first() + "." + a));
        row.copyFromSecond().forEach(a -> copied.add(row.second() + "." + a));
        return copied.isEmpty() ? DesignTables.NONE : String.join(", ", copied);
    }
}
