package dev.singletable.internal.reads;

import dev.singletable.Attribute;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.Projection;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.table.BoundTable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * What a query or scan refuses before it is sent, each with a message naming the read, where it reads and the fix:
 * members without keys on the index, members whose key templates differ, sort conditions that cannot hold, partition
 * values outside the partition key, key attributes in a query's filter, attributes a GSI's projection leaves out, and
 * consistent reads of a GSI. Stateless over one {@link ReadSpec}.
 */
final class ReadRefusals {
    private final ReadKind kind;
    private final ReadSubject<?> subject;
    private final ReadSpec spec;

    ReadRefusals(ReadKind kind, ReadSubject<?> subject, ReadSpec spec) {
        this.kind = kind;
        this.subject = subject;
        this.spec = spec;
    }

    /** The read, for messages: {@code query of Order}. */
    String what() {
        return kind.what(subject.description());
    }

    /** Where it reads, for messages: {@code index gsi1} or {@code the table}. */
    String where() {
        return spec.index().map(index -> "index " + index).orElse("the table");
    }

    private BoundTable table() {
        return subject.table();
    }

    private Optional<IndexSchema> readIndex() {
        return spec.index().flatMap(table().schema()::index);
    }

    static ValidationException consistentOnIndex(String what, ReadKind kind, String indexName) {
        return new ValidationException(what + ": consistent reads are not available on GSI '" + indexName
                + "', which DynamoDB keeps eventually consistent; " + kind.operation().toLowerCase(java.util.Locale.ROOT)
                + " the table itself or an LSI, or drop consistentRead()");
    }

    /** The members' keys on the read index, refused when a member has none there. */
    List<KeyBinding<?>> bindings() {
        List<KeyBinding<?>> bindings = new ArrayList<>(subject.members().size());
        for (BoundEntity<?> member : subject.members()) {
            Optional<? extends KeyBinding<?>> binding = member.binding(spec.index());
            bindings.add(binding.orElseThrow(() -> new ValidationException(what() + ": " + member.type()
                    + " has no keys on index " + spec.index().orElseThrow() + "; "
                    + IndexNames.listed(member.schema().indexKeys().keySet()))));
        }
        return bindings;
    }

    /** The key template all members share on the read index, refused when they differ. */
    BoundKeyTemplate<?> shared(List<KeyBinding<?>> bindings, boolean partition) {
        List<BoundKeyTemplate<?>> templates = new ArrayList<>(bindings.size());
        for (KeyBinding<?> binding : bindings) {
            templates.add(partition ? binding.partition() : binding.sort().orElseThrow(() ->
                    new ValidationException(what() + ": " + where() + " has no sort key")));
        }
        BoundKeyTemplate<?> first = templates.get(0);
        if (templates.stream().anyMatch(template -> !template.template().equals(first.template()))) {
            String texts = templates.stream().map(template -> template.template().text()).distinct()
                    .collect(Collectors.joining("', '", "'", "'"));
            throw new ValidationException(what() + " on " + where() + ": the members' " + (partition ? "partition" : "sort")
                    + " key templates differ (" + texts + "); " + (partition
                    ? "a collection's members must share the partition key template"
                    : "give the sort condition as raw text (sortBeginsWithRaw, sortBetweenRaw)"));
        }
        return first;
    }

    /** The user's sort key condition, checked; empty when it matches every key. */
    Optional<SortKeyCondition.Bounds> userBounds(List<KeyBinding<?>> bindings, Optional<String> sortAttribute, SortKeyCondition sort) {
        if (sortAttribute.isEmpty()) {
            throw new ValidationException(what() + ": " + where() + " has no sort key, so it takes no sort key condition");
        }
        Optional<SortKeyCondition.Bounds> found = sort.bounds(() -> shared(bindings, false));
        if (found.isEmpty()) {
            return found; // no slot given and no literal before the first: every key matches
        }
        SortKeyCondition.Bounds bounds = found.get();
        if (bounds.first().isEmpty() || bounds.second().filter(String::isEmpty).isPresent()) {
            throw new ValidationException(what() + ": the sort key condition " + sort.op()
                    + " has an empty value; give at least one slot value or a non-empty raw text");
        }
        if (bounds.second().isPresent() && Expressions.utf8Order(bounds.first(), bounds.second().get()) > 0) {
            throw new ValidationException(what() + ": sortBetween from '" + bounds.first() + "' is above to '"
                    + bounds.second().get() + "'; DynamoDB requires from <= to: swap them");
        }
        return found;
    }

