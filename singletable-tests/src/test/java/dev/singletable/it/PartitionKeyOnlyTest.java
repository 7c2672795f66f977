package dev.singletable.it;

import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.singletable.it.ShapesModel.DEVICE;
import static dev.singletable.it.ShapesModel.DEVICES;
import static dev.singletable.it.ShapesModel.D_ID;
import static dev.singletable.it.ShapesModel.D_NAME;
import static dev.singletable.it.ShapesModel.Device;
import static dev.singletable.it.ShapesModel.SETTING;
import static dev.singletable.it.ShapesModel.SETTINGS;
import static dev.singletable.it.ShapesModel.SET_NAME;
import static dev.singletable.it.ShapesModel.SET_VALUE;
import static dev.singletable.it.ShapesModel.Setting;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tables with a partition key only: one keyed by a number that is the entity's own attribute
 * (Devices), one by a composed string (Settings). Every operation on both.
 */
class PartitionKeyOnlyTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DEVICES);

    private static Table settings() {
        Table table = Table.of(SETTINGS.toBuilder().name(db.tableName() + "-settings").build(), db.client());
        table.createTable();
        return table;
    }

    private static KeyValues device(long id) {
        return KeyValues.of(D_ID, id);
    }

    @Test
    void put_onNumberKeyedTable_storesTheKeyAsANumberAttributeOnce() {
        db.table().put(new Device(42, "thermostat", null));

        Map<String, AttributeValue> item = db.client().getItem(GetItemRequest.builder().tableName(db.tableName())
                .key(Map.of("deviceId", AttributeValue.fromN("42"))).build()).item();
        assertThat(item).isEqualTo(Map.of("deviceId", AttributeValue.fromN("42"), "entityType", AttributeValue.fromS("Device"),
                "name", AttributeValue.fromS("thermostat"), "version", AttributeValue.fromN("1")));
        assertThat(db.table().get(DEVICE, device(42))).contains(new Device(42, "thermostat", 1L));
    }

    @Test
    void createUpdateDelete_onNumberKeyedTable_work() {
        Device created = db.table().create(new Device(7, "lamp", null));
        Device updated = db.table().update(created, u -> u.set(D_NAME, "desk lamp"));
        Device upserted = db.table().upsert(DEVICE, device(8), u -> u.set(D_NAME, "fan"));

        assertThat(updated).isEqualTo(new Device(7, "desk lamp", 2L));
        assertThat(upserted).isEqualTo(new Device(8, "fan", 1L));
        assertThat(db.table().delete(updated)).contains(updated);
        assertThat(db.table().get(DEVICE, device(7))).isEmpty();
    }

    @Test
    void query_onPartitionKeyOnlyTable_readsTheOneItem() {
        db.table().put(new Device(100, "sensor", null));

        assertThat(db.table().query(DEVICE).partition(device(100)).list()).containsExactly(new Device(100, "sensor", 1L));
        assertThatThrownBy(() -> db.table().query(DEVICE).partition(device(100)).sortEquals(KeyValues.none()).list())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Device: the table has no sort key, so it takes no sort key condition");
    }

    @Test
    void batch_onNumberKeyedTable_readsAndDeletes() {
        db.table().put(new Device(200, "a", null));
        db.table().put(new Device(201, "b", null));

        ItemsByKey found = db.table().batchGet(List.of(ItemKey.of(DEVICE, device(200)), ItemKey.of(DEVICE, device(201)),
                ItemKey.of(DEVICE, device(202))));
        db.table().delete(found.get(ItemKey.of(DEVICE, device(200))).orElseThrow()); // versioned: a batch refuses its delete

        assertThat(found.found(DEVICE)).containsExactlyInAnyOrder(new Device(200, "a", 1L), new Device(201, "b", 1L));
        assertThat(found.notFound()).containsExactly(ItemKey.of(DEVICE, device(202)));
        assertThat(db.table().get(DEVICE, device(200))).isEmpty();
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_onNumberKeyedTable_writesAllItems() {
        db.table().transaction().create(new Device(300, "x", null)).create(new Device(301, "y", null)).execute();

        assertThat(db.table().transactGet(List.of(ItemKey.of(DEVICE, device(300)), ItemKey.of(DEVICE, device(301)))).found(DEVICE))
                .containsExactlyInAnyOrder(new Device(300, "x", 1L), new Device(301, "y", 1L));
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void everyOperation_onStringKeyedTableWithoutSortKey_works() {
        Table table = settings();
        try {
            table.put(new Setting("theme", "dark"));
            table.update(SETTING, KeyValues.of(SET_NAME, "theme"), u -> u.set(SET_VALUE, "light"));
            table.batchWrite().put(new Setting("lang", "en")).execute();
            table.transaction().create(new Setting("tz", "UTC")).execute();

            assertThat(table.get(SETTING, KeyValues.of(SET_NAME, "theme"))).contains(new Setting("theme", "light"));
            assertThat(table.query(SETTING).partition(KeyValues.of(SET_NAME, "lang")).list()).containsExactly(new Setting("lang", "en"));
            assertThat(table.batchGet(List.of(ItemKey.of(SETTING, KeyValues.of(SET_NAME, "tz")))).get(ItemKey.of(SETTING,
                    KeyValues.of(SET_NAME, "tz")))).contains(new Setting("tz", "UTC"));
            assertThat(table.delete(SETTING, KeyValues.of(SET_NAME, "tz"), dev.singletable.Condition.none()))
                    .isEqualTo(Optional.of(new Setting("tz", "UTC")));
            assertThat(table.keyOf(new Setting("a#b", "v"))).isEqualTo(Map.of("PK", "SETTING#a\\#b")); // '#' next to the slot is escaped
        } finally {
            table.deleteTable();
        }
    }
}
