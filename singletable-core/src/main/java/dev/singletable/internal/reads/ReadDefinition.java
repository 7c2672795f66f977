package dev.singletable.internal.reads;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Everything a query or scan is, independent of the client that runs it: what it reads (a
 * {@link ReadSubject}) and how (a {@link ReadSpec}). Each builder step checks its input and returns a
 * changed copy; {@link ReadRequests} renders it and an {@link ItemDecoder} decodes its items.
 *
 * @param <T> what each item decodes to: an entity, a collection's common type, or a map
 */
final class ReadDefinition<T> implements PagedRead<T, Map<String, AttributeValue>> {
    private final ReadKind kind;
    private final ReadSubject<?> subject;
    private final ReadSpec spec;
    private final ReadRequests requests;
    private final ItemDecoder<T> decoder;

    private ReadDefinition(ReadKind kind, ReadSubject<?> subject, ReadSpec spec, ItemDecoder<T> decoder) {
        this.kind = kind;
        this.subject = subject;
        this.spec = spec;
        this.requests = new ReadRequests(kind, subject, spec);
        this.decoder = decoder;
    }

    static <T> ReadDefinition<T> of(ReadKind kind, ReadSubject<T> subject) {
        return new ReadDefinition<>(kind, subject, ReadSpec.DEFAULT,
                ItemDecoder.entities(subject, kind.what(subject.description()), kind.narrowing()));
    }

    private ReadDefinition<T> with(Consumer<ReadSpec.Changes> change) {
        return new ReadDefinition<>(kind, subject, spec.with(change), decoder);
    }

    String what() {
        return kind.what(subject.description());
    }

    private BoundTable table() {
        return subject.table();
    }

    // ---------------------------------------------------------------- builder steps

    ReadDefinition<T> index(String indexName) {
        if (table().schema().index(indexName).isEmpty()) {
            throw new ValidationException(what() + ": table " + table().schema().name() + " has no index '" + indexName + "'; "
                    + IndexNames.listed(table().schema().indexes().stream().map(IndexSchema::name).toList(),
                            "declare one in its TableSchema (IndexSchema), or query the table itself"));
        }
        if (spec.consistent() && table().schema().index(indexName).get().kind() == IndexKind.GLOBAL) {
            throw ReadRefusals.consistentOnIndex(what(), kind, indexName);
        }
        return with(s -> s.index = Optional.of(indexName));
    }

    ReadDefinition<T> partition(KeyValues values) {
        Objects.requireNonNull(values, "values");
        return with(s -> s.partition = Optional.of(values));
    }

    ReadDefinition<T> sort(SortKeyCondition condition) {
        if (spec.sort().isPresent()) {
            throw new ValidationException(what() + " already has sort key condition " + spec.sort().get().op()
                    + "; DynamoDB takes one condition on the sort key (add a filter for more)");
        }
        return with(s -> s.sort = Optional.of(condition));
    }

