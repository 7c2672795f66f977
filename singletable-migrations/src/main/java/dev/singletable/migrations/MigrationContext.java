package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.EntitySchema;
import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.function.Consumer;

/**
 * What a {@link Migration} step works with: the table, its client, and scans that keep their
 * place in the table's migration-state item, so that a step run again after a failure continues
 * where it stopped.
 *
 * <pre>{@code
 * context.forEach(design.entity("Post"), post -> context.table().put(post.with("status", "DRAFT")));
 * context.forEachItem("Post", item -> ...);   // the stored attributes, also those no attribute maps
 * }</pre>
 */
@Experimental
public interface MigrationContext {

    /** The table the runner migrates, with every entity of its schema. */
    Table table();

    /** The client the runner uses, for requests the table does not make. */
    DynamoDbClient client();

    /** The version of the step being run. */
    long version();

    /**
     * Every item of the entity, decoded, one page at a time. After each page the scan's position
     * is saved in the state item: when the step runs again after a failure, the scan starts at the
     * page where it stopped (whose items are seen again). A step may scan a type more than once:
     * each pass keeps its own place, so the step's scans must come in the same order every run.
     */
    <T> void forEach(EntitySchema<T> entity, Consumer<? super T> action);

    /** Like {@link #forEach}, with every stored attribute of each item of entity type {@code entityType}. */
    void forEachItem(String entityType, Consumer<Map<String, AttributeValue>> action);
}
