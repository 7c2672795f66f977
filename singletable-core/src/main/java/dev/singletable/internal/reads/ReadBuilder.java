package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.KeyValues;

import java.util.List;
import java.util.Optional;

/**
 * The one builder of queries and scans, sync and async: every step of {@code Query}, {@code Scan},
 * {@code AsyncQuery} and {@code AsyncScan} returns the same kind of builder ({@code S}) over a changed
 * {@link ReadDefinition}. Subclasses add the terminal operations; the public interfaces show each
 * read only its own steps (a scan has no sort key condition, a query no segment).
 *
 * @param <T> what each item decodes to
 * @param <S> the builder type a step returns, such as {@code Query<T>}
 * @param <C> the SDK client the read runs on
 */
abstract class ReadBuilder<T, S, C> {
    /** Makes the builder of the same kind over another definition, whatever it decodes to. */
    @FunctionalInterface
    interface Maker<C> {
        <R> ReadBuilder<R, ?, C> make(C client, ReadDefinition<R> definition);
    }

    private final C client;
    private final ReadDefinition<T> definition;
    private final Maker<C> maker;

    ReadBuilder(C client, ReadDefinition<T> definition, Maker<C> maker) {
        this.client = client;
        this.definition = definition;
        this.maker = maker;
    }

    final C client() {
        return client;
    }

    final ReadDefinition<T> definition() {
        return definition;
    }

    /** The builder over {@code next}; the maker makes the subclass that {@code B} names. */
    @SuppressWarnings("unchecked")
    private <R, B> B with(ReadDefinition<R> next) {
        return (B) maker.make(client, next);
    }

    /** The builder of maps of these attributes: what each subclass's {@code selectMaps} returns. */
    final <B> B maps(Attribute<?, ?>... attributes) {
        NullArgumentException.checkOn(this, "maps", "attributes", attributes);
        return with(definition.selectMaps(List.of(attributes)));
    }

    public S index(String indexName) {
        NullArgumentException.checkOn(this, "index", "indexName", indexName);
        return with(definition.index(indexName));
    }

    public S partition(KeyValues values) {
        NullArgumentException.checkOn(this, "partition", "values", values);
        return with(definition.partition(values));
    }

    public S sortEquals(KeyValues values) {
        NullArgumentException.checkOn(this, "sortEquals", "values", values);
        return with(definition.sort(new SortKeyCondition.Compare(SortKeyCondition.Op.EQ, values)));
    }

    public S sortBeginsWith(KeyValues values) {
        NullArgumentException.checkOn(this, "sortBeginsWith", "values", values);
        return with(definition.sort(new SortKeyCondition.Compare(SortKeyCondition.Op.BEGINS, values)));
    }

    public S sortBeginsWithRaw(String prefix) {
        NullArgumentException.checkOn(this, "sortBeginsWithRaw", "prefix", prefix);
        return with(definition.sortBeginsWithRaw(prefix));
    }

    public S sortLessThan(KeyValues values) {
        NullArgumentException.checkOn(this, "sortLessThan", "values", values);
        return with(definition.sort(new SortKeyCondition.Compare(SortKeyCondition.Op.LT, values)));
    }

    public S sortLessThanOrEqual(KeyValues values) {
        NullArgumentException.checkOn(this, "sortLessThanOrEqual", "values", values);
        return with(definition.sort(new SortKeyCondition.Compare(SortKeyCondition.Op.LE, values)));
    }

    public S sortGreaterThan(KeyValues values) {
        NullArgumentException.checkOn(this, "sortGreaterThan", "values", values);
        return with(definition.sort(new SortKeyCondition.Compare(SortKeyCondition.Op.GT, values)));
    }

    public S sortGreaterThanOrEqual(KeyValues values) {
        NullArgumentException.checkOn(this, "sortGreaterThanOrEqual", "values", values);
        return with(definition.sort(new SortKeyCondition.Compare(SortKeyCondition.Op.GE, values)));
    }

    public S sortBetween(KeyValues from, KeyValues to) {
        NullArgumentException.checkOn(this, "sortBetween", "from", from, "to", to);
        return with(definition.sort(new SortKeyCondition.Between(from, to)));
    }

    public S sortBetweenRaw(String from, String to) {
        NullArgumentException.checkOn(this, "sortBetweenRaw", "from", from, "to", to);
        return with(definition.sort(new SortKeyCondition.Raw(SortKeyCondition.Op.BETWEEN_RAW, from, Optional.of(to))));
    }

    public S sortChildren(KeyValues values) {
        NullArgumentException.checkOn(this, "sortChildren", "values", values);
        return with(definition.hierarchy(SortKeyCondition.Op.CHILDREN, values));
    }

    public S sortSubtree(KeyValues values) {
        NullArgumentException.checkOn(this, "sortSubtree", "values", values);
        return with(definition.hierarchy(SortKeyCondition.Op.SUBTREE, values));
    }

    public <V> S acrossBuckets(Attribute<?, V> attribute, V from, V to) {
        NullArgumentException.checkOn(this, "acrossBuckets", "attribute", attribute, "from", from, "to", to);
        return with(definition.acrossBuckets(attribute, from, to));
    }

    public S acrossShards() {
        return with(definition.acrossShards());
    }

    public S maxPartitions(int partitions) {
        return with(definition.maxPartitions(partitions));
    }

    public S parallelism(int queries) {
        return with(definition.parallelism(queries));
    }

    public S descending() {
        return with(definition.descending());
    }

    public S segment(int segment, int totalSegments) {
        return with(definition.segment(segment, totalSegments));
    }

    public S consistentRead() {
        return with(definition.consistentRead());
    }

    public S fetchFullItems() {
        return with(definition.fetchFullItems());
    }

    public S limit(int maxItems) {
        return with(definition.limit(maxItems));
    }

    public S pageSize(int itemsPerRequest) {
        return with(definition.pageSize(itemsPerRequest));
    }

    public S filter(Condition filter) {
        NullArgumentException.checkOn(this, "filter", "filter", filter);
        return with(definition.filter(filter));
    }

    public S includeExpired() {
        return with(definition.includeExpired());
    }

    public S select(Attribute<?, ?>... attributes) {
        NullArgumentException.checkOn(this, "select", "attributes", attributes);
        return with(definition.select(List.of(attributes)));
    }
}
