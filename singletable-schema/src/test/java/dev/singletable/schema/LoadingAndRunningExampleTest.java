package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/schema-file.md, "Loading and running": the page's example as written, on the embedded engine. */
class LoadingAndRunningExampleTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private Table created;

    @AfterEach
    void deleteTable() {
        if (created != null) {
            created.deleteTable();
        }
    }

    @Test
    void example_whenRunOnTheBlogDesign_createsReadsAndUpdatesItsItems() {
        Path file = Path.of("../designs/blog.singletable.yaml");
        DynamoDbClient dynamo = db.client();

        SchemaFile design = SchemaFile.load(file);
        Table table = Table.of(design.tableSchema(), dynamo);
        table.createTable();
        created = table;
        table.batchWrite().putAll(design.examples("Post")).execute();

        DynamicItem post = table.create(DynamicItem.builder("Post")
                .set("username", "alice").set("title", "Hello").set("published", true).build());
        String postTitle = post.getString("title");

        List<DynamicItem> published = design.run(table, "published-posts", Map.of());
        List<DynamicItem> bobs = design.run(table, "posts-by-user", Map.of("username", "bob"));
        String json = design.query(table, "published-posts", Map.of()).explain().json();

        Attribute<DynamicItem, String> title = design.attribute("Post", "title", String.class);
        DynamicItem updated = table.update(design.entity("Post"), KeyValues.of("username", "alice").and("postId", post.getString("postId")),
                u -> u.set(title, "Hello again"), Condition.eq(title, "Hello"));

        String newId = post.getString("postId");
        assertThat(postTitle).isEqualTo("Hello");
        assertThat(published).extracting(item -> item.getString("postId"))
                .containsExactly("01HMQ0000000000000000000P1", "01HMQ0000000000000000000P3", newId);
        assertThat(bobs).extracting(item -> item.getString("postId")).containsExactly("01HMQ0000000000000000000P3");
        assertThat(json).isEqualTo(design.explain(table, "published-posts", Map.of()).json());
        assertThat(updated.getString("title")).isEqualTo("Hello again");
        assertThat(table.get(design.entity("Post"), KeyValues.of("username", "alice").and("postId", newId)).map(item -> item.getString("title")))
                .contains("Hello again");
    }
}
