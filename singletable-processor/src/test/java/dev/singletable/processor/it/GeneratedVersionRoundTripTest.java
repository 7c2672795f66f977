package dev.singletable.processor.it;

import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.VersionConflictException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** @Version, @CreatedAt and @UpdatedAt through a generated schema, against the embedded engine. */
class GeneratedVersionRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("GeneratedLedgers").entities(LedgerSchema.INSTANCE).build();
    static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    static final Instant LATER = NOW.plusSeconds(600);

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table at(Instant instant) {
        return Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(instant, ZoneOffset.UTC)).build();
    }

    private static Map<String, AttributeValue> raw(String id) {
        return db.client().getItem(GetItemRequest.builder().tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS("LEDGER#" + id), "SK", AttributeValue.fromS("LEDGER"))).build()).item();
    }

    @Test
    void create_storesVersionOneAndBothTimestamps() {
        Ledger created = at(NOW).create(new Ledger("L1", 10, null, null, null));

        assertThat(created).isEqualTo(new Ledger("L1", 10, 1L, NOW, NOW));
        assertThat(at(NOW).get(LedgerSchema.INSTANCE, KeyValues.of(LedgerSchema.ID, "L1"), ReadConsistency.STRONG)).contains(created);
        assertThat(raw("L1")).contains(entry("version", AttributeValue.fromN("1")),
                entry("createdAt", AttributeValue.fromS("2025-05-19T10:00:00Z")), entry("updatedAt", AttributeValue.fromS("2025-05-19T10:00:00Z")));
    }

    @Test
    void put_ofTheCurrentVersion_writesTheNextOneAndUpdatedAt_andAStaleOneConflicts() {
        Ledger v1 = at(NOW).create(new Ledger("L2", 10, null, null, null));

        Ledger v2 = at(LATER).put(v1.withBalance(9));

        assertThat(v2.version()).isEqualTo(2L);
        assertThat(v2.createdAt()).isEqualTo(NOW);
        assertThat(v2.updatedAt()).isEqualTo(LATER);
        assertThat(raw("L2")).contains(entry("version", AttributeValue.fromN("2")), entry("balance", AttributeValue.fromN("9")));
        assertThatThrownBy(() -> at(LATER).put(v1.withBalance(8))).isInstanceOf(VersionConflictException.class);
        assertThat(raw("L2")).contains(entry("balance", AttributeValue.fromN("9")));
    }
}
