package dev.singletable.cli.engine;

import dev.singletable.extension.RequestEvent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A failed request was sent all the same: the meter counts it among the requests, and names it among the failures. */
class RequestMeterTest {
    private static RequestEvent succeeded(String operation, int items, double units) {
        return new RequestEvent(operation, "AppTable", Optional.empty(), items, units, Duration.ofMillis(3), Optional.empty());
    }

    private static RequestEvent failed(String operation, String code) {
        return new RequestEvent(operation, "AppTable", Optional.empty(), 0, 0, Duration.ofMillis(2), Optional.of(code));
    }

    @Test
    void onRequest_whenSomeRequestsFail_countsThemSentAndNamesTheirCodes() {
        RequestMeter meter = new RequestMeter();

        List.of(succeeded("GetItem", 1, 0.5), failed("PutItem", "ConditionalCheckFailedException"), succeeded("PutItem", 1, 1),
                failed("PutItem", "ConditionalCheckFailedException"), failed("ExecuteTransaction", "TransactionCanceledException"))
                .forEach(meter::onRequest);

        assertThat(List.of(meter.requests(), meter.requests("PutItem"), meter.succeeded("PutItem"), meter.succeeded("ExecuteTransaction")))
                .containsExactly(5, 3, 1, 0);
        assertThat(meter.failures()).containsExactly(Map.entry("ConditionalCheckFailedException", 2),
                Map.entry("TransactionCanceledException", 1));
        assertThat(RequestMeter.failuresText(meter.failures()))
                .isEqualTo("3 failed: ConditionalCheckFailedException x2, TransactionCanceledException");
        assertThat(meter.capacity()).isEqualTo(1.5);
        assertThat(meter.unreported()).isEmpty(); // a failed request reads and writes no item: its 0 units are not "unreported"
    }

    @Test
    void reset_whenRequestsFailedBefore_forgetsTheFailures() {
        RequestMeter meter = new RequestMeter();
        meter.onRequest(failed("CreateTable", "ResourceInUseException"));

        meter.reset();

        assertThat(List.of(meter.requests(), meter.requests("CreateTable"), meter.succeeded("CreateTable"))).containsExactly(0, 0, 0);
        assertThat(meter.failures()).isEmpty();
        assertThat(RequestMeter.failuresText(meter.failures())).isEmpty();
    }

    @Test
    void writeCapacity_whenReadsAndWritesWereSent_splitsTheUnitsByOperation() {
        RequestMeter meter = new RequestMeter();

        List.of(succeeded("GetItem", 1, 1), succeeded("Scan", 40, 2.5), succeeded("PutItem", 1, 1), succeeded("UpdateItem", 1, 2),
                succeeded("TransactWriteItems", 2, 4), succeeded("DeleteItem", 1, 1)).forEach(meter::onRequest);

        assertThat(List.of(meter.writeCapacity(), meter.readCapacity(), meter.capacity())).containsExactly(8.0, 3.5, 11.5);
    }
}
