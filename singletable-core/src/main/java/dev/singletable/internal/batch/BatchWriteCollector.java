package dev.singletable.internal.batch;

import dev.singletable.NullArgumentException;


import dev.singletable.BatchOptions;
import dev.singletable.ItemKey;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/** The puts, deletes and options of a batch write as they are given, for the sync and the async batch alike. */
abstract class BatchWriteCollector<S> {
    private final List<Object> puts = new ArrayList<>();
    private final List<ItemKey<?>> deletes = new ArrayList<>();
    private BatchOptions options = BatchOptions.defaults();

    /** This collector as the type its subclass implements ({@code S} is always the subclass's own interface). */
    @SuppressWarnings("unchecked")
    final S self() {
        return (S) this;
    }

    public S put(Object entity) {
        NullArgumentException.checkOn(this, "put", "entity", entity);
        puts.add(Objects.requireNonNull(entity, "entity"));
        return self();
    }

    public S putAll(Collection<?> entities) {
        NullArgumentException.checkOn(this, "putAll", "entities", entities);
        entities.forEach(this::put);
        return self();
    }

    public S delete(ItemKey<?> key) {
        NullArgumentException.checkOn(this, "delete", "key", key);
        deletes.add(Objects.requireNonNull(key, "key"));
        return self();
    }

    public S deleteAll(Collection<? extends ItemKey<?>> keys) {
        NullArgumentException.checkOn(this, "deleteAll", "keys", keys);
        keys.forEach(this::delete);
        return self();
    }

    public S options(BatchOptions options) {
        NullArgumentException.checkOn(this, "options", "options", options);
        this.options = Objects.requireNonNull(options, "options");
        return self();
    }

    List<Object> puts() {
        return List.copyOf(puts);
    }

    List<ItemKey<?>> deletes() {
        return List.copyOf(deletes);
    }

    BatchOptions options() {
        return options;
    }
}
