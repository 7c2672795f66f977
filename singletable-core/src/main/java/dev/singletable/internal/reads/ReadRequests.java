package dev.singletable.internal.reads;

import dev.singletable.Attribute;
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
                + " the table itself, or drop consistentRead()");
    }

    // ---------------------------------------------------------------- requests

    PageRequest<?, ?, Map<String, AttributeValue>> request(int limit, Map<String, AttributeValue> startKey, boolean count) {
        Parts parts = parts(count ? Mode.COUNT : Mode.ITEMS);
        if (LOG.isDebugEnabled() && startKey.isEmpty()) {
            notes().forEach(note -> LOG.debug("{}: {}", what(), note));
        }
        if (kind == ReadKind.QUERY) {
            return new PageRequest<>(ReadOperation.QUERY, queryRequest(parts, limit, startKey, count), table().runner(),
                    spec.index(), subject.description(), context(parts));
        }
        return new PageRequest<>(ReadOperation.SCAN, scanRequest(parts, limit, startKey, count), table().runner(),
                spec.index(), subject.description(), context(parts));
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
        if (spec.consistent() && spec.index().isPresent()) {
            throw consistentOnIndex(what(), kind, spec.index().get());
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
        typeFilter(names, values).ifPresent(filters::add);
        Expressions placeholders = Expressions.into(names, values);
        if (!spec.filter().isNone()) {
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
        names.put("#pk", binding.partitionAttribute());
        values.put(":pk", AttributeValue.fromS(shared(bindings, true).compose(partition)));
        StringBuilder condition = new StringBuilder("#pk = :pk");
        narrowing().sort().ifPresent(bounds -> {
            names.put("#sk", binding.sortAttribute().orElseThrow());
            values.put(":sk", AttributeValue.fromS(bounds.first()));
            bounds.second().ifPresent(second -> values.put(":sk2", AttributeValue.fromS(second)));
            condition.append(" AND ").append(bounds.expression());
        });
        return condition.toString();
    }

    /**
     * Why the request looks as it does where that is not plain from it: for a query of one entity whose
     * sort key condition cannot tell it apart from other entity types, that the entity-type filter stays.
     */
    List<String> notes() {
        if (kind != ReadKind.QUERY || subject.collection() || !narrowing().needsTypeFilter()) {
            return List.of();
        }
        String sort = narrowing().sort().map(b -> "the sort key condition " + b.expression().replace(":sk2", "'"
                + b.second().orElse("") + "'").replace(":sk", "'" + b.first() + "'")).orElse("the partition alone");
        return List.of("the entity-type filter stays: items of " + String.join(", ", narrowing().sharers())
                + " can have this partition key and match " + sort + ", so DynamoDB reads them and the filter drops them");
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
        Optional<String> sortAttribute = bindings.get(0).sortAttribute();
        Optional<SortKeyCondition.Bounds> user = spec.sort().flatMap(sort -> userBounds(bindings, sortAttribute, sort));
        if (sortAttribute.isEmpty()) {
            return new Narrowing(Optional.empty(), sharers(Optional.empty()));
        }
        Optional<SortKeyCondition.Bounds> sort = refine(user, literalPrefix(bindings));
        return new Narrowing(sort, subject.collection() ? List.of() : sharers(sort));
    }

    /**
     * The literal text every sort key of the read's members starts with, and whether it is the whole key (one
     * entity whose sort key template has no slot): the entity's literal prefix, or the members' common prefix.
     */
    private Optional<BoundKeyTemplate.Prefix> literalPrefix(List<BoundEntity.KeyBinding<?>> bindings) {
        String common = null;
        BoundKeyTemplate.Prefix only = null;
        for (BoundEntity.KeyBinding<?> binding : bindings) {
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

    /**
     * The other entity types of the table whose items can have this query's partition key and match its sort
     * condition (for a range, those that can start with the literal prefix when both ends are inside it, else all of
     * those that can share the partition): decided from their key
     * templates. Conditions inside the entity's literal prefix share its answer when it is "none", computed once
     * per table.
     */
    private List<String> sharers(Optional<SortKeyCondition.Bounds> sort) {
        BoundEntity<?> self = subject.first();
        String key = self.type() + "\n" + spec.index().orElse("") + "\n";
        Optional<BoundKeyTemplate.Prefix> own = literalPrefix(List.of(self.binding(spec.index()).orElseThrow()));
        if (own.isPresent() && sort.isPresent() && isInside(sort.get(), own.get().text())) {
            SortKeyCondition.Bounds literal = new SortKeyCondition.Bounds(own.get().complete() ? "#sk = :sk" : "begins_with(#sk, :sk)",
                    own.get().text(), Optional.empty());
            List<String> byPrefix = table().keyAnalysis(key + literal.expression() + "\n" + literal.first(),
                    () -> computeSharers(Optional.of(literal)));
            if (byPrefix.isEmpty() || sort.get().equals(literal) || !isPrefixOrEquality(sort.get())) {
                return byPrefix; // a range inside the prefix: whoever can start with the prefix may fall in it
            }
            return computeSharers(sort);
        }
        if (sort.isEmpty() || !isPrefixOrEquality(sort.get())) {
            return table().keyAnalysis(key + "partition", () -> computeSharers(Optional.empty()));
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

    private List<String> computeSharers(Optional<SortKeyCondition.Bounds> sort) {
        BoundEntity<?> self = subject.first();
        BoundEntity.KeyBinding<?> mine = self.binding(spec.index()).orElseThrow();
        List<String> sharers = new ArrayList<>();
        for (BoundEntity<?> other : table().entities()) {
            Optional<? extends BoundEntity.KeyBinding<?>> theirs = other.binding(spec.index());
            if (other == self || theirs.isEmpty() || theirs.get().partition().mayCoincideWith(mine.partition()).isEmpty()) {
                continue;
            }
            boolean matches = sort.isEmpty() || !isPrefixOrEquality(sort.get()) || theirs.get().sort().isEmpty()
                    || theirs.get().sort().get().mayStartWith(sort.get().first(), sort.get().expression().equals("#sk = :sk")).isPresent();
            if (matches) {
                sharers.add(other.type());
            }
        }
        return sharers;
    }

    /** Keeps other entity types out: {@code #et = :et} for one entity, {@code #et IN (...)} for a scanned collection. */
    private Optional<String> typeFilter(Map<String, String> names, Map<String, AttributeValue> values) {
        String typeAttribute = table().schema().entityTypeAttribute();
        if (!subject.collection() && kind == ReadKind.QUERY && !narrowing().needsTypeFilter()) {
            return Optional.empty(); // the key condition reads only this entity's items
        }
        if (!subject.collection()) {
            names.put("#et", typeAttribute);
            values.put(":et", AttributeValue.fromS(subject.first().type()));
            return Optional.of("#et = :et");
        }
        if (kind != ReadKind.SCAN) {
            return Optional.empty(); // a collection query reads what its partition holds
        }
        names.put("#et", typeAttribute);
        StringBuilder in = new StringBuilder("#et IN (");
        for (int i = 0; i < subject.members().size(); i++) {
            values.put(":et" + i, AttributeValue.fromS(subject.members().get(i).type()));
            in.append(i == 0 ? "" : ", ").append(":et").append(i);
        }
        return Optional.of(in.append(')').toString());
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
            projected.add(placeholders.name(table().schema().entityTypeAttribute()));
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
                    + " has no keys on index " + spec.index().orElseThrow() + "; its indexes are "
                    + member.schema().indexKeys().keySet())));
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
        spec.index().flatMap(table().schema()::index).ifPresent(index -> {
            if (!attributes.contains(index.partitionKeyAttribute())) {
                attributes.add(index.partitionKeyAttribute());
            }
            index.sortKeyAttribute().filter(a -> !attributes.contains(a)).ifPresent(attributes::add);
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
