package dev.singletable.internal.codec;

import dev.singletable.extension.EntityHooks;
import dev.singletable.EntitySchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** Runs an entity's hooks in the order they were declared, refusing steps that return null. */
final class EntityLifecycle<T> {
    private final String type;
    private final EntityHooks<T> hooks;

    EntityLifecycle(EntitySchema<T> schema) {
        this.type = schema.type();
        this.hooks = schema.hooks();
    }

    T prepareForWrite(T entity) {
        List<UnaryOperator<T>> steps = hooks.beforeWrite();
        T prepared = entity;
        for (int i = 0; i < steps.size(); i++) {
            prepared = Objects.requireNonNull(steps.get(i).apply(prepared), () -> type + ": a beforeWrite step returned null");
        }
        return prepared;
    }

    void beforeToItem(T entity, Map<String, AttributeValue> item) {
        for (BiConsumer<? super T, Map<String, AttributeValue>> hook : hooks.beforeToItem()) {
            hook.accept(entity, item);
        }
    }

    void afterToItem(T entity, Map<String, AttributeValue> item) {
        for (BiConsumer<? super T, Map<String, AttributeValue>> hook : hooks.afterToItem()) {
            hook.accept(entity, item);
        }
    }

    boolean hasBeforeFromItem() {
        return !hooks.beforeFromItem().isEmpty();
    }

    void beforeFromItem(Map<String, AttributeValue> item) {
        for (Consumer<Map<String, AttributeValue>> hook : hooks.beforeFromItem()) {
            hook.accept(item);
        }
    }

    T afterFromItem(Map<String, AttributeValue> item, T entity) {
        T result = entity;
        for (BiFunction<Map<String, AttributeValue>, T, T> hook : hooks.afterFromItem()) {
            result = Objects.requireNonNull(hook.apply(item, result), () -> type + ": an afterFromItem hook returned null");
        }
        return result;
    }

    Optional<Predicate<? super T>> indexCondition(String indexName) {
        return hooks.indexCondition(indexName);
    }
}
