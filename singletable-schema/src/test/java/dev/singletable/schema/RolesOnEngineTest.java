package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Roles, generated ids, enums, sparse conditions written as data and the attribute bag, declared in a file, on the embedded engine. */
class RolesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Accounts
              partitionKey: {name: PK}
              sortKey: {name: SK}
              timeToLiveAttribute: ttl
              indexes:
                - {name: Active, kind: global, partitionKey: {name: GSI1PK}, sortKey: {name: GSI1SK}}
            entities:
              Account:
                attributes:
                  accountId: {type: uuid, required: true, generated: uuid}
                  owner: {type: string, required: true}
                  status: {type: enum, values: [ACTIVE, CLOSED], required: true}
                  version: {type: long, role: version}
                  createdAt: {type: instant, role: createdAt}
                  updatedAt: {type: instant, role: updatedAt}
                  ttl: {type: epochSeconds, role: timeToLive}
                keys: {pk: "ACCOUNT#{accountId}", sk: ACCOUNT}
                indexes:
                  Active: {pk: "OWNER#{owner}", sk: "ACCOUNT#{accountId}", when: {equals: {status: ACTIVE}}}
                attributeBag: true
            """, "accounts.yaml");
    private static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    private static final java.util.UUID ID = java.util.UUID.fromString("00000000-0000-0000-0000-000000000001");

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).onClockAt(NOW);

    private static Map<String, AttributeValue> raw(String pk) {
        return new TreeMap<>(db.client().getItem(GetItemRequest.builder().tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("ACCOUNT"))).build()).item());
    }

    @Test
    void create_whenIdIsAbsent_generatesItAndSetsVersionAndTimestamps() {
        DynamicItem created = db.table().create(DynamicItem.builder("Account").set("owner", "ann").set("status", "CLOSED").build());

        assertThat(created.getUuid("accountId")).isNotNull();
        assertThat(created.getLong("version")).isEqualTo(1L);
        assertThat(created.getInstant("createdAt")).isEqualTo(NOW);
        assertThat(created.getInstant("updatedAt")).isEqualTo(NOW);
    }

    @Test
    void put_whenVersionIsStale_failsWithVersionConflict() {
        DynamicItem first = db.table().create(DynamicItem.builder("Account").set("owner", "ben").set("status", "ACTIVE").build());
        db.table().put(first);

        assertThatThrownBy(() -> db.table().put(first)).isInstanceOf(VersionConflictException.class);
    }

    @Test
    void put_whenStatusMeetsTheWhenCondition_writesTheSparseIndexKeysAndOtherwiseNot() {
        db.table().create(DynamicItem.builder("Account").set("accountId", ID).set("owner", "cid").set("status", "ACTIVE").build());
        java.util.UUID closed = java.util.UUID.fromString("00000000-0000-0000-0000-000000000002");
        db.table().create(DynamicItem.builder("Account").set("accountId", closed).set("owner", "cid").set("status", "CLOSED").build());

        assertThat(raw("ACCOUNT#" + ID)).containsEntry("GSI1PK", AttributeValue.fromS("OWNER#cid"))
                .containsEntry("GSI1SK", AttributeValue.fromS("ACCOUNT#" + ID));
        assertThat(raw("ACCOUNT#" + closed)).doesNotContainKeys("GSI1PK", "GSI1SK");
        assertThat(db.table().query(DESIGN.entity("Account")).index("Active").partition(KeyValues.of("owner", "cid")).list())
                .extracting(account -> account.getUuid("accountId")).containsExactly(ID);
    }

    @Test
    void create_whenEnumValueIsNotDeclared_failsBeforeSending() {
        assertThatThrownBy(() -> db.table().create(DynamicItem.builder("Account").set("owner", "dan").set("status", "FROZEN").build()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Account.status: 'FROZEN' is not one of [ACTIVE, CLOSED]; use one of them, or add it to the attribute's "
                        + "values in the schema file");
    }

    @Test
    void get_whenItemHasAttributesTheFileDoesNotDeclare_keepsThemInTheBagAndWritesThemBack() {
        java.util.UUID id = java.util.UUID.fromString("00000000-0000-0000-0000-000000000003");
        db.client().putItem(PutItemRequest.builder().tableName(db.tableName()).item(Map.of(
                "PK", AttributeValue.fromS("ACCOUNT#" + id), "SK", AttributeValue.fromS("ACCOUNT"), "entityType", AttributeValue.fromS("Account"),
                "accountId", AttributeValue.fromS(id.toString()), "owner", AttributeValue.fromS("eve"), "status", AttributeValue.fromS("CLOSED"),
                "version", AttributeValue.fromN("1"), "nickname", AttributeValue.fromS("evie"))).build());

        DynamicItem read = db.table().get(DESIGN.entity("Account"), KeyValues.of("accountId", id), ReadConsistency.STRONG).orElseThrow();
        db.table().put(read.with("owner", "eva"));

        assertThat(read.unmappedAttributes()).isEqualTo(Map.of("nickname", AttributeValue.fromS("evie")));
        assertThat(raw("ACCOUNT#" + id)).containsEntry("nickname", AttributeValue.fromS("evie")).containsEntry("owner", AttributeValue.fromS("eva"));
    }
}
