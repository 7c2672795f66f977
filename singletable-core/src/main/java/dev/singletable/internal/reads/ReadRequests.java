package dev.singletable.internal.reads;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.Attribute;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.internal.expressions.Expressions;
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

/**
 * Renders a query or scan: its QueryRequest or ScanRequest, the fingerprint its cursors are bound to,
 * and the context of its messages. Stateless over one {@link ReadSpec}.
 */
final class ReadRequests {
    private static final Logger LOG = LoggerFactory.getLogger("dev.singletable.requests");
    private final ReadKind kind;
    private final ReadSubject<?> subject;
    private final ReadSpec spec;
    private final ReadRefusals refusals;
    /** Computed on first use: the spec does not change. */
    private SortNarrowing narrowing;

    ReadRequests(ReadKind kind, ReadSubject<?> subject, ReadSpec spec) {
        this.kind = kind;
        this.subject = subject;
        this.spec = spec;
        this.refusals = new ReadRefusals(kind, subject, spec);
    }

    /** Names, values and expressions of a request, before limit and start key; absent expressions are empty. */
    private record Parts(Optional<String> keyCondition, Optional<String> filter, Optional<String> projection,
                         Map<String, String> names, Map<String, AttributeValue> values) {
    }

    /** What a request is rendered for: items, a count, or the fingerprint of what it reads. */
    private enum Mode { ITEMS, COUNT, FINGERPRINT }

    private String what() {
        return refusals.what();
    }

    private BoundTable table() {
        return subject.table();
    }

    private String where() {
        return refusals.where();
    }

    private SortNarrowing narrowing() {
        if (narrowing == null) {
            narrowing = SortNarrowing.of(kind, subject, spec, refusals);
        }
        return narrowing;
    }

    /** Why the request looks as it does where that is not plain from it: {@link SortNarrowing#notes}. */
    List<String> notes() {
        return narrowing().notes(subject, spec);
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
        request.select(select(parts, count));
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
                .select(select(parts, count))
                .limit(limit > 0 ? limit : null)
                .exclusiveStartKey(startKey.isEmpty() ? null : startKey);
        spec.segment().ifPresent(segment -> request.segment(segment.segment()).totalSegments(segment.total()));
        return request.build();
    }

