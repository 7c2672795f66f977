package dev.singletable.internal.writes;

import dev.singletable.StoredValuesNeededException;
import dev.singletable.Condition;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import static dev.singletable.fixtures.ProductsAndOrders.CLOCK;
import static dev.singletable.fixtures.SparseIndexes.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** Updates of entities on sparse indexes whose membership a condition decides: the condition is evaluated, never ignored. */
class SparseIndexUpdateTest {
    private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T1 = Instant.parse("2025-01-02T00:00:00Z");
    private final WritePlans plans = new WritePlans(new BoundTable(SCHEMA, List.of(), CLOCK, CursorCodec.withDefaultKey()));

    private <T> UpdatePlan plan(dev.singletable.EntitySchema<T> entity, String id, UnaryOperator<Update<T>> changes) {
        return plans.update(entity, KeyValues.of("id", id), changes.apply(Update.of(entity)), Condition.none(), EntityWrites.UpdateMode.UPDATE);
    }

    private UpdateItemRequest fromStored(Shipment stored, UnaryOperator<Update<Shipment>> changes) {
        return plans.updateFromStored(SHIPMENT, KeyValues.of("id", stored.id()), changes.apply(Update.of(SHIPMENT)), Condition.none(),
                EntityWrites.UpdateMode.UPDATE, Optional.of(stored)).request(plans.table(), ReturnValue.ALL_NEW);
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private UpdateItemRequest ready(UpdatePlan plan) {
        assertThat(plan).isInstanceOf(UpdatePlan.Ready.class); // nothing to read first
        return ((UpdatePlan.Ready) plan).action().request(plans.table(), ReturnValue.ALL_NEW);
    }

    @Test
    void update_whenAJavaConditionDecidesAnIndexAndNothingIsRead_isRefusedBeforeSendingNamingEntityIndexConditionAndFix() {
        assertThatThrownBy(() -> plan(SHIPMENT, "1", u -> u.set(SHIPPED_AT, T1)))
                .isInstanceOf(StoredValuesNeededException.class)
                .hasMessage("update of Shipment {PK=C#1, SK=META} may change whether the item is in index GSI1, which Shipment is in "
                        + "only when the condition of index GSI1 (a Java predicate, which may read any attribute of Shipment) holds, but "
                        + "the update gives no value for 'createdAt', which that decision needs. Call readingStoredValuesForIndexKeys() "
                        + "to read the item first (the update then sets or removes GSI1's keys as the condition says), update from the "
                        + "entity as read (table.update(current, ...)), or put the whole entity; declaring what the condition reads "
                        + "(indexConditionReads(\"GSI1\", ...)) limits this to updates of those attributes");
    }

    @Test
    void update_whenAJavaConditionDecidesAnIndexAndTheUpdateReadsStoredValues_asksForTheStoredItem() {
        assertThat(plan(SHIPMENT, "1", u -> u.set(SHIPPED_AT, T1).readingStoredValuesForIndexKeys()))
                .isInstanceOf(UpdatePlan.NeedsStoredValues.class);
    }

    @Test
    void updateFromStored_whenTheConditionComesToHold_setsTheIndexKeysAndPinsWhatTheConditionRead() {
        // review shape 1: shipping makes GSI1's condition hold, though GSI1's key is built from createdAt, which it does not change
        UpdateItemRequest request = fromStored(new Shipment("1", T0, null, "NEW"), u -> u.set(SHIPPED_AT, T1));

        // GSI2 (active and shipped) does not hold for a NEW item: its keys are removed, though its slot shippedAt is set
        assertThat(request.updateExpression()).isEqualTo("SET #shippedAt = :v0, #GSI1PK = :v1, #GSI1SK = :v2 REMOVE #GSI2PK, #GSI2SK");
        // what the conditions read and the update does not set is pinned: a concurrent change fails the update
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #createdAt = :v4 "
                + "AND #status = :v5");
        assertThat(request.expressionAttributeNames()).containsExactly(entry("#shippedAt", "shippedAt"), entry("#GSI1PK", "GSI1PK"),
                entry("#GSI1SK", "GSI1SK"), entry("#GSI2PK", "GSI2PK"), entry("#GSI2SK", "GSI2SK"), entry("#PK", "PK"),
                entry("#entityType", "entityType"), entry("#createdAt", "createdAt"), entry("#status", "status"));
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("2025-01-02T00:00:00Z")), entry(":v1", s("SHIPPED")),
                entry(":v2", s("2025-01-01T00:00:00.000000000Z")), entry(":v3", s("Shipment")), entry(":v4", s("2025-01-01T00:00:00Z")),
                entry(":v5", s("NEW")));
    }

    @Test
    void updateFromStored_whenTheConditionStopsHolding_removesTheIndexKeys() {
        // review shape 2: an active shipped item cancelled leaves GSI2 (keyed on shippedAt, which the update does not change)
        UpdateItemRequest request = fromStored(new Shipment("1", T0, T1, "ACTIVE"), u -> u.set(SHIPMENT_STATUS, "CANCELLED"));

        // GSI1 (shipped) still holds: its keys are written again, with the values they had
        assertThat(request.updateExpression()).isEqualTo("SET #status = :v0, #GSI1PK = :v1, #GSI1SK = :v2 REMOVE #GSI2PK, #GSI2SK");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3 AND #createdAt = :v4 "
                + "AND #shippedAt = :v5");
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("CANCELLED")), entry(":v1", s("SHIPPED")),
                entry(":v2", s("2025-01-01T00:00:00.000000000Z")), entry(":v3", s("Shipment")), entry(":v4", s("2025-01-01T00:00:00Z")),
                entry(":v5", s("2025-01-02T00:00:00Z")));
    }

    @Test
    void updateFromStored_whenTheSlotChangesButTheConditionDoesNotHold_keepsTheItemOutOfTheIndex() {
        // review sw3: setting shippedAt (GSI2's slot) on an item that is not ACTIVE must not put it in GSI2
        UpdateItemRequest request = fromStored(new Shipment("1", T0, null, "NEW"), u -> u.set(SHIPPED_AT, T1));

        assertThat(request.updateExpression()).contains("REMOVE #GSI2PK, #GSI2SK");
    }

    @Test
    void update_whenADeclaredConditionReadsNothingTheUpdateChanges_sendsItAsItIsWithoutReading() {
        UpdateItemRequest request = ready(plan(LISTING, "1", u -> u.set(TITLE, "Lamp")));

        assertThat(request.updateExpression()).isEqualTo("SET #title = :v0");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v1");
        assertThat(request.expressionAttributeValues()).containsExactly(entry(":v0", s("Lamp")), entry(":v1", s("Listing")));
    }

    @Test
    void upsertFromStored_whenItChangesNothingTheConditionReadsNorASlot_leavesTheIndexAloneAndPinsNothing() {
        // the stored item is known (read for another reason): its membership cannot change, so the condition is not evaluated,
        // GSI1's keys are not rewritten and status is not pinned (a concurrent change of status would fail the upsert for nothing)
        UpdateItemRequest request = plans.updateFromStored(LISTING, KeyValues.of("id", "1"), Update.of(LISTING).set(TITLE, "Lamp"),
                Condition.none(), EntityWrites.UpdateMode.UPSERT, Optional.of(new Listing("1", "ACTIVE", "Old")))
                .request(plans.table(), ReturnValue.ALL_NEW);
        UpdateItemRequest unread = ready(plans.update(LISTING, KeyValues.of("id", "1"), Update.of(LISTING).set(TITLE, "Lamp"),
                Condition.none(), EntityWrites.UpdateMode.UPSERT));

        assertThat(request.updateExpression()).isEqualTo(unread.updateExpression()).doesNotContain("GSI1");
        assertThat(request.conditionExpression()).isEqualTo(unread.conditionExpression());
        assertThat(request.expressionAttributeNames()).doesNotContainKey("#status");
    }

    @Test
    void update_whenTheUpdateSetsEverythingADeclaredConditionReads_setsOrRemovesTheKeysWithoutReading() {
        UpdateItemRequest in = ready(plan(LISTING, "1", u -> u.set(LISTING_STATUS, "ACTIVE")));
        UpdateItemRequest out = ready(plan(LISTING, "1", u -> u.set(LISTING_STATUS, "DRAFT")));

        assertThat(in.updateExpression()).isEqualTo("SET #status = :v0, #GSI1PK = :v1, #GSI1SK = :v2");
        assertThat(in.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v3");
        assertThat(in.expressionAttributeValues()).containsExactly(entry(":v0", s("ACTIVE")), entry(":v1", s("ACTIVE")), entry(":v2", s("1")),
                entry(":v3", s("Listing")));
        assertThat(out.updateExpression()).isEqualTo("SET #status = :v0 REMOVE #GSI1PK, #GSI1SK");
        assertThat(out.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v1");
        assertThat(out.expressionAttributeValues()).containsExactly(entry(":v0", s("DRAFT")), entry(":v1", s("Listing")));
    }

    @Test
    void update_whenAnAttributeAJavaConditionMayReadChangesToAValueOnlyDynamoDbKnows_isRefused() {
        assertThatThrownBy(() -> plan(SHIPMENT, "1", u -> u.setIfAbsent(SHIPPED_AT, T1).readingStoredValuesForIndexKeys()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("update of Shipment {PK=C#1, SK=META} changes 'shippedAt' with setIfAbsent(...), to a value only DynamoDB "
                        + "knows, but the condition of index GSI1 (a Java predicate, which may read any attribute of Shipment) reads it, "
                        + "so whether the item stays in GSI1 cannot be decided; set 'shippedAt' to a value with set(...) instead, or "
                        + "declare what the condition reads with indexConditionReads(\"GSI1\", ...)");
    }

    record Ticket(String id, String state, Long version) {
    }

    private static final dev.singletable.Attribute<Ticket, String> TICKET_ID =
            dev.singletable.Attribute.required("id", dev.singletable.AttributeTypes.STRING, Ticket::id);
    private static final dev.singletable.Attribute<Ticket, String> STATE =
            dev.singletable.Attribute.of("state", dev.singletable.AttributeTypes.STRING, Ticket::state);
    private static final dev.singletable.Attribute<Ticket, Long> VERSION =
            dev.singletable.Attribute.of("version", dev.singletable.AttributeTypes.LONG, Ticket::version);
    private static final dev.singletable.EntitySchema<Ticket> TICKET = dev.singletable.EntitySchema.builder(Ticket.class)
            .attributes(TICKET_ID, STATE, VERSION).version(VERSION).primaryKey("T#{id}", "META")
            .index("GSI1", "OPEN", "{id}", ticket -> "OPEN".equals(ticket.state()))
            .factory(item -> new Ticket(item.get(TICKET_ID), item.get(STATE), item.get(VERSION))).build();

    @Test
    void update_whenTheEntityIsVersioned_pinsTheVersionAloneAndOnce() {
        WritePlans versioned = new WritePlans(new BoundTable(dev.singletable.TableSchema.builder("Tickets")
                .index(dev.singletable.IndexSchema.of("GSI1", "GSI1PK", "GSI1SK")).entities(TICKET).build(), List.of(), CLOCK,
                CursorCodec.withDefaultKey()));

        UpdateItemRequest fromCurrent = versioned.update(new Ticket("1", "NEW", 3L), u -> u.set(STATE, "OPEN"), Condition.none())
                .request(versioned.table(), ReturnValue.ALL_NEW);
        UpdateItemRequest fromStored = versioned.updateFromStored(TICKET, KeyValues.of("id", "1"), Update.of(TICKET).set(STATE, "CLOSED"),
                Condition.none(), EntityWrites.UpdateMode.UPDATE, Optional.of(new Ticket("1", "OPEN", 4L)))
                .request(versioned.table(), ReturnValue.ALL_NEW);

        assertThat(fromCurrent.updateExpression()).isEqualTo("SET #state = :v0, #GSI1PK = :v2, #GSI1SK = :v3 ADD #version :v1");
        assertThat(fromCurrent.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v4 AND #version = :v5");
        assertThat(fromCurrent.expressionAttributeValues()).containsExactly(entry(":v0", s("OPEN")), entry(":v1", AttributeValue.fromN("1")),
                entry(":v2", s("OPEN")), entry(":v3", s("1")), entry(":v4", s("Ticket")), entry(":v5", AttributeValue.fromN("3")));
        assertThat(fromStored.updateExpression()).isEqualTo("SET #state = :v0 REMOVE #GSI1PK, #GSI1SK ADD #version :v1");
        assertThat(fromStored.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v2 AND #version = :v3");
        assertThat(fromStored.expressionAttributeValues()).containsExactly(entry(":v0", s("CLOSED")), entry(":v1", AttributeValue.fromN("1")),
                entry(":v2", s("Ticket")), entry(":v3", AttributeValue.fromN("4")));
    }
}
