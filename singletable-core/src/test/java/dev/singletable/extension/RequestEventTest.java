package dev.singletable.extension;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RequestEventTest {
    @Test
    void writes_whenOperationWritesItems_isTrue() {
        List<String> writing = List.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems",
                "BatchExecuteStatement", "ExecuteTransaction");

        assertThat(writing).allSatisfy(operation -> assertThat(event(operation).writes()).as(operation).isTrue());
    }

    @Test
    void writes_whenOperationReadsOrWorksOnTheTable_isFalse() {
        List<String> notWriting = List.of("GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "ExecuteStatement",
                "CreateTable", "DescribeTable", "DeleteTable", "UpdateTable", "UpdateTimeToLive", "DescribeTimeToLive");

        assertThat(notWriting).allSatisfy(operation -> assertThat(event(operation).writes()).as(operation).isFalse());
    }

    @Test
    void writes_whenOperationIsNotOneATableSends_isFalse() {
        assertThat(event("ListTables").writes()).isFalse();
        assertThat(event("putitem").writes()).isFalse();
    }

    @Test
    void writes_whenExecuteStatementIsReportedAsAWrite_isTrueThoughTheNameAloneReadsAsARead() {
        RequestEvent write = new RequestEvent("ExecuteStatement", "Orders", Optional.empty(), 1, 1, 1.0, Duration.ofMillis(3),
                Optional.empty(), List.of("Order"), true);

        assertThat(write.writes()).isTrue();
        assertThat(new RequestEvent("ExecuteStatement", "Orders", Optional.empty(), 1, 1, 1.0, Duration.ofMillis(3),
                Optional.empty(), List.of("Order")).writes()).isFalse();
    }

    private static RequestEvent event(String operation) {
        return new RequestEvent(operation, "Orders", Optional.empty(), 1, 1.0, Duration.ofMillis(3), Optional.empty());
    }
}
