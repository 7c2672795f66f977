package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Relation;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.StatesDefinition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static dev.singletable.schema.internal.DesignProblems.suggestion;

/**
 * A relation of {@code relations:} to the core's relation between two built entities.
 */
final class RelationBuilder extends DesignSection {
    private final SchemaDocument source;
    private final AttributeTypeBuilder types;
    private final FileValues fileValues;

    RelationBuilder(SchemaDocument document, SchemaDocument source, DesignProblems problems, AttributeTypeBuilder types,
                    FileValues fileValues) {
        super(document, problems);
        this.source = source;
        this.types = types;
        this.fileValues = fileValues;
    }

    /** @param examples each entity's example items, which the sample adjacency items of the relation's examples copy from */
    Optional<Relation<DynamicItem, DynamicItem>> relation(String name, RelationDefinition relation,
                                                          Map<String, EntitySchema<DynamicItem>> entities,
                                                          Map<String, List<DynamicItem>> examples) {
        String at = "/relations/" + LocatedTree.segment(name);
        EntitySchema<DynamicItem> first = entities.get(relation.first());
        EntitySchema<DynamicItem> second = entities.get(relation.second());
        boolean onStates = onStates(at, name, relation, entities); // reports an undeclared end too
        if (onStates || first == null || second == null) {
            return Optional.empty();
        }
        List<Attribute<DynamicItem, ?>> fromFirst = copied(at + "/copyFromFirst", relation.first(), first, relation.copyFromFirst());
        List<Attribute<DynamicItem, ?>> fromSecond = copied(at + "/copyFromSecond", relation.second(), second, relation.copyFromSecond());
        List<Attribute<DynamicItem, ?>> edge = edge(at + "/edge", name, relation.edge());
        if (fromFirst == null || fromSecond == null || edge == null) {
            return Optional.empty();
        }
        Optional<Relation<DynamicItem, DynamicItem>> built = problems.core(Kind.SCHEMA_DEFINITION, at, () -> {
            Relation.Builder<DynamicItem, DynamicItem> builder = Relation.between(name, first, second)
                    .firstSide(relation.firstSide().partition().get(0), relation.firstSide().sort().get(0))
                    .secondSide(relation.secondSide().partition().get(0), relation.secondSide().sort().get(0));
            if (!relation.itemTypes().isEmpty()) {
                builder.itemTypes(relation.itemTypes().get(0), relation.itemTypes().get(1));
            }
            fromFirst.forEach(builder::copyFromFirst);
            fromSecond.forEach(builder::copyFromSecond);
            edge.forEach(builder::edge);
            if (relation.propagateCopies()) {
                builder.propagateCopies();
            }
            return builder.build();
        });
        built.ifPresent(core -> examples(at, name, relation, core, examples));
        return built;
    }

    /**
     * Whether an end is an entity with states (a problem then says why relations do not take one); an end that is not
     * declared is reported too.
     */
    private boolean onStates(String at, String name, RelationDefinition relation, Map<String, EntitySchema<DynamicItem>> entities) {
        boolean onStates = false;
        for (String end : List.of("first", "second")) {
            String entity = end.equals("first") ? relation.first() : relation.second();
            Optional<Map.Entry<String, EntityDefinition>> stated = source.entities().entrySet().stream()
                    .filter(e -> e.getValue().states().isPresent())
                    .filter(e -> e.getKey().equals(entity) || e.getValue().states().get().values().values().stream()
                            .anyMatch(state -> state.type().equals(entity)))
                    .findFirst();
            if (stated.isPresent()) {
                StatesDefinition states = stated.get().getValue().states().get();
                List<String> picks = new ArrayList<>();
                states.values().forEach((value, state) -> picks.add(value + " -> " + state.type()));
                String owner = stated.get().getKey();
                problems.add(Kind.SCHEMA_DEFINITION, at + "/" + end, "relation " + name + " names " + (owner.equals(entity) ? "entity '"
                        + entity + "'" : "'" + entity + "', a state of entity " + owner) + ", whose keys depend on its state ('"
                        + states.attribute() + "': " + String.join(", ", picks) + "): when the state changes the item moves to another "
                        + "key, and the relation's adjacency items and related reads would still name the old one. Relations on "
                        + "entities with states are not supported; relate an entity with fixed keys instead (give " + owner
                        + " keys and put the state in an index key, or relate an entity that holds its id)");
                onStates = true;
                continue;
            }
            if (!entities.containsKey(entity)) {
                problems.add(Kind.UNKNOWN_NAME, at + "/" + end, "relation " + name + " names entity '" + entity + "', which is not "
                        + "declared" + suggestion(entity, document.entities().keySet()) + "; the entities are "
                        + String.join(", ", document.entities().keySet()));
            }
        }
        return onStates;
    }

