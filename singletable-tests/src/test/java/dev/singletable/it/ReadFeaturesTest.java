package dev.singletable.it;

import dev.singletable.AsyncQuery;
import dev.singletable.AsyncTable;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.Condition;
import dev.singletable.InvalidCursorException;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.Scan;
import dev.singletable.ValidationException;
import dev.singletable.it.TestModel.Level;
import dev.singletable.it.TestModel.Line;
import dev.singletable.it.TestModel.Reading;
import dev.singletable.it.TestModel.Sensor;
import dev.singletable.it.TestModel.SensorItems;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.stream.IntStream;

import static dev.singletable.fixtures.Publishers.collected;
import static dev.singletable.it.TestModel.LINE;
import static dev.singletable.it.TestModel.L_ORDER;
import static dev.singletable.it.TestModel.L_SKU;
import static dev.singletable.it.TestModel.READING;
import static dev.singletable.it.TestModel.R_AT;
import static dev.singletable.it.TestModel.R_DELTA;
import static dev.singletable.it.TestModel.R_LEVEL;
import static dev.singletable.it.TestModel.R_SENSOR;
import static dev.singletable.it.TestModel.R_SEQ;
import static dev.singletable.it.TestModel.SCHEMA;
import static dev.singletable.it.TestModel.SENSOR;
import static dev.singletable.it.TestModel.SENSOR_ITEMS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Projections, scans, PartiQL and the async API, against the embedded engine. */
class ReadFeaturesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2025-05-01T00:00:00Z");
    /** Two sensors, seq -20..20, delta = seq * 7 % 23 (negative and positive), level alternating. */
    private static final List<Reading> READINGS = new ArrayList<>();
    private static AsyncTable async;

    @BeforeAll
    static void load() {
        for (String sensor : List.of("alpha", "beta")) {
            db.table().put(new Sensor(sensor, sensor.equals("alpha") ? "roof" : "cellar"));
            IntStream.rangeClosed(-20, 20).forEach(i -> READINGS.add(
                    new Reading(sensor, i, T0.plusSeconds(3600L * (i + 20)), (i * 7) % 23, i % 2 == 0 ? Level.LOW : Level.HIGH)));
        }
        READINGS.forEach(db.table()::put);
        for (String order : List.of("12", "123", "1", "12#3")) {
            for (int line = 1; line <= 2; line++) {
                db.table().put(new Line(order, line, "sku-" + order + "-" + line));
            }
        }
        async = AsyncTable.of(db.table().schema(), db.engine().asyncClient());
    }

    private static List<Reading> readings(String sensor) {
        return READINGS.stream().filter(r -> r.sensor().equals(sensor)).toList();
    }

    private static Query<Reading> alpha() {
        return db.table().query(READING).partition(R_SENSOR, "alpha");
    }

    // ---------------------------------------------------------------- projections

    @Test
    void select_whenRequiredAttributesKept_returnsPartialEntities() {
        List<Reading> partial = alpha().select(R_SENSOR, R_SEQ, R_AT, R_DELTA).list();

        assertThat(partial).containsExactlyElementsOf(readings("alpha").stream()
                .map(r -> new Reading(r.sensor(), r.seq(), r.at(), r.delta(), null)).toList());
    }

    @Test
    void selectMaps_returnsOnlyTheProjectedAttributesDecoded() {
        List<Map<String, Object>> maps = alpha().sortBetween(KeyValues.of(R_SEQ, -1L), KeyValues.of(R_SEQ, 1L))
                .selectMaps(R_SEQ, R_LEVEL).list();

        assertThat(maps).containsExactly(
                Map.of("seq", -1L, "level", Level.HIGH), Map.of("seq", 0L, "level", Level.LOW), Map.of("seq", 1L, "level", Level.HIGH));
    }

    @Test
    void select_whenRequiredAttributeOmitted_failsBeforeSending() {
        assertThatThrownBy(() -> alpha().select(R_SEQ, R_LEVEL))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading: the projection [seq, level] leaves out required attributes sensor, at, delta of"
                        + " Reading, which cannot be built without them; add them to select(...), or use selectMaps(...) for plain maps");
    }

    @Test
    void page_whenProjected_stillResumesFromTheKeyOfTheLastItem() {
        Query<Map<String, Object>> query = alpha().selectMaps(R_SEQ).limit(4);
        Page<Map<String, Object>> first = query.page();
        Page<Map<String, Object>> second = query.page(first.cursor().orElseThrow());

        assertThat(second.items()).containsExactly(Map.of("seq", -16L), Map.of("seq", -15L), Map.of("seq", -14L), Map.of("seq", -13L));
    }

    // ---------------------------------------------------------------- sort keys and filters

    @Test
    void sortBetween_onNumericGsiSlotWithNegatives_returnsInNumericOrder() {
        List<Reading> result = db.table().query(READING).index("GSI1").partition(KeyValues.of(R_SENSOR, "alpha"))
                .sortBetween(KeyValues.of(R_DELTA, -10), KeyValues.of(R_DELTA, 3)).list();

        assertThat(result).containsExactlyElementsOf(readings("alpha").stream()
                .filter(r -> r.delta() >= -10 && r.delta() <= 3)
                .sorted(Comparator.comparingInt(Reading::delta).thenComparingLong(Reading::seq)).toList());
    }

    @Test
    void sortBetween_onDateSlotOfGsiDescending_returnsNewestFirst() {
        List<Reading> result = db.table().query(READING).index("GSI2").partition(KeyValues.of(R_LEVEL, Level.HIGH))
                .sortBetween(KeyValues.of(R_AT, T0), KeyValues.of(R_AT, T0.plusSeconds(3600L * 6))).descending()
                .filter(Condition.eq(R_SENSOR, "alpha")) // both sensors share the times: DynamoDB leaves ties unordered
                .list();

        List<Reading> expected = new ArrayList<>(readings("alpha").stream().filter(r -> r.level() == Level.HIGH)
                .filter(r -> !r.at().isBefore(T0) && !r.at().isAfter(T0.plusSeconds(3600L * 6)))
                .sorted(Comparator.comparing(Reading::at).thenComparing(Reading::sensor)).toList());
        Collections.reverse(expected);
        assertThat(result).containsExactlyElementsOf(expected);
    }

    @Test
    void sortBeginsWith_atSlotBoundary_doesNotMatchLongerIds() {
        List<Line> lines = db.table().query(LINE).partition(KeyValues.none()).sortBeginsWith(KeyValues.of(L_ORDER, "12")).list();

        assertThat(lines).extracting(Line::sku).containsExactly("sku-12-1", "sku-12-2");
    }

    @Test
    void filter_onNegativeNumbersAndIn_keepsExactlyTheMatches() {
        List<Reading> result = alpha().filter(Condition.lt(R_DELTA, -15).or(Condition.in(R_SEQ, 19L, 20L))).list();

        assertThat(result).containsExactlyElementsOf(readings("alpha").stream()
                .filter(r -> r.delta() < -15 || r.seq() >= 19).toList());
    }

    // ---------------------------------------------------------------- scan

    @Test
    void scan_forOneEntityType_returnsOnlyThatTypeAndCountsTheSame() {
        Scan<Sensor> sensors = db.table().scan(SENSOR);

        assertThat(sensors.list()).containsExactlyInAnyOrder(new Sensor("alpha", "roof"), new Sensor("beta", "cellar"));
        assertThat(db.table().scan(READING).filter(Condition.eq(R_LEVEL, Level.HIGH)).count()).isEqualTo(40);
    }

    @Test
    void scan_inParallelSegments_coversEveryItemOnce() {
        List<Reading> all = new ArrayList<>();
        for (int segment = 0; segment < 3; segment++) {
            all.addAll(db.table().scan(READING).segment(segment, 3).list());
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(READINGS);
    }

    @Test
    void scan_pagedWithCursors_returnsEveryItemOnce() {
        List<SensorItems> seen = new ArrayList<>();
        Page<SensorItems> page = db.table().scan(SENSOR_ITEMS).limit(9).page();
        seen.addAll(page.items());
        while (page.cursor().isPresent()) {
            page = db.table().scan(SENSOR_ITEMS).limit(9).page(page.cursor().get());
            seen.addAll(page.items());
        }
        assertThat(seen).hasSize(84).doesNotHaveDuplicates();
        assertThatThrownBy(() -> db.table().scan(SENSOR_ITEMS).segment(0, 2).limit(9).page(
                db.table().scan(SENSOR_ITEMS).segment(1, 2).limit(9).page().cursor().orElseThrow()))
                .isInstanceOf(InvalidCursorException.class);
    }

    // ---------------------------------------------------------------- PartiQL

    @Test

    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_withParameters_returnsTypedEntitiesAndPagesWithNextToken() {
        String statement = "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)";
        List<Reading> all = db.table().partiql(READING, statement).parameters("SENSOR#alpha", "READING#").list();

        assertThat(all).containsExactlyInAnyOrderElementsOf(readings("alpha"));

        Page<Reading> first = db.table().partiql(READING, statement).parameters("SENSOR#alpha", "READING#").pageSize(10).page();
        List<Reading> paged = new ArrayList<>(first.items());
        Page<Reading> page = first;
        while (page.cursor().isPresent()) {
            page = db.table().partiql(READING, statement).parameters("SENSOR#alpha", "READING#").pageSize(10).page(page.cursor().get());
            paged.addAll(page.items());
        }
        assertThat(first.items()).hasSize(10);
        assertThat(paged).containsExactlyInAnyOrderElementsOf(readings("alpha"));
        assertThatThrownBy(() -> db.table().partiql(READING, statement).parameters("SENSOR#beta", "READING#").pageSize(10)
                .page(first.cursor().orElseThrow()))
                .isInstanceOfSatisfying(InvalidCursorException.class,
                        e -> assertThat(e.reason()).isEqualTo(InvalidCursorException.Reason.OTHER_QUERY));
    }

    @Test

    @RequiresEngineFeature(EngineFeature.PARTIQL)
    void partiql_whenStatementReturnsAnotherType_failsNamingBoth() {
        String statement = "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ?";
        assertThatThrownBy(() -> db.table().partiql(READING, statement).parameters("SENSOR#alpha").list())
                .isInstanceOf(EntityTypeMismatchException.class)
                .hasMessageContaining("has entityType 'Sensor' but was read as Reading");
        assertThat(db.table().partiql(SENSOR_ITEMS, statement).parameters("SENSOR#alpha").list()).hasSize(42);
    }

    /**
     * Amazon DynamoDB's PartiQL grammar takes line ({@code --}) and block comments anywhere, a SELECT that begins with
     * one too (issue 35: it was refused as "not a SELECT"); the statement is sent as written.
     */
    @Test
    void partiql_whenStatementBeginsWithComments_isTakenAsASelectAndSentAsWritten() {
        String statement = "-- the sensor's items\n/* all of them */ SELECT * FROM /* its table */ \"" + db.tableName()
                + "\" WHERE \"PK\" = ? -- by key";

        assertThat(db.table().partiql(SENSOR_ITEMS, statement).parameters("SENSOR#alpha").toRequest().statement()).isEqualTo(statement);
    }

    @Test
    @RequiresEngineFeature({EngineFeature.PARTIQL, EngineFeature.PARTIQL_COMMENTS})
    void partiql_whenStatementBeginsWithComments_readsTheItems() {
        String statement = "-- the items of a sensor\n/* all of them */ SELECT * FROM /* its table */ \"" + db.tableName()
                + "\" WHERE \"PK\" = ? -- by key";

        assertThat(db.table().partiql(SENSOR_ITEMS, statement).parameters("SENSOR#alpha").list()).hasSize(42);
    }

    @Test
    void partiql_whenACommentHidesTheWrite_isRefusedAsNotASelect() {
        assertThatThrownBy(() -> db.table().partiql(SENSOR_ITEMS, "/* SELECT * FROM \"" + db.tableName() + "\" */ DELETE FROM \""
                + db.tableName() + "\" WHERE \"PK\" = 'SENSOR#alpha' AND \"SK\" = 'SENSOR'"))
                .isInstanceOf(ValidationException.class).hasMessageContaining("is not a SELECT");
        assertThatThrownBy(() -> db.table().partiql(SENSOR_ITEMS, "SELECT * FROM \"" + db.tableName() + "\" /* never closed"))
                .isInstanceOf(ValidationException.class).hasMessageContaining("has a comment opened at character");
    }

    @Test
    void partiql_explain_showsStatementAndParameters() {
        String statement = "SELECT * FROM \"" + db.tableName() + "\" WHERE \"PK\" = ?";
        ExecuteStatementRequest request = db.table().partiql(SENSOR, statement).parameters("SENSOR#alpha").toRequest();
        assertThat(db.table().partiql(SENSOR, statement).parameters("SENSOR#alpha").explain().json())
                .isEqualTo("""
                        {
                          "Statement": "SELECT * FROM \\"%s\\" WHERE \\"PK\\" = ?",
                          "Parameters": [
                            {
                              "S": "SENSOR#alpha"
                            }
                          ]
                        }""".formatted(db.tableName()));
        assertThat(request.parameters()).hasSize(1);
    }

    // ---------------------------------------------------------------- async

    @Test
    void async_returnsTheSameAsSyncForEveryRead() {
        Map<String, Function<Boolean, Object>> reads = new LinkedHashMap<>();
        reads.put("partition", sync -> sync ? alpha().list()
                : async.query(READING).partition(R_SENSOR, "alpha").list().join());
        reads.put("gsi between", sync -> sync
                ? db.table().query(READING).index("GSI1").partition(KeyValues.of(R_SENSOR, "beta"))
                .sortBetween(KeyValues.of(R_DELTA, -5), KeyValues.of(R_DELTA, 5)).descending().list()
                : async.query(READING).index("GSI1").partition(KeyValues.of(R_SENSOR, "beta"))
                .sortBetween(KeyValues.of(R_DELTA, -5), KeyValues.of(R_DELTA, 5)).descending().list().join());
        reads.put("filtered limit", sync -> sync ? alpha().filter(Condition.eq(R_LEVEL, Level.HIGH)).limit(5).list()
                : async.query(READING).partition(R_SENSOR, "alpha").filter(Condition.eq(R_LEVEL, Level.HIGH)).limit(5).list().join());
        reads.put("collection", sync -> sync ? db.table().query(SENSOR_ITEMS).partition(KeyValues.of("sensor", "beta")).list()
                : async.query(SENSOR_ITEMS).partition(KeyValues.of("sensor", "beta")).list().join());
        reads.put("count", sync -> sync ? alpha().filter(Condition.gt(R_DELTA, 0)).count()
                : async.query(READING).partition(R_SENSOR, "alpha").filter(Condition.gt(R_DELTA, 0)).count().join());
        reads.put("scan", sync -> sync ? sorted(db.table().scan(READING).filter(Condition.lt(R_DELTA, 0)).list())
                : sorted(async.scan(READING).filter(Condition.lt(R_DELTA, 0)).list().join()));
        reads.put("scan count", sync -> sync ? db.table().scan(SENSOR_ITEMS).count() : async.scan(SENSOR_ITEMS).count().join());
        reads.put("get", sync -> sync ? db.table().get(SENSOR, KeyValues.of("sensor", "beta"))
                : async.get(SENSOR, KeyValues.of("sensor", "beta")).join());
        reads.put("projection", sync -> sync ? alpha().selectMaps(R_SEQ).limit(3).list()
                : async.query(READING).partition(R_SENSOR, "alpha").selectMaps(R_SEQ).limit(3).list().join());

        reads.forEach((name, read) -> assertThat(read.apply(false)).as(name).isEqualTo(read.apply(true)));
    }

    private static List<Reading> sorted(List<Reading> readings) {
        return readings.stream().sorted(Comparator.comparing(Reading::sensor).thenComparingLong(Reading::seq)).toList();
    }

    @Test
    void asyncPage_withSyncCursor_continuesTheSameQuery() {
        Page<Reading> syncFirst = alpha().limit(6).page();
        Page<Reading> asyncSecond = async.query(READING).partition(R_SENSOR, "alpha").limit(6)
                .page(syncFirst.cursor().orElseThrow()).join();

        assertThat(asyncSecond.items()).containsExactlyElementsOf(readings("alpha").subList(6, 12));
        assertThatThrownBy(() -> async.query(READING).partition(R_SENSOR, "beta").limit(6).page(syncFirst.cursor().get()).join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(InvalidCursorException.class);
    }

    @Test
    void asyncQuery_onGsiWithConsistentRead_failsBeforeSending() {
        AsyncQuery<Reading> query = async.query(READING).index("GSI1");
        assertThatThrownBy(query::consistentRead).isInstanceOf(ValidationException.class);
    }

    @Test
    void publisher_deliversEveryItemInOrderHonouringDemand() {
        List<Reading> received = collected(async.query(READING).partition(R_SENSOR, "alpha").pageSize(4).publisher(), 3);

        assertThat(received).containsExactlyElementsOf(readings("alpha"));
    }

    @Test
    void publisher_whenLimitedAndCancelled_stopsEarly() {
        List<Reading> received = collected(async.query(READING).partition(R_SENSOR, "alpha").limit(5).publisher());

        assertThat(received).containsExactlyElementsOf(readings("alpha").subList(0, 5));
    }

    @Test
    void async_whenTableIsMissing_completesExceptionallyWithTheTypedError() {
        AsyncTable missing = AsyncTable.of(db.table().schema().toBuilder().name("NoSuchTable").build(), db.engine().asyncClient());

        assertThatThrownBy(() -> missing.query(READING).partition(R_SENSOR, "alpha").list().join())
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(dev.singletable.TableNotFoundException.class);
        assertThatThrownBy(() -> missing.scan(READING).count().join())
                .hasCauseInstanceOf(dev.singletable.TableNotFoundException.class);
    }
}
