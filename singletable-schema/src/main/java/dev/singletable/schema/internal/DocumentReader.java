package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import dev.singletable.schema.AccessPatternDefinition.Order;
import dev.singletable.schema.AccessPatternDefinition.SortCondition;
import dev.singletable.schema.AccessPatternDefinition.SortOperator;
import dev.singletable.schema.AccessPatternDefinition.Target;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;
import dev.singletable.schema.AttributeDefinition.Role;
import dev.singletable.schema.BillingDefinition;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.EntityVolume;
import dev.singletable.schema.Rates;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.StatesDefinition;
import dev.singletable.schema.TableDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tree of a schema file to its document model. Runs only on trees the format's JSON Schema
 * accepted, so shapes are known to be right here; names and references are checked later.
 */
final class DocumentReader {
    private DocumentReader() {
    }

    public static SchemaDocument read(JsonNode root) {
        JsonNode table = root.path("table");
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        root.path("entities").properties().forEach(e -> entities.put(e.getKey(), entity(e.getValue())));
        Map<String, CollectionDefinition> collections = new LinkedHashMap<>();
        root.path("collections").properties().forEach(e -> collections.put(e.getKey(),
                new CollectionDefinition(text(e.getValue(), "description"), strings(e.getValue().path("members")))));
        List<AccessPatternDefinition> patterns = new ArrayList<>();
        root.path("accessPatterns").forEach(p -> patterns.add(pattern(p)));
        Map<String, RelationDefinition> relations = new LinkedHashMap<>();
        root.path("relations").properties().forEach(e -> relations.put(e.getKey(), relation(e.getValue())));
        Map<String, RecordTypeDefinition> types = new LinkedHashMap<>();
        root.path("types").properties().forEach(e -> types.put(e.getKey(), recordType(e.getValue())));
        return new SchemaDocument(table(table), entities, collections, patterns, relations, types);
    }

    private static RecordTypeDefinition recordType(JsonNode node) {
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        node.path("attributes").properties().forEach(e -> attributes.put(e.getKey(), attribute(e.getValue())));
        return new RecordTypeDefinition(text(node, "description"), attributes);
    }

    private static RelationDefinition relation(JsonNode relation) {
        Map<String, AttributeDefinition> edge = new LinkedHashMap<>();
        relation.path("edge").properties().forEach(e -> edge.put(e.getKey(), attribute(e.getValue())));
        return new RelationDefinition(text(relation, "description"), relation.path("first").asText(), relation.path("second").asText(),
                KeyDefinition.of(relation.path("firstSide").path("pk").asText(), relation.path("firstSide").path("sk").asText()),
                KeyDefinition.of(relation.path("secondSide").path("pk").asText(), relation.path("secondSide").path("sk").asText()),
                strings(relation.path("itemTypes")), strings(relation.path("copyFromFirst")), strings(relation.path("copyFromSecond")),
                relation.path("propagateCopies").asBoolean(false), edge, examples(relation));
    }

    private static TableDefinition table(JsonNode table) {
        List<IndexDefinition> indexes = new ArrayList<>();
        table.path("indexes").forEach(i -> indexes.add(new IndexDefinition(i.path("name").asText(),
                IndexDefinition.IndexKind.valueOf(i.path("kind").asText().toUpperCase(Locale.ROOT)), text(i, "description"),
                keyAttributes(i.path("partitionKey")), keyAttributes(i.path("sortKey")), projection(i.path("projection")))));
        JsonNode billing = table.path("billing");
        return new TableDefinition(table.path("name").asText(), text(table, "description"), keyAttribute(table.path("partitionKey")),
                table.has("sortKey") ? Optional.of(keyAttribute(table.path("sortKey"))) : Optional.empty(),
                text(table, "entityTypeAttribute").orElse(TableDefinition.DEFAULT_ENTITY_TYPE_ATTRIBUTE),
                text(table, "timeToLiveAttribute"),
                billing.isMissingNode() ? BillingDefinition.payPerRequest()
                        : new BillingDefinition(BillingDefinition.BillingMode.valueOf(billing.path("mode").asText()),
                        number(billing, "readCapacity"), number(billing, "writeCapacity")),
                indexes, text(table, "stream").map(software.amazon.awssdk.services.dynamodb.model.StreamViewType::fromValue));
    }

    private static KeyAttributeDefinition keyAttribute(JsonNode node) {
        return new KeyAttributeDefinition(node.path("name").asText(),
                KeyAttributeDefinition.KeyAttributeType.valueOf(node.path("type").asText("S")));
    }

    private static List<KeyAttributeDefinition> keyAttributes(JsonNode node) {
        if (node.isMissingNode()) {
            return List.of();
        }
        if (node.isObject()) {
            return List.of(keyAttribute(node));
        }
        List<KeyAttributeDefinition> attributes = new ArrayList<>();
        node.forEach(n -> attributes.add(keyAttribute(n)));
        return attributes;
    }

