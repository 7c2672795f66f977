package dev.singletable.spring.boot;

import dev.singletable.extension.RequestEvent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The tag values of each kind of outcome, and the access pattern names a scope takes. */
class RequestTagsTest {
    private static RequestEvent failed(String operation, String code) {
        return new RequestEvent(operation, "Shop", Optional.of("GSI1"), 0, 0, 0, Duration.ZERO, Optional.of(code),
                List.of("Customer", "Order"));
    }

    @Test
    void of_whenThrottled_isThrottledWithTheErrorCode() {
        assertThat(RequestTags.of(failed("Query", "ProvisionedThroughputExceededException"), "ordersByStatus")).containsExactly(
                Map.entry("table", "Shop"), Map.entry("operation", "Query"), Map.entry("entity", "Customer,Order"),
                Map.entry("pattern", "ordersByStatus"), Map.entry("index", "GSI1"), Map.entry("outcome", "throttled"),
                Map.entry("error.code", "ProvisionedThroughputExceededException"));
        assertThat(RequestTags.outcome(failed("PutItem", "ThrottlingException"))).isEqualTo("throttled");
        assertThat(RequestTags.outcome(failed("PutItem", "RequestLimitExceeded"))).isEqualTo("throttled");
    }

    @Test
    void outcome_whenAConditionFailedOrAnythingElse_isConditionFailedOrError() {
        assertThat(RequestTags.outcome(failed("PutItem", "ConditionalCheckFailedException"))).isEqualTo("condition_failed");
        assertThat(RequestTags.outcome(failed("TransactWriteItems", "TransactionCanceledException"))).isEqualTo("error");
        assertThat(RequestTags.outcome(failed("GetItem", RequestEvent.CLIENT_TIMEOUT))).isEqualTo("error");
    }

    @Test
    void of_whenNoEntityIndexOrPattern_saysNone() {
        RequestEvent event = new RequestEvent("DescribeTable", "Shop", Optional.empty(), 0, 0, Duration.ZERO, Optional.empty());

        assertThat(RequestTags.of(event, null)).containsExactly(Map.entry("table", "Shop"), Map.entry("operation", "DescribeTable"),
                Map.entry("entity", "none"), Map.entry("pattern", "none"), Map.entry("index", "none"), Map.entry("outcome", "success"),
                Map.entry("error.code", "none"));
    }

    @Test
    void capacity_whenTheOperationReads_isReadElseWrite() {
        assertThat(List.of("GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems").stream()
                .map(op -> RequestTags.capacity(failed(op, "x")))).containsOnly("read");
        assertThat(List.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems").stream()
                .map(op -> RequestTags.capacity(failed(op, "x")))).containsOnly("write");
    }

    @Test
    void call_whenScopesNest_tagsWithTheInnermostAndRestoresTheOuter() {
        List<Optional<String>> seen = AccessPatternScope.call("outer", () -> List.of(AccessPatternScope.current(),
                AccessPatternScope.call("inner", AccessPatternScope::current), AccessPatternScope.current()));

        assertThat(seen).containsExactly(Optional.of("outer"), Optional.of("inner"), Optional.of("outer"));
        assertThat(AccessPatternScope.current()).isEmpty();
    }

    @Test
    void call_whenTheNameIsNoTagValue_isRefused() {
        assertThatThrownBy(() -> AccessPatternScope.run("orders of C1", () -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("access pattern name 'orders of C1' is not a tag value: use letters, digits, '.', '_' or '-', at most "
                        + "64 characters, and a constant of your code, never a value from a request");
    }
}
