package dev.singletable.cli.relations;

import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EdgeValues;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Relation;
import dev.singletable.SingleTableException;
import dev.singletable.TableSchema;
import dev.singletable.cli.data.AdjacencyItems;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.design.internal.text.RequestText;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RELATION and NAME=VALUE arguments of {@code relate} and {@code unrelate}: the relation of the design, the key of
 * each end under the names its adjacency items give them ({@code userId=123 groupId=2}, as {@code run Membership.related}
 * prints them), each value of its end's attribute type, and for {@code relate} the values of the relation's edge
 * attributes ({@code role=ADMIN}), each of the type its {@code edge:} declares. Mistakes are usage errors naming the command,
 * relation and the names expected.
 *
 * @param relation the relation, as declared (first end first)
 * @param first    the key of the first end, by its attribute names
 * @param second   the key of the second end
 * @param edge     the edge's values; none for {@code unrelate}
 */
record RelationPair(Relation<DynamicItem, DynamicItem> relation, KeyValues first, KeyValues second, EdgeValues edge) {

    /** The relation of this name, or a usage error naming the design's relations. */
    @SuppressWarnings("unchecked")
    static Relation<DynamicItem, DynamicItem> relation(CommandSpec spec, Path design, TableSchema schema, String name) {
        return (Relation<DynamicItem, DynamicItem>) schema.relation(name).orElseThrow(() -> new ParameterException(spec.commandLine(),
                design + " declares no relation '" + name + "'" + ClosestName.among(name, schema.relations().stream()
                        .map(Relation::name).toList()).map(n -> " (did you mean '" + n + "'?)").orElse("") + "; its relations are "
                        + (schema.relations().isEmpty() ? "none" : schema.relations().stream().map(Relation::name).toList())));
    }

    /**
     * The relation named and both ends' keys from the NAME=VALUE arguments, which must name each key attribute once; with
     * {@code withEdge} also the edge's values, each required one given.
     */
    static RelationPair of(CommandSpec spec, Relation<DynamicItem, DynamicItem> relation, DataDesign design, List<String> arguments,
                           boolean withEdge) {
        String name = relation.name();
        AdjacencyItems items = new AdjacencyItems(design.file(), relation);
        List<String> keys = items.keyNames();
        List<String> edges = withEdge ? items.edgeNames() : List.of();
        List<String> names = new ArrayList<>(keys);
        names.addAll(edges);
        String expected = "give the key of each end: " + String.join(" ", keys.stream().map(n -> n + "=...").toList())
                + (edges.isEmpty() ? "" : ", then the edge's values: " + String.join(" ", edges.stream()
                .map(n -> items.requiredEdgeNames().contains(n) ? n + "=..." : "[" + n + "=...]").toList()));
        Map<String, String> given = new LinkedHashMap<>();
        for (String argument : arguments) {
            int equals = argument.indexOf('=');
            String key = equals < 1 ? "" : argument.substring(0, equals);
            if (equals < 1 || !names.contains(key)) {
                throw usage(spec, name, (equals < 1 ? "'" + argument + "' is not NAME=VALUE" : unknown(key, names, items, withEdge))
                        + "; " + expected);
            }
            if (given.put(key, argument.substring(equals + 1)) != null) {
                throw usage(spec, name, key + " given twice");
            }
        }
        List<String> missing = keys.stream().filter(n -> !given.containsKey(n)).toList();
        if (!missing.isEmpty()) {
            throw usage(spec, name, "missing " + String.join(", ", missing) + "; " + expected);
        }
        List<String> missingEdge = edges.stream().filter(n -> items.requiredEdgeNames().contains(n) && !given.containsKey(n)).toList();
        if (!missingEdge.isEmpty()) {
            throw usage(spec, name, "edge attribute" + (missingEdge.size() == 1 ? " " : "s ") + String.join(", ", missingEdge)
                    + (missingEdge.size() == 1 ? " is" : " are") + " required; " + expected);
        }
        return new RelationPair(relation, key(spec, design, items, relation.first(), relation.firstKeyAttributes(), given, name),
                key(spec, design, items, relation.second(), relation.secondKeyAttributes(), given, name),
                edge(spec, design, items, given, name));
    }

