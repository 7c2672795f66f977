package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each hook an entity declares runs once per write, whichever way it is written (put, create, replace, restore, a
 * batch's or a transaction's put, sync or async): a step that is not idempotent (a counter) shows a second run, and the
 * item stored is the entity the write hands back. Updates write changes, not an entity: they run no beforeWrite step.
 */
class HooksOncePerWriteTest {
    /** How often each hook ran, over both entities. */
    static final AtomicInteger BEFORE_WRITE = new AtomicInteger();
    static final AtomicInteger BEFORE_TO_ITEM = new AtomicInteger();
    static final AtomicInteger AFTER_TO_ITEM = new AtomicInteger();
    static final AtomicInteger BEFORE_FROM_ITEM = new AtomicInteger();
    static final AtomicInteger AFTER_FROM_ITEM = new AtomicInteger();

    /** Maintains nothing: the written entity is the beforeWrite step's. */
    record Tally(String id, Integer writes, String note) {
        Tally withWrites(int count) {
            return new Tally(id, count, note);
        }
    }

    /** Maintains a version and a timestamp: the written entity is rebuilt with them. */
    record Ledger(String id, Integer writes, Long version, Instant updatedAt) {
        Ledger withWrites(int count) {
            return new Ledger(id, count, version, updatedAt);
        }
    }

    static final Attribute<Tally, String> T_ID = Attribute.required("id", AttributeTypes.STRING, Tally::id);
    static final Attribute<Tally, Integer> T_WRITES = Attribute.of("writes", AttributeTypes.INTEGER, Tally::writes);
    static final Attribute<Tally, String> T_NOTE = Attribute.of("note", AttributeTypes.STRING, Tally::note);
    static final EntitySchema<Tally> TALLY = counted(EntitySchema.builder(Tally.class)
            .attributes(T_ID, T_WRITES, T_NOTE)
            .primaryKey("TALLY#{id}", "TALLY")
            .beforeWrite(t -> t.withWrites(BEFORE_WRITE.incrementAndGet()))
            .factory(i -> new Tally(i.get(T_ID), i.get(T_WRITES), i.get(T_NOTE))));

    static final Attribute<Ledger, String> L_ID = Attribute.required("id", AttributeTypes.STRING, Ledger::id);
    static final Attribute<Ledger, Integer> L_WRITES = Attribute.of("writes", AttributeTypes.INTEGER, Ledger::writes);
    static final Attribute<Ledger, Long> L_VERSION = Attribute.of("version", AttributeTypes.LONG, Ledger::version);
    static final Attribute<Ledger, Instant> L_UPDATED = Attribute.of("updatedAt", AttributeTypes.INSTANT, Ledger::updatedAt);
    static final EntitySchema<Ledger> LEDGER = counted(EntitySchema.builder(Ledger.class)
            .attributes(L_ID, L_WRITES, L_VERSION, L_UPDATED)
            .primaryKey("LEDGER#{id}", "LEDGER")
            .version(L_VERSION)
            .updatedAt(L_UPDATED)
            .beforeWrite(l -> l.withWrites(BEFORE_WRITE.incrementAndGet()))
            .factory(i -> new Ledger(i.get(L_ID), i.get(L_WRITES), i.get(L_VERSION), i.get(L_UPDATED))));

    /** Stored by its state: an open card and a done one at different keys (a move), a task's two states at one key. */
    record Card(String id, boolean done, String note, Long version) {
    }

    static final Attribute<Card, String> C_ID = Attribute.required("id", AttributeTypes.STRING, Card::id);
    static final Attribute<Card, Boolean> C_DONE = Attribute.required("done", AttributeTypes.BOOLEAN, Card::done);
    static final Attribute<Card, String> C_NOTE = Attribute.of("note", AttributeTypes.STRING, Card::note);
    static final Attribute<Card, Long> C_VERSION = Attribute.of("version", AttributeTypes.LONG, Card::version);

    static EntitySchema.Builder<Card> card() {
        return hooked(EntitySchema.builder(Card.class)
                .attributes(C_ID, C_DONE, C_NOTE, C_VERSION)
                .version(C_VERSION)
                .factory(i -> new Card(i.get(C_ID), i.get(C_DONE), i.get(C_NOTE), i.get(C_VERSION))));
    }

