package dev.singletable;

/**
 * The engine at the endpoint does not have an operation singletable needed (it answered
 * {@code UnknownOperationException}): some DynamoDB-compatible engines lack transactions, PartiQL,
 * time to live or DynamoDB Streams. The message names the operation, the endpoint and what cannot work there.
 *
 * <pre>{@code
 * try {
 *     table.transaction().create(order).update(PRODUCT, key, u -> u.subtract(STOCK, 1)).execute();
 * } catch (UnsupportedByEngineException e) {
 *     // "TransactWriteItems is not supported by the engine at http://127.0.0.1:4567 (UnknownOperationException):
 *     //  transactions (table.transaction(), move) cannot run there; use Amazon DynamoDB or Dynoxide"
 *     e.operation();   // "TransactWriteItems"
 * }
 * }</pre>
 */
@Stable
public class UnsupportedByEngineException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String operation;
    private final String endpoint;

    public UnsupportedByEngineException(String message, String operation, String endpoint, Throwable cause) {
        super(message, cause);
        this.operation = operation;
        this.endpoint = endpoint;
    }

    /** The DynamoDB operation the engine does not have, such as {@code TransactWriteItems}. */
    public String operation() {
        return operation;
    }

    /** Where the engine is, such as {@code http://127.0.0.1:4567}. */
    public String endpoint() {
        return endpoint;
    }
}
