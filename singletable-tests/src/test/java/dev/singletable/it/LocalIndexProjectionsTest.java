package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.Select;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queries of a local secondary index that projects only some attributes: DynamoDB returns the projection unless the
 * request asks for ALL_ATTRIBUTES, which an LSI (unlike a GSI) can serve by fetching the rest from the table.
 */
class LocalIndexProjectionsTest {
    record Event(String userId, String eventId, String at, String payload) {}

    static final Attribute<Event, String> USER = Attribute.required("userId", AttributeTypes.STRING, Event::userId);
    static final Attribute<Event, String> ID = Attribute.required("eventId", AttributeTypes.STRING, Event::eventId);
    static final Attribute<Event, String> AT = Attribute.required("at", AttributeTypes.STRING, Event::at);
    static final Attribute<Event, String> PAYLOAD = Attribute.required("payload", AttributeTypes.STRING, Event::payload);
    static final EntitySchema<Event> EVENT = EntitySchema.builder(Event.class)
            .attributes(USER, ID, AT, PAYLOAD)
            .primaryKey("U#{userId}", "E#{eventId}")
            .index("byTime", "U#{userId}", "T#{at}")
            .index("byTimeWithAt", "U#{userId}", "T#{at}")
            .factory(i -> new Event(i.get(USER), i.get(ID), i.get(AT), i.get(PAYLOAD)))
            .build();
    static final TableSchema SCHEMA = TableSchema.builder("Events")
            .index(IndexSchema.local("byTime").sortKey(KeyAttribute.string("lsk")).projection(Projection.keysOnly()).build())
            .index(IndexSchema.local("byTimeWithAt").sortKey(KeyAttribute.string("lsk2")).projection(Projection.include("at")).build())
            .entities(EVENT)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @BeforeAll
    static void load() {
        db.table().put(new Event("u1", "e1", "2025", "0123456789"));
        db.table().put(new Event("u1", "e2", "2024", "abc"));
    }

    @Test
    void query_onKeysOnlyLsi_returnsWholeItemsInIndexOrder() {
        assertThat(db.table().query(EVENT).index("byTime").partition(USER, "u1").consistentRead().list())
                .containsExactly(new Event("u1", "e2", "2024", "abc"), new Event("u1", "e1", "2025", "0123456789"));
    }

    @Test
    void query_onIncludeLsi_returnsWholeItems() {
        assertThat(db.table().query(EVENT).index("byTimeWithAt").partition(USER, "u1").list())
                .extracting(Event::payload).containsExactly("abc", "0123456789");
    }

    @Test
    void toRequest_onPartialLsi_asksForAllAttributes() {
        assertThat(db.table().query(EVENT).index("byTime").partition(USER, "u1").toRequest().select()).isEqualTo(Select.ALL_ATTRIBUTES);
    }
}