    /**
     * Checks the example edges: each names its pair by every key slot of the sides and gives a value to every required edge
     * attribute, as {@code relate} would refuse it otherwise, and names nothing else; its pair is one of the ends' examples,
     * which its sample adjacency items copy from. A relation without examples is not refused for a required edge attribute,
     * although its sample items (every pair of the ends' examples) lack the value: a design the annotation processor writes
     * cannot declare relation examples.
     */
    private void examples(String relationAt, String name, RelationDefinition relation, Relation<DynamicItem, DynamicItem> core,
                          Map<String, List<DynamicItem>> entityExamples) {
        List<String> slots = core.firstSideItems().primaryKey().templates().stream().flatMap(t -> t.attributeNames().stream())
                .distinct().toList();
        String at = relationAt + "/examples";
        for (int i = 0; i < relation.examples().size(); i++) {
            Map<String, Object> example = relation.examples().get(i);
            String where = "relation " + name + ": example " + (i + 1);
            String exampleAt = at + "/" + i;
            List<String> missing = slots.stream().filter(slot -> !example.containsKey(slot)).toList();
            for (String slot : missing) {
                problems.add(Kind.SCHEMA_DEFINITION, exampleAt, where + " has no value for key slot '" + slot
                        + "'; an example names its pair by the slots " + String.join(", ", slots));
            }
            if (missing.isEmpty()) {
                for (String end : relation.first().equals(relation.second()) ? List.of(relation.first())
                        : List.of(relation.first(), relation.second())) {
                    namesAnExample(exampleAt, where, example, slots, end, relation, entityExamples.getOrDefault(end, List.of()));
                }
            }
            relation.edge().forEach((attribute, definition) -> {
                if (definition.required() && !example.containsKey(attribute)) {
                    problems.add(Kind.SCHEMA_DEFINITION, exampleAt, where + " has no value for edge attribute '" + attribute
                            + "', which is required (relate refuses an edge without it)");
                } else if (example.containsKey(attribute)) {
                    fileValues.convert(exampleAt + "/" + LocatedTree.segment(attribute), definition, example.get(attribute),
                            where + ": edge attribute '" + attribute + "'");
                }
            });
            for (String given : example.keySet()) {
                if (!slots.contains(given) && !relation.edge().containsKey(given)) {
                    List<String> known = new ArrayList<>(slots);
                    known.addAll(relation.edge().keySet());
                    problems.add(Kind.UNKNOWN_NAME, exampleAt + "/" + LocatedTree.segment(given), where + " names '" + given
                            + "', neither a key slot nor an edge attribute" + suggestion(given, known) + "; it takes "
                            + String.join(", ", known));
                }
            }
        }
    }

    /**
     * The edge's attributes, typed as entity attributes are (the kind registry behind {@code type}), or null when one is refused
     * (a problem then says why): roles, generated ids, defaults, {@code nullable} and rules belong to entities, whose writes
     * maintain and check them, not to an edge, whose values {@code relate} writes as given.
     */
    private List<Attribute<DynamicItem, ?>> edge(String at, String relation, Map<String, AttributeDefinition> declared) {
        List<Attribute<DynamicItem, ?>> attributes = new ArrayList<>();
        boolean refused = false;
        for (Map.Entry<String, AttributeDefinition> entry : declared.entrySet()) {
            String attributeAt = at + "/" + LocatedTree.segment(entry.getKey());
            AttributeDefinition definition = entry.getValue();
            List<String> entityOnly = new ArrayList<>();
            definition.role().ifPresent(role -> entityOnly.add("role"));
            definition.generated().ifPresent(generator -> entityOnly.add("generated"));
            if (!definition.hasNoValueOptions()) {
                entityOnly.add("nullable, default or validation rules");
            }
            if (!entityOnly.isEmpty()) {
                problems.add(Kind.SCHEMA_DEFINITION, attributeAt, "relation " + relation + ": edge attribute '" + entry.getKey()
                        + "' has " + String.join(", ", entityOnly) + ", which only entity attributes take (their writes maintain "
                        + "and check them); relate writes an edge value as given: keep type, of, values, required and description");
                refused = true;
                continue;
            }
            Optional<Attribute<DynamicItem, Object>> attribute = types.attribute(attributeAt, entry.getKey(), definition);
            attribute.ifPresent(attributes::add);
            refused |= attribute.isEmpty();
        }
        return refused ? null : attributes;
    }

