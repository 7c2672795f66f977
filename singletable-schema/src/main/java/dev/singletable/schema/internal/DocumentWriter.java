package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AccessPatternDefinition.SortCondition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.CollectionDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.Rates;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.StatesDefinition;
import dev.singletable.schema.TableDefinition;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The document model to a tree in the canonical form: fields in the order of the reference page,
 * every defaulted value written out, optional ones left out when absent. Reading a canonical file
 * and writing it gives the same text.
 */
final class DocumentWriter {
    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private DocumentWriter() {
    }

    public static ObjectNode write(SchemaDocument document) {
        ObjectNode root = NODES.objectNode();
        root.put("format", SchemaDocument.FORMAT);
        root.set("table", table(document.table()));
        objectIfAny(root, "types", document.types(), DocumentWriter::recordType);
        object(root, "entities", document.entities(), DocumentWriter::entity);
        objectIfAny(root, "collections", document.collections(), DocumentWriter::collection);
        arrayIfAny(root, "accessPatterns", document.accessPatterns(), DocumentWriter::pattern);
        objectIfAny(root, "relations", document.relations(), DocumentWriter::relation);
        return root;
    }

    private static ObjectNode relation(RelationDefinition relation) {
        ObjectNode node = NODES.objectNode();
        relation.description().ifPresent(d -> node.put("description", d));
        node.put("first", relation.first());
        node.put("second", relation.second());
        node.putObject("firstSide").put("pk", relation.firstSide().partition().get(0)).put("sk", relation.firstSide().sort().get(0));
        node.putObject("secondSide").put("pk", relation.secondSide().partition().get(0)).put("sk", relation.secondSide().sort().get(0));
        arrayIfAny(node, "itemTypes", relation.itemTypes(), NODES::textNode);
        arrayIfAny(node, "copyFromFirst", relation.copyFromFirst(), NODES::textNode);
        arrayIfAny(node, "copyFromSecond", relation.copyFromSecond(), NODES::textNode);
        node.put("propagateCopies", relation.propagateCopies());
        objectIfAny(node, "edge", relation.edge(), DocumentWriter::attribute);
        arrayIfAny(node, "examples", relation.examples(), PlainValues::toNode);
        return node;
    }

    private static ObjectNode table(TableDefinition table) {
        ObjectNode node = NODES.objectNode();
        node.put("name", table.name());
        table.description().ifPresent(d -> node.put("description", d));
        node.set("partitionKey", keyAttribute(table.partitionKey()));
        table.sortKey().ifPresent(sk -> node.set("sortKey", keyAttribute(sk)));
        node.put("entityTypeAttribute", table.entityTypeAttribute());
        table.timeToLiveAttribute().ifPresent(ttl -> node.put("timeToLiveAttribute", ttl));
        table.stream().ifPresent(view -> node.put("stream", view.name()));
        ObjectNode billing = node.putObject("billing");
        billing.put("mode", table.billing().mode().name());
        table.billing().readCapacity().ifPresent(r -> billing.put("readCapacity", r));
        table.billing().writeCapacity().ifPresent(w -> billing.put("writeCapacity", w));
        arrayIfAny(node, "indexes", table.indexes(), DocumentWriter::index);
        return node;
    }

    private static ObjectNode index(IndexDefinition index) {
        ObjectNode node = NODES.objectNode();
        node.put("name", index.name());
        node.put("kind", index.kind().name().toLowerCase(Locale.ROOT));
        index.description().ifPresent(d -> node.put("description", d));
        if (!index.partitionKey().isEmpty()) {
            node.set("partitionKey", keyAttributes(index.partitionKey()));
        }
        if (!index.sortKey().isEmpty()) {
            node.set("sortKey", keyAttributes(index.sortKey()));
        }
        ObjectNode projection = node.putObject("projection");
        projection.put("type", index.projection().type().name());
        if (index.projection().type() == ProjectionDefinition.ProjectionType.INCLUDE) {
            strings(projection.putArray("attributes"), index.projection().attributes());
        }
        return node;
    }

    private static JsonNode keyAttributes(List<KeyAttributeDefinition> attributes) {
        if (attributes.size() == 1) {
            return keyAttribute(attributes.get(0));
        }
        ArrayNode array = NODES.arrayNode();
        attributes.forEach(a -> array.add(keyAttribute(a)));
        return array;
    }

    private static ObjectNode keyAttribute(KeyAttributeDefinition attribute) {
        ObjectNode node = NODES.objectNode();
        node.put("name", attribute.name());
        node.put("type", attribute.type().name());
        return node;
    }

    private static ObjectNode entity(EntityDefinition entity) {
        ObjectNode node = NODES.objectNode();
        entity.description().ifPresent(d -> node.put("description", d));
        object(node, "attributes", entity.attributes(), DocumentWriter::attribute);
        if (entity.states().isPresent()) {
            node.set("states", states(entity.states().get()));
        } else {
            node.set("keys", key(entity.keys()));
        }
        objectIfAny(node, "indexes", entity.indexes(), DocumentWriter::key);
        if (entity.attributeBag()) {
            node.put("attributeBag", true);
        }
        entity.volume().count().ifPresent(count -> node.put("count", count));
        entity.volume().partitionKeyValues().ifPresent(values -> node.put("partitionKeyValues", values));
        entity.volume().writes().ifPresent(writes -> node.set("writes", rates(writes)));
        arrayIfAny(node, "examples", entity.examples(), PlainValues::toNode);
        entity.exampleFile().ifPresent(f -> node.put("exampleFile", f));
        return node;
    }

