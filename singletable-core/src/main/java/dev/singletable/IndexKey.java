package dev.singletable;

import java.util.Objects;
import java.util.Optional;

/**
 * An entity's key templates on one index (the table's primary key or a GSI): a partition key
 * template and, when the index has a sort key, a sort key template.
 *
 * <pre>{@code
 * IndexKey.of("CUSTOMER#{customerId}", "ORDER#{orderId}")
 * }</pre>
 */
public final class IndexKey {
    private final KeyTemplate partition;
    private final KeyTemplate sort;

    private IndexKey(KeyTemplate partition, KeyTemplate sort) {
        this.partition = Objects.requireNonNull(partition, "partition");
        this.sort = sort;
    }

    public static IndexKey of(String partitionTemplate, String sortTemplate) {
        return new IndexKey(KeyTemplate.parse(partitionTemplate), KeyTemplate.parse(sortTemplate));
    }

    /** For an index without a sort key. */
    public static IndexKey of(String partitionTemplate) {
        return new IndexKey(KeyTemplate.parse(partitionTemplate), null);
    }

    public KeyTemplate partition() {
        return partition;
    }

    public Optional<KeyTemplate> sort() {
        return Optional.ofNullable(sort);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexKey other && other.partition.equals(partition) && Objects.equals(other.sort, sort);
    }

    @Override
    public int hashCode() {
        return Objects.hash(partition, sort);
    }

    @Override
    public String toString() {
        return sort == null ? partition.text() : partition.text() + " / " + sort.text();
    }
}
