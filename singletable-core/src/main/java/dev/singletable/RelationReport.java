package dev.singletable;

import java.util.List;
import java.util.Map;

/**
 * What {@code table.verifyRelation(RELATION)} found by scanning a relation's adjacency items: pairs
 * with one item only, items whose related entity is gone, and copied attributes that differ from the
 * entity they were copied from (or between the two items of a pair).
 *
 * <pre>{@code
 * RelationReport report = table.verifyRelation(MEMBERSHIP);
 * if (!report.isConsistent()) {
 *     System.out.println(report.text());
 * }
 * }</pre>
 *
 * @param relation     the relation's name
 * @param itemsScanned the adjacency items read (both sides)
 * @param oneSided     items whose mirror is missing, in key order
 * @param dangling     items naming an entity that is not stored
 * @param staleCopies  copied values that differ from their source
 */
@Experimental
public record RelationReport(String relation, long itemsScanned, List<OneSided> oneSided, List<Dangling> dangling,
                             List<StaleCopy> staleCopies) {

    public RelationReport {
        NullArgumentException.check("RelationReport", "relation", relation, "oneSided", oneSided, "dangling", dangling,
                "staleCopies", staleCopies);
        oneSided = List.copyOf(oneSided);
        dangling = List.copyOf(dangling);
        staleCopies = List.copyOf(staleCopies);
    }

    /** True when every pair has both items, every end exists and every copy is current. */
    public boolean isConsistent() {
        return oneSided.isEmpty() && dangling.isEmpty() && staleCopies.isEmpty();
    }

    /** The report as lines of text, as the CLI prints it. */
    public String text() {
        StringBuilder text = new StringBuilder("Relation " + relation + ": " + itemsScanned + " adjacency items scanned, "
                + (isConsistent() ? "consistent" : oneSided.size() + " one-sided, " + dangling.size() + " dangling, "
                + staleCopies.size() + " stale copies") + "\n");
        oneSided.forEach(o -> text.append("  one-sided: ").append(o.itemType()).append(' ').append(o.key())
                .append(" has no mirror ").append(o.missingType()).append(' ').append(o.missingKey()).append('\n'));
        dangling.forEach(d -> text.append("  dangling: ").append(d.itemType()).append(' ').append(d.key())
                .append(" names ").append(d.entityType()).append(' ').append(d.entityKey()).append(", which is not stored\n"));
        staleCopies.forEach(s -> text.append("  stale copy: ").append(s.itemType()).append(' ').append(s.key()).append(' ')
                .append(s.attribute()).append(" = ").append(s.stored()).append(", but ").append(s.source()).append(" has ")
                .append(s.current()).append('\n'));
        return text.toString();
    }

    /**
     * An adjacency item without its mirror.
     *
     * @param itemType    the entity type of the item found
     * @param key         its primary key, attribute to text
     * @param missingType the entity type of the mirror item
     * @param missingKey  the key the mirror item would have
     */
    public record OneSided(String itemType, Map<String, String> key, String missingType, Map<String, String> missingKey) {
        public OneSided {
            NullArgumentException.check("RelationReport.OneSided", "itemType", itemType, "key", key, "missingType", missingType,
                    "missingKey", missingKey);
            key = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(key));
            missingKey = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(missingKey));
        }
    }

    /**
     * An adjacency item naming an entity that is not stored.
     *
     * @param itemType   the entity type of the item
     * @param key        its primary key
     * @param entityType the entity type it names
     * @param entityKey  the slot values of the missing entity's key
     */
    public record Dangling(String itemType, Map<String, String> key, String entityType, KeyValues entityKey) {
        public Dangling {
            NullArgumentException.check("RelationReport.Dangling", "itemType", itemType, "key", key, "entityType", entityType,
                    "entityKey", entityKey);
            key = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(key));
        }
    }

    /**
     * A copied value that differs from its source.
     *
     * @param itemType  the entity type of the item holding the copy
     * @param key       its primary key
     * @param attribute the copied attribute
     * @param stored    the copy, as text ({@code (absent)} when the item holds none)
     * @param source    the entity it is copied from, as type and key values
     * @param current   the source's value, as text ({@code (absent)} when it has none)
     */
    public record StaleCopy(String itemType, Map<String, String> key, String attribute, String stored, String source, String current) {
        public StaleCopy {
            NullArgumentException.check("RelationReport.StaleCopy", "itemType", itemType, "key", key, "attribute", attribute,
                    "stored", stored, "source", source, "current", current);
            key = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(key));
        }
    }
}
