package dev.singletable.internal.table;

import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One DynamoDB operation as singletable sends it, and the only place its name is written: its name (in request
 * events, logs and messages), whether it writes (a failed write says whether it may have been applied), what cannot
 * run when an engine lacks it (its consequence, in {@code UnsupportedByEngineException}'s message) and its call on
 * each kind of client. Send sites pass the operation and its request ({@link Sender#send}); the runner, the metering
 * and the error mapping read the rest from here. An operation of DynamoDB is sent on the synchronous or the asynchronous
 * {@code DynamoDbClient}, one of DynamoDB Streams on the {@code DynamoDbStreamsClient} (its requests and responses are
 * in the same model package, under {@code DynamoDbStreamsRequest} rather than {@code DynamoDbRequest}).
 *
 * <p>Adding an operation: a constant below, added to {@link #all()}, and its case in the one switch behind {@link #call}
 * and {@link #callAsync}, naming its method on each kind of client, in this file alone; then send it where it is needed.
 * The calls are a switch rather than method references so that a fresh JVM spins up no lambda per operation when its
 * first request loads this class.
 *
 * @param <Q> the request type: a {@code DynamoDbRequest}, or a {@code DynamoDbStreamsRequest} for Streams
 * @param <R> the response type: a {@code DynamoDbResponse}, or a {@code DynamoDbStreamsResponse} for Streams
 */
public final class DynamoOperation<Q extends AwsRequest, R extends AwsResponse> {
    private static final String PARTIQL = "PartiQL statements (table.partiql)";
    private static final String TIME_TO_LIVE = "time to live (expired items are still hidden from reads, but the engine never deletes them)";
    private static final String STREAMS = "reading a table's stream (ChangeReader)";

    public static final DynamoOperation<GetItemRequest, GetItemResponse> GET_ITEM = reads("GetItem");
    public static final DynamoOperation<PutItemRequest, PutItemResponse> PUT_ITEM = writes("PutItem");
    public static final DynamoOperation<UpdateItemRequest, UpdateItemResponse> UPDATE_ITEM = writes("UpdateItem");
    public static final DynamoOperation<DeleteItemRequest, DeleteItemResponse> DELETE_ITEM = writes("DeleteItem");
    public static final DynamoOperation<QueryRequest, QueryResponse> QUERY = reads("Query");
    public static final DynamoOperation<ScanRequest, ScanResponse> SCAN = reads("Scan");
    public static final DynamoOperation<BatchGetItemRequest, BatchGetItemResponse> BATCH_GET_ITEM = reads("BatchGetItem");
    public static final DynamoOperation<BatchWriteItemRequest, BatchWriteItemResponse> BATCH_WRITE_ITEM = writes("BatchWriteItem");
    public static final DynamoOperation<TransactGetItemsRequest, TransactGetItemsResponse> TRANSACT_GET_ITEMS = reads("TransactGetItems", "table.transactGet");
    public static final DynamoOperation<TransactWriteItemsRequest, TransactWriteItemsResponse> TRANSACT_WRITE_ITEMS = writes("TransactWriteItems", "transactions (table.transaction(), move)");
    /** ExecuteStatement carrying a SELECT ({@code table.partiql}): a read. */
    public static final DynamoOperation<ExecuteStatementRequest, ExecuteStatementResponse> EXECUTE_STATEMENT = reads("ExecuteStatement", PARTIQL);
    /** ExecuteStatement carrying an INSERT, UPDATE or DELETE ({@code table.execute}): the same DynamoDB operation, a write. */
    public static final DynamoOperation<ExecuteStatementRequest, ExecuteStatementResponse> EXECUTE_WRITE_STATEMENT = writes("ExecuteStatement", PARTIQL);
    public static final DynamoOperation<BatchExecuteStatementRequest, BatchExecuteStatementResponse> BATCH_EXECUTE_STATEMENT = writes("BatchExecuteStatement", PARTIQL);
    public static final DynamoOperation<ExecuteTransactionRequest, ExecuteTransactionResponse> EXECUTE_TRANSACTION = writes("ExecuteTransaction", PARTIQL);
    public static final DynamoOperation<CreateTableRequest, CreateTableResponse> CREATE_TABLE = reads("CreateTable");
    public static final DynamoOperation<DescribeTableRequest, DescribeTableResponse> DESCRIBE_TABLE = reads("DescribeTable");
    public static final DynamoOperation<DeleteTableRequest, DeleteTableResponse> DELETE_TABLE = reads("DeleteTable");
    public static final DynamoOperation<UpdateTableRequest, UpdateTableResponse> UPDATE_TABLE = reads("UpdateTable",
            "a stream declared on a table created without one (UpdateTable)");
    public static final DynamoOperation<UpdateTimeToLiveRequest, UpdateTimeToLiveResponse> UPDATE_TIME_TO_LIVE = reads("UpdateTimeToLive", TIME_TO_LIVE);
    public static final DynamoOperation<DescribeTimeToLiveRequest, DescribeTimeToLiveResponse> DESCRIBE_TIME_TO_LIVE = reads("DescribeTimeToLive", TIME_TO_LIVE);
    public static final DynamoOperation<ListStreamsRequest, ListStreamsResponse> LIST_STREAMS = reads("ListStreams", STREAMS);
    public static final DynamoOperation<DescribeStreamRequest, DescribeStreamResponse> DESCRIBE_STREAM = reads("DescribeStream", STREAMS);
    public static final DynamoOperation<GetShardIteratorRequest, GetShardIteratorResponse> GET_SHARD_ITERATOR = reads("GetShardIterator", STREAMS);
    public static final DynamoOperation<GetRecordsRequest, GetRecordsResponse> GET_RECORDS = reads("GetRecords", STREAMS);

    private static final List<DynamoOperation<?, ?>> ALL = List.of(GET_ITEM, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM,
            QUERY, SCAN, BATCH_GET_ITEM, BATCH_WRITE_ITEM,
            TRANSACT_GET_ITEMS, TRANSACT_WRITE_ITEMS, EXECUTE_STATEMENT, EXECUTE_WRITE_STATEMENT,
            BATCH_EXECUTE_STATEMENT, EXECUTE_TRANSACTION, CREATE_TABLE, DESCRIBE_TABLE, DELETE_TABLE, UPDATE_TABLE,
            UPDATE_TIME_TO_LIVE, DESCRIBE_TIME_TO_LIVE, LIST_STREAMS, DESCRIBE_STREAM, GET_SHARD_ITERATOR, GET_RECORDS);

    private final String name;
    private final boolean writes;
    private final String consequence;

    private DynamoOperation(String name, boolean writes, String consequence) {
        this.name = name;
        this.writes = writes;
        this.consequence = consequence;
    }

    private static <Q extends AwsRequest, R extends AwsResponse> DynamoOperation<Q, R> reads(String name) {
        return new DynamoOperation<>(name, false, name);
    }

    private static <Q extends AwsRequest, R extends AwsResponse> DynamoOperation<Q, R> reads(String name, String consequence) {
        return new DynamoOperation<>(name, false, consequence);
    }

    private static <Q extends AwsRequest, R extends AwsResponse> DynamoOperation<Q, R> writes(String name) {
        return new DynamoOperation<>(name, true, name);
    }

    private static <Q extends AwsRequest, R extends AwsResponse> DynamoOperation<Q, R> writes(String name, String consequence) {
        return new DynamoOperation<>(name, true, consequence);
    }

    /** Every operation singletable sends, in the order declared. */
    public static List<DynamoOperation<?, ?>> all() {
        return ALL;
    }

    /**
     * The operation DynamoDB names {@code name}, such as {@code PutItem}; empty for one singletable does not send. For
     * {@code ExecuteStatement}, which singletable sends both to read and to write, the read ({@link #EXECUTE_STATEMENT}).
     */
    public static Optional<DynamoOperation<?, ?>> named(String name) {
        for (DynamoOperation<?, ?> operation : ALL) {
            if (operation.name.equals(name)) {
                return Optional.of(operation);
            }
        }
        return Optional.empty();
    }

    /** DynamoDB's name of the operation, such as {@code PutItem}. */
    public String name() {
        return name;
    }

    /**
     * Whether the request writes items, so that its capacity is write units and a failure must say if it may have been
     * applied: the operations that change items, and the PartiQL ones as singletable sends them (BatchExecuteStatement and
     * ExecuteTransaction carry writes only; ExecuteStatement is {@link #EXECUTE_STATEMENT} for a SELECT and
     * {@link #EXECUTE_WRITE_STATEMENT} for a write).
     */
    public boolean writes() {
        return writes;
    }

    /** What cannot run on an engine without this operation, for messages: the operation's name unless a feature says more. */
    public String consequence() {
        return consequence;
    }

    /** Sends {@code request} on the synchronous client. */
    @SuppressWarnings("unchecked")
    public R call(DynamoDbClient client, Q request) {
        return (R) send(client, request);
    }

    /** Sends {@code request} on the asynchronous client. */
    @SuppressWarnings("unchecked")
    public CompletableFuture<R> callAsync(DynamoDbAsyncClient client, Q request) {
        return (CompletableFuture<R>) send(client, request);
    }

    /** Sends {@code request}, of a DynamoDB Streams operation, on the Streams client. */
    @SuppressWarnings("unchecked")
    public R call(DynamoDbStreamsClient client, Q request) {
        return (R) send(client, request);
    }

    /**
     * The operation's call on {@code client}: one case per operation, naming its method on each kind of client it is sent
     * on (the response on the synchronous client, its future on the asynchronous one; a Streams operation's response on
     * the Streams client).
     */
    private Object send(SdkClient client, Q request) {
        boolean sync = client instanceof DynamoDbClient;
        return switch (name) {
            case "GetItem" -> sync ? blocking(client).getItem((GetItemRequest) request)
                    : nonBlocking(client).getItem((GetItemRequest) request);
            case "PutItem" -> sync ? blocking(client).putItem((PutItemRequest) request)
                    : nonBlocking(client).putItem((PutItemRequest) request);
            case "UpdateItem" -> sync ? blocking(client).updateItem((UpdateItemRequest) request)
                    : nonBlocking(client).updateItem((UpdateItemRequest) request);
            case "DeleteItem" -> sync ? blocking(client).deleteItem((DeleteItemRequest) request)
                    : nonBlocking(client).deleteItem((DeleteItemRequest) request);
            case "Query" -> sync ? blocking(client).query((QueryRequest) request)
                    : nonBlocking(client).query((QueryRequest) request);
            case "Scan" -> sync ? blocking(client).scan((ScanRequest) request)
                    : nonBlocking(client).scan((ScanRequest) request);
            case "BatchGetItem" -> sync ? blocking(client).batchGetItem((BatchGetItemRequest) request)
                    : nonBlocking(client).batchGetItem((BatchGetItemRequest) request);
            case "BatchWriteItem" -> sync ? blocking(client).batchWriteItem((BatchWriteItemRequest) request)
                    : nonBlocking(client).batchWriteItem((BatchWriteItemRequest) request);
            case "TransactGetItems" -> sync ? blocking(client).transactGetItems((TransactGetItemsRequest) request)
                    : nonBlocking(client).transactGetItems((TransactGetItemsRequest) request);
            case "TransactWriteItems" -> sync ? blocking(client).transactWriteItems((TransactWriteItemsRequest) request)
                    : nonBlocking(client).transactWriteItems((TransactWriteItemsRequest) request);
            case "ExecuteStatement" -> sync ? blocking(client).executeStatement((ExecuteStatementRequest) request)
                    : nonBlocking(client).executeStatement((ExecuteStatementRequest) request);
            case "BatchExecuteStatement" -> sync ? blocking(client).batchExecuteStatement((BatchExecuteStatementRequest) request)
                    : nonBlocking(client).batchExecuteStatement((BatchExecuteStatementRequest) request);
            case "ExecuteTransaction" -> sync ? blocking(client).executeTransaction((ExecuteTransactionRequest) request)
                    : nonBlocking(client).executeTransaction((ExecuteTransactionRequest) request);
            case "CreateTable" -> sync ? blocking(client).createTable((CreateTableRequest) request)
                    : nonBlocking(client).createTable((CreateTableRequest) request);
            case "DescribeTable" -> sync ? blocking(client).describeTable((DescribeTableRequest) request)
                    : nonBlocking(client).describeTable((DescribeTableRequest) request);
            case "DeleteTable" -> sync ? blocking(client).deleteTable((DeleteTableRequest) request)
                    : nonBlocking(client).deleteTable((DeleteTableRequest) request);
            case "UpdateTable" -> sync ? blocking(client).updateTable((UpdateTableRequest) request)
                    : nonBlocking(client).updateTable((UpdateTableRequest) request);
            case "UpdateTimeToLive" -> sync ? blocking(client).updateTimeToLive((UpdateTimeToLiveRequest) request)
                    : nonBlocking(client).updateTimeToLive((UpdateTimeToLiveRequest) request);
            case "DescribeTimeToLive" -> sync ? blocking(client).describeTimeToLive((DescribeTimeToLiveRequest) request)
                    : nonBlocking(client).describeTimeToLive((DescribeTimeToLiveRequest) request);
            case "ListStreams" -> streams(client).listStreams((ListStreamsRequest) request);
            case "DescribeStream" -> streams(client).describeStream((DescribeStreamRequest) request);
            case "GetShardIterator" -> streams(client).getShardIterator((GetShardIteratorRequest) request);
            case "GetRecords" -> streams(client).getRecords((GetRecordsRequest) request);
            default -> throw new IllegalStateException("no call for " + name);
        };
    }

    private static DynamoDbClient blocking(SdkClient client) {
        return (DynamoDbClient) client;
    }

    private static DynamoDbAsyncClient nonBlocking(SdkClient client) {
        return (DynamoDbAsyncClient) client;
    }

    private static DynamoDbStreamsClient streams(SdkClient client) {
        return (DynamoDbStreamsClient) client;
    }

    @Override
    public String toString() {
        return name;
    }
}