    private static ObjectNode recordType(RecordTypeDefinition type) {
        ObjectNode node = NODES.objectNode();
        type.description().ifPresent(d -> node.put("description", d));
        object(node, "attributes", type.attributes(), DocumentWriter::attribute);
        return node;
    }

    private static ObjectNode states(StatesDefinition states) {
        ObjectNode node = NODES.objectNode();
        node.put("attribute", states.attribute());
        ObjectNode values = node.putObject("values");
        states.values().forEach((value, state) -> {
            ObjectNode stateNode = values.putObject(value);
            stateNode.put("type", state.type());
            stateNode.set("keys", key(state.keys()));
            objectIfAny(stateNode, "indexes", state.indexes(), DocumentWriter::key);
        });
        return node;
    }

    private static ObjectNode attribute(AttributeDefinition attribute) {
        ObjectNode node = NODES.objectNode();
        node.put("type", attribute.typeText());
        if (attribute.type() == AttributeDefinition.AttributeKind.RECORD_LIST || attribute.type() == AttributeDefinition.AttributeKind.RECORD_MAP) {
            node.put("of", attribute.recordType().orElseThrow());
        }
        attribute.elementType().ifPresent(element -> node.put("of", element.fileName()));
        if (attribute.nullable()) {
            node.put("nullable", true);
        }
        attribute.defaultValue().ifPresent(value -> node.set("default", PlainValues.toNode(value)));
        for (dev.singletable.AttributeRule rule : attribute.rules()) {
            switch (rule.kind()) {
                case PATTERN -> node.put("pattern", rule.regex().orElseThrow());
                case RANGE -> {
                    rule.minimum().ifPresent(min -> node.put("minimum", min));
                    rule.maximum().ifPresent(max -> node.put("maximum", max));
                }
                case LENGTH -> {
                    node.put("minLength", rule.minimum().orElseThrow().intValue());
                    if (rule.maximum().orElseThrow().intValue() != Integer.MAX_VALUE) {
                        node.put("maxLength", rule.maximum().orElseThrow().intValue());
                    }
                }
                case ALLOWED_VALUES -> strings(node.putArray("allowedValues"), rule.allowed());
            }
        }
        if (attribute.required()) {
            node.put("required", true);
        }
        arrayIfAny(node, "values", attribute.values(), NODES::textNode);
        attribute.role().ifPresent(r -> node.put("role", r.fileName()));
        attribute.generated().ifPresent(g -> node.put("generated", g.name().toLowerCase(Locale.ROOT)));
        attribute.description().ifPresent(d -> node.put("description", d));
        return node;
    }

    private static ObjectNode key(KeyDefinition key) {
        ObjectNode node = NODES.objectNode();
        if (!key.partition().isEmpty()) {
            node.set("pk", templates(key.partition()));
        }
        if (!key.sort().isEmpty()) {
            node.set("sk", templates(key.sort()));
        }
        key.when().ifPresent(when -> node.set("when", condition(when)));
        return node;
    }

    private static JsonNode templates(List<String> templates) {
        if (templates.size() == 1) {
            return NODES.textNode(templates.get(0));
        }
        return strings(NODES.arrayNode(), templates);
    }

    private static ObjectNode condition(ConditionDefinition condition) {
        ObjectNode node = NODES.objectNode();
        if (condition instanceof ConditionDefinition.Present present) {
            node.put("present", present.attribute());
        } else if (condition instanceof ConditionDefinition.Absent absent) {
            node.put("absent", absent.attribute());
        } else if (condition instanceof ConditionDefinition.Equals equals) {
            node.set("equals", PlainValues.toNode(equals.values()));
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            node.set("notEquals", PlainValues.toNode(notEquals.values()));
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            node.set("beginsWith", PlainValues.toNode(beginsWith.prefixes()));
        } else if (condition instanceof ConditionDefinition.All all) {
            ArrayNode array = node.putArray("all");
            all.conditions().forEach(c -> array.add(condition(c)));
        } else if (condition instanceof ConditionDefinition.Any any) {
            ArrayNode array = node.putArray("any");
            any.conditions().forEach(c -> array.add(condition(c)));
        } else if (condition instanceof ConditionDefinition.JavaMethod java) {
            node.put("java", java.method());
        } else if (condition instanceof ConditionDefinition.Compare compare) {
            node.set(compare.comparison().fileName(), PlainValues.toNode(compare.values()));
        } else if (condition instanceof ConditionDefinition.Between between) {
            ObjectNode bounds = node.putObject("between");
            bounds.set("from", PlainValues.toNode(between.from()));
            bounds.set("to", PlainValues.toNode(between.to()));
        } else if (condition instanceof ConditionDefinition.In in) {
            ObjectNode lists = node.putObject("in");
            in.values().forEach((attribute, values) -> lists.set(attribute, PlainValues.toNode(values)));
        } else if (condition instanceof ConditionDefinition.Contains contains) {
            node.set("contains", PlainValues.toNode(contains.values()));
        } else if (condition instanceof ConditionDefinition.Size size) {
            ObjectNode sizes = node.putObject("size");
            size.sizes().forEach((attribute, comparisons) -> {
                ObjectNode each = sizes.putObject(attribute);
                comparisons.forEach((comparison, number) -> each.put(comparison.fileName(), number));
            });
        } else if (condition instanceof ConditionDefinition.AttributeType type) {
            node.set("attributeType", PlainValues.toNode(type.types()));
        } else if (condition instanceof ConditionDefinition.Not not) {
            node.set("not", condition(not.condition()));
        }
        return node;
    }

