package dev.singletable.changes;

import dev.singletable.EntitySchema;
import dev.singletable.Experimental;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A change to an item of one of the table's entity types, with its images decoded into that type. Which images it has
 * follows the stream's view type and the kind: {@code NEW_IMAGE} gives {@link #newImage()} of created and modified
 * items, {@code OLD_IMAGE} gives {@link #oldImage()} of modified and removed ones, {@code NEW_AND_OLD_IMAGES} both
 * (a record without any image, such as a removal on a {@code NEW_IMAGE} stream, is a {@link KeysOnlyChange}).
 *
 * <pre>{@code
 * if (change instanceof ChangeEvent<UserItems> event && event.newImage().orElse(null) instanceof User user
 *         && event.changedAttributes().contains("name")) {
 *     renameCopies(user);
 * }
 * }</pre>
 *
 * @param <T> the decoder's type: the entity's class or a collection's common type
 */
@Experimental
public final class ChangeEvent<T> extends RecordOutcome implements Change<T> {
    private final EntitySchema<? extends T> entity;
    private final EntitySchema<? extends T> oldEntity;
    private final Map<String, AttributeValue> oldItem;
    private final Map<String, AttributeValue> newItem;
    private final T oldImage;
    private final T newImage;

    ChangeEvent(RecordFacts facts, EntitySchema<? extends T> entity, EntitySchema<? extends T> oldEntity,
                Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem, T oldImage, T newImage) {
        super(facts);
        this.entity = entity;
        this.oldEntity = oldEntity;
        this.oldItem = oldItem;
        this.newItem = newItem;
        this.oldImage = oldImage;
        this.newImage = newImage;
    }

    /** The item's entity type, named by its entity-type attribute (the new image's, when the change gave it another type). */
    public EntitySchema<? extends T> entity() {
        return entity;
    }

    /**
     * The entity type of the old image: {@link #entity()}, unless the change put an item of another type under the key and
     * the decoder decodes both types; then the type the item had, into which the old image is decoded. (A decoder of only
     * one of the two types sees the removal of the old entity or the creation of the new one instead.)
     *
     * <pre>{@code
     * if (event.oldEntity() != event.entity()) {   // a User replaced by a Post under the same key
     *     dropCopiesOf(event.oldImage().orElseThrow());
     * }
     * }</pre>
     */
    public EntitySchema<? extends T> oldEntity() {
        return oldEntity;
    }

    /** The entity as it was before the change, when the stream's view type carries old images and there was one. */
    public Optional<T> oldImage() {
        return Optional.ofNullable(oldImage);
    }

    /** The entity as it is after the change, when the stream's view type carries new images and the item remains. */
    public Optional<T> newImage() {
        return Optional.ofNullable(newImage);
    }

    /** The stored item before the change, as the record holds it. */
    public Optional<Map<String, AttributeValue>> oldItem() {
        return Optional.ofNullable(oldItem);
    }

    /** The stored item after the change, as the record holds it. */
    public Optional<Map<String, AttributeValue>> newItem() {
        return Optional.ofNullable(newItem);
    }

    /**
     * The stored attributes the change touched, in name order: for a modification with both images, those added,
     * removed or given another value; otherwise every attribute of the one image there is (all of them were written,
     * or are gone). Key and bookkeeping attributes (version, timestamps) count like any other.
     */
    public Set<String> changedAttributes() {
        if (oldItem == null || newItem == null) {
            Map<String, AttributeValue> only = newItem != null ? newItem : oldItem;
            return only == null ? Set.of() : Collections.unmodifiableSet(new TreeSet<>(only.keySet()));
        }
        Set<String> names = new LinkedHashSet<>(oldItem.keySet());
        names.addAll(newItem.keySet());
        Set<String> changed = new TreeSet<>();
        for (String name : names) {
            if (!Objects.equals(oldItem.get(name), newItem.get(name))) {
                changed.add(name);
            }
        }
        return Collections.unmodifiableSet(changed);
    }

    @Override
    public String toString() {
        return "ChangeEvent[" + (oldEntity == entity ? "" : oldEntity.type() + " -> ") + entity.type() + " " + facts.kind() + " " + facts.keyText() + " #" + facts.sequenceNumber() + "]";
    }
}
