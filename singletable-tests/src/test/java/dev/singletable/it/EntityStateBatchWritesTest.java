package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.BatchWriteResult;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A batch put or restore of an entity stored by its state on the embedded engine: as {@code table.put} and
 * {@code table.restoreReplacing} do, it deletes the entity's keys in its other states, so the entity is never left stored
 * twice; each delete is one more request of the batch.
 */
class EntityStateBatchWritesTest {
    record Door(String doorId, boolean locked, String note) {
    }

    static final Attribute<Door, String> DOOR_ID = Attribute.required("doorId", AttributeTypes.STRING, Door::doorId);
    static final Attribute<Door, Boolean> LOCKED = Attribute.required("locked", AttributeTypes.BOOLEAN, Door::locked);
    static final Attribute<Door, String> NOTE = Attribute.of("note", AttributeTypes.STRING, Door::note);

    static final EntityStates<Door> DOOR = EntityStates.byFlag(LOCKED, () -> EntitySchema.builder(Door.class)
                    .attributes(DOOR_ID, LOCKED, NOTE).factory(i -> new Door(i.get(DOOR_ID), i.get(LOCKED), i.get(NOTE))))
            .state(false, "OpenDoor", b -> b.primaryKey("OPEN_DOOR#{doorId}", "DOOR"))
            .state(true, "LockedDoor", b -> b.primaryKey("LOCKED_DOOR#{doorId}", "DOOR"))
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(TableSchema.builder("StateBatches").states(DOOR).build());

    private Table table;

    @BeforeEach
    void emptyTable() {
        StoredItems.deleteAll(db);
        table = Table.of(db.table().schema(), db.client());
    }

    private static List<String> stored() {
        return StoredItems.of(db).stream().map(item -> item.get("PK") + " " + item.get("note")).toList();
    }

    private static ItemKey<Door> openKey(String id) {
        return ItemKey.of(DOOR.state(false), KeyValues.of(DOOR_ID, id));
    }

    @Test
    void batchPut_whenTheEntityIsStoredInAnotherState_deletesTheOtherStatesItem() {
        table.batchWrite().put(new Door("d1", false, "one")).execute();

        BatchWriteResult result = table.batchWrite().put(new Door("d1", true, "two")).execute();

        assertThat(stored()).containsExactly("LOCKED_DOOR#d1 two");
        assertThat(result.processed()).isEqualTo(2);
    }

    @Test
    void batchRestore_whenTheEntityIsStoredInAnotherState_deletesTheOtherStatesItem() {
        table.batchWrite().restore(new Door("d2", false, "one")).execute();

        table.batchWrite().restore(new Door("d2", true, "two")).execute();

        assertThat(stored()).containsExactly("LOCKED_DOOR#d2 two");
    }

    @Test
    void batchPut_whenTheBatchAlsoDeletesTheOtherStatesKey_sendsThatDeleteOnce() {
        table.batchWrite().put(new Door("d3", false, "one")).execute();

        BatchWriteResult result = table.batchWrite().put(new Door("d3", true, "two")).delete(openKey("d3")).execute();

        assertThat(stored()).containsExactly("LOCKED_DOOR#d3 two");
        assertThat(result.processed()).isEqualTo(2);
    }

    @Test
    void batchPut_whenTheBatchPutsTheEntityInBothStates_isRefusedNamingBoth() {
        assertThatThrownBy(() -> table.batchWrite().put(new Door("d4", true, "a")).put(new Door("d4", false, "b")).execute())
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("delete OpenDoor (put LockedDoor's other state) and put OpenDoor");
        assertThat(stored()).isEmpty();
    }

    @Test
    void batchPut_whenEachPutAlsoDeletes_countsTheDeletesInTheChunksOf25() {
        List<Door> doors = IntStream.range(0, 13).mapToObj(i -> new Door("m" + i, true, "x")).toList();

        BatchWriteResult result = table.batchWrite().putAll(doors).execute();

        assertThat(result.processed()).isEqualTo(26);
        assertThat(result.requestCount()).isEqualTo(2);
        assertThat(stored()).hasSize(13).allMatch(item -> item.startsWith("LOCKED_DOOR#"));
    }

    @Test
    void batchPut_whenTheEntityHasNoOtherStatesItem_leavesTheTableWithOneItem() {
        table.batchWrite().put(new Door("d5", true, "one")).put(new Door("d6", false, "two")).execute();

        assertThat(stored()).containsExactlyInAnyOrder("LOCKED_DOOR#d5 one", "OPEN_DOOR#d6 two");
        assertThat(table.get(DOOR.state(true), KeyValues.of(DOOR_ID, "d5"))).contains(new Door("d5", true, "one"));
    }
}
