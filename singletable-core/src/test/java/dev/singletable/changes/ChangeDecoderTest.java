package dev.singletable.changes;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.RequestJson;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Records as DynamoDB Streams and Lambda hand them over, decoded without sending anything (on an offline table): what the
 * engine cannot produce on demand, such as a TTL deletion or a record of an unknown event. The engine's own records are
 * decoded in singletable-tests' ChangeEventsTest.
 */
class ChangeDecoderTest {
    record Session(String sessionId, String user) {
    }

    static final Attribute<Session, String> SESSION_ID = Attribute.required("sessionId", AttributeTypes.STRING, Session::sessionId);
    static final Attribute<Session, String> USER = Attribute.required("user", AttributeTypes.STRING, Session::user);
    static final EntitySchema<Session> SESSION = EntitySchema.builder(Session.class).attributes(SESSION_ID, USER)
            .primaryKey("SESSION#{sessionId}", "META").factory(i -> new Session(i.get(SESSION_ID), i.get(USER))).build();
    static final TableSchema SCHEMA = TableSchema.builder("Sessions").stream(StreamViewType.OLD_IMAGE).timeToLiveAttribute("expiresAt")
            .entities(SESSION).build();
    static final String ARN = "arn:aws:dynamodb:eu-west-1:123456789012:table/Sessions/stream/2026-11-29T06:00:00.000";

    private static final Map<String, AttributeValue> KEY = Map.of("SK", AttributeValue.fromS("META"), "PK", AttributeValue.fromS("SESSION#s1"));
    private static final Map<String, AttributeValue> ITEM = Map.of("PK", AttributeValue.fromS("SESSION#s1"), "SK", AttributeValue.fromS("META"),
            "entityType", AttributeValue.fromS("Session"), "sessionId", AttributeValue.fromS("s1"), "user", AttributeValue.fromS("ada"),
            "expiresAt", AttributeValue.fromN("1764396000"));

    private static Record removal(Identity identity) {
        Record.Builder record = Record.builder().eventName(OperationType.REMOVE).eventSource("aws:dynamodb")
                .dynamodb(StreamRecord.builder().keys(KEY).oldImage(ITEM).sequenceNumber("4200").streamViewType(StreamViewType.OLD_IMAGE)
                        .approximateCreationDateTime(Instant.parse("2026-11-29T06:00:00Z")).build());
        if (identity != null) {
            record.userIdentity(identity);
        }
        return record.build();
    }

    @Test
    void decode_whenTheTtlProcessRemovedTheItem_givesAnExpiredEventWithTheOldImage() {
        Change<Session> change = ChangeDecoder.of(Table.offline(SCHEMA), SESSION)
                .decode(ARN, removal(Identity.builder().principalId("dynamodb.amazonaws.com").type("Service").build()));

        assertThat(change).isInstanceOf(ChangeEvent.class);
        ChangeEvent<Session> event = (ChangeEvent<Session>) change;
        assertThat(event.kind()).isEqualTo(ChangeKind.EXPIRED);
        assertThat(event.kind().isRemoval()).isTrue();
        assertThat(event.oldImage()).contains(new Session("s1", "ada"));
        assertThat(event.newImage()).isEmpty();
        assertThat(event.keyText()).isEqualTo("PK=SESSION#s1, SK=META");
        assertThat(event.sequenceNumber()).isEqualTo("4200");
        assertThat(event.approximateTime()).contains(Instant.parse("2026-11-29T06:00:00Z"));
        assertThat(event.table()).isEqualTo("Sessions");
        assertThat(event.entity()).isSameAs(SESSION);
        assertThat(event.viewType()).isEqualTo(StreamViewType.OLD_IMAGE);
        assertThat(event).hasToString("ChangeEvent[Session EXPIRED PK=SESSION#s1, SK=META #4200]");
    }

    @Test
    void decode_whenARequestRemovedTheItem_givesARemovedEvent() {
        ChangeDecoder<Session> decoder = ChangeDecoder.of(Table.offline(SCHEMA), SESSION);

        assertThat(decoder.decode(removal(null)).kind()).isEqualTo(ChangeKind.REMOVED);
        assertThat(decoder.decode(removal(Identity.builder().principalId("AIDAEXAMPLE").type("Service").build())).kind())
                .isEqualTo(ChangeKind.REMOVED);
        assertThat(decoder.decode(removal(Identity.builder().principalId("dynamodb.amazonaws.com").type("User").build())).kind())
                .isEqualTo(ChangeKind.REMOVED);
    }

