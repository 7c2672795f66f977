package dev.singletable.cli.data;

import dev.singletable.Attribute;
import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.ValidationException;
import dev.singletable.schema.SchemaFile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The adjacency items of one relation of a schema file as plain values give them ({@code run Membership.related} prints
 * them, {@code load} reads them): each attribute is a key attribute of one end, under the name the items give it, or an
 * attribute copied from one end, and is converted by that end's attribute type. Both items of a pair hold the same values
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

    /**
     * An adjacency item of {@code itemType} from plain values (text, numbers, booleans, as a data file gives them).
     *
     * @throws ValidationException naming the item type and attribute when one is not of the items, a value does not fit
     *                             its type, or a key attribute of either end is missing
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
            item.set(value.getKey(), source.value(design, value.getValue()));
        }
        List<String> missing = keyNames().stream().filter(name -> values.get(name) == null).toList();
        if (!missing.isEmpty()) {
            throw new ValidationException(itemType + ": key attribute" + (missing.size() == 1 ? " '" + missing.get(0) + "' is"
                    : "s '" + String.join("', '", missing) + "' are") + " missing; an adjacency item of relation " + relation.name()
                    + " names both ends by " + String.join(", ", keyNames()));
        }
        return item.build();
    }

    /**
     * The adjacency item of {@code itemType} relating two entities, as {@code table.relate} writes it: both ends' key values
     * and the attributes copied from each (those it holds).
     */
    public DynamicItem between(String itemType, DynamicItem first, DynamicItem second) {
        DynamicItem.Builder item = DynamicItem.builder(itemType);
        sources().forEach((name, source) -> {
            Object value = (source.first() ? first : second).values().get(source.attribute());
            if (value != null) {
                item.set(name, value);
            }
        });
        return item.build();
    }

    /**
     * Where one attribute of the items comes from: {@code attribute} of the first end ({@code first}) or of the second, an
     * entity of type {@code entity}, whose attribute type converts its values.
     */
    private record Source(boolean first, String entity, String attribute) {
        Object value(SchemaFile design, Object plain) {
            return design.item(entity, Map.of(attribute, plain)).values().get(attribute);
        }
    }

    /** Where each attribute of the items comes from, by its name on the items, in the items' order: keys, then copies. */
    private Map<String, Source> sources() {
        Map<String, Source> sources = new LinkedHashMap<>();
        relation.firstKeyAttributes().forEach((attribute, name) -> sources.put(name, new Source(true, relation.first().type(), attribute)));
        relation.secondKeyAttributes().forEach((attribute, name) -> sources.put(name, new Source(false, relation.second().type(), attribute)));
        for (Attribute<?, ?> copied : relation.copiedFromFirst()) {
            sources.put(copied.name(), new Source(true, relation.first().type(), copied.name()));
        }
        for (Attribute<?, ?> copied : relation.copiedFromSecond()) {
            sources.put(copied.name(), new Source(false, relation.second().type(), copied.name()));
        }
        return sources;
    }
}
