package dev.singletable;

/** The table (or the index) a request names does not exist on the endpoint. */
@Stable
public class TableNotFoundException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public TableNotFoundException(String message, Throwable cause) {
        super(message, cause);
    }
}