    /**
     * Refuses an example whose key slots name no example of an end (a typo, {@code userId: '12'} for {@code '123'}): its sample
     * adjacency items would lack what the relation copies from that end, silently. An end without examples is named freely
     * when the relation copies nothing from it, as the items then miss nothing. An end's example is the pair's when every
     * slot it has holds the example's value, as the sample items find it.
     */
    /** Whether the end's example value is the relation example's, compared as the attribute types them ('...00.000Z' is '...00Z'). */
    private boolean sameValue(Object endValue, Object given, AttributeDefinition attribute) {
        Optional<Object> typed = attribute == null ? Optional.empty() : fileValues.typed(attribute, given);
        return typed.map(value -> value.equals(endValue)).orElse(false) || String.valueOf(endValue).equals(String.valueOf(given));
    }

    private void namesAnExample(String at, String where, Map<String, Object> example, List<String> slots, String end,
                                RelationDefinition relation, List<DynamicItem> endExamples) {
        Map<String, AttributeDefinition> attributes = source.entities().get(end).attributes();
        boolean named = endExamples.stream().anyMatch(item -> slots.stream().allMatch(slot -> !item.values().containsKey(slot)
                || sameValue(item.values().get(slot), example.get(slot), attributes.get(slot))));
        List<String> copied = new ArrayList<>(end.equals(relation.first()) ? relation.copyFromFirst() : List.of());
        copied.addAll(end.equals(relation.second()) ? relation.copyFromSecond() : List.of());
        if (named || endExamples.isEmpty() && copied.isEmpty()) {
            return;
        }
        List<String> endSlots = slots.stream().filter(source.entities().get(end).attributes()::containsKey).toList();
        String given = endSlots.stream().map(slot -> slot + "=" + example.get(slot)).collect(Collectors.joining(", "));
        if (endExamples.isEmpty()) {
            problems.add(Kind.INVALID_VALUE, at, where + " names " + end + " " + given + ", but " + end + " has no examples, and its "
                    + "adjacency items copy " + String.join(", ", copied) + " from the example: give " + end + " an example with " + given);
            return;
        }
        List<String> known = endExamples.stream().map(item -> endSlots.stream().map(slot -> slot + "=" + item.values().get(slot))
                .collect(Collectors.joining(", "))).distinct().toList();
        problems.add(Kind.INVALID_VALUE, at, where + " names " + end + " " + given + ", which is no example of " + end
                + suggestion(given, known) + "; its adjacency items take " + end + "'s attributes from that example; " + end
                + "'s examples are " + String.join("; ", known));
    }

    /** The entity's attributes named, or null when one is unknown (a problem then says which). */
    private List<Attribute<DynamicItem, ?>> copied(String at, String entityName, EntitySchema<DynamicItem> entity, List<String> names) {
        List<Attribute<DynamicItem, ?>> attributes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Optional<Attribute<DynamicItem, ?>> attribute = entity.attribute(names.get(i));
            if (attribute.isEmpty()) {
                problems.add(Kind.UNKNOWN_NAME, at + "/" + i, "'" + names.get(i) + "' is not an attribute of " + entityName
                        + suggestion(names.get(i), entity.attributes().stream().map(Attribute::name).toList()));
                return null;
            }
            attributes.add(attribute.get());
        }
        return attributes;
    }
}
