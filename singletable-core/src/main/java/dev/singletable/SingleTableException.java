package dev.singletable;

/**
 * Root of every exception singletable throws. All are unchecked; each subclass names one
 * kind of failure, and every message says what failed, where (entity, attribute, key,
 * operation), and what to do about it.
 *
 * <pre>{@code
 * try {
 *     table.create(order);
 * } catch (ItemAlreadyExistsException e) {
 *     // e.entityType(), e.key() tell which item
 * } catch (SingleTableException e) {
 *     // anything else singletable refused or DynamoDB rejected
 * }
 * }</pre>
 */
public class SingleTableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SingleTableException(String message) {
        super(message);
    }

    public SingleTableException(String message, Throwable cause) {
        super(message, cause);
    }
}
