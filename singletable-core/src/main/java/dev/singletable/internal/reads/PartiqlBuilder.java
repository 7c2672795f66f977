package dev.singletable.internal.reads;

import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

import java.util.function.Function;

/**
 * The settings of a PartiQL statement, sync and async alike: each returns the statement of the same
 * kind ({@code S}) over a changed {@link PartiqlRead}. Subclasses add the terminal operations.
 *
 * @param <T> what each item decodes to
 * @param <S> the statement type a setting returns, such as {@code PartiqlStatement<T>}
 */
abstract class PartiqlBuilder<T, S> {
    private final PartiqlRead<T> read;
    private final Function<PartiqlRead<T>, S> maker;

    PartiqlBuilder(PartiqlRead<T> read, Function<PartiqlRead<T>, S> maker) {
        this.read = read;
        this.maker = maker;
    }

    final PartiqlRead<T> read() {
        return read;
    }

    public S parameters(Object... values) {
        return maker.apply(read.parameters(values));
    }

    public S consistentRead() {
        return maker.apply(read.consistentRead());
    }

    public S pageSize(int itemsPerRequest) {
        return maker.apply(read.pageSize(itemsPerRequest));
    }

    public S includeExpired() {
        return maker.apply(read.includeExpired());
    }

    public ExecuteStatementRequest toRequest() {
        return read.toRequest();
    }
}
