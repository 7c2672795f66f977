package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
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

/**
 * Examples of docs/ written as the pages show them, on the embedded engine: schema-file.md's "Loading and running" and
 * modelling-patterns.md's paths written as text. Each creates the design's own table and deletes it afterwards.
 */
class DocsExamplesOnEngineTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private Table created;

    @AfterEach
    void deleteTable() {
        if (created != null) {
            created.deleteTable();
        }
    }

    private Table createdWithExamples(SchemaFile design, String entity) {
        created = Table.of(design.tableSchema(), db.client());
        created.createTable();
        created.batchWrite().putAll(design.examples(entity)).execute();
        return created;
    }

    @Test
    void loadingAndRunning_whenRunOnTheBlogDesign_createsReadsAndUpdatesItsItems() {
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

    @Test
    void updateThroughPaths_whenWrittenAsText_changesTheNestedValuesInPlace() {
        Path file = Path.of("../designs/customers.singletable.yaml");

        SchemaFile design = SchemaFile.load(file);
        Table table = createdWithExamples(design, "Customer");
        table.update(design.entity("Customer"), KeyValues.of("customerId", "C1"), u -> u
                .set(design.path("Customer", "shippingAddress.city"), "Paris")
                .remove(design.path("Customer", "pastAddresses[0]"))
                .add(design.path("Customer", "loyalty.points"), 50L),
                Condition.eq(design.path("Customer", "loyalty.tier"), "GOLD"));

        DynamicItem before = design.examples("Customer").get(0);
        DynamicItem stored = table.get(design.entity("Customer"), KeyValues.of("customerId", "C1"), ReadConsistency.STRONG).orElseThrow();
        assertThat(stored).isEqualTo(before.toBuilder()
                .set("shippingAddress", before.get("shippingAddress", DynamicItem.class).with("city", "Paris"))
                .set("pastAddresses", List.of())
                .set("loyalty", DynamicItem.builder("Loyalty").set("tier", "GOLD").set("points", 1250L).build())
                .build());
    }
}
