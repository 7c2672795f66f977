package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.SingleTableException;

/**
 * The migrations cannot run as given: two steps with one version, a version below 1, a step to
 * revert without a down step, a version recorded in the table that no step has. Nothing was run.
 *
 * <pre>{@code
 * // "Migrations 3 (Posts get a status) and 3 (Tags lower-cased) have the same version; give each its own"
 * }</pre>
 */
@Experimental
public class MigrationDefinitionException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public MigrationDefinitionException(String message) {
        super(message);
    }
}
