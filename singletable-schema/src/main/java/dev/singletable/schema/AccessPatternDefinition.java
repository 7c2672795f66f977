package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A named access pattern: the entity or collection it reads, the index, the key values (each a
 * parameter, with the value written in the file as its example), the sort condition, filter,
 * order and limit.
 *
 * <pre>{@code
 * - name: posts-by-user
 *   description: A user's posts, newest first
 *   entity: Post
 *   partition: {username: alice}
 *   sort: {beginsWithRaw: 'POST#'}
 *   order: descending
 *   limit: 20
 * }</pre>
 *
 * @param name the pattern's name, unique in the file
 * @param description free text
 * @param operation query, get or scan
 * @param target the entity or collection read
 * @param index the index queried; empty for the table's primary key
 * @param key for get: the primary key's slot values; for query: the partition key's
 * @param sort the sort key condition of a query
 * @param filter the filter of a query or scan
 * @param order ascending or descending sort key order
 * @param limit the most items to return
 * @param acrossBuckets a query of every time bucket of the partition key from one value of the bucketed attribute
 *                      to another ({@code acrossBuckets: {attribute: takenAt, from: ..., to: ...}})
 * @param acrossShards  a query of every shard of the partition key's shard slot ({@code acrossShards: true})
 * @param rates         how often it runs and how many items a call returns ({@code rates: {peak: 300, average: 40, items: 20}});
 *                      empty for the cost model's defaults
 * @param select        the attributes a query or scan reads ({@code select: [title, status]}), each item returned holding only
 *                      those it has, as the Java API's {@code selectMaps(...)}; empty for whole items. The way to read a GSI
 *                      that projects KEYS_ONLY or INCLUDE when its projection holds what the caller needs
 * @param fetchFullItems whether a query of a GSI that projects KEYS_ONLY or INCLUDE reads each page's whole items
 *                      from the table ({@code fetchFullItems: true}: the index read, then one BatchGetItem a page), as the
 *                      Java API's {@code fetchFullItems()}
 * @param consistentRead whether a get, or a query or scan of the table or an LSI, reads strongly consistent
 *                      ({@code consistentRead: true}: the read sees every write acknowledged before it, at twice the read
 *                      units), as the Java API's {@code get(entity, key, ReadConsistency.STRONG)} and {@code consistentRead()};
 *                      a GSI cannot be read so (an error of the file)
 */
