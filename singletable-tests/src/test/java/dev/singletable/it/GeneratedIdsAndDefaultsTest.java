package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.AsyncTable;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.annotations.Default;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Index;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.singletable.it.AsyncCalls.awaited;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A write fills a generated id and a default before it composes the keys, and hands back the entity as written: with the
 * id it stored (a caller that retried a put without it would write a second item) and the defaulted attribute, whichever
 * way the entity is declared (annotated record, builder, schema file) and though nothing else (no timestamp or version)
 * makes the written entity differ from the one given.
 */
class GeneratedIdsAndDefaultsTest {
    /** No maintained attribute: only the generated id tells the written entity from the given one. */
    @Entity(pk = "CUSTOMER#{customerId}", sk = "ORDER#{orderId}")
    public record Ord(String customerId, @GeneratedId(GeneratedId.Strategy.UUID) String orderId, String status) {
    }

    /** A default that fills an index key: an item without it must still be in the index, under the default. */
    @Entity(pk = "USER#{username}", sk = "POST#{postId}")
    @Index(name = "GSI1", pk = "POST", sk = "STATUS#{published}#{postId}")
    public record Post(String username, @GeneratedId(GeneratedId.Strategy.ULID) String postId, String title,
                       @Default("false") Boolean published) {
    }

    /** The builder's way of a generated id: a beforeWrite step filling it when null. */
    record Ticket(String ticketId, String subject) {
        Ticket withTicketId(String id) {
            return new Ticket(id, subject);
        }
    }

    static final Attribute<Ticket, String> TICKET_ID = Attribute.required("ticketId", AttributeTypes.STRING, Ticket::ticketId);
    static final Attribute<Ticket, String> SUBJECT = Attribute.of("subject", AttributeTypes.STRING, Ticket::subject);
    static final EntitySchema<Ticket> TICKET = EntitySchema.builder(Ticket.class)
            .attributes(TICKET_ID, SUBJECT)
            .primaryKey("TICKET#{ticketId}", "TICKET")
            .beforeWrite(t -> t.ticketId() != null ? t : t.withTicketId(UUID.randomUUID().toString()))
            .factory(i -> new Ticket(i.get(TICKET_ID), i.get(SUBJECT)))
            .build();

