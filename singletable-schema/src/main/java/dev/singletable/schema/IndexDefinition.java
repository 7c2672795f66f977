package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A secondary index of the table. A GSI has its own partition key (one to four attributes) and an
 * optional sort key (zero to four); an LSI shares the table's partition key and has one sort
 * attribute.
 *
 * <pre>{@code
 * - name: gsi1
 *   kind: global
 *   partitionKey: {name: gsi1pk}
 *   sortKey: {name: gsi1sk}
 *   projection: {type: INCLUDE, attributes: [title]}
 * }</pre>
 *
 * @param name the index name
 * @param kind global or local
 * @param description free text
 * @param partitionKey the partition key attributes (empty for an LSI)
 * @param sortKey the sort key attributes (empty when the GSI has none)
 * @param projection the attributes copied into the index
 */
@Experimental
public record IndexDefinition(String name, IndexKind kind, Optional<String> description, List<KeyAttributeDefinition> partitionKey,
                              List<KeyAttributeDefinition> sortKey, ProjectionDefinition projection) {
    public IndexDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        partitionKey = List.copyOf(partitionKey);
        sortKey = List.copyOf(sortKey);
        Objects.requireNonNull(projection, "projection");
    }

    /** Global or local. */
    public enum IndexKind {
        /** A global secondary index. */
        GLOBAL,
        /** A local secondary index. */
        LOCAL
    }
}
