package dev.singletable.it.changes;

import dev.singletable.Adjacency;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.Relation;
import dev.singletable.extension.RequestEvent;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeReader;
import dev.singletable.changes.RelationCopies;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Copies kept in step from the stream on the engine: a renamed user's memberships all show the new name, a replayed
 * record writes nothing, and a stale record does not roll a copy back.
 */
@dev.singletable.local.RequiresEngineFeature(dev.singletable.local.EngineFeature.STREAMS)
class RelationCopiesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    record User(String userId, String name) {}

    record Group(String groupId, String title) {}

    static final Attribute<User, String> USER_ID = Attribute.required("userId", AttributeTypes.STRING, User::userId);
    static final Attribute<User, String> NAME = Attribute.required("name", AttributeTypes.STRING, User::name);
    static final EntitySchema<User> USER = EntitySchema.builder(User.class).attributes(USER_ID, NAME)
            .primaryKey("USER#{userId}", "PROFILE").factory(i -> new User(i.get(USER_ID), i.get(NAME))).build();
    static final Attribute<Group, String> GROUP_ID = Attribute.required("groupId", AttributeTypes.STRING, Group::groupId);
    static final Attribute<Group, String> TITLE = Attribute.required("title", AttributeTypes.STRING, Group::title);
    static final EntitySchema<Group> GROUP = EntitySchema.builder(Group.class).attributes(GROUP_ID, TITLE)
            .primaryKey("GROUP#{groupId}", "META").factory(i -> new Group(i.get(GROUP_ID), i.get(TITLE))).build();
    static final Relation<User, Group> MEMBERSHIP = Relation.between("Membership", USER, GROUP)
            .firstSide("USER#{userId}", "GROUP#{groupId}")
            .secondSide("GROUP#{groupId}", "USER#{userId}")
            .copyFromFirst(NAME).copyFromSecond(TITLE)           // no propagateCopies(): the stream keeps them in step
            .build();

    private static final List<Group> GROUPS = List.of(new Group("g1", "Admins"), new Group("g2", "Readers"), new Group("g3", "Writers"));

    private final List<String> operations = new ArrayList<>();
    private Table table;
    private ChangeReader<Object> reader;
    private RelationCopies copies;

    @BeforeEach
    void setUp() {
        TableSchema schema = TableSchema.builder("RelationCopies-" + System.nanoTime()).stream(StreamViewType.NEW_AND_OLD_IMAGES)
                .entities(USER, GROUP).relation(MEMBERSHIP).build();
        table = Table.builder(schema, db.client()).listener((RequestEvent e) -> operations.add(e.operation())).build();
        table.createTable();
        User ada = new User("u1", "Ada");
        table.put(ada);
        for (Group group : GROUPS) {
            table.put(group);
            table.relate(ada, group, MEMBERSHIP);
        }
        reader = ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build();
        copies = RelationCopies.of(table, MEMBERSHIP);
        assertThat(copies.acceptAll(reader.readAvailable())).extracting(o -> o.result().name()).containsOnly("IGNORED");
        operations.clear();
    }

    @AfterEach
    void tearDown() {
        table.deleteTable();
    }

    /** The name copied onto each membership, from the user's side and from each group's side. */
    private List<String> copiedNames() {
        List<String> names = new ArrayList<>();
        for (Adjacency<User, Group> adjacency : table.related(new User("u1", "?"), MEMBERSHIP)) {
            names.add(adjacency.far().values().value("groupId").orElseThrow() + ": " + adjacency.copied(NAME).orElse("-"));
        }
        for (Group group : GROUPS) {
            for (Adjacency<Group, User> adjacency : table.related(group, MEMBERSHIP.inverse())) {
                names.add(group.groupId() + " mirror: " + adjacency.copied(NAME).orElse("-"));
            }
        }
        return names;
    }

    /** The README's example, verbatim. */
    @Test
    void readmeExample_whenTheUserIsRenamed_printsOneRewriteAndEveryMembershipShowsTheNewName() {
        List<String> printed = new ArrayList<>();

        RelationCopies copies = RelationCopies.of(table, MEMBERSHIP);    // MEMBERSHIP copies the user's name, without propagateCopies()
        table.put(new User("u1", "Ada Lovelace"));                       // one PutItem; the memberships follow from the stream
        reader.readAvailable(change -> printed.add(copies.accept(change).toString()));   // #21 PK=USER#u1, SK=PROFILE REWRITTEN 3 pairs

        assertThat(printed.get(0)).matches("#\\d+ PK=USER#u1, SK=PROFILE REWRITTEN 3 pairs");
        // the handler's own six writes come next in the same read: adjacency items, ignored
        assertThat(printed.subList(1, printed.size())).hasSize(6).allMatch(line -> line.endsWith(" IGNORED"));
        assertThat(copiedNames()).allMatch(name -> name.endsWith(": Ada Lovelace"));
    }

    @Test
    void acceptAll_whenTheUserIsRenamed_rewritesTheNameOnEveryMembershipInOneTransaction() {
        table.put(new User("u1", "Ada Lovelace"));
        List<Change<Object>> changes = reader.readAvailable();
        operations.clear();

        List<RelationCopies.Outcome> outcomes = copies.acceptAll(changes);

        assertThat(outcomes).extracting(RelationCopies.Outcome::toString)
                .containsExactly("#" + changes.get(0).sequenceNumber() + " PK=USER#u1, SK=PROFILE REWRITTEN 3 pairs");
        assertThat(operations).containsExactly("Query", "TransactWriteItems");
        assertThat(copiedNames()).containsExactly("g1: Ada Lovelace", "g2: Ada Lovelace", "g3: Ada Lovelace",
                "g1 mirror: Ada Lovelace", "g2 mirror: Ada Lovelace", "g3 mirror: Ada Lovelace");
    }

    @Test
    void acceptAll_whenTheSameRecordsAreReplayed_sendsNoWrite() {
        table.put(new User("u1", "Ada Lovelace"));
        List<Change<Object>> changes = reader.readAvailable();
        copies.acceptAll(changes);
        assertThat(copies.acceptAll(reader.readAvailable())).hasSize(6)      // the handler's own writes: adjacency items, ignored
                .extracting(o -> o.result().name()).containsOnly("IGNORED");
        operations.clear();

        List<RelationCopies.Outcome> replayed = copies.acceptAll(changes);

        assertThat(replayed).extracting(o -> o.result() + " " + o.pairsRewritten()).containsExactly("UP_TO_DATE 0");
        assertThat(operations).containsExactly("Query");
        assertThat(reader.readAvailable()).isEmpty();                       // nothing was written, so no record either
        assertThat(copiedNames()).allMatch(name -> name.endsWith(": Ada Lovelace"));
    }

    @Test
    void accept_whenARecordIsStaleAfterANewerWrite_leavesTheNewerCopies() {
        table.put(new User("u1", "Ada L."));
        table.put(new User("u1", "Ada King"));
        List<Change<Object>> changes = reader.readAvailable();
        assertThat(changes).hasSize(2);

        RelationCopies.Outcome newer = copies.accept(changes.get(1));
        operations.clear();
        RelationCopies.Outcome stale = copies.accept(changes.get(0));         // late, after the newer one

        assertThat(newer.result()).isEqualTo(RelationCopies.Result.REWRITTEN);
        assertThat(stale.result()).isEqualTo(RelationCopies.Result.SUPERSEDED);
        assertThat(operations).containsExactly("Query", "TransactWriteItems");   // canceled by the user's check
        assertThat(copiedNames()).allMatch(name -> name.endsWith(": Ada King"));
    }

    @Test
    void accept_whenARecordComesBeforeItsEntityIsWrittenAgain_isSupersededAndTheNextRecordCatchesUp() {
        table.put(new User("u1", "Ada L."));
        List<Change<Object>> first = reader.readAvailable();
        table.put(new User("u1", "Ada King"));                              // written before the first record is handled

        assertThat(copies.accept(first.get(0)).result()).isEqualTo(RelationCopies.Result.SUPERSEDED);
        assertThat(copies.acceptAll(reader.readAvailable())).extracting(o -> o.result() + " " + o.pairsRewritten())
                .containsExactly("REWRITTEN 3");
        assertThat(copiedNames()).allMatch(name -> name.endsWith(": Ada King"));
    }

    @Test
    void accept_whenAnAttributeThatIsNotCopiedChanges_sendsNothing() {
        Group renamed = new Group("g1", "Administrators");
        table.put(renamed);                                                  // a group's title: copied, from the other side
        table.put(new User("u1", "Ada"));                                    // the same user again: no copied attribute changed
        List<Change<Object>> changes = reader.readAvailable();
        operations.clear();

        List<RelationCopies.Outcome> outcomes = copies.acceptAll(changes);

        assertThat(outcomes).extracting(o -> o.result() + " " + o.pairsRewritten()).containsExactly("REWRITTEN 1", "IGNORED 0");
        assertThat(operations).containsExactly("Query", "TransactWriteItems");
        assertThat(table.related(new User("u1", "Ada"), MEMBERSHIP)).extracting(a -> a.copied(TITLE).orElseThrow())
                .containsExactly("Administrators", "Readers", "Writers");
    }

    @Test
    void of_whenTheTableDoesNotDeclareTheRelation_isRefusedNamingIt() {
        Table other = Table.builder(TableSchema.builder("Other").entities(USER, GROUP).build(), db.client()).build();

        assertThatThrownBy(() -> RelationCopies.of(other, MEMBERSHIP))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("RelationCopies of table Other: relation Membership is not declared on the table (relations are []);"
                        + " add it with TableSchema.Builder.relation");
    }
}
