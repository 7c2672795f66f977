package dev.singletable.it.declared;

import dev.singletable.Adjacency;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Relation;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.it.StoredItems;
import dev.singletable.it.declared.MembershipModel.Group;
import dev.singletable.it.declared.MembershipModel.User;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.StoredItems.item;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 000's users, groups and memberships with the relation declared by {@code @TableDesign.Relation}: the generated
 * {@code MembershipModelDesign.MEMBERSHIP} relates, reads and propagates on the embedded engine, and the processor's schema
 * file holds the same relation.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class DeclaredRelationTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(MembershipModelDesign.SCHEMA);

    private static final Relation<User, Group> MEMBERSHIP = MembershipModelDesign.MEMBERSHIP;
    private static final User ADA = new User("123", "Ada");
    private static final User GRACE = new User("456", "Grace");
    private static final Group ADMINS = new Group("1", "Admins");
    private static final Group READERS = new Group("2", "Readers");

    private final List<String> operations = new CopyOnWriteArrayList<>();
    private Table table;

    @BeforeEach
    void table() {
        StoredItems.deleteAll(db);
        table = Table.builder(db.table().schema(), db.client()).listener((RequestEvent e) -> operations.add(e.operation())).build();
        table.put(ADA);
        table.put(GRACE);
        table.put(ADMINS);
        table.put(READERS);
        operations.clear();
    }

    private static List<Map<String, String>> items() {
        return StoredItems.of(db);
    }

    private static Map<String, String> adjacency(String pk, String sk, String type, String userId, String userName, String groupId,
                                                 String groupName) {
        return item("PK", pk, "SK", sk, "entityType", type, "userId", userId, "userName", userName, "groupId", groupId,
                "groupName", groupName);
    }

    @Test
    void relate_whenDeclaredByTheProcessor_writesBothItemsInOneTransaction() {
        table.relate(ADA, ADMINS, MEMBERSHIP);

        assertThat(operations).containsExactly("TransactWriteItems");
        assertThat(items()).containsExactly(
                item("PK", "GROUP#1", "SK", "DETAILS", "entityType", "Group", "groupId", "1", "groupName", "Admins"),
                adjacency("GROUP#1", "USER#123", "GROUPUSER", "123", "Ada", "1", "Admins"),
                item("PK", "GROUP#2", "SK", "DETAILS", "entityType", "Group", "groupId", "2", "groupName", "Readers"),
                adjacency("USER#123", "GROUP#1", "USERGROUP", "123", "Ada", "1", "Admins"),
                item("PK", "USER#123", "SK", "PROFILE", "entityType", "User", "userId", "123", "userName", "Ada"),
                item("PK", "USER#456", "SK", "PROFILE", "entityType", "User", "userId", "456", "userName", "Grace"));
    }

    @Test
    void related_whenReadFromEachSide_isOneQueryEachInSortKeyOrder() {
        table.relate(ADA, READERS, MEMBERSHIP);
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(GRACE, ADMINS, MEMBERSHIP);
        operations.clear();

        List<Adjacency<User, Group>> groupsOfAda = table.related(ADA, MEMBERSHIP);
        List<Adjacency<Group, User>> membersOfAdmins = table.related(ADMINS, MEMBERSHIP.inverse());

        assertThat(operations).containsExactly("Query", "Query");
        assertThat(groupsOfAda).extracting(Adjacency::far).containsExactly(
                ItemKey.of(MembershipModel_GroupSchema.INSTANCE, KeyValues.of(MembershipModel_GroupSchema.GROUP_ID, "1")),
                ItemKey.of(MembershipModel_GroupSchema.INSTANCE, KeyValues.of(MembershipModel_GroupSchema.GROUP_ID, "2")));
        assertThat(groupsOfAda).extracting(a -> a.item().values()).containsExactly(
                Map.of("userId", "123", "userName", "Ada", "groupId", "1", "groupName", "Admins"),
                Map.of("userId", "123", "userName", "Ada", "groupId", "2", "groupName", "Readers"));
        assertThat(membersOfAdmins).extracting(a -> a.item().values()).containsExactly(
                Map.of("userId", "123", "userName", "Ada", "groupId", "1", "groupName", "Admins"),
                Map.of("userId", "456", "userName", "Grace", "groupId", "1", "groupName", "Admins"));
    }

    @Test
    void relatedEntities_whenReadFromEachSide_isAQueryAndABatchGetEach() {
        table.relate(ADA, READERS, MEMBERSHIP);
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(GRACE, ADMINS, MEMBERSHIP);
        operations.clear();

        assertThat(table.relatedEntities(ADA, MEMBERSHIP)).containsExactly(ADMINS, READERS);
        assertThat(table.relatedEntities(ADMINS, MEMBERSHIP.inverse())).containsExactly(ADA, GRACE);
        assertThat(operations).containsExactly("Query", "BatchGetItem", "Query", "BatchGetItem");
    }

    @Test
    void update_whenTheDeclaredRelationPropagatesCopies_rewritesTheGroupNameOnEveryPair() {
        table.relate(ADA, ADMINS, MEMBERSHIP);
        table.relate(GRACE, ADMINS, MEMBERSHIP);
        operations.clear();

        table.update(MembershipModel_GroupSchema.INSTANCE, KeyValues.of(MembershipModel_GroupSchema.GROUP_ID, "1"),
                g -> g.set(MembershipModel_GroupSchema.GROUP_NAME, "Operators"));

        assertThat(operations).containsExactly("UpdateItem", "Query", "TransactWriteItems");
        assertThat(items()).containsExactly(
                item("PK", "GROUP#1", "SK", "DETAILS", "entityType", "Group", "groupId", "1", "groupName", "Operators"),
                adjacency("GROUP#1", "USER#123", "GROUPUSER", "123", "Ada", "1", "Operators"),
                adjacency("GROUP#1", "USER#456", "GROUPUSER", "456", "Grace", "1", "Operators"),
                item("PK", "GROUP#2", "SK", "DETAILS", "entityType", "Group", "groupId", "2", "groupName", "Readers"),
                adjacency("USER#123", "GROUP#1", "USERGROUP", "123", "Ada", "1", "Operators"),
                item("PK", "USER#123", "SK", "PROFILE", "entityType", "User", "userId", "123", "userName", "Ada"),
                adjacency("USER#456", "GROUP#1", "USERGROUP", "456", "Grace", "1", "Operators"),
                item("PK", "USER#456", "SK", "PROFILE", "entityType", "User", "userId", "456", "userName", "Grace"));
    }

    @Test
    void load_whenTheProcessorWroteTheSchemaFile_holdsTheSameRelation() throws IOException {
        String text;
        try (InputStream in = DeclaredRelationTest.class.getResourceAsStream("/META-INF/singletable/DeclaredMemberships.singletable.json")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        SchemaFile file = SchemaFile.parse(text, "DeclaredMemberships.singletable.json");

        RelationDefinition relation = file.document().relations().get("Membership");
        assertThat(relation.first() + " " + relation.firstSide() + " / " + relation.second() + " " + relation.secondSide() + " "
                + relation.itemTypes() + " " + relation.copyFromFirst() + " " + relation.copyFromSecond() + " " + relation.propagateCopies())
                .isEqualTo("User " + dev.singletable.schema.KeyDefinition.of("USER#{userId}", "GROUP#{groupId}") + " / Group "
                        + dev.singletable.schema.KeyDefinition.of("GROUP#{groupId}", "USER#{userId}")
                        + " [USERGROUP, GROUPUSER] [userName] [groupName] true");
        Relation<?, ?> loaded = file.tableSchema().relation("Membership").orElseThrow();
        assertThat(loaded.firstSideItems().primaryKey()).isEqualTo(MEMBERSHIP.firstSideItems().primaryKey());
        assertThat(loaded.secondSideItems().primaryKey()).isEqualTo(MEMBERSHIP.secondSideItems().primaryKey());
        assertThat(loaded.firstSideItems().type() + " " + loaded.secondSideItems().type()).isEqualTo("USERGROUP GROUPUSER");
    }
}