    /** Why a NAME is refused: no attribute of the items by that name, or an edge attribute, which unrelate does not take. */
    private static String unknown(String key, List<String> names, AdjacencyItems items, boolean withEdge) {
        if (!withEdge && items.edgeNames().contains(key)) {
            return "'" + key + "' is an attribute of the edge, which unrelate does not take: it names the pair by its ends' keys";
        }
        return "no key " + (withEdge && !items.edgeNames().isEmpty() ? "or edge " : "") + "attribute '" + key + "'"
                + ClosestName.among(key, names).map(n -> " (did you mean '" + n + "'?)").orElse("");
    }

    /**
     * The edge's values given, each read as put reads an argument (null, numbers and whole seconds checked as put checks
     * them): a refusal names the relation, attribute and value.
     */
    private static EdgeValues edge(CommandSpec spec, DataDesign design, AdjacencyItems items, Map<String, String> given,
                                   String relation) {
        Map<String, Object> values = new LinkedHashMap<>();
        try {
            for (String name : items.edgeNames()) {
                if (given.containsKey(name)) {
                    // checked as put checks it; a string (whose '"null"' is its text null) and a value written as JSON (a
                    // list, set, map, record or document: plain JSON values) go to the design as parsed, which reads them by
                    // the edge's definition; a scalar of another kind as its text (the design takes no Instant back)
                    Object value = items.argument(name, given.get(name));
                    values.put(name, value instanceof String || value instanceof Collection<?> || value instanceof Map<?, ?>
                            ? value : given.get(name));
                }
            }
        } catch (SingleTableException e) {
            throw usage(spec, relation, e.getMessage());
        }
        try {
            return design.file().edgeValues(relation, values);
        } catch (SingleTableException e) {
            throw new ParameterException(spec.commandLine(), spec.name() + ": " + e.getMessage()); // it names the relation
        }
    }

    /**
     * One end's key: each value checked as put checks an argument (the bare word null, a number DynamoDB cannot hold, epoch
     * seconds with a fraction), then converted by its attribute's type; a string's '"null"' is its text null.
     */
    private static KeyValues key(CommandSpec spec, DataDesign design, AdjacencyItems items, EntitySchema<?> end,
                                 Map<String, String> names, Map<String, String> given, String relation) {
        KeyValues key = KeyValues.none();
        for (Map.Entry<String, String> attribute : names.entrySet()) {
            String text = given.get(attribute.getValue());
            Object checked;
            try {
                checked = items.argument(attribute.getValue(), text);
            } catch (SingleTableException e) {
                throw usage(spec, relation, e.getMessage()); // it names the argument
            }
            try {
                DynamicItem converted = design.file().item(end.type(), Map.of(attribute.getKey(),
                        checked instanceof String string ? string : text));
                key = key.and(attribute.getKey(), converted.values().get(attribute.getKey()));
            } catch (SingleTableException e) {
                throw usage(spec, relation, attribute.getValue() + "=" + text + ": " + e.getMessage());
            }
        }
        return key;
    }

    private static ParameterException usage(CommandSpec spec, String relation, String message) {
        return new ParameterException(spec.commandLine(), spec.name() + " " + relation + ": " + message);
    }

    /** The first end with its key values only, as unrelate needs it. */
    DynamicItem firstKey() {
        return keyItem(relation.first().type(), first);
    }

    /** The second end with its key values only. */
    DynamicItem secondKey() {
        return keyItem(relation.second().type(), second);
    }

    private static DynamicItem keyItem(String type, KeyValues key) {
        return DynamicItem.builder(type).setAll(key.asMap()).build();
    }

    /** {@code User userId=123 and Group groupId=2}. */
    String ends() {
        return relation.first().type() + " " + text(first) + " and " + relation.second().type() + " " + text(second);
    }

    private static String text(KeyValues key) {
        List<String> parts = new ArrayList<>();
        key.asMap().forEach((attribute, value) -> parts.add(attribute + "=" + value));
        return String.join(" ", parts);
    }

    /** A key of the table as {@code PK = "USER#123", SK = "GROUP#2"}, as the other data commands print keys. */
    static String keyText(Map<String, String> key) {
        List<String> parts = new ArrayList<>();
        key.forEach((attribute, value) -> parts.add(attribute + " = " + RequestText.quote(value)));
        return String.join(", ", parts);
    }
}
