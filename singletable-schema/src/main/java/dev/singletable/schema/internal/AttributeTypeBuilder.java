package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.ItemReader;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.RecordTypeDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.singletable.schema.internal.DesignProblems.suggestion;

/**
 * The file's attribute declarations to the core's attribute types: the record types of {@code types:} (embedded in
 * entities, those a type holds built first, a type holding itself refused), an attribute's type and its value options.
 */
final class AttributeTypeBuilder {
    private final SchemaDocument document;
    private final DesignProblems problems;
    private final Map<String, AttributeType<DynamicItem>> recordTypes = new LinkedHashMap<>();
    private final Set<String> refusedRecordTypes = new HashSet<>();

    AttributeTypeBuilder(SchemaDocument document, DesignProblems problems) {
        this.document = document;
        this.problems = problems;
    }

    /** The record types built, by name. */
    Map<String, AttributeType<DynamicItem>> recordTypes() {
        return Map.copyOf(recordTypes);
    }

    /** Whether record type {@code name} is built (it is neither unknown nor refused). */
    boolean built(String name) {
        return recordTypes.containsKey(name);
    }

    /** Builds every record type the file declares, those it holds first; a type holding itself, directly or not, is refused. */
    void buildRecordTypes() {
        Map<String, RecordTypeDefinition> types = document.types();
        types.forEach((name, type) -> type.attributes().forEach((attributeName, attribute) -> {
            String at = "/types/" + LocatedTree.segment(name) + "/attributes/" + LocatedTree.segment(attributeName);
            attribute.role().ifPresent(role -> problems.add(Kind.INVALID_VALUE, at + "/role", "role " + role.fileName() + " is maintained on "
                    + "an entity's own attributes, not inside the embedded record " + name + "; move " + attributeName + " to the entity"));
            attribute.generated().ifPresent(g -> problems.add(Kind.INVALID_VALUE, at + "/generated", "generated ids are filled on an entity's "
                    + "own attributes, not inside the embedded record " + name + "; move " + attributeName + " to the entity"));
        }));
        Set<String> building = new LinkedHashSet<>();
        types.keySet().forEach(name -> recordType(name, building));
    }

    @SuppressWarnings("unchecked")
    private Optional<AttributeType<DynamicItem>> recordType(String name, Set<String> building) {
        if (recordTypes.containsKey(name)) {
            return Optional.of(recordTypes.get(name));
        }
        RecordTypeDefinition type = document.types().get(name);
        if (type == null || refusedRecordTypes.contains(name) || !building.add(name)) {
            return Optional.empty();
        }
        String at = "/types/" + LocatedTree.segment(name);
        List<Attribute<DynamicItem, ?>> attributes = new ArrayList<>();
        boolean complete = true;
        for (Map.Entry<String, AttributeDefinition> entry : type.attributes().entrySet()) {
            String attributeName = entry.getKey();
            AttributeDefinition attribute = entry.getValue();
            String attributeAt = at + "/attributes/" + LocatedTree.segment(attributeName);
            if (attribute.recordType().isPresent() && building.contains(attribute.recordType().get())) {
                List<String> cycle = new ArrayList<>(building).subList(new ArrayList<>(building).indexOf(attribute.recordType().get()), building.size());
                problems.add(Kind.SCHEMA_DEFINITION, attributeAt + "/type", "record type " + name + "." + attributeName + " holds "
                        + attribute.recordType().get() + ", which holds " + name + " again (" + String.join(" -> ", cycle) + " -> "
                        + attribute.recordType().get() + "): an embedded record cannot contain itself; store the inner one as an item "
                        + "of its own, or hold its key instead");
                complete = false;
                continue;
            }
            Optional<AttributeType<Object>> attributeType = attributeType(attributeAt, attribute, building).map(t -> (AttributeType<Object>) t);
            if (attributeType.isEmpty()) {
                complete = false;
                continue;
            }
            AttributeType<Object> t = attributeType.get();
            Optional<Attribute<DynamicItem, Object>> declared = withOptions(attributeAt, attribute, attribute.required()
                    ? Attribute.required(attributeName, t, (DynamicItem item) -> item.values().get(attributeName))
                    : Attribute.of(attributeName, t, (DynamicItem item) -> item.values().get(attributeName)));
            if (declared.isEmpty()) {
                complete = false;
                continue;
            }
            attributes.add(declared.get());
        }
        building.remove(name);
        if (!complete) {
            refusedRecordTypes.add(name);
            return Optional.empty();
        }
        List<Attribute<DynamicItem, ?>> ordered = List.copyOf(attributes);
        Optional<AttributeType<DynamicItem>> built = problems.core(Kind.SCHEMA_DEFINITION, at, () -> AttributeTypes.object(name, DynamicItem.class,
                ordered, reader -> {
                    DynamicItem.Builder record = DynamicItem.builder(name);
                    ordered.forEach(attribute -> readInto(record, reader, attribute));
                    return record.build();
                }));
        built.ifPresent(b -> recordTypes.put(name, b));
        return built;
    }

