package dev.singletable.cli.data;

import dev.singletable.Attribute;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.Relation;
import dev.singletable.ValidationException;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The adjacency items of one relation of a schema file as plain values give them ({@code run Membership.related} prints
 * them, {@code load} reads them): each attribute is a key attribute of one end, under the name the items give it, an
 * attribute copied from one end, converted by that end's attribute type, or an attribute of the edge itself (a membership's
 * role), converted by the type the relation's {@code edge:} gives it. Both items of a pair hold the same values
 * and differ in their type (and so their keys) only, so that either one gives its {@link #mirror}.
 *
 * <pre>{@code
 * AdjacencyItems.of(design, "USERGROUP").map(m -> m.item("USERGROUP", Map.of("userId", "123", "groupId", "1")));
 * }</pre>
 *
 * @param design   the schema file
 * @param relation the relation, as declared (its first side first)
 */
public record AdjacencyItems(SchemaFile design, Relation<?, ?> relation) {

    /** The relation whose adjacency item type (either side's) {@code itemType} is; empty for any other name. */
    public static Optional<AdjacencyItems> of(SchemaFile design, String itemType) {
        return design.tableSchema().relations().stream()
                .filter(r -> r.firstSideItems().type().equals(itemType) || r.secondSideItems().type().equals(itemType))
                .findFirst().map(r -> new AdjacencyItems(design, r));
    }

    /**
     * The definition of an attribute of {@code itemType}'s items by its name on them, from the design's document alone (a
     * CSV file's columns are read with it): the relation's edge attribute, else one copied from an end; empty for another name.
     */
    public static Optional<AttributeDefinition> definition(SchemaDocument design, String itemType, String name) {
        return design.relations().values().stream().filter(r -> r.itemTypes().contains(itemType)).findFirst()
                .flatMap(r -> Optional.ofNullable(r.edge().get(name))
                        .or(() -> Optional.ofNullable(design.entityTypes().get(r.first())).map(e -> e.attributes().get(name)))
                        .or(() -> Optional.ofNullable(design.entityTypes().get(r.second())).map(e -> e.attributes().get(name))));
    }

    /** The other side's item type: GROUPUSER for USERGROUP. */
    public String mirrorType(String itemType) {
        String first = relation.firstSideItems().type();
        return itemType.equals(first) ? relation.secondSideItems().type() : first;
    }

    /** The mirror of an adjacency item: the same values, as the other side's item. */
    public DynamicItem mirror(DynamicItem item) {
        return DynamicItem.builder(mirrorType(item.entityType())).setAll(item.values()).build();
    }

    /** The names the items give both ends' key attributes, first end first ({@code userId, groupId}). */
    public List<String> keyNames() {
        List<String> names = new ArrayList<>(relation.firstKeyAttributes().values());
        names.addAll(relation.secondKeyAttributes().values());
        return List.copyOf(names);
    }

    /** The relation's edge attributes, in declaration order ({@code role, joinedAt}). */
    public List<String> edgeNames() {
        return relation.edgeAttributes().stream().map(Attribute::name).toList();
    }

    /** The edge attributes every pair must have a value of. */
    public List<String> requiredEdgeNames() {
        return relation.edgeAttributes().stream().filter(Attribute::isRequired).map(Attribute::name).toList();
    }

    /**
     * An adjacency item of {@code itemType} from plain values (text, numbers, booleans, as a data file gives them).
     *
     * @throws ValidationException naming the item type and attribute when one is not of the items, a value does not fit
     *                             its type (naming the relation and value, for an edge attribute), or a key attribute of
     *                             either end or a required edge attribute is missing
     */
    public DynamicItem item(String itemType, Map<String, ?> values) {
        Map<String, Source> sources = sources();
        DynamicItem.Builder item = DynamicItem.builder(itemType);
        for (Map.Entry<String, ?> value : values.entrySet()) {
            if (value.getValue() == null) {
                continue;
            }
            Source source = sources.get(value.getKey());
            if (source == null) {
                throw new ValidationException(itemType + " (an adjacency item of relation " + relation.name() + ") has no attribute '"
                        + value.getKey() + "'" + ClosestName.among(value.getKey(), sources.keySet()).map(n -> " (did you mean '" + n
                        + "'?)").orElse("") + "; its attributes are " + String.join(", ", sources.keySet()));
            }
            item.set(value.getKey(), stored(itemType, value.getKey(), source, value.getValue()));
        }
        List<String> missing = keyNames().stream().filter(name -> values.get(name) == null).toList();
        if (!missing.isEmpty()) {
            throw new ValidationException(itemType + ": key attribute" + (missing.size() == 1 ? " '" + missing.get(0) + "' is"
                    : "s '" + String.join("', '", missing) + "' are") + " missing; an adjacency item of relation " + relation.name()
                    + " names both ends by " + String.join(", ", keyNames()));
        }
        List<String> missingEdge = requiredEdgeNames().stream().filter(name -> values.get(name) == null).toList();
        if (!missingEdge.isEmpty()) {
            throw new ValidationException(itemType + ": relation " + relation.name() + "'s edge attribute" + (missingEdge.size() == 1
                    ? " '" + missingEdge.get(0) + "' is" : "s '" + String.join("', '", missingEdge) + "' are") + " required and missing; "
                    + "relate writes it onto every pair: give it a value");
        }
        return item.build();
    }

    /** The definition of an attribute of the items by its name on them (an end's, or the edge's); empty for another name. */
    public Optional<AttributeDefinition> definition(String name) {
        return Optional.ofNullable(sources().get(name)).map(Source::definition);
    }

    /**
     * The value of {@code name=text} given on the command line for an attribute of the items, read as {@code put} reads
     * its arguments: by the attribute's type, the bare word null refused, a number DynamoDB cannot hold or epoch seconds
     * with a fraction refused saying what to give ({@code role=null: null is no value here; ...}).
     *
     * @throws ValidationException naming the attribute and value, and what to give
     */
    public Object argument(String name, String text) {
        AttributeDefinition definition = definition(name).orElseThrow(() -> new ValidationException(relation.name()
                + "'s adjacency items have no attribute '" + name + "'"));
        try {
            return ArgumentValues.parse(name, definition, text);
        } catch (IllegalArgumentException e) {
            throw new ValidationException(ArgumentValues.refused(new ArgumentValues.Argument(name, text), e));
        }
    }

    /**
     * A plain value converted by its source's type, refused when it cannot be stored as put refuses an argument (a number
     * DynamoDB cannot hold, before converting it; epoch seconds with a fraction, after), in the terms of a file.
     */
    private Object stored(String itemType, String name, Source source, Object plain) {
        AttributeDefinition definition = source.definition();
        String given = StoredValues.written(plain);
        Optional<String> refusal = StoredValues.refusal(definition, given, plain);
        Object value = refusal.isPresent() ? plain : source.value(plain);
        refusal = refusal.or(() -> StoredValues.refusal(definition, given, value));
        if (refusal.isPresent()) {
            throw new ValidationException(itemType + "." + name + ": " + refusal.get());
        }
        return value;
    }

    /**
     * The adjacency item of {@code itemType} relating two entities, as {@code table.relate} writes it: both ends' key values,
     * the attributes copied from each (those it holds) and the edge's values.
     */
    public DynamicItem between(String itemType, DynamicItem first, DynamicItem second, EdgeValues edge) {
        DynamicItem.Builder item = DynamicItem.builder(itemType);
        sources().forEach((name, source) -> source.end().ifPresent(end -> {
            Object value = (end.first() ? first : second).values().get(end.attribute());
            if (value != null) {
                item.set(name, value);
            }
        }));
        edge.asMap().forEach(item::set);
        return item.build();
    }

    /**
     * Where one attribute of the items comes from, and so which type converts its plain values: its definition, the conversion,
     * and the end it is copied from (empty for an attribute of the edge).
     */
    private record Source(AttributeDefinition definition, UnaryOperator<Object> converter, Optional<End> end) {
        Object value(Object plain) {
            return converter.apply(plain);
        }
    }

    /** {@code attribute} of the first end ({@code first}) or of the second. */
    private record End(boolean first, String attribute) {
    }

    /** {@code attribute} of the end {@code first} (or the second), an entity of type {@code entity}, converted by its type. */
    private Source end(boolean first, String entity, String attribute) {
        return new Source(design.document().entityTypes().get(entity).attributes().get(attribute),
                plain -> design.item(entity, Map.of(attribute, plain)).values().get(attribute), Optional.of(new End(first, attribute)));
    }

    /** The attribute {@code name} of the relation's edge, converted by the type its {@code edge:} gives it. */
    private Source edge(String name) {
        return new Source(design.document().relations().get(relation.name()).edge().get(name),
                plain -> design.edgeValues(relation.name(), Map.of(name, plain)).asMap().get(name), Optional.empty());
    }

    /** Where each attribute of the items comes from, by its name on the items, in the items' order: keys, copies, edge. */
    private Map<String, Source> sources() {
        Map<String, Source> sources = new LinkedHashMap<>();
        relation.firstKeyAttributes().forEach((attribute, name) -> sources.put(name, end(true, relation.first().type(), attribute)));
        relation.secondKeyAttributes().forEach((attribute, name) -> sources.put(name, end(false, relation.second().type(), attribute)));
        for (Attribute<?, ?> copied : relation.copiedFromFirst()) {
            sources.put(copied.name(), end(true, relation.first().type(), copied.name()));
        }
        for (Attribute<?, ?> copied : relation.copiedFromSecond()) {
            sources.put(copied.name(), end(false, relation.second().type(), copied.name()));
        }
        for (String edge : edgeNames()) {
            sources.put(edge, edge(edge));
        }
        return sources;
    }
}
