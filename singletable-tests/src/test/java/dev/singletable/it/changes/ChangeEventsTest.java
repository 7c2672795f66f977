package dev.singletable.it.changes;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeCheckpoints;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeEvent;
import dev.singletable.changes.ChangeReader;
import dev.singletable.changes.ChangeStreamException;
import dev.singletable.changes.IgnoredChange;
import dev.singletable.changes.KeysOnlyChange;
import dev.singletable.changes.UndecodedChange;
import dev.singletable.it.changes.ChangeModel.Group;
import dev.singletable.it.changes.ChangeModel.Membership;
import dev.singletable.it.changes.ChangeModel.User;
import dev.singletable.it.changes.ChangeModel.UserItems;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.singletable.it.changes.ChangeModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A table's stream on the engine, read and decoded: every kind under every view type, a collection's sealed type, the
 * records that do not decode, and checkpoints across a restart.
 */
@dev.singletable.local.RequiresEngineFeature(dev.singletable.local.EngineFeature.STREAMS)
class ChangeEventsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private static final List<Table> CREATED = new ArrayList<>();

    private static Table table(StreamViewType view) {
        Table table = Table.of(schema("ChangeEvents-" + view.name().replace('_', '-') + "-" + System.nanoTime(), view), db.client());
        table.createTable();
        CREATED.add(table);
        return table;
    }

    @AfterAll
    static void deleteTables() {
        CREATED.forEach(Table::deleteTable);
    }

    /** A user created, renamed and deleted, as each view type tells it. */
    @ParameterizedTest
    @EnumSource(value = StreamViewType.class, names = "UNKNOWN_TO_SDK_VERSION", mode = EnumSource.Mode.EXCLUDE)
    void readAvailable_whenAnItemIsCreatedModifiedAndRemoved_givesOneChangeEachAsTheViewTypeCarries(StreamViewType view) {
        Table table = table(view);
        table.put(new User("u1", "Ada"));
        table.put(new User("u1", "Ada Lovelace"));
        table.delete(USER, KeyValues.of(USER_ID, "u1"));

        List<Change<User>> changes = ChangeReader.builder(ChangeDecoder.of(table, USER), db.engine().streamsClient()).build()
                .readAvailable();

        String key = "PK=USER#u1, SK=PROFILE";
        String created = "CREATED User " + key + " old=- new=User[userId=u1, name=Ada] changed=[PK, SK, entityType, name, userId]";
        String modified = "MODIFIED User " + key + " old=User[userId=u1, name=Ada] new=User[userId=u1, name=Ada Lovelace] changed=[name]";
        String removed = "REMOVED User " + key + " old=User[userId=u1, name=Ada Lovelace] new=- changed=[PK, SK, entityType, name, userId]";
        assertThat(changes).extracting(ChangeEventsTest::line).containsExactly(switch (view) {
            case NEW_AND_OLD_IMAGES -> new String[] {created, modified, removed};
            case NEW_IMAGE -> new String[] {created,
                    "MODIFIED User " + key + " old=- new=User[userId=u1, name=Ada Lovelace] changed=[PK, SK, entityType, name, userId]",
                    "REMOVED keys only " + key};
            case OLD_IMAGE -> new String[] {"CREATED keys only " + key,
                    "MODIFIED User " + key + " old=User[userId=u1, name=Ada] new=- changed=[PK, SK, entityType, name, userId]", removed};
            case KEYS_ONLY -> new String[] {"CREATED keys only " + key, "MODIFIED keys only " + key, "REMOVED keys only " + key};
            default -> throw new IllegalArgumentException(view.toString());
        });
        assertThat(changes).allSatisfy(change -> {
            assertThat(change.table()).isEqualTo(table.schema().name());
            assertThat(change.viewType()).isEqualTo(view);
            assertThat(change.approximateTime()).isPresent();
        });
        assertThat(changes).extracting(change -> new java.math.BigInteger(change.sequenceNumber())).isSorted().doesNotHaveDuplicates();
    }

    /** The README's example, verbatim. */
    @Test
    void readmeExample_whenAUserIsRenamed_readsTheTypedChanges() {
        Table table = table(StreamViewType.NEW_AND_OLD_IMAGES);
        table.put(new User("u1", "Ada"));
        table.put(new User("u1", "Ada Lovelace"));

        ChangeReader<UserItems> reader = ChangeReader.builder(ChangeDecoder.of(table, USER_ITEMS), db.engine().streamsClient())
                .checkpoints(ChangeCheckpoints.inMemory())     // or ChangeCheckpoints.file(path): resumes after a restart
                .build();
        List<String> seen = new ArrayList<>();
        reader.readAvailable(change -> {
            if (change instanceof ChangeEvent<UserItems> event && event.newImage().orElse(null) instanceof User user
                    && event.changedAttributes().contains("name")) {
                seen.add(event.kind() + " " + user.name());
            } else if (change instanceof UndecodedChange<UserItems> undecoded) {
                seen.add(undecoded.message());
            }
        });

        assertThat(seen).containsExactly("CREATED Ada", "MODIFIED Ada Lovelace");
    }

    /** A collection decodes its members into its sealed type, and a switch over the change and the image covers every case. */
    @Test
    void readAvailable_ofACollection_decodesEachMemberIntoItsTypeAndReportsTheTablesOtherTypesAsIgnored() {
        Table table = table(StreamViewType.NEW_AND_OLD_IMAGES);
        table.put(new User("u1", "Ada"));
        table.put(new Membership("u1", "g1", "Ada"));
        table.put(new Group("g1", "Engines"));

        List<String> seen = new ArrayList<>();
        ChangeReader.builder(ChangeDecoder.of(table, USER_ITEMS), db.engine().streamsClient()).build().readAvailable(change -> {
            if (change instanceof ChangeEvent<UserItems> event) {
                UserItems item = event.newImage().orElseThrow();
                if (item instanceof User user) {
                    seen.add("user " + user.name());
                } else if (item instanceof Membership membership) {
                    seen.add("member of " + membership.groupId());
                }
            } else if (change instanceof IgnoredChange<UserItems> ignored) {
                seen.add("ignored " + ignored.entityType() + " " + ignored.keyText());
            } else {
                seen.add(change.toString());
            }
        });

        assertThat(seen).containsExactly("user Ada", "member of g1", "ignored Group PK=GROUP#g1, SK=META");
    }

    /** Items the table's schema cannot decode are reported one by one, and the records around them still decode. */
    @Test
    void readAvailable_whenImagesDoNotDecode_reportsEachWithTableKeyAndReasonAndGoesOn() {
        Table table = table(StreamViewType.NEW_IMAGE);
        String name = table.schema().name();
        table.put(new User("u1", "Ada"));
        putRaw(name, Map.of("PK", s("ROBOT#r1"), "SK", s("META"), "entityType", s("Robot")));
        putRaw(name, Map.of("PK", s("LEGACY#1"), "SK", s("META"), "title", s("no type")));
        putRaw(name, Map.of("PK", s("USER#u2"), "SK", s("PROFILE"), "entityType", s("User"), "userId", s("u2"))); // no name
        putRaw(name, Map.of("PK", s("USER#u3"), "SK", s("PROFILE"), "entityType", AttributeValue.fromN("7")));
        table.put(new User("u4", "Grace"));

        List<Change<Object>> changes = ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build().readAvailable();

        assertThat(changes).extracting(ChangeEventsTest::line).containsExactly(
                "CREATED User PK=USER#u1, SK=PROFILE old=- new=User[userId=u1, name=Ada] changed=[PK, SK, entityType, name, userId]",
                "CREATED undecoded UNKNOWN_ENTITY_TYPE: Stream record " + changes.get(1).sequenceNumber() + " of table " + name
                        + " (created, key PK=ROBOT#r1, SK=META): its entityType 'Robot' is none of the table's entity types [User, "
                        + "Membership, Group]; declare it in the table's schema, or check that the record is of this table",
                "CREATED undecoded NO_ENTITY_TYPE: Stream record " + changes.get(2).sequenceNumber() + " of table " + name
                        + " (created, key PK=LEGACY#1, SK=META): the new image has no entityType attribute; the item was not written "
                        + "by singletable, the table's entity-type attribute is misnamed, or the image is truncated",
                "CREATED undecoded UNDECODABLE_IMAGE: Stream record " + changes.get(3).sequenceNumber() + " of table " + name
                        + " (created, key PK=USER#u2, SK=PROFILE): the new image does not decode: User [PK=USER#u2, SK=PROFILE] "
                        + "lacks required attribute 'name'; write it, or declare the attribute with Attribute.of(...) to allow it to be missing",
                "CREATED undecoded NO_ENTITY_TYPE: Stream record " + changes.get(4).sequenceNumber() + " of table " + name
                        + " (created, key PK=USER#u3, SK=PROFILE): the new image has no entityType attribute of type S (it holds "
                        + "AttributeValue(N=7)); the item was not written by singletable, the table's entity-type attribute is "
                        + "misnamed, or the image is truncated",
                "CREATED User PK=USER#u4, SK=PROFILE old=- new=User[userId=u4, name=Grace] changed=[PK, SK, entityType, name, userId]");
    }

    /**
     * The migration runner's lock and state items come through the stream as singletable's own items, ignored, never as
     * records of an unknown entity type; the step's own writes decode as usual.
     */
    @Test
    void readAvailable_whenAMigrationRan_reportsTheRunnersLockAndStateAsBookkeepingAndTheStepsWritesAsEvents() {
        Table table = table(StreamViewType.NEW_AND_OLD_IMAGES);
        dev.singletable.migrations.MigrationRunner.builder(table, db.client()).migrations(List.of(new dev.singletable.migrations.Migration() {
            @Override
            public long version() {
                return 1;
            }

            @Override
            public String description() {
                return "adds Ada";
            }

            @Override
            public void up(dev.singletable.migrations.MigrationContext context) {
                context.table().put(new User("u1", "Ada"));
            }
        })).build().up();

        List<Change<Object>> changes = ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build().readAvailable();

        assertThat(changes).filteredOn(change -> !(change instanceof IgnoredChange<?>)).extracting(ChangeEventsTest::line).containsExactly(
                "CREATED User PK=USER#u1, SK=PROFILE old=- new=User[userId=u1, name=Ada] changed=[PK, SK, entityType, name, userId]");
        assertThat(changes).filteredOn(change -> change instanceof IgnoredChange<?>).map(change -> (IgnoredChange<?>) change)
                .allSatisfy(ignored -> assertThat(ignored.bookkeeping()).isTrue())
                .extracting(IgnoredChange::entityType).contains("_MigrationLock", "_MigrationState")
                .containsOnly("_MigrationLock", "_MigrationState");
    }

    /**
     * An item replaced by one of another entity type under the same key: each image decodes by its own type; a decoder of
     * the old type only sees its entity removed, one of the new type only sees the new entity created.
     */
    @Test
    void readAvailable_whenAnItemIsReplacedByAnotherEntityTypeUnderItsKey_decodesEachImageByItsOwnType() {
        Table table = table(StreamViewType.NEW_AND_OLD_IMAGES);
        table.put(new User("u1", "Ada"));
        putRaw(table.schema().name(), Map.of("PK", s("USER#u1"), "SK", s("PROFILE"), "entityType", s("Group"), "groupId", s("g1"),
                "title", s("Engines")));

        List<Change<Object>> all = ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build().readAvailable();
        List<Change<User>> users = ChangeReader.builder(ChangeDecoder.of(table, USER), db.engine().streamsClient()).build().readAvailable();
        List<Change<Group>> groups = ChangeReader.builder(ChangeDecoder.of(table, GROUP), db.engine().streamsClient()).build().readAvailable();

        String key = "PK=USER#u1, SK=PROFILE";
        assertThat(all.get(1)).extracting(ChangeEventsTest::line).isEqualTo("MODIFIED Group " + key + " old=User[userId=u1, name=Ada] "
                + "new=Group[groupId=g1, title=Engines] changed=[entityType, groupId, name, title, userId]");
        assertThat(((ChangeEvent<Object>) all.get(1)).oldEntity()).isSameAs(USER);
        assertThat(all.get(1)).hasToString("ChangeEvent[User -> Group MODIFIED " + key + " #" + all.get(1).sequenceNumber() + "]");
        assertThat(users).extracting(ChangeEventsTest::line).containsExactly(
                "CREATED User " + key + " old=- new=User[userId=u1, name=Ada] changed=[PK, SK, entityType, name, userId]",
                "REMOVED User " + key + " old=User[userId=u1, name=Ada] new=- changed=[PK, SK, entityType, name, userId]");
        assertThat(groups).extracting(ChangeEventsTest::line).containsExactly("CREATED ignored User " + key,
                "CREATED Group " + key + " old=- new=Group[groupId=g1, title=Engines] changed=[PK, SK, entityType, groupId, title]");
    }

    /** A record handed over with the ARN of another table's stream is reported as such, whatever its image holds. */
    @Test
    void decode_whenTheRecordIsOfAnotherTablesStream_reportsOtherTable() {
        Table table = table(StreamViewType.NEW_AND_OLD_IMAGES);
        Table other = table(StreamViewType.NEW_AND_OLD_IMAGES);
        other.put(new User("u1", "Ada"));
        ChangeReader<Object> reader = ChangeReader.builder(ChangeDecoder.of(other), db.engine().streamsClient()).build();
        List<Record> records = db.engine().streamsClient().getRecords(r -> r.shardIterator(db.engine().streamsClient()
                .getShardIterator(i -> i.streamArn(reader.streamArn()).shardIteratorType("TRIM_HORIZON")
                        .shardId(db.engine().streamsClient().describeStream(d -> d.streamArn(reader.streamArn()))
                                .streamDescription().shards().get(0).shardId())).shardIterator())).records();

        Change<Object> change = ChangeDecoder.of(table).decode(reader.streamArn(), records.get(0));

        assertThat(line(change)).isEqualTo("CREATED undecoded OTHER_TABLE: Stream record " + change.sequenceNumber() + " of table "
                + other.schema().name() + " (created, key PK=USER#u1, SK=PROFILE): the record is of table " + other.schema().name()
                + ", not " + table.schema().name() + "; give this decoder only the records of " + table.schema().name() + "'s stream");
        assertThat(line(ChangeDecoder.of(other).decode(reader.streamArn(), records.get(0)))).startsWith("CREATED User PK=USER#u1");
    }

    /** A reader built again on the same checkpoint file starts after the last change handled: no loss, no repeat. */
    @Test
    void readAvailable_afterARestartOnFileCheckpoints_resumesAfterTheLastChangeHandled(@TempDir Path directory) {
        Table table = table(StreamViewType.NEW_IMAGE);
        Path file = directory.resolve("checkpoints.properties");
        table.put(new User("u1", "Ada"));
        table.put(new User("u2", "Grace"));
        assertThat(names(reader(table, file).readAvailable())).containsExactly("Ada", "Grace");

        table.put(new User("u3", "Edsger"));
        table.put(new User("u1", "Ada Lovelace"));
        assertThat(names(reader(table, file).readAvailable())).containsExactly("Edsger", "Ada Lovelace");
        assertThat(reader(table, file).readAvailable()).isEmpty();
        assertThat(file).exists();
    }

    /** A checkpoint file of another table's reader is refused: reading on would replay this table's stream into that file. */
    @Test
    void readAvailable_whenTheCheckpointFileHoldsOnlyAnotherTablesPositions_refusesNamingBothTables(@TempDir Path directory) {
        Table table = table(StreamViewType.NEW_IMAGE);
        Table other = table(StreamViewType.NEW_IMAGE);
        Path file = directory.resolve("checkpoints.properties");
        other.put(new User("u1", "Ada"));
        assertThat(names(reader(other, file).readAvailable())).containsExactly("Ada");
        table.put(new User("u2", "Grace"));

        assertThatThrownBy(() -> reader(table, file).readAvailable()).isInstanceOf(ChangeStreamException.class)
                .hasMessage("Checkpoint file " + file.toAbsolutePath() + " holds the positions of the stream of table "
                        + other.schema().name() + ", not of table " + table.schema().name() + "; give each table's reader a file of its own");
    }

    /** A consumer that fails leaves its change unsaved: the next reader hands it over again, and what follows it. */
    @Test
    void readAvailable_whenTheConsumerFails_checkpointsOnlyWhatItHandledAndTheNextReaderResumesAtTheFailedChange(@TempDir Path directory) {
        Table table = table(StreamViewType.NEW_IMAGE);
        Path file = directory.resolve("checkpoints.properties");
        List.of("Ada", "Grace", "Edsger").forEach(n -> table.put(new User(n.toLowerCase(java.util.Locale.ROOT), n)));
        List<String> handled = new ArrayList<>();
        AtomicInteger calls = new AtomicInteger();

        assertThatThrownBy(() -> reader(table, file).readAvailable(change -> {
            if (calls.incrementAndGet() == 2) {
                throw new IllegalStateException("downstream is down");
            }
            handled.addAll(names(List.of(change)));
        })).isInstanceOf(IllegalStateException.class).hasMessage("downstream is down");

        assertThat(handled).containsExactly("Ada");
        assertThat(names(reader(table, file).readAvailable())).containsExactly("Grace", "Edsger");
    }

    /**
     * A consumer that fails on a change in the middle of a page, called again on the same reader, gets the failed change
     * next and nothing it handled before: the page's cached iterator is dropped, the checkpoint says where to go on.
     */
    @Test
    void readAvailable_whenTheConsumerFailsMidPageAndTheSameReaderIsCalledAgain_resumesAtTheFailedChange() {
        Table table = table(StreamViewType.NEW_IMAGE);
        List.of("Ada", "Grace", "Edsger", "Barbara", "Alan").forEach(n -> table.put(new User(n.toLowerCase(java.util.Locale.ROOT), n)));
        ChangeReader<User> reader = ChangeReader.builder(ChangeDecoder.of(table, USER), db.engine().streamsClient()).batchSize(2).build();
        List<String> handled = new ArrayList<>();

        assertThatThrownBy(() -> reader.readAvailable(change -> {
            String name = names(List.of(change)).get(0);
            if (name.equals("Barbara")) {
                throw new IllegalStateException("downstream is down");
            }
            handled.add(name);
        })).isInstanceOf(IllegalStateException.class).hasMessage("downstream is down");
        reader.readAvailable(change -> handled.addAll(names(List.of(change))));

        assertThat(handled).containsExactly("Ada", "Grace", "Edsger", "Barbara", "Alan");
    }

    @Test
    void readAvailable_inMemoryOnOneReader_handsEachChangeOnceAcrossCalls() {
        Table table = table(StreamViewType.NEW_IMAGE);
        ChangeReader<User> reader = ChangeReader.builder(ChangeDecoder.of(table, USER), db.engine().streamsClient()).build();
        table.put(new User("u1", "Ada"));
        assertThat(names(reader.readAvailable())).containsExactly("Ada");
        table.put(new User("u2", "Grace"));
        assertThat(names(reader.readAvailable())).containsExactly("Grace");
        assertThat(reader.readAvailable()).isEmpty();
    }

    @Test
    void streamArn_whenTheTableHasNoStream_failsNamingTableAndFix() {
        Table table = Table.of(schema("ChangeEvents-none-" + System.nanoTime(), StreamViewType.NEW_IMAGE).toBuilder().noStream().build(),
                db.client());
        table.createTable();
        CREATED.add(table);

        assertThatThrownBy(() -> ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build().readAvailable())
                .isInstanceOf(ChangeStreamException.class)
                .hasMessage("Table " + table.schema().name() + " has no stream; declare one in its schema (TableSchema.Builder.stream, "
                        + "@TableDesign(stream = ...) or 'stream:' in a schema file) and run createTable, or enable it with UpdateTable");
    }

    /** ListStreams answers an empty list for a table that does not exist; the reader asks DescribeTable and says so. */
    @Test
    void streamArn_whenTheTableDoesNotExist_failsSayingSoInsteadOfNoStream() {
        Table table = Table.of(schema("ChangeEvents-missing-" + System.nanoTime(), StreamViewType.NEW_IMAGE), db.client());

        assertThatThrownBy(() -> ChangeReader.builder(ChangeDecoder.of(table), db.engine().streamsClient()).build().readAvailable())
                .isInstanceOf(dev.singletable.TableNotFoundException.class)
                .hasMessage("Table " + table.schema().name() + " does not exist at " + db.engine().endpoint() + ", so it has no "
                        + "stream to read; check the table's name and the client's endpoint, region and account, or create it with "
                        + "createTable (with a stream declared in its schema)");
    }

    /** A table created without a stream gets the one its schema now declares when createTable runs again. */
    @Test
    void createTable_whenTheExistingTableHasNoStreamAndTheSchemaDeclaresOne_enablesIt() {
        String name = "ChangeEvents-later-" + System.nanoTime();
        Table without = Table.of(schema(name, StreamViewType.NEW_IMAGE).toBuilder().noStream().build(), db.client());
        without.createTable();
        Table with = Table.of(schema(name, StreamViewType.NEW_IMAGE), db.client());
        CREATED.add(with);

        with.createTable();

        assertThat(db.client().describeTable(r -> r.tableName(name)).table().streamSpecification().streamViewType())
                .isEqualTo(StreamViewType.NEW_IMAGE);
        with.put(new User("u1", "Ada"));
        assertThat(names(ChangeReader.builder(ChangeDecoder.of(with, USER), db.engine().streamsClient()).build().readAvailable()))
                .containsExactly("Ada");
    }

    private static ChangeReader<User> reader(Table table, Path file) {
        return ChangeReader.builder(ChangeDecoder.of(table, USER), db.engine().streamsClient())
                .checkpoints(ChangeCheckpoints.file(file)).build();
    }

    private static List<String> names(List<? extends Change<User>> changes) {
        return changes.stream().map(c -> ((ChangeEvent<User>) c).newImage().orElseThrow().name()).toList();
    }

    private static void putRaw(String table, Map<String, AttributeValue> item) {
        db.client().putItem(r -> r.tableName(table).item(item));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static String line(Change<?> change) {
        String what;
        if (change instanceof ChangeEvent<?> event) {
            what = event.entity().type() + " " + event.keyText() + " old=" + event.oldImage().map(Object::toString).orElse("-")
                    + " new=" + event.newImage().map(Object::toString).orElse("-") + " changed=" + event.changedAttributes();
        } else if (change instanceof KeysOnlyChange<?> keys) {
            what = "keys only " + keys.keyText();
        } else if (change instanceof IgnoredChange<?> ignored) {
            what = "ignored " + ignored.entityType() + " " + ignored.keyText();
        } else {
            UndecodedChange<?> undecoded = (UndecodedChange<?>) change;
            what = "undecoded " + undecoded.reason() + ": " + undecoded.message();
        }
        return change.kind() + " " + what;
    }
}
