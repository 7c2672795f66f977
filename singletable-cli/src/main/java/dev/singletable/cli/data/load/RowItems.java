package dev.singletable.cli.data.load;

import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.cli.data.AdjacencyItems;
import dev.singletable.cli.data.StoredValues;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Puts each input row through its entity's schema, as a write would: the entity looked up, values
 * converted by the attributes' types, generated ids filled, keys composed and the item checked
 * (required attributes, types, 400 KB). A row either becomes an item ready to write, with its
 * primary key as text, or is refused with the reason.
 */
final class RowItems {
    /** Fills what a row leaves out before the schema's hooks run (which fill what is still missing at random). */
    @FunctionalInterface
    interface Filling {
        DynamicItem fill(String entity, InputRow row, DynamicItem item);
    }

    private final SchemaFile design;
    private final Table table;
    private final Filling filling;

    /** Rows whose generated ids, when missing, are filled by the schema's hooks: random, new on every run. */
    RowItems(SchemaFile design, Table table) {
        this(design, table, (entity, row, item) -> item);
    }

    /** Rows whose missing generated ids are filled by {@code ids}: the same for the same row on every run of the load. */
    RowItems(SchemaFile design, Table table, LoadIds ids) {
        this(design, table, generatedBy(design, ids));
    }

    private RowItems(SchemaFile design, Table table, Filling filling) {
        this.design = design;
        this.table = table;
        this.filling = filling;
    }

    private static Filling generatedBy(SchemaFile design, LoadIds ids) {
        Map<String, List<Map.Entry<String, AttributeDefinition>>> generated = new HashMap<>();
        design.document().entityTypes().forEach((name, entity) -> generated.put(name, entity.attributes().entrySet().stream()
                .filter(attribute -> attribute.getValue().generated().isPresent()).toList()));
        return (entity, row, item) -> {
            DynamicItem filled = item;
            for (Map.Entry<String, AttributeDefinition> attribute : generated.getOrDefault(entity, List.of())) {
                if (!filled.has(attribute.getKey())) {
                    AttributeDefinition definition = attribute.getValue();
                    filled = filled.with(attribute.getKey(), ids.generated(definition.generated().orElseThrow(), definition.type(),
                            row.file(), row.line(), attribute.getKey()));
                }
            }
            return filled;
        };
    }

    /** What became of one row. */
    sealed interface Checked permits Ready, Refused {
    }

    /**
     * A row ready to write: its item and primary key, and whether its entity is versioned (written by a conditional
     * create of its own, as BatchWriteItem cannot check a version).
     */
    record Ready(InputRow row, DynamicItem item, String key, boolean versioned) implements Checked {
    }

    /** A row that cannot be written, and why. */
    record Refused(InputRow row, String reason) implements Checked {
    }

    Checked check(InputRow row) {
        if (row.unreadable().isPresent()) {
            return new Refused(row, row.unreadable().get());
        }
        Optional<AdjacencyItems> adjacency = AdjacencyItems.of(design, row.entity().orElseThrow());
        if (adjacency.isPresent()) {
            return adjacency(row, adjacency.get());
        }
        Optional<String> relation = dev.singletable.cli.data.DataDesign.notAnEntity(design, row.entity().orElseThrow());
        if (relation.isPresent()) {
            return new Refused(row, relation.get());
        }
        String type = row.entity().orElseThrow();
        var definition = Optional.ofNullable(design.document().entityTypes().get(type))
                .or(() -> Optional.ofNullable(design.document().entities().get(type)));
        Optional<String> outOfRange = refusal(type, row, row.values(), definition.map(d -> d.attributes()).orElse(Map.of()));
        if (outOfRange.isPresent()) {
            return new Refused(row, outOfRange.get());
        }
        Optional<String> otherType = otherEntityType(type, row.values(), definition);
        if (otherType.isPresent()) {
            return new Refused(row, otherType.get());
        }
        try {
            DynamicItem given = item(type, row.values(), definition);
            String entityName = given.entityType();
            EntitySchema<DynamicItem> entity = design.entity(entityName);
            Optional<String> emptyPath = given.values().entrySet().stream()
                    .flatMap(v -> dev.singletable.cli.data.DataDesign.emptyPath(entity, v.getKey(), v.getValue()).stream()).findFirst();
            if (emptyPath.isPresent()) {
                return new Refused(row, entityName + "." + emptyPath.get());
            }
            Optional<String> fraction = refusal(entityName, row, given.values(),
                    design.document().entityTypes().get(entityName).attributes());
            if (fraction.isPresent()) {
                return new Refused(row, fraction.get());
            }
            DynamicItem item = filling.fill(entityName, row, given);
            Optional<String> missing = missingRequired(entityName, item);
            if (missing.isPresent()) {
                return new Refused(row, missing.get());
            }
            for (UnaryOperator<DynamicItem> step : entity.hooks().beforeWrite()) {
                item = step.apply(item); // generated ids now, so that the key is known before the write
            }
            Map<String, AttributeValue> stored = table.toItem(item);
            Optional<String> rekeyed = rekeyed(entityName, row, stored);
            if (rekeyed.isPresent()) {
                return new Refused(row, rekeyed.get());
            }
            return new Ready(row, item, keyText(stored), entity.versionAttribute().isPresent());
        } catch (SingleTableException e) {
            return new Refused(row, e.getMessage());
        }
    }

