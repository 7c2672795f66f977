package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaError.Kind;
import dev.singletable.schema.StatesDefinition;
import dev.singletable.schema.TableDefinition;
import dev.singletable.schema.internal.EmptySets.EmptySet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The examples of an entity ({@code examples:} and {@code exampleFile}) to items: values known and of their types,
 * rules kept, required attributes given, and keys the core composes as a write would.
 */
final class ExampleBuilder {
    private final DesignProblems problems;
    private final FileValues fileValues;
    private final EmptySets emptySets;
    private final Map<String, List<Map<String, Object>>> fileExamples;
    /** Entity type to a table of it alone that composes its items without sending anything: the examples' keys. */
    private final Map<String, Table> composers = new HashMap<>();
    /** The table's key attributes: the partition key's, then the sort key's when it has one. */
    private final List<String> keyAttributes;
    /** Each primary key composed so far (of every entity: they share the table) to the example that has it. */
    private final Map<List<AttributeValue>, String> primaryKeys = new HashMap<>();

    ExampleBuilder(DesignProblems problems, FileValues fileValues, EmptySets emptySets, Map<String, List<Map<String, Object>>> fileExamples,
                   TableDefinition table) {
        this.problems = problems;
        this.fileValues = fileValues;
        this.emptySets = emptySets;
        this.fileExamples = fileExamples;
        List<String> keys = new ArrayList<>(List.of(table.partitionKey().name()));
        table.sortKey().ifPresent(sort -> keys.add(sort.name()));
        this.keyAttributes = List.copyOf(keys);
    }

    /** Composes the keys of entity type {@code name}'s examples with {@code composer}. */
    void composeWith(String name, Table composer) {
        composers.put(name, composer);
    }

    List<DynamicItem> examples(String name, EntityDefinition entity) {
        List<DynamicItem> items = new ArrayList<>();
        String at = "/entities/" + LocatedTree.segment(name);
        for (int i = 0; i < entity.examples().size(); i++) {
            stateExample(at + "/examples/" + i, name, entity, entity.examples().get(i)).ifPresent(items::add);
        }
        List<Map<String, Object>> fromFile = fileExamples.getOrDefault(name, List.of());
        for (int i = 0; i < fromFile.size(); i++) {
            stateExample(at + "/exampleFile#" + (i + 1), name, entity, fromFile.get(i)).ifPresent(items::add);
        }
        return items;
    }

    /** An example item, named by the entity type of its state when the entity's keys depend on its state. */
    private Optional<DynamicItem> stateExample(String at, String name, EntityDefinition entity, Map<String, Object> values) {
        if (entity.states().isEmpty()) {
            return example(at, name, entity, values);
        }
        StatesDefinition states = entity.states().get();
        Object value = values.get(states.attribute());
        StatesDefinition.State state = value == null ? null : states.values().get(String.valueOf(value));
        if (state == null) {
            if (value != null) {
                problems.add(Kind.INVALID_VALUE, at + "/" + LocatedTree.segment(states.attribute()), "'" + states.attribute() + "' = " + value
                        + " has no state; the states are for " + states.values().keySet() + ": give one of those");
            }
            return example(at, name, entity, values).flatMap(ignored -> Optional.empty());
        }
        return example(at, state.type(), entity, values);
    }

