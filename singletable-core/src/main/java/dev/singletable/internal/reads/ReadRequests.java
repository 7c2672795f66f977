package dev.singletable.internal.reads;

import dev.singletable.Attribute;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Renders a query or scan: its QueryRequest or ScanRequest, the fingerprint its cursors are bound to,
 * and the context of its messages. Stateless over one {@link ReadSpec}.
 */
final class ReadRequests {
    private static final Logger LOG = LoggerFactory.getLogger("dev.singletable.requests");
    private final ReadKind kind;
    private final ReadSubject<?> subject;
    private final ReadSpec spec;
    /** Computed on first use: the spec does not change. */
    private Narrowing narrowing;

    ReadRequests(ReadKind kind, ReadSubject<?> subject, ReadSpec spec) {
        this.kind = kind;
        this.subject = subject;
        this.spec = spec;
    }

    /** Names, values and expressions of a request, before limit and start key; absent expressions are empty. */
    private record Parts(Optional<String> keyCondition, Optional<String> filter, Optional<String> projection,
                         Map<String, String> names, Map<String, AttributeValue> values) {
    }

    /**
     * How a query keeps other entity types out: the sort key condition it sends (the user's, refined by the
     * literal prefix of the entity's sort key template, or that prefix alone), and, for one entity, the entity
     * types whose items can still match it, for which the entity-type filter stays.
     */
    private record Narrowing(Optional<SortKeyCondition.Bounds> sort, List<String> sharers) {
        boolean needsTypeFilter() {
            return !sharers.isEmpty();
        }
    }

    /** What a request is rendered for: items, a count, or the fingerprint of what it reads. */
    private enum Mode { ITEMS, COUNT, FINGERPRINT }

    private String what() {
        return kind.what(subject.description());
    }

    private BoundTable table() {
        return subject.table();
    }

    private String where() {
        return spec.index().map(index -> "index " + index).orElse("the table");
    }

    static ValidationException consistentOnIndex(String what, ReadKind kind, String indexName) {
        return new ValidationException(what + ": consistent reads are not available on GSI '" + indexName
                + "', which DynamoDB keeps eventually consistent; " + kind.operation().toLowerCase(java.util.Locale.ROOT)
                + " the table itself or an LSI, or drop consistentRead()");
    }

    // ---------------------------------------------------------------- requests

    PageRequest<?, ?, Map<String, AttributeValue>> request(int limit, Map<String, AttributeValue> startKey, boolean count) {
        Parts parts = parts(count ? Mode.COUNT : Mode.ITEMS);
        if (LOG.isDebugEnabled() && startKey.isEmpty()) {
            notes().forEach(note -> LOG.debug("{}: {}", what(), note));
        }
        Optional<FullItems> full = spec.fetchFull() && !count
                ? Optional.of(new FullItems(table(), subject.description())) : Optional.empty();
        if (kind == ReadKind.QUERY) {
            return new PageRequest<>(ReadOperation.QUERY, queryRequest(parts, limit, startKey, count), table().runner(),
                    spec.index(), subject.description(), () -> context(parts), full);
        }
        return new PageRequest<>(ReadOperation.SCAN, scanRequest(parts, limit, startKey, count), table().runner(),
                spec.index(), subject.description(), () -> context(parts), full);
    }

    QueryRequest queryRequest(int limit) {
        return queryRequest(parts(Mode.ITEMS), limit, Map.of(), false);
    }

    ScanRequest scanRequest(int limit) {
        return scanRequest(parts(Mode.ITEMS), limit, Map.of(), false);
    }

    private QueryRequest queryRequest(Parts parts, int limit, Map<String, AttributeValue> startKey, boolean count) {
        if (kind != ReadKind.QUERY) {
            throw new IllegalStateException("not a query");
        }
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(table().schema().name())
                .indexName(spec.index().orElse(null))
                .keyConditionExpression(parts.keyCondition.orElse(null))
                .filterExpression(parts.filter.orElse(null))
                .projectionExpression(parts.projection.orElse(null))
                .expressionAttributeNames(parts.names)
                .expressionAttributeValues(parts.values)
                .returnConsumedCapacity(table().runner().consumedCapacity());
        if (spec.descending()) {
            request.scanIndexForward(false);
        }
        if (spec.consistent()) {
            request.consistentRead(true);
        }
        if (count && !hidesExpired()) {
            request.select(Select.COUNT);
        }
        if (limit > 0) {
            request.limit(limit);
        }
        if (!startKey.isEmpty()) {
            request.exclusiveStartKey(startKey);
        }
        return request.build();
    }

