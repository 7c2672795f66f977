package dev.singletable.internal.table;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;
import dev.singletable.UnsupportedByEngineException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.AwsServiceClientConfiguration;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.SdkServiceClientConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Sends requests, tells listeners what they did, and turns SDK failures into singletable's exceptions (through its
 * {@link FailureTranslator}). Every request sent is reported once, whether it returned or failed, before its result or
 * exception reaches the caller.
 */
public final class RequestRunner {
    private static final Logger LOG = LoggerFactory.getLogger("dev.singletable.requests");
    private final String tableName;
    private final List<RequestListener> listeners;
    private final Supplier<String> endpoint;
    private final BooleanSupplier debugLog;
    private final List<String> entityTypes;
    private final FailureTranslator failures;

    public RequestRunner(String tableName, List<RequestListener> listeners) {
        this(tableName, listeners, () -> "(endpoint unknown)");
    }

    /** @param endpoint where the client sends requests, for messages ({@link #describeEndpoint}); asked only for them */
    public RequestRunner(String tableName, List<RequestListener> listeners, Supplier<String> endpoint) {
        this(tableName, listeners, endpoint, LOG::isDebugEnabled, List.of());
    }

    /** @param entityTypes the schema's entity types, which {@link RequestEvent#entityTypes()} names */
    public RequestRunner(String tableName, List<RequestListener> listeners, Supplier<String> endpoint, List<String> entityTypes) {
        this(tableName, listeners, endpoint, LOG::isDebugEnabled, entityTypes);
    }

    /** @param debugLog whether request logs are written at debug level: asked per request */
    RequestRunner(String tableName, List<RequestListener> listeners, Supplier<String> endpoint, BooleanSupplier debugLog) {
        this(tableName, listeners, endpoint, debugLog, List.of());
    }

    RequestRunner(String tableName, List<RequestListener> listeners, Supplier<String> endpoint, BooleanSupplier debugLog,
                  List<String> entityTypes) {
        this.tableName = tableName;
        this.listeners = List.copyOf(listeners);
        this.endpoint = endpoint;
        this.debugLog = debugLog;
        this.entityTypes = List.copyOf(entityTypes);
        this.failures = new FailureTranslator(tableName, endpoint);
    }

    /**
     * The schema's entity types that {@code subject} (the text a request is sent with, for messages: {@code Order},
     * {@code transaction of 2 actions on [Order, OrderItem]}, {@code collection CustomerItems (Customer, Order)}) names as
     * whole words, in the order it names them. Read from that text rather than passed along every path a request takes;
     * only the schema's names can come out, so key values never reach a listener's tags.
     */
    List<String> entityTypesIn(String subject) {
        if (entityTypes.isEmpty() || subject == null) {
            return List.of();
        }
        java.util.TreeMap<Integer, String> named = new java.util.TreeMap<>();
        for (String type : entityTypes) {
            for (int at = subject.indexOf(type); at >= 0; at = subject.indexOf(type, at + 1)) {
                int end = at + type.length();
                if ((at == 0 || !isWordCharacter(subject.charAt(at - 1))) && (end == subject.length() || !isWordCharacter(subject.charAt(end)))) {
                    named.putIfAbsent(at, type);
                    break;
                }
            }
        }
        return List.copyOf(named.values());
    }

    private static boolean isWordCharacter(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '$';
    }

    /** {@code http://127.0.0.1:4567}, or {@code Amazon DynamoDB (eu-west-1)} without an endpoint override. */
    public static String describeEndpoint(SdkClient client) {
        try {
            SdkServiceClientConfiguration configuration = client.serviceClientConfiguration();
            return configuration.endpointOverride().map(URI::toString).orElseGet(() -> "Amazon DynamoDB"
                    + (configuration instanceof AwsServiceClientConfiguration aws && aws.region() != null
                    ? " (" + aws.region() + ")" : ""));
        } catch (RuntimeException e) {
            return "the endpoint of " + client.getClass().getName(); // a client that does not say: a test double, or a client of an engine embedded without HTTP
        }
    }

