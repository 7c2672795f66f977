package dev.singletable.it;

import dev.singletable.Adjacency;
import dev.singletable.AsyncTable;
import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.extension.RequestEvent;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.it.RelationRolesModel.Group;
import dev.singletable.it.RelationRolesModel.User;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.StoredItems.item;
import static dev.singletable.it.RelationRolesModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 35's relation gaps on the embedded engine: attributes of the edge itself (seed 000's JoinDate and
 * Role) on both adjacency items, a relation of User with itself (follows) read in both directions, and two
 * entities sharing the key attribute name {@code id}.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class RelationRolesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final LocalDate JAN_1 = LocalDate.of(2025, 1, 1);

    private final List<String> operations = new CopyOnWriteArrayList<>();
    private Table table;
    private AsyncTable async;

    @BeforeEach
    void tables() {
        StoredItems.deleteAll(db);
        table = Table.builder(db.table().schema(), db.client()).listener((RequestEvent e) -> operations.add(e.operation())).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).build();
        table.put(ADA);
        table.put(BOB);
        table.put(CY);
        table.put(ADMINS);
        operations.clear();
    }

    private static List<Map<String, String>> items() {
        return StoredItems.of(db);
    }

    private static Map<String, String> profile(User user) {
        return item("PK", "USER#" + user.id(), "SK", "PROFILE", "entityType", "User", "id", user.id(), "name", user.name());
    }

    private static final Map<String, String> ADMINS_DETAILS = item("PK", "GROUP#1", "SK", "DETAILS", "entityType", "Group", "id", "1",
            "title", "Admins");

    private static Map<String, String> follow(String type, String pk, String sk, User follower, User followee) {
        return item("PK", pk, "SK", sk, "entityType", type, "followerId", follower.id(), "followeeId", followee.id(),
                "name", follower.name());
    }

    // ---------------------------------------------------------------- edge attributes

    @Test
    void relate_whenEdgeValuesGiven_writesThemOnBothItemsAndRelatedReadsThemTyped() {
        EdgeValues edge = EdgeValues.of(JOIN_DATE, JAN_1).and(ROLE, "ADMIN");

        table.relate(ADA, ADMINS, MEMBERSHIP, edge);

        assertThat(operations).containsExactly("TransactWriteItems");
        Map<String, String> pair = item("userId", "123", "groupId", "1", "name", "Ada", "title", "Admins", "JoinDate", "2025-01-01",
                "Role", "ADMIN");
        Map<String, String> groupUser = new TreeMap<>(pair);
        groupUser.putAll(item("PK", "GROUP#1", "SK", "USER#123", "entityType", "GROUPUSER"));
        Map<String, String> userGroup = new TreeMap<>(pair);
        userGroup.putAll(item("PK", "USER#123", "SK", "GROUP#1", "entityType", "USERGROUP"));
        assertThat(items()).containsExactly(ADMINS_DETAILS, groupUser, userGroup, profile(ADA), profile(BOB), profile(CY));

        DynamicItem stored = DynamicItem.builder("USERGROUP").set("userId", "123").set("groupId", "1").set("name", "Ada")
                .set("title", "Admins").set("JoinDate", JAN_1).set("Role", "ADMIN").build();
        List<Adjacency<User, Group>> memberships = table.related(ADA, MEMBERSHIP);
        assertThat(memberships).containsExactly(Adjacency.of(MEMBERSHIP, stored));
        assertThat(memberships.get(0).edge(JOIN_DATE)).contains(JAN_1);
        assertThat(memberships.get(0).edge(ROLE)).contains("ADMIN");
        assertThat(memberships.get(0).edgeValues()).isEqualTo(edge);
        assertThat(memberships.get(0).far().values().asMap()).isEqualTo(Map.of("id", "1"));

        List<Adjacency<Group, User>> members = async.related(ADMINS, MEMBERSHIP.inverse()).join();
        assertThat(members).containsExactly(Adjacency.of(MEMBERSHIP.inverse(), DynamicItem.builder("GROUPUSER").setAll(stored.values())
                .build()));
        assertThat(members.get(0).edgeValues()).isEqualTo(edge);
        assertThat(members.get(0).edge(JOIN_DATE).orElseThrow()).isInstanceOf(LocalDate.class).isEqualTo(JAN_1);
    }

    @Test
    void relate_whenRelatedAgainWithOtherOrNoEdgeValues_writesBothItemsWithThoseValues() {
        table.relate(ADA, ADMINS, MEMBERSHIP, EdgeValues.of(JOIN_DATE, JAN_1).and(ROLE, "ADMIN"));

        async.relate(ADA, ADMINS, MEMBERSHIP, EdgeValues.of(ROLE, "READER")).join();

        assertThat(table.related(ADA, MEMBERSHIP)).extracting(Adjacency::edgeValues).containsExactly(EdgeValues.of(ROLE, "READER"));
        assertThat(table.related(ADMINS, MEMBERSHIP.inverse())).extracting(Adjacency::edgeValues)
                .containsExactly(EdgeValues.of(ROLE, "READER"));

        table.relate(ADA, ADMINS, MEMBERSHIP);

        Map<String, String> pair = item("userId", "123", "groupId", "1", "name", "Ada", "title", "Admins");
        Map<String, String> groupUser = new TreeMap<>(pair);
        groupUser.putAll(item("PK", "GROUP#1", "SK", "USER#123", "entityType", "GROUPUSER"));
        Map<String, String> userGroup = new TreeMap<>(pair);
        userGroup.putAll(item("PK", "USER#123", "SK", "GROUP#1", "entityType", "USERGROUP"));
        assertThat(items()).containsExactly(ADMINS_DETAILS, groupUser, userGroup, profile(ADA), profile(BOB), profile(CY));
        assertThat(table.related(ADA, MEMBERSHIP).get(0).edgeValues()).isEqualTo(EdgeValues.none());
    }

    @Test
    void relate_whenAnEdgeValueIsOfNoDeclaredEdgeAttribute_isRefusedNamingItAndWritesNothing() {
        List<Map<String, String>> before = items();

        assertThatThrownBy(() -> table.relate(ADA, ADMINS, MEMBERSHIP,
                EdgeValues.of(Relation.edgeAttribute("Rank", dev.singletable.AttributeTypes.INTEGER), 3)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Relation Membership: edge value Rank=3 is not of one of its edge attributes [JoinDate, Role]; declare 'Rank' "
                        + "with Relation.Builder.edge, or give the Attribute constant declared there");
        assertThat(items()).isEqualTo(before);
        assertThat(operations).isEmpty();
    }

    @Test
    void relate_whenARequiredEdgeAttributeIsMissing_isRefusedNamingIt() {
        var since = dev.singletable.Attribute.<DynamicItem, LocalDate>required("Since", dev.singletable.AttributeTypes.LOCAL_DATE,
                i -> i.getDate("Since"));
        Relation<User, Group> strict = Relation.between("Membership", USER, GROUP).firstKeyAs("id", "userId").secondKeyAs("id", "groupId")
                .firstSide("USER#{userId}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "USER#{userId}").edge(since).build();
        Table strictTable = Table.builder(dev.singletable.TableSchema.builder(db.table().schema().name()).entities(USER, GROUP)
                .relation(strict).build(), db.client()).build();
        List<Map<String, String>> before = items();

        assertThatThrownBy(() -> strictTable.relate(ADA, ADMINS, strict, EdgeValues.of(ROLE, "ADMIN")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Relation Membership: edge value Role=ADMIN is not of one of its edge attributes [Since]; declare 'Role' with "
                        + "Relation.Builder.edge, or give the Attribute constant declared there");
        assertThatThrownBy(() -> strictTable.relate(ADA, ADMINS, strict))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Relation Membership: edge attribute 'Since' is required, and the edge values {} have none; give it, "
                        + "EdgeValues.of(Since, value)");
        assertThat(items()).isEqualTo(before);
    }

    @Test
    void edge_whenTheAttributeIsNoEdgeAttributeOfTheRelation_isRefusedNamingIt() {
        table.relate(ADA, ADMINS, MEMBERSHIP, EdgeValues.of(ROLE, "ADMIN"));
        Adjacency<User, Group> membership = table.related(ADA, MEMBERSHIP).get(0);

        assertThatThrownBy(() -> membership.edge(Relation.edgeAttribute("Role", dev.singletable.AttributeTypes.STRING)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Relation Membership: 'Role' is not one of its edge attributes [JoinDate, Role]; declare it with "
                        + "Relation.Builder.edge");
    }

    @Test
    void build_whenAnEdgeAttributeHasTheNameOfACopiedOrKeyAttribute_isRefused() {
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP).firstKeyAs("id", "userId").secondKeyAs("id", "groupId")
                .firstSide("USER#{userId}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "USER#{userId}").copyFromFirst(NAME)
                .edge(Relation.edgeAttribute("name", dev.singletable.AttributeTypes.STRING)).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): edge attribute 'name' has the name of a copied attribute of the "
                        + "adjacency items, which hold one value per name; give it another name");
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP).firstKeyAs("id", "userId").secondKeyAs("id", "groupId")
                .firstSide("USER#{userId}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "USER#{userId}")
                .edge(Relation.edgeAttribute("groupId", dev.singletable.AttributeTypes.STRING)).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): edge attribute 'groupId' has the name of a key attribute of the "
                        + "adjacency items, which hold one value per name; give it another name");
    }

    // ---------------------------------------------------------------- self-relations

    @Test
    void relate_whenAUserFollowsUsers_writesFollowsAndFollowedByItemsInTheTwoPartitions() {
        table.relate(ADA, BOB, FOLLOWS);
        table.relate(ADA, CY, FOLLOWS);
        table.relate(BOB, ADA);   // the one relation between User and User, found by type: bob follows ada

        assertThat(operations).containsExactly("TransactWriteItems", "TransactWriteItems", "TransactWriteItems");
        assertThat(items()).containsExactly(ADMINS_DETAILS,
                follow("FollowedBy", "USER#123", "FOLLOWED_BY#456", BOB, ADA),
                follow("Follows", "USER#123", "FOLLOWS#456", ADA, BOB),
                follow("Follows", "USER#123", "FOLLOWS#789", ADA, CY),
                profile(ADA),
                follow("FollowedBy", "USER#456", "FOLLOWED_BY#123", ADA, BOB),
                follow("Follows", "USER#456", "FOLLOWS#123", BOB, ADA),
                profile(BOB),
                follow("FollowedBy", "USER#789", "FOLLOWED_BY#123", ADA, CY),
                profile(CY));
    }

    @Test
    void relatedEntities_whenSelfRelation_tellsWhomAUserFollowsFromTheirFollowers() {
        table.relate(ADA, BOB, FOLLOWS);
        table.relate(ADA, CY, FOLLOWS);
        table.relate(BOB, ADA, FOLLOWS);
        operations.clear();

        assertThat(table.relatedEntities(ADA, FOLLOWS)).containsExactly(BOB, CY);
        assertThat(table.relatedEntities(ADA, FOLLOWS.inverse())).containsExactly(BOB);
        assertThat(async.relatedEntities(CY, FOLLOWS).join()).isEmpty();
        assertThat(async.relatedEntities(CY, FOLLOWS.inverse()).join()).containsExactly(ADA);
        assertThat(operations).containsExactly("Query", "BatchGetItem", "Query", "BatchGetItem");

        List<Adjacency<User, User>> following = table.related(ADA, FOLLOWS);
        assertThat(following).containsExactly(
                Adjacency.of(FOLLOWS, DynamicItem.builder("Follows").set("followerId", "123").set("followeeId", "456").set("name", "Ada")
                        .build()),
                Adjacency.of(FOLLOWS, DynamicItem.builder("Follows").set("followerId", "123").set("followeeId", "789").set("name", "Ada")
                        .build()));
        assertThat(following).extracting(a -> a.near().values().asMap(), a -> a.far().values().asMap())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Map.of("id", "123"), Map.of("id", "456")),
                        org.assertj.core.groups.Tuple.tuple(Map.of("id", "123"), Map.of("id", "789")));
        assertThat(table.related(ADA, FOLLOWS.inverse())).containsExactly(Adjacency.of(FOLLOWS.inverse(), DynamicItem
                .builder("FollowedBy").set("followerId", "456").set("followeeId", "123").set("name", "Bob").build()));
    }

    @Test
    void unrelate_whenSelfRelation_deletesOnlyThatDirectionsPairAndVerifyFindsItConsistent() {
        table.relate(ADA, BOB, FOLLOWS);
        table.relate(BOB, ADA, FOLLOWS);

        table.unrelate(ADA, BOB, FOLLOWS);

        assertThat(items()).containsExactly(ADMINS_DETAILS,
                follow("FollowedBy", "USER#123", "FOLLOWED_BY#456", BOB, ADA),
                profile(ADA),
                follow("Follows", "USER#456", "FOLLOWS#123", BOB, ADA),
                profile(BOB),
                profile(CY));
        assertThat(table.verifyRelation(FOLLOWS)).isEqualTo(new RelationReport("Follows", 2, List.of(), List.of(), List.of()));
    }

    @Test
    void relate_whenAUserFollowsThemself_checksTheirItemOnceAndWritesBothItems() {
        table.relate(ADA, ADA, FOLLOWS);

        assertThat(items()).containsExactly(ADMINS_DETAILS,
                follow("FollowedBy", "USER#123", "FOLLOWED_BY#123", ADA, ADA),
                follow("Follows", "USER#123", "FOLLOWS#123", ADA, ADA),
                profile(ADA), profile(BOB), profile(CY));
        assertThat(table.relatedEntities(ADA, FOLLOWS)).containsExactly(ADA);
        assertThat(table.relatedEntities(ADA, FOLLOWS.inverse())).containsExactly(ADA);
    }

    @Test
    void build_whenASelfRelationKeepsTheKeyName_isRefusedNamingTheRenames() {
        assertThatThrownBy(() -> Relation.between("Follows", USER, USER).firstSide("USER#{id}", "FOLLOWS#{id}")
                .secondSide("USER#{id}", "FOLLOWED_BY#{id}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Follows (User - User): relates User with itself, so both ends have key attribute 'id', and an "
                        + "adjacency item holds both ends' key values by name; give them two names on the items, such as "
                        + "firstKeyAs(\"id\", \"fromId\").secondKeyAs(\"id\", \"toId\"), and use those names in the templates");
    }

    // ---------------------------------------------------------------- shared key attribute names

    @Test
    void verifyRelation_whenBothEntitiesAreKeyedId_readsEachEndByItsOwnKeyAndReportsTheGoneGroup() {
        table.relate(ADA, ADMINS, MEMBERSHIP, EdgeValues.of(ROLE, "ADMIN"));
        table.relate(BOB, ADMINS, MEMBERSHIP);
        assertThat(table.verifyRelation(MEMBERSHIP)).isEqualTo(new RelationReport("Membership", 4, List.of(), List.of(), List.of()));
        assertThat(table.relatedEntities(ADMINS, MEMBERSHIP.inverse())).containsExactly(ADA, BOB);
        assertThat(table.relatedEntities(BOB, MEMBERSHIP)).containsExactly(ADMINS);

        table.delete(ADMINS);

        assertThat(table.verifyRelation(MEMBERSHIP.inverse()).text()).isEqualTo("""
                Relation Membership: 4 adjacency items scanned, 0 one-sided, 4 dangling, 0 stale copies
                  dangling: GROUPUSER {PK=GROUP#1, SK=USER#123} names Group {id=1}, which is not stored
                  dangling: GROUPUSER {PK=GROUP#1, SK=USER#456} names Group {id=1}, which is not stored
                  dangling: USERGROUP {PK=USER#123, SK=GROUP#1} names Group {id=1}, which is not stored
                  dangling: USERGROUP {PK=USER#456, SK=GROUP#1} names Group {id=1}, which is not stored
                """);
    }

    @Test
    void put_whenBothEntitiesAreKeyedIdAndCopiesPropagate_rewritesTheCopiesKeepingTheEdgeValues() {
        table.relate(ADA, ADMINS, MEMBERSHIP, EdgeValues.of(JOIN_DATE, JAN_1).and(ROLE, "ADMIN"));

        table.put(new User("123", "Ada L."));

        Map<String, String> pair = item("userId", "123", "groupId", "1", "name", "Ada L.", "title", "Admins", "JoinDate", "2025-01-01",
                "Role", "ADMIN");
        Map<String, String> groupUser = new TreeMap<>(pair);
        groupUser.putAll(item("PK", "GROUP#1", "SK", "USER#123", "entityType", "GROUPUSER"));
        Map<String, String> userGroup = new TreeMap<>(pair);
        userGroup.putAll(item("PK", "USER#123", "SK", "GROUP#1", "entityType", "USERGROUP"));
        assertThat(items()).containsExactly(ADMINS_DETAILS, groupUser, userGroup, profile(new User("123", "Ada L.")), profile(BOB),
                profile(CY));
    }

    @Test
    void build_whenTwoEntitiesShareAKeyNameNotRenamed_isRefusedNamingTheRenames() {
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP).firstSide("USER#{id}", "GROUP#{id}")
                .secondSide("GROUP#{id}", "USER#{id}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): both entities have key attribute 'id', and an adjacency item holds both "
                        + "ends' key values by name; give them two names on the items, such as firstKeyAs(\"id\", \"userId\")"
                        + ".secondKeyAs(\"id\", \"groupId\"), and use those names in the templates");
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP).firstKeyAs("userId", "uid").secondKeyAs("id", "groupId")
                .firstSide("USER#{uid}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "USER#{uid}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): firstKeyAs(\"userId\", \"uid\") renames 'userId', which is not a key "
                        + "attribute of User [id]; rename one of those");
    }
}
