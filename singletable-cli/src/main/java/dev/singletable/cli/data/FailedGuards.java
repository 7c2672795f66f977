package dev.singletable.cli.data;

import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.design.internal.text.RequestText;
import dev.singletable.schema.SchemaFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Why a write guarded by {@code --expect} was refused, in the command line's terms, as {@code put} and {@code delete} say
 * it: {@code the stored item has stock=1 (expected stock>=2)}, or {@code there is no such item}.
 *
 * <pre>{@code
 * throw new DemoFailure("delete Product " + key + ": not deleted, " + FailedGuards.stored(e, expectations, file) + ".", e);
 * }</pre>
 */
final class FailedGuards {
    private FailedGuards() {
    }

    /**
     * What the stored item has where the guards said otherwise: each guard's path with its stored value ({@code (none)}
     * where it has none), then the guards as given.
     */
    static String stored(ConditionFailedException failure, List<String> expectations, SchemaFile file) {
        Optional<DynamicItem> current = failure.currentEntity(DynamicItem.class);
        if (current.isEmpty()) {
            return "there is no such item";
        }
        List<String> stored = new ArrayList<>();
        for (String expectation : expectations) {
            String path = Guard.parse(expectation).path();
            // an attribute as the item holds it; a path into a record, list or map as stored, in DynamoDB's terms
            Optional<String> shown = current.get().has(path) ? current.get().find(path).map(String::valueOf)
                    : failure.currentItem().flatMap(item -> file.path(failure.entityType(), path).valueIn(item)).map(RequestText::value);
            stored.add(path + "=" + shown.orElse("(none)"));
        }
        return "the stored item has " + String.join(", ", stored) + " (expected " + String.join(", ", expectations) + ")";
    }
}
