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
    /** A put given to {@code restore}: its timestamps written as the entity gives them. */
    record Restored(Object entity) {
    }

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

    public S restore(Object entity) {
        NullArgumentException.checkOn(this, "restore", "entity", entity);
        puts.add(new Restored(entity));
        return self();
    }

    public S restoreAll(Collection<?> entities) {
        NullArgumentException.checkOn(this, "restoreAll", "entities", entities);
        entities.forEach(this::restore);
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

    /** The entities to put, those given to {@code restore} as {@link Restored}. */
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
