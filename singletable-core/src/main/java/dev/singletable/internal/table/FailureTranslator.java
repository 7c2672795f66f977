package dev.singletable.internal.table;

import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.RequestThrottledException;
import dev.singletable.TableNotFoundException;
import dev.singletable.UnsupportedByEngineException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * How {@link RequestRunner} turns SDK failures into singletable's exceptions: what each says of the request (the
 * operation, the entity and key, the table and index), whether it may have been applied, and what to do. The runner's
 * static methods of the same names lend its rules to the send sites of other packages.
 */
final class FailureTranslator {
    /** How the SDK words an earlier attempt DynamoDB refused, in the message of a suppressed exception. */
    private static final Pattern REFUSED_ATTEMPT = Pattern.compile("Status Code: 4\\d\\d\\b");
    /** The error codes of a request DynamoDB throttled. */
    private static final java.util.Set<String> THROTTLING = java.util.Set.of("ProvisionedThroughputExceededException",
            "ThrottlingException", "RequestLimitExceeded");
    /** The operations whose requests carry a ClientRequestToken, so that an earlier one may be still in progress. */
    private static final java.util.Set<DynamoOperation<?, ?>> TOKENED = java.util.Set.of(DynamoOperation.TRANSACT_WRITE_ITEMS,
            DynamoOperation.EXECUTE_TRANSACTION);
    /** How an attempt that found its transaction still in progress is told (DynamoDB's message, or the exception's name). */
    private static final Pattern IN_PROGRESS = Pattern.compile("in progress|TransactionInProgress", Pattern.CASE_INSENSITIVE);
    private final String tableName;
    private final Supplier<String> endpoint;

    /** @param endpoint where the client sends requests ({@link RequestRunner#describeEndpoint}), asked only for messages */
    FailureTranslator(String tableName, Supplier<String> endpoint) {
        this.tableName = tableName;
        this.endpoint = endpoint;
    }

    /**
     * The exception a caller gets for a request that failed with {@code failure}: a refused condition, an engine without
     * the operation, a missing table, throttling, or any other refusal or client failure, each saying whether the request
     * may have been applied; any other failure as it is.
     */
    RuntimeException translate(RuntimeException failure, DynamoOperation<?, ?> operation, Optional<String> index, String entityType,
                               Map<String, String> key) {
        String context = key.isEmpty() ? entityType : entityType + " " + key;
        String name = operation.name();
        if (failure instanceof ConditionalCheckFailedException e) {
            return new ConditionFailedException(name + " of " + context + " in table " + tableName
                    + " was refused: its condition did not hold" + (earlierAttemptMayHaveBeenApplied(e) ? "; an earlier attempt of "
                    + "this same request may have been applied (the SDK sent it again after a 5xx, a timeout or a lost answer), and "
                    + "the condition may have met that: read the item before repeating it" : ""), entityType, name, key, e);
        }
        Optional<UnsupportedByEngineException> unsupported = unsupported(operation, endpoint, failure);
        if (unsupported.isPresent()) {
            return unsupported.get();
        }
        if (failure instanceof ResourceNotFoundException e) {
            return new TableNotFoundException("Table " + tableName + index.map(i -> " (or its index " + i + ")").orElse("")
                    + " does not exist at the endpoint (" + name + " of " + context + "); create it with table.createTable(): "
                    + e.awsErrorDetails().errorMessage(), e);
        }
        boolean mayHaveBeenApplied = mayHaveBeenApplied(operation, failure);
        String applied = !operation.writes() ? ""
                : failure instanceof TransactionInProgressException ? "; an earlier request with the same ClientRequestToken (an "
                + "earlier execute of this transaction, or an attempt the SDK retried) is still running, so whether it is applied "
                + "is not known yet: execute the same transaction again with backoff (it keeps its token), which completes it or "
                + "reports it still in progress; do not build a new one, which could apply it twice"
                : mayHaveBeenApplied ? "; it may have been applied all the same (a response lost, timed out or a 5xx, here or on an "
                + "attempt the SDK retried" + (TOKENED.contains(operation) ? ", or an earlier attempt that found this transaction "
                + "still in progress" : "") + "): send it again only if it is idempotent, else read the item first"
                : operation == DynamoOperation.BATCH_WRITE_ITEM ? "; this BatchWriteItem request wrote none of its items"
                : "; nothing was written";
        if (failure instanceof DynamoDbException e) {
            String given = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            // a response without an error code (a 5xx with an empty body, say) is named by its status
            boolean named = given != null && !given.isBlank();
            String code = named ? given : "(unknown)";
            String shown = named ? given : "HTTP " + e.statusCode() + " without an error code";
            String message = said(e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage(), e);
            if (isThrottling(code)) {
                return throttled(name + " of " + context + " in table " + tableName + index.map(i -> " index " + i).orElse(""),
                        code, message, applied, mayHaveBeenApplied, e);
            }
            return new DynamoDbRequestException("DynamoDB refused " + name + " of " + context + " in table " + tableName
                    + index.map(i -> " index " + i).orElse("") + ": " + shown + ": " + message + applied + tooLarge(operation, code, message)
                    + invalidPath(code, message), code, mayHaveBeenApplied, e);
        }
        if (failure instanceof SdkClientException e) {
            return new DynamoDbRequestException(name + " of " + context + " in table " + tableName
                    + " failed on its way to or from DynamoDB: " + said(e.getMessage(), e) + applied
                    + "; check the endpoint, region and credentials if it keeps failing", "(client)", mayHaveBeenApplied, e);
        }
        return failure;
    }

