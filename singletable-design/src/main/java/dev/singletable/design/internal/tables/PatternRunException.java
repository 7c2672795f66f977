package dev.singletable.design.internal.tables;

import dev.singletable.SingleTableException;

/** An access pattern of a design that could not be rendered or run on its sample items: names table and pattern, then the library's reason and fix. */
public final class PatternRunException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public PatternRunException(String table, String pattern, SingleTableException cause) {
        super("Table " + table + ", access pattern '" + pattern + "': " + cause.getMessage(), cause);
    }

    /**
     * As above, with the schema file's words for a read of a partial GSI that needs what the index does not hold (the
     * library's message names the Java API's ways out): select or fetchFullItems on the pattern.
     */
    public PatternRunException(dev.singletable.schema.SchemaFile design, String pattern, SingleTableException cause) {
        super("Table " + design.document().table().name() + ", access pattern '" + pattern + "': " + cause.getMessage()
                + dev.singletable.design.internal.lint.PartialIndexReads.of(design.document()).stream()
                        .filter(read -> read.pattern().name().equals(pattern)).findFirst()
                        .map(read -> ". In the schema file: " + read.fix()).orElse(""), cause);
    }
}