    static final EntityStates<Card> CARD = EntityStates.byFlag(C_DONE, HooksOncePerWriteTest::card)
            .state(false, "OpenCard", b -> b.primaryKey("OPEN#{id}", "CARD"))
            .state(true, "DoneCard", b -> b.primaryKey("DONE#{id}", "CARD"))
            .build();

    record Task(String id, boolean done, Long version) {
    }

    static final Attribute<Task, String> K_ID = Attribute.required("id", AttributeTypes.STRING, Task::id);
    static final Attribute<Task, Boolean> K_DONE = Attribute.required("done", AttributeTypes.BOOLEAN, Task::done);
    static final Attribute<Task, Long> K_VERSION = Attribute.of("version", AttributeTypes.LONG, Task::version);

    static final EntityStates<Task> TASK = EntityStates.byFlag(K_DONE, () -> hooked(EntitySchema.builder(Task.class)
                    .attributes(K_ID, K_DONE, K_VERSION)
                    .version(K_VERSION)
                    .factory(i -> new Task(i.get(K_ID), i.get(K_DONE), i.get(K_VERSION)))))
            .state(false, "OpenTask", b -> b.primaryKey("TASK#{id}", "TASK").index("GSI1", "OPEN", "{id}"))
            .state(true, "DoneTask", b -> b.primaryKey("TASK#{id}", "TASK").index("GSI1", "DONE", "{id}"))
            .build();

    private static <T> EntitySchema<T> counted(EntitySchema.Builder<T> builder) {
        return hooked(builder).build();
    }

    private static <T> EntitySchema.Builder<T> hooked(EntitySchema.Builder<T> builder) {
        return builder.beforeToItem((entity, item) -> BEFORE_TO_ITEM.incrementAndGet())
                .afterToItem((entity, item) -> AFTER_TO_ITEM.incrementAndGet())
                .beforeFromItem(item -> BEFORE_FROM_ITEM.incrementAndGet())
                .afterFromItem((item, entity) -> {
                    AFTER_FROM_ITEM.incrementAndGet();
                    return entity;
                });
    }

