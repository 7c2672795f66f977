package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;

import static dev.singletable.ReadFixtures.CUSTOMER;
import static dev.singletable.ReadFixtures.CUSTOMER_ID;
import static dev.singletable.ReadFixtures.CUSTOMER_ITEMS;
import static dev.singletable.ReadFixtures.ORDER;
import static dev.singletable.ReadFixtures.ORDER_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A query of one entity reads only that entity's items (issue 10): its key condition narrows the sort key to the
 * literal prefix of the entity's sort key template, a user's sort condition refines it, and the entity-type filter
 * stays only where other entity types' keys can still match (said in {@link Explanation#notes()}).
 */
class QueryNarrowingTest {
    private final Table table = ReadFixtures.table();

    record Line(String customerId, String orderId, String line) {
    }

    static final Attribute<Line, String> L_CUSTOMER = Attribute.required("customerId", AttributeTypes.STRING, Line::customerId);
    static final Attribute<Line, String> L_ORDER = Attribute.required("orderId", AttributeTypes.STRING, Line::orderId);
    static final Attribute<Line, String> L_LINE = Attribute.required("line", AttributeTypes.STRING, Line::line);
    /** Its sort keys start with ORDER#, as orders' do: a prefix alone cannot tell the two apart. */
    static final EntitySchema<Line> LINE = EntitySchema.builder(Line.class).attributes(L_CUSTOMER, L_ORDER, L_LINE)
            .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}#LINE#{line}")
            .factory(item -> new Line(item.get(L_CUSTOMER), item.get(L_ORDER), item.get(L_LINE)))
            .build();

    private final Table withLines = Table.offline(ReadFixtures.SCHEMA.toBuilder().entities(LINE).build());

    private static Map<String, AttributeValue> values(String... pairs) {
        Map<String, AttributeValue> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], AttributeValue.fromS(pairs[i + 1]));
        }
        return map;
    }

    private static QueryRequest keyOnly(String keyCondition, Map<String, AttributeValue> values) {
        return QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression(keyCondition)
                .expressionAttributeNames(keyCondition.contains("#sk") ? Map.of("#pk", "PK", "#sk", "SK") : Map.of("#pk", "PK"))
                .expressionAttributeValues(values)
                .build();
    }

    @Test
    void query_whenNoSortCondition_narrowsToTheLiteralPrefixOfTheSortKeyTemplate() {
        assertThat(table.query(ORDER).partition(CUSTOMER_ID, "C1").toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND begins_with(#sk, :sk)", values(":pk", "CUSTOMER#C1", ":sk", "ORDER#")));
    }

    @Test
    void query_whenTheSortKeyTemplateHasNoSlot_readsThatOneKey() {
        assertThat(table.query(CUSTOMER).partition(CUSTOMER_ID, "C1").toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND #sk = :sk", values(":pk", "CUSTOMER#C1", ":sk", "PROFILE")));
    }

    @Test
    void query_whenUserPrefixIsNarrower_sendsItAlone() {
        assertThat(table.query(ORDER).partition(CUSTOMER_ID, "C1").sortBeginsWithRaw("ORDER#2025").toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND begins_with(#sk, :sk)", values(":pk", "CUSTOMER#C1", ":sk", "ORDER#2025")));
    }

    @Test
    void query_whenUserRawPrefixIsWiderThanTheLiteralPrefix_sendsTheirIntersection() {
        assertThat(table.query(ORDER).partition(CUSTOMER_ID, "C1").sortBeginsWithRaw("OR").toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND begins_with(#sk, :sk)", values(":pk", "CUSTOMER#C1", ":sk", "ORDER#")));
    }

    @Test
    void query_whenUserRawPrefixIsOutsideTheLiteralPrefix_failsBeforeSending() {
        assertThatThrownBy(() -> table.query(ORDER).partition(CUSTOMER_ID, "C1").sortBeginsWithRaw("PRO").toRequest())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Order: the sort key prefix 'PRO' matches no sort key of Order, which all start with 'ORDER#'; "
                        + "give a prefix that starts with 'ORDER#' (or none)");
    }

    @Test
    void query_whenUserRangeCondition_sendsItAsGivenAndKeepsTheTypeFilterForEntitiesThatShareThePartition() {
        Query<ReadFixtures.Order> query = table.query(ORDER).partition(CUSTOMER_ID, "C1").sortGreaterThan(KeyValues.of(ORDER_ID, "O5"));

        assertThat(query.toRequest()).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk AND #sk > :sk")
                .filterExpression("#et = :et")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK", "#et", "entityType"))
                .expressionAttributeValues(values(":pk", "CUSTOMER#C1", ":sk", "ORDER#O5", ":et", "Order"))
                .build());
        assertThat(query.explain().notes()).containsExactly("the entity-type filter stays: items of Customer can have this "
                + "partition key and match the sort key condition #sk > 'ORDER#O5', so DynamoDB reads them and the filter drops them");
    }

    @Test
    void query_whenBetweenTwoKeysInsideThePrefix_needsNoTypeFilterUnlessAnotherEntityCanStartWithThePrefix() {
        KeyValues from = KeyValues.of(ORDER_ID, "O1");
        KeyValues to = KeyValues.of(ORDER_ID, "O5");

        assertThat(table.query(ORDER).partition(CUSTOMER_ID, "C1").sortBetween(from, to).toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND #sk BETWEEN :sk AND :sk2",
                        values(":pk", "CUSTOMER#C1", ":sk", "ORDER#O1", ":sk2", "ORDER#O5")));
        assertThat(withLines.query(ORDER).partition(CUSTOMER_ID, "C1").sortBetween(from, to).toRequest().filterExpression())
                .isEqualTo("#et = :et");
    }

    @Test
    void query_whenAnotherEntitysSortKeysStartWithTheSamePrefix_keepsTheTypeFilterAndSaysWhy() {
        Query<ReadFixtures.Order> query = withLines.query(ORDER).partition(CUSTOMER_ID, "C1");

        assertThat(query.toRequest()).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .filterExpression("#et = :et")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK", "#et", "entityType"))
                .expressionAttributeValues(values(":pk", "CUSTOMER#C1", ":sk", "ORDER#", ":et", "Order"))
                .build());
        assertThat(query.explain().notes()).containsExactly("the entity-type filter stays: items of Line can have this "
                + "partition key and match the sort key condition begins_with(#sk, 'ORDER#'), so DynamoDB reads them and the "
                + "filter drops them");
    }

    @Test
    void query_whenTheWholeSortKeyIsGiven_needsNoTypeFilterEvenWhereThePrefixIsShared() {
        // no line's key equals ORDER#O1: lines' keys always go on with #LINE#, and '#' in an order id is escaped
        assertThat(withLines.query(ORDER).partition(CUSTOMER_ID, "C1").sortEquals(KeyValues.of(ORDER_ID, "O1")).toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND #sk = :sk", values(":pk", "CUSTOMER#C1", ":sk", "ORDER#O1")));
        assertThat(withLines.query(LINE).partition(L_CUSTOMER, "C1").sortEquals(KeyValues.of(L_ORDER, "O1").and(L_LINE, "1"))
                .toRequest()).isEqualTo(keyOnly("#pk = :pk AND #sk = :sk", values(":pk", "CUSTOMER#C1", ":sk", "ORDER#O1#LINE#1")));
    }

    @Test
    void query_ofACollection_narrowsToTheMembersCommonPrefixWhenTheyHaveOne() {
        EntityCollection<Object> ordersAndLines = EntityCollection.of(Object.class, ORDER, LINE);

        assertThat(withLines.query(ordersAndLines).partition(KeyValues.of("customerId", "C1")).toRequest())
                .isEqualTo(keyOnly("#pk = :pk AND begins_with(#sk, :sk)", values(":pk", "CUSTOMER#C1", ":sk", "ORDER#")));
        // PROFILE and ORDER# have no common prefix: the whole partition, no filter (foreign items are skipped)
        assertThat(table.query(CUSTOMER_ITEMS).partition(KeyValues.of("customerId", "C1")).toRequest())
                .isEqualTo(keyOnly("#pk = :pk", values(":pk", "CUSTOMER#C1")));
        assertThat(table.query(CUSTOMER_ITEMS).partition(KeyValues.of("customerId", "C1")).explain().notes()).isEqualTo(List.of());
    }
}
