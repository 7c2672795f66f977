package dev.singletable.it;

import dev.singletable.AsyncTable;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code restore} writes an item brought back from elsewhere (a backup, an export) as it was: its createdAt, updatedAt and
 * version as the entity gives them, the key required free as for create; single, async, in a batch and in states.
 */
class RestoreWritesTest {
    record Note(String id, String text, Instant createdAt, Instant updatedAt, Long version) {
    }

    record Tag(String id, Instant updatedAt) {
    }

    static final Attribute<Note, String> N_ID = Attribute.required("id", AttributeTypes.STRING, Note::id);
    static final Attribute<Note, String> N_TEXT = Attribute.required("text", AttributeTypes.STRING, Note::text);
    static final Attribute<Note, Instant> N_CREATED = Attribute.of("createdAt", AttributeTypes.INSTANT, Note::createdAt);
    static final Attribute<Note, Instant> N_UPDATED = Attribute.of("updatedAt", AttributeTypes.INSTANT, Note::updatedAt);
    static final Attribute<Note, Long> N_VERSION = Attribute.of("version", AttributeTypes.LONG, Note::version);
    static final EntitySchema<Note> NOTE = EntitySchema.builder(Note.class).type("Note").primaryKey("NOTE#{id}", "NOTE")
            .attributes(N_ID, N_TEXT, N_CREATED, N_UPDATED, N_VERSION).createdAt(N_CREATED).updatedAt(N_UPDATED).version(N_VERSION)
            .factory(i -> new Note(i.get(N_ID), i.get(N_TEXT), i.get(N_CREATED), i.get(N_UPDATED), i.get(N_VERSION))).build();

    static final Attribute<Tag, String> T_ID = Attribute.required("id", AttributeTypes.STRING, Tag::id);
    static final Attribute<Tag, Instant> T_UPDATED = Attribute.of("updatedAt", AttributeTypes.INSTANT, Tag::updatedAt);
    static final EntitySchema<Tag> TAG = EntitySchema.builder(Tag.class).type("Tag").primaryKey("TAG#{id}", "TAG")
            .attributes(T_ID, T_UPDATED).updatedAt(T_UPDATED).factory(i -> new Tag(i.get(T_ID), i.get(T_UPDATED))).build();

    static final TableSchema SCHEMA = TableSchema.builder("RestoreWrites").entities(NOTE, TAG).states(LampStates.LAMP).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final Instant THEN = Instant.parse("2021-06-01T00:00:00Z");
    private static final Instant FIRST = Instant.parse("2020-01-01T00:00:00Z");
    private static Table table;
    private static AsyncTable async;

