package dev.singletable.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.singletable.NullArgumentException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeEvent;
import dev.singletable.changes.IgnoredChange;
import dev.singletable.changes.UndecodedChange;
import dev.singletable.lambda.LambdaTestModel.User;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.Record;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.singletable.lambda.LambdaTestModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The handler base class on batches of records the engine wrote: typed changes in order, partial-batch failures. */
class StreamChangeHandlerTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    static final TableSchema SCHEMA = schema("LambdaHandler-" + System.nanoTime());

    private static Table table;
    private static EngineRecords engine;

    /** Ada created, renamed, a group created, a Robot item the schema does not know, and Ada removed. */
    @BeforeAll
    static void write() {
        table = Table.of(SCHEMA, db.client());
        engine = EngineRecords.written(table, db, () -> { });
    }

    @AfterAll
    static void deleteTable() {
        table.deleteTable();
    }

    /** The README's handler, verbatim. */
    public static final class UserChanges extends StreamChangeHandler<User> {
        public UserChanges() {
            super(ChangeDecoder.of(Table.offline(deployed(SCHEMA)), USER));     // offline: decoding needs no client
        }

        /** The design's table as deployed: named per environment or by CloudFormation (prod-Users, Stack-UsersTable-1AB2). */
        private static TableSchema deployed(TableSchema design) {
            return design.toBuilder().name(System.getenv().getOrDefault("TABLE_NAME", design.name())).build();
        }

        @Override
        protected void handle(ChangeEvent<User> event, Context context) {
            if (event.newImage().isPresent() && event.changedAttributes().contains("name")) {
                context.getLogger().log(event.kind() + " " + event.newImage().get().name());   // throw to fail the rest of the batch
            }
        }
    }

    @Test
    void readmeExample_whenAUserIsCreatedRenamedAndRemoved_logsTheNames() {
        RecordingContext context = new RecordingContext();

        StreamsEventResponse response = new UserChanges().handleRequest(event(engine.records()), context);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(context.logged).hasSize(3).startsWith("CREATED Ada", "MODIFIED Ada Lovelace");
        assertThat(context.logged.get(2)).contains("its entityType 'Robot' is none of the table's entity types");
    }

    /** Names each change it gets; throws on the change whose new image is named as failing. */
    private static final class UserHandler extends StreamChangeHandler<User> {
        final List<String> seen = new ArrayList<>();
        private final String failOn;

        UserHandler(String failOn) {
            super(ChangeDecoder.of(Table.offline(table.schema()), USER));
            this.failOn = failOn;
        }

        @Override
        protected void handle(ChangeEvent<User> event, Context context) {
            String name = event.newImage().map(User::name).orElse("-");
            if (name.equals(failOn)) {
                throw new IllegalStateException("cannot handle " + name);
            }
            seen.add(event.kind() + " " + name);
        }

        @Override
        protected void ignored(IgnoredChange<User> change, Context context) {
            seen.add("ignored " + change.entityType());
        }

        @Override
        protected void undecoded(UndecodedChange<User> change, Context context) {
            seen.add("undecoded " + change.reason());
            super.undecoded(change, context);
        }
    }

    private static DynamodbEvent event(List<Record> records) {
        return LambdaModel.event(engine.streamArn(), records);
    }

    private static List<String> sequenceNumbers(List<Record> records) {
        return records.stream().map(record -> record.dynamodb().sequenceNumber()).toList();
    }

    @Test
    void handleRequest_whenEveryChangeIsHandled_reportsNoFailureAndTheUndecodedToItsHook() {
        UserHandler handler = new UserHandler("none");
        RecordingContext context = new RecordingContext();

        StreamsEventResponse response = handler.handleRequest(event(engine.records()), context);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(handler.seen).containsExactly("CREATED Ada", "MODIFIED Ada Lovelace", "ignored Group", "undecoded UNKNOWN_ENTITY_TYPE",
                "REMOVED -");
        assertThat(context.logged).singleElement().asString().startsWith("singletable: Stream record " + engine.records().get(3).dynamodb().sequenceNumber()
                + " of table " + table.schema().name() + " (created, key PK=ROBOT#r1, SK=META): its entityType 'Robot' is none of the table's entity types");
    }

    @Test
    void handleRequest_whenTheSecondRecordFails_reportsItAndEveryLaterRecordBySequenceNumber() {
        UserHandler handler = new UserHandler("Ada Lovelace");
        RecordingContext context = new RecordingContext();
        List<Record> batch = engine.records().subList(0, 3);

        StreamsEventResponse response = handler.handleRequest(event(batch), context);

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactlyElementsOf(sequenceNumbers(batch.subList(1, 3)));
        assertThat(handler.seen).containsExactly("CREATED Ada");
        assertThat(context.logged).singleElement().asString().isEqualTo("singletable: handling " + "ChangeEvent[User MODIFIED PK=USER#u1, SK=PROFILE #"
                + batch.get(1).dynamodb().sequenceNumber() + "] failed (java.lang.IllegalStateException: cannot handle Ada Lovelace); it and the 1"
                + " record(s) after it are reported as batch item failures, for Lambda to retry");
    }

    @Test
    void handleRequest_whenTheFailedRecordsAreRetried_handlesThemWithoutTheOnesBefore() {
        UserHandler handler = new UserHandler("none");
        List<Record> retried = engine.records().subList(1, 3);

        StreamsEventResponse response = handler.handleRequest(event(retried), new RecordingContext());

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(handler.seen).containsExactly("MODIFIED Ada Lovelace", "ignored Group");
    }

    @Test
    void constructorAndHandleRequest_whenGivenNull_refuseNamingTheArgument() {
        assertThatThrownBy(() -> new StreamChangeHandler<User>(null) {
            @Override
            protected void handle(ChangeEvent<User> event, Context context) {
            }
        }).isInstanceOf(NullArgumentException.class).hasMessageContaining("StreamChangeHandler").hasMessageContaining("decoder");
        assertThatThrownBy(() -> new UserChanges().handleRequest(null, new RecordingContext())).isInstanceOf(NullArgumentException.class)
                .hasMessageContaining("StreamChangeHandler.handleRequest").hasMessageContaining("event");
        assertThatThrownBy(() -> LambdaStreamRecords.of(LambdaModel.event(engine.streamArn(), engine.records())).get(0).decode(null))
                .isInstanceOf(NullArgumentException.class).hasMessageContaining("LambdaStreamRecord.decode").hasMessageContaining("decoder");
    }

    /** The engine's stream ARN as if its table were named {@code name}. */
    private static String arnOfTable(String name) {
        return engine.streamArn().replace("table/" + table.schema().name() + "/", "table/" + name + "/");
    }

    @Test
    void handleRequest_whenTheRecordsAreOfAnotherTable_reportsThemAllAsFailuresAndLogsTheFix() {
        UserHandler handler = new UserHandler("none");
        RecordingContext context = new RecordingContext();
        List<Record> batch = engine.records().subList(0, 2);

        StreamsEventResponse response = handler.handleRequest(LambdaModel.event(arnOfTable("prod-Users"), batch), context);

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactlyElementsOf(sequenceNumbers(batch));
        assertThat(handler.seen).isEmpty();
        String name = table.schema().name();
        assertThat(context.logged).containsExactly("singletable: Stream record " + batch.get(0).dynamodb().sequenceNumber()
                + " of table prod-Users (created, key PK=USER#u1, SK=PROFILE): the record is of table prod-Users, not " + name
                + "; give this decoder only the records of " + name + "'s stream; or, if prod-Users is this design's table deployed"
                + " under another name, give the handler the decoder of the table so named (TableSchema.toBuilder().name(\"prod-Users\"));"
                + " it and the 1 record(s) after it are reported as batch item failures, for Lambda to retry");
    }

    @Test
    void handleRequest_whenTheBatchTurnsToAnotherTable_handlesTheRecordsBeforeAndFailsFromTheFirstOther() {
        UserHandler handler = new UserHandler("none");
        List<Record> batch = engine.records().subList(0, 3);
        DynamodbEvent event = LambdaModel.event(engine.streamArn(), batch);
        event.getRecords().get(1).setEventSourceARN(arnOfTable("OtherTable"));

        StreamsEventResponse response = handler.handleRequest(event, new RecordingContext());

        assertThat(response.getBatchItemFailures()).extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactlyElementsOf(sequenceNumbers(batch.subList(1, 3)));
        assertThat(handler.seen).containsExactly("CREATED Ada");
    }

    @Test
    void handleRequest_whenTheDecodersTableBearsTheDeployedName_decodesThatTablesRecordsAgainstTheDesign() {
        List<String> tables = new ArrayList<>();
        StreamChangeHandler<User> handler = new StreamChangeHandler<>(ChangeDecoder.of(Table.offline(SCHEMA.toBuilder().name("prod-Users").build()), USER)) {
            @Override
            protected void handle(ChangeEvent<User> event, Context context) {
                tables.add(event.table() + " " + event.kind() + " " + event.newImage().map(User::name).orElse("-"));
            }
        };

        StreamsEventResponse response = handler.handleRequest(LambdaModel.event(arnOfTable("prod-Users"), engine.records().subList(0, 2)),
                new RecordingContext());

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(tables).containsExactly("prod-Users CREATED Ada", "prod-Users MODIFIED Ada Lovelace");
    }

    @Test
    void undecoded_whenTheContextHasNoLogger_printsTheMessageAsOneLine() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            new UserHandler("none").handleRequest(event(engine.records().subList(3, 4)), null);
        } finally {
            System.setOut(out);
        }

        assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("singletable: Stream record "
                + engine.records().get(3).dynamodb().sequenceNumber() + " of table " + table.schema().name() + " (created, key PK=ROBOT#r1,"
                + " SK=META): its entityType 'Robot' is none of the table's entity types [User, Group]; declare it in the table's schema,"
                + " or check that the record is of this table" + System.lineSeparator());
    }
}
