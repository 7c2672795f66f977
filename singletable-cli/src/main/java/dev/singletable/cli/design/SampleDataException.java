package dev.singletable.cli.design;

import dev.singletable.SingleTableException;

/** A sample data file ({@code --data}) the design tools cannot use: the message names file, line, entity and the fix. */
final class SampleDataException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    SampleDataException(String message) {
        super(message);
    }
}