    /** The same designs as a schema file. */
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Ids
              partitionKey: {name: PK}
              sortKey: {name: SK}
              indexes:
                - {name: GSI1, kind: global, partitionKey: {name: GSI1PK}, sortKey: {name: GSI1SK}}
            entities:
              Note:
                attributes:
                  userId: {type: string, required: true}
                  noteId: {type: string, required: true, generated: ulid}
                  text: {type: string}
                keys: {pk: "NOTEUSER#{userId}", sk: "NOTE#{noteId}"}
              Draft:
                attributes:
                  username: {type: string, required: true}
                  draftId: {type: string, required: true, generated: uuid}
                  title: {type: string, required: true}
                  published: {type: boolean, default: false}
                keys: {pk: "DRAFTUSER#{username}", sk: "DRAFT#{draftId}"}
                indexes:
                  GSI1: {pk: DRAFT, sk: "STATUS#{published}#{draftId}"}
            """, "ids.yaml");
    static final EntitySchema<DynamicItem> NOTE = DESIGN.entity("Note");
    static final EntitySchema<DynamicItem> DRAFT = DESIGN.entity("Draft");

    static final TableSchema SCHEMA = TableSchema.builder("Ids")
            .index(IndexSchema.global("GSI1").partitionKey(KeyAttribute.string("GSI1PK")).sortKey(KeyAttribute.string("GSI1SK")).build())
            .entities(GeneratedIdsAndDefaultsTest_OrdSchema.INSTANCE, GeneratedIdsAndDefaultsTest_PostSchema.INSTANCE, TICKET, NOTE, DRAFT)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.of(db.table().schema(), db.client());
    }

    private static Ord stored(Ord order) {
        return table.get(GeneratedIdsAndDefaultsTest_OrdSchema.INSTANCE, KeyValues.of("customerId", order.customerId())
                .and("orderId", order.orderId()), ReadConsistency.STRONG).orElseThrow();
    }

    @Test
    void put_whenAnAnnotatedRecordLeavesItsGeneratedIdNull_returnsTheIdItStored() {
        Ord written = table.put(new Ord("C1", null, "Shipped"));

        assertThat(written.orderId()).isNotNull();
        assertThat(stored(written)).isEqualTo(written);
    }

    @Test
    void create_whenAnAnnotatedRecordLeavesItsGeneratedIdNull_returnsTheIdItStored() {
        Ord written = table.create(new Ord("C2", null, "Pending"));

        assertThat(written.orderId()).isNotNull();
        assertThat(stored(written)).isEqualTo(written);
    }

    @Test
    void asyncPut_whenAnAnnotatedRecordLeavesItsGeneratedIdNull_returnsTheIdItStored() {
        AsyncTable async = AsyncTable.of(db.table().schema(), db.engine().asyncClient());

        Ord written = awaited(async.put(new Ord("C3", null, "Shipped")));
        Ord created = awaited(async.create(new Ord("C3", null, "Pending")));

        assertThat(written.orderId()).isNotNull();
        assertThat(created.orderId()).isNotNull().isNotEqualTo(written.orderId());
        assertThat(stored(written)).isEqualTo(written);
        assertThat(stored(created)).isEqualTo(created);
    }

    @Test
    void put_whenABuilderEntityFillsItsIdBeforeWrite_returnsTheIdItStored() {
        Ticket written = table.put(new Ticket(null, "printer"));

        assertThat(written.ticketId()).isNotNull();
        assertThat(table.get(TICKET, KeyValues.of(TICKET_ID, written.ticketId()), ReadConsistency.STRONG)).contains(written);
    }

    @Test
    void putAndCreate_whenASchemaFileEntityLeavesItsGeneratedIdOut_returnTheIdTheyStored() {
        DynamicItem put = table.put(DESIGN.item("Note", Map.of("userId", "alice", "text", "x")));
        DynamicItem created = table.create(DESIGN.item("Note", Map.of("userId", "alice", "text", "y")));

        for (DynamicItem written : List.of(put, created)) {
            assertThat(written.has("noteId")).isTrue();
            assertThat(table.get(NOTE, KeyValues.of("userId", "alice").and("noteId", written.getString("noteId")), ReadConsistency.STRONG))
                    .contains(written);
        }
        assertThat(put.getString("noteId")).isNotEqualTo(created.getString("noteId"));
    }

    @Test
    void put_whenAnAnnotatedRecordLeavesADefaultedKeySlotNull_indexesItUnderTheDefaultAndReturnsIt() {
        Post written = table.put(new Post("alice", null, "Draft", null));

        assertThat(written.published()).isFalse();
        assertThat(written.postId()).isNotNull();
        assertThat(table.query(GeneratedIdsAndDefaultsTest_PostSchema.INSTANCE).index("GSI1").partition(KeyValues.none())
                .sortBeginsWith(KeyValues.of("published", false)).list()).contains(written);
    }

    @Test
    void put_whenASchemaFileItemLeavesADefaultedKeySlotOut_indexesItUnderTheDefaultAndReturnsIt() {
        DynamicItem written = table.put(DESIGN.item("Draft", Map.of("username", "alice", "title", "Draft")));

        assertThat(written.getBoolean("published")).isFalse();
        String draftId = written.getString("draftId");
        Map<String, AttributeValue> item = db.client().getItem(r -> r.tableName(db.table().schema().name()).consistentRead(true).key(Map.of(
                "PK", AttributeValue.fromS("DRAFTUSER#alice"), "SK", AttributeValue.fromS("DRAFT#" + draftId)))).item();
        assertThat(item).containsEntry("GSI1PK", AttributeValue.fromS("DRAFT"))
                .containsEntry("GSI1SK", AttributeValue.fromS("STATUS#false#" + draftId));
        assertThat(table.query(DRAFT).index("GSI1").partition(KeyValues.none()).sortBeginsWith(KeyValues.of("published", false))
                .list()).contains(written);
    }

    private static Map<String, AttributeValue> raw(String pk, String sk) {
        return db.client().getItem(r -> r.tableName(db.table().schema().name()).consistentRead(true).key(Map.of(
                "PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk)))).item();
    }

    @Test
    void upsert_whenItCreatesAnItemLeavingADefaultedIndexSlotOut_indexesItUnderTheDefaultAsCreateDoes() {
        Post upserted = table.upsert(GeneratedIdsAndDefaultsTest_PostSchema.INSTANCE, KeyValues.of("username", "bob").and("postId", "P1"),
                u -> u.set(GeneratedIdsAndDefaultsTest_PostSchema.TITLE, "Hello"));
        Post created = table.create(new Post("bob", "P2", "Hello", null));

        assertThat(upserted.published()).isFalse();
        assertThat(raw("USER#bob", "POST#P1")).containsEntry("GSI1PK", AttributeValue.fromS("POST"))
                .containsEntry("GSI1SK", AttributeValue.fromS("STATUS#false#P1"));
        assertThat(raw("USER#bob", "POST#P2")).containsEntry("GSI1SK", AttributeValue.fromS("STATUS#false#P2"));
        assertThat(table.query(GeneratedIdsAndDefaultsTest_PostSchema.INSTANCE).index("GSI1").partition(KeyValues.none())
                .sortBeginsWith(KeyValues.of("published", false)).list()).contains(upserted, created);
    }

    @Test
    void upsert_whenTheItemExistsWithAnotherValueOfTheDefaultedSlot_keepsItsIndexKey() {
        table.create(new Post("carol", "P3", "Old", true));

        Post upserted = table.upsert(GeneratedIdsAndDefaultsTest_PostSchema.INSTANCE, KeyValues.of("username", "carol").and("postId", "P3"),
                u -> u.set(GeneratedIdsAndDefaultsTest_PostSchema.TITLE, "New"));

        assertThat(upserted).isEqualTo(new Post("carol", "P3", "New", true));
        assertThat(raw("USER#carol", "POST#P3")).containsEntry("GSI1SK", AttributeValue.fromS("STATUS#true#P3"));
    }

    @Test
    void upsert_whenItCreatesASchemaFileItemLeavingADefaultedIndexSlotOut_indexesItUnderTheDefault() {
        DynamicItem upserted = table.upsert(DRAFT, KeyValues.of("username", "bob").and("draftId", "D1"),
                u -> u.set(DESIGN.attribute("Draft", "title", String.class), "Hello"));

        assertThat(upserted.getBoolean("published")).isFalse();
        assertThat(raw("DRAFTUSER#bob", "DRAFT#D1")).containsEntry("GSI1PK", AttributeValue.fromS("DRAFT"))
                .containsEntry("GSI1SK", AttributeValue.fromS("STATUS#false#D1"));
    }
}
