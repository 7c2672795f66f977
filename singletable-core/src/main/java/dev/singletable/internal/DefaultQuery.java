package dev.singletable.internal;

import dev.singletable.KeyValues;
import dev.singletable.Query;
import dev.singletable.QueryResult;
import dev.singletable.UnknownEntityTypeException;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The {@link Query} implementation: an immutable description, turned into Query requests when run. */
public final class DefaultQuery<T> implements Query<T> {
    /** Sorts after every other character in DynamoDB's UTF-8 byte order: ends the range of keys sharing a prefix. */
    static final String AFTER_PREFIX = new String(Character.toChars(Character.MAX_CODE_POINT));
    private static final int MAX_GROWTH = 64;

    private enum Op { EQ, BEGINS, BEGINS_RAW, LT, LE, GT, GE, BETWEEN, BETWEEN_RAW }

    private record SortCondition(Op op, KeyValues first, KeyValues second, String rawFirst, String rawSecond) {
    }

    private record Spec(String indexName, KeyValues partition, SortCondition sort, boolean descending,
                        boolean consistent, int limit, int pageSize) {
    }

    private final DefaultTable table;
    private final String description;
    private final List<BoundEntity<? extends T>> members;
    private final boolean collection;
    private final Spec spec;

    private DefaultQuery(DefaultTable table, String description, List<BoundEntity<? extends T>> members, boolean collection, Spec spec) {
        this.table = table;
        this.description = description;
        this.members = members;
        this.collection = collection;
        this.spec = spec;
    }

    static <T> DefaultQuery<T> forEntity(DefaultTable table, BoundEntity<T> entity) {
        return new DefaultQuery<>(table, entity.type(), List.of(entity), false, new Spec(null, null, null, false, false, 0, 0));
    }

    static <T> DefaultQuery<T> forCollection(DefaultTable table, String description, List<BoundEntity<? extends T>> members) {
        return new DefaultQuery<>(table, description, List.copyOf(members), true, new Spec(null, null, null, false, false, 0, 0));
    }

    private DefaultQuery<T> with(Spec next) {
        return new DefaultQuery<>(table, description, members, collection, next);
    }

    @Override
    public Query<T> index(String indexName) {
        if (table.schema().index(indexName).isEmpty()) {
            throw new ValidationException("Query of " + description + ": table " + table.schema().name() + " has no index '"
                    + indexName + "'; its indexes are " + table.schema().indexes().stream().map(i -> i.name()).toList());
        }
        return with(new Spec(indexName, spec.partition, spec.sort, spec.descending, spec.consistent, spec.limit, spec.pageSize));
    }

    @Override
    public Query<T> partition(KeyValues values) {
        return with(new Spec(spec.indexName, values, spec.sort, spec.descending, spec.consistent, spec.limit, spec.pageSize));
    }

    private Query<T> sort(Op op, KeyValues first, KeyValues second, String rawFirst, String rawSecond) {
        if (spec.sort != null) {
            throw new ValidationException("Query of " + description + " already has sort key condition " + spec.sort.op
                    + "; DynamoDB takes one condition on the sort key (add filters for more)");
        }
        SortCondition condition = new SortCondition(op, first, second, rawFirst, rawSecond);
        return with(new Spec(spec.indexName, spec.partition, condition, spec.descending, spec.consistent, spec.limit, spec.pageSize));
    }

    @Override
    public Query<T> sortEquals(KeyValues values) {
        return sort(Op.EQ, values, null, null, null);
    }

    @Override
    public Query<T> sortBeginsWith(KeyValues values) {
        return sort(Op.BEGINS, values, null, null, null);
    }

