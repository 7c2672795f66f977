package dev.singletable;

/**
 * DynamoDB throttled a request ({@code ProvisionedThroughputExceededException}, {@code ThrottlingException} or
 * {@code RequestLimitExceeded}) on every attempt the SDK made, each after a backoff. Nothing was written by the last
 * attempt; {@link #mayHaveBeenApplied()} still tells whether an earlier one (a 5xx, a timeout) may have been. Back off
 * and send it again later; if it keeps happening, raise the table's or index's capacity or switch it to on-demand, and
 * if only some keys are throttled, look for a hot partition key.
 *
 * <pre>{@code
 * try {
 *     table.put(payment);
 * } catch (RequestThrottledException e) {
 *     retryQueue.later(payment, e.attempts());   // throttled on each of e.attempts() attempts
 * }
 * }</pre>
 */
@Stable
public class RequestThrottledException extends DynamoDbRequestException {
    private static final long serialVersionUID = 1L;
    private final int attempts;

    /**
     * @param errorCode the service's throttling code, such as {@code ProvisionedThroughputExceededException}
     * @param attempts  how many attempts the SDK made, all throttled but perhaps an earlier one
     */
    public RequestThrottledException(String message, String errorCode, boolean mayHaveBeenApplied, int attempts, Throwable cause) {
        super(message, errorCode, mayHaveBeenApplied, cause);
        this.attempts = attempts;
    }

    /** How many attempts the SDK made before giving up (its retry policy's maximum, when each was throttled). */
    public int attempts() {
        return attempts;
    }
}