    private ScanRequest scanRequest(Parts parts, int limit, Map<String, AttributeValue> startKey, boolean count) {
        if (kind != ReadKind.SCAN) {
            throw new IllegalStateException("not a scan");
        }
        ScanRequest.Builder request = ScanRequest.builder()
                .tableName(table().schema().name())
                .indexName(spec.index().orElse(null))
                .filterExpression(parts.filter.orElse(null))
                .projectionExpression(parts.projection.orElse(null))
                .expressionAttributeNames(parts.names)
                .expressionAttributeValues(parts.values.isEmpty() ? null : parts.values)
                .returnConsumedCapacity(table().runner().consumedCapacity())
                .consistentRead(spec.consistent() ? Boolean.TRUE : null)
                .select(count && !hidesExpired() ? Select.COUNT : null)
                .limit(limit > 0 ? limit : null)
                .exclusiveStartKey(startKey.isEmpty() ? null : startKey);
        spec.segment().ifPresent(segment -> request.segment(segment.segment()).totalSegments(segment.total()));
        return request.build();
    }

    /** What decides which items the read returns, and in which order: a cursor is valid only for the same text. */
    byte[] fingerprint() {
        Parts parts = parts(Mode.FINGERPRINT);
        // "null" and "-1/0" stand for no index, no filter and no segment, as in the cursors made before
        String identity = kind.name() + "\n" + table().schema().name() + "\n" + spec.index().orElse("null") + "\n"
                + parts.keyCondition.orElse("null") + "\n" + parts.filter.orElse("null") + "\n" + new TreeMap<>(parts.names)
                + "\n" + new TreeMap<>(parts.values) + "\n" + (spec.descending() ? "desc" : "asc") + "\n"
                + spec.segment().map(s -> s.segment() + "/" + s.total()).orElse("-1/0")
                + (spec.includeExpired() ? "\nincluding expired" : "");
        return CursorCodec.fingerprint(identity);
    }

    /** For log lines and exception messages. */
    private static Map<String, String> context(Parts parts) {
        Map<String, String> context = new LinkedHashMap<>(4);
        parts.keyCondition.ifPresent(condition -> context.put("key condition", condition));
        parts.filter.ifPresent(filter -> context.put("filter", filter));
        context.put("values", parts.values.toString());
        return context;
    }

    // ---------------------------------------------------------------- expressions

    private Parts parts(Mode mode) {
        if (spec.consistent() && spec.index().isPresent() && readIndex().filter(i -> i.kind() == IndexKind.LOCAL).isEmpty()) {
            throw consistentOnIndex(what(), kind, spec.index().get());
        }
        if (mode == Mode.ITEMS) {
            checkProjected();
        }
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        Optional<String> keyCondition = Optional.empty();
        if (kind == ReadKind.QUERY) {
            keyCondition = Optional.of(keyCondition(names, values));
        } else if (spec.index().isPresent()) {
            bindings(); // every member must be on the index it scans
        }
        List<String> filters = new ArrayList<>(2);
        typeFilter(mode, names, values).ifPresent(filters::add);
        Expressions placeholders = Expressions.into(names, values);
        if (kind == ReadKind.QUERY && spec.sort().orElse(null) instanceof SortKeyCondition.Hierarchy hierarchy) {
            filters.add(hierarchy.filter(placeholders));
        }
        if (!spec.filter().isNone()) {
            refuseKeyAttributesInQueryFilter();
            String user = spec.filter().render(placeholders);
            filters.add(filters.isEmpty() || spec.filter().bindsAtLeastAsTightAsAnd() ? user : "(" + user + ")");
        }
        Optional<String> filter = filters.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", filters));
        return new Parts(keyCondition, filter, projection(mode, placeholders), names, values);
    }

