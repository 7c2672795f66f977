package dev.singletable.examples;

import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A client that keeps the reads sent to it and answers each as an empty table would: a step's reads run on it once so
 * that its first request can be shown as the library builds it, without sending it.
 */
final class DryRun implements DynamoDbClient {
    private final List<DynamoDbRequest> requests = new ArrayList<>();

    private DryRun() {
    }

    /** The first request {@code reads} sends through a copy of {@code table} on a client that keeps it; sends nothing. */
    static DynamoDbRequest firstRequest(Table table, Consumer<Table> reads) {
        DryRun capture = new DryRun();
        try {
            reads.accept(Table.builder(table.schema(), capture).build());
        } catch (RuntimeException e) {
            if (capture.requests.isEmpty()) {
                throw e;
            }
            // the request is what was asked for; what the empty answer led to does not matter
        }
        if (capture.requests.isEmpty()) {
            throw new IllegalStateException("The access pattern sent no GetItem, Query or BatchGetItem request");
        }
        return capture.requests.get(0);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        requests.add(request);
        return GetItemResponse.builder().build();
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        requests.add(request);
        return QueryResponse.builder().items(List.of()).count(0).scannedCount(0).build();
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        requests.add(request);
        return BatchGetItemResponse.builder().responses(Map.of()).unprocessedKeys(Map.of()).build();
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