    /**
     * The failure of an engine without {@code operation} (it answered {@code UnknownOperationException}; the SDK throws a
     * {@code DynamoDbException} for DynamoDB Streams too), naming the operation, the endpoint and its consequence; empty
     * for any other failure. Also for send sites outside a table's runner (ChangeReader, on the Streams client).
     *
     * @param endpoint where the client sends requests ({@link RequestRunner#describeEndpoint}), asked only for the message
     */
    static Optional<UnsupportedByEngineException> unsupported(DynamoOperation<?, ?> operation, Supplier<String> endpoint,
                                                              RuntimeException failure) {
        if (!(failure instanceof DynamoDbException e) || e.awsErrorDetails() == null
                || !"UnknownOperationException".equals(e.awsErrorDetails().errorCode())) {
            return Optional.empty();
        }
        String name = operation.name();
        String where = endpoint.get();
        return Optional.of(new UnsupportedByEngineException(name + " is not supported by the engine at " + where
                + " (UnknownOperationException): " + operation.consequence() + " cannot run there; use Amazon DynamoDB or "
                + "Dynoxide", name, where, e));
    }

    /** Whether DynamoDB throttled the request that failed with this error code (the batches' retries ask it too). */
    static boolean isThrottling(String errorCode) {
        return THROTTLING.contains(errorCode);
    }

    /**
     * A request DynamoDB throttled on every attempt the SDK made: typed, with how many attempts there were and what to do,
     * as a transaction's throttled action says.
     */
    private static RequestThrottledException throttled(String what, String code, String message, String applied,
                                                       boolean mayHaveBeenApplied, DynamoDbException e) {
        int attempts = e.numAttempts() == null ? 1 : e.numAttempts();
        return new RequestThrottledException("DynamoDB throttled " + what + ": " + code + ": " + message + " (after "
                + (attempts == 1 ? "its only attempt" : "the SDK's " + attempts + " attempts, made with backoff") + ")"
                + applied + ". Retry with backoff later; if it keeps happening, raise the table's or index's capacity or use "
                + "on-demand, and if only some keys are throttled, their partition is hot: spread the writes over more keys",
                code, mayHaveBeenApplied, attempts, e);
    }