    /**
     * {@code TOTAL} when something will read a response's consumed capacity (a request listener, or the
     * debug log of {@code dev.singletable.requests}); null otherwise, so that requests leave the field out
     * and DynamoDB does not compute it. Asked per request: the log level may change at run time.
     */
    public ReturnConsumedCapacity consumedCapacity() {
        return listeners.isEmpty() && !debugLog.getAsBoolean() ? null : ReturnConsumedCapacity.TOTAL;
    }

    /** Whether a table on {@code client} refuses to sign cursors with the published default key: at any endpoint but this machine's. */
    public static boolean publishedCursorKeyRefused(SdkClient client) {
        return PublishedCursorKey.refusedAt(describeEndpoint(client));
    }

    /** Where requests go, as {@link #describeEndpoint} put it. */
    public String endpoint() {
        return endpoint.get();
    }

    /**
     * What a response reports, for the listeners: how many items it answered with, the capacity it consumed, and how many
     * items were read to answer (a Query's or Scan's {@code ScannedCount}; the items returned for anything else).
     *
     * @param items    the items a response answered with
     * @param capacity the capacity a response consumed; null when it reports none
     * @param scanned  the items read to answer
     */
    public record Outcome<R>(ToIntFunction<R> items, Function<R, ConsumedCapacity> capacity, ToIntFunction<R> scanned) {
        private static final Outcome<DynamoDbResponse> ONE_ITEM = of(response -> 1,
                response -> response.getValueForField("ConsumedCapacity", ConsumedCapacity.class).orElse(null));

        /**
         * The report of a request for one item (GetItem, PutItem, UpdateItem, DeleteItem) of type {@code R}: one item, and
         * the capacity the response consumed, read by the field's name, which every such response has. One outcome for all
         * of them, kept here so that the runner reads a response without calling back into the package that sent it.
         */
        @SuppressWarnings("unchecked")
        public static <R extends DynamoDbResponse> Outcome<R> oneItem() {
            return (Outcome<R>) ONE_ITEM;
        }

        /** The outcome that counts items and takes the capacity with these functions, and counts as read the items answered. */
        public static <R> Outcome<R> of(ToIntFunction<R> items, Function<R, ConsumedCapacity> capacity) {
            return new Outcome<>(items, capacity, items);
        }
    }

    /**
     * @param operation  the DynamoDB operation: its name for reports and messages, whether it writes
     * @param entityType the entity (or entities) the request is for, for messages
     * @param key        the item's key, or the query's key condition values, for messages
     */
    public <R> R send(DynamoOperation<?, ?> operation, Optional<String> index, String entityType, Map<String, String> key,
                      Supplier<R> call, Outcome<R> outcome) {
        return send(operation, index, entityType, () -> key, call, outcome);
    }

    /** {@link #send(DynamoOperation, Optional, String, Map, Supplier, Outcome)} of {@code request} on {@code client}. */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> R send(DynamoOperation<Q, R> operation, Optional<String> index,
                                                                        String entityType, Map<String, String> key,
                                                                        DynamoDbClient client, Q request, Outcome<R> outcome) {
        return send(operation, index, entityType, () -> key, client, request, outcome);
    }

    /** {@link #send(DynamoOperation, Optional, String, Map, DynamoDbClient, DynamoDbRequest, Outcome)} with the key rendered only when a message needs it. */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> R send(DynamoOperation<Q, R> operation, Optional<String> index,
                                                                        String entityType, Supplier<Map<String, String>> key,
                                                                        DynamoDbClient client, Q request, Outcome<R> outcome) {
        return send(operation, index, entityType, key, () -> operation.call(client, request), outcome);
    }

    /** {@link #sendAsync(DynamoOperation, Optional, String, Map, Supplier, Outcome)} of {@code request} on {@code client}. */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> CompletableFuture<R> sendAsync(
            DynamoOperation<Q, R> operation, Optional<String> index, String entityType, Map<String, String> key,
            DynamoDbAsyncClient client, Q request, Outcome<R> outcome) {
        return sendAsync(operation, index, entityType, () -> key, client, request, outcome);
    }

