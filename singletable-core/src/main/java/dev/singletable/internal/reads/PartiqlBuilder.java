package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

import java.util.function.BiFunction;

/**
 * The settings of a PartiQL statement, sync and async alike: each returns the statement of the same
 * kind ({@code S}) over a changed {@link PartiqlRead}. Subclasses add the terminal operations.
 *
 * @param <T> what each item decodes to
 * @param <S> the statement type a setting returns, such as {@code PartiqlStatement<T>}
 * @param <C> the SDK client the statement runs on
 */
abstract class PartiqlBuilder<T, S, C> {
    private final C client;
    private final PartiqlRead<T> read;
    private final BiFunction<C, PartiqlRead<T>, S> maker;

    PartiqlBuilder(C client, PartiqlRead<T> read, BiFunction<C, PartiqlRead<T>, S> maker) {
        this.client = client;
        this.read = read;
        this.maker = maker;
    }

    final C client() {
        return client;
    }

    final PartiqlRead<T> read() {
        return read;
    }

    public S parameters(Object... values) {
        NullArgumentException.checkOn(this, "parameters", "values", values);
        return maker.apply(client, read.parameters(values));
    }

    public <V> S parameter(dev.singletable.Attribute<?, V> attribute, V value) {
        NullArgumentException.checkOn(this, "parameter", "attribute", attribute, "value", value);
        return maker.apply(client, read.parameter(attribute, value));
    }

    public S key(dev.singletable.EntitySchema<?> entity, dev.singletable.KeyValues key) {
        NullArgumentException.checkOn(this, "key", "entity", entity, "key", key);
        return maker.apply(client, read.key(entity, key));
    }

    public S consistentRead() {
        return maker.apply(client, read.consistentRead());
    }

    public S pageSize(int itemsPerRequest) {
        return maker.apply(client, read.pageSize(itemsPerRequest));
    }

    public S includeExpired() {
        return maker.apply(client, read.includeExpired());
    }

    public ExecuteStatementRequest toRequest() {
        return read.toRequest();
    }
}
