package dev.singletable.design.internal.tables;

import dev.singletable.SingleTableException;

/** A sample data file ({@code --data}) the design tools cannot use: the message names file, line, entity and the fix. */
public final class SampleDataException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    SampleDataException(String message) {
        super(message);
    }
}
