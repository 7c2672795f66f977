package dev.singletable.processor.it;

import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.singletable.processor.it.RawItems.item;
import static dev.singletable.processor.it.RawItems.putRaw;
import static dev.singletable.processor.it.RawItems.s;
import static dev.singletable.processor.it.RawItems.stored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code @Ignore} in each direction on the engine: what a put stores and what a get or a query reads. */
class IgnoreRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("IgnoredThings")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(BadgeSchema.INSTANCE, PassSchema.INSTANCE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void putGetAndQuery_whenIgnoredPropertiesHaveValues_storesOnlyTheReadIgnoredOneAndReadsNoneOfThem() {
        Badge written = new Badge("B1", "ann", "token-1", 42, "LEGACY-1", "checked by ops");

        db.table().put(written);
        Badge got = db.table().get(BadgeSchema.INSTANCE, KeyValues.of(BadgeSchema.BADGE_ID, "B1")).orElseThrow();
        List<Badge> queried = db.table().query(BadgeSchema.INSTANCE).partition(KeyValues.of(BadgeSchema.BADGE_ID, "B1")).list();
        List<Badge> byHolder = db.table().query(BadgeSchema.INSTANCE).index(BadgeSchema.GSI1)
                .partition(KeyValues.of(BadgeSchema.HOLDER, "ann")).list();

        assertThat(stored(db, "BADGE#B1", "BADGE")).isEqualTo(item(
                "PK", s("BADGE#B1"), "SK", s("BADGE"), "GSI1PK", s("HOLDER#ann"), "GSI1SK", s("BADGE#B1"),
                "entityType", s("Badge"), "badgeId", s("B1"), "holder", s("ann"), "auditNote", s("checked by ops")));
        Badge expected = new Badge("B1", "ann", null, 0, null, null);
        assertThat(got).isEqualTo(expected);
        assertThat(queried).containsExactly(expected);
        assertThat(byHolder).containsExactly(expected);
    }

    @Test
    void getAndQuery_whenOtherCodeStoredTheIgnoredAttributes_readsOnlyTheWriteIgnoredOne() {
        Map<String, AttributeValue> raw = item(
                "PK", s("BADGE#B2"), "SK", s("BADGE"), "GSI1PK", s("HOLDER#bob"), "GSI1SK", s("BADGE#B2"),
                "entityType", s("Badge"), "badgeId", s("B2"), "holder", s("bob"), "legacyCode", s("LEGACY-2"),
                "auditNote", s("by ops"), "sessionToken", s("token-2"), "cachedScore", AttributeValue.fromN("7"));
        putRaw(db, raw);

        Badge got = db.table().get(BadgeSchema.INSTANCE, KeyValues.of(BadgeSchema.BADGE_ID, "B2")).orElseThrow();
        List<Badge> queried = db.table().query(BadgeSchema.INSTANCE).partition(KeyValues.of(BadgeSchema.BADGE_ID, "B2")).list();
        List<Badge> byHolder = db.table().query(BadgeSchema.INSTANCE).index(BadgeSchema.GSI1)
                .partition(KeyValues.of(BadgeSchema.HOLDER, "bob")).list();

        Badge expected = new Badge("B2", "bob", null, 0, "LEGACY-2", null);
        assertThat(stored(db, "BADGE#B2", "BADGE")).isEqualTo(raw);
        assertThat(got).isEqualTo(expected);
        assertThat(queried).containsExactly(expected);
        assertThat(byHolder).containsExactly(expected);
    }

    @Test
    void putGetAndQuery_whenTheEntityHasABag_keepsOneWayIgnoredAttributesOutOfTheBag() {
        Map<String, AttributeValue> extra = Map.of("color", s("red"));
        Pass written = new Pass("P1", "LEGACY-3", "by ops", extra);

        db.table().put(written);
        Map<String, AttributeValue> afterPut = stored(db, "PASS#P1", "PASS");
        Map<String, AttributeValue> raw = new HashMap<>(afterPut);
        raw.put("legacyCode", s("LEGACY-4"));
        putRaw(db, raw);
        Pass got = db.table().get(PassSchema.INSTANCE, KeyValues.of(PassSchema.PASS_ID, "P1")).orElseThrow();
        List<Pass> queried = db.table().query(PassSchema.INSTANCE).partition(KeyValues.of(PassSchema.PASS_ID, "P1")).list();

        assertThat(afterPut).isEqualTo(item(
                "PK", s("PASS#P1"), "SK", s("PASS"), "entityType", s("Pass"), "passId", s("P1"), "auditNote", s("by ops"), "color", s("red")));
        Pass expected = new Pass("P1", "LEGACY-4", null, extra);
        assertThat(got).isEqualTo(expected);
        assertThat(queried).containsExactly(expected);
    }

    @Test
    void put_whenAnEntityReadWithOneWayIgnoredAttributesIsWrittenBack_storesItWithoutTheWriteIgnoredOne() {
        putRaw(db, item("PK", s("PASS#P2"), "SK", s("PASS"), "entityType", s("Pass"), "passId", s("P2"), "legacyCode", s("LEGACY-5"),
                "auditNote", s("old note"), "color", s("blue")));
        Pass read = db.table().get(PassSchema.INSTANCE, KeyValues.of(PassSchema.PASS_ID, "P2")).orElseThrow();

        db.table().put(new Pass(read.passId(), read.legacyCode(), "new note", read.extra()));
        Pass reread = db.table().get(PassSchema.INSTANCE, KeyValues.of(PassSchema.PASS_ID, "P2")).orElseThrow();

        assertThat(read).isEqualTo(new Pass("P2", "LEGACY-5", null, Map.of("color", s("blue"))));
        assertThat(stored(db, "PASS#P2", "PASS")).isEqualTo(item(
                "PK", s("PASS#P2"), "SK", s("PASS"), "entityType", s("Pass"), "passId", s("P2"), "auditNote", s("new note"),
                "color", s("blue")));
        assertThat(reread).isEqualTo(new Pass("P2", null, null, Map.of("color", s("blue"))));
    }

    @Test
    void put_whenTheBagHoldsTheWriteIgnoredAttribute_isRefusedAndStoresNothing() {
        Pass carrying = new Pass("P3", null, null, Map.of("legacyCode", s("FROM-THE-BAG"), "color", s("green")));

        assertThatThrownBy(() -> db.table().put(carrying))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Pass: attribute bag entry 'legacyCode' has the name of the read-only attribute legacyCode, which Pass never "
                        + "writes; remove it from the bag (the bag holds only attributes the entity does not declare)");
        assertThat(db.table().get(PassSchema.INSTANCE, KeyValues.of(PassSchema.PASS_ID, "P3"))).isEmpty();
    }
}