    private String keyCondition(Map<String, String> names, Map<String, AttributeValue> values) {
        KeyValues partition = spec.partition().orElseThrow(() -> new ValidationException(what() + " on " + where()
                + " has no partition key; call partition(...) with the values of its slots"));
        List<BoundEntity.KeyBinding<?>> bindings = bindings();
        BoundEntity.KeyBinding<?> binding = bindings.get(0);
        shared(bindings, true);
        refuseSlotsOutsidePartition(partition, binding);
        List<String> partitionAttributes = binding.partitionAttributes();
        StringBuilder condition = new StringBuilder();
        for (int i = 0; i < partitionAttributes.size(); i++) {
            String suffix = partitionAttributes.size() == 1 ? "" : String.valueOf(i);
            names.put("#pk" + suffix, partitionAttributes.get(i));
            values.put(":pk" + suffix, binding.partitionValue(i, partition));
            condition.append(i == 0 ? "" : " AND ").append("#pk").append(suffix).append(" = :pk").append(suffix);
        }
        if (narrowsBySortText()) {
            narrowing().sort().ifPresent(bounds -> {
                names.put("#sk", binding.sortAttribute().orElseThrow());
                values.put(":sk", AttributeValue.fromS(bounds.first()));
                bounds.second().ifPresent(second -> values.put(":sk2", AttributeValue.fromS(second)));
                condition.append(" AND ").append(bounds.expression());
            });
        } else if (spec.sort().isPresent()) {
            SortKeyCondition sort = spec.sort().get();
            if (binding.sortAttributes().size() > 1) {
                shared(bindings, false);
                TypedSortConditions.appendMultiAttribute(what(), condition, names, values, binding, sort);
            } else if (!binding.sortAttributes().isEmpty() && !binding.sortIsText(0)) {
                shared(bindings, false);
                TypedSortConditions.appendValue(what(), condition, names, values, binding,
                        table().schema().keyType(binding.sortAttributes().get(0)).orElseThrow(), sort);
            } else {
                userBounds(bindings, binding.sortAttribute(), sort); // no sort key: refused
            }
        }
        return condition.toString();
    }

    /**
     * Why the request looks as it does where that is not plain from it: for a query of one entity whose
     * sort key condition cannot tell it apart from other entity types, that the entity-type filter stays
     * (and, where the index's sort key is not one composed string key, that no prefix could narrow it).
     */
    List<String> notes() {
        if (kind != ReadKind.QUERY || subject.collection() || !narrowing().needsTypeFilter()) {
            return List.of();
        }
        if (!narrowsBySortText()) {
            return List.of("the entity-type filter stays: items of " + String.join(", ", narrowing().sharers())
                    + " can have this partition key, and the sort key of " + where() + " " + sortShape()
                    + ", which holds no literal prefix to narrow by, so DynamoDB reads them and the filter drops them");
        }
        String sort = narrowing().sort().map(b -> "the sort key condition " + b.expression().replace(":sk2", "'"
                + b.second().orElse("") + "'").replace(":sk", "'" + b.first() + "'")).orElse("the partition alone");
        return List.of("the entity-type filter stays: items of " + String.join(", ", narrowing().sharers())
                + " can have this partition key and match " + sort + ", so DynamoDB reads them and the filter drops them");
    }

    /** What the read index's sort key is when it is not one composed string key, for {@link #notes()}. */
    private String sortShape() {
        BoundEntity.KeyBinding<?> binding = subject.first().binding(spec.index()).orElseThrow();
        if (binding.sortAttributes().isEmpty()) {
            return "is absent";
        }
        if (binding.sortAttributes().size() > 1) {
            return "is made of attributes " + binding.sortAttributes();
        }
        return "'" + binding.sortAttributes().get(0) + "' holds a value (a number, bytes or the entity's own attribute), not composed text";
    }

    /**
     * True when the read index's sort key is one string key composed from every member's template (the
     * table's sort key reused by an index counts): only then does a literal prefix narrow the read. N and B
     * sort keys, multi-attribute sort keys and an entity's own attribute keep the entity-type filter where
     * other entity types can share the partition.
     */
    private boolean narrowsBySortText() {
        if (kind != ReadKind.QUERY) {
            return false;
        }
        for (BoundEntity.KeyBinding<?> binding : bindings()) {
            if (binding.sortAttributes().size() != 1 || !binding.sortIsText(0)) {
                return false;
            }
        }
        return true;
    }

    private Narrowing narrowing() {
        if (narrowing == null) {
            narrowing = computeNarrowing();
        }
        return narrowing;
    }

    private Narrowing computeNarrowing() {
        if (kind != ReadKind.QUERY) {
            return new Narrowing(Optional.empty(), List.of());
        }
        List<BoundEntity.KeyBinding<?>> bindings = bindings();
        if (!narrowsBySortText()) {
            // typed, own-attribute or multi-attribute sort keys: their condition is rendered as given (keyCondition)
            return new Narrowing(Optional.empty(), subject.collection() ? List.of() : sharers().ofValueSort());
        }
        Optional<String> sortAttribute = bindings.get(0).sortAttribute();
        Optional<SortKeyCondition.Bounds> user = spec.sort().flatMap(sort -> userBounds(bindings, sortAttribute, sort));
        Optional<SortKeyCondition.Bounds> sort = refine(user, PartitionSharers.literalPrefix(bindings));
        return new Narrowing(sort, subject.collection() ? List.of() : sharers().matching(sort));
    }

