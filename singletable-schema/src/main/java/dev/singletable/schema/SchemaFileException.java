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
    private final boolean wholeFileChecked;

    /** Every mistake of a file checked whole. */
    public SchemaFileException(List<SchemaError> errors) {
        this(errors, true);
    }

    /**
     * @param wholeFileChecked false when the mistakes found stopped the checks before the rest of the file (a syntax error,
     *                         a list where a map belongs): fixing them may show more
     */
    public SchemaFileException(List<SchemaError> errors, boolean wholeFileChecked) {
        super(message(errors));
        this.errors = List.copyOf(errors);
        this.wholeFileChecked = wholeFileChecked;
    }

    /** The mistakes, in file order. */
    public List<SchemaError> errors() {
        return errors;
    }

    /**
     * Whether every part of the file was checked; false when its syntax or structure left it unreadable, so that its
     * entities, key templates, examples and access patterns were not checked and may hold more mistakes.
     *
     * <pre>{@code
     * if (!e.wholeFileChecked()) {
     *     System.err.println("the rest of the file was not checked: fix these, then check again");
     * }
     * }</pre>
     */
    public boolean wholeFileChecked() {
        return wholeFileChecked;
    }

    private static String message(List<SchemaError> errors) {
        return errors.size() + (errors.size() == 1 ? " error" : " errors") + " in the schema file:\n"
                + errors.stream().map(SchemaError::toString).collect(Collectors.joining("\n"));
    }
}
