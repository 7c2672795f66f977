package dev.singletable;

/**
 * An operation that sends a request was called on a table built without a client ({@link Table#offline}), which
 * renders requests and composes items but sends nothing.
 *
 * <pre>{@code
 * Table design = Table.offline(schema);
 * design.toItem(order);                 // fine: nothing is sent
 * design.put(order);                    // OfflineTableException: PutItem was called on table AppTable, which is offline
 *                                       // (Table.offline): it renders requests and composes items but sends nothing; ...
 * }</pre>
 */
@Stable
public class OfflineTableException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String operation;

    public OfflineTableException(String message, String operation) {
        super(message);
        this.operation = operation;
    }

    /** The DynamoDB operation that would have been sent, such as {@code PutItem}. */
    public String operation() {
        return operation;
    }
}
