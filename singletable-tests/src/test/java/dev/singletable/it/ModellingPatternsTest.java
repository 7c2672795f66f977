package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.extension.RequestEvent;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.it.SlotsModel.Category;
import dev.singletable.it.SlotsModel.Reading;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.singletable.it.SlotsModel.CATALOG;
import static dev.singletable.it.SlotsModel.CATEGORY;
import static dev.singletable.it.SlotsModel.DEVICE_ID;
import static dev.singletable.it.SlotsModel.PATH;
import static dev.singletable.it.SlotsModel.READING;
import static dev.singletable.it.SlotsModel.SCHEMA;
import static dev.singletable.it.SlotsModel.TAKEN_AT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The modelling patterns on the embedded engine, on seed 000's own examples: the category tree
 * ELECTRONICS#AUDIO#HEADPHONES (hierarchy path slots) and sensor readings by day and device (time
 * buckets, write sharding, one cross-partition reader), on the synchronous and asynchronous tables.
 */
class ModellingPatternsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final List<RequestEvent> EVENTS = new CopyOnWriteArrayList<>();
    private static Table table;
    private static AsyncTable async;

    private static Category category(String... path) {
        return new Category("main", List.of(path), path[path.length - 1]);
    }

    static final Category ELECTRONICS = category("ELECTRONICS");
    static final Category AUDIO = category("ELECTRONICS", "AUDIO");
    static final Category HEADPHONES = category("ELECTRONICS", "AUDIO", "HEADPHONES");
    static final Category WIRELESS = category("ELECTRONICS", "AUDIO", "HEADPHONES", "WIRELESS");
    static final Category SPEAKERS = category("ELECTRONICS", "AUDIO", "SPEAKERS");
    /** Matches a raw begins_with on "...AUDIO", never a query of AUDIO's subtree. */
    static final Category AUDIO2 = category("ELECTRONICS", "AUDIO2");
    /** '!' sorts before the separator '#': inside the subtree's key range, dropped by its filter. */
    static final Category AUDIO_BANG = category("ELECTRONICS", "AUDIO!");
    /** A segment holding the separator: escaped, so neither a child nor a grandchild of AUDIO. */
    static final Category AUDIO_HASH_PRO = category("ELECTRONICS", "AUDIO#PRO");
    static final Category COMPUTERS = category("ELECTRONICS", "COMPUTERS");

    /** Devices d1, d2, d3, each read at 06:00, 12:00 and 18:00 UTC on 18, 19 and 20 May 2025. */
    static final List<Reading> READINGS = readings();

    private static List<Reading> readings() {
        List<Reading> readings = new ArrayList<>();
        for (String device : List.of("d1", "d2", "d3")) {
            for (int day = 18; day <= 20; day++) {
                for (int hour = 6; hour <= 18; hour += 6) {
                    readings.add(reading(device, day, hour));
                }
            }
        }
        return List.copyOf(readings);
    }

    private static Reading reading(String device, int day, int hour) {
        return new Reading(device, at(day, hour), 100 * day + hour + device.charAt(1) - '0');
    }

    private static Instant at(int day, int hour) {
        return Instant.parse(String.format("2025-05-%02dT%02d:00:00Z", day, hour));
    }

    @BeforeAll
    static void load() {
        List.of(ELECTRONICS, AUDIO, HEADPHONES, WIRELESS, SPEAKERS, AUDIO2, AUDIO_BANG, AUDIO_HASH_PRO, COMPUTERS).forEach(db.table()::put);
        READINGS.forEach(db.table()::put);
        table = Table.builder(db.table().schema(), db.client()).listener(EVENTS::add).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).listener(EVENTS::add).build();
    }

    @BeforeEach
    void forget() {
        EVENTS.clear();
    }

    private static Query<Category> tree() {
        return table.query(CATEGORY).index("GSI1").partition(CATALOG, "main");
    }

    private static KeyValues path(String... segments) {
        return KeyValues.of(PATH, List.of(segments));
    }

    private static List<String> operations() {
        return EVENTS.stream().map(e -> e.operation() + e.indexName().map(i -> " " + i).orElse("")).toList();
    }

    // ---------------------------------------------------------------- hierarchy path slots

    @Test
    void put_whenPathInPartitionKey_composesEscapedSegmentsAndGetReadsTheNode() {
        assertThat(table.toItem(AUDIO_HASH_PRO)).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("CATEGORY#ELECTRONICS#AUDIO\\#PRO"),
                "SK", AttributeValue.fromS("DETAILS"),
                "GSI1PK", AttributeValue.fromS("CATALOG#main"),
                "GSI1SK", AttributeValue.fromS("CATEGORY#ELECTRONICS#AUDIO\\#PRO"),
                "entityType", AttributeValue.fromS("Category"),
                "catalog", AttributeValue.fromS("main"),
                "path", AttributeValue.fromL(List.of(AttributeValue.fromS("ELECTRONICS"), AttributeValue.fromS("AUDIO#PRO"))),
                "name", AttributeValue.fromS("AUDIO#PRO")));
        assertThat(table.get(CATEGORY, path("ELECTRONICS", "AUDIO", "HEADPHONES"))).contains(HEADPHONES);
        assertThat(table.get(CATEGORY, path("ELECTRONICS", "AUDIO#PRO"))).contains(AUDIO_HASH_PRO);
        assertThat(operations()).containsExactly("GetItem", "GetItem");
    }

    @Test
    void query_whenNode_readsExactlyThatNode() {
        assertThat(tree().sortEquals(path("ELECTRONICS", "AUDIO")).list()).containsExactly(AUDIO);
        assertThat(operations()).containsExactly("Query GSI1");
    }

    @Test
    void sortChildren_whenAudio_returnsItsChildrenOnlyInOneRequest() {
        Query<Category> children = tree().sortChildren(path("ELECTRONICS", "AUDIO"));
        assertThat(children.toRequest()).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .indexName("GSI1")
                .returnConsumedCapacity("TOTAL")
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .filterExpression("size(#path) = :v0")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK", "#path", "path"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CATALOG#main"),
                        ":sk", AttributeValue.fromS("CATEGORY#ELECTRONICS#AUDIO#"), ":v0", AttributeValue.fromN("3")))
                .build());
        assertThat(children.list()).containsExactly(HEADPHONES, SPEAKERS);
        assertThat(operations()).containsExactly("Query GSI1");
    }

    @Test
    void sortSubtree_whenAudio_returnsNodeAndDescendantsInKeyOrderNeverAudio2() {
        Query<Category> subtree = tree().sortSubtree(path("ELECTRONICS", "AUDIO"));
        assertThat(subtree.toRequest()).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .indexName("GSI1")
                .returnConsumedCapacity("TOTAL")
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :sk AND :sk2")
                .filterExpression("#path[1] = :v0")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK", "#path", "path"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CATALOG#main"),
                        ":sk", AttributeValue.fromS("CATEGORY#ELECTRONICS#AUDIO"), ":sk2", AttributeValue.fromS("CATEGORY#ELECTRONICS#AUDIO$"),
                        ":v0", AttributeValue.fromS("AUDIO")))
                .build());
        assertThat(subtree.list()).containsExactly(AUDIO, HEADPHONES, WIRELESS, SPEAKERS);
        assertThat(operations()).containsExactly("Query GSI1");
        // the raw prefix the seed would send matches AUDIO2 and AUDIO! too
        assertThat(tree().sortBeginsWithRaw("CATEGORY#ELECTRONICS#AUDIO").list())
                .containsExactly(AUDIO, AUDIO_BANG, HEADPHONES, WIRELESS, SPEAKERS, AUDIO2, AUDIO_HASH_PRO);
    }

    @Test
    void sortSubtree_whenRoot_returnsTheWholeTreeDepthFirst() {
        assertThat(tree().sortSubtree(path("ELECTRONICS")).list())
                .containsExactly(ELECTRONICS, AUDIO, AUDIO_BANG, HEADPHONES, WIRELESS, SPEAKERS, AUDIO2, AUDIO_HASH_PRO, COMPUTERS);
        assertThat(tree().sortChildren(path("ELECTRONICS")).list())
                .containsExactly(AUDIO, AUDIO_BANG, AUDIO2, AUDIO_HASH_PRO, COMPUTERS);
    }

    @Test
    void sortChildren_whenNoPathValue_refusesNamingTheFix() {
        assertThatThrownBy(() -> tree().sortChildren(KeyValues.of(CATALOG, "main"))).isInstanceOf(ValidationException.class)
                .hasMessage("Query of Category: sortChildren needs the value of a path attribute (a List<String> whose slot ends the "
                        + "sort key template, such as 'CATEGORY#{path}'); given: [catalog]");
    }

    @Test
    void put_whenPathSegmentEmpty_refusesBeforeSending() {
        assertThatThrownBy(() -> table.put(category("ELECTRONICS", "", "HEADPHONES"))).isInstanceOf(ValidationException.class)
                .hasMessage("Category primary partition key template 'CATEGORY#{path}': segment 1 of path [ELECTRONICS, , HEADPHONES] "
                        + "in slot {path} is empty; every segment needs text, as an empty one would make '##' and a node no query can "
                        + "tell from its parent: remove it or give it a name");
        assertThat(EVENTS).isEmpty();
    }

    // ---------------------------------------------------------------- time buckets

    private static Query<Reading> device(String deviceId) {
        return table.query(READING).partition(DEVICE_ID, deviceId);
    }

    @Test
    void put_whenBucketAndShardSlots_writesTheDayPartitionAndTheDeviceShard() {
        assertThat(table.toItem(reading("d1", 19, 12))).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("SENSOR#d1#2025-05-19"),
                "SK", AttributeValue.fromS("READING#2025-05-19T12:00:00.000000000Z"),
                // FNV-1a of "d1" is 2283607014, which is 2 modulo 4
                "GSI1PK", AttributeValue.fromS("READINGS#2025-05-19#2"),
                "GSI1SK", AttributeValue.fromS("2025-05-19T12:00:00.000000000Z#d1"),
                "entityType", AttributeValue.fromS("Reading"),
                "deviceId", AttributeValue.fromS("d1"),
                "takenAt", AttributeValue.fromS("2025-05-19T12:00:00Z"),
                "value", AttributeValue.fromN("1913")));
        assertThat(table.toItem(reading("d2", 19, 12)).get("GSI1PK")).isEqualTo(AttributeValue.fromS("READINGS#2025-05-19#3"));
        assertThat(table.toItem(reading("d3", 19, 12)).get("GSI1PK")).isEqualTo(AttributeValue.fromS("READINGS#2025-05-19#0"));
    }

    @Test
    void acrossBuckets_whenRangeSpansThreeDays_queriesEachDayOnceAndMergesInTimeOrder() {
        Query<Reading> range = device("d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6));
        assertThat(range.toRequest()).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .returnConsumedCapacity("TOTAL")
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :sk AND :sk2")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("SENSOR#d1#2025-05-18"),
                        ":sk", AttributeValue.fromS("READING#2025-05-18T12:00:00.000000000Z"),
                        ":sk2", AttributeValue.fromS("READING#2025-05-20T06:00:00.000000000Z")))
                .build());
        assertThat(range.list()).containsExactly(reading("d1", 18, 12), reading("d1", 18, 18), reading("d1", 19, 6),
                reading("d1", 19, 12), reading("d1", 19, 18), reading("d1", 20, 6));
        assertThat(EVENTS).extracting(RequestEvent::operation, RequestEvent::itemCount)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("Query", 2), org.assertj.core.groups.Tuple.tuple("Query", 3),
                        org.assertj.core.groups.Tuple.tuple("Query", 1));
    }

    @Test
    void acrossBuckets_whenDescending_returnsNewestFirst() {
        assertThat(device("d2").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6)).descending().list())
                .containsExactly(reading("d2", 20, 6), reading("d2", 19, 18), reading("d2", 19, 12), reading("d2", 19, 6),
                        reading("d2", 18, 18), reading("d2", 18, 12));
        assertThat(operations()).containsExactly("Query", "Query", "Query");
    }

    @Test
    void page_whenLimit4AcrossBuckets_resumesEachBucketExactlyFromTheCursor() {
        Page<Reading> first = device("d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6)).limit(4).page();
        assertThat(first.items()).containsExactly(reading("d1", 18, 12), reading("d1", 18, 18), reading("d1", 19, 6), reading("d1", 19, 12));
        assertThat(first.requestCount()).isEqualTo(3);
        assertThat(first.cursor()).isPresent();

        Page<Reading> second = device("d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6)).limit(4).page(first.cursor().orElseThrow());
        // the 18th is done; the 19th resumes after 12:00 and the 20th from its start: two requests
        assertThat(second.items()).containsExactly(reading("d1", 19, 18), reading("d1", 20, 6));
        assertThat(second.requestCount()).isEqualTo(2);
        assertThat(second.cursor()).isEmpty();
        assertThat(operations()).hasSize(5);
    }

    @Test
    void page_whenLimit1DescendingWalkedToTheEnd_returnsEveryReadingOnceNewestFirst() {
        List<Integer> sizes = new ArrayList<>();
        List<Reading> seen = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        int pages = 0;
        do {
            Query<Reading> query = device("d3").acrossBuckets(TAKEN_AT, at(18, 0), at(20, 23)).descending().limit(1);
            Page<Reading> page = cursor.isEmpty() ? query.page() : query.page(cursor.get());
            sizes.add(page.items().size());
            seen.addAll(page.items());
            cursor = page.cursor();
            pages++;
        } while (cursor.isPresent() && pages < 20);
        assertThat(seen).containsExactlyElementsOf(READINGS.stream().filter(r -> r.deviceId().equals("d3"))
                .sorted(java.util.Comparator.comparing(Reading::takenAt).reversed()).toList());
        // nine pages of one; DynamoDB answers the ninth with a LastEvaluatedKey (it stopped at its Limit), so a tenth,
        // empty page tells that the 18th is done, as on a query of one partition
        assertThat(sizes).containsExactly(1, 1, 1, 1, 1, 1, 1, 1, 1, 0);
    }

    @Test
    void acrossBuckets_whenMoreBucketsThanAllowed_refusesBeforeSendingNamingTheNumber() {
        assertThatThrownBy(() -> device("d1").acrossBuckets(TAKEN_AT, at(18, 0), at(20, 0)).maxPartitions(2).list())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading: the query would send 3 partition queries (3 DAY buckets from 2025-05-18T00:00:00Z to "
                        + "2025-05-20T00:00:00Z), more than its maxPartitions of 2; narrow the range, or raise the bound with "
                        + "maxPartitions(3) if that many requests are what you want");
        assertThatThrownBy(() -> device("d1").acrossBuckets(TAKEN_AT, Instant.parse("2020-01-01T00:00:00Z"), at(18, 0)).list())
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Query of Reading: the query would send 1965 partition queries (1965 DAY buckets");
        assertThat(EVENTS).isEmpty();
    }

    @Test
    void acrossBuckets_onAsyncTable_mergesAndPagesTheSame() {
        assertThat(async.query(READING).partition(DEVICE_ID, "d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6)).list().join())
                .containsExactly(reading("d1", 18, 12), reading("d1", 18, 18), reading("d1", 19, 6),
                        reading("d1", 19, 12), reading("d1", 19, 18), reading("d1", 20, 6));
        Page<Reading> first = async.query(READING).partition(DEVICE_ID, "d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6))
                .limit(4).page().join();
        Page<Reading> second = async.query(READING).partition(DEVICE_ID, "d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6))
                .limit(4).page(first.cursor().orElseThrow()).join();
        assertThat(first.items()).containsExactly(reading("d1", 18, 12), reading("d1", 18, 18), reading("d1", 19, 6), reading("d1", 19, 12));
        assertThat(second.items()).containsExactly(reading("d1", 19, 18), reading("d1", 20, 6));
        assertThat(second.cursor()).isEmpty();
        assertThat(operations()).hasSize(3 + 3 + 2);
        assertThat(async.query(READING).partition(DEVICE_ID, "d1").acrossBuckets(TAKEN_AT, at(18, 12), at(20, 6)).count().join())
                .isEqualTo(6L);
    }

    // ---------------------------------------------------------------- write sharding

    private static Query<Reading> day19() {
        return table.query(READING).index("GSI1").partition(TAKEN_AT, at(19, 0));
    }

    @Test
    void acrossShards_whenDay19_queriesTheFourShardsAndMergesByTimeThenDevice() {
        assertThat(day19().acrossShards().toRequest()).isEqualTo(QueryRequest.builder()
                .tableName(db.tableName())
                .indexName("GSI1")
                .returnConsumedCapacity("TOTAL")
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("READINGS#2025-05-19#0")))
                .build());
        assertThat(day19().acrossShards().list()).containsExactly(
                reading("d1", 19, 6), reading("d2", 19, 6), reading("d3", 19, 6),
                reading("d1", 19, 12), reading("d2", 19, 12), reading("d3", 19, 12),
                reading("d1", 19, 18), reading("d2", 19, 18), reading("d3", 19, 18));
        // shard 1 holds no device: its query returns nothing
        assertThat(EVENTS).extracting(RequestEvent::itemCount).containsExactlyInAnyOrder(3, 0, 3, 3);
    }

    @Test
    void page_whenLimit5AcrossShards_resumesEveryShardExactly() {
        Page<Reading> first = day19().acrossShards().limit(5).page();
        assertThat(first.items()).containsExactly(reading("d1", 19, 6), reading("d2", 19, 6), reading("d3", 19, 6),
                reading("d1", 19, 12), reading("d2", 19, 12));
        assertThat(first.requestCount()).isEqualTo(4);
        Page<Reading> second = day19().acrossShards().limit(5).page(first.cursor().orElseThrow());
        // shard 1 is done; shards 0, 2 and 3 resume after the last reading taken from each
        assertThat(second.items()).containsExactly(reading("d3", 19, 12), reading("d1", 19, 18), reading("d2", 19, 18),
                reading("d3", 19, 18));
        assertThat(second.requestCount()).isEqualTo(3);
        assertThat(second.cursor()).isEmpty();
    }

    @Test
    void acrossShardsAndBuckets_whenTwoDays_sendsEightQueriesAndKeepsTheTimeRange() {
        assertThat(table.query(READING).index("GSI1").acrossBuckets(TAKEN_AT, at(18, 12), at(19, 6)).acrossShards().parallelism(8).list())
                .containsExactly(reading("d1", 18, 12), reading("d2", 18, 12), reading("d3", 18, 12),
                        reading("d1", 18, 18), reading("d2", 18, 18), reading("d3", 18, 18),
                        reading("d1", 19, 6), reading("d2", 19, 6), reading("d3", 19, 6));
        assertThat(operations()).hasSize(8).containsOnly("Query GSI1");
    }

    @Test
    void acrossShards_whenLimit2OnAsyncTable_returnsExactlyTwo() {
        assertThat(async.query(READING).index("GSI1").partition(TAKEN_AT, at(19, 0)).acrossShards().limit(2).list().join())
                .containsExactly(reading("d1", 19, 6), reading("d2", 19, 6));
        assertThat(operations()).hasSize(4);
    }

    @Test
    void acrossShards_whenPartitionKeyHasNoShardSlot_refuses() {
        assertThatThrownBy(() -> device("d1").acrossShards().list()).isInstanceOf(ValidationException.class)
                .hasMessage("Query of Reading on the table: acrossShards() needs a shard slot {shard:of=attribute,count=N} in the "
                        + "partition key template 'SENSOR#{deviceId}#{takenAt:bucket=DAY}'");
    }
}