    private static ProjectionDefinition projection(JsonNode node) {
        if (node.isMissingNode()) {
            return ProjectionDefinition.all();
        }
        return new ProjectionDefinition(ProjectionDefinition.ProjectionType.valueOf(node.path("type").asText()), strings(node.path("attributes")));
    }

    /** The {@code examples:} of an entity or a relation: each an object of plain values by name. */
    private static List<Map<String, Object>> examples(JsonNode node) {
        List<Map<String, Object>> examples = new ArrayList<>();
        node.path("examples").forEach(example -> {
            Map<String, Object> values = new LinkedHashMap<>();
            example.properties().forEach(e -> values.put(e.getKey(), PlainValues.of(e.getValue())));
            examples.add(values);
        });
        return examples;
    }

    private static EntityDefinition entity(JsonNode node) {
        Map<String, AttributeDefinition> attributes = new LinkedHashMap<>();
        node.path("attributes").properties().forEach(e -> attributes.put(e.getKey(), attribute(e.getValue())));
        Map<String, KeyDefinition> indexes = new LinkedHashMap<>();
        node.path("indexes").properties().forEach(e -> indexes.put(e.getKey(), key(e.getValue())));
        List<Map<String, Object>> examples = examples(node);
        return new EntityDefinition(text(node, "description"), attributes, node.has("states") ? KeyDefinition.none() : key(node.path("keys")),
                indexes, node.path("attributeBag").asBoolean(false), examples, text(node, "exampleFile"),
                node.has("states") ? Optional.of(states(node.path("states"))) : Optional.empty(),
                new EntityVolume(node.has("count") ? Optional.of(node.path("count").asLong()) : Optional.empty(),
                        node.has("partitionKeyValues") ? Optional.of(node.path("partitionKeyValues").asLong()) : Optional.empty(),
                        node.has("writes") ? Optional.of(rates(node.path("writes"))) : Optional.empty()));
    }

    static Rates rates(JsonNode node) {
        double peak = node.path("peak").asDouble();
        return new Rates(peak, node.has("average") ? node.path("average").asDouble() : peak,
                node.has("items") ? Optional.of(node.path("items").asInt()) : Optional.empty());
    }

    private static StatesDefinition states(JsonNode node) {
        Map<String, StatesDefinition.State> values = new LinkedHashMap<>();
        node.path("values").properties().forEach(e -> {
            Map<String, KeyDefinition> indexes = new LinkedHashMap<>();
            e.getValue().path("indexes").properties().forEach(i -> indexes.put(i.getKey(), key(i.getValue())));
            values.put(e.getKey(), new StatesDefinition.State(e.getValue().path("type").asText(), key(e.getValue().path("keys")), indexes));
        });
        return new StatesDefinition(node.path("attribute").asText(), values);
    }

    private static AttributeDefinition attribute(JsonNode node) {
        return plainAttribute(node).withOptions(node.path("nullable").asBoolean(false),
                node.has("default") ? Optional.ofNullable(PlainValues.of(node.path("default"))) : Optional.empty(),
                rules(node, "", new ArrayList<>()));
    }

    /**
     * The validation rules an attribute declares ({@code pattern}, {@code minimum}, {@code maximum}, {@code minLength},
     * {@code maxLength}, {@code allowedValues}); a rule the core refuses (an invalid expression, an empty range) is left out
     * and added to {@code problems} at {@code pointer} and the keyword.
     */
    static List<dev.singletable.AttributeRule> rules(JsonNode node, String pointer, List<DesignBuilder.Problem> problems) {
        List<dev.singletable.AttributeRule> rules = new ArrayList<>();
        rule(rules, problems, pointer + "/pattern", node.has("pattern"), () -> dev.singletable.AttributeRule.pattern(node.path("pattern").asText()));
        boolean min = node.path("minimum").isNumber();
        boolean max = node.path("maximum").isNumber();
        rule(rules, problems, pointer + "/minimum", min || max, () -> min && max
                ? dev.singletable.AttributeRule.range(node.path("minimum").decimalValue(), node.path("maximum").decimalValue())
                : min ? dev.singletable.AttributeRule.min(node.path("minimum").decimalValue())
                : dev.singletable.AttributeRule.max(node.path("maximum").decimalValue()));
        boolean minLength = node.path("minLength").canConvertToInt();
        boolean maxLength = node.path("maxLength").canConvertToInt();
        rule(rules, problems, pointer + "/minLength", minLength || maxLength, () -> dev.singletable.AttributeRule.length(
                minLength ? node.path("minLength").asInt() : 0, maxLength ? node.path("maxLength").asInt() : Integer.MAX_VALUE));
        rule(rules, problems, pointer + "/allowedValues", node.has("allowedValues"),
                () -> dev.singletable.AttributeRule.allowedValues(strings(node.path("allowedValues"))));
        return rules;
    }

