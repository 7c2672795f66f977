package dev.singletable.capacity;

import dev.singletable.Experimental;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.TableSchema;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What an item puts into a secondary index: nothing when it lacks one of the index's key attributes (a sparse index
 * leaves it out), else the table's and the index's key attributes plus what the index projects (everything for
 * {@code ALL}, the named attributes it has for {@code INCLUDE}). Reads of the index and writes to it are billed by the
 * size of this entry (<a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html">GSI: provisioned
 * throughput considerations</a>).
 *
 * <pre>{@code
 * Optional<Map<String, AttributeValue>> entry = IndexEntry.of(schema, schema.index("gsi1").orElseThrow(), item);
 * }</pre>
 */
@Experimental
public final class IndexEntry {
    private IndexEntry() {
    }

    /** The item's entry in the index, empty when the item is not in it. */
    public static Optional<Map<String, AttributeValue>> of(TableSchema table, IndexSchema index, Map<String, AttributeValue> item) {
        for (KeyAttribute key : index.keyAttributes()) {
            if (!item.containsKey(key.name())) {
                return Optional.empty();
            }
        }
        if (index.projection().kind() == Projection.Kind.ALL) {
            return Optional.of(item);
        }
        Set<String> names = new LinkedHashSet<>();
        names.add(table.partitionKeyAttribute());
        table.sortKeyAttribute().ifPresent(names::add);
        index.keyAttributes().forEach(key -> names.add(key.name()));
        if (index.projection().kind() == Projection.Kind.INCLUDE) {
            names.addAll(index.projection().nonKeyAttributes());
        }
        Map<String, AttributeValue> entry = new LinkedHashMap<>();
        for (String name : names) {
            AttributeValue value = item.get(name);
            if (value != null) {
                entry.put(name, value);
            }
        }
        return Optional.of(entry);
    }

    /** Whether two entries of the same index have the same key (the index's key attributes hold the same values). */
    static boolean sameKey(IndexSchema index, Map<String, AttributeValue> first, Map<String, AttributeValue> second) {
        for (KeyAttribute key : index.keyAttributes()) {
            if (!first.get(key.name()).equals(second.get(key.name()))) {
                return false;
            }
        }
        return true;
    }
}
