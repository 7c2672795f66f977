package dev.singletable.it;

import dev.singletable.KeyValues;
import dev.singletable.QueryResult;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Line;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.it.TestModel.Sensor;
import dev.singletable.it.TestModel.SensorItems;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static dev.singletable.it.TestModel.LINE;
import static dev.singletable.it.TestModel.L_NO;
import static dev.singletable.it.TestModel.L_ORDER;
import static dev.singletable.it.TestModel.ONLY_SENSORS;
import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_AT;
import static dev.singletable.it.TestModel.R_DELTA;
import static dev.singletable.it.TestModel.R_LEVEL;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.R_SEQ;
import static dev.singletable.it.TestModel.SCHEMA;
import static dev.singletable.it.TestModel.SENSOR_ITEMS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QueryTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2025-05-01T00:00:00Z");
    /** seq from -5 to 5, delta = seq * 3 - 1 (negative and positive), one hour apart. */
    private static final List<Reading> READINGS = IntStream.rangeClosed(-5, 5)
            .mapToObj(i -> new Reading("alpha", i, T0.plusSeconds(3600L * (i + 5)), i * 3 - 1, i % 2 == 0 ? Level.LOW : Level.HIGH))
            .toList();

    @BeforeAll
    static void load() {
        db.table().put(new Sensor("alpha", "roof"));
        READINGS.forEach(db.table()::put);
        for (String order : List.of("12", "123", "1", "12#3")) {
            for (int line = 1; line <= 2; line++) {
                db.table().put(new Line(order, line, "sku-" + order + "-" + line));
            }
        }
    }

    private static List<Long> seqs(List<Reading> readings) {
        return readings.stream().map(Reading::seq).toList();
    }

    private static KeyValues seq(long value) {
        return KeyValues.of(R_SEQ, value);
    }

    @Test
    void query_whenOnlyPartitionGiven_returnsEntityItemsInNumericOrderIncludingNegatives() {
        List<Reading> result = db.table().query(READING).partition(R_SENSOR, "alpha").list();

        assertThat(result).containsExactlyElementsOf(READINGS); // the Sensor item in the same partition is left out
    }

    @Test
    void query_whenRendered_sendsTypedKeyConditionWithoutTypeFilterAsTheRangeLiesInsideReadingKeys() {
        QueryRequest request = db.table().query(READING).partition(R_SENSOR, "alpha").sortBetween(seq(-2), seq(3)).toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :sk AND :sk2")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(Map.of(
                        ":pk", AttributeValue.fromS("SENSOR#alpha"),
                        ":sk", AttributeValue.fromS("READING#-9999999999999999998"),
                        ":sk2", AttributeValue.fromS("READING#0000000000000000003")))
                .build());
    }

    @Test
    void query_whenEachSortOperator_returnsTheMatchingRange() {
        var base = db.table().query(READING).partition(R_SENSOR, "alpha");

        assertThat(seqs(base.sortEquals(seq(-3)).list())).containsExactly(-3L);
        assertThat(seqs(base.sortLessThan(seq(-3)).list())).containsExactly(-5L, -4L);
        assertThat(seqs(base.sortLessThanOrEqual(seq(-3)).list())).containsExactly(-5L, -4L, -3L);
        assertThat(seqs(base.sortGreaterThan(seq(3)).list())).containsExactly(4L, 5L);
        assertThat(seqs(base.sortGreaterThanOrEqual(seq(3)).list())).containsExactly(3L, 4L, 5L);
        assertThat(seqs(base.sortBetween(seq(-1), seq(1)).list())).containsExactly(-1L, 0L, 1L);
        assertThat(seqs(base.sortBeginsWith(seq(2)).list())).containsExactly(2L);
        assertThat(seqs(base.sortBeginsWith(KeyValues.none()).list())).hasSize(11);
    }

    @Test
    void query_whenDescendingWithLimit_returnsHighestFirstAcrossPages() {
        QueryResult<Reading> result = db.table().query(READING).partition(R_SENSOR, "alpha").descending().limit(4).pageSize(3).execute();

        assertThat(seqs(result.items())).containsExactly(5L, 4L, 3L, 2L);
        assertThat(result.requestCount()).isEqualTo(2);
        assertThat(result.consumedCapacity()).isPositive();
    }

    @Test
    void query_whenLimitWithoutPageSize_readsOnlyWhatItNeeds() {
        QueryResult<Reading> result = db.table().query(READING).partition(R_SENSOR, "alpha").limit(3).execute();

        assertThat(seqs(result.items())).containsExactly(-5L, -4L, -3L);
        assertThat(result.requestCount()).isEqualTo(1);
        assertThat(result.scannedCount()).isEqualTo(3);
    }

    @Test
    void query_whenGsiWithNegativeNumberSlots_sortsNumerically() {
        List<Reading> result = db.table().query(READING).index("GSI1").partition(R_SENSOR, "alpha")
                .sortBetween(KeyValues.of(R_DELTA, -10), KeyValues.of(R_DELTA, 2)).list();

        assertThat(result).extracting(Reading::delta).containsExactly(-10, -7, -4, -1, 2);
    }

    @Test
    void query_whenGsiOnInstantSlot_returnsTimeRange() {
        List<Reading> result = db.table().query(READING).index("GSI2").partition(R_LEVEL, Level.LOW)
                .sortBetween(KeyValues.of(R_AT, T0.plusSeconds(3600)), KeyValues.of(R_AT, T0.plusSeconds(6 * 3600))).list();

        assertThat(seqs(result)).containsExactly(-4L, -2L, 0L);
    }

    @Test
    void query_whenPrefixOfSlots_stopsAtSlotBoundary() {
        List<Line> twelve = db.table().query(LINE).partition(KeyValues.none()).sortBeginsWith(KeyValues.of(L_ORDER, "12")).list();

        assertThat(twelve).extracting(Line::sku).containsExactly("sku-12-1", "sku-12-2");
        assertThat(db.table().query(LINE).partition(KeyValues.none()).sortBeginsWith(KeyValues.of(L_ORDER, "12")).toRequest()
                .expressionAttributeValues().get(":sk")).isEqualTo(AttributeValue.fromS("ORDER#12#"));
    }

    @Test
    void query_whenRawPrefix_matchesInsideTheSlot() {
        List<Line> raw = db.table().query(LINE).partition(KeyValues.none()).sortBeginsWithRaw("ORDER#12").list();

        assertThat(raw).extracting(Line::sku)
                .containsExactly("sku-12-1", "sku-12-2", "sku-123-1", "sku-123-2", "sku-12#3-1", "sku-12#3-2");
    }

    @Test
    void query_whenValueContainsDelimiter_isEscapedAndFoundExactly() {
        List<Line> lines = db.table().query(LINE).partition(KeyValues.none()).sortBeginsWith(KeyValues.of(L_ORDER, "12#3")).list();

        assertThat(lines).extracting(Line::sku).containsExactly("sku-12#3-1", "sku-12#3-2");
    }

    @Test
    void query_whenRangeOnLeadingSlotOnly_coversEveryKeyWithThatPrefix() {
        List<Line> lines = db.table().query(LINE).partition(KeyValues.none())
                .sortBetween(KeyValues.of(L_ORDER, "12"), KeyValues.of(L_ORDER, "123")).list();

        // "12#3" lies between "12" and "123" as text, so it is in the range; stored escaped as "12\\#3", it comes back
        // after "123", in key order
        assertThat(lines).extracting(Line::sku)
                .containsExactly("sku-12-1", "sku-12-2", "sku-123-1", "sku-123-2", "sku-12#3-1", "sku-12#3-2");
    }

    @Test
    void query_whenSlotGivenAfterGap_failsNamingTheMissingSlot() {
        assertThatThrownBy(() -> db.table().query(LINE).partition(KeyValues.none()).sortBeginsWith(KeyValues.of(L_NO, 1)).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Line primary sort key template 'ORDER#{orderId}#{lineNo}': a value for 'lineNo' needs one for 'orderId' too; "
                        + "a key prefix is filled from the left");
    }

    @Test
    void query_whenConsistentReadOnGsi_failsBeforeSending() {
        assertThatThrownBy(() -> db.table().query(READING).index("GSI1").consistentRead())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading: consistent reads are not available on GSI 'GSI1', which DynamoDB keeps eventually "
                        + "consistent; query the table itself or an LSI, or drop consistentRead()");
        assertThatThrownBy(() -> db.table().query(READING).consistentRead().index("GSI1").toRequest())
                .isInstanceOf(ValidationException.class);
    }

    @Test
    void query_whenNoPartition_failsSayingHowToGiveIt() {
        assertThatThrownBy(() -> db.table().query(READING).list())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading on the table has no partition key; call partition(...) with the values of its slots");
    }

    @Test
    void query_whenTheTableHasNoIndexes_failsSayingSoAndWhatToDo() {
        dev.singletable.Table noIndexes = dev.singletable.Table.of(TableSchema.builder("NoIndexes").entities(TestModel.NOTE).build(), db.client());

        assertThatThrownBy(() -> noIndexes.query(TestModel.NOTE).index("GSI1"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Note: table NoIndexes has no index 'GSI1'; it has no secondary indexes: declare one in its TableSchema "
                        + "(IndexSchema), or query the table itself");
    }

    @Test
    void query_whenUnknownIndex_failsListingIndexes() {
        assertThatThrownBy(() -> db.table().query(READING).index("GSI9"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading: table " + db.tableName() + " has no index 'GSI9'; its indexes are [GSI1, GSI2]");
    }

    @Test
    void collection_whenPartitionHoldsSeveralTypes_decodesEachInOneRequest() {
        List<RequestCount> counts = new java.util.ArrayList<>();
        var table = dev.singletable.Table.builder(db.table().schema(), db.client()).listener(e -> counts.add(new RequestCount())).build();

        List<SensorItems> items = table.query(SENSOR_ITEMS).partition(KeyValues.of("sensor", "alpha")).list();

        assertThat(items).hasSize(12);
        assertThat(items.subList(0, 11)).containsExactlyElementsOf(READINGS);
        assertThat(items.get(11)).isEqualTo(new Sensor("alpha", "roof"));
        assertThat(counts).hasSize(1);
        assertThat(table.query(SENSOR_ITEMS).partition(KeyValues.of("sensor", "alpha")).toRequest().filterExpression()).isNull();
    }

    @Test
    void collection_whenPartitionHoldsTypesOutsideTheCollection_readsOnlyTheMembersSortKeys() {
        List<dev.singletable.extension.RequestEvent> events = new java.util.ArrayList<>();
        var table = dev.singletable.Table.builder(db.table().schema(), db.client()).listener(events::add).build();

        // the one member's sort key is the constant SENSOR: the readings of the partition are not even read
        assertThat(table.query(ONLY_SENSORS).partition(KeyValues.of("sensor", "alpha")).list())
                .containsExactly(new Sensor("alpha", "roof"));
        assertThat(events).extracting(dev.singletable.extension.RequestEvent::itemCount).containsExactly(1);
    }

    /** Issue 35: a listener could not tell the items a filtered read returned from those it read (and was billed for). */
    @Test
    void query_whenAFilterDropsItems_reportsTheItemsReadBesideTheItemsReturned() {
        List<dev.singletable.extension.RequestEvent> events = new java.util.ArrayList<>();
        var table = dev.singletable.Table.builder(db.table().schema(), db.client()).listener(events::add).build();

        List<Reading> positive = table.query(READING).partition(KeyValues.of("sensor", "alpha"))
                .filter(dev.singletable.Condition.gt(R_DELTA, 0)).list();

        assertThat(positive).hasSize(5);
        assertThat(events).extracting(dev.singletable.extension.RequestEvent::operation, dev.singletable.extension.RequestEvent::itemCount,
                dev.singletable.extension.RequestEvent::scannedCount).containsExactly(org.assertj.core.groups.Tuple.tuple("Query", 5, 11));
    }

    @Test
    void collection_whenSortConditionRaw_narrowsToMembers() {
        List<SensorItems> items = db.table().query(ONLY_SENSORS).partition(KeyValues.of("sensor", "alpha"))
                .sortBeginsWithRaw("SENSOR").list();

        assertThat(items).containsExactly(new Sensor("alpha", "roof"));
    }

    @Test
    void collection_whenTypedSortConditionAndTemplatesDiffer_failsSuggestingRaw() {
        assertThatThrownBy(() -> db.table().query(SENSOR_ITEMS).partition(KeyValues.of("sensor", "alpha"))
                .sortBeginsWith(KeyValues.none()).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of SensorItems[Sensor, Reading] on the table: the members' sort key templates differ ('SENSOR', "
                        + "'READING#{seq}'); give the sort condition as raw text (sortBeginsWithRaw, sortBetweenRaw)");
    }

    @Test
    void collection_whenMemberLacksIndex_failsNamingIt() {
        assertThatThrownBy(() -> db.table().query(SENSOR_ITEMS).index("GSI1").partition(KeyValues.of("sensor", "alpha")).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of SensorItems[Sensor, Reading]: Sensor has no keys on index GSI1; it has no secondary indexes");
    }

    @Test
    void query_whenBetweenBoundsReversed_failsBeforeSending() {
        assertThatThrownBy(() -> db.table().query(READING).partition(R_SENSOR, "alpha").sortBetween(seq(3), seq(-3)).toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading: sortBetween from 'READING#0000000000000000003' is above to 'READING#-9999999999999999997'; "
                        + "DynamoDB requires from <= to: swap them");
    }

    private record RequestCount() {
    }
}
