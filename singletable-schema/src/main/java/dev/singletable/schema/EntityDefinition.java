package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One entity type of a schema file.
 *
 * <pre>{@code
 * Post:
 *   attributes:
 *     username: {type: string, required: true}
 *     postId: {type: string, required: true, generated: ulid}
 *     published: {type: boolean}
 *   keys: {pk: 'USER#{username}', sk: 'POST#{postId}'}
 *   indexes:
 *     gsi1: {pk: POST, sk: 'STATUS#{published}#{postId}', when: {present: published}}
 * }</pre>
 *
 * @param description free text
 * @param attributes attribute name to its definition, in declaration order
 * @param keys the key templates on the table's primary key
 * @param indexes index name to this entity's key templates on it
 * @param attributeBag true when the item's unmapped attributes are kept
 * @param examples example items, attribute name to value (String, BigDecimal, Boolean, List or Map)
 * @param exampleFile a JSON Lines file of more examples, relative to the schema file
 * @param states the state-dependent keys, when the entity's keys depend on its state; then {@code keys} is
 *               {@link KeyDefinition#none()} and {@code indexes} is empty, each state carrying its own
 * @param volume how many items, over how many partition keys, written how often ({@code count}, {@code partitionKeyValues},
 *               {@code writes}); {@link EntityVolume#none()} when the file declares none
 */
@Experimental
public record EntityDefinition(Optional<String> description, Map<String, AttributeDefinition> attributes, KeyDefinition keys,
                               Map<String, KeyDefinition> indexes, boolean attributeBag, List<Map<String, Object>> examples,
                               Optional<String> exampleFile, Optional<StatesDefinition> states, EntityVolume volume) {
    public EntityDefinition {
        Objects.requireNonNull(description, "description");
        attributes = Definitions.copy(attributes, "attributes");
        Objects.requireNonNull(keys, "keys");
        indexes = Definitions.copy(indexes, "indexes");
        examples = examples.stream().map(example -> Definitions.copy(example, "example")).toList();
        Objects.requireNonNull(exampleFile, "exampleFile");
        Objects.requireNonNull(states, "states");
        Objects.requireNonNull(volume, "volume");
    }

    /** An entity that declares no volume. */
    public EntityDefinition(Optional<String> description, Map<String, AttributeDefinition> attributes, KeyDefinition keys,
                            Map<String, KeyDefinition> indexes, boolean attributeBag, List<Map<String, Object>> examples,
                            Optional<String> exampleFile, Optional<StatesDefinition> states) {
        this(description, attributes, keys, indexes, attributeBag, examples, exampleFile, states, EntityVolume.none());
    }

    /** An entity whose keys do not depend on its state. */
    public EntityDefinition(Optional<String> description, Map<String, AttributeDefinition> attributes, KeyDefinition keys,
                            Map<String, KeyDefinition> indexes, boolean attributeBag, List<Map<String, Object>> examples,
                            Optional<String> exampleFile) {
        this(description, attributes, keys, indexes, attributeBag, examples, exampleFile, Optional.empty());
    }

    /**
     * One state of an entity whose keys depend on its state, as an entity type of its own would declare it: the
     * state's keys and indexes, the entity's attributes, and the examples in that state (no example file).
     *
     * @param value the state attribute's value as text, a key of {@code states().values()}
     */
    public EntityDefinition inState(String value) {
        StatesDefinition definition = states.orElseThrow(() -> new IllegalStateException("the entity has no states"));
        StatesDefinition.State state = definition.values().get(value);
        if (state == null) {
            throw new IllegalArgumentException("no state for '" + value + "'; the states are for " + definition.values().keySet());
        }
        List<Map<String, Object>> inState = examples.stream()
                .filter(example -> {
                    StatesDefinition.State its = definition.values().get(String.valueOf(example.get(definition.attribute())));
                    return its != null && its.type().equals(state.type());
                }).toList();
        return new EntityDefinition(description, attributes, state.keys(), state.indexes(), attributeBag, inState, Optional.empty(),
                Optional.empty(), volume);
    }
}
