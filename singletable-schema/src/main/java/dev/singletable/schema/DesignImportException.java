package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.SchemaDefinitionException;

/**
 * An input an import cannot read at all: not JSON, or without the parts every model has (a
 * table, its key). What is merely unmappable is an {@link ImportNote} instead.
 */
@Experimental
public class DesignImportException extends SchemaDefinitionException {
    public DesignImportException(String message) {
        super(message);
    }
}