    /** The asynchronous {@link #send(DynamoOperation, Optional, String, Supplier, DynamoDbClient, DynamoDbRequest, Outcome)}. */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> CompletableFuture<R> sendAsync(
            DynamoOperation<Q, R> operation, Optional<String> index, String entityType, Supplier<Map<String, String>> key,
            DynamoDbAsyncClient client, Q request, Outcome<R> outcome) {
        return sendAsync(operation, index, entityType, key, () -> operation.callAsync(client, request), outcome);
    }

    /**
     * {@link #send(DynamoOperation, Optional, String, Map, Supplier, Outcome)} with the key rendered only when a message
     * needs it: a failure, or the debug log. With no listener and debug logging off nothing is reported, so
     * nothing is measured either.
     */
    public <R> R send(DynamoOperation<?, ?> operation, Optional<String> index, String entityType, Supplier<Map<String, String>> key,
                      Supplier<R> call, Outcome<R> outcome) {
        boolean reported = reports();
        long start = reported ? System.nanoTime() : 0;
        R response;
        try {
            response = call.get();
        } catch (RuntimeException e) {
            RuntimeException translated = failures.translate(e, operation, index, entityType, key.get());
            if (reported) {
                reportFailure(operation, index, entityType, key, e, start, translated);
            }
            throw translated;
        }
        if (reported) {
            report(operation, index, entityType, key, response, outcome, start);
        }
        return response;
    }

    /**
     * The asynchronous {@link #send}: the same translation of failures and the same reports, from the
     * thread that completes the call (listeners must not block).
     */
    public <R> CompletableFuture<R> sendAsync(DynamoOperation<?, ?> operation, Optional<String> index, String entityType, Map<String, String> key,
                                              Supplier<CompletableFuture<R>> call, Outcome<R> outcome) {
        return sendAsync(operation, index, entityType, () -> key, call, outcome);
    }

