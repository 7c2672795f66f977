package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.Table;
import dev.singletable.TooManyPairsException;
import dev.singletable.ValidationException;
import dev.singletable.extension.RequestEvent;
import dev.singletable.it.RelationRolesModel.Group;
import dev.singletable.it.RelationRolesModel.User;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.RelationRolesModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Deleting an end of relations with its pairs ({@code deleteWithPairs}): a user in groups who follows and is
 * followed (a relation of User with itself), on the embedded engine, sync and async.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class DeleteWithPairsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);


    private final List<String> operations = new CopyOnWriteArrayList<>();
    private Table table;
    private AsyncTable async;

    @BeforeEach
    void tables() {
        StoredItems.deleteAll(db);
        table = Table.builder(db.table().schema(), db.client()).listener((RequestEvent e) -> operations.add(e.operation())).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient())
                .listener((RequestEvent e) -> operations.add(e.operation())).build();
        for (Object entity : List.of(ADA, BOB, CY, ADMINS, READERS)) {
            table.put(entity);
        }
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(ADA, READERS, MEMBERSHIP);
        table.relate(BOB, ADMINS, MEMBERSHIP);
        table.relate(ADA, BOB, FOLLOWS);
        table.relate(CY, ADA, FOLLOWS);
        table.relate(ADA, ADA, FOLLOWS);   // a pair of Ada with herself, found from both directions
        table.relate(BOB, CY, FOLLOWS);
        operations.clear();
    }

    /** The stored items' keys, in key order. */
    private static List<String> keys() {
        return StoredItems.of(db).stream().map(i -> i.get("PK") + " " + i.get("SK")).toList();
    }

    /** What stays when Ada and her pairs of both relations are gone: the others and the pairs between them. */
    private static final List<String> WITHOUT_ADA = List.of(
            "GROUP#1 DETAILS", "GROUP#1 USER#456", "GROUP#2 DETAILS",
            "USER#456 FOLLOWS#789", "USER#456 GROUP#1", "USER#456 PROFILE",
            "USER#789 FOLLOWED_BY#456", "USER#789 PROFILE");

    @Test
    void deleteWithPairs_whenAUserIsInGroupsAndFollows_deletesItAndBothItemsOfEveryPairInOneTransaction() {
        int pairs = table.deleteWithPairs(ADA);

        assertThat(pairs).isEqualTo(5);   // two memberships, follows Bob, followed by Cy, follows herself
        assertThat(operations).containsExactly("Query", "Query", "Query", "TransactWriteItems");
        assertThat(keys()).isEqualTo(WITHOUT_ADA);
        assertThat(table.related(ADMINS, MEMBERSHIP.inverse())).extracting(a -> a.far().values().asMap().get("id"))
                .containsExactly("456");
        assertThat(table.related(READERS, MEMBERSHIP.inverse())).isEmpty();
        assertThat(table.related(BOB, FOLLOWS.inverse())).isEmpty();
        assertThat(table.related(CY, FOLLOWS)).isEmpty();
        assertThat(table.verifyRelation(MEMBERSHIP).isConsistent()).isTrue();
        assertThat(table.verifyRelation(FOLLOWS).isConsistent()).isTrue();
    }

    @Test
    void deleteWithPairs_withOneRelation_deletesThatRelationsPairsAndLeavesTheOthersDangling() {
        int pairs = table.deleteWithPairs(ADA, MEMBERSHIP);

        assertThat(pairs).isEqualTo(2);
        assertThat(operations).containsExactly("Query", "TransactWriteItems");
        assertThat(table.related(ADMINS, MEMBERSHIP.inverse())).hasSize(1);
        assertThat(table.verifyRelation(MEMBERSHIP).isConsistent()).isTrue();
        assertThat(table.related(BOB, FOLLOWS.inverse())).hasSize(1);   // what a plain delete leaves
        assertThat(table.verifyRelation(FOLLOWS).dangling()).isNotEmpty();
    }

    @Test
    void deleteWithPairs_fromTheSecondSide_deletesTheGroupAndItsMembersMemberships() {
        int pairs = table.deleteWithPairs(ADMINS, MEMBERSHIP.inverse());

        assertThat(pairs).isEqualTo(2);
        assertThat(table.related(ADA, MEMBERSHIP)).extracting(a -> a.far().values().asMap().get("id")).containsExactly("2");
        assertThat(table.related(BOB, MEMBERSHIP)).isEmpty();
        assertThat(table.verifyRelation(MEMBERSHIP).isConsistent()).isTrue();
        assertThat(keys()).doesNotContain("GROUP#1 DETAILS");
    }

    @Test
    void deleteWithPairs_whenTheEntityIsNotStored_deletesThePairsAPlainDeleteLeft() {
        table.delete(ADA);
        assertThat(table.verifyRelation(MEMBERSHIP).dangling()).isNotEmpty();

        int pairs = table.deleteWithPairs(ADA);

        assertThat(pairs).isEqualTo(5);
        assertThat(keys()).isEqualTo(WITHOUT_ADA);
        assertThat(table.verifyRelation(MEMBERSHIP).isConsistent()).isTrue();
        assertThat(table.verifyRelation(FOLLOWS).isConsistent()).isTrue();
    }

    @Test
    void deleteWithPairs_whenTheEntityHasNoPairs_deletesItAloneAndSaysZero() {
        User dee = new User("999", "Dee");
        table.put(dee);

        assertThat(table.deleteWithPairs(dee)).isZero();
        assertThat(keys()).doesNotContain("USER#999 PROFILE");
    }

    @Test
    void deleteWithPairs_whenMorePairsThanOneTransactionHolds_isTooManyPairsNamingEntityAndRelationsAndWritesNothing() {
        for (int i = 0; i < 45; i++) {   // 45 more memberships: 50 pairs in all, one over the 49 a transaction holds
            Group group = new Group("g" + i, "Group " + i);
            table.put(group);
            table.relate(ADA, group, MEMBERSHIP);
        }
        List<String> before = keys();
        operations.clear();

        assertThatThrownBy(() -> table.deleteWithPairs(ADA))
                .isInstanceOfSatisfying(TooManyPairsException.class, e -> {
                    assertThat(e.entityType()).isEqualTo("User");
                    assertThat(e.key()).isEqualTo(Map.of("PK", "USER#123", "SK", "PROFILE"));
                    assertThat(e.pairs()).containsExactly(Map.entry("Membership", 47), Map.entry("Follows", 3));
                    assertThat(e.maxPairs()).isEqualTo(49);
                })
                .hasMessage("deleteWithPairs User {PK=USER#123, SK=PROFILE}: it has 50 pairs (Membership 47, Follows 3), and one"
                        + " TransactWriteItems deletes the entity with at most 49 (100 actions, two a pair), so it cannot be atomic;"
                        + " nothing was written. Unrelate 1 or more of them first (table.related, then table.unrelate of each),"
                        + " then deleteWithPairs again");
        assertThat(operations).containsExactly("Query", "Query", "Query");
        assertThat(keys()).isEqualTo(before);

        table.unrelate(ADA, BOB, FOLLOWS);
        assertThat(table.deleteWithPairs(ADA)).isEqualTo(49);   // 99 actions: the most one transaction takes
        assertThat(keys()).filteredOn(k -> k.contains("123")).isEmpty();
        assertThat(table.verifyRelation(MEMBERSHIP).isConsistent()).isTrue();
    }

    @Test
    void deleteWithPairs_whenTheEntityIsNoEndOfTheRelation_isRefusedNamingBoth() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Relation<Object, Object> follows = (Relation) FOLLOWS;

        assertThatThrownBy(() -> table.deleteWithPairs((Object) ADMINS, follows))
                .isInstanceOf(ValidationException.class)
                .hasMessage("deleteWithPairs: Group is not an end of relation Follows (between User and User); give a relation of"
                        + " Group, or deleteWithPairs(entity) for all of them");
        assertThat(operations).isEmpty();
    }

    @Test
    void deleteDanglingPairs_whenAPlainDeleteLeftPairs_deletesBothItemsOfEachAndKeepsAOneSidedPairOfStoredEnds() {
        table.delete(ADA);
        db.client().deleteItem(r -> r.tableName(db.tableName()).key(Map.of("PK", AttributeValue.fromS("GROUP#1"),
                "SK", AttributeValue.fromS("USER#456"))));   // Bob's membership of Admins without its mirror: both ends stored
        operations.clear();

        assertThat(table.deleteDanglingPairs(MEMBERSHIP)).isEqualTo(2);
        assertThat(operations).containsExactly("Scan", "BatchGetItem", "TransactWriteItems", "TransactWriteItems");
        assertThat(table.deleteDanglingPairs(FOLLOWS.inverse())).isEqualTo(3);

        RelationReport memberships = table.verifyRelation(MEMBERSHIP);
        assertThat(memberships.dangling()).isEmpty();
        assertThat(memberships.oneSided()).extracting(RelationReport.OneSided::key)
                .containsExactly(Map.of("PK", "USER#456", "SK", "GROUP#1"));
        assertThat(table.verifyRelation(FOLLOWS).isConsistent()).isTrue();
        assertThat(keys()).isEqualTo(WITHOUT_ADA.stream().filter(k -> !k.equals("GROUP#1 USER#456")).toList());
        assertThat(table.deleteDanglingPairs(MEMBERSHIP)).isZero();
    }

    @Test
    void asyncDeleteWithPairs_sendsWhatTheSyncTableSendsAndDeletesTheSameItems() {
        int pairs = async.deleteWithPairs(ADA).join();

        assertThat(pairs).isEqualTo(5);
        assertThat(operations).containsExactly("Query", "Query", "Query", "TransactWriteItems");
        assertThat(keys()).isEqualTo(WITHOUT_ADA);
        assertThat(async.deleteWithPairs(ADMINS, MEMBERSHIP.inverse()).join()).isEqualTo(1);
        table.delete(BOB);
        assertThat(async.deleteDanglingPairs(FOLLOWS).join()).isEqualTo(1);
        assertThat(table.verifyRelation(FOLLOWS).isConsistent()).isTrue();
    }
}
