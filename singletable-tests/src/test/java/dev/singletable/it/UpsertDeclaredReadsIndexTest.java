package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.StoredValuesNeededException;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An upsert that sets nothing a declared-reads index condition reads: the item it creates is in the index as the item
 * {@code create} writes from the same values is (the condition holds for the default), and an item it finds keeps the
 * membership its stored values decide.
 */
class UpsertDeclaredReadsIndexTest {
    record Listing(String id, String status, String title) {
    }

    static final Attribute<Listing, String> ID = Attribute.required("id", AttributeTypes.STRING, Listing::id);
    static final Attribute<Listing, String> STATUS = Attribute.of("status", AttributeTypes.STRING, Listing::status).withDefault("ACTIVE");
    static final Attribute<Listing, String> TITLE = Attribute.of("title", AttributeTypes.STRING, Listing::title);

    static final EntitySchema<Listing> LISTING = EntitySchema.builder(Listing.class)
            .attributes(ID, STATUS, TITLE)
            .primaryKey("L#{id}", "META")
            .index("GSI1", "ACTIVE", "{id}", listing -> "ACTIVE".equals(listing.status()))
            .indexConditionReads("GSI1", "status")
            .factory(item -> new Listing(item.get(ID), item.get(STATUS), item.get(TITLE)))
            .build();

    static final TableSchema SCHEMA = TableSchema.builder("UpsertReads").index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(LISTING).build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static KeyValues id(String id) {
        return KeyValues.of(ID, id);
    }

    private static Map<String, AttributeValue> stored(String id) {
        return db.client().getItem(g -> g.tableName(db.tableName()).key(Map.of("PK", AttributeValue.fromS("L#" + id),
                "SK", AttributeValue.fromS("META")))).item();
    }

    private static List<String> active() {
        return db.table().query(LISTING).index("GSI1").partition(KeyValues.none()).fetchFullItems().list().stream().map(Listing::id).toList();
    }

    @Test
    void upsert_whenReadingFindsNoItemAndTheDefaultSatisfiesTheCondition_createsItInTheIndexAsCreateWould() {
        db.table().create(new Listing("created", null, "t"));

        Listing upserted = db.table().upsert(LISTING, id("upserted"), u -> u.set(TITLE, "t").readingStoredValuesForIndexKeys());

        assertThat(upserted).isEqualTo(new Listing("upserted", "ACTIVE", "t"));
        assertThat(active()).contains("created", "upserted");
        assertThat(stored("upserted").get("GSI1PK")).isEqualTo(stored("created").get("GSI1PK")).isEqualTo(AttributeValue.fromS("ACTIVE"));
    }

    @Test
    void upsert_whenReadingFindsAnItemOutOfTheIndex_keepsItOut() {
        db.table().create(new Listing("closed", "CLOSED", "t"));

        Listing upserted = db.table().upsert(LISTING, id("closed"), u -> u.set(TITLE, "u").readingStoredValuesForIndexKeys());

        assertThat(upserted).isEqualTo(new Listing("closed", "CLOSED", "u"));
        assertThat(active()).doesNotContain("closed");
        assertThat(stored("closed")).doesNotContainKeys("GSI1PK", "GSI1SK");
    }

    @Test
    void upsert_whenNotReadingAndAnItemItCreatesWouldBeInTheIndex_isRefusedNamingTheRead() {
        assertThatThrownBy(() -> db.table().upsert(LISTING, id("blind"), u -> u.set(TITLE, "t")))
                .isInstanceOf(StoredValuesNeededException.class)
                .hasMessageContaining("would create an item that is in index GSI1 (its condition, which reads [status], holds for the values "
                        + "the upsert gives and what the others read as when absent)")
                .hasMessageContaining("Call readingStoredValuesForIndexKeys()");
        assertThat(stored("blind")).isEmpty();
    }
}
