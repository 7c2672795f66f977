package dev.singletable;

/**
 * DynamoDB (or the SDK on its way there) failed a request for a reason no more specific
 * exception covers. Carries the service's error code and the operation and entity involved.
 */
public class DynamoDbRequestException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String errorCode;

    public DynamoDbRequestException(String message, String errorCode, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
    }

    /** The service's error code, such as {@code ValidationException}, or {@code "(client)"}. */
    public String errorCode() {
        return errorCode;
    }
}
