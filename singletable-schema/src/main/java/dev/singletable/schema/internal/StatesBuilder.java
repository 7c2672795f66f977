package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.StatesDefinition;
import dev.singletable.schema.internal.DesignBuilder.Problem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.singletable.schema.internal.DesignProblems.suggestion;

/**
 * An entity's {@code states:} (its keys depend on a boolean or enum attribute) checked against the file, built as the
 * core's entity states from one entity type per state, and the problems of those types placed where the file wrote them.
 */
final class StatesBuilder extends DesignSection {
    /** @param source the document as written, with each entity's states in it */
    StatesBuilder(SchemaDocument source, DesignProblems problems) {
        super(source, problems);
    }

    /** The states' declaration against the entity's attributes and the other entities, before the states are built. */
    void statesFit(String name, EntityDefinition entity, StatesDefinition states) {
        String at = "/entities/" + LocatedTree.segment(name) + "/states";
        AttributeDefinition attribute = entity.attributes().get(states.attribute());
        if (attribute == null) {
            problems.add(Kind.UNKNOWN_NAME, at + "/attribute", "state attribute '" + states.attribute() + "' is not an attribute of " + name
                    + suggestion(states.attribute(), entity.attributes().keySet()) + "; its attributes are "
                    + String.join(", ", entity.attributes().keySet()));
        } else if (attribute.type() != AttributeKind.BOOLEAN && attribute.type() != AttributeKind.ENUM) {
            problems.add(Kind.SCHEMA_DEFINITION, at + "/attribute", "state attribute '" + states.attribute() + "' is of type "
                    + attribute.type().fileName() + "; a state is picked by a boolean or an enum attribute: make it one of those");
        } else {
            if (!attribute.required()) {
                problems.add(Kind.SCHEMA_DEFINITION, at + "/attribute", "state attribute '" + states.attribute() + "' may be absent, and then no "
                        + "state would hold the item; add required: true to attributes." + states.attribute());
            }
            List<String> allowed = attribute.type() == AttributeKind.BOOLEAN ? List.of("false", "true") : attribute.values();
            for (String value : states.values().keySet()) {
                if (!allowed.contains(value)) {
                    problems.add(Kind.INVALID_VALUE, at + "/values/" + LocatedTree.segment(value), "'" + value + "' is not a value of "
                            + states.attribute() + " (" + attribute.type().fileName() + ")" + suggestion(value, allowed)
                            + "; its values are " + allowed);
                }
            }
            List<String> missing = allowed.stream().filter(v -> !states.values().containsKey(v)).toList();
            if (!missing.isEmpty()) {
                problems.add(Kind.SCHEMA_DEFINITION, at + "/values", "the states by '" + states.attribute() + "' cover "
                        + List.copyOf(states.values().keySet()) + " but not " + missing + "; an item with " + (missing.size() == 1
                        ? "that value" : "those values") + " would have no key: add a state for \"" + missing.get(0) + "\" under states.values");
            }
        }
        Map<String, String> typeOfState = new LinkedHashMap<>();
        states.values().forEach((value, state) -> {
            String stateAt = at + "/values/" + LocatedTree.segment(value) + "/type";
            if (document.entities().containsKey(state.type())) {
                problems.add(Kind.DUPLICATE_NAME, stateAt, "state type '" + state.type() + "' is the name of an entity; give the state a name of "
                        + "its own, such as '" + (state.type().equals(name) ? "Active" + name : state.type() + "State") + "'");
            }
            document.entities().forEach((other, definition) -> {
                if (!other.equals(name) && definition.states().map(s -> s.values().values().stream()
                        .anyMatch(o -> o.type().equals(state.type()))).orElse(false)) {
                    problems.add(Kind.DUPLICATE_NAME, stateAt, "state type '" + state.type() + "' is also a state of entity " + other
                            + "; give each state its own entity type name");
                }
            });
            typeOfState.putIfAbsent(state.type(), value);
        });
        if (typeOfState.size() == 1) {
            problems.add(Kind.SCHEMA_DEFINITION, at + "/values", "every value of '" + states.attribute() + "' has the one state "
                    + typeOfState.keySet().iterator().next() + "; give the entity keys instead of states, or give each state its own type and keys");
        } else if (states.values().values().stream().map(state -> primaryKey(state.keys())).distinct().count() == 1
                && states.values().values().stream().map(StatesDefinition.State::indexes).distinct().count() > 1) {
            // the same index keys as well: the core's refusal says nothing tells the states' items apart
            sharedPrimaryKey(name, at, states);
        }
    }