    /** The migration runner keeps its state and lock in the table under types starting with '_': its items, not unknown entities. */
    @Test
    void decode_whenTheItemIsTheMigrationRunnersLock_givesABookkeepingIgnoredChange() {
        Map<String, AttributeValue> lock = Map.of("PK", AttributeValue.fromS("_singletable#migrations#lock"),
                "SK", AttributeValue.fromS("_singletable#migrations#lock"), "entityType", AttributeValue.fromS("_MigrationLock"),
                "owner", AttributeValue.fromS("host-1"));
        Record record = Record.builder().eventName(OperationType.INSERT).dynamodb(StreamRecord.builder()
                .keys(Map.of("PK", lock.get("PK"), "SK", lock.get("SK"))).newImage(lock).sequenceNumber("4300")
                .streamViewType(StreamViewType.NEW_IMAGE).build()).build();

        Change<Session> change = ChangeDecoder.of(Table.offline(SCHEMA), SESSION).decode(ARN, record);

        assertThat(change).isInstanceOf(IgnoredChange.class);
        IgnoredChange<Session> ignored = (IgnoredChange<Session>) change;
        assertThat(ignored.bookkeeping()).isTrue();
        assertThat(ignored.entityType()).isEqualTo("_MigrationLock");
        assertThat(ignored).hasToString("IgnoredChange[_MigrationLock (singletable's own item) CREATED PK=_singletable#migrations#lock, "
                + "SK=_singletable#migrations#lock #4300]");
    }

    @Test
    void decode_whenTheEventNameIsUnknown_reportsUnknownEvent() {
        Record record = removal(null).toBuilder().eventName("TRUNCATE").build();

        Change<Session> change = ChangeDecoder.of(Table.offline(SCHEMA), SESSION).decode(ARN, record);

        assertThat(change).isInstanceOf(UndecodedChange.class);
        UndecodedChange<Session> undecoded = (UndecodedChange<Session>) change;
        assertThat(undecoded.reason()).isEqualTo(UndecodedChange.Reason.UNKNOWN_EVENT);
        assertThat(undecoded.message()).isEqualTo("Stream record 4200 of table Sessions (modified, key PK=SESSION#s1, SK=META): "
                + "event name 'TRUNCATE' is none of INSERT, MODIFY and REMOVE");
        assertThat(undecoded.item()).contains(ITEM);
    }

    @Test
    void decode_whenTheArnNamesAnotherTable_reportsOtherTable() {
        Change<Session> change = ChangeDecoder.of(Table.offline(SCHEMA), SESSION)
                .decode("arn:aws:dynamodb:eu-west-1:123456789012:table/Orders/stream/2026-11-29T06:00:00.000", removal(null));

        assertThat(((UndecodedChange<Session>) change).message()).isEqualTo("Stream record 4200 of table Orders (removed, key "
                + "PK=SESSION#s1, SK=META): the record is of table Orders, not Sessions; give this decoder only the records of "
                + "Sessions's stream");
    }

    @Test
    void decode_whenTheImageIsTruncated_reportsUndecodableImageNamingTheMissingAttribute() {
        Map<String, AttributeValue> truncated = new java.util.HashMap<>(ITEM);
        truncated.remove("user");
        Record record = removal(null).toBuilder().dynamodb(removal(null).dynamodb().toBuilder().oldImage(truncated).build()).build();

        Change<Session> change = ChangeDecoder.of(Table.offline(SCHEMA), SESSION).decode(record);

        assertThat(((UndecodedChange<Session>) change).message()).isEqualTo("Stream record 4200 of table Sessions (removed, key "
                + "PK=SESSION#s1, SK=META): the old image does not decode: Session [PK=SESSION#s1, SK=META] lacks required attribute "
                + "'user'; write it, or declare the attribute with Attribute.of(...) to allow it to be missing");
    }

    @Test
    void of_whenTheEntityIsNotTheTables_failsNamingTableAndTypes() {
        EntitySchema<Session> other = EntitySchema.builder(Session.class).type("Visit").attributes(SESSION_ID, USER)
                .primaryKey("VISIT#{sessionId}", "META").factory(i -> new Session(i.get(SESSION_ID), i.get(USER))).build();

        assertThatThrownBy(() -> ChangeDecoder.of(Table.offline(SCHEMA), other)).isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("ChangeDecoder of table Sessions: entity type Visit is not one of the table's [Session]; add it to the TableSchema");
    }

    @Test
    void createTableRequest_whenTheSchemaDeclaresAStream_enablesItWithItsViewType() {
        assertThat(RequestJson.render(Table.offline(SCHEMA).createTableRequest())).isEqualTo("""
                {
                  "AttributeDefinitions": [
                    {
                      "AttributeName": "PK",
                      "AttributeType": "S"
                    },
                    {
                      "AttributeName": "SK",
                      "AttributeType": "S"
                    }
                  ],
                  "TableName": "Sessions",
                  "KeySchema": [
                    {
                      "AttributeName": "PK",
                      "KeyType": "HASH"
                    },
                    {
                      "AttributeName": "SK",
                      "KeyType": "RANGE"
                    }
                  ],
                  "BillingMode": "PAY_PER_REQUEST",
                  "StreamSpecification": {
                    "StreamEnabled": true,
                    "StreamViewType": "OLD_IMAGE"
                  }
                }""");
        assertThat(SCHEMA.streamViewType()).isEqualTo(Optional.of(StreamViewType.OLD_IMAGE));
        assertThat(SCHEMA.toBuilder().noStream().build().streamViewType()).isEmpty();
        assertThat(RequestJson.render(Table.offline(SCHEMA.toBuilder().noStream().build()).createTableRequest())).doesNotContain("Stream");
    }

