package dev.singletable.local;

import dev.singletable.Stable;
import dev.singletable.SingleTableException;

/**
 * The engine could not be found, started or reached (or could not stop cleanly). The message
 * says what failed, why, and what to change.
 *
 * <pre>{@code
 * try (LocalDynamoDb db = LocalDynamoDb.builder().port(8000).start()) {
 *     ...
 * } catch (LocalDynamoDbException e) {
 *     // "Dynoxide could not listen on 127.0.0.1:8000: error: port 8000 is already in use ...;
 *     //  stop what uses the port, or leave the port unset to get a free one"
 * }
 * }</pre>
 */
@Stable
public class LocalDynamoDbException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public LocalDynamoDbException(String message, Throwable cause) {
        super(message, cause);
    }
}
