package dev.singletable.internal.reads;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A DynamoDB read operation as the page loop sees it: the operation it sends, what it reports to
 * listeners, and how its response reduces to a {@link RawPage}.
 *
 * @param <Q> the request type
 * @param <R> the response type
 * @param <P> the position a read resumes from
 */
record ReadOperation<Q extends DynamoDbRequest, R extends DynamoDbResponse, P>(DynamoOperation<Q, R> dynamo,
                              RequestRunner.Outcome<R> outcome, Function<R, RawPage<P>> reduce,
                              java.util.function.UnaryOperator<Q> withTotalCapacity) {

    static final ReadOperation<QueryRequest, QueryResponse, Map<String, AttributeValue>> QUERY = new ReadOperation<>(DynamoOperation.QUERY,
            new RequestRunner.Outcome<>(r -> orZero(r.count()), QueryResponse::consumedCapacity, r -> orZero(r.scannedCount())),
            r -> new RawPage<>(r.items(), startKey(r.hasLastEvaluatedKey(), r.lastEvaluatedKey()), orZero(r.count()),
                    orZero(r.scannedCount()), units(r.consumedCapacity())),
            q -> q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());

    static final ReadOperation<ScanRequest, ScanResponse, Map<String, AttributeValue>> SCAN = new ReadOperation<>(DynamoOperation.SCAN,
            new RequestRunner.Outcome<>(r -> orZero(r.count()), ScanResponse::consumedCapacity, r -> orZero(r.scannedCount())),
            r -> new RawPage<>(r.items(), startKey(r.hasLastEvaluatedKey(), r.lastEvaluatedKey()), orZero(r.count()),
                    orZero(r.scannedCount()), units(r.consumedCapacity())),
            q -> q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());

    static final ReadOperation<ExecuteStatementRequest, ExecuteStatementResponse, String> STATEMENT = new ReadOperation<>(
            DynamoOperation.EXECUTE_STATEMENT, RequestRunner.Outcome.of(r -> r.items().size(), ExecuteStatementResponse::consumedCapacity),
            r -> new RawPage<>(r.items(), Optional.ofNullable(r.nextToken()), r.items().size(), r.items().size(),
                    units(r.consumedCapacity())),
            q -> q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());

    private static Optional<Map<String, AttributeValue>> startKey(boolean present, Map<String, AttributeValue> key) {
        return present && !key.isEmpty() ? Optional.of(key) : Optional.empty();
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static double units(ConsumedCapacity capacity) {
        return capacity == null || capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
    }
}
