package dev.singletable.local;

import dev.singletable.SingleTableException;

/**
 * DynamoDB Local could not start (or could not stop cleanly). The message says which mode
 * failed, why, and what to change.
 *
 * <pre>{@code
 * try (LocalDynamoDb db = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).port(8000).start()) {
 *     ...
 * } catch (LocalDynamoDbException e) {
 *     // "DynamoDB Local (HTTP server) could not listen on 127.0.0.1:8000: Address already in use;
 *     //  stop what uses the port, or leave the port unset to get a free one"
 * }
 * }</pre>
 */
public class LocalDynamoDbException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public LocalDynamoDbException(String message, Throwable cause) {
        super(message, cause);
    }
}