    /**
     * States whose primary keys are the same (seed "conditional keys": only index keys change with the state) are refused:
     * states are read by the key their state picks, so such an item could not be read by its own id without knowing its
     * state, and a change of state would be a move. What the design means is one entity whose index keys are sparse:
     * an index key with {@code when} per state, which an update of the state attribute rewrites in place.
     */
    private void sharedPrimaryKey(String name, String at, StatesDefinition states) {
        List<String> sparse = new java.util.ArrayList<>();
        states.values().forEach((value, state) -> state.indexes().forEach((index, key) -> sparse.add(templates(key)
                + ", when: {equals: {" + states.attribute() + ": " + value + "}}} (now on " + index + ")")));
        problems.add(Kind.SCHEMA_DEFINITION, at, "every state by '" + states.attribute() + "' has the same primary key ("
                + templates(states.values().values().iterator().next().keys()) + "}), and only their index keys differ: states "
                + "are for items whose primary key changes with the state, which a get must then be given. Declare " + name
                + " without states, with that key under keys: and, under indexes:, one sparse key per state, each on an index "
                + "of its own (an entity has one key per index): " + String.join(", ", sparse) + ". Then get reads the item by "
                + "its key in any state, and an update of " + states.attribute() + " rewrites the index keys in place");
    }

    /** A key's templates as the file writes them: {@code {pk: PRODUCT#{productId}, sk: METADATA}, without the closing brace. */
    private static String templates(dev.singletable.schema.KeyDefinition key) {
        return "{pk: " + template(key.partition()) + (key.sort().isEmpty() ? "" : ", sk: " + template(key.sort()));
    }

    /** A template as YAML takes it: quoted when it has a slot, whose braces would otherwise open a map. */
    private static String template(List<String> parts) {
        String template = String.join("#", parts);
        return template.contains("{") ? "\"" + template + "\"" : template;
    }

    /** The primary key templates of a state's keys, its sparse condition aside (a primary key has none). */
    private static List<List<String>> primaryKey(dev.singletable.schema.KeyDefinition keys) {
        return List.of(keys.partition(), keys.sort());
    }

    /** The states of a schema-file entity, from its states' entity types built already. */
    @SuppressWarnings("unchecked")
    Optional<EntityStates<DynamicItem>> entityStates(String name, StatesDefinition states,
                                                             Map<String, EntitySchema<DynamicItem>> entities) {
        String at = "/entities/" + LocatedTree.segment(name) + "/states";
        EntitySchema<DynamicItem> first = entities.get(states.values().values().iterator().next().type());
        Attribute<DynamicItem, ?> attribute = first.attribute(states.attribute()).orElseThrow();
        AttributeDefinition definition = document.entities().get(name).attributes().get(states.attribute());
        int before = problems.size();
        Optional<EntityStates<DynamicItem>> built = problems.core(Kind.SCHEMA_DEFINITION, at, () -> {
            if (definition.type() == AttributeKind.BOOLEAN) {
                EntityStates.Builder<DynamicItem, Boolean> builder = EntityStates.byFlag((Attribute<DynamicItem, Boolean>) attribute,
                        () -> EntitySchema.builder(DynamicItem.class)).entityName(name);
                states.values().forEach((value, state) -> builder.state(Boolean.valueOf(value), entities.get(state.type())));
                return builder.build();
            }
            EntityStates.Builder<DynamicItem, String> builder = EntityStates.byValues((Attribute<DynamicItem, String>) attribute,
                    definition.values(), () -> EntitySchema.builder(DynamicItem.class)).entityName(name);
            states.values().forEach((value, state) -> builder.state(value, entities.get(state.type())));
            return builder.build();
        });
        if (problems.size() > before) { // the core names the entity, which the problem's place in the file already does
            Problem problem = problems.remove(problems.size() - 1);
            problems.add(new Problem(problem.kind(), problem.pointer(),
                    problem.message().replaceFirst("^" + java.util.regex.Pattern.quote(name) + ": ", "")));
        }
        return built;
    }

    /** A problem found on a state's entity type, at its place in the file as written (the state's keys, or the entity). */
    Problem inSource(Problem problem) {
        String pointer = problem.pointer();
        if (pointer.isEmpty()) {
            return problem;
        }
        List<String> path = java.util.Arrays.stream(pointer.substring(1).split("/", -1)).map(s -> s.replace("~1", "/").replace("~0", "~")).toList();
        List<String> written = document.pathAsWritten(path);
        return written.equals(path) ? problem : new Problem(problem.kind(),
                written.stream().map(name -> "/" + LocatedTree.segment(name)).collect(java.util.stream.Collectors.joining()), problem.message());
    }
}
