package dev.singletable.internal.table;

import dev.singletable.DynamoDbRequestException;
import dev.singletable.RequestEvent;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A request's key text is for messages only: rendered when a failure or the debug log needs it, and a request
 * nothing reports on (no listener, debug log off) is neither measured nor reported.
 */
class RequestRunnerReportTest {
    private static final RequestRunner.Outcome<String> ONE_ITEM = RequestRunner.Outcome.of(response -> 1,
            response -> ConsumedCapacity.builder().capacityUnits(0.5).build());

    private final AtomicInteger rendered = new AtomicInteger();
    private final Supplier<Map<String, String>> key = () -> {
        rendered.incrementAndGet();
        return Map.of("PK", "CUSTOMER#C1");
    };

    @Test
    void send_whenItSucceedsAndNothingReports_neverRendersTheKey() {
        RequestRunner runner = new RequestRunner("AppTable", List.of(), () -> "here", () -> false);

        String response = runner.send("GetItem", Optional.empty(), "Order", key, () -> "item", ONE_ITEM);

        assertThat(response).isEqualTo("item");
        assertThat(rendered).hasValue(0);
    }

    @Test
    void send_whenItFails_rendersTheKeyIntoTheMessage() {
        RequestRunner runner = new RequestRunner("AppTable", List.of(), () -> "here", () -> false);

        DynamoDbRequestException failure = catchThrowableOfType(DynamoDbRequestException.class, () -> runner.send("GetItem",
                Optional.empty(), "Order", key, () -> {
                    throw SdkClientException.create("connection reset");
                }, ONE_ITEM));

        assertThat(failure).hasMessage("GetItem of Order {PK=CUSTOMER#C1} in table AppTable failed on its way to or from DynamoDB: "
                + "connection reset; check the endpoint, region and credentials if it keeps failing");
        assertThat(rendered).hasValue(1);
    }

    @Test
    void send_whenAListenerIsRegistered_reportsTheRequestWithoutRenderingTheKey() {
        List<RequestEvent> events = new ArrayList<>();
        RequestRunner runner = new RequestRunner("AppTable", List.of(events::add), () -> "here", () -> false);

        runner.send("GetItem", Optional.of("GSI1"), "Order", key, () -> "item", ONE_ITEM);

        assertThat(events).hasSize(1);
        RequestEvent event = events.get(0);
        assertThat(List.of(event.operation(), event.tableName(), event.indexName(), event.itemCount(), event.consumedCapacity()))
                .containsExactly("GetItem", "AppTable", Optional.of("GSI1"), 1, 0.5);
        assertThat(event.duration().isNegative()).isFalse();
        assertThat(rendered).hasValue(0); // the debug log of dev.singletable.requests is off in the tests
    }
}
