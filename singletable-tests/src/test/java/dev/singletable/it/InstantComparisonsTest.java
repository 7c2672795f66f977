package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.singletable.it.BadInputModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An instant outside key slots is stored as {@code Instant.toString()}, whose text does not sort in time order: an ordered
 * comparison on it is refused before anything is sent, while equality, {@code in} and a sort-key range (fixed-width text)
 * give the right answers on the engine.
 */
class InstantComparisonsTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final Instant WHOLE = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant HALF_A_SECOND_LATER = Instant.parse("2025-01-01T00:00:00.5Z");

    private static Table table;

    @BeforeAll
    static void seed() {
        table = Table.builder(db.table().schema(), db.client()).build();
        table.create(new Order("C1", "O1", Status.NEW, BigDecimal.ONE, WHOLE, null));
        table.create(new Order("C1", "O2", Status.NEW, BigDecimal.ONE, HALF_A_SECOND_LATER, null));
    }

    @Test
    void storedText_whenInstantsDifferInTheirFraction_sortsAgainstTimeOrderOnTheEngine() {
        // what the refused comparison would have sent: placedAt < the later instant's text, which DynamoDB compares as text
        List<Map<String, AttributeValue>> earlier = db.client().scan(ScanRequest.builder().tableName(db.tableName())
                .filterExpression("#p < :v").expressionAttributeNames(Map.of("#p", "placedAt"))
                .expressionAttributeValues(Map.of(":v", AttributeValue.fromS("2025-01-01T00:00:00.500Z"))).build()).items();

        assertThat(earlier).isEmpty(); // O1 is earlier in time, yet "...00Z" sorts after "...00.500Z"
    }

    @Test
    void filterAndCondition_whenOrderedOnAnInstant_areRefusedBeforeAnythingIsSent() {
        String message = "Condition.lt(placedAt, 2025-01-01T00:00:00.500Z): < compares the stored values of placedAt, and an instant "
                + "is stored as ISO-8601 text whose fraction varies in width and which ends in Z, so 2025-01-01T00:00:00Z sorts "
                + "after 2025-01-01T00:00:00.500Z, half a second later: DynamoDB would silently give wrong answers; compare it "
                + "through a sort-key slot, whose fixed-width text keeps time order (a query's sort key range), or store it as "
                + "epoch seconds (AttributeTypes.EPOCH_SECONDS), a Number DynamoDB compares by value";

        assertThatThrownBy(() -> table.query(ORDER).partition(O_CUSTOMER, "C1").filter(Condition.lt(O_PLACED, HALF_A_SECOND_LATER)).list())
                .isInstanceOf(ValidationException.class).hasMessage(message);
        assertThatThrownBy(() -> table.delete(ORDER, orderKey("C1", "O1"), Condition.lt(O_PLACED, HALF_A_SECOND_LATER)))
                .isInstanceOf(ValidationException.class).hasMessage(message);
        assertThat(table.scan(ORDER).list()).extracting(Order::orderId).containsExactlyInAnyOrder("O1", "O2");
    }

    @Test
    void filter_whenEqualOrInOnAnInstant_readsTheMatchingOrders() {
        assertThat(table.query(ORDER).partition(O_CUSTOMER, "C1").filter(Condition.eq(O_PLACED, HALF_A_SECOND_LATER)).list())
                .extracting(Order::orderId).containsExactly("O2");
        assertThat(table.query(ORDER).partition(O_CUSTOMER, "C1").filter(Condition.in(O_PLACED, WHOLE, HALF_A_SECOND_LATER)).list())
                .extracting(Order::orderId).containsExactly("O1", "O2");
    }

    @Test
    void query_whenASortKeySlotHoldsTheInstant_comparesInTimeOrder() {
        assertThat(table.query(ORDER).index("GSI1").partition(O_STATUS, Status.NEW)
                .sortLessThan(KeyValues.of(O_PLACED, HALF_A_SECOND_LATER)).list()).extracting(Order::orderId).containsExactly("O1");
    }
}
