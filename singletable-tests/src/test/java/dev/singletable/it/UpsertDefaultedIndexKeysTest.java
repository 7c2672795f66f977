package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.annotations.Default;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.Index;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.singletable.fixtures.RecordingClient.recording;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * An upsert that does not read sets the keys of an index whose slots it leaves out, when those read as defaults, with
 * if_not_exists: an item it creates joins the index as {@code create} would put it there. On a stored item without the
 * index's keys (an index added later, not backfilled) that stores another value of the defaulted slot, the default's key
 * would be wrong: the upsert's condition refuses that case, and the upsert then reads the item and writes its true key.
 */
class UpsertDefaultedIndexKeysTest {
    /** GSI1's sort key holds {@code published}, which defaults to false. */
    @Entity(pk = "USER#{username}", sk = "POST#{postId}")
    @Index(name = "GSI1", pk = "POST", sk = "STATUS#{published}#{postId}")
    public record Post(String username, String postId, String title, @Default("false") Boolean published) {
    }

    static final TableSchema SCHEMA = TableSchema.builder("Posts")
            .index(IndexSchema.global("GSI1").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.string("GSI1SK")).build())
            .entities(UpsertDefaultedIndexKeysTest_PostSchema.INSTANCE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** The update expression every upsert of a title here sends, its index keys set only where the item has none. */
    private static final String UPSERT_EXPRESSION = "SET #entityType = :v0, #username = :v1, #postId = :v2, #title = :v3, "
            + "#GSI1PK = if_not_exists(#GSI1PK, :v4), #GSI1SK = if_not_exists(#GSI1SK, :v5)";
    /** Its condition: a live item of this type, whose index keys are there or whose published slot reads as the default. */
    private static final String UPSERT_CONDITION = "(attribute_not_exists(#PK) OR #entityType = :v6) AND ((attribute_exists(#GSI1PK) "
            + "AND attribute_exists(#GSI1SK)) OR (attribute_not_exists(#published) OR attribute_type(#published, :v7) "
            + "OR #published = :v8))";
    private static final Map<String, String> UPSERT_NAMES = Map.of("#entityType", "entityType", "#username", "username",
            "#postId", "postId", "#title", "title", "#GSI1PK", "GSI1PK", "#GSI1SK", "GSI1SK", "#PK", "PK", "#published", "published");

    private final List<DynamoDbRequest> sent = new ArrayList<>();
    private Table table;

    @BeforeEach
    void table() {
        table = Table.of(db.table().schema(), recording(db.client(), sent));
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private static Map<String, AttributeValue> key(String postId) {
        return Map.of("PK", s("USER#ann"), "SK", s("POST#" + postId));
    }

    private static Map<String, AttributeValue> stored(String postId) {
        return db.client().getItem(r -> r.tableName(db.tableName()).consistentRead(true).key(key(postId))).item();
    }

    /** An item as stored before GSI1 was added to Post: no GSI1 keys; {@code published} only when given. */
    private static void storedWithoutIndexKeys(String postId, AttributeValue published) {
        Map<String, AttributeValue> item = new HashMap<>(key(postId));
        item.putAll(Map.of("entityType", s("Post"), "username", s("ann"), "postId", s(postId), "title", s("Old")));
        if (published != null) {
            item.put("published", published);
        }
        db.client().putItem(r -> r.tableName(db.tableName()).item(item));
    }

    private Post upsertTitle(String postId, String title) {
        return table.upsert(UpsertDefaultedIndexKeysTest_PostSchema.INSTANCE, KeyValues.of("username", "ann").and("postId", postId),
                u -> u.set(UpsertDefaultedIndexKeysTest_PostSchema.TITLE, title));
    }

    /** The upsert of {@code title} into post {@code postId} as sent without reading. */
    private static UpdateItemRequest blindUpsert(String postId, String title) {
        return UpdateItemRequest.builder().tableName(db.tableName()).key(key(postId))
                .updateExpression(UPSERT_EXPRESSION).conditionExpression(UPSERT_CONDITION)
                .expressionAttributeNames(UPSERT_NAMES)
                .expressionAttributeValues(Map.of(":v0", s("Post"), ":v1", s("ann"), ":v2", s(postId), ":v3", s(title),
                        ":v4", s("POST"), ":v5", s("STATUS#false#" + postId), ":v6", s("Post"), ":v7", s("NULL"), ":v8", AttributeValue.fromBool(false)))
                .returnValues(ReturnValue.ALL_NEW).returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** The upsert of {@code title} as sent after reading an item that stores {@code published: true} and no GSI1 keys. */
    private static UpdateItemRequest readUpsert(String postId, String title) {
        return UpdateItemRequest.builder().tableName(db.tableName()).key(key(postId))
                .updateExpression("SET #entityType = :v0, #username = :v1, #postId = :v2, #title = :v3, #GSI1PK = :v4, #GSI1SK = :v5")
                .conditionExpression("(attribute_not_exists(#PK) OR #entityType = :v6) AND #published = :v7")
                .expressionAttributeNames(UPSERT_NAMES)
                .expressionAttributeValues(Map.of(":v0", s("Post"), ":v1", s("ann"), ":v2", s(postId), ":v3", s(title),
                        ":v4", s("POST"), ":v5", s("STATUS#true#" + postId), ":v6", s("Post"), ":v7", AttributeValue.fromBool(true)))
                .returnValues(ReturnValue.ALL_NEW).returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    private static GetItemRequest strongRead(String postId) {
        return GetItemRequest.builder().tableName(db.tableName()).key(key(postId)).consistentRead(true).build();
    }

    private static Map<String, AttributeValue> item(String postId, String title, boolean published, boolean storesPublished) {
        Map<String, AttributeValue> item = new HashMap<>(key(postId));
        item.putAll(Map.of("entityType", s("Post"), "username", s("ann"), "postId", s(postId), "title", s(title),
                "GSI1PK", s("POST"), "GSI1SK", s("STATUS#" + published + "#" + postId)));
        if (storesPublished) {
            item.put("published", AttributeValue.fromBool(published));
        }
        return item;
    }

    @Test
    void upsert_whenNoItemIsStored_createsItInTheIndexUnderTheDefault() {
        Post upserted = upsertTitle("P1", "New");

        assertThat(upserted).isEqualTo(new Post("ann", "P1", "New", false));
        assertThat(stored("P1")).isEqualTo(item("P1", "New", false, false));
        assertThat(sent).containsExactly(blindUpsert("P1", "New"));
    }

    @Test
    void upsert_whenTheStoredItemHasItsIndexKeys_keepsThem() {
        table.create(new Post("ann", "P2", "Old", true));
        sent.clear();

        Post upserted = upsertTitle("P2", "New");

        assertThat(upserted).isEqualTo(new Post("ann", "P2", "New", true));
        assertThat(stored("P2")).isEqualTo(item("P2", "New", true, true));
        assertThat(sent).containsExactly(blindUpsert("P2", "New"));
    }

    @Test
    void upsert_whenTheStoredItemHasNoIndexKeysNorTheDefaultedSlot_setsTheDefaultsKey() {
        storedWithoutIndexKeys("P3", null);

        Post upserted = upsertTitle("P3", "New");

        assertThat(upserted).isEqualTo(new Post("ann", "P3", "New", false));
        assertThat(stored("P3")).isEqualTo(item("P3", "New", false, false));
        assertThat(sent).containsExactly(blindUpsert("P3", "New"));
    }

    @Test
    void upsert_whenTheStoredItemHasNoIndexKeysAndTheSlotStoredWithTheDefault_setsTheDefaultsKey() {
        storedWithoutIndexKeys("P4", AttributeValue.fromBool(false));

        Post upserted = upsertTitle("P4", "New");

        assertThat(upserted).isEqualTo(new Post("ann", "P4", "New", false));
        assertThat(stored("P4")).isEqualTo(item("P4", "New", false, true));
        assertThat(sent).containsExactly(blindUpsert("P4", "New"));
    }

    @Test
    void upsert_whenTheStoredItemHasNoIndexKeysAndAnotherValueOfTheDefaultedSlot_readsItAndWritesItsTrueKey() {
        storedWithoutIndexKeys("P5", AttributeValue.fromBool(true));

        Post upserted = upsertTitle("P5", "New");

        assertThat(upserted).isEqualTo(new Post("ann", "P5", "New", true));
        assertThat(stored("P5")).isEqualTo(item("P5", "New", true, true));
        assertThat(sent).containsExactly(blindUpsert("P5", "New"), strongRead("P5"), readUpsert("P5", "New"));
        assertThat(table.query(UpsertDefaultedIndexKeysTest_PostSchema.INSTANCE).index("GSI1").partition(KeyValues.none())
                .sortBeginsWith(KeyValues.of("published", true)).list()).contains(upserted);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void upsert_whenItsOwnConditionFailsOnAnItemWithoutIndexKeys_reportsThatConditionAndChangesNothing() {
        storedWithoutIndexKeys("P6", AttributeValue.fromBool(true));
        Map<String, AttributeValue> before = stored("P6");

        assertThatThrownBy(() -> table.upsert(UpsertDefaultedIndexKeysTest_PostSchema.INSTANCE,
                KeyValues.of("username", "ann").and("postId", "P6"), u -> u.set(UpsertDefaultedIndexKeysTest_PostSchema.TITLE, "New"),
                Condition.eq(UpsertDefaultedIndexKeysTest_PostSchema.TITLE, "Other")))
                .isExactlyInstanceOf(ConditionFailedException.class)
                .hasMessageStartingWith("upsert of Post {PK=USER#ann, SK=POST#P6} in table " + db.tableName() + " was refused: its "
                        + "condition title = :v0 with :v0=\"Other\" did not hold");

        assertThat(stored("P6")).isEqualTo(before);
        // refused as sent blind, then as planned from the item read: the caller's condition is in both
        assertThat(sent).extracting(r -> r.getClass().getSimpleName().replace("Request", ""), UpsertDefaultedIndexKeysTest::condition)
                .containsExactly(tuple("UpdateItem", UPSERT_CONDITION + " AND #title = :v9"), tuple("GetItem", ""),
                        tuple("UpdateItem", "(attribute_not_exists(#PK) OR #entityType = :v6) AND #published = :v7 AND #title = :v8"));
    }

    private static String condition(DynamoDbRequest request) {
        return request instanceof UpdateItemRequest update ? update.conditionExpression() : "";
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transactionUpsert_whenTheStoredItemHasNoIndexKeysAndAnotherValueOfTheDefaultedSlot_readsItFirstAndWritesItsTrueKey() {
        storedWithoutIndexKeys("P7", AttributeValue.fromBool(true));
        sent.clear();

        table.transaction().upsert(UpsertDefaultedIndexKeysTest_PostSchema.INSTANCE, KeyValues.of("username", "ann").and("postId", "P7"),
                u -> u.set(UpsertDefaultedIndexKeysTest_PostSchema.TITLE, "New")).execute();

        assertThat(stored("P7")).isEqualTo(item("P7", "New", true, true));
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0)).isEqualTo(strongRead("P7"));
        assertThat(sent.get(1)).isInstanceOfSatisfying(TransactWriteItemsRequest.class, transaction -> {
            var update = transaction.transactItems().get(0).update();
            UpdateItemRequest expected = readUpsert("P7", "New");
            assertThat(update.updateExpression()).isEqualTo(expected.updateExpression());
            assertThat(update.conditionExpression()).isEqualTo(expected.conditionExpression());
            assertThat(update.expressionAttributeNames()).isEqualTo(expected.expressionAttributeNames());
            assertThat(update.expressionAttributeValues()).isEqualTo(expected.expressionAttributeValues());
        });
    }
}
