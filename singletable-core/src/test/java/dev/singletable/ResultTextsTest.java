package dev.singletable;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The texts of results that users print: each count with its noun in the right number. */
class ResultTextsTest {
    @Test
    void pageToString_whenOneItem_saysItem() {
        assertThat(Page.last(List.of("a"), 1, 0.5)).hasToString("Page[1 item, last]");
    }

    @Test
    void pageToString_whenSeveralOrNoItems_saysItems() {
        assertThat(Page.followedBy(List.of("a", "b"), "cursor", 1, 0.5)).hasToString("Page[2 items, more]");
        assertThat(Page.last(List.of(), 1, 0)).hasToString("Page[0 items, last]");
    }

    @Test
    void queryResultToString_whenOneItemAndOneRequest_saysBothInTheSingular() {
        assertThat(new QueryResult<>(List.of("a"), 1, 1, 0.5)).hasToString("QueryResult[1 item, 1 request, 0.5 RCU]");
    }

    @Test
    void queryResultToString_whenSeveral_saysThemInThePlural() {
        assertThat(new QueryResult<>(List.of("a", "b", "c"), 2, 3, 1.5)).hasToString("QueryResult[3 items, 2 requests, 1.5 RCU]");
    }

    @Test
    void batchWriteResultToString_whenOneOfEach_saysThemInTheSingular() {
        assertThat(new BatchWriteResult(24, List.of("order O1"), List.of(), 1, 1))
                .hasToString("BatchWriteResult[24 processed, 1 put and 0 deletes unprocessed, 1 request, 1 retry]");
    }

    @Test
    void batchWriteResultToString_whenSeveral_saysThemInThePlural() {
        assertThat(new BatchWriteResult(23, List.of("order O1", "order O2"), List.of(), 3, 2))
                .hasToString("BatchWriteResult[23 processed, 2 puts and 0 deletes unprocessed, 3 requests, 2 retries]");
    }

    @Test
    void batchWriteResultOrThrow_whenOnePutIsLeftAfterOneRequest_saysThemInTheSingular() {
        assertThatThrownBy(() -> new BatchWriteResult(0, List.of("order O1"), List.of(), 1, 0).orThrow())
                .isInstanceOf(BatchIncompleteException.class)
                .hasMessage("Batch write left 1 put and 0 deletes unprocessed after its retry budget ran out (0 processed, 1 request): "
                        + "puts [order O1], deletes []; retry them later or give the batch a larger budget");
    }
}