    private PartitionSharers sharers() {
        return new PartitionSharers(table(), subject.first(), spec.index());
    }

    /**
     * The user's sort condition refined by the literal prefix: a condition inside the prefix (an equality or a
     * prefix composed through the template, or a raw prefix that starts with it) is sent as it is; a raw prefix
     * the literal prefix starts with is narrowed to the literal prefix (their intersection); a raw prefix that
     * is neither is refused, as it can match no item of the read. Range conditions are sent as they are (a
     * {@code BETWEEN} of two keys composed through the template lies inside the prefix already).
     */
    private Optional<SortKeyCondition.Bounds> refine(Optional<SortKeyCondition.Bounds> user, Optional<BoundKeyTemplate.Prefix> prefix) {
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
        throw new ValidationException(what() + ": the sort key prefix '" + given.first() + "' matches no sort key of "
                + subject.memberTypes(", ") + ", which all start with '" + own.first() + "'; give a prefix that starts with '"
                + own.first() + "' (or none)");
    }

    private Optional<IndexSchema> readIndex() {
        return spec.index().flatMap(table().schema()::index);
    }

    /**
     * A GSI that projects KEYS_ONLY or INCLUDE returns only those attributes: a read of whole entities (or of
     * selected attributes) that needs others is refused before sending rather than returning half-built entities.
     * An LSI fetches the missing attributes from the table itself (at extra read cost), so it is not refused.
     */
    private void checkProjected() {
        Optional<IndexSchema> index = readIndex();
        if (spec.fetchFull() || index.isEmpty() || index.get().kind() != IndexKind.GLOBAL
                || index.get().projection().kind() == Projection.Kind.ALL) {
            return;
        }
        Set<String> projected = new LinkedHashSet<>(keyAttributes());
        projected.addAll(index.get().projection().nonKeyAttributes());
        Set<String> needed = new LinkedHashSet<>();
        if (needsEntityType()) {
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

    /**
     * True when the read needs the entity-type attribute from the index: to decode whole entities (checked
     * against their type) or a collection's items (to tell the members), or for the entity-type filter a
     * scan, or a query its key condition cannot narrow to the entity, sends.
     */
    private boolean needsEntityType() {
        return subject.collection() || spec.projection().isEmpty() || kind != ReadKind.QUERY || narrowing().needsTypeFilter();
    }

    /** A partition value for a slot outside the partition key templates would be silently ignored: refused, naming where it belongs. */
    private void refuseSlotsOutsidePartition(KeyValues partition, BoundEntity.KeyBinding<?> binding) {
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
    private void refuseKeyAttributesInQueryFilter() {
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
     * Keeps other entity types out: {@code #et = :et} for one entity, {@code #et IN (...)} for a scanned or counted
     * collection (a collection query's items are told apart as they are decoded, but a count never sees them).
     */
    private Optional<String> typeFilter(Mode mode, Map<String, String> names, Map<String, AttributeValue> values) {
        String typeAttribute = table().schema().entityTypeAttribute();
        if (!subject.collection() && kind == ReadKind.QUERY && !narrowing().needsTypeFilter()) {
            return Optional.empty(); // the key condition reads only this entity's items
        }
        if (!subject.collection()) {
            if (!indexHolds(typeAttribute)) {
                return soleEntityOfIndex(); // a KEYS_ONLY or INCLUDE GSI without the type cannot be filtered on it
            }
            names.put("#et", typeAttribute);
            values.put(":et", AttributeValue.fromS(subject.first().type()));
            return Optional.of("#et = :et");
        }
        if (kind != ReadKind.SCAN && (mode != Mode.COUNT || !indexHolds(typeAttribute))) {
            return Optional.empty(); // a collection query reads what its partition holds and skips foreign items as it decodes
        }
        names.put("#et", typeAttribute);
        StringBuilder in = new StringBuilder("#et IN (");
        for (int i = 0; i < subject.members().size(); i++) {
            values.put(":et" + i, AttributeValue.fromS(subject.members().get(i).type()));
            in.append(i == 0 ? "" : ", ").append(":et").append(i);
        }
        return Optional.of(in.append(')').toString());
    }

    /** False when the read index is a GSI whose projection leaves the attribute out (a filter on it would be refused). */
    private boolean indexHolds(String attribute) {
        Optional<IndexSchema> index = readIndex();
        if (index.isEmpty() || index.get().kind() != IndexKind.GLOBAL || index.get().projection().kind() == Projection.Kind.ALL) {
            return true;
        }
        return keyAttributes().contains(attribute) || index.get().projection().nonKeyAttributes().contains(attribute);
    }

    /**
     * No type filter where none is needed: the entity is the only one of the table with keys on the index, and the
     * index is keyed on at least one attribute that is not the table's (every item has those). Refused otherwise.
     */
    private Optional<String> soleEntityOfIndex() {
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

    private Optional<String> projection(Mode mode, Expressions placeholders) {
        Optional<String> ttl = hidesExpired() ? table().schema().timeToLiveAttribute() : Optional.empty();
        if (mode == Mode.ITEMS && !spec.projection().isEmpty()) {
            Set<String> projected = new LinkedHashSet<>();
            for (Attribute<?, ?> attribute : spec.projection()) {
                projected.add(placeholders.name(attribute.name()));
            }
            for (String attribute : keyAttributes()) {
                projected.add(placeholders.name(attribute)); // cursors and collections need the keys and the type
            }
            if (indexHolds(table().schema().entityTypeAttribute())) {
                projected.add(placeholders.name(table().schema().entityTypeAttribute()));
            }
            ttl.ifPresent(attribute -> projected.add(placeholders.name(attribute))); // to tell expired items
            return Optional.of(String.join(", ", projected));
        }
        if (mode == Mode.COUNT) {
            return ttl.map(placeholders::name); // expired items are counted out here, not by DynamoDB
        }
        return Optional.empty();
    }

    private List<BoundEntity.KeyBinding<?>> bindings() {
        List<BoundEntity.KeyBinding<?>> bindings = new ArrayList<>(subject.members().size());
        for (BoundEntity<?> member : subject.members()) {
            Optional<? extends BoundEntity.KeyBinding<?>> binding = member.binding(spec.index());
            bindings.add(binding.orElseThrow(() -> new ValidationException(what() + ": " + member.type()
                    + " has no keys on index " + spec.index().orElseThrow() + "; "
                    + IndexNames.listed(member.schema().indexKeys().keySet()))));
        }
        return bindings;
    }

    /** The key template all members share on the read index, refused when they differ. */
    private BoundKeyTemplate<?> shared(List<BoundEntity.KeyBinding<?>> bindings, boolean partition) {
        List<BoundKeyTemplate<?>> templates = new ArrayList<>(bindings.size());
        for (BoundEntity.KeyBinding<?> binding : bindings) {
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
    private Optional<SortKeyCondition.Bounds> userBounds(List<BoundEntity.KeyBinding<?>> bindings, Optional<String> sortAttribute,
                                                         SortKeyCondition sort) {
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
        if (bounds.second().isPresent() && SortKeyCondition.compareUtf8(bounds.first(), bounds.second().get()) > 0) {
            throw new ValidationException(what() + ": sortBetween from '" + bounds.first() + "' is above to '"
                    + bounds.second().get() + "'; DynamoDB requires from <= to: swap them");
        }
        return found;
    }

    // ---------------------------------------------------------------- expired items and start keys

    /** True when this read skips items whose TTL has passed: the table has a TTL attribute and includeExpired() was not called. */
    boolean hidesExpired() {
        return !spec.includeExpired() && table().schema().timeToLiveAttribute().isPresent();
    }

    /** The items of a count response that count: all of them, or those not expired when the read hides expired ones. */
    long countOf(RawPage<?> page) {
        if (!hidesExpired()) {
            return page.count();
        }
        return page.items().stream().filter(item -> !table().isExpired(item)).count();
    }

    /** The attributes of a start key on the read index: the table's key, plus the index's key on a GSI. */
    private List<String> keyAttributes() {
        List<String> attributes = new ArrayList<>(4);
        attributes.add(table().schema().partitionKeyAttribute());
        table().schema().sortKeyAttribute().ifPresent(attributes::add);
        readIndex().ifPresent(index -> {
            for (KeyAttribute attribute : index.keyAttributes()) {
                if (!attributes.contains(attribute.name())) {
                    attributes.add(attribute.name());
                }
            }
        });
        return attributes;
    }

    /** The start key that resumes a read right after this item. */
    Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(8);
        for (String attribute : keyAttributes()) {
            AttributeValue value = item.get(attribute);
            if (value != null) {
                key.put(attribute, value);
            }
        }
        return key;
    }
}
