package dev.singletable.internal.reads;

import dev.singletable.KeyTemplate;
import dev.singletable.KeyValues;
import dev.singletable.TimeBucket;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.keys.ShardSlots;
import dev.singletable.internal.keys.TimeBuckets;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The partitions a query across time buckets or shards reads: the partition key values of each, in bucket order
 * (reversed when descending), then shard order, and the sort key condition they share. Refused before anything is
 * sent when the template has no such slot, when partition(...) already gives its value, or when they are more than
 * the query's maxPartitions.
 */
final class PartitionFanOut {
    private final String what;
    private final ReadSpec spec;
    private final KeyBinding<?> binding;

    /**
     * @param what    how messages name the query
     * @param binding the keys of the index (or table) the query reads
     */
    PartitionFanOut(String what, ReadSpec spec, KeyBinding<?> binding) {
        this.what = what;
        this.spec = spec;
        this.binding = binding;
    }

    /** The partition key values of each partition query, and the sort key condition every one of them takes. */
    record Partitions(List<KeyValues> values, Optional<SortKeyCondition> sort) {
    }

    Partitions partitions() {
        String where = spec.index().map(index -> "index " + index).orElse("the table");
        if (binding.partitionAttributes().size() != 1) {
            throw new ValidationException(what + " on " + where + ": a query across buckets or shards needs a partition key of one "
                    + "attribute; this one is made of " + binding.partitionAttributes());
        }
        BoundKeyTemplate<?> template = binding.partition();
        KeyValues base = spec.partition().orElse(KeyValues.none());
        List<Object> buckets = new ArrayList<>();
        buckets.add(null);
        String bucketed = null;
        long bucketCount = 1;
        if (spec.buckets().isPresent()) {
            ReadSpec.BucketRange range = spec.buckets().get();
            bucketed = range.attribute().name();
            KeyTemplate.Slot slot = bucketSlot(template, where, base, bucketed);
            bucketCount = checkedBucketCount(range, slot.bucket().get());
            if (bucketCount > spec.maxPartitions()) {
                throw tooMany(bucketCount, bucketCount + " " + slot.bucket().get() + " buckets from " + range.from() + " to " + range.to());
            }
            buckets = TimeBuckets.between(range.from(), range.to(), range.attribute().type(), slot.bucket().get(), spec.descending());
        }
        int shards = 1;
        String sharded = null;
        if (spec.allShards()) {
            KeyTemplate.Slot slot = shardSlot(template, where, base);
            sharded = slot.attribute();
            shards = slot.shardCount();
        }
        long total = bucketCount * shards;
        if (total > spec.maxPartitions()) {
            throw tooMany(total, (bucketed == null ? "" : bucketCount + " buckets times ") + shards + " shards");
        }
        Optional<SortKeyCondition> sort = spec.sort().isPresent() || bucketed == null ? spec.sort() : bucketSort(bucketed);
        List<KeyValues> partitions = new ArrayList<>((int) total);
        for (Object bucket : buckets) {
            for (int shard = 0; shard < shards; shard++) {
                KeyValues values = bucket == null ? base : base.and(bucketed, bucket);
                if (sharded != null) {
                    values = values.and(sharded, new ShardSlots.ShardNumber(shard));
                }
                partitions.add(values);
            }
        }
        return new Partitions(partitions, sort);
    }

    /** The time bucket slot of {@code name} that acrossBuckets reads, refused when the template has none or partition(...) gives it. */
    private KeyTemplate.Slot bucketSlot(BoundKeyTemplate<?> template, String where, KeyValues base, String name) {
        KeyTemplate.Slot slot = template.templateSlots().stream().filter(x -> x.attribute().equals(name) && x.bucket().isPresent())
                .findFirst().orElseThrow(() -> new ValidationException(what + " on " + where + ": acrossBuckets('" + name
                        + "') needs a time bucket slot {" + name + ":bucket=DAY} (or HOUR, MONTH) in the partition key template '"
                        + template.template().text() + "'; query the partition itself with partition(...), or bucket the template"));
        if (base.value(name).isPresent()) {
            throw new ValidationException(what + ": partition(...) gives '" + name + "', whose buckets acrossBuckets reads; "
                    + "drop it from partition(...)");
        }
        return slot;
    }

    /** The shard slot acrossShards reads, refused when the template has none, partition(...) gives it, or the template holds its attribute. */
    private KeyTemplate.Slot shardSlot(BoundKeyTemplate<?> template, String where, KeyValues base) {
        String text = template.template().text();
        KeyTemplate.Slot slot = template.templateSlots().stream().filter(KeyTemplate.Slot::isShard).findFirst()
                .orElseThrow(() -> new ValidationException(what + " on " + where + ": acrossShards() needs a shard slot "
                        + "{shard:of=attribute,count=N} in the partition key template '" + text + "'"));
        String name = slot.attribute();
        if (base.value(name).isPresent()) {
            throw new ValidationException(what + ": partition(...) gives '" + name + "', which picks one shard, and acrossShards() "
                    + "reads them all; drop one of them");
        }
        if (template.templateSlots().stream().anyMatch(x -> x.attribute().equals(name) && !x.isShard())) {
            throw new ValidationException(what + ": the partition key template '" + text + "' holds '" + name + "' itself, so "
                    + "its value picks the shard; query that partition with partition(...) rather than across shards");
        }
        return slot;
    }

    /**
     * Without a sort condition of the user's, the bucket range narrows the sort key too when the sort key template starts
     * with the bucketed attribute at full precision (not bucketed there): each partition reads only the range's items.
     */
    private Optional<SortKeyCondition> bucketSort(String bucketed) {
        if (binding.sort().isPresent() && !binding.sort().get().templateSlots().isEmpty()
                && binding.sort().get().templateSlots().get(0).attribute().equals(bucketed)
                && binding.sort().get().templateSlots().get(0).bucket().isEmpty()) {
            ReadSpec.BucketRange range = spec.buckets().get();
            return Optional.of(new SortKeyCondition.Between(KeyValues.of(bucketed, range.from()), KeyValues.of(bucketed, range.to())));
        }
        return Optional.empty();
    }

    private long checkedBucketCount(ReadSpec.BucketRange range, TimeBucket bucket) {
        long count;
        try {
            count = TimeBuckets.count(range.from(), range.to(), bucket);
        } catch (IllegalArgumentException e) {
            throw new ValidationException(what + ": acrossBuckets('" + range.attribute().name() + "'): " + e.getMessage(), e);
        }
        if (count == 0) {
            throw new ValidationException(what + ": acrossBuckets('" + range.attribute().name() + "') from " + range.from()
                    + " is after to " + range.to() + "; give from <= to (descending() reads the newest first)");
        }
        return count;
    }

    private ValidationException tooMany(long partitions, String detail) {
        return new ValidationException(what + ": the query would send " + partitions + " partition queries (" + detail
                + "), more than its maxPartitions of " + spec.maxPartitions() + "; narrow the range, or raise the bound with maxPartitions("
                + partitions + ") if that many requests are what you want");
    }
}
