package dev.singletable.schema;

import dev.singletable.Experimental;
import dev.singletable.SchemaDefinitionException;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A schema file could not be loaded: every mistake found, each located. Nothing of the file is
 * loaded when this is thrown.
 *
 * <pre>{@code
 * try {
 *     SchemaFile.load(path);
 * } catch (SchemaFileException e) {
 *     e.errors().forEach(System.err::println);
 * }
 * }</pre>
 */
@Experimental
public class SchemaFileException extends SchemaDefinitionException {
    private static final long serialVersionUID = 1L;

    private final transient List<SchemaError> errors;

    public SchemaFileException(List<SchemaError> errors) {
        super(message(errors));
        this.errors = List.copyOf(errors);
    }

    /** The mistakes, in file order. */
    public List<SchemaError> errors() {
        return errors;
    }

    private static String message(List<SchemaError> errors) {
        return errors.size() + (errors.size() == 1 ? " error" : " errors") + " in the schema file:\n"
                + errors.stream().map(SchemaError::toString).collect(Collectors.joining("\n"));
    }
}
