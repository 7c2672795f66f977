package dev.singletable.processor;

import software.amazon.awssdk.protocols.jsoncore.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The adjacency items of the examples resource: a line whose entity type is one of a relation's item types is an example
 * pair of that relation, holding the key slots of its two ends and its edge values, as a schema file's relation
 * {@code examples} do. Each is checked when the whole resource is read: its key slots and edge values against the ends'
 * attributes and the relation's edge attributes, and the pair against the ends' examples, which its sample items copy.
 */
final class AdjacencyExamples {
    private static final Pattern SLOT = Pattern.compile("(?<!\\{)\\{([^{}:]+)");

    /** One adjacency line, where it is and the relation it is a pair of. */
    private record Line(String at, String type, RelationFacts relation, Map<String, JsonNode> values) {
    }

    private final List<RelationFacts> relations;
    private final ExampleItems items;
    private final List<Line> lines = new ArrayList<>();
    private final Map<String, List<Map<String, JsonNode>>> endExamples = new LinkedHashMap<>();

    AdjacencyExamples(List<RelationFacts> relations, ExampleItems items) {
        this.relations = relations;
        this.items = items;
    }

    /** The adjacency item types of the relations, first side's first. */
    List<String> itemTypes() {
        return relations.stream().flatMap(relation -> itemTypes(relation).stream()).toList();
    }

    /** Takes the line when its type is a relation's adjacency item type; false when it is none. */
    boolean add(String at, String type, Map<String, JsonNode> values) {
        Optional<RelationFacts> relation = relations.stream().filter(r -> itemTypes(r).contains(type)).findFirst();
        relation.ifPresent(r -> lines.add(new Line(at, type, r, values)));
        return relation.isPresent();
    }

    /** An example item of an entity, which a pair may name. */
    void endExample(EntityModel entity, Map<String, JsonNode> values) {
        endExamples.computeIfAbsent(entity.typeName(), name -> new ArrayList<>()).add(values);
    }

    /**
     * Each relation's checked pairs by its name, each the JSON of its key slots and edge values (in the relation's order:
     * its slots, then its edge attributes), once; mistakes reported. The two adjacency items of one pair (UserGroup and
     * GroupUser of user 123 and group 1) are one example, as a schema file's relation example writes both items: given
     * with other edge values, which the pair's items share, the later line is reported.
     */
    Map<String, List<String>> checked() {
        Map<String, Map<String, Line>> pairs = new LinkedHashMap<>();
        for (Line line : lines) {
            if (!fits(line) || !namesEndExamples(line)) {
                continue;
            }
            Map<String, Line> relationPairs = pairs.computeIfAbsent(line.relation().name(), name -> new LinkedHashMap<>());
            String pair = json(ordered(line, slots(line.relation()).keySet()));
            Line earlier = relationPairs.putIfAbsent(pair, line);
            String edges = json(ordered(line, edgeNames(line.relation())));
            if (earlier != null && !edges.equals(json(ordered(earlier, edgeNames(line.relation()))))) {
                items.report(line.at() + ": " + line.type() + " (relation " + line.relation().name() + ") is the pair " + pair
                        + " of " + earlier.at() + " (" + earlier.type() + ") with other edge values, " + edges + " and "
                        + json(ordered(earlier, edgeNames(line.relation()))) + "; both items of a pair hold the same edge values: "
                        + "give them once");
            }
        }
        Map<String, List<String>> checked = new LinkedHashMap<>();
        pairs.forEach((name, lines) -> checked.put(name, lines.values().stream()
                .map(line -> json(ordered(line, pairOrder(line.relation())))).toList()));
        return checked;
    }

    /** The line's values of these attributes, in this order (those it has). */
    private static Map<String, JsonNode> ordered(Line line, java.util.Collection<String> names) {
        Map<String, JsonNode> ordered = new LinkedHashMap<>();
        names.stream().filter(line.values()::containsKey).forEach(name -> ordered.put(name, line.values().get(name)));
        return ordered;
    }

    private static List<String> edgeNames(RelationFacts relation) {
        return relation.edges().stream().map(RelationFacts.EdgeFacts::name).toList();
    }

    /** The relation's key slots, then its edge attributes: the order of a pair's example whichever item it was given as. */
    private static List<String> pairOrder(RelationFacts relation) {
        List<String> names = new ArrayList<>(slots(relation).keySet());
        names.addAll(edgeNames(relation));
        return names;
    }

