package dev.singletable;

/**
 * A pagination cursor was refused before any request was sent: it is not a cursor at all, it was
 * altered (its signature does not match), or it was made by another query (another table, index,
 * key condition, filter, direction or scan segment). {@link #reason()} tells which.
 *
 * <pre>{@code
 * try {
 *     page = query.page(cursorFromClient);
 * } catch (InvalidCursorException e) {
 *     return badRequest(e.getMessage());   // never retry with the same cursor
 * }
 * }</pre>
 */
@Stable
public class InvalidCursorException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    /** Why a cursor was refused. */
    public enum Reason {
        /** Not base64url, too short, or an unknown cursor version. */
        MALFORMED,
        /** The signature does not match: the cursor was altered, or signed with another cursor key. */
        TAMPERED,
        /** A valid cursor, but of another query. */
        OTHER_QUERY
    }

    private final Reason reason;

    public InvalidCursorException(String message, Reason reason) {
        super(message);
        this.reason = reason;
    }

    public InvalidCursorException(String message, Reason reason, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