@Experimental
public record AccessPatternDefinition(String name, Optional<String> description, Operation operation, Target target,
                                      Optional<String> index, Map<String, Object> key, Optional<SortCondition> sort,
                                      Optional<ConditionDefinition> filter, Optional<Order> order, Optional<Integer> limit,
                                      Optional<BucketRange> acrossBuckets, boolean acrossShards, Optional<Rates> rates,
                                      List<String> select, boolean fetchFullItems, boolean consistentRead) {
    /** The suffix of the parameter that gives a range's lower bound: {@code createdAt.from}. */
    public static final String FROM = ".from";
    /** The suffix of the parameter that gives a range's upper bound: {@code createdAt.to}. */
    public static final String TO = ".to";

    /** A pattern that reads eventually consistent. */
    public AccessPatternDefinition(String name, Optional<String> description, Operation operation, Target target,
                                   Optional<String> index, Map<String, Object> key, Optional<SortCondition> sort,
                                   Optional<ConditionDefinition> filter, Optional<Order> order, Optional<Integer> limit,
                                   Optional<BucketRange> acrossBuckets, boolean acrossShards, Optional<Rates> rates,
                                   List<String> select, boolean fetchFullItems) {
        this(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets, acrossShards, rates, select,
                fetchFullItems, false);
    }

    /** A pattern that reads whole items as its index holds them (no select, no fetchFullItems). */
    public AccessPatternDefinition(String name, Optional<String> description, Operation operation, Target target,
                                   Optional<String> index, Map<String, Object> key, Optional<SortCondition> sort,
                                   Optional<ConditionDefinition> filter, Optional<Order> order, Optional<Integer> limit,
                                   Optional<BucketRange> acrossBuckets, boolean acrossShards, Optional<Rates> rates) {
        this(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets, acrossShards, rates, List.of(), false);
    }

    /** A pattern that declares no rates. */
    public AccessPatternDefinition(String name, Optional<String> description, Operation operation, Target target,
                                   Optional<String> index, Map<String, Object> key, Optional<SortCondition> sort,
                                   Optional<ConditionDefinition> filter, Optional<Order> order, Optional<Integer> limit,
                                   Optional<BucketRange> acrossBuckets, boolean acrossShards) {
        this(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets, acrossShards, Optional.empty());
    }

    /** A pattern that reads one partition (no buckets, no shards). */
    public AccessPatternDefinition(String name, Optional<String> description, Operation operation, Target target,
                                   Optional<String> index, Map<String, Object> key, Optional<SortCondition> sort,
                                   Optional<ConditionDefinition> filter, Optional<Order> order, Optional<Integer> limit) {
        this(name, description, operation, target, index, key, sort, filter, order, limit, Optional.empty(), false);
    }

    /**
     * The buckets a query reads: those of {@code attribute} from {@code from} to {@code to}, both as the file writes
     * the attribute's values.
     */
    public record BucketRange(String attribute, Object from, Object to) {
        public BucketRange {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
        }
    }

    public AccessPatternDefinition {
        Objects.requireNonNull(acrossBuckets, "acrossBuckets");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(index, "index");
        key = Definitions.copy(key, "key");
        Objects.requireNonNull(sort, "sort");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(rates, "rates");
        select = List.copyOf(Objects.requireNonNull(select, "select"));
    }

    /**
     * The pattern's parameters, each with the file's value as its example, in this order: the key values, the sort
     * condition's values, the bounds of a {@code between} sort condition and of {@code acrossBuckets} (the attribute's
     * name with {@code .from} or {@code .to}), and the values the filter compares with ({@code equals},
     * {@code notEquals}, {@code beginsWith}, {@code lessThan} ... {@code greaterThanOrEqual}, and a {@code between}'s bounds
     * as {@code total.from} and {@code total.to}; not those of {@code in} and {@code contains}, which the file fixes). A caller passes its own by these names; a name twice (an acrossBuckets
     * attribute that the between condition bounds too) is one parameter, the file's first value its example.
     *
     * <pre>{@code
     * // partition: {status: DELIVERED}, sort: {between: {from: {createdAt: 2025-02-01T00:00:00Z}, to: {createdAt: ...}}}
     * pattern.parameters().keySet();   // [status, createdAt.from, createdAt.to]
     * file.query(table, "orders-by-status-between-dates",
     *         Map.of("status", "PENDING", "createdAt.from", "2025-01-01T00:00:00Z", "createdAt.to", "2025-01-31T23:59:59Z"));
     * }</pre>
     */
    public Map<String, Object> parameters() {
        Map<String, Object> parameters = new java.util.LinkedHashMap<>(key);
        sort.ifPresent(condition -> {
            if (condition.operator() == SortOperator.BETWEEN) {
                condition.values().forEach((attribute, value) -> parameters.putIfAbsent(attribute + FROM, value));
                condition.to().forEach((attribute, value) -> parameters.putIfAbsent(attribute + TO, value));
            } else {
                condition.values().forEach(parameters::putIfAbsent);
            }
        });
        acrossBuckets.ifPresent(range -> {
            parameters.putIfAbsent(range.attribute() + FROM, range.from());
            parameters.putIfAbsent(range.attribute() + TO, range.to());
        });
        filter.ifPresent(condition -> condition.comparedValues().forEach(parameters::putIfAbsent));
        return java.util.Collections.unmodifiableMap(parameters);
    }

    /**
     * The attribute whose type reads a parameter of {@link #parameters()}: that a range bound bounds ({@code createdAt}
     * for {@code createdAt.from}), else the parameter's own name.
     */
    public String parameterAttribute(String parameter) {
        Set<String> bounded = new java.util.HashSet<>();
        sort.filter(condition -> condition.operator() == SortOperator.BETWEEN).ifPresent(condition -> {
            bounded.addAll(condition.values().keySet());
            bounded.addAll(condition.to().keySet());
        });
        acrossBuckets.ifPresent(range -> bounded.add(range.attribute()));
        filter.ifPresent(condition -> condition.comparedValues().keySet().forEach(name -> {
            for (String suffix : List.of(FROM, TO)) {
                if (name.endsWith(suffix)) {
                    bounded.add(name.substring(0, name.length() - suffix.length()));
                }
            }
        }));
        for (String suffix : List.of(FROM, TO)) {
            String attribute = parameter.substring(0, Math.max(0, parameter.length() - suffix.length()));
            if (parameter.endsWith(suffix) && bounded.contains(attribute)) {
                return attribute;
            }
        }
        return parameter;
    }

    /** The same pattern with these rates. */
    public AccessPatternDefinition withRates(Rates rates) {
        return new AccessPatternDefinition(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets,
                acrossShards, Optional.of(rates), select, fetchFullItems, consistentRead);
    }

    /** The same pattern reading only these attributes ({@code select}), or whole items again when empty. */
    public AccessPatternDefinition withSelect(List<String> attributes) {
        return new AccessPatternDefinition(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets,
                acrossShards, rates, attributes, fetchFullItems, consistentRead);
    }

    /** The same pattern reading its items' whole items from the table after the index read, or not. */
    public AccessPatternDefinition withFetchFullItems(boolean fetch) {
        return new AccessPatternDefinition(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets,
                acrossShards, rates, select, fetch, consistentRead);
    }

    /** The same pattern reading strongly consistent, or eventually consistent again. */
    public AccessPatternDefinition withConsistentRead(boolean consistent) {
        return new AccessPatternDefinition(name, description, operation, target, index, key, sort, filter, order, limit, acrossBuckets,
                acrossShards, rates, select, fetchFullItems, consistent);
    }

    /** What an access pattern sends. */
    public enum Operation {
        /** GetItem by the primary key. */
        GET,
        /** Query of one partition. */
        QUERY,
        /** Scan of the whole table (flagged by design tools). */
        SCAN
    }

    /** Sort key order. */
    public enum Order {
        ASCENDING, DESCENDING
    }

    /** The entity type or the collection a pattern reads. */
    public record Target(Kind kind, String name) {
        public Target {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
        }

        public static Target entity(String name) {
            return new Target(Kind.ENTITY, name);
        }

        public static Target collection(String name) {
            return new Target(Kind.COLLECTION, name);
        }

        /** Entity or collection. */
        public enum Kind {
            ENTITY, COLLECTION
        }
    }

    /**
     * A sort key condition given by slot values of the sort key template.
     *
     * @param operator the comparison
     * @param values the slot values (the lower bound of between)
     * @param to the upper bound of between; empty otherwise
     * @param rawPrefix the prefix of beginsWithRaw; empty otherwise
     */
    public record SortCondition(SortOperator operator, Map<String, Object> values, Map<String, Object> to, Optional<String> rawPrefix) {
        public SortCondition {
            Objects.requireNonNull(operator, "operator");
            values = Definitions.copy(values, "values");
            to = Definitions.copy(to, "to");
            Objects.requireNonNull(rawPrefix, "rawPrefix");
        }
    }

    /** The sort key comparisons, by their names in the file. */
    public enum SortOperator {
        EQUALS("equals"), BEGINS_WITH("beginsWith"), LESS_THAN("lessThan"), LESS_THAN_OR_EQUAL("lessThanOrEqual"),
        GREATER_THAN("greaterThan"), GREATER_THAN_OR_EQUAL("greaterThanOrEqual"), BETWEEN("between"), BEGINS_WITH_RAW("beginsWithRaw"),
        CHILDREN("children"), SUBTREE("subtree");

        private final String fileName;

        SortOperator(String fileName) {
            this.fileName = fileName;
        }

        public String fileName() {
            return fileName;
        }

        public static Optional<SortOperator> ofFileName(String name) {
            for (SortOperator operator : values()) {
                if (operator.fileName.equals(name)) {
                    return Optional.of(operator);
                }
            }
            return Optional.empty();
        }
    }
}
