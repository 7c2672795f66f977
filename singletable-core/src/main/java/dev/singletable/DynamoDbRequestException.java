package dev.singletable;

/**
 * DynamoDB (or the SDK on its way there) failed a request for a reason no more specific
 * exception covers. Carries the service's error code and the operation and entity involved, and
 * whether a write {@linkplain #mayHaveBeenApplied() may have been applied} all the same.
 *
 * <pre>{@code
 * try {
 *     table.put(order);
 * } catch (DynamoDbRequestException e) {
 *     if (e.mayHaveBeenApplied()) { ... }   // a timeout or a lost response: the put may be stored
 *     e.errorCode();                        // e.g. ProvisionedThroughputExceededException, or (client)
 * }
 * }</pre>
 */
@Stable
public class DynamoDbRequestException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;
    private final boolean mayHaveBeenApplied;

    /** A failure that wrote nothing. */
    public DynamoDbRequestException(String message, String errorCode, Throwable cause) {
        this(message, errorCode, false, cause);
    }

    /**
     * @param mayHaveBeenApplied whether the request changes data and may have been applied although it
     *                           failed (see {@link SingleTableException#mayHaveBeenApplied()})
     */
    public DynamoDbRequestException(String message, String errorCode, boolean mayHaveBeenApplied, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
        this.mayHaveBeenApplied = mayHaveBeenApplied;
    }

    @Override
    public boolean mayHaveBeenApplied() {
        return mayHaveBeenApplied;
    }

    /** The service's error code, such as {@code ValidationException}, or {@code "(client)"}. */
    public String errorCode() {
        return errorCode;
    }
}