    /**
     * A GSI that projects KEYS_ONLY or INCLUDE returns only those attributes: a read of whole entities (or of
     * selected attributes) that needs others is refused before sending rather than returning half-built entities.
     * An LSI fetches the missing attributes from the table itself (at extra read cost), so it is not refused.
     */
    void checkProjected(List<String> keyAttributes, BooleanSupplier needsEntityType) {
        Optional<IndexSchema> index = readIndex();
        if (spec.fetchFull() || index.isEmpty() || index.get().kind() != IndexKind.GLOBAL
                || index.get().projection().kind() == Projection.Kind.ALL) {
            return;
        }
        Set<String> projected = new LinkedHashSet<>(keyAttributes);
        projected.addAll(index.get().projection().nonKeyAttributes());
        Set<String> needed = new LinkedHashSet<>();
        if (needsEntityType.getAsBoolean()) {
            needed.add(table().schema().entityTypeAttribute());
        }
        if (!spec.projection().isEmpty()) {
            for (Attribute<?, ?> attribute : spec.projection()) {
                needed.add(attribute.name());
            }
        } else {
            for (BoundEntity<?> member : subject.members()) {
                for (Attribute<?, ?> attribute : member.schema().attributes()) {
                    needed.add(attribute.name());
                }
            }
        }
        needed.removeAll(projected);
        if (!needed.isEmpty()) {
            List<String> available = new ArrayList<>(projected);
            throw new ValidationException(what() + " on index " + index.get().name() + ", which projects " + index.get().projection()
                    + ": the index does not hold " + needed + ", which the read needs; select only what it holds with selectMaps(...) "
                    + "or select(...) of " + available + ", or read the whole items from the table with fetchFullItems() (one BatchGetItem "
                    + "per page), or project them into the index (Projection.include(...) or Projection.all())");
        }
    }

    /** A partition value for a slot outside the partition key templates would be silently ignored: refused, naming where it belongs. */
    void refuseSlotsOutsidePartition(KeyValues partition, KeyBinding<?> binding) {
        List<BoundKeyTemplate<?>> partitionTemplates = new ArrayList<>(binding.templates().subList(0, binding.partitionAttributes().size()));
        for (String name : partition.asMap().keySet()) {
            if (partitionTemplates.stream().noneMatch(template -> template.hasSlot(name))) {
                String fix = binding.templates().stream().skip(partitionTemplates.size()).filter(sort -> sort.hasSlot(name)).findFirst()
                        .map(sort -> "'" + name + "' is a slot of the sort key template '" + sort.template().text()
                                + "': give it with sortEquals(...) or sortBeginsWith(...)")
                        .orElse("no key template of " + where() + " has a slot '" + name + "': leave it out, or filter on it");
                String texts = partitionTemplates.stream().map(template -> template.template().text()).collect(Collectors.joining("', '", "'", "'"));
                List<String> slots = partitionTemplates.stream().flatMap(template -> template.template().attributeNames().stream()).toList();
                throw new ValidationException(what() + " on " + where() + ": partition(...) was given '" + name + "', which is not a slot "
                        + "of the partition key template " + texts + " (its slots are " + slots + "); " + fix);
            }
        }
    }

    /** DynamoDB refuses a query whose filter names a key attribute of the index it reads: those go in the key condition. */
    void refuseKeyAttributesInQueryFilter() {
        if (kind != ReadKind.QUERY) {
            return;
        }
        List<String> keys = new ArrayList<>();
        if (spec.index().isPresent()) {
            table().schema().index(spec.index().get()).ifPresent(index -> index.keyAttributes().forEach(key -> keys.add(key.name())));
        } else {
            keys.add(table().schema().partitionKeyAttribute());
            table().schema().sortKeyAttribute().ifPresent(keys::add);
        }
        for (String name : Expressions.namesOf(spec.filter())) {
            if (keys.contains(name)) {
                throw new ValidationException(what() + " on " + where() + ": the filter " + spec.filter() + " names key attribute '" + name
                        + "', which DynamoDB takes only in the key condition of a query: give it with partition(...) or a sort key "
                        + "condition (sortEquals, sortBeginsWith, sortBetween...)");
            }
        }
    }

    /**
     * No type filter where none is needed: the entity is the only one of the table with keys on the index, and the
     * index is keyed on at least one attribute that is not the table's (every item has those). Refused otherwise.
     */
    Optional<String> soleEntityOfIndex() {
        IndexSchema index = readIndex().orElseThrow();
        String type = subject.first().type();
        List<String> others = table().schema().entities().stream()
                .filter(e -> !e.type().equals(type) && e.indexKeys().containsKey(index.name())).map(e -> e.type()).toList();
        boolean ownKeys = index.keyAttributes().stream().anyMatch(a -> !a.name().equals(table().schema().partitionKeyAttribute())
                && table().schema().sortKeyAttribute().filter(a.name()::equals).isEmpty());
        if (others.isEmpty() && ownKeys) {
            return Optional.empty();
        }
        throw new ValidationException(what() + " on index " + index.name() + ", which projects " + index.projection() + ": the index "
                + "does not hold the entity type attribute '" + table().schema().entityTypeAttribute() + "', so "
                + (others.isEmpty() ? "items of every entity type" : others + "'s items") + " cannot be told from " + type
                + "'s; project it into the index (Projection.include(\"" + table().schema().entityTypeAttribute() + "\", ...))");
    }
}
