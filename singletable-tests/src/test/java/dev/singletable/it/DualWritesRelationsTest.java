package dev.singletable.it;

import dev.singletable.Adjacency;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.it.PatternsModel.Member;
import dev.singletable.it.PatternsModel.Post;
import dev.singletable.it.PatternsModel.Tag;
import dev.singletable.it.PatternsModel.Team;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.PatternsModel.*;
import static org.assertj.core.api.Assertions.assertThat;

/** Seed 003's "Handle Many-to-Many with Dual Writes": user/group membership and post tags, on the embedded engine. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class DualWritesRelationsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SEED_003);

    private static final List<String> operations = new CopyOnWriteArrayList<>();
    private static Table table;

    @BeforeAll
    static void seed() {
        table = Table.builder(db.table().schema(), db.client()).listener((RequestEvent e) -> operations.add(e.operation())).build();
        Member alice = table.put(new Member("alice", "Alice"));
        Member bob = table.put(new Member("bob", "Bob"));
        Team developers = table.put(new Team("developers", "Builds things"));
        Team writers = table.put(new Team("writers", "Writes things"));
        table.relate(alice, developers, TEAM_MEMBERSHIP);
        table.relate(alice, writers, TEAM_MEMBERSHIP);
        table.relate(bob, developers, TEAM_MEMBERSHIP);
        Post post = table.put(new Post("123", "Single-table design"));
        Post other = table.put(new Post("124", "Sparse indexes"));
        Tag typescript = table.put(new Tag("typescript", 2L));
        Tag dynamodb = table.put(new Tag("dynamodb", 1L));
        table.relate(post, typescript, POST_TAGS);
        table.relate(post, dynamodb, POST_TAGS);
        table.relate(other, typescript, POST_TAGS);
        operations.clear();
    }

    private static Map<String, AttributeValue> stored(String pk, String sk) {
        return db.client().getItem(r -> r.tableName(db.tableName()).key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))))
                .item();
    }

    @Test
    void relate_whenAliceJoinsDevelopers_writesSeed003sTwoMembershipItems() {
        assertThat(stored("USER#alice", "MEMBER#GROUP#developers")).isEqualTo(Map.of("PK", AttributeValue.fromS("USER#alice"),
                "SK", AttributeValue.fromS("MEMBER#GROUP#developers"), "entityType", AttributeValue.fromS("UserMembership"),
                "username", AttributeValue.fromS("alice"), "team", AttributeValue.fromS("developers"),
                "displayName", AttributeValue.fromS("Alice")));
        assertThat(stored("GROUP#developers", "MEMBER#USER#alice")).isEqualTo(Map.of("PK", AttributeValue.fromS("GROUP#developers"),
                "SK", AttributeValue.fromS("MEMBER#USER#alice"), "entityType", AttributeValue.fromS("GroupMembership"),
                "username", AttributeValue.fromS("alice"), "team", AttributeValue.fromS("developers"),
                "displayName", AttributeValue.fromS("Alice")));
    }

    @Test
    void related_whenListingAGroupsMembers_readsOnlyMembershipItemsOfItsPartitionWithOneQuery() {
        operations.clear();
        List<Adjacency<Team, Member>> members = table.related(new Team("developers", null), TEAM_MEMBERSHIP.inverse());

        assertThat(operations).containsExactly("Query");
        assertThat(members).extracting(a -> a.far().values().asMap()).containsExactly(Map.of("username", "alice"), Map.of("username", "bob"));
        assertThat(members).extracting(a -> a.copied(M_DISPLAY).orElseThrow()).containsExactly("Alice", "Bob");
        assertThat(table.relatedEntities(new Member("alice", null), TEAM_MEMBERSHIP))
                .containsExactly(new Team("developers", "Builds things"), new Team("writers", "Writes things"));
    }

    @Test
    void related_whenReadingPostsByTag_queriesTheTagsPartitionAndBatchGetsThePosts() {
        operations.clear();

        List<Post> posts = table.relatedEntities(new Tag("typescript", null), POST_TAGS.inverse());
        List<Tag> tags = table.relatedEntities(new Post("123", null), POST_TAGS);

        assertThat(posts).containsExactly(new Post("123", "Single-table design"), new Post("124", "Sparse indexes"));
        assertThat(tags).containsExactly(new Tag("dynamodb", 1L), new Tag("typescript", 2L));
        assertThat(operations).containsExactly("Query", "BatchGetItem", "Query", "BatchGetItem");
        assertThat(table.related(new Tag("typescript", null), POST_TAGS.inverse())).extracting(a -> a.copied(P_TITLE).orElseThrow())
                .containsExactly("Single-table design", "Sparse indexes");
        assertThat(table.verifyRelation(POST_TAGS).text()).isEqualTo("Relation PostTags: 6 adjacency items scanned, consistent\n");
        assertThat(table.verifyRelation(TEAM_MEMBERSHIP).isConsistent()).isTrue();
    }

    @Test
    void query_whenReadingAPostsPartition_thePostTagItemsAreNarrowedByTheirSortKeyPrefix() {
        QueryRequest request = table.query(POST_TAGS.firstSideItems()).partition(dev.singletable.KeyValues.of("postId", "123"))
                .explain().request() instanceof QueryRequest q ? q : null;
        assertThat(request).isNotNull();
        assertThat(request.keyConditionExpression()).isEqualTo("#pk = :pk AND begins_with(#sk, :sk)");
        assertThat(request.expressionAttributeValues()).isEqualTo(Map.of(":pk", AttributeValue.fromS("POST#123"),
                ":sk", AttributeValue.fromS("TAG#")));
    }
}
