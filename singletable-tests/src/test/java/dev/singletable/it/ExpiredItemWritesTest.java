package dev.singletable.it;

import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.fixtures.ProductsAndOrders.Order;
import dev.singletable.fixtures.ProductsAndOrders.Status;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Writes take an item whose TTL has passed (by the table's clock) as absent, as reads do: create overwrites it, and
 * update and replace, which need the item, refuse it with ItemNotFoundException and write nothing.
 */
class ExpiredItemWritesTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    /** Ten years ahead, so that every TTL here is in the real future, where an engine's own TTL sweeper leaves it alone. */
    private static final Instant NOW = Instant.now().plus(Duration.ofDays(3650)).truncatedTo(ChronoUnit.SECONDS);
    private static final Instant EXPIRED = NOW.minusSeconds(100);
    private static final Instant LIVE = NOW.plusSeconds(100);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();
    }

    private static Order order(String orderId, Status status, Instant expiresAt) {
        return new Order("X1", orderId, status, BigDecimal.ONE, NOW, expiresAt);
    }

    private static KeyValues key(String orderId) {
        return KeyValues.of(CUSTOMER_ID, "X1").and(ORDER_ID, orderId);
    }

    private static Optional<Order> stored(String orderId) {
        return table.getIncludingExpired(ORDER, key(orderId), ReadConsistency.STRONG);
    }

    @Test
    void create_whenTheKeyHoldsAnExpiredItem_overwritesIt() {
        table.put(order("c1", Status.PENDING, EXPIRED));
        assertThat(table.get(ORDER, key("c1"))).isEmpty();

        Order created = table.create(order("c1", Status.CONFIRMED, LIVE));

        Order expected = order("c1", Status.CONFIRMED, LIVE);
        assertThat(created).isEqualTo(expected);
        assertThat(table.get(ORDER, key("c1"))).contains(expected);
    }

    @Test
    void create_whenTheKeyHoldsALiveItem_isRefused() {
        table.put(order("c2", Status.PENDING, LIVE));
        table.put(order("c3", Status.PENDING, null)); // no TTL: never expires

        assertThatThrownBy(() -> table.create(order("c2", Status.CONFIRMED, LIVE))).isInstanceOf(ItemAlreadyExistsException.class);
        assertThatThrownBy(() -> table.create(order("c3", Status.CONFIRMED, LIVE))).isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(stored("c2").map(Order::status)).contains(Status.PENDING);
        assertThat(stored("c3").map(Order::status)).contains(Status.PENDING);
    }

    @Test
    // the expiry in the refusal is read from the stored item the failed condition returns
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void update_whenTheItemHasExpired_throwsItemNotFoundAndWritesNothing() {
        Order expired = order("u1", Status.PENDING, EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.update(ORDER, key("u1"), u -> u.set(TOTAL, BigDecimal.TEN)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("update of Order {PK=USER#X1, SK=ORDER#u1} in table " + db.tableName() + " was refused: the item at this "
                        + "key has expired (its TTL attribute 'expiresAt' is " + EXPIRED.getEpochSecond() + ", not after now) and "
                        + "reads treat it as absent until DynamoDB deletes it; create it again, or use upsert");
        assertThat(stored("u1")).contains(expired);
    }

    @Test
    void update_whenTheItemLivesOrHasNoTtl_updatesIt() {
        table.put(order("u2", Status.PENDING, LIVE));
        table.put(order("u3", Status.PENDING, null));

        assertThat(table.update(ORDER, key("u2"), u -> u.set(TOTAL, BigDecimal.TEN)))
                .isEqualTo(new Order("X1", "u2", Status.PENDING, BigDecimal.TEN, NOW, LIVE));
        assertThat(table.update(ORDER, key("u3"), u -> u.set(TOTAL, BigDecimal.TEN)))
                .isEqualTo(new Order("X1", "u3", Status.PENDING, BigDecimal.TEN, NOW, null));
    }

    @Test
    // the expiry in the refusal is read from the stored item the failed condition returns
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE)
    void replace_whenTheItemHasExpired_throwsItemNotFoundAndWritesNothing() {
        Order expired = order("r1", Status.PENDING, EXPIRED);
        table.put(expired);

        assertThatThrownBy(() -> table.replace(order("r1", Status.CONFIRMED, LIVE)))
                .isInstanceOf(ItemNotFoundException.class)
                .hasMessage("replace of Order {PK=USER#X1, SK=ORDER#r1} in table " + db.tableName() + " was refused: the item at this "
                        + "key has expired (its TTL attribute 'expiresAt' is " + EXPIRED.getEpochSecond() + ", not after now) and "
                        + "reads treat it as absent until DynamoDB deletes it; create it again");
        assertThat(stored("r1")).contains(expired);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.TRANSACTIONS)
    void transaction_whenCreatingOverAnExpiredItem_overwritesItAsCreateDoes() {
        table.put(order("t1", Status.PENDING, EXPIRED));

        table.transaction().create(order("t1", Status.CONFIRMED, LIVE)).execute();

        assertThat(table.get(ORDER, key("t1"))).contains(order("t1", Status.CONFIRMED, LIVE));
    }
}