    private static void rule(List<dev.singletable.AttributeRule> rules, List<DesignBuilder.Problem> problems, String pointer, boolean declared,
                             java.util.function.Supplier<dev.singletable.AttributeRule> rule) {
        if (!declared) {
            return;
        }
        try {
            rules.add(rule.get());
        } catch (dev.singletable.SchemaDefinitionException e) {
            problems.add(new DesignBuilder.Problem(dev.singletable.schema.SchemaError.Kind.SCHEMA_DEFINITION, pointer, e.getMessage()));
        }
    }

    /** Problems of the rules every attribute of the document declares, located at the keyword. */
    static List<DesignBuilder.Problem> ruleProblems(JsonNode root) {
        List<DesignBuilder.Problem> problems = new ArrayList<>();
        for (String section : List.of("entities", "types")) {
            root.path(section).properties().forEach(owner -> owner.getValue().path("attributes").properties().forEach(attribute ->
                    rules(attribute.getValue(), "/" + section + "/" + LocatedTree.segment(owner.getKey()) + "/attributes/"
                            + LocatedTree.segment(attribute.getKey()), problems)));
        }
        return problems;
    }

    private static AttributeDefinition plainAttribute(JsonNode node) {
        String type = node.path("type").asText();
        Optional<AttributeKind> kind = AttributeKind.ofFileName(type);
        Optional<AttributeKind> element = kind.filter(AttributeKind::holdsRecords).flatMap(k -> AttributeKind.ofFileName(node.path("of").asText()))
                .filter(e -> !e.holdsRecords() && !e.holdsElements());
        if (element.isPresent()) {
            AttributeDefinition elements = AttributeDefinition.ofElements(kind.get() == AttributeKind.RECORD_LIST ? AttributeKind.LIST
                    : AttributeKind.MAP, element.get(), node.path("required").asBoolean(false));
            return new AttributeDefinition(elements.type(), elements.required(), strings(node.path("values")),
                    text(node, "role").flatMap(Role::ofFileName), Optional.empty(), text(node, "description"), Optional.empty(),
                    elements.elementType(), false, Optional.empty(), List.of());
        }
        if (kind.isEmpty() || kind.get().holdsRecords()) {
            // the JSON Schema admits a record type's name ({type: Address}) and list/map with the name in "of"
            return new AttributeDefinition(kind.orElse(AttributeKind.RECORD), node.path("required").asBoolean(false), List.of(),
                    text(node, "role").flatMap(Role::ofFileName),
                    text(node, "generated").map(g -> IdGenerator.valueOf(g.toUpperCase(Locale.ROOT))),
                    text(node, "description"), Optional.of(kind.isEmpty() ? type : node.path("of").asText()));
        }
        return new AttributeDefinition(kind.get(),
                node.path("required").asBoolean(false), strings(node.path("values")),
                text(node, "role").flatMap(Role::ofFileName),
                text(node, "generated").map(g -> IdGenerator.valueOf(g.toUpperCase(Locale.ROOT))),
                text(node, "description"));
    }

    private static KeyDefinition key(JsonNode node) {
        return new KeyDefinition(templates(node.path("pk")), templates(node.path("sk")),
                node.has("when") ? Optional.of(condition(node.path("when"))) : Optional.empty());
    }

    private static List<String> templates(JsonNode node) {
        if (node.isMissingNode()) {
            return List.of();
        }
        return node.isTextual() ? List.of(node.asText()) : strings(node);
    }

    static ConditionDefinition condition(JsonNode node) {
        Map.Entry<String, JsonNode> only = node.properties().iterator().next();
        JsonNode value = only.getValue();
        return switch (only.getKey()) {
            case "present" -> new ConditionDefinition.Present(value.asText());
            case "absent" -> new ConditionDefinition.Absent(value.asText());
            case "equals" -> new ConditionDefinition.Equals(values(value));
            case "notEquals" -> new ConditionDefinition.NotEquals(values(value));
            case "beginsWith" -> {
                Map<String, String> prefixes = new LinkedHashMap<>();
                value.properties().forEach(e -> prefixes.put(e.getKey(), e.getValue().asText()));
                yield new ConditionDefinition.BeginsWith(prefixes);
            }
            case "all" -> new ConditionDefinition.All(conditions(value));
            case "any" -> new ConditionDefinition.Any(conditions(value));
            case "java" -> new ConditionDefinition.JavaMethod(value.asText());
            case "between" -> new ConditionDefinition.Between(values(value.path("from")), values(value.path("to")));
            case "in" -> {
                Map<String, List<Object>> lists = new LinkedHashMap<>();
                value.properties().forEach(e -> {
                    List<Object> list = new ArrayList<>();
                    e.getValue().forEach(element -> list.add(PlainValues.of(element)));
                    lists.put(e.getKey(), list);
                });
                yield new ConditionDefinition.In(lists);
            }
            case "contains" -> new ConditionDefinition.Contains(values(value));
            case "size" -> new ConditionDefinition.Size(sizes(value));
            case "attributeType" -> {
                Map<String, String> types = new LinkedHashMap<>();
                value.properties().forEach(e -> types.put(e.getKey(), e.getValue().asText()));
                yield new ConditionDefinition.AttributeType(types);
            }
            case "not" -> new ConditionDefinition.Not(condition(value));
            default -> new ConditionDefinition.Compare(ConditionDefinition.Comparison.ofFileName(only.getKey()).orElseThrow(
                    () -> new IllegalStateException("the JSON Schema admits no condition '" + only.getKey() + "'")), values(value));
        };
    }

