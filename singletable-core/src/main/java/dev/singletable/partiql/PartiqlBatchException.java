package dev.singletable.partiql;

import dev.singletable.ConditionFailedException;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.Experimental;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.ValidationException;

import java.util.List;

/**
 * Some statements of a {@link Table#executeBatch(List) BatchExecuteStatement} failed; the others were
 * applied (a batch is not atomic: use {@link Table#executeTransaction(List)} for all-or-nothing).
 * Lists every failed statement with its position, DynamoDB's error code and the typed exception a
 * single {@link Table#execute(PartiqlWrite)} would have thrown, and the positions that succeeded.
 *
 * <pre>{@code
 * try {
 *     table.executeBatch(List.of(table.partiqlInsert(a), table.partiqlInsert(b)));
 * } catch (PartiqlBatchException e) {
 *     for (PartiqlBatchException.Failure f : e.failures()) {
 *         log(f.index(), f.code(), f.error().getMessage());   // 1 DuplicateItem Cannot create Order {PK=..., SK=...} ...
 *     }
 * }
 * }</pre>
 */
@Experimental
public class PartiqlBatchException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final transient List<Failure> failures;
    private final transient List<Integer> succeeded;

    /**
     * One failed statement.
     *
     * @param index     its position in the batch, from 0
     * @param statement the statement
     * @param code      DynamoDB's error code: ConditionalCheckFailed, DuplicateItem, ValidationError, ThrottlingError...
     * @param error     the exception this statement alone would have thrown: {@link ItemAlreadyExistsException},
     *                  {@link ItemNotFoundException}, {@link ConditionFailedException}, {@link ValidationException}, or
     *                  {@link DynamoDbRequestException} with the code
     */
    public record Failure(int index, PartiqlWrite statement, String code, SingleTableException error) {
    }

    public PartiqlBatchException(String message, List<Failure> failures, List<Integer> succeeded) {
        super(message);
        this.failures = List.copyOf(failures);
        this.succeeded = List.copyOf(succeeded);
    }

    /** The statements that failed, in batch order. */
    public List<Failure> failures() {
        return failures;
    }

    /** The positions of the statements that were applied, in batch order. */
    public List<Integer> succeeded() {
        return succeeded;
    }
}