    private Optional<DynamicItem> example(String at, String name, EntityDefinition entity, Map<String, Object> values) {
        DynamicItem.Builder item = DynamicItem.builder(name);
        boolean complete = true;
        for (Map.Entry<String, Object> value : values.entrySet()) {
            String valueAt = at + "/" + LocatedTree.segment(value.getKey());
            Optional<Object> converted = fileValues.known(valueAt, value.getKey(), entity)
                    .flatMap(attribute -> fileValues.convert(valueAt, attribute, entity.attributes().get(attribute), value.getValue()));
            complete &= converted.isPresent();
            converted.ifPresent(v -> item.set(value.getKey(), v));
            AttributeDefinition definition = entity.attributes().get(value.getKey());
            if (converted.isPresent() && definition != null && converted.get() != null) {
                for (dev.singletable.AttributeRule rule : definition.rules()) {
                    Optional<String> broken = rule.violation(converted.get());
                    if (broken.isPresent()) {
                        problems.add(Kind.INVALID_VALUE, valueAt, name + "." + value.getKey() + ": " + broken.get() + " (rule: " + rule + ")");
                        complete = false;
                    }
                }
            }
        }
        for (Map.Entry<String, AttributeDefinition> attribute : entity.attributes().entrySet()) {
            boolean maintained = attribute.getValue().generated().isPresent() || attribute.getValue().role().isPresent();
            if (attribute.getValue().required() && !maintained && !values.containsKey(attribute.getKey())) {
                problems.add(Kind.INVALID_VALUE, at, "the example lacks required attribute '" + attribute.getKey() + "'; give it a value");
                complete = false;
            }
        }
        if (!complete) {
            return Optional.empty();
        }
        DynamicItem built = item.build();
        for (Map.Entry<String, AttributeDefinition> attribute : entity.attributes().entrySet()) {
            String key = attribute.getKey();
            Optional<EmptySet> empty = emptySets.emptySet(key, key, built.values().get(key), attribute.getValue());
            if (empty.isPresent()) {
                // placed at the attribute, which the message then need not name again (an inner path it does name)
                problems.add(Kind.INVALID_VALUE, at + "/" + LocatedTree.segment(key),
                        empty.get().path().equals(key) ? empty.get().refusal() : empty.get().path() + ": " + empty.get().refusal());
                complete = false;
            }
        }
        return complete && keysComposed(at, name, built) ? Optional.of(built) : Optional.empty();
    }

    /**
     * Whether the core composes the example's primary and index keys as a write would; a value it refuses (an empty
     * path segment, a key over DynamoDB's length) is a problem at the attribute its slot names, or else at the example.
     */
    private boolean keysComposed(String at, String name, DynamicItem example) {
        Table composer = composers.get(name);
        if (composer == null) { // the entity itself has problems, reported already
            return true;
        }
        try {
            Map<String, AttributeValue> item = composer.toItem(example);
            return uniqueKey(at, keyAttributes.stream().map(item::get).toList());
        } catch (ValidationException e) {
            // the whole message: placed at the slot's attribute in the example, it still names the key and template that refused it
            problems.add(Kind.INVALID_VALUE, at + e.attribute().filter(example.values()::containsKey).map(a -> "/" + LocatedTree.segment(a))
                    .orElse(""), e.getMessage());
            return false;
        }
    }

    /**
     * Whether no earlier example has this primary key: a second one would replace the first when the examples are written,
     * so the design's pages would show an item the table no longer holds.
     */
    private boolean uniqueKey(String at, List<AttributeValue> key) {
        String first = primaryKeys.putIfAbsent(key, at);
        if (first == null) {
            return true;
        }
        problems.add(Kind.INVALID_VALUE, at, "same primary key as " + place(first) + " (" + String.join(" / ", key.stream()
                .map(ExampleBuilder::keyText).toList()) + "): written after it, this example would replace it; give it another key value "
                + "or remove one of them");
        return false;
    }

    /** An example's place as messages write it: {@code entities.Product.examples[0]}, {@code entities.Post.exampleFile[line 3]}. */
    private static String place(String at) {
        int hash = at.indexOf('#');
        return hash < 0 ? LocatedTree.dottedPath(at) : LocatedTree.dottedPath(at.substring(0, hash)) + "[line " + at.substring(hash + 1) + "]";
    }

    private static String keyText(AttributeValue value) {
        return value.s() != null ? value.s() : value.n() != null ? value.n() : value.b() != null ? value.b().asUtf8String() : value.toString();
    }
}
