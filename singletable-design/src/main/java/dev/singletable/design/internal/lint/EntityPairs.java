package dev.singletable.design.internal.lint;

import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pairs of entity types whose keys can coincide, for the rules on shared partitions (ST006) and shared keys (ST007):
 * the {@link CoincidenceCandidates} of the design, in the order of the nested loop over every pair, less the pairs of
 * two states of one entity (never stored at once, whatever their keys share).
 */
final class EntityPairs {
    /** Two entity types, {@code first} declared before {@code second}, with their definitions. */
    record Pair(String first, String second, EntityDefinition one, EntityDefinition other) {
    }

    private EntityPairs() {
    }

    static List<Pair> of(LintedDesign design) {
        SchemaDocument document = design.document();
        List<String> entities = List.copyOf(document.entities().keySet());
        Map<String, String> stateOwners = new HashMap<>(); // source.entityOfState of every state type, in one pass
        design.source().entities().forEach((entity, definition) -> definition.states().ifPresent(states ->
                states.values().values().forEach(state -> stateOwners.putIfAbsent(state.type(), entity))));
        List<Pair> pairs = new ArrayList<>();
        // only pairs whose partition keys (the table's or an index's) share a first segment's literal start can coincide
        for (long pair : CoincidenceCandidates.pairs(document, entities)) {
            String first = entities.get((int) (pair >>> 32));
            String second = entities.get((int) pair);
            if (!stateOwners.containsKey(first) || !stateOwners.get(first).equals(stateOwners.get(second))) {
                pairs.add(new Pair(first, second, document.entities().get(first), document.entities().get(second)));
            }
        }
        return pairs;
    }

    /** Whether one collection holds both entity types. */
    static boolean inOneCollection(SchemaDocument document, String first, String second) {
        return document.collections().values().stream().anyMatch(c -> c.members().contains(first) && c.members().contains(second));
    }
}
