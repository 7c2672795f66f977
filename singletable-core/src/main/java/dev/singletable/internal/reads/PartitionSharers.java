package dev.singletable.internal.reads;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyValues;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.table.BoundTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which other entity types' items a query of one entity can read: those whose key templates can give the same
 * partition key on the read index and match its sort condition. Where none can, the query needs no entity-type filter.
 * Decided from the templates alone; answers that depend only on the entity and index are kept per table.
 */
final class PartitionSharers {
    private final BoundTable table;
    private final BoundEntity<?> self;
    private final Optional<String> index;
    private final Optional<IndexSchema> readIndex;

    PartitionSharers(BoundTable table, BoundEntity<?> self, Optional<String> index) {
        this.table = table;
        this.self = self;
        this.index = index;
        this.readIndex = index.flatMap(table.schema()::index);
    }

    /** The sharers of a query whose sort key is not composed text (a number, bytes, several attributes): any sort matches. */
    List<String> ofValueSort() {
        return table.keyAnalysis(self.type() + "\n" + index.orElse("") + "\nvalue sort", () -> computeSharers(Optional.empty()));
    }

    /**
     * The literal text every sort key of the read's members starts with, and whether it is the whole key (one
     * entity whose sort key template has no slot): the entity's literal prefix, or the members' common prefix.
     */
    static Optional<BoundKeyTemplate.Prefix> literalPrefix(List<KeyBinding<?>> bindings) {
        String common = null;
        BoundKeyTemplate.Prefix only = null;
        for (KeyBinding<?> binding : bindings) {
            if (binding.sort().isEmpty()) {
                return Optional.empty();
            }
            only = binding.sort().get().prefix(KeyValues.none());
            common = common == null ? only.text() : commonPrefix(common, only.text());
        }
        if (common == null || common.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(bindings.size() == 1 ? only : new BoundKeyTemplate.Prefix(common, 0, false));
    }

    private static String commonPrefix(String a, String b) {
        int end = 0;
        while (end < a.length() && end < b.length() && a.charAt(end) == b.charAt(end)) {
            end++;
        }
        if (end > 0 && end < a.length() && Character.isLowSurrogate(a.charAt(end))) {
            end--;
        }
        return a.substring(0, end);
    }

    /**
     * The other entity types of the table whose items can have this query's partition key and match its sort
     * condition (for a range, those that can start with the literal prefix when both ends are inside it, else all of
     * those that can share the partition): decided from their key
     * templates. Conditions inside the entity's literal prefix share its answer when it is "none", computed once
     * per table.
     */
    List<String> matching(Optional<SortKeyCondition.Bounds> sort) {
        String key = self.type() + "\n" + index.orElse("") + "\n";
        Optional<BoundKeyTemplate.Prefix> own = literalPrefix(List.of(self.binding(index).orElseThrow()));
        if (own.isPresent() && sort.isPresent() && isInside(sort.get(), own.get().text())) {
            SortKeyCondition.Bounds literal = new SortKeyCondition.Bounds(own.get().complete() ? "#sk = :sk" : "begins_with(#sk, :sk)",
                    own.get().text(), Optional.empty());
            List<String> byPrefix = table.keyAnalysis(key + literal.expression() + "\n" + literal.first(),
                    () -> computeSharers(Optional.of(literal)));
            if (byPrefix.isEmpty() || sort.get().equals(literal) || !isPrefixOrEquality(sort.get())) {
                return byPrefix; // a range inside the prefix: whoever can start with the prefix may fall in it
            }
            return computeSharers(sort);
        }
        if (sort.isEmpty() || !isPrefixOrEquality(sort.get())) {
            return table.keyAnalysis(key + "partition", () -> computeSharers(Optional.empty()));
        }
        return computeSharers(sort);
    }

    private static boolean isPrefixOrEquality(SortKeyCondition.Bounds bounds) {
        return bounds.expression().startsWith("begins_with") || bounds.expression().equals("#sk = :sk");
    }

    /** True when every key the condition matches starts with the prefix: a prefix or key that does, or a range between two. */
    private static boolean isInside(SortKeyCondition.Bounds bounds, String prefix) {
        return bounds.first().startsWith(prefix) && (isPrefixOrEquality(bounds)
                || bounds.expression().contains("BETWEEN") && bounds.second().orElse("").startsWith(prefix));
    }

    /**
     * The other entity types whose items can be in the read index with this query's partition key and match
     * its sort condition. An entity type without keys on the index is there too when every key attribute of
     * the index is a table key or one of its own attributes (an inverted index, an index on attributes both
     * have). Key parts that store values rather than composed text can hold any value, so they may coincide.
     */
    private List<String> computeSharers(Optional<SortKeyCondition.Bounds> sort) {
        KeyBinding<?> mine = self.binding(index).orElseThrow();
        List<String> sharers = new ArrayList<>();
        for (BoundEntity<?> other : table.partitionSharingCandidates(index, self)) {
            if (other == self) {
                continue;
            }
            Optional<? extends KeyBinding<?>> theirs = other.binding(index);
            if (theirs.isEmpty()) {
                if (appearsUndeclared(other) && undeclaredMayMatch(other, mine, sort)) {
                    sharers.add(other.type());
                }
                continue;
            }
            if (!partitionsMayCoincide(mine, theirs.get())) {
                continue;
            }
            boolean textSort = theirs.get().sortAttributes().size() == 1 && theirs.get().sortIsText(0);
            boolean matches = sort.isEmpty() || !isPrefixOrEquality(sort.get()) || !textSort
                    || theirs.get().sort().get().mayStartWith(sort.get().first(), sort.get().expression().equals("#sk = :sk")).isPresent();
            if (matches) {
                sharers.add(other.type());
            }
        }
        return sharers;
    }

    private static boolean partitionsMayCoincide(KeyBinding<?> mine, KeyBinding<?> theirs) {
        if (mine.partitionAttributes().size() != theirs.partitionAttributes().size()) {
            return false;
        }
        for (int i = 0; i < mine.partitionAttributes().size(); i++) {
            if (mine.partitionIsText(i) && theirs.partitionIsText(i)
                    && theirs.templates().get(i).mayCoincideWith(mine.templates().get(i)).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * For an entity type in the read index without keys on it: whether its items can have this partition key and
     * match the sort condition. Where an index key attribute is a table key, its text is the entity's primary key
     * text, compared as for declared keys; an own attribute can hold anything.
     */
    private boolean undeclaredMayMatch(BoundEntity<?> other, KeyBinding<?> mine, Optional<SortKeyCondition.Bounds> sort) {
        IndexSchema indexSchema = readIndex.orElseThrow();
        KeyBinding<?> primary = other.primary();
        for (int i = 0; i < indexSchema.partitionKey().size() && i < mine.partitionAttributes().size(); i++) {
            Optional<BoundKeyTemplate<?>> theirs = composedPrimaryTemplate(primary, indexSchema.partitionKey().get(i).name());
            if (theirs.isPresent() && mine.partitionIsText(i) && theirs.get().mayCoincideWith(mine.templates().get(i)).isEmpty()) {
                return false;
            }
        }
        if (indexSchema.sortKey().size() == 1 && sort.isPresent() && isPrefixOrEquality(sort.get())) {
            Optional<BoundKeyTemplate<?>> theirs = composedPrimaryTemplate(primary, indexSchema.sortKey().get(0).name());
            return theirs.isEmpty() || theirs.get().mayStartWith(sort.get().first(), sort.get().expression().equals("#sk = :sk")).isPresent();
        }
        return true;
    }

    /** The primary key template that composes the text of a table key attribute, when the attribute is one and is composed. */
    private static Optional<BoundKeyTemplate<?>> composedPrimaryTemplate(KeyBinding<?> primary, String attribute) {
        if (primary.partitionAttribute().equals(attribute)) {
            return primary.partitionIsText(0) ? Optional.of(primary.partition()) : Optional.empty();
        }
        if (primary.sortAttribute().filter(attribute::equals).isPresent()) {
            return primary.sortIsText(0) ? Optional.of(primary.sort().orElseThrow()) : Optional.empty();
        }
        return Optional.empty();
    }

    /** True when another entity type's items are in the read index although it declares no keys on it. */
    private boolean appearsUndeclared(BoundEntity<?> other) {
        if (readIndex.isEmpty()) {
            return false; // the table itself: every entity type has a primary key binding
        }
        for (KeyAttribute attribute : readIndex.get().keyAttributes()) {
            boolean tableKey = attribute.name().equals(table.schema().partitionKeyAttribute())
                    || table.schema().sortKeyAttribute().filter(attribute.name()::equals).isPresent();
            if (!tableKey && other.schema().attribute(attribute.name()).isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
