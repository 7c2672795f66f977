package dev.singletable.internal.page;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seam of singletable-wire's codec: a page exists only on a client carrying a page decoder that reads the operation,
 * and a marked request's page reaches the decoder on the marking thread, by the request's identity, once.
 */
class DecodedPageTest {
    /** A decoder of Query alone, as an interceptor on the client. */
    private static final class QueryDecoder implements ExecutionInterceptor, PageDecoder {
        @Override
        public boolean reads(String operation) {
            return operation.equals("Query");
        }
    }

    private static DynamoDbClient withDecoder;
    private static DynamoDbClient without;

    @BeforeAll
    static void clients() {
        // never send: the pages are only marked and taken
        withDecoder = client(true);
        without = client(false);
    }

    private static DynamoDbClient client(boolean decoder) {
        return DynamoDbClient.builder().endpointOverride(URI.create("http://127.0.0.1:9")).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .overrideConfiguration(configuration -> {
                    if (decoder) {
                        configuration.addExecutionInterceptor(new QueryDecoder());
                    }
                }).build();
    }

    @AfterAll
    static void close() {
        withDecoder.close();
        without.close();
    }

    @Test
    void forRequest_whenTheClientsDecoderReadsTheOperationOrNot_givesAPageOnlyForWhatItReads() {
        List<Boolean> pages = List.of(DecodedPage.forRequest(withDecoder, "Query").isPresent(),
                DecodedPage.forRequest(withDecoder, "Scan").isPresent(),
                DecodedPage.forRequest(without, "Query").isPresent(),
                DecodedPage.forRequest(withDecoder, "Query").isPresent());

        assertThat(pages).isEqualTo(List.of(true, false, false, true));
    }

    @Test
    void takeArmedFor_whenTheMarkedRequestIsSentOnTheMarkingThread_givesItsPageOnce() {
        DecodedPage page = DecodedPage.forRequest(withDecoder, "Query").orElseThrow();
        QueryRequest request = QueryRequest.builder().tableName("T").build();

        QueryRequest marked = page.mark(request);

        List<Object> taken = new ArrayList<>();
        taken.add(marked == request);
        taken.add(DecodedPage.takeArmedFor(request).orElseThrow() == page);
        taken.add(DecodedPage.takeArmedFor(request).isPresent());
        assertThat(taken).isEqualTo(List.of(true, true, false));
    }

    @Test
    void takeArmedFor_whenAnEqualRequestOrAnotherThreadAsks_givesNothingAndKeepsThePageForItsRequest() {
        DecodedPage page = DecodedPage.forRequest(withDecoder, "Query").orElseThrow();
        QueryRequest request = QueryRequest.builder().tableName("T").build();
        page.mark(request);

        Optional<DecodedPage> forEqualRequest = DecodedPage.takeArmedFor(QueryRequest.builder().tableName("T").build());
        Optional<DecodedPage> onOtherThread = CompletableFuture.supplyAsync(() -> DecodedPage.takeArmedFor(request)).join();
        Optional<DecodedPage> forItsRequest = DecodedPage.takeArmedFor(request);

        assertThat(List.of(forEqualRequest, onOtherThread, forItsRequest)).containsExactly(Optional.empty(), Optional.empty(), Optional.of(page));
    }

    @Test
    void items_whenDecodedThenClearedForARetry_givesTheItemsThenNothing() {
        DecodedPage page = DecodedPage.forRequest(withDecoder, "Query").orElseThrow();
        List<Map<String, AttributeValue>> read = List.of(Map.of("pk", AttributeValue.fromS("A")));

        Optional<List<Map<String, AttributeValue>>> before = page.items();
        page.decoded(read);
        Optional<List<Map<String, AttributeValue>>> decoded = page.items();
        page.clear();

        assertThat(List.of(before, decoded, page.items())).containsExactly(Optional.empty(), Optional.of(read), Optional.empty());
    }
}
