package dev.singletable.internal.reads;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.KeyValues;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The settings of a query or scan, as the builder steps left them. Immutable: a step makes a changed
 * copy through {@link #with}.
 *
 * @param limit      items to return at the most; 0 for no limit
 * @param pageSize   items to read per request; 0 to let the limit (or DynamoDB's 1 MB) decide
 * @param projection the attributes to read; empty for whole items
 * @param asMaps     decode items to maps of the projected attributes rather than to entities
 * @param fetchFull  read each page's whole items from the table (BatchGetItem) after the index query
 */
record ReadSpec(Optional<String> index, Optional<KeyValues> partition, Optional<SortKeyCondition> sort, boolean descending,
                boolean consistent, int limit, int pageSize, Condition filter, boolean includeExpired,
                List<Attribute<?, ?>> projection, boolean asMaps, Optional<Segment> segment, boolean fetchFull,
                Optional<BucketRange> buckets, boolean allShards, int maxPartitions, int parallelism) {

    /** How many partitions a query across buckets or shards may read unless told otherwise. */
    static final int DEFAULT_MAX_PARTITIONS = 100;

    /** How many partition queries a query across buckets or shards sends at once unless told otherwise. */
    static final int DEFAULT_PARALLELISM = 4;

    /** The partitions of the time buckets from {@code from} to {@code to} (inclusive) of a bucketed attribute. */
    record BucketRange(Attribute<?, ?> attribute, Object from, Object to) {
    }

    /** True when the read runs one query per bucket or shard and merges them. */
    boolean fansOut() {
        return buckets.isPresent() || allShards;
    }

    /** One of {@code total} parallel scan segments, numbered from 0. */
    record Segment(int segment, int total) {
    }

    static final ReadSpec DEFAULT = new ReadSpec(Optional.empty(), Optional.empty(), Optional.empty(), false, false, 0, 0,
            Condition.none(), false, List.of(), false, Optional.empty(), false, Optional.empty(), false, DEFAULT_MAX_PARTITIONS,
            DEFAULT_PARALLELISM);

    ReadSpec with(Consumer<Changes> change) {
        Changes changes = new Changes(this);
        change.accept(changes);
        return changes.build();
    }

    /** The fields of a spec being changed by one builder step. */
    static final class Changes {
        Optional<String> index;
        Optional<KeyValues> partition;
        Optional<SortKeyCondition> sort;
        boolean descending;
        boolean consistent;
        int limit;
        int pageSize;
        Condition filter;
        boolean includeExpired;
        List<Attribute<?, ?>> projection;
        boolean asMaps;
        Optional<Segment> segment;
        boolean fetchFull;
        Optional<BucketRange> buckets;
        boolean allShards;
        int maxPartitions;
        int parallelism;

        private Changes(ReadSpec from) {
            index = from.index;
            partition = from.partition;
            sort = from.sort;
            descending = from.descending;
            consistent = from.consistent;
            limit = from.limit;
            pageSize = from.pageSize;
            filter = from.filter;
            includeExpired = from.includeExpired;
            projection = from.projection;
            asMaps = from.asMaps;
            segment = from.segment;
            fetchFull = from.fetchFull;
            buckets = from.buckets;
            allShards = from.allShards;
            maxPartitions = from.maxPartitions;
            parallelism = from.parallelism;
        }

        private ReadSpec build() {
            return new ReadSpec(index, partition, sort, descending, consistent, limit, pageSize, filter, includeExpired,
                    projection, asMaps, segment, fetchFull, buckets, allShards, maxPartitions, parallelism);
        }
    }
}
