package dev.singletable.internal.reads;

import dev.singletable.internal.table.CursorCodec;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ScalarType;
import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.keys.BoundKeyTemplate;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.UnknownEntityTypeException;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
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
 * Everything a query or scan is, independent of the client that runs it: an immutable description
 * that renders requests, fingerprints itself for cursors, and decodes items. The sync and async
 * builders wrap one of these.
 *
 * @param <T> what each item decodes to: an entity, a collection's common type, or a map
 */
public final class ReadDefinition<T> {
    /** Sorts after every other character in DynamoDB's UTF-8 byte order: ends the range of keys sharing a prefix. */
    static final String AFTER_PREFIX = new String(Character.toChars(Character.MAX_CODE_POINT));
    static final int MAX_GROWTH = 64;

    enum Kind { QUERY, SCAN }

    private enum Op { EQ, BEGINS, BEGINS_RAW, LT, LE, GT, GE, BETWEEN, BETWEEN_RAW }

    private record SortCondition(Op op, KeyValues first, KeyValues second, String rawFirst, String rawSecond) {
    }

    /** The changeable part, copied on every change. */
    private static final class Spec {
        String indexName;
        KeyValues partition;
        SortCondition sort;
        boolean descending;
        boolean consistent;
        int limit;
        int pageSize;
        Condition filter = Condition.none();
        boolean includeExpired;
        List<Attribute<?, ?>> projection = List.of();
        boolean asMaps;
        int segment = -1;
        int totalSegments;

        Spec copy() {
            Spec c = new Spec();
            c.indexName = indexName;
            c.partition = partition;
            c.sort = sort;
            c.descending = descending;
            c.consistent = consistent;
            c.limit = limit;
            c.pageSize = pageSize;
            c.filter = filter;
            c.includeExpired = includeExpired;
            c.projection = projection;
            c.asMaps = asMaps;
            c.segment = segment;
            c.totalSegments = totalSegments;
            return c;
        }
    }

    private final Kind kind;
    private final BoundTable target;
    private final String description;
    private final List<BoundEntity<?>> members;
    private final boolean collection;
    private final Spec spec;

    private ReadDefinition(Kind kind, BoundTable target, String description, List<BoundEntity<?>> members, boolean collection, Spec spec) {
        this.kind = kind;
        this.target = target;
        this.description = description;
        this.members = members;
        this.collection = collection;
        this.spec = spec;
    }

    public static <T> ReadDefinition<T> query(BoundTable target, String description, List<? extends BoundEntity<? extends T>> members,
                                              boolean collection) {
        return new ReadDefinition<>(Kind.QUERY, target, description, List.copyOf(members), collection, new Spec());
    }

    public static <T> ReadDefinition<T> scan(BoundTable target, String description, List<? extends BoundEntity<? extends T>> members,
                                             boolean collection) {
        return new ReadDefinition<>(Kind.SCAN, target, description, List.copyOf(members), collection, new Spec());
    }

    private interface Change {
        void apply(Spec spec);
    }

    private ReadDefinition<T> with(Change change) {
        Spec next = spec.copy();
        change.apply(next);
        return new ReadDefinition<>(kind, target, description, members, collection, next);
    }

    String what() {
        return (kind == Kind.QUERY ? "Query of " : "Scan of ") + description;
    }

    public String description() {
        return description;
    }

    public BoundTable target() {
        return target;
    }

    public Optional<String> indexName() {
        return Optional.ofNullable(spec.indexName);
    }

    public int limit() {
        return spec.limit;
    }

    public int pageSize() {
        return spec.pageSize;
    }

    // ---------------------------------------------------------------- builder steps

    public ReadDefinition<T> index(String indexName) {
        if (target.schema().index(indexName).isEmpty()) {
            throw new ValidationException(what() + ": table " + target.schema().name() + " has no index '" + indexName
                    + "'; its indexes are " + target.schema().indexes().stream().map(IndexSchema::name).toList());
        }
        if (spec.consistent) {
            throw consistentOnIndex(indexName);
        }
        return with(s -> s.indexName = indexName);
    }

    public ReadDefinition<T> partition(KeyValues values) {
        return with(s -> s.partition = java.util.Objects.requireNonNull(values, "values"));
    }

