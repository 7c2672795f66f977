package dev.singletable.internal.reads;

import dev.singletable.ValidationException;
import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.internal.keys.BoundKeyTemplate;

import java.util.List;
import java.util.Optional;

/**
 * How a query keeps other entity types out: the sort key condition it sends (the user's, refined by the literal prefix
 * of the entity's sort key template, or that prefix alone), and, for one entity, the entity types whose items can still
 * match it, for which the entity-type filter stays. Its siblings: {@link PartitionSharers} (which types can share the
 * partition and match the condition), the table's {@code PartitionPrefixes} (the candidates, by literal start) and the
 * keys' {@code KeyOverlap} (whether two templates can give the same text).
 */
final class SortNarrowing {
    private static final SortNarrowing NONE = new SortNarrowing(false, Optional.empty(), Optional.empty(), List.of());

    private final boolean bySortText;
    private final Optional<SortKeyCondition.Bounds> sort;
    private final Optional<TextSlotRange> textRange;
    private final List<String> sharers;

    private SortNarrowing(boolean bySortText, Optional<SortKeyCondition.Bounds> sort, Optional<TextSlotRange> textRange,
                          List<String> sharers) {
        this.bySortText = bySortText;
        this.sort = sort;
        this.textRange = textRange;
        this.sharers = sharers;
    }

    /** The narrowing of a read: none for a scan; for a query, from its members' key bindings on the read index. */
    static SortNarrowing of(ReadKind kind, ReadSubject<?> subject, ReadSpec spec, ReadRefusals refusals) {
        if (kind != ReadKind.QUERY) {
            return NONE;
        }
        List<KeyBinding<?>> bindings = refusals.bindings();
        if (!bySortText(kind, bindings)) {
            // typed, own-attribute or multi-attribute sort keys: their condition is rendered as given (keyCondition)
            return new SortNarrowing(false, Optional.empty(), Optional.empty(), subject.collection() ? List.of() : sharers(subject, spec).ofValueSort());
        }
        Optional<String> sortAttribute = bindings.get(0).sortAttribute();
        Optional<SortKeyCondition.Bounds> user = spec.sort().flatMap(s -> refusals.userBounds(bindings, sortAttribute, s));
        Optional<SortKeyCondition.Bounds> sort = refine(user, PartitionSharers.literalPrefix(bindings), subject, refusals.what());
        Optional<TextSlotRange> textRange = user.isEmpty() ? Optional.empty()
                : spec.sort().flatMap(s -> s.textRange(() -> refusals.shared(bindings, false)));
        return new SortNarrowing(true, sort, textRange, subject.collection() ? List.of() : sharers(subject, spec).matching(sort));
    }

    /**
     * True when the read index's sort key is one string key composed from every member's template (the
     * table's sort key reused by an index counts): only then does a literal prefix narrow the read. N and B
     * sort keys, multi-attribute sort keys and an entity's own attribute keep the entity-type filter where
     * other entity types can share the partition.
     */
    static boolean bySortText(ReadKind kind, List<KeyBinding<?>> bindings) {
        if (kind != ReadKind.QUERY) {
            return false;
        }
        for (KeyBinding<?> binding : bindings) {
            if (binding.sortAttributes().size() != 1 || !binding.sortIsText(0)) {
                return false;
            }
        }
        return true;
    }

    /** The sort key condition the query sends, when its sort key is composed text; empty when it matches every key. */
    Optional<SortKeyCondition.Bounds> sort() {
        return sort;
    }

    /** The range on slot values with a text slot the query reads, whose filter keeps exactly its values (see {@link TextSlotRange}). */
    Optional<TextSlotRange> textRange() {
        return textRange;
    }

    /** Whether the entity-type filter stays: other entity types' items can match the key condition. */
    boolean needsTypeFilter() {
        return !sharers.isEmpty();
    }

    /**
     * Why the request looks as it does where that is not plain from it: for a query of one entity whose
     * sort key condition cannot tell it apart from other entity types, that the entity-type filter stays
     * (and, where the index's sort key is not one composed string key, that no prefix could narrow it).
     */
    List<String> notes(ReadSubject<?> subject, ReadSpec spec) {
        if (subject.collection() || !needsTypeFilter()) {
            return List.of();
        }
        if (!bySortText) {
            String where = spec.index().map(index -> "index " + index).orElse("the table");
            return List.of("the entity-type filter stays: items of " + String.join(", ", sharers)
                    + " can have this partition key, and the sort key of " + where + " " + sortShape(subject, spec)
                    + ", which holds no literal prefix to narrow by, so DynamoDB reads them and the filter drops them");
        }
        String condition = sort.map(b -> "the sort key condition " + b.expression().replace(":sk2", "'"
                + b.second().orElse("") + "'").replace(":sk", "'" + b.first() + "'")).orElse("the partition alone");
        return List.of("the entity-type filter stays: items of " + String.join(", ", sharers)
                + " can have this partition key and match " + condition + ", so DynamoDB reads them and the filter drops them");
    }

    /** What the read index's sort key is when it is not one composed string key, for {@link #notes}. */
    private static String sortShape(ReadSubject<?> subject, ReadSpec spec) {
        KeyBinding<?> binding = subject.first().binding(spec.index()).orElseThrow();
        if (binding.sortAttributes().isEmpty()) {
            return "is absent";
        }
        if (binding.sortAttributes().size() > 1) {
            return "is made of attributes " + binding.sortAttributes();
        }
        return "'" + binding.sortAttributes().get(0) + "' holds a value (a number, bytes or the entity's own attribute), not composed text";
    }

    private static PartitionSharers sharers(ReadSubject<?> subject, ReadSpec spec) {
        return new PartitionSharers(subject.table(), subject.first(), spec.index());
    }

    /**
     * The user's sort condition refined by the literal prefix: a condition inside the prefix (an equality or a
     * prefix composed through the template, or a raw prefix that starts with it) is sent as it is; a raw prefix
     * the literal prefix starts with is narrowed to the literal prefix (their intersection); a raw prefix that
     * is neither is refused, as it can match no item of the read. Range conditions are sent as they are (a
     * {@code BETWEEN} of two keys composed through the template lies inside the prefix already).
     */
    private static Optional<SortKeyCondition.Bounds> refine(Optional<SortKeyCondition.Bounds> user, Optional<BoundKeyTemplate.Prefix> prefix,
                                                            ReadSubject<?> subject, String what) {
        if (prefix.isEmpty()) {
            return user;
        }
        SortKeyCondition.Bounds own = new SortKeyCondition.Bounds(prefix.get().complete() ? "#sk = :sk" : "begins_with(#sk, :sk)",
                prefix.get().text(), Optional.empty());
        if (user.isEmpty()) {
            return Optional.of(own);
        }
        SortKeyCondition.Bounds given = user.get();
        if (!given.expression().startsWith("begins_with") || given.first().startsWith(own.first())) {
            return user;
        }
        if (own.first().startsWith(given.first())) {
            return Optional.of(own);
        }
        throw new ValidationException(what + ": the sort key prefix '" + given.first() + "' matches no sort key of "
                + subject.memberTypes(", ") + ", which all start with '" + own.first() + "'; give a prefix that starts with '"
                + own.first() + "' (or none)");
    }
}