    static final TableSchema SCHEMA = TableSchema.builder("Hooks").index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(TALLY, LEDGER).states(CARD).states(TASK).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table sync;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        sync = Table.of(db.table().schema(), db.client());
        async = AsyncTable.of(db.table().schema(), db.engine().asyncClient());
    }

    /** The hooks' runs so far, or between two moments. */
    record Runs(int beforeWrite, int beforeToItem, int afterToItem, int beforeFromItem, int afterFromItem) {
        static final Runs ONE_WRITE = new Runs(1, 1, 1, 0, 0);

        static Runs now() {
            return new Runs(BEFORE_WRITE.get(), BEFORE_TO_ITEM.get(), AFTER_TO_ITEM.get(), BEFORE_FROM_ITEM.get(), AFTER_FROM_ITEM.get());
        }

        Runs since(Runs before) {
            return new Runs(beforeWrite - before.beforeWrite, beforeToItem - before.beforeToItem, afterToItem - before.afterToItem,
                    beforeFromItem - before.beforeFromItem, afterFromItem - before.afterFromItem);
        }

        static Runs times(int writes) {
            return new Runs(writes, writes, writes, 0, 0);
        }
    }

    static Stream<Way> ways() {
        return Way.both(sync, async);
    }

    private static Tally storedTally(String id) {
        return sync.get(TALLY, KeyValues.of(T_ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    private static Ledger storedLedger(String id) {
        return sync.get(LEDGER, KeyValues.of(L_ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    /** Runs one write, checking that each to-item hook ran once and the beforeWrite step once, its count the one written. */
    private static <T> T writtenOnce(Way way, Function<Table, T> onSync, Function<AsyncTable, CompletableFuture<T>> onAsync,
                                     Function<T, Integer> writes) {
        Runs before = Runs.now();
        T written = way.run(onSync, onAsync);
        assertThat(Runs.now().since(before)).isEqualTo(Runs.ONE_WRITE);
        assertThat(writes.apply(written)).isEqualTo(BEFORE_WRITE.get());
        return written;
    }

    @ParameterizedTest
    @MethodSource("ways")
    void everyPut_whenTheEntityMaintainsNothing_runsEachHookOnceAndStoresWhatItReturns(Way way) {
        String id = way.id("t1");
        Tally created = writtenOnce(way, t -> t.create(new Tally(id, null, "a")), t -> t.create(new Tally(id, null, "a")), Tally::writes);
        assertThat(storedTally(id)).isEqualTo(created);
        Tally put = writtenOnce(way, t -> t.put(created), t -> t.put(created), Tally::writes);
        assertThat(storedTally(id)).isEqualTo(put);
        Tally replaced = writtenOnce(way, t -> t.replace(put), t -> t.replace(put), Tally::writes);
        assertThat(storedTally(id)).isEqualTo(replaced);
        String other = way.id("t2");
        Tally restored = writtenOnce(way, t -> t.restore(new Tally(other, 40, "b")), t -> t.restore(new Tally(other, 40, "b")),
                Tally::writes);
        assertThat(storedTally(other)).isEqualTo(restored);
        Tally overwritten = writtenOnce(way, t -> t.restoreReplacing(restored), t -> t.restoreReplacing(restored), Tally::writes);
        assertThat(storedTally(other)).isEqualTo(overwritten);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void everyPut_whenTheEntityMaintainsAVersionAndATimestamp_runsEachHookOnceAndStoresWhatItReturns(Way way) {
        String id = way.id("l1");
        Ledger created = writtenOnce(way, t -> t.create(new Ledger(id, null, null, null)),
                t -> t.create(new Ledger(id, null, null, null)), Ledger::writes);
        assertThat(storedLedger(id)).isEqualTo(created);
        Ledger put = writtenOnce(way, t -> t.put(created), t -> t.put(created), Ledger::writes);
        assertThat(storedLedger(id)).isEqualTo(put);
        Ledger replaced = writtenOnce(way, t -> t.replace(put), t -> t.replace(put), Ledger::writes);
        assertThat(replaced.version()).isEqualTo(3L);
        assertThat(storedLedger(id)).isEqualTo(replaced);
        String other = way.id("l2");
        Ledger given = new Ledger(other, null, 7L, Instant.parse("2026-01-02T03:04:05Z"));
        Ledger restored = writtenOnce(way, t -> t.restore(given), t -> t.restore(given), Ledger::writes);
        assertThat(storedLedger(other)).isEqualTo(restored);
        Ledger overwritten = writtenOnce(way, t -> t.restoreReplacing(restored), t -> t.restoreReplacing(restored), Ledger::writes);
        assertThat(storedLedger(other)).isEqualTo(overwritten);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void batchWrite_whenEachEntityCountsItsWrites_runsEachHookOncePerEntity(Way way) {
        List<Tally> entities = List.of(new Tally(way.id("b1"), null, "a"), new Tally(way.id("b2"), null, "b"));
        Tally restore = new Tally(way.id("b3"), null, "c");
        Runs before = Runs.now();

        way.run(t -> t.batchWrite().putAll(entities).restore(restore).execute(),
                t -> t.batchWrite().putAll(entities).restore(restore).execute());

        assertThat(Runs.now().since(before)).isEqualTo(Runs.times(3));
        assertThat(List.of(storedTally(way.id("b1")).writes(), storedTally(way.id("b2")).writes(), storedTally(way.id("b3")).writes()))
                .containsExactlyInAnyOrder(before.beforeWrite() + 1, before.beforeWrite() + 2, before.beforeWrite() + 3);
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenEachEntityCountsItsWrites_runsEachHookOncePerEntity(Way way) {
        Ledger existing = sync.create(new Ledger(way.id("x3"), null, null, null));
        Tally put = new Tally(way.id("x1"), null, "a");
        Ledger created = new Ledger(way.id("x2"), null, null, null);
        Runs before = Runs.now();

        way.run(t -> {
            t.transaction().put(put).create(created).replace(existing).execute();
            return null;
        }, t -> t.transaction().put(put).create(created).replace(existing).execute());

        assertThat(Runs.now().since(before)).isEqualTo(Runs.times(3));
        assertThat(List.of(storedTally(way.id("x1")).writes(), storedLedger(way.id("x2")).writes(), storedLedger(way.id("x3")).writes()))
                .containsExactlyInAnyOrder(before.beforeWrite() + 1, before.beforeWrite() + 2, before.beforeWrite() + 3);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void updateAndUpsert_whenTheEntityHasABeforeWriteStep_runNoStepAndKeepTheStoredCount(Way way) {
        Ledger current = sync.create(new Ledger(way.id("u1"), null, null, null));
        int count = current.writes();
        Runs before = Runs.now();

        Ledger updated = way.run(t -> t.update(current, u -> u.set(L_WRITES, count)),
                t -> t.update(current, u -> u.set(L_WRITES, count)));
        Tally upserted = way.run(t -> t.upsert(TALLY, KeyValues.of(T_ID, way.id("u2")), u -> u.set(T_NOTE, "n")),
                t -> t.upsert(TALLY, KeyValues.of(T_ID, way.id("u2")), u -> u.set(T_NOTE, "n")));

        assertThat(Runs.now().since(before).beforeWrite()).isZero();
        assertThat(updated.writes()).isEqualTo(count);
        assertThat(storedLedger(way.id("u1"))).isEqualTo(updated);
        assertThat(upserted.writes()).isNull();
        assertThat(storedTally(way.id("u2"))).isEqualTo(upserted);
    }

    @ParameterizedTest
    @MethodSource("ways")
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS) // the move is one TransactWriteItems
    void update_whenItChangesTheStateAndMovesTheItem_runsEachToItemHookOnceAndNoFromItemHook(Way way) {
        Card open = sync.create(new Card(way.id("c1"), false, "a", null));
        Runs before = Runs.now();

        Card done = way.run(t -> t.update(open, u -> u.set(C_DONE, true)), t -> t.update(open, u -> u.set(C_DONE, true)));

        assertThat(Runs.now().since(before)).isEqualTo(new Runs(0, 1, 1, 0, 0));
        assertThat(done).isEqualTo(new Card(way.id("c1"), true, "a", 2L));
        assertThat(sync.get(CARD.state(true), KeyValues.of(C_ID, way.id("c1")), ReadConsistency.STRONG)).contains(done);
    }

    @ParameterizedTest
    @MethodSource("ways")
    void update_whenItChangesTheStateAtTheSameKey_runsEachToItemHookOnceAndNoFromItemHook(Way way) {
        Task open = sync.create(new Task(way.id("k1"), false, null));
        Runs before = Runs.now();

        Task done = way.run(t -> t.update(open, u -> u.set(K_DONE, true)), t -> t.update(open, u -> u.set(K_DONE, true)));

        assertThat(Runs.now().since(before)).isEqualTo(new Runs(0, 1, 1, 0, 0));
        assertThat(done).isEqualTo(new Task(way.id("k1"), true, 2L));
        assertThat(sync.get(TASK.state(true), KeyValues.of(K_ID, way.id("k1")), ReadConsistency.STRONG)).contains(done);
    }

    @Test
    void toItem_whenTheEntityCountsItsWrites_runsEachHookOnceAndComposesTheCountItRan() {
        Runs before = Runs.now();

        Map<String, AttributeValue> item = sync.toItem(new Tally("o1", null, "a"));

        assertThat(Runs.now().since(before)).isEqualTo(Runs.ONE_WRITE);
        assertThat(item).containsEntry("writes", AttributeValue.fromN(Integer.toString(BEFORE_WRITE.get())));
    }

    @Test
    void get_whenTheEntityHasFromItemHooks_runsEachOnce() {
        Tally written = sync.put(new Tally("g1", null, "a"));
        Runs before = Runs.now();

        Tally read = storedTally("g1");

        assertThat(Runs.now().since(before)).isEqualTo(new Runs(0, 0, 0, 1, 1));
        assertThat(read).isEqualTo(written);
    }
}
