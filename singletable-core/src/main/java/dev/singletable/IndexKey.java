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
public record IndexKey(KeyTemplate partition, Optional<KeyTemplate> sort) {

    /** Checks both parts are given; {@code sort} is empty for a key without a sort key. */
    public IndexKey {
        NullArgumentException.check("IndexKey", "partition", partition, "sort", sort);
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(sort, "sort");
    }

    /** A key with a partition and a sort template, both parsed. */
    public static IndexKey of(String partitionTemplate, String sortTemplate) {
        NullArgumentException.check("IndexKey.of", "partitionTemplate", partitionTemplate, "sortTemplate", sortTemplate);
        return new IndexKey(KeyTemplate.parse(partitionTemplate), Optional.of(KeyTemplate.parse(sortTemplate)));
    }

    /** A key with a partition template only. */
    public static IndexKey of(String partitionTemplate) {
        NullArgumentException.check("IndexKey.of", "partitionTemplate", partitionTemplate);
        return new IndexKey(KeyTemplate.parse(partitionTemplate), Optional.empty());
    }

    @Override
    public String toString() {
        return sort.map(s -> partition.text() + " / " + s.text()).orElse(partition.text());
    }
}
