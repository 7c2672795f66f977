package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * Review h37 finding 4 with a schema file: a sparse index's declarative {@code when} knows what it reads, so an update
 * setting it decides membership without reading, an update of other attributes leaves the index be, and one that
 * needs stored values reads them when asked (else is refused before sending).
 */
class SparseConditionUpdatesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Shipments
              partitionKey: {name: PK}
              sortKey: {name: SK}
              indexes:
                - {name: GSI1, kind: global, partitionKey: {name: GSI1PK}, sortKey: {name: GSI1SK}}
                - {name: GSI2, kind: global, partitionKey: {name: GSI2PK}, sortKey: {name: GSI2SK}}
                - {name: GSI3, kind: global, partitionKey: {name: GSI3PK}, sortKey: {name: GSI3SK}}
            entities:
              Shipment:
                attributes:
                  id: {type: string, required: true}
                  createdAt: {type: instant}
                  shippedAt: {type: instant}
                  status: {type: string}
                  note: {type: string}
                  heldAt: {type: instant}
                keys: {pk: "C#{id}", sk: META}
                indexes:
                  GSI1: {pk: SHIPPED, sk: "{createdAt}", when: {present: shippedAt}}
                  GSI2: {pk: ACTIVE_SHIPPED, sk: "{shippedAt}", when: {all: [{equals: {status: ACTIVE}}, {present: shippedAt}]}}
                  GSI3: {pk: RELEASED, sk: "{id}", when: {absent: heldAt}}
            """, "shipments.singletable.yaml");
    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T1 = Instant.parse("2025-01-02T00:00:00Z");

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).recordingRequests();

    private final List<DynamoDbRequest> sent = db.sent();
    private final EntitySchema<DynamicItem> shipment = DESIGN.entity("Shipment");
    private final Table table = db.table();

    private <V> Attribute<DynamicItem, V> attribute(String name) {
        return db.attribute("Shipment", name);
    }

    private List<String> in(String index) {
        return table.query(shipment).index(index).partition(KeyValues.none()).list().stream().map(item -> item.getString("id")).toList();
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    @Test
    void entity_whenItsIndexesHaveWhenConditions_knowsWhatEachReads() {
        assertThat(shipment.indexConditionReads("GSI1")).contains(Set.of("shippedAt"));
        assertThat(shipment.indexConditionReads("GSI2")).contains(Set.of("status", "shippedAt"));
        assertThat(shipment.indexConditionReads("GSI3")).contains(Set.of("heldAt"));
    }

    @Test
    void update_whenShippingMakesThePresentConditionHold_putsTheItemIntoTheIndexReadingTheStoredKeySlot() {
        table.put(DynamicItem.builder("Shipment").set("id", "e1").set("createdAt", T0).set("status", "NEW").build());
        sent.clear();

        table.update(shipment, KeyValues.of("id", "e1"), u -> u.set(this.<Instant>attribute("shippedAt"), T1).readingStoredValuesForIndexKeys());

        // GSI1's key needs createdAt, which only the stored item has; GSI2's condition also reads status
        assertThat(sent).extracting(r -> r.getClass().getSimpleName()).containsExactly("GetItemRequest", "UpdateItemRequest");
        assertThat(sent.get(1)).isInstanceOfSatisfying(UpdateItemRequest.class, update -> {
            assertThat(update.updateExpression()).isEqualTo("SET #shippedAt = :v0, #GSI1PK = :v1, #GSI1SK = :v2 REMOVE #GSI2PK, #GSI2SK");
            assertThat(update.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #createdAt = :v4 "
                    + "AND #status = :v5");
            assertThat(update.expressionAttributeValues()).containsExactly(entry(":v0", s("2025-01-02T00:00:00Z")), entry(":v1", s("SHIPPED")),
                    entry(":v2", s("2025-01-01T00:00:00.000000000Z")), entry(":v3", s("Shipment")), entry(":v4", s("2025-01-01T00:00:00Z")),
                    entry(":v5", s("NEW")));
        });
        assertThat(in("GSI1")).contains("e1");
        assertThat(in("GSI2")).doesNotContain("e1");
    }

    @Test
    void update_whenTheEqualsConditionStopsHolding_takesTheItemOutOfTheIndex() {
        table.put(DynamicItem.builder("Shipment").set("id", "l1").set("createdAt", T0).set("shippedAt", T1).set("status", "ACTIVE").build());
        assertThat(in("GSI2")).contains("l1");
        sent.clear();

        table.update(shipment, KeyValues.of("id", "l1"), u -> u.set(this.<String>attribute("status"), "CANCELLED")
                .readingStoredValuesForIndexKeys());

        assertThat(sent).extracting(r -> r.getClass().getSimpleName()).containsExactly("GetItemRequest", "UpdateItemRequest");
        assertThat(((UpdateItemRequest) sent.get(1)).updateExpression()).isEqualTo("SET #status = :v0 REMOVE #GSI2PK, #GSI2SK");
        assertThat(in("GSI2")).doesNotContain("l1");
        assertThat(in("GSI1")).contains("l1");
    }

    @Test
    void update_whenItChangesNothingAConditionReads_sendsOneUpdateAndLeavesTheIndexesBe() {
        table.put(DynamicItem.builder("Shipment").set("id", "n1").set("createdAt", T0).set("shippedAt", T1).set("status", "ACTIVE").build());
        sent.clear();

        table.update(shipment, KeyValues.of("id", "n1"), u -> u.set(this.<String>attribute("note"), "fragile"));

        assertThat(sent).singleElement().isInstanceOfSatisfying(UpdateItemRequest.class,
                update -> assertThat(update.updateExpression()).isEqualTo("SET #note = :v0"));
        assertThat(in("GSI1")).contains("n1");
        assertThat(in("GSI2")).contains("n1");
    }

    @Test
    void update_whenAConditionNeedsAStoredValueAndTheUpdateDoesNotReadIt_isRefusedBeforeSending() {
        assertThatThrownBy(() -> table.update(shipment, KeyValues.of("id", "z1"), u -> u.set(this.<String>attribute("status"), "ACTIVE")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("update of Shipment {PK=C#z1, SK=META} may change whether the item is in index GSI2, which Shipment is in "
                        + "only when the condition of index GSI2 (reads [shippedAt, status]) holds, but the update gives no value for "
                        + "'shippedAt', which that decision needs. Call readingStoredValuesForIndexKeys() to read the item first (the "
                        + "update then sets or removes GSI2's keys as the condition says), update from the entity as read "
                        + "(table.update(current, ...)), or put the whole entity");
        assertThat(sent).isEmpty();
    }

    @Test
    void update_whenItRemovesWhatPresentConditionsRead_takesTheItemOutOfTheIndexesByKeyAndFromTheEntityRead() {
        DynamicItem shipped = DynamicItem.builder("Shipment").set("createdAt", T0).set("shippedAt", T1).set("status", "ACTIVE").build();
        table.put(shipped.with("id", "r1"));
        table.put(shipped.with("id", "r2"));
        DynamicItem current = table.get(shipment, KeyValues.of("id", "r2")).orElseThrow();
        assertThat(in("GSI1")).contains("r1", "r2");
        assertThat(in("GSI2")).contains("r1", "r2");
        sent.clear();

        table.update(shipment, KeyValues.of("id", "r1"), u -> u.remove(this.<Instant>attribute("shippedAt")).readingStoredValuesForIndexKeys());
        table.update(current, u -> u.remove(this.<Instant>attribute("shippedAt")));

        // the item the update leaves lacks shippedAt: neither {present: shippedAt} nor GSI2's all holds, whatever was stored
        assertThat(sent).filteredOn(UpdateItemRequest.class::isInstance).extracting(r -> ((UpdateItemRequest) r).updateExpression())
                .containsExactly("REMOVE #shippedAt, #GSI1PK, #GSI1SK, #GSI2PK, #GSI2SK", "REMOVE #shippedAt, #GSI1PK, #GSI1SK, #GSI2PK, #GSI2SK");
        assertThat(in("GSI1")).doesNotContain("r1", "r2");
        assertThat(in("GSI2")).doesNotContain("r1", "r2");
    }

    @Test
    void update_whenItRemovesWhatAnAbsentConditionReads_putsTheItemIntoTheIndexWithoutReading() {
        table.put(DynamicItem.builder("Shipment").set("id", "h1").set("heldAt", T0).build());
        assertThat(in("GSI3")).doesNotContain("h1");
        sent.clear();

        table.update(shipment, KeyValues.of("id", "h1"), u -> u.remove(this.<Instant>attribute("heldAt")));

        assertThat(sent).singleElement().isInstanceOfSatisfying(UpdateItemRequest.class,
                update -> assertThat(update.updateExpression()).isEqualTo("SET #GSI3PK = :v0, #GSI3SK = :v1 REMOVE #heldAt"));
        assertThat(in("GSI3")).contains("h1");
    }
}