    /** {@link #sendAsync(DynamoOperation, Optional, String, Map, Supplier, Outcome)} with the key rendered only when a message needs it. */
    public <R> CompletableFuture<R> sendAsync(DynamoOperation<?, ?> operation, Optional<String> index, String entityType,
                                              Supplier<Map<String, String>> key, Supplier<CompletableFuture<R>> call,
                                              Outcome<R> outcome) {
        long start = System.nanoTime();
        CompletableFuture<R> sent;
        try {
            sent = call.get();
        } catch (RuntimeException e) {
            RuntimeException translated = failures.translate(e, operation, index, entityType, key.get());
            if (reports()) {
                reportFailure(operation, index, entityType, key, e, start, translated);
            }
            return CompletableFuture.failedFuture(translated);
        }
        return sent.handle((response, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
                RuntimeException thrown = cause instanceof RuntimeException runtime
                        ? failures.translate(runtime, operation, index, entityType, key.get()) : new CompletionException(cause);
                if (reports()) {
                    reportFailure(operation, index, entityType, key, cause, start, thrown);
                }
                throw thrown;
            }
            if (reports()) {
                report(operation, index, entityType, key, response, outcome, start);
            }
            return response;
        });
    }

    /** Whether anything reads a request's report: a listener, or the debug log (whose level may change at run time). */
    private boolean reports() {
        return !listeners.isEmpty() || debugLog.getAsBoolean();
    }

    /**
     * The failure of an engine without {@code operation}, or empty for any other failure: {@link
     * FailureTranslator#unsupported}, for send sites outside a table's runner (ChangeReader, on the Streams client).
     */
    public static Optional<UnsupportedByEngineException> unsupported(DynamoOperation<?, ?> operation, Supplier<String> endpoint,
                                                                     RuntimeException failure) {
        return FailureTranslator.unsupported(operation, endpoint, failure);
    }

    /** Whether DynamoDB throttled the request that failed with this error code (the batches' retries ask it too). */
    public static boolean isThrottling(String errorCode) {
        return FailureTranslator.isThrottling(errorCode);
    }

    /**
     * Whether an attempt of the SDK's before this failure's last may have been applied ({@link
     * FailureTranslator#earlierAttemptMayHaveBeenApplied}): read by {@code SingleTableException} and the send sites that
     * retry writes themselves.
     */
    public static boolean earlierAttemptMayHaveBeenApplied(SdkException failure) {
        return FailureTranslator.earlierAttemptMayHaveBeenApplied(failure);
    }

    private <R> void report(DynamoOperation<?, ?> operation, Optional<String> index, String entityType, Supplier<Map<String, String>> keyText,
                            R response, Outcome<R> outcome, long start) {
        Duration duration = Duration.ofNanos(System.nanoTime() - start);
        int items = outcome.items().applyAsInt(response);
        ConsumedCapacity capacity = outcome.capacity().apply(response);
        double units = capacity == null || capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
        if (LOG.isDebugEnabled()) {
            Map<String, String> key = keyText.get();
            String context = key.isEmpty() ? entityType : entityType + " " + key;
            LOG.debug("{} {}{} {}: {}", operation.name(), tableName, index.map(i -> "/" + i).orElse(""), context,
                    outcomeText(items, units, duration));
        }
        if (!listeners.isEmpty()) {
            RuntimeException thrown = tell(new RequestEvent(operation.name(), tableName, index, items, outcome.scanned().applyAsInt(response), units,
                    duration, Optional.empty(), entityTypesIn(entityType), operation.writes()));
            if (thrown != null) {
                throw thrown;
            }
        }
    }

    /** The debug log's account of a request that succeeded: "1 item, 0.5 capacity units, 3 ms". */
    static String outcomeText(int items, double capacityUnits, Duration duration) {
        return items + (items == 1 ? " item, " : " items, ") + capacityUnits + " capacity units, " + duration.toMillis() + " ms";
    }

    /**
     * Reports a request that failed: no items, no capacity (DynamoDB's error responses carry none, whatever the
     * request asked for), its error code. A listener's exception is added to the request's own as suppressed: the
     * caller learns why the request failed, and that a listener failed too.
     */
    private void reportFailure(DynamoOperation<?, ?> operation, Optional<String> index, String entityType, Supplier<Map<String, String>> keyText,
                               Throwable failure, long start, RuntimeException thrown) {
        Duration duration = Duration.ofNanos(System.nanoTime() - start);
        String code = errorCode(failure);
        if (LOG.isDebugEnabled()) {
            Map<String, String> key = keyText.get();
            String context = key.isEmpty() ? entityType : entityType + " " + key;
            LOG.debug("{} {}{} {}: failed with {}, {} ms", operation.name(), tableName, index.map(i -> "/" + i).orElse(""),
                    context, code, duration.toMillis());
        }
        if (!listeners.isEmpty()) {
            RuntimeException listenerFailure = tell(new RequestEvent(operation.name(), tableName, index, 0, 0, 0, duration, Optional.of(code),
                    entityTypesIn(entityType), operation.writes()));
            if (listenerFailure != null && listenerFailure != thrown) {
                thrown.addSuppressed(listenerFailure);
            }
        }
    }

    /**
     * Tells every listener, even when one throws (its exception does not keep the others from hearing of the request).
     *
     * @return the first listener's exception, with any later ones suppressed in it; null when none threw
     */
    private RuntimeException tell(RequestEvent event) {
        RuntimeException first = null;
        for (RequestListener listener : listeners) {
            try {
                listener.onRequest(event);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else if (e != first) {
                    first.addSuppressed(e);
                }
            }
        }
        return first;
    }

    /**
     * {@code explained}, the exception a caller gets in place of the {@code reported} one (a refused condition explained,
     * a cancellation mapped), with what was suppressed in {@code reported}: a listener's exception stays with the
     * request's, as {@link dev.singletable.extension.RequestListener} promises.
     */
    public static RuntimeException keepingSuppressed(RuntimeException reported, RuntimeException explained) {
        if (explained != reported) {
            for (Throwable suppressed : reported.getSuppressed()) {
                explained.addSuppressed(suppressed);
            }
        }
        return explained;
    }


    /** The error code a failed request is reported with: {@link RequestEvent#errorCodeOf}. */
    static String errorCode(Throwable failure) {
        return RequestEvent.errorCodeOf(failure);
    }
}