    /**
     * The attribute with the file's nullable flag, default (converted as an example value is, and checked against the
     * rules) and rules; a problem at the keyword when the core refuses one.
     */
    Optional<Attribute<DynamicItem, Object>> withOptions(String at, AttributeDefinition definition, Attribute<DynamicItem, Object> attribute) {
        if (definition.hasNoValueOptions()) {
            return Optional.of(attribute);
        }
        Attribute<DynamicItem, Object> declared = attribute;
        if (definition.nullable()) {
            Optional<Attribute<DynamicItem, Object>> nullable = problems.core(Kind.SCHEMA_DEFINITION, at + "/nullable", attribute::nullable);
            if (nullable.isEmpty()) {
                return Optional.empty();
            }
            declared = nullable.get();
        }
        Attribute<DynamicItem, Object> ruled = declared;
        Optional<Attribute<DynamicItem, Object>> validated = problems.core(Kind.SCHEMA_DEFINITION, at, () -> ruled.validatedBy(
                definition.rules().toArray(dev.singletable.AttributeRule[]::new)));
        if (validated.isEmpty() || definition.defaultValue().isEmpty()) {
            return validated;
        }
        Object converted;
        try {
            converted = definition.type().holdsRecords() ? DynamicTypes.valueOf(definition, definition.defaultValue().get(), document.types())
                    : DynamicTypes.valueOf(definition, definition.defaultValue().get());
        } catch (IllegalArgumentException e) {
            problems.add(Kind.INVALID_VALUE, at + "/default", "default " + e.getMessage() + "; give a value of the attribute's type");
            return Optional.empty();
        }
        Attribute<DynamicItem, Object> withRules = validated.get();
        return problems.core(Kind.INVALID_VALUE, at + "/default", () -> withRules.withDefault(converted));
    }

    /**
     * The core attribute of one declaration (of an entity or a relation's edge), read from a {@link DynamicItem} by its name:
     * its type, required or not, with its value options; a problem at {@code at} for each part the core refuses.
     */
    @SuppressWarnings("unchecked")
    Optional<Attribute<DynamicItem, Object>> attribute(String at, String name, AttributeDefinition definition) {
        return attributeType(at, definition, new LinkedHashSet<>()).flatMap(typed -> {
            AttributeType<Object> type = (AttributeType<Object>) typed;
            return problems.core(Kind.SCHEMA_DEFINITION, at, () -> definition.required()
                    ? Attribute.required(name, type, (DynamicItem item) -> item.values().get(name))
                    : Attribute.of(name, type, (DynamicItem item) -> item.values().get(name)));
        }).flatMap(a -> withOptions(at, definition, a));
    }

    /** The core type of an attribute (of an entity or a record type); a problem at {@code at} when it names no known record type. */
    Optional<AttributeType<?>> attributeType(String at, AttributeDefinition attribute, Set<String> building) {
        if (!attribute.type().holdsRecords()) {
            return Optional.of(DynamicTypes.typeOf(attribute));
        }
        String typeName = attribute.recordType().orElseThrow();
        if (!document.types().containsKey(typeName)) {
            String field = attribute.type() == AttributeKind.RECORD ? "/type" : "/of";
            problems.add(Kind.UNKNOWN_NAME, at + field, "unknown record type '" + typeName + "'" + suggestion(typeName, document.types().keySet())
                    + (document.types().isEmpty() ? "; the file declares no types: add it under types, or use one of the built-in types"
                    : "; the file's types are " + String.join(", ", document.types().keySet())));
            return Optional.empty();
        }
        return recordType(typeName, building).flatMap(record -> recordTyped(attribute, Map.of(typeName, record)));
    }

    static Optional<AttributeType<?>> recordTyped(AttributeDefinition attribute, Map<String, AttributeType<DynamicItem>> records) {
        if (!attribute.type().holdsRecords()) {
            return Optional.empty();
        }
        AttributeType<DynamicItem> record = records.get(attribute.recordType().orElseThrow());
        if (record == null) {
            return Optional.empty();
        }
        return Optional.of(switch (attribute.type()) {
            case RECORD_LIST -> AttributeTypes.listOf(record);
            case RECORD_MAP -> AttributeTypes.mapOf(record);
            default -> record;
        });
    }

    /**
     * The attribute's value into the item when the stored item holds one, an empty list or map included: get() alone
     * reads an absent list or map as empty, and the item read back must have exactly the attributes written. An absent
     * attribute with a default is read as the default, as a record entity's {@code @Default} attribute is.
     */
    static void readInto(DynamicItem.Builder item, ItemReader reader, Attribute<DynamicItem, ?> attribute) {
        if (reader.has(attribute)) {
            item.set(attribute.name(), reader.get(attribute));
        } else if (attribute.defaultValue().isPresent()) {
            // absent, it reads as its default, as a record's attribute does; a nullable one's NULL reads as null (left out)
            Object value = reader.get(attribute);
            if (value != null) {
                item.set(attribute.name(), value);
            }
        } else if (attribute.isRequired()) {
            reader.get(attribute); // refuses the missing value, naming the item and the attribute
        }
    }
}
