package dev.singletable.design.internal.tables;

import dev.singletable.SingleTableException;

/** An access pattern of a design that could not be rendered or run on its sample items: names table and pattern, then the library's reason and fix. */
public final class PatternRunException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public PatternRunException(String table, String pattern, SingleTableException cause) {
        super("Table " + table + ", access pattern '" + pattern + "': " + cause.getMessage(), cause);
    }
}