    ReadDefinition<T> sortBeginsWithRaw(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            throw new ValidationException(what() + ": sortBeginsWithRaw needs a non-empty prefix");
        }
        return sort(new SortKeyCondition.Raw(SortKeyCondition.Op.BEGINS_RAW, prefix, Optional.empty()));
    }

    ReadDefinition<T> descending() {
        return with(s -> s.descending = true);
    }

    ReadDefinition<T> consistentRead() {
        if (spec.index().isPresent() && table().schema().index(spec.index().get()).orElseThrow().kind() == IndexKind.GLOBAL) {
            throw ReadRefusals.consistentOnIndex(what(), kind, spec.index().get());
        }
        return with(s -> s.consistent = true);
    }

    ReadDefinition<T> limit(int maxItems) {
        if (maxItems < 1) {
            throw new ValidationException(what() + ": limit must be at least 1, got " + maxItems);
        }
        return with(s -> s.limit = maxItems);
    }

    ReadDefinition<T> pageSize(int itemsPerRequest) {
        if (itemsPerRequest < 1) {
            throw new ValidationException(what() + ": page size must be at least 1, got " + itemsPerRequest);
        }
        return with(s -> s.pageSize = itemsPerRequest);
    }

    ReadDefinition<T> filter(Condition filter) {
        Objects.requireNonNull(filter, "filter (use Condition.none() for no filter)");
        Expressions.checkNames(what(), "filter", filter, table().schema(), subject.members().stream().map(BoundEntity::schema).toList());
        return with(s -> s.filter = s.filter.and(filter));
    }

    ReadDefinition<T> fetchFullItems() {
        if (spec.index().isEmpty()) {
            throw new ValidationException(what() + ": fetchFullItems() reads the table's items after an index query, and this "
                    + "query reads the table itself, whose items are whole already; drop fetchFullItems() or query an index");
        }
        if (!spec.projection().isEmpty()) {
            throw new ValidationException(what() + ": fetchFullItems() reads whole items, select(...) reads some attributes; "
                    + "use one of them");
        }
        return with(s -> s.fetchFull = true);
    }

    /** The children or the subtree of the node whose path the values give (see {@link SortKeyCondition.Hierarchy}). */
    ReadDefinition<T> hierarchy(SortKeyCondition.Op op, KeyValues values) {
        String step = op == SortKeyCondition.Op.CHILDREN ? "sortChildren" : "sortSubtree";
        for (Map.Entry<String, Object> entry : values.asMap().entrySet()) {
            boolean isPath = subject.members().stream().anyMatch(member -> member.schema().attribute(entry.getKey())
                    .filter(attribute -> BoundKeyTemplate.isPath(attribute.type())).isPresent());
            if (!isPath) {
                continue;
            }
            if (!(entry.getValue() instanceof List<?> node) || node.isEmpty() || node.stream().anyMatch(s -> !(s instanceof String))) {
                throw new ValidationException(what() + ": " + step + " needs the node's path in '" + entry.getKey()
                        + "' as a non-empty List<String>, such as List.of(\"ELECTRONICS\", \"AUDIO\"); given " + entry.getValue());
            }
            List<String> segments = node.stream().map(String.class::cast).toList();
            return sort(new SortKeyCondition.Hierarchy(op, values, entry.getKey(), segments));
        }
        throw new ValidationException(what() + ": " + step + " needs the value of a path attribute (a List<String> whose slot ends the "
                + "sort key template, such as 'CATEGORY#{path}'); given: " + values.asMap().keySet());
    }

    /** One query per time bucket from {@code from} to {@code to}, merged (see {@link CrossPartitionReads}). */
    ReadDefinition<T> acrossBuckets(Attribute<?, ?> attribute, Object from, Object to) {
        if (spec.buckets().isPresent()) {
            throw new ValidationException(what() + " already reads across the buckets of '" + spec.buckets().get().attribute().name()
                    + "'; a query reads one range of buckets");
        }
        boolean known = subject.members().stream().anyMatch(m -> m.schema().attribute(attribute.name()).isPresent());
        if (!known) {
            throw new ValidationException(what() + ": acrossBuckets names '" + attribute.name() + "', which is not an attribute of "
                    + subject.memberTypes(" or "));
        }
        return with(s -> s.buckets = Optional.of(new ReadSpec.BucketRange(attribute, from, to)));
    }

    /** One query per shard of the partition key's shard slot, merged. */
    ReadDefinition<T> acrossShards() {
        return with(s -> s.allShards = true);
    }

    ReadDefinition<T> maxPartitions(int partitions) {
        if (partitions < 1) {
            throw new ValidationException(what() + ": maxPartitions must be at least 1, got " + partitions);
        }
        return with(s -> s.maxPartitions = partitions);
    }

    ReadDefinition<T> parallelism(int queries) {
        if (queries < 1 || queries > 64) {
            throw new ValidationException(what() + ": parallelism must be from 1 to 64 queries at once, got " + queries);
        }
        return with(s -> s.parallelism = queries);
    }

    boolean fansOut() {
        return spec.fansOut();
    }

    int parallelism() {
        return spec.parallelism();
    }

    boolean descendingOrder() {
        return spec.descending();
    }

    /** The read index's sort key attributes, which order the merge of a query across partitions. */
    List<String> sortAttributes() {
        return binding().sortAttributes();
    }

    private KeyBinding<?> binding() {
        BoundEntity<?> member = subject.first();
        return member.binding(spec.index()).orElseThrow(() -> new ValidationException(what() + ": " + member.type()
                + " has no keys on index " + spec.index().orElse("") + "; " + IndexNames.listed(member.schema().indexKeys().keySet())));
    }

    /**
     * The query of each partition a query across buckets or shards reads, in bucket order (reversed when
     * descending), then shard order (see {@link PartitionFanOut}). Refused before anything is sent when they are
     * more than its maxPartitions.
     */
    List<ReadDefinition<T>> partitions() {
        PartitionFanOut.Partitions fanOut = new PartitionFanOut(what(), spec, binding()).partitions();
        List<ReadDefinition<T>> partitions = new ArrayList<>(fanOut.values().size());
        for (KeyValues partition : fanOut.values()) {
            partitions.add(with(s -> {
                s.partition = Optional.of(partition);
                s.sort = fanOut.sort();
                s.buckets = Optional.empty();
                s.allShards = false;
            }));
        }
        return partitions;
    }

    dev.singletable.internal.table.CursorCodec cursors() {
        return table().cursors();
    }

    /** What the cursors of a query across partitions are bound to: every partition's query. */
    byte[] fingerprint() {
        return requests.fingerprint();
    }

    /** Returns items whose TTL has passed too, which reads otherwise skip. */
    ReadDefinition<T> includeExpired() {
        return with(s -> s.includeExpired = true);
    }

    ReadDefinition<T> segment(int segment, int totalSegments) {
        if (totalSegments < 1 || totalSegments > 1_000_000 || segment < 0 || segment >= totalSegments) {
            throw new ValidationException(what() + ": segment " + segment + " of " + totalSegments
                    + " is out of range; DynamoDB takes 1 to 1,000,000 segments numbered from 0");
        }
        return with(s -> s.segment = Optional.of(new ReadSpec.Segment(segment, totalSegments)));
    }

    /** Partial entities: only these attributes are read; fails when an entity cannot be built without one left out. */
    ReadDefinition<T> select(List<Attribute<?, ?>> attributes) {
        List<Attribute<?, ?>> projection = checkedProjection(attributes);
        for (BoundEntity<?> member : subject.members()) {
            List<String> missing = new ArrayList<>();
            for (Attribute<?, ?> attribute : member.schema().attributes()) {
                if (attribute.isRequired() && attribute.type().valueWhenAbsent().isEmpty()
                        && projection.stream().noneMatch(a -> a.name().equals(attribute.name()))) {
                    missing.add(attribute.name());
                }
            }
            if (!missing.isEmpty()) {
                String them = missing.size() == 1 ? "it" : "them";
                throw new ValidationException(what() + ": the projection " + names(projection) + " leaves out required attribute"
                        + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing) + " of " + member.type()
                        + ", which cannot be built without " + them + "; add " + them
                        + " to select(...), or use selectMaps(...) for plain maps");
            }
        }
        ReadSpec next = spec.with(s -> {
            s.projection = projection;
            s.asMaps = false;
        });
        return new ReadDefinition<>(kind, subject, next, decoder);
    }

    /** Plain maps of attribute name to decoded value, holding only these attributes (those an item has). */
    ReadDefinition<Map<String, Object>> selectMaps(List<Attribute<?, ?>> attributes) {
        List<Attribute<?, ?>> projection = checkedProjection(attributes);
        ReadSpec next = spec.with(s -> {
            s.projection = projection;
            s.asMaps = true;
        });
        return new ReadDefinition<>(kind, subject, next, ItemDecoder.maps(subject, projection, what(), kind.narrowing()));
    }

    private List<Attribute<?, ?>> checkedProjection(List<Attribute<?, ?>> attributes) {
        if (spec.fetchFull()) {
            throw new ValidationException(what() + ": fetchFullItems() reads whole items, select(...) reads some attributes; "
                    + "use one of them");
        }
        if (attributes.isEmpty()) {
            throw new ValidationException(what() + ": a projection needs at least one attribute");
        }
        for (Attribute<?, ?> attribute : attributes) {
            boolean known = subject.members().stream().anyMatch(m -> m.schema().attribute(attribute.name()).isPresent());
            if (!known) {
                throw new ValidationException(what() + ": projected attribute '" + attribute.name() + "' is not an attribute of "
                        + subject.memberTypes(" or "));
            }
        }
        return List.copyOf(attributes);
    }

    private static String names(List<Attribute<?, ?>> attributes) {
        return attributes.stream().map(Attribute::name).toList().toString();
    }

    // ---------------------------------------------------------------- the first request, as it would be sent

    QueryRequest queryRequest() {
        return requests.queryRequest(firstRequestLimit());
    }

    /** See {@link ReadRequests#notes()}. */
    List<String> notes() {
        return requests.notes();
    }

    ScanRequest scanRequest() {
        return requests.scanRequest(firstRequestLimit());
    }

    private int firstRequestLimit() {
        return spec.pageSize() > 0 ? spec.pageSize() : spec.limit();
    }

    // ---------------------------------------------------------------- counting

    PageRequest<?, ?, Map<String, AttributeValue>> countRequest(Optional<Map<String, AttributeValue>> from) {
        return requests.request(spec.pageSize(), from.orElse(Map.of()), true);
    }

    long countOf(RawPage<?> page) {
        return requests.countOf(page);
    }

    // ---------------------------------------------------------------- paging

    @Override
    public int limit() {
        return spec.limit();
    }

    @Override
    public int requestLimit(int returned, int growth) {
        if (spec.pageSize() > 0) {
            return spec.pageSize();
        }
        return spec.limit() > 0 ? (int) Math.min(1000L, (long) (spec.limit() - returned) * growth) : 0;
    }

    @Override
    public PageRequest<?, ?, Map<String, AttributeValue>> request(int limit, Optional<Map<String, AttributeValue>> from) {
        return requests.request(limit, from.orElse(Map.of()), false);
    }

    @Override
    public ItemReading<T> items() {
        return new ItemReading<>(subject.table(), spec.includeExpired(), decoder, subject);
    }

    @Override
    public Map<String, AttributeValue> positionAfter(Map<String, AttributeValue> item) {
        return requests.keyOf(item);
    }

    @Override
    public String cursorFor(Map<String, AttributeValue> startKey) {
        return table().cursors().encodeKey(requests.fingerprint(), startKey);
    }

    @Override
    public Map<String, AttributeValue> positionOf(String cursor) {
        return table().cursors().decodeKey(cursor, requests.fingerprint(), what());
    }
}