    /**
     * COUNT for a count DynamoDB can make alone; ALL_ATTRIBUTES for whole items read through a local index that does
     * not project them all (DynamoDB's default for an index, ALL_PROJECTED_ATTRIBUTES, would return only the projection,
     * which cannot be decoded; a local index fetches the rest from the table, at the table's read cost); else none.
     */
    private Select select(Parts parts, boolean count) {
        if (count) {
            return hidesExpired() ? null : Select.COUNT;
        }
        boolean partialLocal = readIndex().filter(index -> index.kind() == IndexKind.LOCAL
                && index.projection().kind() != Projection.Kind.ALL).isPresent();
        return partialLocal && parts.projection.isEmpty() && !spec.fetchFull() ? Select.ALL_ATTRIBUTES : null;
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
            throw ReadRefusals.consistentOnIndex(what(), kind, spec.index().get());
        }
        if (mode == Mode.ITEMS) {
            refusals.checkProjected(keyAttributes(), this::needsEntityType);
        }
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        Optional<String> keyCondition = Optional.empty();
        if (kind == ReadKind.QUERY) {
            keyCondition = Optional.of(keyCondition(names, values));
        } else if (spec.index().isPresent()) {
            refusals.bindings(); // every member must be on the index it scans
        }
        List<String> filters = new ArrayList<>(2);
        typeFilter(mode, names, values).ifPresent(filters::add);
        Expressions placeholders = Expressions.into(names, values);
        if (kind == ReadKind.QUERY && spec.sort().orElse(null) instanceof SortKeyCondition.Hierarchy hierarchy) {
            filters.add(hierarchy.filter(placeholders));
        }
        narrowing().textRange().ifPresent(range -> filters.add(textRangeFilter(range, placeholders)));
        if (!spec.filter().isNone()) {
            refusals.refuseKeyAttributesInQueryFilter();
            String user = spec.filter().render(placeholders);
            filters.add(filters.isEmpty() || spec.filter().bindsAtLeastAsTightAsAnd() ? user : "(" + user + ")");
        }
        Optional<String> filter = filters.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", filters));
        return new Parts(keyCondition, filter, projection(mode, placeholders), names, values);
    }

    private String keyCondition(Map<String, String> names, Map<String, AttributeValue> values) {
        KeyValues partition = spec.partition().orElseThrow(() -> new ValidationException(what() + " on " + where()
                + " has no partition key; call partition(...) with the values of its slots"));
        List<KeyBinding<?>> bindings = refusals.bindings();
        KeyBinding<?> binding = bindings.get(0);
        refusals.shared(bindings, true);
        refusals.refuseSlotsOutsidePartition(partition, binding);
        List<String> partitionAttributes = binding.partitionAttributes();
        StringBuilder condition = new StringBuilder();
        for (int i = 0; i < partitionAttributes.size(); i++) {
            String suffix = partitionAttributes.size() == 1 ? "" : String.valueOf(i);
            names.put("#pk" + suffix, partitionAttributes.get(i));
            values.put(":pk" + suffix, binding.partitionValue(i, partition));
            condition.append(i == 0 ? "" : " AND ").append("#pk").append(suffix).append(" = :pk").append(suffix);
        }
        if (SortNarrowing.bySortText(kind, bindings)) {
            narrowing().sort().ifPresent(bounds -> {
                names.put("#sk", binding.sortAttribute().orElseThrow());
                values.put(":sk", AttributeValue.fromS(bounds.first()));
                bounds.second().ifPresent(second -> values.put(":sk2", AttributeValue.fromS(second)));
                condition.append(" AND ").append(bounds.expression());
            });
        } else if (spec.sort().isPresent()) {
            SortKeyCondition sort = spec.sort().get();
            if (binding.sortAttributes().size() > 1) {
                refusals.shared(bindings, false);
                TypedSortConditions.appendMultiAttribute(what(), condition, names, values, binding, sort);
            } else if (!binding.sortAttributes().isEmpty() && !binding.sortIsText(0)) {
                refusals.shared(bindings, false);
                TypedSortConditions.appendValue(what(), condition, names, values, binding,
                        table().schema().keyType(binding.sortAttributes().get(0)).orElseThrow(), sort);
            } else {
                refusals.userBounds(bindings, binding.sortAttribute(), sort); // no sort key: refused
            }
        }
        return condition.toString();
    }

    private Optional<IndexSchema> readIndex() {
        return spec.index().flatMap(table().schema()::index);
    }

    /**
     * True when the read needs the entity-type attribute from the index: to decode whole entities (checked
     * against their type) or a collection's items (to tell the members), or for the entity-type filter a
     * scan, or a query its key condition cannot narrow to the entity, sends.
     */
    private boolean needsEntityType() {
        return subject.collection() || spec.projection().isEmpty() || kind != ReadKind.QUERY || narrowing().needsTypeFilter();
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
                return refusals.soleEntityOfIndex(); // a KEYS_ONLY or INCLUDE GSI without the type cannot be filtered on it
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

    /**
     * The filter that keeps a range on a text slot to its values; refused on a GSI that does not project each
     * attribute it compares, where the filter would drop every item.
     */
    private String textRangeFilter(TextSlotRange range, Expressions placeholders) {
        for (String attribute : range.attributes()) {
            if (!indexHolds(attribute)) {
                throw new ValidationException(what() + " on " + where() + ": a range on the sort key's text slot '"
                        + range.attributes().get(0) + "' needs a filter on " + String.join(", ", range.attributes())
                        + " (the key text sorts ' ', '!' and '\"' before the delimiter), which this index does not project ("
                        + attribute + "); project " + attribute + " into the index (INCLUDE or ALL), or query by a slot value "
                        + "that is not text");
            }
        }
        return range.filter(placeholders);
    }

    /** False when the read index is a GSI whose projection leaves the attribute out (a filter on it would be refused). */
    private boolean indexHolds(String attribute) {
        Optional<IndexSchema> index = readIndex();
        if (index.isEmpty() || index.get().kind() != IndexKind.GLOBAL || index.get().projection().kind() == Projection.Kind.ALL) {
            return true;
        }
        return keyAttributes().contains(attribute) || index.get().projection().nonKeyAttributes().contains(attribute);
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
