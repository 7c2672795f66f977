package dev.singletable.cli.data.load;

import dev.singletable.SingleTableException;

/** An input of {@code load} cannot be used at all (as opposed to one bad row in it): the message says which and the fix. */
final class LoadInputException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    LoadInputException(String message) {
        super(message);
    }
}
