package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Map;
import java.util.Objects;

/**
 * State-dependent keys of an entity (seed 001's "conditional keys"): the value of a required boolean
 * or enum attribute picks the state, and each state is an entity type of its own with its own keys
 * (see the core's {@code EntityStates}). An entity with states has no keys or indexes of its own.
 *
 * <pre>{@code
 * Product:
 *   attributes: {productId: {type: string, required: true}, archived: {type: boolean, required: true}}
 *   states:
 *     attribute: archived
 *     values:
 *       "false": {type: ActiveProduct, keys: {pk: 'ACTIVE_PRODUCT#{productId}', sk: METADATA}}
 *       "true": {type: ArchivedProduct, keys: {pk: 'ARCHIVED_PRODUCT#{productId}', sk: METADATA}}
 * }</pre>
 *
 * @param attribute the attribute whose value picks the state
 * @param values the attribute's value as text ({@code "true"}, {@code "false"} or an enum value) to its state, in declaration order
 */
@Experimental
public record StatesDefinition(String attribute, Map<String, State> values) {
    public StatesDefinition {
        Objects.requireNonNull(attribute, "attribute");
        values = Definitions.copy(values, "values");
    }

    /**
     * One state: its entity type name and its keys.
     *
     * @param type the state's entity type name, written to the entity-type attribute
     * @param keys the key templates on the table's primary key
     * @param indexes index name to the state's key templates on it
     */
    public record State(String type, KeyDefinition keys, Map<String, KeyDefinition> indexes) {
        public State {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(keys, "keys");
            indexes = Definitions.copy(indexes, "indexes");
        }
    }
}