    /**
     * What DynamoDB's item-size refusal means: only it knows the stored item an update adds to, so only
     * an update whose own values are over the limit is refused before sending.
     */
    private static String tooLarge(DynamoOperation<?, ?> operation, String code, String message) {
        if (!"ValidationException".equals(code) || message == null || !message.toLowerCase(java.util.Locale.ROOT).contains("item size")) {
            return "";
        }
        return "; the item would be over DynamoDB's 400 KB item limit (attribute names and values together)"
                + (operation == DynamoOperation.UPDATE_ITEM ? ": the stored item and the update's values together are too large" : "")
                + ". Store large values elsewhere (such as S3) with a reference in the item, or split the item";
    }

    /**
     * What DynamoDB's refusal of a document path means: only it knows whether the stored item holds the map, record or list
     * a nested path ({@code home.city}) goes into.
     */
    private static String invalidPath(String code, String message) {
        if (!"ValidationException".equals(code) || message == null || !message.contains("document path provided in the update expression is invalid")) {
            return "";
        }
        return "; a path of the update (such as home.city) goes into an embedded record, map or list the stored item does not hold "
                + "(absent, or of another shape): set the whole attribute first (set(HOME, value)), or guard the update with "
                + "Condition.exists on the attribute the path goes into";
    }

    /**
     * A refusal from DynamoDB (a 4xx: validation, throttling, a condition) wrote nothing, but for
     * TransactionInProgressException (an earlier request with the same token still running); a 5xx, a
     * connection lost or a timeout may have been applied, and so may any earlier attempt of the SDK's
     * that failed so. The SDK tells of earlier attempts only in suppressed exceptions' messages
     * ("Request attempt 1 failure: ... Status Code: 400 ..."): one without a 4xx status code there, or
     * a missing one, counts as may-have-been-applied.
     */
    private static boolean mayHaveBeenApplied(DynamoOperation<?, ?> operation, RuntimeException failure) {
        if (!operation.writes()) {
            return false;
        }
        if (failure instanceof TransactionInProgressException) {
            return true; // a 400, but an earlier request with the same token is still running: its outcome is unknown
        }
        boolean last = failure instanceof AwsServiceException service ? service.statusCode() >= 500 : failure instanceof SdkException;
        if (last || !(failure instanceof SdkException sdk)) {
            return last;
        }
        return earlierAttemptMayHaveBeenApplied(sdk);
    }

    /**
     * Whether an attempt of the SDK's before this failure's last may have been applied: the SDK tells of each earlier
     * attempt only in a suppressed exception's message; one DynamoDB answered with a 4xx wrote nothing, any other (a 5xx,
     * a timeout, a lost connection, or a message this does not recognise) may have, and so may a transaction an attempt
     * found still in progress (TransactionInProgressException, a 400 whose code the message does not keep: it is known by
     * DynamoDB's words, "Transaction from previous request is still in progress"). Read here for the runner's failures
     * and by {@code SingleTableException} for those made from an SDK failure.
     */
    static boolean earlierAttemptMayHaveBeenApplied(SdkException failure) {
        if (failure.numAttempts() == null || failure.numAttempts() <= 1) {
            return false;
        }
        int told = 0;
        for (Throwable attempt : failure.getSuppressed()) {
            String message = String.valueOf(attempt.getMessage());
            if (message.startsWith("Request attempt ")) {
                told++;
                if (!REFUSED_ATTEMPT.matcher(message).find() || IN_PROGRESS.matcher(message).find()) {
                    return true;
                }
            }
        }
        return told < failure.numAttempts() - 1;
    }

    /**
     * {@code message}, or, where the SDK gave none (an error response without a message, an I/O failure with no text), what
     * the failure's causes say, else their types: a message never reads "null".
     */
    private static String said(String message, Throwable failure) {
        if (message != null && !message.isBlank() && !message.strip().equals("null")) {
            return message;
        }
        List<String> types = new java.util.ArrayList<>();
        for (Throwable t = failure; t != null && types.size() < 8; t = t.getCause() == t ? null : t.getCause()) {
            if (t != failure && t.getMessage() != null && !t.getMessage().isBlank()) {
                return t.getClass().getSimpleName() + ": " + t.getMessage();
            }
            types.add(t.getClass().getSimpleName());
        }
        return "no message (" + String.join(" caused by ", types) + ")";
    }
}
