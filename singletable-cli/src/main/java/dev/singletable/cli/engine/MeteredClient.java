package dev.singletable.cli.engine;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A client that tells a listener of every request sent through it as a table tells its listeners of its own: the
 * operation, table and index, the items read or written (counted as the table counts them), the consumed capacity,
 * the time taken and, for a failed request, {@link RequestEvent#errorCodeOf its error code}. For the requests a command
 * sends beside its table (the scan of a migration's source table, the read of a stored item, a migration's lock), so
 * that its request and capacity figures include them. Failures reach the caller as the client threw them.
 *
 * <pre>{@code
 * DynamoDbClient metered = MeteredClient.of(engine.client(), meter, true);
 * metered.scan(r -> r.tableName("Customers"));   // the meter hears one Scan of Customers, with its RCU
 * }</pre>
 */
public final class MeteredClient {
    private MeteredClient() {
    }

    /**
     * {@code client}, telling {@code listener} of every request; asking DynamoDB for the consumed capacity of each
     * request that reports it when {@code askCapacity} (as a table with a listener does), never otherwise.
     */
    public static DynamoDbClient of(DynamoDbClient client, RequestListener listener, boolean askCapacity) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (args != null && args.length == 1 && args[0] instanceof DynamoDbRequest request && !isPaginator(method)) {
                return send(client, method, askCapacity ? withCapacity(request) : request, listener);
            }
            if (method.isDefault() && (isPaginator(method) || args != null && args.length == 1 && args[0] instanceof Consumer
                    || args == null && DynamoDbResponse.class.isAssignableFrom(method.getReturnType()))) {
                // the builder, paginator and request-less forms (listTables()) build the request, or each page's, and call
                // the proxy back with it
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "toString" -> "metered " + client;
                default -> invoke(client, method, args);
            };
        };
        return (DynamoDbClient) Proxy.newProxyInstance(MeteredClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                handler);
    }

    private static boolean isPaginator(Method method) {
        return method.getName().endsWith("Paginator");
    }

    private static Object send(DynamoDbClient client, Method method, DynamoDbRequest request, RequestListener listener) throws Throwable {
        String operation = request.getClass().getSimpleName().replaceFirst("Request$", "");
        String table = request.getValueForField("TableName", String.class).orElseGet(() -> tables(request));
        Optional<String> index = request.getValueForField("IndexName", String.class);
        long start = System.nanoTime();
        Object response;
        try {
            response = invoke(client, method, new Object[] {request});
        } catch (RuntimeException | Error e) {
            listener.onRequest(new RequestEvent(operation, table, index, 0, 0, Duration.ofNanos(System.nanoTime() - start),
                    Optional.of(RequestEvent.errorCodeOf(e))));
            throw e;
        }
        Duration duration = Duration.ofNanos(System.nanoTime() - start);
        int items = response instanceof DynamoDbResponse dynamo ? itemCount(request, dynamo) : 0;
        double units = response instanceof DynamoDbResponse dynamo ? capacityUnits(dynamo) : 0;
        listener.onRequest(new RequestEvent(operation, table, index, items, units, duration, Optional.empty()));
        return response;
    }

    private static Object invoke(DynamoDbClient client, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(client, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** The tables of a batch (its request items are keyed by table), for a request without a TableName. */
    private static String tables(DynamoDbRequest request) {
        if (request instanceof BatchWriteItemRequest batch) {
            return String.join(", ", batch.requestItems().keySet());
        }
        if (request instanceof BatchGetItemRequest batch) {
            return String.join(", ", batch.requestItems().keySet());
        }
        return "";
    }

    /** The items a response read or wrote, counted as the table counts those of its own requests. */
    private static int itemCount(DynamoDbRequest request, DynamoDbResponse response) {
        if (response instanceof GetItemResponse get) {
            return get.hasItem() ? 1 : 0;
        }
        if (response instanceof ScanResponse scan) {
            return scan.count() == null ? 0 : scan.count();
        }
        if (response instanceof QueryResponse query) {
            return query.count() == null ? 0 : query.count();
        }
        if (request instanceof PutItemRequest || request instanceof UpdateItemRequest || request instanceof DeleteItemRequest) {
            return 1;
        }
        if (request instanceof BatchWriteItemRequest batch && response instanceof BatchWriteItemResponse written) {
            int sent = batch.requestItems().values().stream().mapToInt(List::size).sum();
            return sent - written.unprocessedItems().values().stream().mapToInt(List::size).sum();
        }
        if (response instanceof BatchGetItemResponse batch) {
            return batch.responses().values().stream().mapToInt(List::size).sum();
        }
        if (request instanceof TransactWriteItemsRequest transaction) {
            return transaction.transactItems().size();
        }
        if (response instanceof TransactGetItemsResponse transaction) {
            return (int) transaction.responses().stream().filter(ItemResponse::hasItem).count();
        }
        return 0;
    }

    /** The capacity units a response reports: one figure, or one per table for batches and transactions. */
    private static double capacityUnits(DynamoDbResponse response) {
        Object reported = response.getValueForField("ConsumedCapacity", Object.class).orElse(null);
        if (reported instanceof ConsumedCapacity one) {
            return one.capacityUnits() == null ? 0 : one.capacityUnits();
        }
        if (reported instanceof List<?> several) {
            return several.stream().filter(ConsumedCapacity.class::isInstance).map(ConsumedCapacity.class::cast)
                    .mapToDouble(c -> c.capacityUnits() == null ? 0 : c.capacityUnits()).sum();
        }
        return 0;
    }

    /** The request asking for the consumed capacity, when it is of an operation that reports it and does not ask already. */
    private static DynamoDbRequest withCapacity(DynamoDbRequest request) {
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (request.getValueForField("ReturnConsumedCapacity", String.class).isPresent()) {
            return request;
        }
        if (request instanceof GetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof ScanRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof QueryRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof PutItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof UpdateItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof DeleteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof BatchWriteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof BatchGetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof TransactWriteItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof TransactGetItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        return request; // the PartiQL statements: not sent beside a table by any command
    }
}
