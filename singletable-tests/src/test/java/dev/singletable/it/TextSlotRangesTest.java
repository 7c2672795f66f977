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

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Ranges on a text slot of a composed sort key ({@code COMMENT#{author}#{day}}: values of {@code author} alone, of
 * {@code author} and {@code day}, or of a text slot after a number) return exactly the items in the range, whatever the
 * text's characters: a space, {@code !} and {@code "} sort before the delimiter {@code #}, so {@code "bob smith"}'s key
 * sorts below {@code "bob"}'s although the value sorts above it.
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

    record Reply(String topic, int thread, String author, int seq) {
    }

    static final Attribute<Reply, String> TOPIC = Attribute.required("topic", AttributeTypes.STRING, Reply::topic);
    static final Attribute<Reply, Integer> THREAD = Attribute.required("thread", AttributeTypes.INTEGER, Reply::thread);
    static final Attribute<Reply, String> REPLY_AUTHOR = Attribute.required("author", AttributeTypes.STRING, Reply::author);
    static final Attribute<Reply, Integer> SEQ = Attribute.required("seq", AttributeTypes.INTEGER, Reply::seq);
    static final EntitySchema<Reply> REPLY = EntitySchema.builder(Reply.class).attributes(TOPIC, THREAD, REPLY_AUTHOR, SEQ)
            .primaryKey("TOPIC#{topic}", "REPLY#{thread}#{author}#{seq}")
            .factory(i -> new Reply(i.get(TOPIC), i.get(THREAD), i.get(REPLY_AUTHOR), i.get(SEQ)))
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(TableSchema.builder("Comments").entities(COMMENT, REPLY).build());

    /**
     * Around the delimiter: below it (space, !, "), the delimiter itself (escaped in the key), prefixes of others; and
     * between the delimiter and the escape {@code \\} (1, ., A), whose key text sorts below an escaped character's.
     */
    static final List<String> AUTHORS = List.of("a", "bo", "bob", "bob smith", "bob!x", "bob\"q", "bob#x", "bob.jr", "bob1", "bobA",
            "bob\\z", "boba", "bobby", "c");

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
        assertThat(authors(comments().sortBetween(author("bob#x"), author("bob1"))))
                .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo("bob#x") >= 0 && a.compareTo("bob1") <= 0));
        assertThat(authors(comments().sortBetween(author("bob\"q"), author("bobA"))))
                .containsExactlyInAnyOrderElementsOf(expected(a -> a.compareTo("bob\"q") >= 0 && a.compareTo("bobA") <= 0));
    }

    /** The request of a range on the author alone in post P1: its key condition, filter and values besides {@code :pk}. */
    private static QueryRequest onAuthor(QueryRequest sent, String keyCondition, String filter, Map<String, AttributeValue> values) {
        Map<String, AttributeValue> all = new HashMap<>(values);
        all.put(":pk", AttributeValue.fromS("POST#P1"));
        return QueryRequest.builder().tableName(sent.tableName()).keyConditionExpression(keyCondition).filterExpression(filter)
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK", "#author", "author")).expressionAttributeValues(all).build();
    }

    @Test
    void sortGreaterThan_whenTheBoundHoldsAnEscapedCharacter_cutsTheKeyRangeBeforeIt() {
        QueryRequest request = comments().sortGreaterThan(author("bob#x")).toRequest();

        assertThat(request).isEqualTo(onAuthor(request, "#pk = :pk AND #sk >= :sk", "#author > :v0",
                Map.of(":sk", AttributeValue.fromS("COMMENT#bob"), ":v0", AttributeValue.fromS("bob#x"))));
        assertThat(authors(comments().sortGreaterThan(author("bob#x")))).containsExactlyInAnyOrder("bob.jr", "bob1", "bobA", "bob\\z",
                "boba", "bobby", "c");
    }

    @Test
    void sortLessThan_whenTheBoundHoldsACharacterBelowTheEscape_endsTheKeyRangeAfterEscapedKeys() {
        QueryRequest request = comments().sortLessThan(author("bob1")).toRequest();

        assertThat(request).isEqualTo(onAuthor(request, "#pk = :pk AND #sk <= :sk", "#author < :v0",
                Map.of(":sk", AttributeValue.fromS("COMMENT#bob\\\uDBFF\uDFFF"), ":v0", AttributeValue.fromS("bob1"))));
        assertThat(authors(comments().sortLessThan(author("bob1")))).containsExactlyInAnyOrder("a", "bo", "bob", "bob smith", "bob!x",
                "bob\"q", "bob#x", "bob.jr");
    }

    @Test
    void sortBetween_whenTheEndsHoldEscapedCharactersOrCharactersBelowTheEscape_widensBothEnds() {
        QueryRequest request = comments().sortBetween(author("bob#x"), author("bob1")).toRequest();

        assertThat(request).isEqualTo(onAuthor(request, "#pk = :pk AND #sk BETWEEN :sk AND :sk2", "#author BETWEEN :v0 AND :v1",
                Map.of(":sk", AttributeValue.fromS("COMMENT#bob"), ":sk2", AttributeValue.fromS("COMMENT#bob\\\uDBFF\uDFFF"),
                        ":v0", AttributeValue.fromS("bob#x"), ":v1", AttributeValue.fromS("bob1"))));
        assertThat(authors(comments().sortBetween(author("bob#x"), author("bob1")))).containsExactlyInAnyOrder("bob#x", "bob.jr", "bob1");
    }

    @Test
    void sortComparisons_whenTheLeadingTextSlotAloneIsGiven_returnExactlyTheAuthorsInTheRange() {
        for (String bound : List.of("bo", "bob", "bob smith", "bob!x", "bob\"q", "bob#x", "bob.jr", "bob1", "bobA", "bob\\z", "boba")) {
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

    /** Comments of P2: each of a few authors on days 5, 7 and 9, to compare whole keys (author, then day). */
    static final List<String> DAY_AUTHORS = List.of("a", "bob", "bob smith", "bob!x", "bobby", "c");

    private static List<Comment> dayComments() {
        return DAY_AUTHORS.stream().flatMap(a -> IntStream.of(5, 7, 9).mapToObj(d -> new Comment("P2", a, String.valueOf(d)))).toList();
    }

    private static int compareAuthorDay(Comment c, String author, int day) {
        int byAuthor = c.author().compareTo(author);
        return byAuthor != 0 ? byAuthor : Integer.compare(Integer.parseInt(c.day()), day);
    }

    private static Query<Comment> p2() {
        return db.table().query(COMMENT).partition(POST, "P2");
    }

    private static KeyValues authorDay(String author, int day) {
        return KeyValues.of(AUTHOR, author).and(DAY, day);
    }

    private static List<Comment> expectedDays(Predicate<Comment> inRange) {
        return dayComments().stream().filter(inRange).toList();
    }

    @Test
    void sortComparisons_whenEverySlotIsGiven_returnExactlyTheCommentsBeforeOrAfterTheWholeKey() {
        dayComments().forEach(db.table()::put);
        for (String author : List.of("bob", "bob smith", "bob!x", "bo")) {
            for (int day : List.of(5, 7, 8)) {
                String at = author + "," + day;
                assertThat(p2().sortLessThan(authorDay(author, day)).list()).as("< " + at)
                        .containsExactlyInAnyOrderElementsOf(expectedDays(c -> compareAuthorDay(c, author, day) < 0));
                assertThat(p2().sortLessThanOrEqual(authorDay(author, day)).list()).as("<= " + at)
                        .containsExactlyInAnyOrderElementsOf(expectedDays(c -> compareAuthorDay(c, author, day) <= 0));
                assertThat(p2().sortGreaterThan(authorDay(author, day)).list()).as("> " + at)
                        .containsExactlyInAnyOrderElementsOf(expectedDays(c -> compareAuthorDay(c, author, day) > 0));
                assertThat(p2().sortGreaterThanOrEqual(authorDay(author, day)).list()).as(">= " + at)
                        .containsExactlyInAnyOrderElementsOf(expectedDays(c -> compareAuthorDay(c, author, day) >= 0));
            }
        }
        assertThat(p2().sortBetween(authorDay("bob", 7), authorDay("bob smith", 5)).list())
                .containsExactlyInAnyOrderElementsOf(expectedDays(c -> compareAuthorDay(c, "bob", 7) >= 0
                        && compareAuthorDay(c, "bob smith", 5) <= 0));
    }

    @Test
    void sortLessThan_whenEverySlotIsGiven_widensAtTheTextSlotAndFiltersOnTheWholeKeysValues() {
        QueryRequest request = comments().sortLessThan(authorDay("bob", 7)).toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder().tableName(request.tableName())
                .keyConditionExpression("#pk = :pk AND #sk <= :sk")
                .filterExpression("#author < :v0 OR (#author = :v0 AND #day < :v1)")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK", "#author", "author", "#day", "day"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("POST#P1"), ":sk", AttributeValue.fromS("COMMENT#bob#\uDBFF\uDFFF"),
                        ":v0", AttributeValue.fromS("bob"), ":v1", AttributeValue.fromN("7")))
                .build());
    }

    private static int compareThreadAuthor(Reply r, int thread, String author) {
        int byThread = Integer.compare(r.thread(), thread);
        return byThread != 0 ? byThread : r.author().compareTo(author);
    }

    @Test
    void sortRanges_whenALaterTextSlotIsGivenAfterANumber_returnExactlyTheRepliesInTheRange() {
        List<Reply> all = IntStream.of(1, 2, 3).boxed()
                .flatMap(t -> AUTHORS.stream().map(a -> new Reply("T1", t, a, 1))).toList();
        all.forEach(db.table()::put);
        Function<KeyValues, Query<Reply>> lt = v -> db.table().query(REPLY).partition(TOPIC, "T1").sortLessThan(v);
        Function<KeyValues, Query<Reply>> le = v -> db.table().query(REPLY).partition(TOPIC, "T1").sortLessThanOrEqual(v);
        Function<KeyValues, Query<Reply>> gt = v -> db.table().query(REPLY).partition(TOPIC, "T1").sortGreaterThan(v);
        Function<KeyValues, Query<Reply>> ge = v -> db.table().query(REPLY).partition(TOPIC, "T1").sortGreaterThanOrEqual(v);
        for (String bound : List.of("bo", "bob", "bob smith", "bob!x", "bob#x", "bob1", "bobA", "boba")) {
            KeyValues given = KeyValues.of(THREAD, 2).and(REPLY_AUTHOR, bound);
            assertThat(lt.apply(given).list()).as("< 2," + bound)
                    .containsExactlyInAnyOrderElementsOf(all.stream().filter(r -> compareThreadAuthor(r, 2, bound) < 0).toList());
            assertThat(le.apply(given).list()).as("<= 2," + bound)
                    .containsExactlyInAnyOrderElementsOf(all.stream().filter(r -> compareThreadAuthor(r, 2, bound) <= 0).toList());
            assertThat(gt.apply(given).list()).as("> 2," + bound)
                    .containsExactlyInAnyOrderElementsOf(all.stream().filter(r -> compareThreadAuthor(r, 2, bound) > 0).toList());
            assertThat(ge.apply(given).list()).as(">= 2," + bound)
                    .containsExactlyInAnyOrderElementsOf(all.stream().filter(r -> compareThreadAuthor(r, 2, bound) >= 0).toList());
        }
        assertThat(db.table().query(REPLY).partition(TOPIC, "T1")
                .sortBetween(KeyValues.of(THREAD, 2).and(REPLY_AUTHOR, "a"), KeyValues.of(THREAD, 2).and(REPLY_AUTHOR, "bob")).list())
                .containsExactlyInAnyOrderElementsOf(all.stream().filter(r -> r.thread() == 2
                        && r.author().compareTo("a") >= 0 && r.author().compareTo("bob") <= 0).toList());
    }

    @Test
    void sortGreaterThan_whenALaterTextSlotIsGiven_widensAtThatSlotAndFiltersOnTheGivenValues() {
        QueryRequest request = db.table().query(REPLY).partition(TOPIC, "T1")
                .sortGreaterThan(KeyValues.of(THREAD, 2).and(REPLY_AUTHOR, "bob")).toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder().tableName(request.tableName())
                .keyConditionExpression("#pk = :pk AND #sk >= :sk")
                .filterExpression("#thread > :v0 OR (#thread = :v0 AND #author > :v1)")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK", "#thread", "thread", "#author", "author"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TOPIC#T1"), ":sk", AttributeValue.fromS("REPLY#0000000002#bob"),
                        ":v0", AttributeValue.fromN("2"), ":v1", AttributeValue.fromS("bob")))
                .build());
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
                .hasMessageContaining("text slot 'author'")
                .hasMessageContaining("project author into the index (INCLUDE or ALL)");
    }
}