    /** A {@code size}'s comparisons by attribute: {@code {tags: {lessThan: 3}}}. */
    private static Map<String, Map<ConditionDefinition.SizeComparison, Long>> sizes(JsonNode node) {
        Map<String, Map<ConditionDefinition.SizeComparison, Long>> sizes = new LinkedHashMap<>();
        node.properties().forEach(attribute -> {
            Map<ConditionDefinition.SizeComparison, Long> comparisons = new LinkedHashMap<>();
            attribute.getValue().properties().forEach(e -> comparisons.put(ConditionDefinition.SizeComparison.ofFileName(e.getKey())
                    .orElseThrow(() -> new IllegalStateException("the JSON Schema admits no size comparison '" + e.getKey() + "'")),
                    e.getValue().asLong()));
            sizes.put(attribute.getKey(), comparisons);
        });
        return sizes;
    }

    private static List<ConditionDefinition> conditions(JsonNode array) {
        List<ConditionDefinition> conditions = new ArrayList<>();
        array.forEach(c -> conditions.add(condition(c)));
        return conditions;
    }

    private static AccessPatternDefinition pattern(JsonNode node) {
        Target target = node.has("entity") ? Target.entity(node.path("entity").asText()) : Target.collection(node.path("collection").asText());
        Operation operation = Operation.valueOf(node.path("operation").asText("query").toUpperCase(Locale.ROOT));
        Map<String, Object> key = values(node.has("key") ? node.path("key") : node.path("partition"));
        Optional<SortCondition> sort = Optional.empty();
        if (node.has("sort")) {
            Map.Entry<String, JsonNode> only = node.path("sort").properties().iterator().next();
            SortOperator operator = SortOperator.ofFileName(only.getKey()).orElseThrow();
            JsonNode value = only.getValue();
            sort = Optional.of(switch (operator) {
                case BETWEEN -> new SortCondition(operator, values(value.path("from")), values(value.path("to")), Optional.empty());
                case BEGINS_WITH_RAW -> new SortCondition(operator, Map.of(), Map.of(), Optional.of(value.asText()));
                default -> new SortCondition(operator, values(value), Map.of(), Optional.empty());
            });
        }
        return new AccessPatternDefinition(node.path("name").asText(), text(node, "description"), operation, target, text(node, "index"),
                key, sort, node.has("filter") ? Optional.of(condition(node.path("filter"))) : Optional.empty(),
                text(node, "order").map(o -> Order.valueOf(o.toUpperCase(Locale.ROOT))),
                node.has("limit") ? Optional.of(node.path("limit").asInt()) : Optional.empty(),
                node.has("acrossBuckets") ? Optional.of(new AccessPatternDefinition.BucketRange(node.path("acrossBuckets").path("attribute").asText(),
                        PlainValues.of(node.path("acrossBuckets").path("from")), PlainValues.of(node.path("acrossBuckets").path("to"))))
                        : Optional.empty(),
                node.path("acrossShards").asBoolean(false),
                node.has("rates") ? Optional.of(rates(node.path("rates"))) : Optional.empty(),
                strings(node.path("select")), node.path("fetchFullItems").asBoolean(false),
                node.path("consistentRead").asBoolean(false));
    }

    private static Map<String, Object> values(JsonNode node) {
        Map<String, Object> values = new LinkedHashMap<>();
        node.properties().forEach(e -> values.put(e.getKey(), PlainValues.of(e.getValue())));
        return values;
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    private static Optional<Long> number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNumber() ? Optional.of(value.asLong()) : Optional.empty();
    }

    private static List<String> strings(JsonNode array) {
        List<String> strings = new ArrayList<>();
        array.forEach(n -> strings.add(n.asText()));
        return strings;
    }
}
