package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;

import static dev.singletable.it.ShapesModel.COMMENT;
import static dev.singletable.it.ShapesModel.C_CREATED;
import static dev.singletable.it.ShapesModel.C_ROOM;
import static dev.singletable.it.ShapesModel.C_TEXT;
import static dev.singletable.it.ShapesModel.C_USER;
import static dev.singletable.it.ShapesModel.C_ID;
import static dev.singletable.it.ShapesModel.Comment;
import static dev.singletable.it.ShapesModel.MEMBERSHIP;
import static dev.singletable.it.ShapesModel.M_USER;
import static dev.singletable.it.ShapesModel.M_GROUP;
import static dev.singletable.it.ShapesModel.Membership;
import static dev.singletable.it.ShapesModel.SCHEMA;
import static dev.singletable.it.ShapesModel.SCORE;
import static dev.singletable.it.ShapesModel.S_GAME;
import static dev.singletable.it.ShapesModel.S_PLAYER;
import static dev.singletable.it.ShapesModel.S_POINTS;
import static dev.singletable.it.ShapesModel.S_REPLAY;
import static dev.singletable.it.ShapesModel.Score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** Issue 10's index shapes on the embedded engine: own-attribute GSIs, inverted index, N and B keys, projections, an LSI. */
class IndexShapesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2026-04-01T12:00:00Z");

    @BeforeAll
    static void load() {
        db.table().put(new Comment("ann", "c1", "music", T0, "hello"));
        db.table().put(new Comment("bob", "c2", "music", T0.plusSeconds(10), "rock"));
        db.table().put(new Comment("ann", "c3", "art", T0.plusSeconds(20), "paint"));
        db.table().put(new Comment("cid", "c4", "music", T0.plusSeconds(30), "jazz"));
        db.table().put(new Comment("ann", "c5", null, T0.plusSeconds(40), "no room"));
        for (long points : new long[] {9, 100, 25, -3, 1000}) {
            db.table().put(new Score("chess", "p" + points, points, "nick" + points, new byte[] {(byte) points, 1}));
        }
        db.table().put(new Membership("g1", "ann", "owner"));
        db.table().put(new Membership("g2", "ann", "member"));
        db.table().put(new Membership("g1", "bob", "member"));
    }

    private static Map<String, AttributeValue> raw(String pk, String sk) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build()).item();
    }

    private static List<String> ids(List<Comment> comments) {
        return comments.stream().map(Comment::commentId).toList();
    }

    private static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    private static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }

    private static AttributeDefinition definition(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    @Test
    void createTableRequest_whenIndexesOfEveryShape_rendersTypesLsiAndProjections() {
        Projection all = Projection.builder().projectionType(ProjectionType.ALL).build();
        assertThat(db.table().createTableRequest()).isEqualTo(CreateTableRequest.builder()
                .tableName(db.tableName())
                .attributeDefinitions(definition("PK", ScalarAttributeType.S), definition("SK", ScalarAttributeType.S),
                        definition("roomId", ScalarAttributeType.S), definition("createdAt", ScalarAttributeType.S),
                        definition("LBPK", ScalarAttributeType.S), definition("LBSK", ScalarAttributeType.N),
                        definition("player", ScalarAttributeType.S), definition("replay", ScalarAttributeType.B),
                        definition("LSI1SK", ScalarAttributeType.S))
                .keySchema(hash("PK"), range("SK"))
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .globalSecondaryIndexes(
                        GlobalSecondaryIndex.builder().indexName("ByRoom").keySchema(hash("roomId"), range("createdAt")).projection(all).build(),
                        GlobalSecondaryIndex.builder().indexName("Inverted").keySchema(hash("SK"), range("PK")).projection(all).build(),
                        GlobalSecondaryIndex.builder().indexName("Leaderboard").keySchema(hash("LBPK"), range("LBSK"))
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("player", "points", "entityType"))
                                .build(),
                        GlobalSecondaryIndex.builder().indexName("ByPlayer").keySchema(hash("player"))
                                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build(),
                        GlobalSecondaryIndex.builder().indexName("ByReplay").keySchema(hash("replay")).projection(all).build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("ByUserRoom").keySchema(hash("PK"), range("LSI1SK"))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE)
                                .nonKeyAttributes("text", "roomId", "createdAt", "userId", "commentId", "entityType")).build())
                .build());
    }

    // ------------------------------------------------------------------ own attributes as GSI keys

    @Test
    void put_whenGsiIsKeyedOnOwnAttributes_writesNoExtraAttribute() {
        assertThat(raw("USER#ann", "COMMENT#c1")).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("USER#ann"), "SK", AttributeValue.fromS("COMMENT#c1"),
                "entityType", AttributeValue.fromS("Comment"), "userId", AttributeValue.fromS("ann"),
                "commentId", AttributeValue.fromS("c1"), "roomId", AttributeValue.fromS("music"),
                "createdAt", AttributeValue.fromS("2026-04-01T12:00:00Z"), "text", AttributeValue.fromS("hello"),
                "LSI1SK", AttributeValue.fromS("ROOM#music#2026-04-01T12:00:00.000000000Z")));
    }

    @Test
    void query_onOwnAttributeGsi_returnsTheRoomsCommentsInTimeOrderAndSkipsItemsWithoutTheAttribute() {
        assertThat(ids(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "music").list())).containsExactly("c1", "c2", "c4");
        assertThat(ids(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "music").descending().limit(2).list()))
                .containsExactly("c4", "c2");
        assertThat(ids(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "music")
                .sortGreaterThan(KeyValues.of(C_CREATED, T0)).list())).containsExactly("c2", "c4");
        assertThat(ids(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "music")
                .sortBetween(KeyValues.of(C_CREATED, T0.plusSeconds(5)), KeyValues.of(C_CREATED, T0.plusSeconds(30))).list()))
                .containsExactly("c2", "c4");
    }

    @Test
    void query_onOwnAttributeGsi_rendersTheAttributesOwnValues() {
        QueryRequest request = db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "music")
                .sortGreaterThan(KeyValues.of(C_CREATED, T0)).toRequest();

        // only Comment has roomId and createdAt, so only its items are in ByRoom: no entity-type filter; the own
        // attributes are sent as they are (not escaped); no listener or debug log reads the consumed capacity
        assertThat(request).isEqualTo(QueryRequest.builder().tableName(db.tableName()).indexName("ByRoom")
                .keyConditionExpression("#pk = :pk AND #sk > :sk")
                .expressionAttributeNames(Map.of("#pk", "roomId", "#sk", "createdAt"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("music"),
                        ":sk", AttributeValue.fromS("2026-04-01T12:00:00Z")))
                .build());
    }

    @Test
    void update_whenOwnKeyAttributeChanges_movesTheItemInTheIndexWithoutDerivedCopies() {
        Comment moving = db.table().put(new Comment("dan", "c9", "poetry", T0.plusSeconds(50), "moving"));

        Comment moved = db.table().update(moving, u -> u.set(C_ROOM, "opera"));

        assertThat(ids(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "opera").list())).containsExactly("c9");
        assertThat(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "poetry").list()).isEmpty();
        Map<String, AttributeValue> stored = raw("USER#dan", "COMMENT#c9");
        assertThat(stored.keySet()).containsExactlyInAnyOrder("PK", "SK", "entityType", "userId", "commentId", "roomId", "createdAt",
                "text", "LSI1SK");
        assertThat(stored).containsEntry("roomId", AttributeValue.fromS("opera"))
                .containsEntry("LSI1SK", AttributeValue.fromS("ROOM#opera#2026-04-01T12:00:50.000000000Z"));
        db.table().update(moved, u -> u.remove(C_ROOM));
        assertThat(db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "opera").list()).isEmpty();
        assertThat(raw("USER#dan", "COMMENT#c9")).doesNotContainKeys("roomId", "LSI1SK");
        db.table().delete(COMMENT, KeyValues.of(C_USER, "dan").and(C_ID, "c9"));
    }

    private static final String EMPTY_ROOM = "Comment index ByRoom partition key is attribute 'roomId', which is empty; DynamoDB key "
            + "values can never be empty: give it a value (or null, which leaves the item out of a sparse index)";

    @Test
    void write_whenOwnAttributeGsiKeyIsEmpty_isRefusedBeforeSendingByEveryWriteAndWritesNothing() {
        Comment bad = new Comment("eve", "c-bad", "", T0, "bad");

        assertThatThrownBy(() -> db.table().put(bad)).isInstanceOf(ValidationException.class).hasMessage(EMPTY_ROOM);
        assertThatThrownBy(() -> db.table().create(bad)).isInstanceOf(ValidationException.class).hasMessage(EMPTY_ROOM);
        assertThatThrownBy(() -> db.table().transaction().put(bad).execute()).isInstanceOf(ValidationException.class)
                .hasMessageContaining(EMPTY_ROOM);
        assertThatThrownBy(() -> db.table().batchWrite().putAll(List.of(bad)).execute()).isInstanceOf(ValidationException.class)
                .hasMessageContaining(EMPTY_ROOM);
        assertThat(raw("USER#eve", "COMMENT#c-bad")).isEmpty();
        Comment good = db.table().put(new Comment("eve", "c-bad", "music", T0, "good"));
        assertThatThrownBy(() -> db.table().replace(bad)).isInstanceOf(ValidationException.class).hasMessage(EMPTY_ROOM);
        assertThatThrownBy(() -> db.table().update(good, u -> u.set(C_ROOM, ""))).isInstanceOf(ValidationException.class)
                .hasMessage(EMPTY_ROOM);
        assertThat(raw("USER#eve", "COMMENT#c-bad")).containsEntry("roomId", AttributeValue.fromS("music"))
                .containsEntry("text", AttributeValue.fromS("good"));
        db.table().delete(COMMENT, KeyValues.of(C_USER, "eve").and(C_ID, "c-bad"));
    }

    @Test
    void write_whenOwnAttributeGsiKeyIsOverThePartitionKeyLength_isRefusedBeforeSending() {
        String message = "Score index ByReplay partition key is attribute 'replay', whose value is 2049 bytes; DynamoDB allows at most "
                + "2048 bytes in a partition key: shorten the value of replay";

        assertThatThrownBy(() -> db.table().put(new Score("go", "p-long", 1, null, new byte[2049]))).isInstanceOf(ValidationException.class)
                .hasMessage(message);
        Score longest = db.table().put(new Score("go", "p-long", 1, null, new byte[2048]));
        assertThatThrownBy(() -> db.table().update(longest, u -> u.set(S_REPLAY, new byte[2049]))).isInstanceOf(ValidationException.class)
                .hasMessage(message);
        assertThat(raw("GAME#go", "PLAYER#p-long").get("replay").b().asByteArray()).hasSize(2048);
        db.table().delete(SCORE, KeyValues.of(S_GAME, "go").and(S_PLAYER, "p-long"));
    }

    // ------------------------------------------------------------------ inverted index (adjacency list)

    @Test
    void query_onInvertedIndex_readsTheOtherSideOfTheRelation() {
        assertThat(db.table().query(MEMBERSHIP).partition(M_GROUP, "g1").list())
                .containsExactly(new Membership("g1", "ann", "owner"), new Membership("g1", "bob", "member"));
        assertThat(db.table().query(MEMBERSHIP).index("Inverted").partition(M_USER, "ann").list())
                .containsExactly(new Membership("g1", "ann", "owner"), new Membership("g2", "ann", "member"));
        assertThat(db.table().query(MEMBERSHIP).index("Inverted").partition(M_USER, "ann")
                .sortEquals(KeyValues.of(M_GROUP, "g2")).list()).containsExactly(new Membership("g2", "ann", "member"));
        assertThat(raw("GROUP#g1", "USER#ann")).hasSize(6); // PK, SK, entityType, groupId, userId, role: no copy of the keys
    }

    // ------------------------------------------------------------------ number and binary keys, projections

    @Test
    void query_onNumberSortKey_ordersNumerically() {
        List<Map<String, Object>> top = db.table().query(SCORE).index("Leaderboard").partition(S_GAME, "chess")
                .descending().selectMaps(S_PLAYER, S_POINTS).list();

        assertThat(top.stream().map(m -> m.get("points")).toList()).containsExactly(1000L, 100L, 25L, 9L, -3L);
        assertThat(db.table().query(SCORE).index("Leaderboard").partition(S_GAME, "chess")
                .sortBetween(KeyValues.of(S_POINTS, 9L), KeyValues.of(S_POINTS, 100L)).selectMaps(S_PLAYER).list()
                .stream().map(m -> m.get("player")).toList()).containsExactly("p9", "p25", "p100");
        assertThat(raw("GAME#chess", "PLAYER#p25")).containsEntry("LBPK", AttributeValue.fromS("GAME#chess"))
                .containsEntry("LBSK", AttributeValue.fromN("25"));
    }

    @Test
    void query_onBinaryKey_findsTheItemByItsBytes() {
        List<Score> found = db.table().query(SCORE).index("ByReplay").partition(S_REPLAY, new byte[] {25, 1}).list();

        assertThat(found).singleElement().satisfies(score -> assertThat(score.player()).isEqualTo("p25"));
        assertThat(db.table().query(SCORE).index("ByReplay").partition(S_REPLAY, new byte[] {25, 1}).toRequest()
                .expressionAttributeValues()).containsEntry(":pk", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {25, 1})));
    }

    @Test
    void query_whenIndexProjectionLacksAttributesTheEntityNeeds_failsBeforeSendingNamingThemAndTheWaysOut() {
        assertThatThrownBy(() -> db.table().query(SCORE).index("Leaderboard").partition(S_GAME, "chess").list())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Score on index Leaderboard, which projects INCLUDE[player, points, entityType]: the index does "
                        + "not hold [game, nickname, replay], which the read needs; select only what it holds with selectMaps(...) or "
                        + "select(...) of [PK, SK, LBPK, LBSK, player, points, entityType], or read the whole items from the table "
                        + "with fetchFullItems() (one BatchGetItem per page), or project them into the index (Projection.include(...) "
                        + "or Projection.all())");
        assertThatThrownBy(() -> db.table().query(SCORE).index("ByPlayer").partition(S_PLAYER, "p9").list())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Score on index ByPlayer, which projects KEYS_ONLY: the index does not hold [entityType, game, "
                        + "points, nickname, replay], which the read needs; select only what it holds with selectMaps(...) or "
                        + "select(...) of [PK, SK, player], or read the whole items from the table with fetchFullItems() (one "
                        + "BatchGetItem per page), or project them into the index (Projection.include(...) or Projection.all())");
    }

    @Test
    void fetchFullItems_onIncludeProjection_readsWholeEntitiesInIndexOrder() {
        List<Score> top = db.table().query(SCORE).index("Leaderboard").partition(S_GAME, "chess").descending().limit(3)
                .fetchFullItems().list();

        assertThat(top).extracting(Score::player, Score::points, Score::nickname)
                .containsExactly(tuple("p1000", 1000L, "nick1000"), tuple("p100", 100L, "nick100"), tuple("p25", 25L, "nick25"));
        assertThat(top.get(2).replay()).containsExactly(25, 1);
    }

    @Test
    void fetchFullItems_onKeysOnlyIndex_readsTheEntity() {
        assertThat(db.table().query(SCORE).index("ByPlayer").partition(S_PLAYER, "p9").fetchFullItems().list())
                .extracting(Score::nickname).containsExactly("nick9");
    }

    @Test
    void fetchFullItems_overMoreThanAHundredItems_batchesByHundredKeepsOrderAndResumesFromCursors() {
        List<RequestEvent> events = new CopyOnWriteArrayList<>();
        Table table = Table.builder(SCHEMA.toBuilder().name(db.tableName()).build(), db.client()).listener(events::add).build();
        for (int i = 0; i < 130; i++) {
            table.put(new Score("go", "g" + i, i, "n" + i, null));
        }
        events.clear();

        List<Score> all = table.query(SCORE).index("Leaderboard").partition(S_GAME, "go").fetchFullItems().list();
        Page<Score> first = table.query(SCORE).index("Leaderboard").partition(S_GAME, "go").limit(120).fetchFullItems().page();
        Page<Score> rest = table.query(SCORE).index("Leaderboard").partition(S_GAME, "go").limit(120).fetchFullItems()
                .page(first.cursor().orElseThrow());

        assertThat(all).extracting(Score::points).containsExactlyElementsOf(LongStream.range(0, 130).boxed().toList());
        assertThat(all).extracting(Score::nickname).startsWith("n0", "n1", "n2");
        assertThat(events.subList(0, 3)).extracting(RequestEvent::operation, RequestEvent::itemCount)
                .containsExactly(tuple("Query", 130), tuple("BatchGetItem", 100), tuple("BatchGetItem", 30));
        assertThat(first.items()).hasSize(120);
        assertThat(rest.items()).extracting(Score::points).containsExactlyElementsOf(LongStream.range(120, 130).boxed().toList());
    }

    @Test
    void fetchFullItems_onTheAsyncClient_readsWholeEntities() {
        AsyncTable async = AsyncTable.of(SCHEMA.toBuilder().name(db.tableName()).build(), db.engine().asyncClient());

        List<Score> top = async.query(SCORE).index("Leaderboard").partition(S_GAME, "chess").descending().limit(2)
                .fetchFullItems().list().join();

        assertThat(top).extracting(Score::nickname).containsExactly("nick1000", "nick100");
    }

    @Test
    void fetchFullItems_onTheTableOrWithSelect_isRefused() {
        assertThatThrownBy(() -> db.table().query(SCORE).partition(S_GAME, "chess").fetchFullItems())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Score: fetchFullItems() reads the table's items after an index query, and this query reads "
                        + "the table itself, whose items are whole already; drop fetchFullItems() or query an index");
        assertThatThrownBy(() -> db.table().query(SCORE).index("Leaderboard").partition(S_GAME, "chess").fetchFullItems()
                .select(S_PLAYER, S_POINTS, S_GAME))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Score: fetchFullItems() reads whole items, select(...) reads some attributes; use one of them");
    }

    @Test
    void count_onKeysOnlyIndexKeyedOnOwnAttribute_countsTheItems() {
        assertThat(db.table().query(SCORE).index("ByPlayer").partition(S_PLAYER, "p9").count()).isEqualTo(1);
    }

    // ------------------------------------------------------------------ LSI

    @Test
    void query_onLsi_allowsConsistentReadsAndOrdersByItsSortKey() {
        List<Comment> ann = db.table().query(COMMENT).index("ByUserRoom").partition(C_USER, "ann")
                .sortBeginsWith(KeyValues.of(C_ROOM, "music")).consistentRead().list();

        assertThat(ids(ann)).containsExactly("c1");
        assertThat(ids(db.table().query(COMMENT).index("ByUserRoom").partition(C_USER, "ann").consistentRead().list()))
                .containsExactly("c3", "c1");
        assertThat(db.table().query(COMMENT).index("ByUserRoom").partition(C_USER, "ann").consistentRead().toRequest().consistentRead())
                .isTrue();
    }

    @Test
    void consistentRead_onGsi_failsBeforeSending() {
        assertThatThrownBy(() -> db.table().query(COMMENT).index("ByRoom").partition(C_ROOM, "music").consistentRead())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Comment: consistent reads are not available on GSI 'ByRoom', which DynamoDB keeps eventually "
                        + "consistent; query the table itself or an LSI, or drop consistentRead()");
    }

    @Test
    void select_onLsiProjectingSomeAttributes_readsThem() {
        assertThat(db.table().query(COMMENT).index("ByUserRoom").partition(C_USER, "bob").selectMaps(C_TEXT).list())
                .containsExactly(Map.of("text", "rock"));
    }
}
