package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Query;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Ranges on the leading text slot of a composed sort key ({@code COMMENT#{author}#{day}}, values of {@code author} only)
 * return exactly the authors in the range, whatever their characters: a space, {@code !} and {@code "} sort before the
 * delimiter {@code #}, so {@code "bob smith"}'s key sorts below {@code "bob"}'s although the value sorts above it.
 */
class TextSlotRangesTest {
    record Comment(String postId, String author, String day) {
    }

    static final Attribute<Comment, String> POST = Attribute.required("postId", AttributeTypes.STRING, Comment::postId);
    static final Attribute<Comment, String> AUTHOR = Attribute.required("author", AttributeTypes.STRING, Comment::author);
    static final Attribute<Comment, Integer> DAY = Attribute.required("day", AttributeTypes.INTEGER, c -> Integer.valueOf(c.day()));
    static final EntitySchema<Comment> COMMENT = EntitySchema.builder(Comment.class).attributes(POST, AUTHOR, DAY)
            .primaryKey("POST#{postId}", "COMMENT#{author}#{day}")
            .factory(i -> new Comment(i.get(POST), i.get(AUTHOR), String.valueOf(i.get(DAY))))
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(TableSchema.builder("Comments").entities(COMMENT).build());

    /** Around the delimiter: below it (space, !, "), the delimiter itself (escaped in the key), prefixes of others. */
    static final List<String> AUTHORS = List.of("a", "bo", "bob", "bob smith", "bob!x", "bob\"q", "bob#x", "boba", "bobby", "c");

    @BeforeAll
    static void load() {
        AUTHORS.forEach(author -> db.table().put(new Comment("P1", author, "7")));
    }

    private static Query<Comment> comments() {
        return db.table().query(COMMENT).partition(POST, "P1");
    }

    private static KeyValues author(String value) {
        return KeyValues.of(AUTHOR, value);
    }

    private static List<String> authors(Query<Comment> query) {
        return query.list().stream().map(Comment::author).toList();
    }

    private static List<String> expected(Predicate<String> inRange) {
        return AUTHORS.stream().filter(inRange).toList();
    }

    @Test
    void sortBetween_whenTheLeadingTextSlotAloneIsGiven_returnsExactlyTheAuthorsInTheRange() {
        assertThat(authors(comments().sortBetween(author("a"), author("bob"))))
                .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo("a") >= 0 && a.compareTo("bob") <= 0));
        assertThat(authors(comments().sortBetween(author("bob"), author("bob#x"))))
                .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo("bob") >= 0 && a.compareTo("bob#x") <= 0));
        assertThat(authors(comments().sortBetween(author("bob smith"), author("bobby"))))
                .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo("bob smith") >= 0 && a.compareTo("bobby") <= 0));
    }

    @Test
    void sortComparisons_whenTheLeadingTextSlotAloneIsGiven_returnExactlyTheAuthorsInTheRange() {
        for (String bound : List.of("bo", "bob", "bob smith", "bob!x", "bob\"q", "bob#x", "boba")) {
            assertThat(authors(comments().sortGreaterThan(author(bound)))).as("> " + bound)
                    .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo(bound) > 0));
            assertThat(authors(comments().sortGreaterThanOrEqual(author(bound)))).as(">= " + bound)
                    .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo(bound) >= 0));
            assertThat(authors(comments().sortLessThan(author(bound)))).as("< " + bound)
                    .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo(bound) < 0));
            assertThat(authors(comments().sortLessThanOrEqual(author(bound)))).as("<= " + bound)
                    .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo(bound) <= 0));
        }
    }

    @Test
    void sortBetween_whenTheLeadingTextSlotAloneIsGiven_widensTheKeyRangeAndFiltersOnTheSlot() {
        QueryRequest request = comments().sortBetween(author("a"), author("bob smith")).toRequest();
        assertThat(request.keyConditionExpression()).isEqualTo("#pk = :pk AND #sk BETWEEN :sk AND :sk2");
        assertThat(request.filterExpression()).isEqualTo("#author BETWEEN :v0 AND :v1");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", "PK", "#sk", "SK", "#author", "author"));
        assertThat(request.expressionAttributeValues()).isEqualTo(Map.of(":pk", AttributeValue.fromS("POST#P1"),
                ":sk", AttributeValue.fromS("COMMENT#a"), ":sk2", AttributeValue.fromS("COMMENT#bob#\uDBFF\uDFFF"),
                ":v0", AttributeValue.fromS("a"), ":v1", AttributeValue.fromS("bob smith")));
    }

    @Test
    void sortLessThan_whenEverySlotIsGiven_keepsTheExactKeyConditionWithoutAFilter() {
        QueryRequest request = comments().sortLessThan(KeyValues.of(AUTHOR, "bob").and(DAY, 7)).toRequest();
        assertThat(request.keyConditionExpression()).isEqualTo("#pk = :pk AND #sk < :sk");
        assertThat(request.filterExpression()).isNull();
    }

    @Test
    void sortRange_whenTheGsiDoesNotProjectTheSlotsAttribute_isRefusedNamingItAndTheFix() {
        EntitySchema<Comment> byAuthor = EntitySchema.builder(Comment.class).attributes(POST, AUTHOR, DAY)
                .primaryKey("POST#{postId}", "COMMENT#{author}#{day}")
                .index("GSI1", "POSTS#{postId}", "COMMENT#{author}#{day}")
                .factory(i -> new Comment(i.get(POST), i.get(AUTHOR), String.valueOf(i.get(DAY))))
                .build();
        TableSchema keysOnly = TableSchema.builder("CommentsKeysOnly")
                .index(dev.singletable.IndexSchema.global("GSI1").partitionKey(dev.singletable.KeyAttribute.string("GSI1PK"))
                        .sortKey(dev.singletable.KeyAttribute.string("GSI1SK")).projection(dev.singletable.Projection.keysOnly()).build())
                .entities(byAuthor).build();
        Query<Comment> query = dev.singletable.Table.of(keysOnly, db.client()).query(byAuthor).index("GSI1").partition(POST, "P1")
                .sortGreaterThan(author("bob")).fetchFullItems();

        // the filter that keeps the range to its values cannot read author there: it would drop every item
        assertThatThrownBy(query::toRequest).isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessageContaining("leading text slot 'author'")
                .hasMessageContaining("project author into the index (INCLUDE or ALL)");
    }
}
