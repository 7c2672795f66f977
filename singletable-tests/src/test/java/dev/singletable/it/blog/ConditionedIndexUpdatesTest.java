package dev.singletable.it.blog;

import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.it.blog.BlogModel.Note;
import dev.singletable.it.blog.BlogModel.Post;
import dev.singletable.it.blog.BlogModel.Tagged;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.singletable.fixtures.RecordingClient.recording;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Review s53 (h92) finding 1: an update of an entity with a Java-conditioned index pins the stored values the
 * condition was decided on; a list or map stored as no attribute reads back empty, so its pin holds for the absent
 * attribute too, instead of failing every update of the item with "changed since they were read". Finding 3: an upsert
 * that reads and finds no item creates it from the update's values.
 */
class ConditionedIndexUpdatesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(BlogModelDesign.SCHEMA);
    private static final EntitySchema<Post> POST = BlogModel_PostSchema.INSTANCE;
    private static final EntitySchema<Tagged> TAGGED = BlogModel_TaggedSchema.INSTANCE;
    private static final EntitySchema<Note> NOTE = BlogModel_NoteSchema.INSTANCE;
    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

    private final List<DynamoDbRequest> sent = new ArrayList<>();
    private Table table;

    @BeforeEach
    void table() {
        table = Table.of(db.table().schema(), recording(db.client(), sent));
    }

    private static KeyValues post(String username, String postId) {
        return KeyValues.of(BlogModel_PostSchema.USERNAME, username).and(BlogModel_PostSchema.POST_ID, postId);
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private List<String> published() {
        return table.query(POST).index("GSI2").partition(KeyValues.none()).fetchFullItems().list().stream().map(Post::postId).toList();
    }

    @Test
    void update_whenTheCurrentPostsListIsAbsent_pinsItAsAbsentOrEmptyAndPublishes() {
        table.create(new Post("bob", "nolabels", "t", "DRAFT", BigDecimal.ONE, T0, null, null));
        Post current = table.get(POST, post("bob", "nolabels")).orElseThrow();
        sent.clear();

        Post updated = table.update(current, u -> u.set(BlogModel_PostSchema.PUBLISHED_AT, T0));

        assertThat(updated).isEqualTo(new Post("bob", "nolabels", "t", "DRAFT", BigDecimal.ONE, T0, T0, List.of()));
        assertThat(sent).singleElement().isInstanceOfSatisfying(UpdateItemRequest.class, update -> {
            assertThat(update.updateExpression()).isEqualTo("SET #publishedAt = :v0, #GSI2PK = :v1, #GSI2SK = :v2");
            // an absent list, a NULL (another tool's) and an empty one all read as the empty list
            assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #title = :v4 "
                    + "AND #status = :v5 AND #score = :v6 AND #createdAt = :v7 "
                    + "AND (attribute_not_exists(#labels) OR attribute_type(#labels, :v8) OR #labels = :v9)");
            assertThat(update.expressionAttributeValues()).containsExactly(entry(":v0", s("2025-01-01T00:00:00Z")), entry(":v1", s("PUBLISHED")),
                    entry(":v2", s("2025-01-01T00:00:00.000000000Z")), entry(":v3", s("Post")), entry(":v4", s("t")), entry(":v5", s("DRAFT")),
                    entry(":v6", AttributeValue.fromN("1")), entry(":v7", s("2025-01-01T00:00:00Z")), entry(":v8", s("NULL")),
                    entry(":v9", AttributeValue.fromL(List.of())));
        });
        assertThat(published()).contains("nolabels");
    }

    @Test
    void update_whenReadingAPostWhoseListIsAbsent_writesTheIndexKeys() {
        table.create(new Post("bob", "read", "t", "DRAFT", BigDecimal.ONE, T0, null, null));
        sent.clear();

        Post updated = table.update(POST, post("bob", "read"), u -> u.set(BlogModel_PostSchema.STATUS, "LIVE").readingStoredValuesForIndexKeys());

        assertThat(updated).isEqualTo(new Post("bob", "read", "t", "LIVE", BigDecimal.ONE, T0, null, List.of()));
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0)).isInstanceOf(GetItemRequest.class);
        assertThat(sent.get(1)).isInstanceOfSatisfying(UpdateItemRequest.class, update ->
                assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #createdAt = :v4 "
                        + "AND #title = :v5 AND #score = :v6 AND (attribute_not_exists(#publishedAt) OR attribute_type(#publishedAt, :v7)) "
                        + "AND (attribute_not_exists(#labels) OR attribute_type(#labels, :v8) OR #labels = :v9)"));
        assertThat(table.query(POST).index("GSI1").partition(BlogModel_PostSchema.STATUS, "LIVE").list()).containsExactly(updated);
    }

    @Test
    void update_whenTheCurrentItemsMapIsAbsent_flagsIt() {
        table.create(new Tagged("b", false, "n", Set.of("x"), null));
        Tagged current = table.get(TAGGED, KeyValues.of(BlogModel_TaggedSchema.ID, "b")).orElseThrow();
        sent.clear();

        Tagged updated = table.update(current, u -> u.set(BlogModel_TaggedSchema.FLAGGED, true));

        assertThat(updated).isEqualTo(new Tagged("b", true, "n", Set.of("x"), Map.of()));
        assertThat(sent).singleElement().isInstanceOfSatisfying(UpdateItemRequest.class, update ->
                assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #note = :v4 "
                        + "AND #tags = :v5 AND (attribute_not_exists(#attrs) OR attribute_type(#attrs, :v6) OR #attrs = :v7)"));
        assertThat(table.query(TAGGED).index("GSI2").partition(KeyValues.none()).fetchFullItems().list()).containsExactly(updated);
    }

    @Test
    void upsert_whenReadingFindsNoItem_createsItFromTheUpdatesValues() {
        sent.clear();

        Post created = table.upsert(POST, post("bob", "new"), u -> u.set(BlogModel_PostSchema.TITLE, "x")
                .set(BlogModel_PostSchema.PUBLISHED_AT, T0).readingStoredValuesForIndexKeys());

        assertThat(created).isEqualTo(new Post("bob", "new", "x", null, null, null, T0, List.of()));
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1)).isInstanceOfSatisfying(UpdateItemRequest.class, update -> {
            assertThat(update.updateExpression()).isEqualTo("SET #entityType = :v0, #username = :v1, #postId = :v2, #title = :v3, "
                    + "#publishedAt = :v4, #GSI2PK = :v5, #GSI2SK = :v6");
            // created, or a racing create's values refuse it (a Post's condition may read any attribute: each is pinned)
            // GSI1's slots (status, createdAt) read as absent too: GSI1 gets no keys, as create of these values gives none
            assertThat(update.conditionExpression()).isEqualTo("(attribute_not_exists(#PK) OR #entityType = :v7) "
                    + "AND (attribute_not_exists(#status) OR attribute_type(#status, :v8)) "
                    + "AND (attribute_not_exists(#createdAt) OR attribute_type(#createdAt, :v9)) "
                    + "AND (attribute_not_exists(#score) OR attribute_type(#score, :v10)) AND attribute_not_exists(#labels)");
        });
        assertThat(published()).contains("new");
    }

    @Test
    void update_whenAnotherToolStoredNullUnderNonNullableAttributes_pinsThemAsReadAndPublishes() {
        // NULL under status (read as null) and labels (read as the empty list), which singletable itself never writes
        db.client().putItem(p -> p.tableName(db.tableName()).item(Map.of("PK", s("USER#bob"), "SK", s("POST#foreign"),
                "entityType", s("Post"), "username", s("bob"), "postId", s("foreign"), "title", s("t"),
                "status", AttributeValue.fromNul(true), "labels", AttributeValue.fromNul(true))));
        Post current = table.get(POST, post("bob", "foreign")).orElseThrow();
        assertThat(current).isEqualTo(new Post("bob", "foreign", "t", null, null, null, null, List.of()));
        sent.clear();

        Post updated = table.update(current, u -> u.set(BlogModel_PostSchema.PUBLISHED_AT, T0));

        assertThat(updated).isEqualTo(new Post("bob", "foreign", "t", null, null, null, T0, List.of()));
        assertThat(sent).singleElement().isInstanceOfSatisfying(UpdateItemRequest.class, update ->
                assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #title = :v4 "
                        + "AND (attribute_not_exists(#status) OR attribute_type(#status, :v5)) "
                        + "AND (attribute_not_exists(#score) OR attribute_type(#score, :v6)) "
                        + "AND (attribute_not_exists(#createdAt) OR attribute_type(#createdAt, :v7)) "
                        + "AND (attribute_not_exists(#labels) OR attribute_type(#labels, :v8) OR #labels = :v9)"));
        assertThat(published()).contains("foreign");
    }

    @Test
    void update_whenTheCurrentNullableTextIsStoredAsNull_pinsItAsAbsentOrNullAndPinsTheNote() {
        table.create(new Note("n", false, null));
        assertThat(db.client().getItem(g -> g.tableName(db.tableName()).key(Map.of("PK", s("NOTE#n"), "SK", s("NOTE")))).item())
                .containsEntry("text", AttributeValue.fromNul(true));
        Note current = table.get(NOTE, KeyValues.of(BlogModel_NoteSchema.ID, "n")).orElseThrow();
        sent.clear();

        Note updated = table.update(current, u -> u.set(BlogModel_NoteSchema.PINNED, true));

        assertThat(updated).isEqualTo(new Note("n", true, null));
        assertThat(sent).singleElement().isInstanceOfSatisfying(UpdateItemRequest.class, update ->
                assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 "
                        + "AND (attribute_not_exists(#text) OR attribute_type(#text, :v4))"));
        assertThat(table.query(NOTE).index("GSI2").partition(KeyValues.none()).fetchFullItems().list()).contains(updated);
    }

    @Test
    void update_whenReadingANoteWhoseNullableTextIsStoredAsNull_writesTheIndexKeys() {
        table.create(new Note("r", false, null));
        sent.clear();

        Note updated = table.update(NOTE, KeyValues.of(BlogModel_NoteSchema.ID, "r"),
                u -> u.set(BlogModel_NoteSchema.PINNED, true).readingStoredValuesForIndexKeys());

        assertThat(updated).isEqualTo(new Note("r", true, null));
        assertThat(table.query(NOTE).index("GSI2").partition(KeyValues.none()).fetchFullItems().list()).contains(updated);
    }
}
