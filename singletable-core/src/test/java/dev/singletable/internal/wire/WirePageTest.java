package dev.singletable.internal.wire;

import dev.singletable.WireCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** How a marked request's page reaches the interceptor: on the marking thread, by the request's identity, once. */
class WirePageTest {
    private static DynamoDbClient client;

    @BeforeAll
    static void client() {
        // never sends: the pages are only marked and taken
        client = DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:9")).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .overrideConfiguration(WireCodec::install).build();
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @Test
    void takeArmedFor_whenTheMarkedRequestIsSentOnTheMarkingThread_givesItsPageOnce() {
        WirePage page = WirePage.forRequest(client, "Query").orElseThrow();
        QueryRequest request = QueryRequest.builder().tableName("T").build();

        QueryRequest marked = page.mark(request);

        List<Object> taken = new ArrayList<>();
        taken.add(marked == request);
        taken.add(WirePage.takeArmedFor(request) == page);
        taken.add(WirePage.takeArmedFor(request) == null);
        assertThat(taken).isEqualTo(List.of(true, true, true));
    }

    @Test
    void takeArmedFor_whenAnEqualRequestOrAnotherThreadAsks_givesNothingAndKeepsThePageForItsRequest() {
        WirePage page = WirePage.forRequest(client, "Query").orElseThrow();
        QueryRequest request = QueryRequest.builder().tableName("T").build();
        page.mark(request);

        WirePage forEqualRequest = WirePage.takeArmedFor(QueryRequest.builder().tableName("T").build());
        WirePage onOtherThread = CompletableFuture.supplyAsync(() -> WirePage.takeArmedFor(request)).join();
        WirePage forItsRequest = WirePage.takeArmedFor(request);

        assertThat(new Object[]{forEqualRequest, onOtherThread, forItsRequest}).containsExactly(null, null, page);
    }

    @Test
    void forRequest_whenTheOperationIsNotARead_givesNoPage() {
        assertThat(List.of(WirePage.forRequest(client, "PutItem").isPresent(), WirePage.forRequest(client, "Query").isPresent()))
                .isEqualTo(List.of(false, true));
    }
}