    /** The line's attributes are the pair's key slots, all of them, and edge attributes, the required ones among them. */
    private boolean fits(Line line) {
        RelationFacts relation = line.relation();
        Map<String, EntityModel.Property> slots = slots(relation);
        Map<String, RelationFacts.EdgeFacts> edges = new LinkedHashMap<>();
        relation.edges().forEach(edge -> edges.put(edge.name(), edge));
        String owner = line.type() + " (relation " + relation.name() + ")";
        for (Map.Entry<String, JsonNode> value : line.values().entrySet()) {
            String name = owner + "." + value.getKey();
            EntityModel.Property slot = slots.get(value.getKey());
            RelationFacts.EdgeFacts edge = edges.get(value.getKey());
            if (slot == null && edge == null) {
                List<String> allowed = new ArrayList<>(slots.keySet());
                allowed.addAll(edges.keySet());
                items.report(line.at() + ": " + owner + " has no key slot or edge attribute '" + value.getKey() + "' (" + allowed
                        + "); remove it: an adjacency item's copies of its ends' attributes come from the ends' examples");
                return false;
            }
            if (value.getValue().isNull()) {
                items.report(line.at() + ": " + name + " is null; leave the attribute out of the line instead");
                return false;
            }
            if (slot != null ? !items.value(line.at(), name, slot.typeCode(), value.getValue())
                    : !items.edgeValue(line.at(), name, edge, value.getValue())) {
                return false;
            }
        }
        List<String> needed = new ArrayList<>(slots.keySet());
        relation.edges().stream().filter(RelationFacts.EdgeFacts::required).forEach(edge -> needed.add(edge.name()));
        for (String attribute : needed) {
            if (!line.values().containsKey(attribute)) {
                items.report(line.at() + ": " + owner + " lacks " + (slots.containsKey(attribute) ? "key slot" : "required edge attribute")
                        + " '" + attribute + "'; give it a value");
                return false;
            }
        }
        return true;
    }

    /** Each end's key values name one of its examples, as a schema file's relation example must; reported when not. */
    private boolean namesEndExamples(Line line) {
        RelationFacts relation = line.relation();
        for (EntityModel end : List.of(relation.first(), relation.second())) {
            boolean copies = !(end == relation.first() ? relation.copyFromFirst() : relation.copyFromSecond()).isEmpty();
            List<Map<String, JsonNode>> examples = endExamples.getOrDefault(end.typeName(), List.of());
            if (examples.isEmpty() && !copies) {
                continue;
            }
            Map<String, String> keys = new LinkedHashMap<>();
            slots(relation).forEach((slot, property) -> {
                if (end.properties().contains(property)) {
                    keys.put(slot, json(line.values().get(slot)));
                }
            });
            boolean named = examples.stream().anyMatch(example -> keys.entrySet().stream()
                    .allMatch(key -> example.containsKey(key.getKey()) && json(example.get(key.getKey())).equals(key.getValue())));
            if (!named) {
                items.report(line.at() + ": " + line.type() + " (relation " + relation.name() + ") names " + end.typeName() + " " + keys
                        + ", which is no example item of " + end.typeName() + " in the resource; the pair's items copy the ends' "
                        + "attributes from their examples: add that " + end.typeName() + " item, or name one of its examples");
                return false;
            }
        }
        return true;
    }

    /** The relation's key slots (those of its first side's templates) and the end's property each is. */
    private static Map<String, EntityModel.Property> slots(RelationFacts relation) {
        Map<String, EntityModel.Property> slots = new LinkedHashMap<>();
        Matcher slot = SLOT.matcher(relation.firstPk() + relation.firstSk());
        while (slot.find()) {
            String name = slot.group(1);
            property(relation.first(), name).or(() -> property(relation.second(), name)).ifPresent(p -> slots.putIfAbsent(name, p));
        }
        return slots;
    }

    private static Optional<EntityModel.Property> property(EntityModel entity, String attribute) {
        return entity.properties().stream().filter(p -> p.mapped() && !p.bag() && p.attributeName().equals(attribute)).findFirst();
    }

    /** The relation's adjacency item types: those it names, or the core's defaults, first side's first. */
    static List<String> itemTypes(RelationFacts relation) {
        return relation.itemTypes().isEmpty() ? List.of(relation.first().typeName() + relation.second().typeName(),
                relation.second().typeName() + relation.first().typeName()) : relation.itemTypes();
    }

    private static String json(Map<String, JsonNode> values) {
        return values.entrySet().stream().map(e -> DesignFileWriter.quote(e.getKey()) + ": " + json(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String json(JsonNode value) {
        return ExampleItems.json(value, null);
    }
}
