package dev.singletable;

/**
 * A value was refused before any request was sent, because DynamoDB would reject it or
 * because writing it would lose data: a required attribute is null, a number has more than
 * 38 significant digits, a key is longer than DynamoDB allows, an item is over 400 KB, a
 * value does not fit the width its key slot declares.
 */
public class ValidationException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public ValidationException(String message) {
        super(message);
    }

    public ValidationException(String message, Throwable cause) {
        super(message, cause);
    }
}