    private ReadDefinition<T> sort(Op op, KeyValues first, KeyValues second, String rawFirst, String rawSecond) {
        if (spec.sort != null) {
            throw new ValidationException(what() + " already has sort key condition " + spec.sort.op
                    + "; DynamoDB takes one condition on the sort key (add a filter for more)");
        }
        SortCondition condition = new SortCondition(op, first, second, rawFirst, rawSecond);
        return with(s -> s.sort = condition);
    }

    public ReadDefinition<T> sortEquals(KeyValues values) {
        return sort(Op.EQ, values, null, null, null);
    }

    public ReadDefinition<T> sortBeginsWith(KeyValues values) {
        return sort(Op.BEGINS, values, null, null, null);
    }

    public ReadDefinition<T> sortBeginsWithRaw(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            throw new ValidationException(what() + ": sortBeginsWithRaw needs a non-empty prefix");
        }
        return sort(Op.BEGINS_RAW, null, null, prefix, null);
    }

    public ReadDefinition<T> sortLessThan(KeyValues values) {
        return sort(Op.LT, values, null, null, null);
    }

    public ReadDefinition<T> sortLessThanOrEqual(KeyValues values) {
        return sort(Op.LE, values, null, null, null);
    }

    public ReadDefinition<T> sortGreaterThan(KeyValues values) {
        return sort(Op.GT, values, null, null, null);
    }

    public ReadDefinition<T> sortGreaterThanOrEqual(KeyValues values) {
        return sort(Op.GE, values, null, null, null);
    }

    public ReadDefinition<T> sortBetween(KeyValues from, KeyValues to) {
        return sort(Op.BETWEEN, from, to, null, null);
    }

    public ReadDefinition<T> sortBetweenRaw(String from, String to) {
        return sort(Op.BETWEEN_RAW, null, null, from, to);
    }

    public ReadDefinition<T> descending() {
        return with(s -> s.descending = true);
    }

    public ReadDefinition<T> consistentRead() {
        if (spec.indexName != null) {
            throw consistentOnIndex(spec.indexName);
        }
        return with(s -> s.consistent = true);
    }

    private ValidationException consistentOnIndex(String indexName) {
        return new ValidationException(what() + ": consistent reads are not available on GSI '" + indexName
                + "', which DynamoDB keeps eventually consistent; " + (kind == Kind.QUERY ? "query" : "scan")
                + " the table itself, or drop consistentRead()");
    }

    public ReadDefinition<T> limit(int maxItems) {
        if (maxItems < 1) {
            throw new ValidationException(what() + ": limit must be at least 1, got " + maxItems);
        }
        return with(s -> s.limit = maxItems);
    }

    public ReadDefinition<T> pageSize(int itemsPerRequest) {
        if (itemsPerRequest < 1) {
            throw new ValidationException(what() + ": page size must be at least 1, got " + itemsPerRequest);
        }
        return with(s -> s.pageSize = itemsPerRequest);
    }

    public ReadDefinition<T> filter(Condition filter) {
        java.util.Objects.requireNonNull(filter, "filter (use Condition.none() for no filter)");
        return with(s -> s.filter = s.filter.and(filter));
    }

    /** Returns items whose TTL has passed too, which reads otherwise skip. */
    public ReadDefinition<T> includeExpired() {
        return with(s -> s.includeExpired = true);
    }

    public ReadDefinition<T> segment(int segment, int totalSegments) {
        if (totalSegments < 1 || totalSegments > 1_000_000 || segment < 0 || segment >= totalSegments) {
            throw new ValidationException(what() + ": segment " + segment + " of " + totalSegments
                    + " is out of range; DynamoDB takes 1 to 1,000,000 segments numbered from 0");
        }
        return with(s -> {
            s.segment = segment;
            s.totalSegments = totalSegments;
        });
    }

    /** Partial entities: only these attributes are read; fails when an entity cannot be built without one left out. */
    public ReadDefinition<T> select(List<Attribute<?, ?>> attributes) {
        List<Attribute<?, ?>> projection = checkedProjection(attributes);
        for (BoundEntity<?> member : members) {
            List<String> missing = new ArrayList<>();
            for (Attribute<?, ?> attribute : member.schema().attributes()) {
                if (attribute.isRequired() && attribute.type().valueWhenAbsent().isEmpty()
                        && projection.stream().noneMatch(a -> a.name().equals(attribute.name()))) {
                    missing.add(attribute.name());
                }
            }
            if (!missing.isEmpty()) {
                throw new ValidationException(what() + ": the projection " + names(projection) + " leaves out required attribute"
                        + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing) + " of " + member.type()
                        + ", which cannot be built without " + (missing.size() == 1 ? "it" : "them")
                        + "; add " + (missing.size() == 1 ? "it" : "them") + " to select(...), or use selectMaps(...) for plain maps");
            }
        }
        return with(s -> {
            s.projection = projection;
            s.asMaps = false;
        });
    }

    /** Plain maps of attribute name to decoded value, holding only these attributes (those an item has). */
    @SuppressWarnings("unchecked")
    public ReadDefinition<java.util.Map<String, Object>> selectMaps(List<Attribute<?, ?>> attributes) {
        List<Attribute<?, ?>> projection = checkedProjection(attributes);
        return (ReadDefinition<Map<String, Object>>) (ReadDefinition<?>) with(s -> {
            s.projection = projection;
            s.asMaps = true;
        });
    }

    private List<Attribute<?, ?>> checkedProjection(List<Attribute<?, ?>> attributes) {
        if (attributes.isEmpty()) {
            throw new ValidationException(what() + ": a projection needs at least one attribute");
        }
        for (Attribute<?, ?> attribute : attributes) {
            boolean known = members.stream().anyMatch(m -> m.schema().attribute(attribute.name()).isPresent());
            if (!known) {
                throw new ValidationException(what() + ": projected attribute '" + attribute.name() + "' is not an attribute of "
                        + members.stream().map(BoundEntity::type).collect(Collectors.joining(" or ")));
            }
        }
        return List.copyOf(attributes);
    }

    private static String names(List<Attribute<?, ?>> attributes) {
        return attributes.stream().map(Attribute::name).toList().toString();
    }

    // ---------------------------------------------------------------- rendering

    private String where() {
        return spec.indexName == null ? "the table" : "index " + spec.indexName;
    }

    private List<BoundEntity.KeyBinding<?>> bindings() {
        List<BoundEntity.KeyBinding<?>> bindings = new ArrayList<>(members.size());
        for (BoundEntity<?> member : members) {
            bindings.add(member.binding(spec.indexName).orElseThrow(() -> new ValidationException(what() + ": "
                    + member.type() + " has no keys on index " + spec.indexName + "; its indexes are "
                    + member.schema().indexKeys().keySet())));
        }
        return bindings;
    }

    private BoundKeyTemplate<?> shared(List<BoundEntity.KeyBinding<?>> bindings, boolean partition) {
        BoundKeyTemplate<?> first = null;
        for (BoundEntity.KeyBinding<?> binding : bindings) {
            BoundKeyTemplate<?> template = partition ? binding.partition() : binding.sort().orElse(null);
            if (template == null) {
                throw new ValidationException(what() + ": " + where() + " has no sort key");
            }
            if (first != null && !first.template().equals(template.template())) {
                String templates = bindings.stream().map(b -> (partition ? b.partition() : b.sort().orElseThrow()).template().text())
                        .distinct().collect(Collectors.joining("', '", "'", "'"));
                throw new ValidationException(what() + " on " + where() + ": the members' "
                        + (partition ? "partition" : "sort") + " key templates differ (" + templates + "); "
                        + (partition ? "a collection's members must share the partition key template"
                        : "give the sort condition as raw text (sortBeginsWithRaw, sortBetweenRaw)"));
            }
            first = template;
        }
        return first;
    }

    /** Names, values and expressions of a request, before limit and start key. */
    private record Parts(String keyCondition, String filter, String projection, Map<String, String> names,
                         Map<String, AttributeValue> values) {
    }

    /** What a request is rendered for: items, a count, or the fingerprint of what it reads. */
    private enum Mode { ITEMS, COUNT, FINGERPRINT }

    private Parts parts(Mode mode) {
        if (spec.consistent && spec.indexName != null) {
            throw consistentOnIndex(spec.indexName);
        }
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        String keyCondition = null;
        if (kind == Kind.QUERY) {
            if (spec.partition == null) {
                throw new ValidationException(what() + " on " + where()
                        + " has no partition key; call partition(...) with the values of its slots");
            }
            List<BoundEntity.KeyBinding<?>> bindings = bindings();
            BoundEntity.KeyBinding<?> binding = bindings.get(0);
            names.put("#pk", binding.partitionAttribute());
            values.put(":pk", AttributeValue.fromS(shared(bindings, true).compose(spec.partition)));
            StringBuilder condition = new StringBuilder("#pk = :pk");
            if (spec.sort != null) {
                appendSortCondition(condition, names, values, bindings, binding.sortAttribute());
            }
            keyCondition = condition.toString();
        } else if (spec.indexName != null) {
            bindings(); // every member must be on the index it scans
        }
        List<String> filters = new ArrayList<>(2);
        String typeAttribute = target.schema().entityTypeAttribute();
        if (!collection) {
            names.put("#et", typeAttribute);
            values.put(":et", AttributeValue.fromS(members.get(0).type()));
            filters.add("#et = :et");
        } else if (kind == Kind.SCAN) {
            names.put("#et", typeAttribute);
            StringBuilder in = new StringBuilder("#et IN (");
            for (int i = 0; i < members.size(); i++) {
                values.put(":et" + i, AttributeValue.fromS(members.get(i).type()));
                in.append(i == 0 ? "" : ", ").append(":et").append(i);
            }
            filters.add(in.append(')').toString());
        }
        Expressions placeholders = Expressions.into(names, values);
        if (!spec.filter.isNone()) {
            String user = spec.filter.render(placeholders);
            filters.add(filters.isEmpty() || spec.filter.bindsAtLeastAsTightAsAnd() ? user : "(" + user + ")");
        }
        String projection = null;
        Optional<String> ttl = hidesExpired() ? target.schema().timeToLiveAttribute() : Optional.empty();
        if (mode == Mode.ITEMS && !spec.projection.isEmpty()) {
            Set<String> projected = new LinkedHashSet<>();
            for (Attribute<?, ?> attribute : spec.projection) {
                projected.add(placeholders.name(attribute.name()));
            }
            for (String attribute : keyAttributes()) {
                projected.add(placeholders.name(attribute)); // cursors and collections need the keys and the type
            }
            projected.add(placeholders.name(typeAttribute));
            ttl.ifPresent(attribute -> projected.add(placeholders.name(attribute))); // to tell expired items
            projection = String.join(", ", projected);
        } else if (mode == Mode.COUNT && ttl.isPresent()) {
            projection = placeholders.name(ttl.get()); // expired items are counted out here, not by DynamoDB
        }
        return new Parts(keyCondition, filters.isEmpty() ? null : String.join(" AND ", filters), projection, names, values);
    }

    /** True when this read skips items whose TTL has passed: the table has a TTL attribute and includeExpired() was not called. */
    boolean hidesExpired() {
        return !spec.includeExpired && target.schema().timeToLiveAttribute().isPresent();
    }

    /** True when the read skips this item, whose TTL has passed. */
    boolean hides(Map<String, AttributeValue> item) {
        return !spec.includeExpired && target.isExpired(item);
    }

    /** The items of a count response that count: all of them, or those not expired when the read hides expired ones. */
    long countOf(RawPage page) {
        if (!hidesExpired()) {
            return page.count();
        }
        return page.items().stream().filter(item -> !target.isExpired(item)).count();
    }

    /** The attributes of a start key on the read index: the table's key, plus the index's key on a GSI. */
    private List<String> keyAttributes() {
        List<String> attributes = new ArrayList<>(4);
        attributes.add(target.schema().partitionKeyAttribute());
        target.schema().sortKeyAttribute().ifPresent(attributes::add);
        if (spec.indexName != null) {
            IndexSchema index = target.schema().index(spec.indexName).orElseThrow();
            if (!attributes.contains(index.partitionKeyAttribute())) {
                attributes.add(index.partitionKeyAttribute());
            }
            index.sortKeyAttribute().filter(a -> !attributes.contains(a)).ifPresent(attributes::add);
        }
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

    /** The first request, as it would be sent. */
    public QueryRequest queryRequest() {
        return queryRequest(firstRequestLimit(), Map.of(), false);
    }

    int firstRequestLimit() {
        return spec.pageSize > 0 ? spec.pageSize : spec.limit;
    }

    /** The limit of the next request, after {@code have} items, with the growth factor of earlier filtered pages. */
    int requestLimit(int have, int growth) {
        if (spec.pageSize > 0) {
            return spec.pageSize;
        }
        return spec.limit > 0 ? (int) Math.min(1000L, (long) (spec.limit - have) * growth) : 0;
    }

    QueryRequest queryRequest(int requestLimit, Map<String, AttributeValue> startKey, boolean count) {
        if (kind != Kind.QUERY) {
            throw new IllegalStateException("not a query");
        }
        Parts parts = parts(count ? Mode.COUNT : Mode.ITEMS);
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(target.schema().name())
                .indexName(spec.indexName)
                .keyConditionExpression(parts.keyCondition)
                .filterExpression(parts.filter)
                .projectionExpression(parts.projection)
                .expressionAttributeNames(parts.names)
                .expressionAttributeValues(parts.values)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (spec.descending) {
            request.scanIndexForward(false);
        }
        if (spec.consistent) {
            request.consistentRead(true);
        }
        if (count && !hidesExpired()) {
            request.select(Select.COUNT);
        }
        if (requestLimit > 0) {
            request.limit(requestLimit);
        }
        if (!startKey.isEmpty()) {
            request.exclusiveStartKey(startKey);
        }
        return request.build();
    }

    public ScanRequest scanRequest() {
        return scanRequest(firstRequestLimit(), Map.of(), false);
    }

    ScanRequest scanRequest(int requestLimit, Map<String, AttributeValue> startKey, boolean count) {
        if (kind != Kind.SCAN) {
            throw new IllegalStateException("not a scan");
        }
        Parts parts = parts(count ? Mode.COUNT : Mode.ITEMS);
        ScanRequest.Builder request = ScanRequest.builder()
                .tableName(target.schema().name())
                .indexName(spec.indexName)
                .filterExpression(parts.filter)
                .projectionExpression(parts.projection)
                .expressionAttributeNames(parts.names)
                .expressionAttributeValues(parts.values.isEmpty() ? null : parts.values)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (spec.totalSegments > 0) {
            request.segment(spec.segment).totalSegments(spec.totalSegments);
        }
        if (spec.consistent) {
            request.consistentRead(true);
        }
        if (count && !hidesExpired()) {
            request.select(Select.COUNT);
        }
        if (requestLimit > 0) {
            request.limit(requestLimit);
        }
        if (!startKey.isEmpty()) {
            request.exclusiveStartKey(startKey);
        }
        return request.build();
    }

    /** What decides which items the read returns, and in which order: a cursor is valid only for the same text. */
    byte[] fingerprint() {
        Parts parts = parts(Mode.FINGERPRINT);
        String identity = kind + "\n" + target.schema().name() + "\n" + spec.indexName + "\n" + parts.keyCondition + "\n"
                + parts.filter + "\n" + new TreeMap<>(parts.names) + "\n" + new TreeMap<>(parts.values) + "\n"
                + (spec.descending ? "desc" : "asc") + "\n" + spec.segment + "/" + spec.totalSegments
                + (spec.includeExpired ? "\nincluding expired" : "");
        return CursorCodec.fingerprint(identity);
    }

    String cursorFor(Map<String, AttributeValue> startKey) {
        return target.cursors().encodeKey(fingerprint(), startKey);
    }

    Map<String, AttributeValue> startKeyOf(String cursor) {
        return target.cursors().decodeKey(cursor, fingerprint(), what());
    }

    /** For log lines and exception messages. */
    Map<String, String> context() {
        Parts parts = parts(Mode.ITEMS);
        Map<String, String> context = new LinkedHashMap<>(2);
        if (parts.keyCondition != null) {
            context.put("key condition", parts.keyCondition);
        }
        if (parts.filter != null) {
            context.put("filter", parts.filter);
        }
        context.put("values", parts.values.toString());
        return context;
    }

    String operation() {
        return kind == Kind.QUERY ? "Query" : "Scan";
    }

    // ---------------------------------------------------------------- decoding

    @SuppressWarnings("unchecked")
    T decode(Map<String, AttributeValue> item) {
        if (spec.asMaps) {
            return (T) toMap(item);
        }
        if (!collection) {
            return (T) members.get(0).fromItem(item);
        }
        return (T) memberOf(item).decode(item);
    }

    private BoundEntity<?> memberOf(Map<String, AttributeValue> item) {
        AttributeValue type = item.get(target.schema().entityTypeAttribute());
        String typeName = type == null ? "(none)" : type.s() == null ? ScalarType.describe(type) : type.s();
        for (BoundEntity<?> member : members) {
            if (member.type().equals(typeName)) {
                return member;
            }
        }
        String expected = members.stream().map(BoundEntity::type).collect(Collectors.joining(", "));
        throw new UnknownEntityTypeException(what() + " returned item "
                + BoundEntity.describeKey(target.schema(), item) + " with " + target.schema().entityTypeAttribute() + " '" + typeName
                + "', which is none of " + expected + "; add that entity to the collection, or narrow the " + (kind == Kind.QUERY ? "sort key condition" : "filter"),
                expected, typeName);
    }

    private Map<String, Object> toMap(Map<String, AttributeValue> item) {
        Map<String, Object> map = new LinkedHashMap<>();
        BoundEntity<?> member = collection ? memberOf(item) : members.get(0);
        for (Attribute<?, ?> attribute : spec.projection) {
            AttributeValue value = item.get(attribute.name());
            if (value == null || Boolean.TRUE.equals(value.nul())) {
                continue;
            }
            Attribute<?, ?> own = member.schema().attribute(attribute.name()).orElse(null);
            if (own == null) {
                continue;
            }
            try {
                map.put(attribute.name(), own.type().fromAttributeValue(value));
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw new dev.singletable.ItemDecodingException(member.type() + "." + attribute.name() + " of item "
                        + member.describeKey(item) + " cannot be read as " + own.type().typeName() + ": " + e.getMessage(), e);
            }
        }
        return map;
    }

    // ---------------------------------------------------------------- sort key conditions

    private void appendSortCondition(StringBuilder condition, Map<String, String> names, Map<String, AttributeValue> values,
                                     List<BoundEntity.KeyBinding<?>> bindings, Optional<String> sortAttribute) {
        if (sortAttribute.isEmpty()) {
            throw new ValidationException(what() + ": " + where() + " has no sort key, so it takes no sort key condition");
        }
        SortCondition sort = spec.sort;
        String first;
        String second = null;
        String expression;
        switch (sort.op) {
            case BEGINS_RAW -> {
                first = sort.rawFirst;
                expression = "begins_with(#sk, :sk)";
            }
            case BETWEEN_RAW -> {
                first = sort.rawFirst;
                second = sort.rawSecond;
                expression = "#sk BETWEEN :sk AND :sk2";
            }
            default -> {
                BoundKeyTemplate<?> template = shared(bindings, false);
                BoundKeyTemplate.Prefix prefix = template.prefix(sort.first);
                switch (sort.op) {
                    case EQ -> {
                        first = template.compose(sort.first);
                        expression = "#sk = :sk";
                    }
                    case BEGINS -> {
                        first = prefix.text();
                        expression = prefix.complete() ? "#sk = :sk" : "begins_with(#sk, :sk)";
                        if (first.isEmpty()) {
                            return; // no slot given and no literal before the first: every key matches
                        }
                    }
                    case LT -> {
                        first = prefix.text();
                        expression = "#sk < :sk";
                    }
                    case LE -> {
                        first = prefix.complete() ? prefix.text() : prefix.text() + AFTER_PREFIX;
                        expression = "#sk <= :sk";
                    }
                    case GT -> {
                        first = prefix.complete() ? prefix.text() : prefix.text() + AFTER_PREFIX;
                        expression = "#sk > :sk";
                    }
                    case GE -> {
                        first = prefix.text();
                        expression = "#sk >= :sk";
                    }
                    case BETWEEN -> {
                        first = prefix.text();
                        BoundKeyTemplate.Prefix upper = template.prefix(sort.second);
                        second = upper.complete() ? upper.text() : upper.text() + AFTER_PREFIX;
                        expression = "#sk BETWEEN :sk AND :sk2";
                    }
                    default -> throw new IllegalStateException(sort.op.name());
                }
            }
        }
        if (first.isEmpty() || (second != null && second.isEmpty())) {
            throw new ValidationException(what() + ": the sort key condition " + sort.op
                    + " has an empty value; give at least one slot value or a non-empty raw text");
        }
        if (second != null && compareUtf8(first, second) > 0) {
            throw new ValidationException(what() + ": sortBetween from '" + first + "' is above to '" + second
                    + "'; DynamoDB requires from <= to: swap them");
        }
        names.put("#sk", sortAttribute.get());
        values.put(":sk", AttributeValue.fromS(first));
        if (second != null) {
            values.put(":sk2", AttributeValue.fromS(second));
        }
        condition.append(" AND ").append(expression);
    }

    /** Compares as DynamoDB does: by UTF-8 bytes, which is code point order. */
    static int compareUtf8(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
