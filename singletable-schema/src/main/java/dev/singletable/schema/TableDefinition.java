package dev.singletable.schema;

import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The table of a schema file.
 *
 * <pre>{@code
 * table:
 *   name: BlogTable
 *   partitionKey: {name: pk, type: S}
 *   sortKey: {name: sk, type: S}
 *   stream: NEW_AND_OLD_IMAGES
 *   indexes:
 *     - {name: gsi1, kind: global, partitionKey: {name: gsi1pk}, sortKey: {name: gsi1sk}}
 * }</pre>
 *
 * @param name the DynamoDB table name
 * @param description free text
 * @param partitionKey the attribute holding the partition key
 * @param sortKey the attribute holding the sort key, when the table has one
 * @param entityTypeAttribute the attribute naming each item's entity type ({@code entityType} unless given)
 * @param timeToLiveAttribute the TTL attribute (epoch seconds), when there is one
 * @param billing on-demand or provisioned
 * @param indexes the GSIs and LSIs, in declaration order
 * @param stream the view type of the table's DynamoDB stream ({@code stream: NEW_AND_OLD_IMAGES}), when it has one
 */
@Experimental
public record TableDefinition(String name, Optional<String> description, KeyAttributeDefinition partitionKey,
                              Optional<KeyAttributeDefinition> sortKey, String entityTypeAttribute,
                              Optional<String> timeToLiveAttribute, BillingDefinition billing, List<IndexDefinition> indexes,
                              Optional<StreamViewType> stream) {
    /** The entity-type attribute when the file does not name one. */
    public static final String DEFAULT_ENTITY_TYPE_ATTRIBUTE = "entityType";

    public TableDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(entityTypeAttribute, "entityTypeAttribute");
        Objects.requireNonNull(timeToLiveAttribute, "timeToLiveAttribute");
        Objects.requireNonNull(billing, "billing");
        indexes = List.copyOf(indexes);
        Objects.requireNonNull(stream, "stream");
    }

    /** A table without a stream. */
    public TableDefinition(String name, Optional<String> description, KeyAttributeDefinition partitionKey,
                           Optional<KeyAttributeDefinition> sortKey, String entityTypeAttribute, Optional<String> timeToLiveAttribute,
                           BillingDefinition billing, List<IndexDefinition> indexes) {
        this(name, description, partitionKey, sortKey, entityTypeAttribute, timeToLiveAttribute, billing, indexes, Optional.empty());
    }

    /** The index with this name. */
    public Optional<IndexDefinition> index(String indexName) {
        return indexes.stream().filter(index -> index.name().equals(indexName)).findFirst();
    }
}
