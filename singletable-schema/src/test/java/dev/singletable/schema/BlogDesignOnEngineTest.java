package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Explanation;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.ReadConsistency;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Seed 003's blog, declared only as a schema file, on the embedded engine: every access pattern the file
 * names, run through dynamic entities, and the other operations on the same entities.
 */
class BlogDesignOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));
    private static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static Table table;

    @BeforeAll
    static void loadExamples() {
        table = Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
        for (String entity : List.of("User", "Post", "Comment", "PostTag")) {
            table.batchWrite().putAll(DESIGN.examples(entity)).execute();
        }
    }

    private static DynamicItem stored(String entity, int example) {
        return DESIGN.examples(entity).get(example).with("createdAt", NOW).with("updatedAt", NOW);
    }

    private static List<DynamicItem> run(String pattern) {
        return DESIGN.run(table, pattern, Map.of());
    }

    @Test
    void explain_whenPatternIsAGet_givesTheGetItemRequestWithTheFilesExampleKey() {
        Explanation explanation = DESIGN.explain(table, "user-profile", Map.of());

        assertThat(explanation.operation()).isEqualTo("GetItem");
        assertThat(explanation.request()).isEqualTo(GetItemRequest.builder().tableName(table.schema().name())
                .key(Map.of("pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromS("USER#alice"))).consistentRead(false).build());
    }

    @Test
    void explain_whenPatternIsAQueryWithParameters_givesTheQueryItRuns() {
        Explanation explanation = DESIGN.explain(table, "posts-by-user", Map.of("username", "bob"));

        assertThat(explanation).hasToString(DESIGN.query(table, "posts-by-user", Map.of("username", "bob")).explain().toString());
        assertThat(((QueryRequest) explanation.request()).expressionAttributeValues())
                .isEqualTo(Map.of(":pk", AttributeValue.fromS("USER#bob"), ":sk", AttributeValue.fromS("POST#")));
    }

    @Test
    void run_userProfile_getsAlice() {
        assertThat(run("user-profile")).containsExactly(stored("User", 0));
    }

    @Test
    void itemKey_whenPatternIsAGet_givesTheKeyThatBatchGetReadsAsTheGetDoes() {
        ItemKey<DynamicItem> alice = DESIGN.itemKey(table, "user-profile", Map.of());
        ItemKey<DynamicItem> bob = DESIGN.itemKey(table, "user-profile", Map.of("username", "bob"));
        ItemKey<DynamicItem> nobody = DESIGN.itemKey(table, "user-profile", Map.of("username", "nobody"));

        ItemsByKey read = table.batchGet(List.of(alice, bob, nobody));

        assertThat(alice).isEqualTo(ItemKey.of(DESIGN.entity("User"), KeyValues.of("username", "alice")));
        assertThat(read.get(alice)).contains(stored("User", 0)).isEqualTo(run("user-profile").stream().findFirst());
        assertThat(read.get(bob)).contains(stored("User", 1));
        assertThat(read.notFound()).containsExactly(nobody);
    }

    @Test
    void itemKey_whenPatternIsAQuery_failsSayingHowToRunIt() {
        assertThatThrownBy(() -> DESIGN.itemKey(table, "posts-by-user", Map.of()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Access pattern 'posts-by-user' is a query, which reads the items its key condition matches, not one item by "
                        + "its key: run it with run(table, \"posts-by-user\", parameters), or ask itemKey of a get pattern");
    }

    @Test
    void run_postsByUser_givesHerPostsInSortKeyOrder() {
        assertThat(run("posts-by-user")).containsExactly(stored("Post", 0), stored("Post", 1));
    }

    @Test
    void run_postsByUser_whenGivenAnotherUser_givesHisPosts() {
        assertThat(DESIGN.run(table, "posts-by-user", Map.of("username", "bob"))).containsExactly(stored("Post", 2));
    }

    @Test
    void run_commentsOnPost_givesTheCommentsOfTheExampleFile() {
        assertThat(run("comments-on-post")).containsExactly(stored("Comment", 0), stored("Comment", 1));
    }

    @Test
    void run_publishedPosts_readsTheSparseStatusOfGsi1() {
        assertThat(run("published-posts")).containsExactly(stored("Post", 0), stored("Post", 2));
    }

    @Test
    void run_commentsByUser_readsGsi1() {
        assertThat(run("comments-by-user")).containsExactly(stored("Comment", 0), stored("Comment", 2));
    }

    @Test
    void run_postsWithTag_readsTheReverseLookup() {
        assertThat(run("posts-with-tag")).containsExactly(stored("PostTag", 0), stored("PostTag", 2));
    }

    @Test
    void run_userPage_readsTwoEntityTypesInOneRequest() {
        assertThat(run("user-page")).containsExactly(stored("Post", 0), stored("Post", 1), stored("User", 0));
    }

    @Test
    void run_recentPostsByUser_filtersOrdersAndLimits() {
        assertThat(run("recent-posts-by-user")).containsExactly(stored("Post", 0));
    }

    @Test
    void query_publishedPosts_rendersTheKeyConditionOfTheFile() {
        // gsi1pk 'POST' is Post's alone (User's is 'USER#{username}', Tag's 'TAG#{tag}'): no entity-type filter; no listener
        // or debug log reads the consumed capacity, so it is not asked for
        assertThat(DESIGN.query(table, "published-posts", Map.of()).toRequest().toString()).isEqualTo(
                "QueryRequest(TableName=" + db.tableName() + ", IndexName=gsi1, "
                        + "KeyConditionExpression=#pk = :pk AND begins_with(#sk, :sk), "
                        + "ExpressionAttributeNames={#pk=gsi1pk, #sk=gsi1sk}, "
                        + "ExpressionAttributeValues={:pk=AttributeValue(S=POST), :sk=AttributeValue(S=STATUS#true#)})");
    }

    @Test
    void create_whenPostHasNoId_fillsAUlidAndTimestamps() {
        DynamicItem post = table.create(DynamicItem.builder("Post").set("username", "carol").set("title", "First").set("published", false).build());

        assertThat(post.getString("postId")).hasSize(26);
        assertThat(table.get(DESIGN.entity("Post"), KeyValues.of("username", "carol").and("postId", post.getString("postId")),
                ReadConsistency.STRONG)).contains(post);
        assertThat(post.getInstant("createdAt")).isEqualTo(NOW);
    }

    @Test
    void create_whenKeyIsTaken_failsWithItemAlreadyExists() {
        assertThatThrownBy(() -> table.create(DESIGN.examples("User").get(1)))
                .isInstanceOf(ItemAlreadyExistsException.class);
    }

    @Test
    void update_whenChangingTheTitle_returnsTheStoredItem() {
        EntitySchema<DynamicItem> post = DESIGN.entity("Post");
        Attribute<DynamicItem, String> title = DESIGN.attribute("Post", "title", String.class);
        table.create(DynamicItem.builder("Post").set("username", "dave").set("postId", "D1").set("title", "Old").set("published", true).build());

        DynamicItem updated = table.update(post, KeyValues.of("username", "dave").and("postId", "D1"), u -> u.set(title, "New"),
                Condition.eq(title, "Old"));

        assertThat(updated).isEqualTo(DynamicItem.builder("Post").set("username", "dave").set("postId", "D1").set("title", "New")
                .set("published", true).set("createdAt", NOW).set("updatedAt", NOW).build());
    }

    @Test
    void attribute_whenAskedForAnotherJavaType_failsNamingTheRightOne() {
        assertThatThrownBy(() -> DESIGN.attribute("Post", "published", String.class))
                .isInstanceOf(dev.singletable.SchemaDefinitionException.class)
                .hasMessage("Post.published is a boolean attribute, whose values are Boolean, not String; ask for Boolean.class");
        assertThatThrownBy(() -> DESIGN.attribute("Post", "titel", String.class))
                .isInstanceOf(dev.singletable.SchemaDefinitionException.class)
                .hasMessage("Post has no attribute 'titel' (did you mean 'title'?); its attributes are username, postId, title, content, "
                        + "published, createdAt, updatedAt");
    }

    @Test
    void batchGet_whenKeysOfTwoEntityTypes_readsBoth() {
        var items = table.batchGet(List.of(ItemKey.of(DESIGN.entity("User"), KeyValues.of("username", "bob")),
                ItemKey.of(DESIGN.entity("PostTag"), KeyValues.of("postId", "01HMQ0000000000000000000P1").and("tag", "design"))));

        assertThat(items.get(ItemKey.of(DESIGN.entity("User"), KeyValues.of("username", "bob")))).contains(stored("User", 1));
        assertThat(items.get(ItemKey.of(DESIGN.entity("PostTag"), KeyValues.of("postId", "01HMQ0000000000000000000P1").and("tag", "design"))))
                .contains(stored("PostTag", 1));
    }

    @Test
    void page_whenOneItemPerPage_followsTheCursor() {
        Page<DynamicItem> first = DESIGN.query(table, "posts-by-user", Map.of()).limit(1).page();
        Page<DynamicItem> second = DESIGN.query(table, "posts-by-user", Map.of()).limit(1).page(first.cursor().orElseThrow());

        assertThat(first.items()).containsExactly(stored("Post", 0));
        assertThat(second.items()).containsExactly(stored("Post", 1));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenPostAndTagAreWrittenTogether_bothAreStored() {
        DynamicItem post = DynamicItem.builder("Post").set("username", "erin").set("postId", "E1").set("title", "Tx").set("published", true).build();
        DynamicItem tag = DynamicItem.builder("PostTag").set("postId", "E1").set("tag", "tx").build();

        table.transaction().create(post).create(tag).execute();

        assertThat(table.get(DESIGN.entity("PostTag"), KeyValues.of("postId", "E1").and("tag", "tx"), ReadConsistency.STRONG))
                .contains(tag.with("createdAt", NOW).with("updatedAt", NOW));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_whenSelectingAPartition_decodesDynamicItems() {
        List<DynamicItem> tags = table.partiql(DESIGN.entity("PostTag"),
                        "SELECT * FROM \"" + db.tableName() + "\" WHERE \"pk\" = ? AND begins_with(\"sk\", ?)")
                .parameters("POST#01HMQ0000000000000000000P1", "TAG#").list();

        assertThat(tags).containsExactly(stored("PostTag", 1), stored("PostTag", 0));
    }
}
