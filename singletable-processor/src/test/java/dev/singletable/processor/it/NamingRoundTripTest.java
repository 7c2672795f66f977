package dev.singletable.processor.it;

import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static dev.singletable.processor.it.RawItems.item;
import static dev.singletable.processor.it.RawItems.n;
import static dev.singletable.processor.it.RawItems.s;
import static dev.singletable.processor.it.RawItems.stored;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code @Entity(naming = SNAKE_CASE)} on the engine: stored names, keys built from them, and the entity read back. */
class NamingRoundTripTest {
    static final TableSchema SCHEMA = TableSchema.builder("NamedThings")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .entities(SubscriberSchema.INSTANCE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void putGetAndQuery_whenNamingIsSnakeCase_storesSnakeCaseNamesAndReadsTheEntityBack() {
        Subscriber written = new Subscriber("S1", "gold", "ann@example.com", LocalDate.of(2025, 5, 19), 3,
                "https://example.com/ann", "annie", new ShippingLabel("1 Main St", "12345"));

        db.table().put(written);
        Subscriber got = db.table().get(SubscriberSchema.INSTANCE,
                KeyValues.of(SubscriberSchema.SUBSCRIBER_ID, "S1").and(SubscriberSchema.PLAN_NAME, "gold")).orElseThrow();
        List<Subscriber> queried = db.table().query(SubscriberSchema.INSTANCE)
                .partition(KeyValues.of(SubscriberSchema.SUBSCRIBER_ID, "S1")).list();
        List<Subscriber> byEmail = db.table().query(SubscriberSchema.INSTANCE).index(SubscriberSchema.GSI1)
                .partition(KeyValues.of(SubscriberSchema.EMAIL_ADDRESS, "ann@example.com")).list();

        assertThat(stored(db, "SUBSCRIBER#S1", "PLAN#gold")).isEqualTo(item(
                "PK", s("SUBSCRIBER#S1"), "SK", s("PLAN#gold"), "GSI1PK", s("EMAIL#ann@example.com"), "GSI1SK", s("2025-05-19"),
                "entityType", s("Subscriber"), "subscriber_id", s("S1"), "plan_name", s("gold"), "email_address", s("ann@example.com"),
                "signed_up_on", s("2025-05-19"), "renewal_count", n("3"), "profile_url", s("https://example.com/ann"), "Nick", s("annie"),
                "shipping_label", AttributeValue.fromM(Map.of("StreetLine", s("1 Main St"), "PostalCode", s("12345")))));
        assertThat(got).isEqualTo(written);
        assertThat(queried).containsExactly(written);
        assertThat(byEmail).containsExactly(written);
    }

    @Test
    void getAndQuery_whenOtherCodeStoredTheSnakeCaseNames_readsThemIntoTheJavaProperties() {
        Map<String, AttributeValue> raw = item(
                "PK", s("SUBSCRIBER#S2"), "SK", s("PLAN#basic"), "entityType", s("Subscriber"), "subscriber_id", s("S2"),
                "plan_name", s("basic"), "renewal_count", n("0"), "shipping_label", AttributeValue.fromM(Map.of("PostalCode", s("999"))));
        db.client().putItem(b -> b.tableName(db.tableName()).item(raw));

        Subscriber got = db.table().get(SubscriberSchema.INSTANCE,
                KeyValues.of(SubscriberSchema.SUBSCRIBER_ID, "S2").and(SubscriberSchema.PLAN_NAME, "basic")).orElseThrow();
        List<Subscriber> queried = db.table().query(SubscriberSchema.INSTANCE)
                .partition(KeyValues.of(SubscriberSchema.SUBSCRIBER_ID, "S2")).list();

        Subscriber expected = new Subscriber("S2", "basic", null, null, 0, null, null, new ShippingLabel(null, "999"));
        assertThat(got).isEqualTo(expected);
        assertThat(queried).containsExactly(expected);
    }
}
