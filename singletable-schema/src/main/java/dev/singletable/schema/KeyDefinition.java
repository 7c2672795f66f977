package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An entity's key templates on the primary key or one index: one template per key attribute
 * (several for a multi-attribute GSI key), and, for an index, the condition under which the item
 * is in it (a sparse index).
 *
 * <pre>{@code
 * keys: {pk: 'CUSTOMER#{customerId}', sk: 'ORDER#{orderId}'}
 * indexes:
 *   gsi2: {pk: SHIPPED, sk: '{shippedAt}', when: {present: shippedAt}}
 * }</pre>
 *
 * @param partition the partition key templates
 * @param sort the sort key templates; empty when the key has no sort key
 * @param when the sparse condition; empty when the item is in the index whenever its slots have values
 */
@Experimental
public record KeyDefinition(List<String> partition, List<String> sort, Optional<ConditionDefinition> when) {
    public KeyDefinition {
        partition = List.copyOf(partition);
        sort = List.copyOf(sort);
        Objects.requireNonNull(when, "when");
    }

    /** No templates: the keys of an entity whose keys are given by its states. */
    public static KeyDefinition none() {
        return new KeyDefinition(List.of(), List.of(), Optional.empty());
    }

    /** A key of a partition and a sort template. */
    public static KeyDefinition of(String partition, String sort) {
        return new KeyDefinition(List.of(partition), List.of(sort), Optional.empty());
    }
}
