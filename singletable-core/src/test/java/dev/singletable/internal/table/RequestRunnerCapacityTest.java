package dev.singletable.internal.table;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Consumed capacity is asked for only when something reads it: a request listener, or the debug log of
 * {@code dev.singletable.requests} (asked per request, as its level may change while the table lives).
 * The rendered requests of both cases are asserted in QueryRenderingTest and the database tests.
 */
class RequestRunnerCapacityTest {
    @Test
    void consumedCapacity_whenDebugLogTurnsOnAndOffWithoutListeners_followsIt() {
        AtomicBoolean debug = new AtomicBoolean(false);
        RequestRunner runner = new RequestRunner("AppTable", List.of(), () -> "here", debug::get);
        List<ReturnConsumedCapacity> asked = new ArrayList<>();

        asked.add(runner.consumedCapacity());
        debug.set(true);
        asked.add(runner.consumedCapacity());
        debug.set(false);
        asked.add(runner.consumedCapacity());

        assertThat(asked).containsExactly(null, ReturnConsumedCapacity.TOTAL, null);
    }

    @Test
    void consumedCapacity_whenAListenerIsRegistered_isTotalWhateverTheLog() {
        RequestRunner runner = new RequestRunner("AppTable", List.of(event -> { }), () -> "here", () -> false);

        assertThat(runner.consumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
    }
}
