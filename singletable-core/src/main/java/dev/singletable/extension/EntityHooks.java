package dev.singletable.extension;

import dev.singletable.EntitySchema;
import dev.singletable.Stable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What an entity runs around its mapping, as declared on {@link EntitySchema.Builder}: steps
 * before a write, hooks before and after the item is built or read, and the conditions of sparse
 * indexes. A plain value: singletable runs them, in the order declared; tools can list them.
 *
 * <pre>{@code
 * EntityHooks<Order> hooks = ORDER.hooks();
 * boolean sparse = hooks.indexCondition("GSI2").isPresent();   // true: only shipped orders are in GSI2
 * }</pre>
 *
 * @param beforeWrite     steps that replace the entity before it is written (e.g. fill generated ids)
 * @param beforeToItem    hooks that see the entity and the item before its attributes are written
 * @param afterToItem     hooks that see the entity and the finished item
 * @param beforeFromItem  hooks that see a stored item before it is read
 * @param afterFromItem   steps that replace the entity read from an item
 * @param indexConditions per index name, the condition an entity must meet to be written to that index
 * @param <T> the entity's Java type
 */
@Stable
public record EntityHooks<T>(List<UnaryOperator<T>> beforeWrite,
                             List<BiConsumer<? super T, Map<String, AttributeValue>>> beforeToItem,
                             List<BiConsumer<? super T, Map<String, AttributeValue>>> afterToItem,
                             List<Consumer<Map<String, AttributeValue>>> beforeFromItem,
                             List<BiFunction<Map<String, AttributeValue>, T, T>> afterFromItem,
                             Map<String, Predicate<? super T>> indexConditions) {

    /** Copies every list and map, so the hooks cannot change after the schema is built. */
    public EntityHooks {
        beforeWrite = List.copyOf(beforeWrite);
        beforeToItem = List.copyOf(beforeToItem);
        afterToItem = List.copyOf(afterToItem);
        beforeFromItem = List.copyOf(beforeFromItem);
        afterFromItem = List.copyOf(afterFromItem);
        indexConditions = Map.copyOf(indexConditions);
    }

    /** The condition of a sparse index, or empty when every entity is written to it. */
    public Optional<Predicate<? super T>> indexCondition(String indexName) {
        return Optional.ofNullable(indexConditions.get(indexName));
    }

    /** True when hooks may put anything into the item, so its size cannot be bounded from the attributes. */
    public boolean touchesItems() {
        return !beforeToItem.isEmpty() || !afterToItem.isEmpty();
    }
}