    /**
     * The row's item: its declared attributes read by the design (an entity stored by its state, Product, becoming the entity
     * type its state attribute picks, ActiveProduct, as put's), those of an entity's attribute bag typed as given (as
     * DynamicItem takes them), and its own entity type, as an exported row carries it, left to the write.
     */
    private DynamicItem item(String type, Map<String, Object> values, Optional<EntityDefinition> definition) {
        Map<String, Object> declared = new LinkedHashMap<>(values);
        Map<String, AttributeValue> bag = new LinkedHashMap<>();
        definition.ifPresent(entity -> values.forEach((name, value) -> {
            if (name.equals(design.document().table().entityTypeAttribute()) && !entity.attributes().containsKey(name)) {
                declared.remove(name);
            } else if (entity.attributeBag() && !entity.attributes().containsKey(name)) {
                declared.remove(name);
                bag.put(name, AttributeTypes.DOCUMENT_VALUE.toAttributeValue(value));
            }
        }));
        return design.item(type, declared).toBuilder().unmappedAttributes(bag).build();
    }

    /**
     * Why a row carrying the table's entity-type attribute cannot be written as {@code type}: the attribute names another
     * entity type (an exported row of another entity, or a row given the wrong {@code --entity}). Empty when it names the
     * entity, or one of its states, which the load writes anyway, or when the entity declares an attribute of that name.
     */
    private Optional<String> otherEntityType(String type, Map<String, Object> values, Optional<EntityDefinition> definition) {
        String attribute = design.document().table().entityTypeAttribute();
        Object named = values.get(attribute);
        if (named == null || definition.isEmpty() || definition.get().attributes().containsKey(attribute)) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>(List.of(type));
        definition.get().states().ifPresent(states -> states.values().values().forEach(state -> names.add(state.type())));
        return names.contains(String.valueOf(named)) ? Optional.empty() : Optional.of(type + ": '" + attribute + "' is the table's "
                + "entity-type attribute, and the row's names " + named + ", not " + String.join(" or ", names) + ": load the row as "
                + named + ", or drop '" + attribute + "' from the rows to write them as " + type);
    }

    /**
     * A row of a relation's adjacency item: the item as its values give it, checked as any write (keys composed, types, the
     * stored keys of a DynamoDB JSON row); {@link RelationRows} gives the loader its mirror as a row of its own.
     */
    private Checked adjacency(InputRow row, AdjacencyItems relation) {
        try {
            DynamicItem item = relation.item(row.entity().orElseThrow(), row.values());
            Map<String, AttributeValue> stored = table.toItem(item);
            Optional<String> rekeyed = rekeyed(item.entityType(), row, stored);
            return rekeyed.<Checked>map(reason -> new Refused(row, reason)).orElseGet(() -> new Ready(row, item, keyText(stored), false));
        } catch (SingleTableException e) {
            return new Refused(row, e.getMessage());
        }
    }