    @BeforeAll
    static void tables() {
        table = Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
        async = AsyncTable.builder(db.table().schema(), db.engine().asyncClient()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
    }

    private static Note stored(String id) {
        return table.get(NOTE, KeyValues.of(N_ID, id), ReadConsistency.STRONG).orElseThrow();
    }

    @Test
    void restore_whenTheEntityGivesTimestampsAndVersion_writesThemAsGiven() {
        Note restored = table.restore(new Note("n1", "old", FIRST, THEN, 7L));

        assertThat(restored).isEqualTo(new Note("n1", "old", FIRST, THEN, 7L));
        assertThat(stored("n1")).isEqualTo(new Note("n1", "old", FIRST, THEN, 7L));
        assertThat(table.put(stored("n1")).version()).as("the next write goes on from the restored version").isEqualTo(8L);
    }

    @Test
    void restore_whenTheEntityLeavesThemNull_setsThemAsCreate() {
        table.restore(new Note("n2", "new", null, null, null));

        assertThat(stored("n2")).isEqualTo(new Note("n2", "new", NOW, NOW, 1L));
    }

    @Test
    void restore_whenAnItemHasTheKey_isRefusedAndLeavesIt() {
        table.create(new Note("n3", "there", null, null, null));

        assertThatThrownBy(() -> table.restore(new Note("n3", "old", FIRST, THEN, 7L)))
                .isInstanceOf(ItemAlreadyExistsException.class).hasMessageContaining("Cannot restore Note")
                .hasMessageEndingWith("an item with this key already exists; delete it first to restore over it (a put would replace "
                        + "the updatedAt and version restored), or skip this item");
        assertThat(stored("n3")).isEqualTo(new Note("n3", "there", NOW, NOW, 1L));
    }

    @Test
    void restoreReplacing_whenAnItemHasTheKey_replacesItKeepingTheGivenTimestampsAndVersion() {
        table.create(new Note("n6", "there", null, null, null));
        table.put(stored("n6"));

        Note restored = table.restoreReplacing(new Note("n6", "old", FIRST, THEN, 2L));

        assertThat(restored).isEqualTo(new Note("n6", "old", FIRST, THEN, 2L));
        assertThat(stored("n6")).isEqualTo(new Note("n6", "old", FIRST, THEN, 2L));
    }

    @Test
    void restoreReplacing_whenNoItemHasTheKeyAndTheEntityLeavesThemNull_setsThemAsCreate() {
        AsyncCalls.awaited(async.restoreReplacing(new Note("n7", "new", null, null, null)));

        assertThat(stored("n7")).isEqualTo(new Note("n7", "new", NOW, NOW, 1L));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void restoreReplacing_ofAnEntityStoredInAnotherState_movesItThereKeepingTheGivenVersion() {
        table.create(new LampStates.Lamp("l2", false, null));

        table.restoreReplacing(new LampStates.Lamp("l2", true, 9));

        assertThat(table.get(LampStates.LAMP.state(true), KeyValues.of(LampStates.ID, "l2"), ReadConsistency.STRONG))
                .contains(new LampStates.Lamp("l2", true, 9));
        assertThat(table.get(LampStates.LAMP.state(false), KeyValues.of(LampStates.ID, "l2"), ReadConsistency.STRONG)).isEmpty();
    }

    @Test
    void asyncRestore_whenTheEntityGivesTimestampsAndVersion_writesThemAsGiven() {
        AsyncCalls.awaited(async.restore(new Note("n4", "old", FIRST, THEN, 3L)));

        assertThat(stored("n4")).isEqualTo(new Note("n4", "old", FIRST, THEN, 3L));
    }

    @Test
    void explainRestore_rendersTheGivenValues() {
        String json = table.explainRestore(new Note("n5", "old", FIRST, THEN, 7L)).json();

        assertThat(json).contains("2021-06-01T00:00:00Z").contains("attribute_not_exists").doesNotContain("2026-11-30");
    }

    @Test
    void batchRestore_keepsTheGivenUpdatedAtAndFillsAMissingOne() {
        table.batchWrite().restore(new Tag("t1", THEN)).restoreAll(java.util.List.of(new Tag("t2", null))).execute();

        assertThat(table.get(TAG, KeyValues.of(T_ID, "t1"), ReadConsistency.STRONG)).contains(new Tag("t1", THEN));
        assertThat(table.get(TAG, KeyValues.of(T_ID, "t2"), ReadConsistency.STRONG)).contains(new Tag("t2", NOW));
    }

    @Test
    void batchPut_stillSetsUpdatedAt() {
        table.batchWrite().put(new Tag("t3", THEN)).execute();

        assertThat(table.get(TAG, KeyValues.of(T_ID, "t3"), ReadConsistency.STRONG)).contains(new Tag("t3", NOW));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void restore_ofAnEntityStoredByState_keepsTheVersionAndRequiresTheOtherStatesKeysFree() {
        LampStates.Lamp restored = table.restore(new LampStates.Lamp("l1", true, 5));

        assertThat(restored.version()).isEqualTo(5);
        assertThat(table.get(LampStates.LAMP.state(true), KeyValues.of(LampStates.ID, "l1"), ReadConsistency.STRONG)).contains(new LampStates.Lamp("l1", true, 5));
        assertThatThrownBy(() -> table.restore(new LampStates.Lamp("l1", false, 5))).isInstanceOf(TransactionCanceledException.class);
    }
}
