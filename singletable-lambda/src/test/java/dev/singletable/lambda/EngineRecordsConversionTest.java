package dev.singletable.lambda;

import dev.singletable.Table;
import dev.singletable.changes.Change;
import dev.singletable.changes.ChangeDecoder;
import dev.singletable.changes.ChangeEvent;
import dev.singletable.changes.UndecodedChange;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

import java.util.List;
import java.util.Map;

import static dev.singletable.lambda.EngineRecords.s;
import static dev.singletable.lambda.LambdaTestModel.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records the engine wrote to a table's stream, given to Lambda's model as Lambda would deliver them and converted
 * back: the same records, decoded into the same changes.
 */
class EngineRecordsConversionTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private static Table table;
    private static EngineRecords engine;

    @BeforeAll
    static void write() {
        table = Table.of(schema("LambdaConversion-" + System.nanoTime()), db.client());
        // an item of every attribute value type, then one of a type the schema does not know
        engine = EngineRecords.written(table, db, () -> db.client().putItem(r -> r.tableName(table.schema().name()).item(Map.ofEntries(
                Map.entry("PK", s("USER#u2")), Map.entry("SK", s("PROFILE")), Map.entry("entityType", s("User")),
                Map.entry("userId", s("u2")), Map.entry("name", s("Grace")),
                Map.entry("n", AttributeValue.builder().n("12345678901234567890.5").build()),
                Map.entry("b", AttributeValue.builder().b(SdkBytes.fromByteArray(new byte[] {0, (byte) 0xfe, 7})).build()),
                Map.entry("ss", AttributeValue.builder().ss("x", "y").build()),
                Map.entry("ns", AttributeValue.builder().ns("1", "-2.5").build()),
                Map.entry("bs", AttributeValue.builder().bs(SdkBytes.fromByteArray(new byte[] {1}), SdkBytes.fromByteArray(new byte[] {2, 3})).build()),
                Map.entry("m", AttributeValue.builder().m(Map.of("l", AttributeValue.builder().l(s("in"),
                        AttributeValue.builder().m(Map.of("deep", AttributeValue.builder().bool(true).build())).build()).build())).build()),
                Map.entry("nul", AttributeValue.builder().nul(true).build()),
                Map.entry("bool", AttributeValue.builder().bool(false).build())))));
    }

    @AfterAll
    static void deleteTable() {
        table.deleteTable();
    }

    @Test
    void of_whenTheEnginesRecordsComeThroughLambdasModel_givesTheSameRecords() {
        List<LambdaStreamRecord> converted = LambdaStreamRecords.of(LambdaModel.event(engine.streamArn(), engine.records()));

        assertThat(engine.records()).hasSize(6);
        assertThat(converted).extracting(LambdaStreamRecord::record).containsExactlyElementsOf(engine.records());
        assertThat(converted).extracting(record -> record.eventSourceArn().orElseThrow()).containsOnly(engine.streamArn());
        Map<String, AttributeValue> everyType = engine.records().get(3).dynamodb().newImage();
        assertThat(converted.get(3).record().dynamodb().newImage()).isEqualTo(everyType).containsKeys("n", "b", "ss", "ns", "bs", "m", "nul", "bool");
        assertThat(converted.get(3).record().dynamodb().newImage().get("n").n()).isEqualTo("12345678901234567890.5");
        assertThat(converted.get(3).record().dynamodb().newImage().get("b").b().asByteArray()).containsExactly(0, 0xfe, 7);
    }

    @Test
    void decode_whenTheEnginesRecordsComeThroughLambdasModel_givesTheSameChanges() {
        ChangeDecoder<Object> decoder = ChangeDecoder.of(table);
        List<String> direct = engine.records().stream().map(record -> line(decoder.decode(engine.streamArn(), record))).toList();

        List<String> viaLambda = LambdaStreamRecords.of(LambdaModel.event(engine.streamArn(), engine.records())).stream()
                .map(record -> line(record.decode(decoder))).toList();

        assertThat(viaLambda).isEqualTo(direct);
        String key = "PK=USER#u1, SK=PROFILE";
        assertThat(viaLambda).containsExactly(
                "CREATED User " + key + " old=- new=User[userId=u1, name=Ada]",
                "MODIFIED User " + key + " old=User[userId=u1, name=Ada] new=User[userId=u1, name=Ada Lovelace]",
                "CREATED Group PK=GROUP#g1, SK=META old=- new=Group[groupId=g1, title=Analysts]",
                "CREATED User PK=USER#u2, SK=PROFILE old=- new=User[userId=u2, name=Grace]",
                "UNKNOWN_ENTITY_TYPE PK=ROBOT#r1, SK=META",
                "REMOVED User " + key + " old=User[userId=u1, name=Ada Lovelace] new=-");
    }

    @Test
    void decode_whenTheSourceArnNamesAnotherTable_givesAnOtherTableOutcome() {
        String other = engine.streamArn().replace("table/" + table.schema().name() + "/", "table/OtherTable/");

        Change<Object> change = LambdaStreamRecords.of(LambdaModel.event(other, engine.records().subList(0, 1))).get(0)
                .decode(ChangeDecoder.of(table));

        assertThat(change).isInstanceOfSatisfying(UndecodedChange.class, undecoded -> {
            assertThat(undecoded.reason()).isEqualTo(UndecodedChange.Reason.OTHER_TABLE);
            assertThat(undecoded.table()).isEqualTo("OtherTable");
        });
    }

    private static String line(Change<Object> change) {
        if (change instanceof ChangeEvent<Object> event) {
            return event.kind() + " " + event.entity().type() + " " + event.keyText() + " old=" + event.oldImage().map(Object::toString).orElse("-")
                    + " new=" + event.newImage().map(Object::toString).orElse("-");
        }
        if (change instanceof UndecodedChange<Object> undecoded) {
            return undecoded.reason() + " " + undecoded.keyText();
        }
        return change.toString();
    }
}