    @Override
    public Query<T> sortBeginsWithRaw(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            throw new ValidationException("Query of " + description + ": sortBeginsWithRaw needs a non-empty prefix");
        }
        return sort(Op.BEGINS_RAW, null, null, prefix, null);
    }

    @Override
    public Query<T> sortLessThan(KeyValues values) {
        return sort(Op.LT, values, null, null, null);
    }

    @Override
    public Query<T> sortLessThanOrEqual(KeyValues values) {
        return sort(Op.LE, values, null, null, null);
    }

    @Override
    public Query<T> sortGreaterThan(KeyValues values) {
        return sort(Op.GT, values, null, null, null);
    }

    @Override
    public Query<T> sortGreaterThanOrEqual(KeyValues values) {
        return sort(Op.GE, values, null, null, null);
    }

    @Override
    public Query<T> sortBetween(KeyValues from, KeyValues to) {
        return sort(Op.BETWEEN, from, to, null, null);
    }

    @Override
    public Query<T> sortBetweenRaw(String from, String to) {
        return sort(Op.BETWEEN_RAW, null, null, from, to);
    }

    @Override
    public Query<T> descending() {
        return with(new Spec(spec.indexName, spec.partition, spec.sort, true, spec.consistent, spec.limit, spec.pageSize));
    }

    @Override
    public Query<T> consistentRead() {
        if (spec.indexName != null) {
            throw consistentOnIndex();
        }
        return with(new Spec(spec.indexName, spec.partition, spec.sort, spec.descending, true, spec.limit, spec.pageSize));
    }

    private ValidationException consistentOnIndex() {
        return new ValidationException("Query of " + description + ": consistent reads are not available on GSI '" + spec.indexName
                + "', which DynamoDB keeps eventually consistent; query the table itself, or drop consistentRead()");
    }

    @Override
    public Query<T> limit(int maxItems) {
        if (maxItems < 1) {
            throw new ValidationException("Query of " + description + ": limit must be at least 1, got " + maxItems);
        }
        return with(new Spec(spec.indexName, spec.partition, spec.sort, spec.descending, spec.consistent, maxItems, spec.pageSize));
    }

    @Override
    public Query<T> pageSize(int itemsPerRequest) {
        if (itemsPerRequest < 1) {
            throw new ValidationException("Query of " + description + ": page size must be at least 1, got " + itemsPerRequest);
        }
        return with(new Spec(spec.indexName, spec.partition, spec.sort, spec.descending, spec.consistent, spec.limit, itemsPerRequest));
    }

    // ---------------------------------------------------------------- rendering

    private String where() {
        return spec.indexName == null ? "the table" : "index " + spec.indexName;
    }

    private List<BoundEntity.KeyBinding<? extends T>> bindings() {
        List<BoundEntity.KeyBinding<? extends T>> bindings = new ArrayList<>(members.size());
        for (BoundEntity<? extends T> member : members) {
            bindings.add(member.binding(spec.indexName).orElseThrow(() -> new ValidationException("Query of " + description + ": "
                    + member.type() + " has no keys on index " + spec.indexName + "; its indexes are "
                    + member.schema().indexKeys().keySet())));
        }
        return bindings;
    }

    private BoundKeyTemplate<?> shared(List<BoundEntity.KeyBinding<? extends T>> bindings, boolean partition) {
        BoundKeyTemplate<?> first = null;
        for (BoundEntity.KeyBinding<? extends T> binding : bindings) {
            BoundKeyTemplate<?> template = partition ? binding.partition() : binding.sort().orElse(null);
            if (template == null) {
                throw new ValidationException("Query of " + description + ": " + where() + " has no sort key");
            }
            if (first != null && !first.template().equals(template.template())) {
                String templates = bindings.stream().map(b -> (partition ? b.partition() : b.sort().orElseThrow()).template().text())
                        .distinct().collect(Collectors.joining("', '", "'", "'"));
                throw new ValidationException("Query of " + description + " on " + where() + ": the members' "
                        + (partition ? "partition" : "sort") + " key templates differ (" + templates + "); "
                        + (partition ? "a collection's members must share the partition key template"
                        : "give the sort condition as raw text (sortBeginsWithRaw, sortBetweenRaw)"));
            }
            first = template;
        }
        return first;
    }

    @Override
    public QueryRequest toRequest() {
        return request(firstRequestLimit());
    }

    private int firstRequestLimit() {
        return spec.pageSize > 0 ? spec.pageSize : spec.limit;
    }

    private QueryRequest request(int requestLimit) {
        if (spec.partition == null) {
            throw new ValidationException("Query of " + description + " on " + where()
                    + " has no partition key; call partition(...) with the values of its slots");
        }
        if (spec.consistent && spec.indexName != null) {
            throw consistentOnIndex();
        }
        List<BoundEntity.KeyBinding<? extends T>> bindings = bindings();
        BoundEntity.KeyBinding<? extends T> binding = bindings.get(0);
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        names.put("#pk", binding.partitionAttribute());
        values.put(":pk", AttributeValue.fromS(shared(bindings, true).compose(spec.partition)));
        StringBuilder condition = new StringBuilder("#pk = :pk");
        if (spec.sort != null) {
            appendSortCondition(condition, names, values, bindings, binding.sortAttribute());
        }
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(table.schema().name())
                .keyConditionExpression(condition.toString())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (!collection) {
            names.put("#et", table.schema().entityTypeAttribute());
            values.put(":et", AttributeValue.fromS(members.get(0).type()));
            request.filterExpression("#et = :et");
        }
        request.expressionAttributeNames(names).expressionAttributeValues(values);
        if (spec.indexName != null) {
            request.indexName(spec.indexName);
        }
        if (spec.descending) {
            request.scanIndexForward(false);
        }
        if (spec.consistent) {
            request.consistentRead(true);
        }
        if (requestLimit > 0) {
            request.limit(requestLimit);
        }
        return request.build();
    }

    private void appendSortCondition(StringBuilder condition, Map<String, String> names, Map<String, AttributeValue> values,
                                     List<BoundEntity.KeyBinding<? extends T>> bindings, Optional<String> sortAttribute) {
        if (sortAttribute.isEmpty()) {
            throw new ValidationException("Query of " + description + ": " + where() + " has no sort key, so it takes no sort key condition");
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
            throw new ValidationException("Query of " + description + ": the sort key condition " + sort.op
                    + " has an empty value; give at least one slot value or a non-empty raw text");
        }
        if (second != null && compareUtf8(first, second) > 0) {
            throw new ValidationException("Query of " + description + ": sortBetween from '" + first + "' is above to '" + second
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

    // ---------------------------------------------------------------- running

    @Override
    public QueryResult<T> execute() {
        List<T> items = new ArrayList<>();
        int requests = 0;
        int scanned = 0;
        double capacity = 0;
        int growth = 1;
        Map<String, AttributeValue> startKey = null;
        QueryRequest first = request(firstRequestLimit());
        Map<String, String> context = Map.of("key condition", first.keyConditionExpression() + " " + first.expressionAttributeValues());
        do {
            int requestLimit = spec.pageSize > 0 ? spec.pageSize
                    : spec.limit > 0 ? (int) Math.min(1000L, (long) (spec.limit - items.size()) * growth) : 0;
            QueryRequest.Builder builder = first.toBuilder();
            builder.limit(requestLimit > 0 ? requestLimit : null);
            if (startKey != null) {
                builder.exclusiveStartKey(startKey);
            }
            QueryRequest request = builder.build();
            QueryResponse response = table.runner().send("Query", Optional.ofNullable(spec.indexName), description, context,
                    () -> table.client().query(request), QUERY_OUTCOME);
            requests++;
            scanned += response.scannedCount() == null ? 0 : response.scannedCount();
            if (response.consumedCapacity() != null && response.consumedCapacity().capacityUnits() != null) {
                capacity += response.consumedCapacity().capacityUnits();
            }
            for (Map<String, AttributeValue> item : response.items()) {
                items.add(decode(item));
                if (spec.limit > 0 && items.size() >= spec.limit) {
                    break;
                }
            }
            if (requestLimit > 0 && response.count() < requestLimit && growth < MAX_GROWTH) {
                growth *= 2; // a filter dropped items: read more per request rather than send many small ones
            }
            startKey = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty() ? response.lastEvaluatedKey() : null;
        } while (startKey != null && (spec.limit == 0 || items.size() < spec.limit));
        return new QueryResult<>(items, requests, scanned, capacity);
    }

    private T decode(Map<String, AttributeValue> item) {
        if (!collection) {
            return members.get(0).fromItem(item);
        }
        AttributeValue type = item.get(table.schema().entityTypeAttribute());
        String typeName = type == null ? "(none)" : type.s() == null ? ScalarType.describe(type) : type.s();
        for (BoundEntity<? extends T> member : members) {
            if (member.type().equals(typeName)) {
                return member.decode(item);
            }
        }
        String expected = members.stream().map(BoundEntity::type).collect(Collectors.joining(", "));
        throw new UnknownEntityTypeException("Query of " + description + " returned item "
                + BoundEntity.describeKey(table.schema(), item) + " with " + table.schema().entityTypeAttribute() + " '" + typeName
                + "', which is none of " + expected + "; add that entity to the collection, or narrow the sort key condition",
                expected, typeName);
    }

    private static final RequestRunner.Outcome<QueryResponse> QUERY_OUTCOME = new RequestRunner.Outcome<>() {
        @Override
        public int itemCount(QueryResponse response) {
            return response.count() == null ? 0 : response.count();
        }

        @Override
        public ConsumedCapacity capacity(QueryResponse response) {
            return response.consumedCapacity();
        }
    };
}