    /**
     * The first of {@code values} (the row's, or those converted from them) that cannot be stored, refused in the file's
     * terms as put refuses an argument (the core's refusal advises Java code): a number no DynamoDB number holds, an epoch
     * seconds instant with a fraction. An attribute of no definition is left to the design, which names the ones there are.
     */
    private static Optional<String> refusal(String type, InputRow row, Map<String, ?> values,
                                            Map<String, AttributeDefinition> definitions) {
        for (Map.Entry<String, ?> value : values.entrySet()) {
            Optional<String> refusal = Optional.ofNullable(definitions.get(value.getKey())).flatMap(definition -> StoredValues
                    .refusal(definition, StoredValues.written(row.values().get(value.getKey())), value.getValue()));
            if (refusal.isPresent()) {
                return Optional.of(type + "." + value.getKey() + ": " + refusal.get());
            }
        }
        return Optional.empty();
    }

    /** The required attributes the row lacks (those singletable fills, generated ids and timestamps, aside). */
    private Optional<String> missingRequired(String entity, DynamicItem item) {
        List<String> missing = new ArrayList<>();
        design.document().entityTypes().get(entity).attributes().forEach((name, attribute) -> {
            if (attribute.required() && attribute.generated().isEmpty() && attribute.role().isEmpty() && !item.has(name)) {
                missing.add(name);
            }
        });
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(entity + ": required attribute" + (missing.size() == 1 ? " '" + missing.get(0) + "' is" : "s '"
                + String.join("', '", missing) + "' are") + " missing; the row has " + (item.values().isEmpty() ? "none"
                : String.join(", ", item.values().keySet())));
    }

    /**
     * Why a row of a stored item (DynamoDB JSON) cannot be written as it is: the key attributes it was stored under are not
     * those its values compose under the design, so it would land under another key than in the source table (keyed by
     * other code, or by a build before 0.1 that left a '#' in a slot value unescaped). Empty when they are the same.
     */
    private Optional<String> rekeyed(String entity, InputRow row, Map<String, AttributeValue> composed) {
        if (row.storedKeys().entrySet().stream().allMatch(key -> same(key.getValue(), composed.get(key.getKey())))) {
            return Optional.empty();
        }
        StringBuilder given = new StringBuilder();
        StringBuilder made = new StringBuilder();
        row.storedKeys().forEach((name, value) -> {
            String separator = given.length() == 0 ? "" : ", ";
            given.append(separator).append(name).append('=').append(value instanceof java.math.BigDecimal number ? number.toPlainString()
                    : String.valueOf(value));
            made.append(separator).append(name).append('=').append(scalar(composed.get(name)));
        });
        return Optional.of(entity + ": the row was stored under " + given + ", but the design composes " + made + " from its "
                + "attributes, so it would be written with other keys than in its source. If the source was keyed another way "
                + "(other code's key design, or a singletable build before 0.1, which left '#' in a slot value unescaped: "
                + "CUSTOMER#a#b is now CUSTOMER#a\\#b), remove " + String.join(", ", row.storedKeys().keySet()) + " from the rows to "
                + "write them under the design's keys (and delete the old items, if they are in this table); else correct the "
                + "row's attribute values");
    }

    /** Whether a key value as a row gives it (text, number, base64 of binary) is the stored one. */
    private static boolean same(Object given, AttributeValue stored) {
        if (stored == null) {
            return false;
        }
        if (given instanceof java.math.BigDecimal number) {
            return stored.n() != null && new java.math.BigDecimal(stored.n()).compareTo(number) == 0;
        }
        return given instanceof String text && (text.equals(stored.s())
                || stored.b() != null && text.equals(DynamoDbJsonValues.base64(stored.b().asByteArray())));
    }

    /** The primary key of a stored item, as text: {@code pk=USER#alice, sk=POST#P1}. */
    String keyText(Map<String, AttributeValue> item) {
        String pk = table.schema().partitionKeyAttribute();
        StringBuilder text = new StringBuilder(pk).append('=').append(scalar(item.get(pk)));
        table.schema().sortKeyAttribute().ifPresent(sk -> text.append(", ").append(sk).append('=').append(scalar(item.get(sk))));
        return text.toString();
    }

    private static String scalar(AttributeValue value) {
        if (value == null) {
            return "(none)";
        }
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return value.n();
        }
        return value.b() == null ? value.toString() : DynamoDbJsonValues.base64(value.b().asByteArray());
    }
}
