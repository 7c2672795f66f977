package dev.singletable.processor.it;

import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code @KeyState}s through the generated {@code ListingSchema.STATES}, against the embedded engine: writes pick the state, a change moves the item. */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class GeneratedStatesTest {
    static final TableSchema SCHEMA = TableSchema.builder("GeneratedListings").index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .states(ListingSchema.STATES).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private List<Map<String, String>> stored(String productId) {
        return db.client().scan(ScanRequest.builder().tableName(db.tableName()).build()).items().stream()
                .filter(item -> item.get("productId").s().equals(productId))
                .map(item -> Map.of("PK", item.get("PK").s(), "GSI1PK", item.get("GSI1PK").s(), "entityType", item.get("entityType").s(),
                        "version", item.get("version").n()))
                .toList();
    }

    @Test
    void states_whenGenerated_areTheTwoDeclaredStatesPickedByTheFlag() {
        assertThat(ListingSchema.STATES).hasToString("EntityStates[archived: {false=ActiveListing ACTIVE_PRODUCT#{productId} / METADATA, "
                + "true=ArchivedListing ARCHIVED_PRODUCT#{productId} / METADATA}]");
        assertThat(ListingSchema.ACTIVE_LISTING).isSameAs(ListingSchema.STATES.state(false));
        assertThat(ListingSchema.ARCHIVED_LISTING).isSameAs(ListingSchema.STATES.state(true));
    }

    @Test
    void update_whenTheFlagChanges_movesTheItemToTheArchivedKeyInOneTransaction() {
        Table table = db.table();
        Listing created = table.create(new Listing("L1", "Desk Lamp", false, null, null));

        Listing archived = table.update(created, u -> u.set(ListingSchema.ARCHIVED, true)
                .set(ListingSchema.ARCHIVED_AT, Instant.parse("2025-06-01T12:00:00Z")));

        assertThat(archived).isEqualTo(new Listing("L1", "Desk Lamp", true, Instant.parse("2025-06-01T12:00:00Z"), 2L));
        assertThat(stored("L1")).containsExactly(Map.of("PK", "ARCHIVED_PRODUCT#L1", "GSI1PK", "ARCHIVED_PRODUCT",
                "entityType", "ArchivedListing", "version", "2"));
        assertThat(table.get(ListingSchema.ACTIVE_LISTING, KeyValues.of(ListingSchema.PRODUCT_ID, "L1"))).isEqualTo(Optional.empty());
        assertThat(table.get(ListingSchema.ARCHIVED_LISTING, KeyValues.of(ListingSchema.PRODUCT_ID, "L1"))).contains(archived);
    }

    @Test
    void put_whenTheFlagIsSet_writesAtTheArchivedStatesKeys() {
        Table table = db.table();

        table.put(new Listing("L2", "Bookshelf", true, Instant.parse("2025-01-02T03:04:05Z"), null));

        assertThat(stored("L2")).containsExactly(Map.of("PK", "ARCHIVED_PRODUCT#L2", "GSI1PK", "ARCHIVED_PRODUCT",
                "entityType", "ArchivedListing", "version", "1"));
    }
}
