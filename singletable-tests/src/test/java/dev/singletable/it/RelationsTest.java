package dev.singletable.it;

import dev.singletable.Adjacency;
import dev.singletable.AsyncTable;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.ItemKey;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.RelationReport;
import dev.singletable.extension.RequestEvent;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TransactionCanceledException;
import dev.singletable.fixtures.RecordingClient;
import dev.singletable.it.PatternsModel.Group;
import dev.singletable.it.PatternsModel.User;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.StoredItems.item;
import static dev.singletable.it.PatternsModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Seed 000's users, groups and memberships as a declared relation, on the embedded engine, sync and async. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class RelationsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SEED_000);

    private final List<DynamoDbRequest> sent = new CopyOnWriteArrayList<>();
    private final List<String> operations = new CopyOnWriteArrayList<>();
    private Table table;
    private AsyncTable async;

    private static final User ADA = new User("123", "Ada");
    private static final Group ADMINS = new Group("1", "Admins");
    private static final Group READERS = new Group("2", "Readers");

    @BeforeEach
    void tables() {
        StoredItems.deleteAll(db);
        table = Table.builder(db.table().schema(), RecordingClient.recording(db.client(), sent))
                .listener((RequestEvent e) -> operations.add(e.operation())).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient())
                .listener((RequestEvent e) -> operations.add(e.operation())).build();
        table.put(ADA);
        table.put(ADMINS);
        table.put(READERS);
        sent.clear();
        operations.clear();
    }

    private static List<Map<String, String>> items() {
        return StoredItems.of(db);
    }

    private static final Map<String, String> ADA_PROFILE = item("PK", "USER#123", "SK", "PROFILE", "entityType", "User",
            "userId", "123", "userName", "Ada");
    private static final Map<String, String> ADMINS_DETAILS = item("PK", "GROUP#1", "SK", "DETAILS", "entityType", "Group",
            "groupId", "1", "groupName", "Admins");
    private static final Map<String, String> READERS_DETAILS = item("PK", "GROUP#2", "SK", "DETAILS", "entityType", "Group",
            "groupId", "2", "groupName", "Readers");

    private static Map<String, String> userGroup(String userId, String userName, String groupId, String groupName) {
        return item("PK", "USER#" + userId, "SK", "GROUP#" + groupId, "entityType", "USERGROUP", "userId", userId, "groupId", groupId,
                "userName", userName, "groupName", groupName);
    }

    private static Map<String, String> groupUser(String userId, String userName, String groupId, String groupName) {
        return item("PK", "GROUP#" + groupId, "SK", "USER#" + userId, "entityType", "GROUPUSER", "userId", userId, "groupId", groupId,
                "userName", userName, "groupName", groupName);
    }

    @Test
    void relate_whenBothStored_writesBothDirectionsAndChecksBothEndsInOneTransaction() {
        table.relate(ADA, ADMINS, MEMBERSHIP);

        assertThat(operations).containsExactly("TransactWriteItems");
        TransactWriteItemsRequest request = (TransactWriteItemsRequest) sent.get(0);
        assertThat(request.clientRequestToken()).hasSize(36);
        Map<String, AttributeValue> pair = Map.of("userId", s("123"), "groupId", s("1"), "userName", s("Ada"), "groupName", s("Admins"));
        assertThat(request.toBuilder().clientRequestToken(null).build()).isEqualTo(TransactWriteItemsRequest.builder().transactItems(
                put(pair, "USERGROUP", "USER#123", "GROUP#1"),
                put(pair, "GROUPUSER", "GROUP#1", "USER#123"),
                exists("USER#123", "PROFILE", "userId"),
                exists("GROUP#1", "DETAILS", "groupId"))
                .returnConsumedCapacity(software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.TOTAL).build());
        assertThat(items()).containsExactly(ADMINS_DETAILS, groupUser("123", "Ada", "1", "Admins"), READERS_DETAILS,
                userGroup("123", "Ada", "1", "Admins"), ADA_PROFILE);
    }

    @Test
    void relate_whenRunAgain_writesTheSameItemsWithoutErrorOrDuplicate() {
        table.relate(ADA, ADMINS, MEMBERSHIP);
        List<Map<String, String>> once = items();

        table.relate(ADA, ADMINS);   // the one relation between User and Group, found by type
        table.relate(ADMINS, ADA);   // either order

        assertThat(items()).isEqualTo(once).hasSize(5);
        assertThat(operations).containsExactly("TransactWriteItems", "TransactWriteItems", "TransactWriteItems");
    }

    @Test
    void relate_whenGroupIsNotStored_isItemNotFoundNamingItAndWritesNothing() {
        Group ghost = new Group("404", "Ghosts");

        assertThatThrownBy(() -> table.relate(ADA, ghost, MEMBERSHIP))
                .isInstanceOfSatisfying(ItemNotFoundException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("relate Membership: Group groupId=404 is not stored; write it first"
                            + " (nothing was written)");
                    assertThat(e.entityType()).isEqualTo("Group");
                    assertThat(e.operation()).isEqualTo("relate");
                    assertThat(e.key()).isEqualTo(Map.of("PK", "GROUP#404", "SK", "DETAILS"));
                    assertThat(e.getCause()).isInstanceOfSatisfying(TransactionCanceledException.class, canceled ->
                            assertThat(canceled.reasons()).extracting(TransactionCanceledException.Reason::code)
                                    .containsExactly("None", "None", "None", "ConditionalCheckFailed"));
                });
        assertThat(items()).containsExactly(ADMINS_DETAILS, READERS_DETAILS, ADA_PROFILE);
    }

    @Test
    void relate_whenNeitherEndIsStored_isItemNotFoundNamingBoth() {
        User ghostUser = new User("404", "Nobody");
        Group ghostGroup = new Group("404", "Ghosts");

        assertThatThrownBy(() -> table.relate(ghostUser, ghostGroup, MEMBERSHIP))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("relate Membership: User userId=404 and Group groupId=404 are not stored; write them first"
                        + " (nothing was written)");
        assertThatThrownBy(() -> table.relate(ghostUser, ADMINS, MEMBERSHIP))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("relate Membership: User userId=404 is not stored; write it first (nothing was written)");
        assertThat(items()).containsExactly(ADMINS_DETAILS, READERS_DETAILS, ADA_PROFILE);
    }

    @Test
    void unrelate_whenRelated_deletesBothItemsInOneTransactionAndAgainChangesNothing() {
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(ADA, READERS, MEMBERSHIP);
        operations.clear();

        table.unrelate(ADA, ADMINS, MEMBERSHIP);
        table.unrelate(ADA, ADMINS);

        assertThat(operations).containsExactly("TransactWriteItems", "TransactWriteItems");
        assertThat(items()).containsExactly(ADMINS_DETAILS, READERS_DETAILS, groupUser("123", "Ada", "2", "Readers"),
                userGroup("123", "Ada", "2", "Readers"), ADA_PROFILE);
    }

    @Test
    void related_whenUserIsInTwoGroups_returnsTheAdjacencyItemsInSortKeyOrderWithOneQuery() {
        table.relate(ADA, READERS, MEMBERSHIP);
        table.relate(ADA, ADMINS, MEMBERSHIP);
        operations.clear();
        sent.clear();

        List<Adjacency<User, Group>> groups = table.related(ADA, MEMBERSHIP);

        assertThat(operations).containsExactly("Query");
        software.amazon.awssdk.services.dynamodb.model.QueryRequest query = (software.amazon.awssdk.services.dynamodb.model.QueryRequest) sent.get(0);
        assertThat(query.keyConditionExpression()).isEqualTo("#pk = :pk AND begins_with(#sk, :sk)");
        assertThat(query.expressionAttributeValues()).isEqualTo(Map.of(":pk", AttributeValue.fromS("USER#123"),
                ":sk", AttributeValue.fromS("GROUP#")));
        assertThat(groups).extracting(Adjacency::far).containsExactly(ItemKey.of(GROUP, KeyValues.of(GROUP_ID, "1")),
                ItemKey.of(GROUP, KeyValues.of(GROUP_ID, "2")));
        assertThat(groups).extracting(a -> a.copied(GROUP_NAME).orElseThrow()).containsExactly("Admins", "Readers");
        assertThat(groups).extracting(Adjacency::near).containsOnly(ItemKey.of(USER, KeyValues.of(USER_ID, "123")));
        // issue 35: the far side's key values typed by their attributes, not as Object
        List<String> groupIds = groups.stream().map(a -> a.farValue(GROUP_ID)).toList();
        assertThat(groupIds).containsExactly("1", "2");
        assertThat(groups).extracting(a -> a.nearValue(USER_ID)).containsOnly("123");
        assertThatThrownBy(() -> groups.get(0).farValue(GROUP_NAME)).isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Adjacency.farValue: 'groupName' fills no slot of Group's key [groupId]; give one of its key attributes");

        List<Adjacency<Group, User>> members = table.related(ADMINS, MEMBERSHIP.inverse());
        assertThat(members).extracting(a -> a.item().values()).containsExactly(
                Map.of("userId", "123", "groupId", "1", "userName", "Ada", "groupName", "Admins"));
    }

    @Test
    void queryCollection_whenAGroupAndItsAdjacencyItemsAreMembers_readsTheGroupAndItsMembershipsInOneQuery() {
        User grace = new User("456", "Grace");
        table.put(grace);
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(grace, ADMINS, MEMBERSHIP);
        table.relate(ADA, READERS, MEMBERSHIP);
        operations.clear();
        sent.clear();
        EntityCollection<Object> groupAndMembers = EntityCollection.of(Object.class, GROUP, MEMBERSHIP.secondSideItems());

        List<Object> items = table.query(groupAndMembers).partition(KeyValues.of("groupId", "1")).list();

        assertThat(operations).containsExactly("Query");
        software.amazon.awssdk.services.dynamodb.model.QueryRequest query = (software.amazon.awssdk.services.dynamodb.model.QueryRequest) sent.get(0);
        assertThat(query.keyConditionExpression()).isEqualTo("#pk = :pk");
        assertThat(query.expressionAttributeValues()).isEqualTo(Map.of(":pk", AttributeValue.fromS("GROUP#1")));
        assertThat(items).hasSize(3);
        assertThat(items.get(0)).isEqualTo(ADMINS);
        assertThat(items.subList(1, 3)).extracting(i -> ((DynamicItem) i).entityType()).containsOnly("GROUPUSER");
        assertThat(items.subList(1, 3)).extracting(i -> ((DynamicItem) i).values()).containsExactly(
                Map.of("userId", "123", "groupId", "1", "userName", "Ada", "groupName", "Admins"),
                Map.of("userId", "456", "groupId", "1", "userName", "Grace", "groupName", "Admins"));
    }

    @Test
    void relatedEntities_whenAskedForTheGroups_readsThemWithOneQueryAndOneBatchGet() {
        table.relate(ADA, READERS, MEMBERSHIP);
        table.relate(ADA, ADMINS, MEMBERSHIP);
        operations.clear();

        assertThat(table.relatedEntities(ADA, MEMBERSHIP)).containsExactly(ADMINS, READERS);
        assertThat(operations).containsExactly("Query", "BatchGetItem");
        operations.clear();
        assertThat(table.relatedEntities(READERS, MEMBERSHIP.inverse())).containsExactly(ADA);
        assertThat(table.relatedEntities(new User("none", "Nobody"), MEMBERSHIP)).isEmpty();
        assertThat(operations).containsExactly("Query", "BatchGetItem", "Query");
    }

    @Test
    void relatedEntities_whenAUserIsIn120Groups_readsThemIn100KeyBatches() {
        User many = table.put(new User("many", "Many"));
        List<Group> groups = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            Group group = table.put(new Group(String.format("m%03d", i), "G" + i));
            groups.add(group);
            table.relate(many, group, MEMBERSHIP);
        }
        operations.clear();
        sent.clear();

        assertThat(table.relatedEntities(many, MEMBERSHIP)).isEqualTo(groups);
        assertThat(operations).containsExactly("Query", "BatchGetItem", "BatchGetItem");
        assertThat(sent.subList(1, 3)).extracting(r -> ((software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest) r)
                .requestItems().get(db.tableName()).keys().size()).containsExactly(100, 20);
    }

    @Test
    void update_whenACopiedAttributeChanges_rewritesTheCopiesOnBothItemsOfEveryPair() {
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(ADA, READERS, MEMBERSHIP);
        operations.clear();
        sent.clear();

        User renamed = table.update(USER, KeyValues.of(USER_ID, "123"), u -> u.set(USER_NAME, "Ada L."));

        assertThat(renamed).isEqualTo(new User("123", "Ada L."));
        assertThat(operations).containsExactly("UpdateItem", "Query", "TransactWriteItems");
        assertThat(((TransactWriteItemsRequest) sent.get(2)).transactItems()).hasSize(4)
                .allSatisfy(action -> assertThat(action.update().updateExpression()).isEqualTo("SET #userName = :v0"))
                .allSatisfy(action -> assertThat(action.update().conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v1"));
        assertThat(items()).containsExactly(ADMINS_DETAILS, groupUser("123", "Ada L.", "1", "Admins"), READERS_DETAILS,
                groupUser("123", "Ada L.", "2", "Readers"), userGroup("123", "Ada L.", "1", "Admins"),
                userGroup("123", "Ada L.", "2", "Readers"), item("PK", "USER#123", "SK", "PROFILE", "entityType", "User",
                        "userId", "123", "userName", "Ada L."));

        operations.clear();
        table.put(new User("123", "Ada L."));   // copies already current: a query, nothing more
        table.put(new Group("2", "Readers"));   // nothing copied from the group side changed
        assertThat(operations).containsExactly("PutItem", "Query", "PutItem", "Query");
    }

    @Test
    void delete_whenAnEndIsDeleted_leavesItsPairsWhichRelatedReturnsRelatedEntitiesLeavesOutAndUnrelateRemoves() {
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(ADA, READERS, MEMBERSHIP);

        table.delete(GROUP, KeyValues.of("groupId", "2"));

        assertThat(table.related(ADA, MEMBERSHIP)).extracting(a -> a.far().values().asMap().get("groupId"))
                .containsExactly("1", "2");
        assertThat(table.relatedEntities(ADA, MEMBERSHIP)).containsExactly(ADMINS);
        assertThat(table.verifyRelation(MEMBERSHIP).dangling()).hasSize(2);
        table.unrelate(ADA, READERS, MEMBERSHIP);
        assertThat(table.related(ADA, MEMBERSHIP)).hasSize(1);
        assertThat(table.verifyRelation(MEMBERSHIP).isConsistent()).isTrue();
    }

    @Test
    void verifyRelation_whenAMirrorIsMissingACopyIsStaleAndAGroupIsGone_reportsEach() {
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(ADA, READERS, MEMBERSHIP);
        db.client().deleteItem(r -> r.tableName(db.tableName()).key(Map.of("PK", AttributeValue.fromS("GROUP#1"),
                "SK", AttributeValue.fromS("USER#123"))));
        db.client().updateItem(r -> r.tableName(db.tableName()).key(Map.of("PK", AttributeValue.fromS("USER#123"),
                "SK", AttributeValue.fromS("GROUP#2"))).updateExpression("SET groupName = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("Old readers"))));
        db.client().deleteItem(r -> r.tableName(db.tableName()).key(Map.of("PK", AttributeValue.fromS("GROUP#2"),
                "SK", AttributeValue.fromS("DETAILS"))));
        operations.clear();

        RelationReport report = table.verifyRelation(MEMBERSHIP);

        assertThat(operations).containsExactly("Scan", "BatchGetItem");
        assertThat(report).isEqualTo(new RelationReport("Membership", 3,
                List.of(new RelationReport.OneSided("USERGROUP", ordered("PK", "USER#123", "SK", "GROUP#1"), "GROUPUSER",
                        ordered("PK", "GROUP#1", "SK", "USER#123"))),
                List.of(new RelationReport.Dangling("GROUPUSER", ordered("PK", "GROUP#2", "SK", "USER#123"), "Group",
                                KeyValues.of("groupId", "2")),
                        new RelationReport.Dangling("USERGROUP", ordered("PK", "USER#123", "SK", "GROUP#2"), "Group",
                                KeyValues.of("groupId", "2"))),
                List.of()));
        assertThat(report.text()).isEqualTo("""
                Relation Membership: 3 adjacency items scanned, 1 one-sided, 2 dangling, 0 stale copies
                  one-sided: USERGROUP {PK=USER#123, SK=GROUP#1} has no mirror GROUPUSER {PK=GROUP#1, SK=USER#123}
                  dangling: GROUPUSER {PK=GROUP#2, SK=USER#123} names Group {groupId=2}, which is not stored
                  dangling: USERGROUP {PK=USER#123, SK=GROUP#2} names Group {groupId=2}, which is not stored
                """);

        table.put(READERS);
        RelationReport stale = table.verifyRelation(MEMBERSHIP.inverse());
        assertThat(stale.staleCopies()).containsExactly(new RelationReport.StaleCopy("USERGROUP",
                ordered("PK", "USER#123", "SK", "GROUP#2"), "groupName", "Old readers", "Group{groupId=2}", "Readers"));
        assertThat(stale.isConsistent()).isFalse();

        table.relate(ADA, READERS, MEMBERSHIP);
        table.relate(ADA, ADMINS, MEMBERSHIP);
        assertThat(table.verifyRelation(MEMBERSHIP)).isEqualTo(new RelationReport("Membership", 4, List.of(), List.of(), List.of()));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static TransactWriteItem put(Map<String, AttributeValue> values, String type, String pk, String sk) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(values);
        item.put("entityType", s(type));
        item.put("PK", s(pk));
        item.put("SK", s(sk));
        return TransactWriteItem.builder().put(Put.builder().tableName(db.tableName()).item(item).build()).build();
    }

    private static TransactWriteItem exists(String pk, String sk, String attribute) {
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(db.tableName())
                .key(Map.of("PK", s(pk), "SK", s(sk))).conditionExpression("attribute_exists(#" + attribute + ")")
                .expressionAttributeNames(Map.of("#" + attribute, attribute))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    @Test
    void asyncTable_whenRelatingReadingAndUnrelating_sendsWhatTheSyncTableSends() {
        async.relate(ADA, ADMINS, MEMBERSHIP).join();
        async.relate(READERS, ADA).join();
        assertThat(operations).containsExactly("TransactWriteItems", "TransactWriteItems");
        operations.clear();

        assertThat(async.related(ADA, MEMBERSHIP).join()).extracting(a -> a.copied(GROUP_NAME).orElseThrow())
                .containsExactly("Admins", "Readers");
        assertThat(async.relatedEntities(ADMINS, MEMBERSHIP.inverse()).join()).containsExactly(ADA);
        assertThat(async.verifyRelation(MEMBERSHIP).join().isConsistent()).isTrue();
        assertThat(operations).containsExactly("Query", "Query", "BatchGetItem", "Scan", "BatchGetItem");

        operations.clear();
        async.update(ADA, u -> u.set(USER_NAME, "Countess")).join();
        assertThat(operations).containsExactly("UpdateItem", "Query", "TransactWriteItems");
        assertThat(items()).contains(userGroup("123", "Countess", "1", "Admins"), groupUser("123", "Countess", "2", "Readers"));

        async.unrelate(ADA, ADMINS, MEMBERSHIP).join();
        async.unrelate(ADA, READERS).join();
        assertThat(items()).containsExactly(ADMINS_DETAILS, READERS_DETAILS, item("PK", "USER#123", "SK", "PROFILE",
                "entityType", "User", "userId", "123", "userName", "Countess"));
        assertThat(async.relate(ADA, new Group("404", "Ghosts"), MEMBERSHIP)).failsWithin(java.time.Duration.ofSeconds(10))
                .withThrowableThat().havingCause().isInstanceOf(ItemNotFoundException.class)
                .withMessageContaining("Group groupId=404 is not stored");
    }

    @Test
    void relate_whenTheTableDoesNotDeclareTheRelation_isRefusedNamingIt() {
        assertThatThrownBy(() -> table.relate(ADA, ADMINS, TEAM_MEMBERSHIP_OF_000))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership is another relation than table " + db.tableName() + "'s of that name; use the "
                        + "Relation constant the table schema was built with");
        assertThat(operations).isEmpty();
    }

    private static final dev.singletable.Relation<User, Group> TEAM_MEMBERSHIP_OF_000 = dev.singletable.Relation
            .between("Membership", USER, GROUP).firstSide("USER#{userId}", "MEMBER#GROUP#{groupId}")
            .secondSide("GROUP#{groupId}", "MEMBER#USER#{userId}").build();
}