    @Test
    void stream_whenTheViewTypeIsUnknownToTheSdk_failsNamingTheOnesDynamoDbKnows() {
        assertThatThrownBy(() -> TableSchema.builder("Sessions").stream(StreamViewType.UNKNOWN_TO_SDK_VERSION))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table Sessions: stream view type UNKNOWN_TO_SDK_VERSION is not one DynamoDB knows; use NEW_AND_OLD_IMAGES, "
                        + "NEW_IMAGE, OLD_IMAGE or KEYS_ONLY");
    }

    @Test
    void file_whenALineIsMalformed_failsNamingFileLineAndFix(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory)
            throws java.io.IOException {
        java.nio.file.Path file = directory.resolve("checkpoints.properties");
        java.nio.file.Files.writeString(file, "#" + HEADER + "\nkey=\\u12\n");

        assertThatThrownBy(() -> ChangeCheckpoints.file(file)).isInstanceOf(ChangeStreamException.class)
                .hasMessage("Checkpoint file " + file.toAbsolutePath() + ", line 2 (key=\\u12): Malformed \\uxxxx encoding.; fix the "
                        + "line or delete it");
    }

    @Test
    void file_whenTheFileIsNotACheckpointFile_refusesNamingFileLineAndFix(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory)
            throws java.io.IOException {
        java.nio.file.Path file = directory.resolve("checkpoints.properties");
        java.nio.file.Files.writeString(file, "\nthis is not = a checkpoint {{\n");

        assertThatThrownBy(() -> ChangeCheckpoints.file(file)).isInstanceOf(ChangeStreamException.class)
                .hasMessage("Checkpoint file " + file.toAbsolutePath() + ", line 2 (this is not = a checkpoint {{): the file does not "
                        + "start with the header '#" + HEADER + "', so it is not a change reader's checkpoint file; give the reader a "
                        + "file of its own (it is created on the first save)");
    }

    @Test
    void file_whenALineUnderTheHeaderIsNoPosition_refusesNamingTheLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory)
            throws java.io.IOException {
        java.nio.file.Path file = directory.resolve("checkpoints.properties");
        java.nio.file.Files.writeString(file, "#" + HEADER + "\n#Mon Nov 30 07:14:04 UTC 2026\nthis is not = a checkpoint {{\n");

        assertThatThrownBy(() -> ChangeCheckpoints.file(file)).isInstanceOf(ChangeStreamException.class)
                .hasMessage("Checkpoint file " + file.toAbsolutePath() + ", line 3 (this is not = a checkpoint {{): it is not "
                        + "'STREAM-ARN SHARD-ID=SEQUENCE-NUMBER' (the ':' and ' ' of the key escaped with '\\'); fix the line or delete it");
    }

    @Test
    void file_whenAPositionIsNoSequenceNumber_refusesNamingTheShardAndTheFix(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory)
            throws java.io.IOException {
        java.nio.file.Path file = directory.resolve("checkpoints.properties");
        ChangeCheckpoints.file(file).save(ARN, "shard-1", "100");
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("shard-1=100", "shard-1=abc"));

        assertThatThrownBy(() -> ChangeCheckpoints.file(file)).isInstanceOf(ChangeStreamException.class)
                .hasMessageStartingWith("Checkpoint file " + file.toAbsolutePath() + ", line 3 (")
                .hasMessageEndingWith("shard-1=abc): the position of shard shard-1 is 'abc', neither a sequence number (digits) nor "
                        + "SHARD_END; fix it, or delete the line to read that shard again from the reader's starting position");
    }

    @Test
    void file_whenEmpty_holdsNoPositions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory) throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Files.createFile(directory.resolve("checkpoints.properties"));

        assertThat(ChangeCheckpoints.file(file).position(ARN, "shard-1")).isEmpty();
    }

    @Test
    void file_whenNotText_failsNamingItAndTheFix(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory) throws java.io.IOException {
        java.nio.file.Path file = directory.resolve("checkpoints.properties");
        java.nio.file.Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});

        assertThatThrownBy(() -> ChangeCheckpoints.file(file)).isInstanceOf(ChangeStreamException.class)
                .hasMessageStartingWith("Checkpoint file " + file.toAbsolutePath() + " cannot be read: ")
                .hasMessageEndingWith("; fix or delete it (the reader then starts at its starting position)");
    }

    private static final String HEADER = "singletable change reader checkpoints: stream ARN and shard id = last sequence number handled";

    @Test
    void file_whenSavedAndReadAgain_holdsEachShardsPosition(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory) {
        java.nio.file.Path file = directory.resolve("sub/checkpoints.properties");
        ChangeCheckpoints first = ChangeCheckpoints.file(file);
        first.save(ARN, "shard-1", "100");
        first.save(ARN, "shard-1", "200");
        first.save(ARN, "shard-2", ChangeCheckpoints.SHARD_END);

        ChangeCheckpoints again = ChangeCheckpoints.file(file);

        assertThat(again.position(ARN, "shard-1")).contains("200");
        assertThat(again.position(ARN, "shard-2")).contains(ChangeCheckpoints.SHARD_END);
        assertThat(again.position(ARN, "shard-3")).isEmpty();
    }
}