    private static ObjectNode collection(CollectionDefinition collection) {
        ObjectNode node = NODES.objectNode();
        collection.description().ifPresent(d -> node.put("description", d));
        strings(node.putArray("members"), collection.members());
        return node;
    }

    private static ObjectNode pattern(AccessPatternDefinition pattern) {
        ObjectNode node = NODES.objectNode();
        node.put("name", pattern.name());
        pattern.description().ifPresent(d -> node.put("description", d));
        node.put("operation", pattern.operation().name().toLowerCase(Locale.ROOT));
        node.put(pattern.target().kind() == AccessPatternDefinition.Target.Kind.ENTITY ? "entity" : "collection", pattern.target().name());
        pattern.index().ifPresent(i -> node.put("index", i));
        if (!pattern.key().isEmpty()) {
            node.set(pattern.operation() == AccessPatternDefinition.Operation.GET ? "key" : "partition", PlainValues.toNode(pattern.key()));
        }
        pattern.sort().ifPresent(sort -> node.set("sort", sort(sort)));
        pattern.filter().ifPresent(filter -> node.set("filter", condition(filter)));
        pattern.order().ifPresent(order -> node.put("order", order.name().toLowerCase(Locale.ROOT)));
        pattern.limit().ifPresent(limit -> node.put("limit", limit));
        pattern.acrossBuckets().ifPresent(range -> {
            ObjectNode buckets = node.putObject("acrossBuckets");
            buckets.put("attribute", range.attribute());
            buckets.set("from", PlainValues.toNode(range.from()));
            buckets.set("to", PlainValues.toNode(range.to()));
        });
        if (pattern.acrossShards()) {
            node.put("acrossShards", true);
        }
        arrayIfAny(node, "select", pattern.select(), NODES::textNode);
        if (pattern.fetchFullItems()) {
            node.put("fetchFullItems", true);
        }
        if (pattern.consistentRead()) {
            node.put("consistentRead", true);
        }
        pattern.rates().ifPresent(rates -> node.set("rates", rates(rates)));
        return node;
    }

    private static ObjectNode rates(Rates rates) {
        ObjectNode node = NODES.objectNode();
        number(node, "peak", rates.peak());
        number(node, "average", rates.average());
        rates.items().ifPresent(items -> node.put("items", items));
        return node;
    }

    /** A whole number as an integer ({@code 40}, not {@code 40.0}). */
    private static void number(ObjectNode node, String name, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }

    private static ObjectNode sort(SortCondition sort) {
        ObjectNode node = NODES.objectNode();
        String name = sort.operator().fileName();
        switch (sort.operator()) {
            case BETWEEN -> {
                ObjectNode between = node.putObject(name);
                between.set("from", PlainValues.toNode(sort.values()));
                between.set("to", PlainValues.toNode(sort.to()));
            }
            case BEGINS_WITH_RAW -> node.put(name, sort.rawPrefix().orElseThrow());
            default -> node.set(name, PlainValues.toNode(sort.values()));
        }
        return node;
    }

    private static ArrayNode strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
        return array;
    }

    /** A field holding an object of the entries, each value written by {@code write}. */
    private static <V> void object(ObjectNode node, String name, Map<String, V> entries, Function<? super V, ? extends JsonNode> write) {
        ObjectNode object = node.putObject(name);
        entries.forEach((key, value) -> object.set(key, write.apply(value)));
    }

    /** {@link #object}, left out when there are no entries (the canonical form writes no empty optional section). */
    private static <V> void objectIfAny(ObjectNode node, String name, Map<String, V> entries, Function<? super V, ? extends JsonNode> write) {
        if (!entries.isEmpty()) {
            object(node, name, entries, write);
        }
    }

    /** A field holding an array of the values, each written by {@code write}; left out when there are none. */
    private static <V> void arrayIfAny(ObjectNode node, String name, List<V> values, Function<? super V, ? extends JsonNode> write) {
        if (!values.isEmpty()) {
            ArrayNode array = node.putArray(name);
            values.forEach(value -> array.add(write.apply(value)));
        }
    }

}
