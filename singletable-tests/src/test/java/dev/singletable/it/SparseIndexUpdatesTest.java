package dev.singletable.it;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.fixtures.SparseIndexes.Listing;
import dev.singletable.fixtures.SparseIndexes.Shipment;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.singletable.fixtures.RecordingClient.recording;
import static dev.singletable.fixtures.SparseIndexes.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * Review h37 finding 4 on the embedded engine, Java API: an update of an entity on a sparse index whose membership a
 * condition decides puts the item into the index when the condition comes to hold and takes it out when it stops.
 */
class SparseIndexUpdatesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T1 = Instant.parse("2025-01-02T00:00:00Z");
    private final List<DynamoDbRequest> sent = new ArrayList<>();
    private Table table;

    @BeforeEach
    void table() {
        table = Table.of(db.table().schema(), recording(db.client(), sent));
    }

    private List<String> shipped() {
        return table.query(SHIPMENT).index("GSI1").partition(KeyValues.none()).list().stream().map(Shipment::id).toList();
    }

    private List<String> activeShipped() {
        return table.query(SHIPMENT).index("GSI2").partition(KeyValues.none()).list().stream().map(Shipment::id).toList();
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    @Test
    void update_whenShippingMakesTheConditionHold_putsTheItemIntoTheIndex() {
        table.put(new Shipment("e1", T0, null, "NEW"));
        sent.clear();

        Shipment shipped = table.update(SHIPMENT, KeyValues.of(SHIPMENT_ID, "e1"), u -> u.set(SHIPPED_AT, T1).readingStoredValuesForIndexKeys());

        assertThat(shipped).isEqualTo(new Shipment("e1", T0, T1, "NEW"));
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0)).isInstanceOfSatisfying(GetItemRequest.class, get -> {
            assertThat(get.key()).containsExactly(entry("PK", s("C#e1")), entry("SK", s("META")));
            assertThat(get.consistentRead()).isTrue();
        });
        assertThat(sent.get(1)).isInstanceOfSatisfying(UpdateItemRequest.class, update -> {
            assertThat(update.updateExpression()).isEqualTo("SET #shippedAt = :v0, #GSI1PK = :v1, #GSI1SK = :v2 REMOVE #GSI2PK, #GSI2SK");
            assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #createdAt = :v4 "
                    + "AND #status = :v5");
            assertThat(update.expressionAttributeValues()).containsExactly(entry(":v0", s("2025-01-02T00:00:00Z")), entry(":v1", s("SHIPPED")),
                    entry(":v2", s("2025-01-01T00:00:00.000000000Z")), entry(":v3", s("Shipment")), entry(":v4", s("2025-01-01T00:00:00Z")),
                    entry(":v5", s("NEW")));
        });
        // GSI1 (shipped) now holds it; GSI2 (active and shipped, keyed on shippedAt) does not: the item is NEW
        assertThat(shipped()).contains("e1");
        assertThat(activeShipped()).doesNotContain("e1");
    }

    @Test
    void update_whenCancellingMakesTheConditionStopHolding_takesTheItemOutOfTheIndex() {
        table.put(new Shipment("l1", T0, T1, "ACTIVE"));
        assertThat(activeShipped()).contains("l1");
        Shipment current = table.get(SHIPMENT, KeyValues.of(SHIPMENT_ID, "l1")).orElseThrow();

        table.update(current, u -> u.set(SHIPMENT_STATUS, "CANCELLED"));

        assertThat(activeShipped()).doesNotContain("l1");
        assertThat(shipped()).contains("l1");
    }

    @Test
    void update_whenItRemovesWhatTheConditionsRead_takesTheItemOutOfTheIndexesByKeyAndFromTheEntityRead() {
        table.put(new Shipment("o1", T0, T1, "ACTIVE"));
        table.put(new Shipment("o2", T0, T1, "ACTIVE"));
        Shipment current = table.get(SHIPMENT, KeyValues.of(SHIPMENT_ID, "o2")).orElseThrow();
        assertThat(shipped()).contains("o1", "o2");
        assertThat(activeShipped()).contains("o1", "o2");
        sent.clear();

        Shipment byKey = table.update(SHIPMENT, KeyValues.of(SHIPMENT_ID, "o1"), u -> u.remove(SHIPPED_AT).readingStoredValuesForIndexKeys());
        table.update(current, u -> u.remove(SHIPPED_AT));

        // both predicates see the entity the update leaves, whose shippedAt is null, not the stored one
        assertThat(byKey).isEqualTo(new Shipment("o1", T0, null, "ACTIVE"));
        assertThat(sent).filteredOn(UpdateItemRequest.class::isInstance).extracting(r -> ((UpdateItemRequest) r).updateExpression())
                .containsOnly("REMOVE #shippedAt, #GSI1PK, #GSI1SK, #GSI2PK, #GSI2SK");
        assertThat(shipped()).doesNotContain("o1", "o2");
        assertThat(activeShipped()).doesNotContain("o1", "o2");
    }

    @Test
    void update_whenTheStoredItemChangedSinceItWasRead_failsInsteadOfDecidingOnStaleValues() {
        table.put(new Shipment("r1", T0, null, "NEW"));
        Shipment read = table.get(SHIPMENT, KeyValues.of(SHIPMENT_ID, "r1")).orElseThrow();
        table.put(new Shipment("r1", T0, null, "ACTIVE"));

        assertThatThrownBy(() -> table.update(read, u -> u.set(SHIPPED_AT, T1)))
                .isInstanceOf(dev.singletable.ConditionFailedException.class)
                .hasMessageContaining("stored [createdAt, status] changed since they were read");
        assertThat(activeShipped()).doesNotContain("r1");
    }

    @Test
    void update_whenAJavaConditionIsNotGivenTheStoredItem_isRefusedBeforeSending() {
        table.put(new Shipment("x1", T0, null, "NEW"));
        sent.clear();

        assertThatThrownBy(() -> table.update(SHIPMENT, KeyValues.of(SHIPMENT_ID, "x1"), u -> u.set(SHIPPED_AT, T1)))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("update of Shipment {PK=C#x1, SK=META} may change whether the item is in index GSI1");
        assertThat(sent).isEmpty();
        assertThat(shipped()).doesNotContain("x1");
    }

    @Test
    void update_whenADeclaredConditionReadsOnlyWhatTheUpdateSets_entersAndLeavesWithoutReading() {
        table.put(new Listing("d1", "DRAFT", "Lamp"));
        sent.clear();

        table.update(LISTING, KeyValues.of(LISTING_ID, "d1"), u -> u.set(LISTING_STATUS, "ACTIVE"));
        List<String> active = table.query(LISTING).index("GSI1").partition(KeyValues.none()).list().stream().map(Listing::id).toList();
        table.update(LISTING, KeyValues.of(LISTING_ID, "d1"), u -> u.set(LISTING_STATUS, "SOLD"));
        List<String> after = table.query(LISTING).index("GSI1").partition(KeyValues.none()).list().stream().map(Listing::id).toList();

        assertThat(active).contains("d1");
        assertThat(after).doesNotContain("d1");
        assertThat(sent).extracting(r -> r.getClass().getSimpleName())
                .containsExactly("UpdateItemRequest", "QueryRequest", "UpdateItemRequest", "QueryRequest");
    }

    @Test
    void update_whenADeclaredConditionReadsNothingTheUpdateChanges_leavesTheIndexAsItIs() {
        table.put(new Listing("t1", "ACTIVE", "Lamp"));

        table.update(LISTING, KeyValues.of(LISTING_ID, "t1"), u -> u.set(TITLE, "Desk lamp"));

        Map<String, AttributeValue> item = db.client().getItem(r -> r.tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", s("L#t1"), "SK", s("META")))).item();
        assertThat(item).containsEntry("GSI1PK", s("ACTIVE")).containsEntry("GSI1SK", s("t1")).containsEntry("title", s("Desk lamp"));
    }
}
