package dev.singletable.internal;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.IndefiniteArticle;
import dev.singletable.IndexKey;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyType;
import dev.singletable.Relation;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.internal.kinds.Kind;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checks {@code TableSchema.Builder.build()} runs on what is declared: DynamoDB's limits on indexes, the ends of
 * relations, one type per key attribute, and each entity's keys against the table's indexes (their shape, the types
 * they store, attributes that would collide with a key, the entity-type or the TTL attribute).
 */
final class TableSchemaChecks {
    private final String name;
    private final KeyAttribute partitionKey;
    private final KeyAttribute sortKey;

    private TableSchemaChecks(String name, KeyAttribute partitionKey, Optional<KeyAttribute> sortKey) {
        this.name = name;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey.orElse(null);
    }

    /** The indexes as declared (an LSI before it takes the table's partition key): at most 20 GSIs, 5 LSIs, 100 INCLUDE attributes. */
    static void checkIndexes(String table, KeyAttribute partitionKey, Optional<KeyAttribute> sortKey, Collection<IndexSchema> declared) {
        new TableSchemaChecks(table, partitionKey, sortKey).checkIndexes(declared);
    }

    /** A relation's two ends are the table's own entity types, neither keyed by its state. */
    static void checkRelation(String table, Relation<?, ?> relation, Map<String, EntitySchema<?>> entities,
                              List<EntityStates<?>> states) {
        for (EntitySchema<?> end : List.of(relation.first(), relation.second())) {
            if (entities.get(end.type()) != end) {
                throw new SchemaDefinitionException("Table " + table + ": relation " + relation.name() + " names entity type "
                        + end.type() + ", which is not " + (entities.containsKey(end.type()) ? "the table's " + end.type()
                        + " (another schema of that name)" : "in the table") + "; add it with entities(...) (entities are "
                        + entities.keySet() + ")");
            }
            for (EntityStates<?> stated : states) {
                if (stated.states().contains(end)) {
                    throw new SchemaDefinitionException(relationOnState(table, relation.name(), end == relation.first() ? "first"
                            : "second", end.type(), stated));
                }
            }
        }
    }

    /**
     * Why a relation cannot have a side whose keys depend on its state: the same text for the builder, schema files
     * and the processor.
     */
    private static String relationOnState(String table, String relation, String side, String type, EntityStates<?> states) {
        List<String> picks = new ArrayList<>();
        states.byValue().forEach((value, state) -> picks.add(value + " -> " + state.type()));
        return "Table " + table + ": relation " + relation + " has " + type + " as its " + side + " side, but " + type
                + " is a state of " + states.entityName() + ", whose keys depend on '" + states.attribute().name() + "' ("
                + String.join(", ", picks) + "): when the state changes the item moves to another key, and the relation's "
                + "adjacency items and related(...) reads would still name the old one. Relations between state-keyed "
                + "entities are not supported; relate an entity with fixed keys instead (give " + states.entityName()
                + " one primary key and put the state in a sparse index key, or relate an entity that holds its id)";
    }

    /** The key attributes of the built schema (one type each) and every entity's keys and attributes against them. */
    static void checkKeys(TableSchema schema) {
        new TableSchemaChecks(schema.name(), schema.partitionKey(), schema.sortKey()).checkKeys(schema, schema.entities(),
                schema.states());
    }

    private void checkKeys(TableSchema schema, List<EntitySchema<?>> entities, List<EntityStates<?>> states) {
        Map<String, KeyType> keyTypes = new LinkedHashMap<>();
        Map<String, String> keyUses = new LinkedHashMap<>();
        keyUse(keyTypes, keyUses, partitionKey, "the table's partition key");
        if (sortKey != null) {
            keyUse(keyTypes, keyUses, sortKey, "the table's sort key");
        }
        for (IndexSchema index : schema.indexes()) {
            for (KeyAttribute attribute : index.partitionKey()) {
                keyUse(keyTypes, keyUses, attribute, "index " + index.name() + "'s partition key");
            }
            for (KeyAttribute attribute : index.sortKey()) {
                keyUse(keyTypes, keyUses, attribute, "index " + index.name() + "'s sort key");
            }
        }
        String entityTypeAttribute = schema.entityTypeAttribute();
        if (keyTypes.containsKey(entityTypeAttribute)) {
            throw new SchemaDefinitionException("Table " + name + ": attribute '" + entityTypeAttribute + "' would hold both "
                    + keyUses.get(entityTypeAttribute) + " and the entity type; give each its own attribute");
        }
        List<Class<?>> classes = new ArrayList<>();
        Map<String, String> storedBy = new LinkedHashMap<>();
        for (EntitySchema<?> entity : entities) {
            if (entity.javaType() != DynamicItem.class && classes.contains(entity.javaType())
                    && states.stream().noneMatch(s -> s.states().contains(entity))) {
                throw new SchemaDefinitionException("Table " + name + ": two entity types map class "
                        + entity.javaType().getName() + "; each Java type belongs to one entity type");
            }
            classes.add(entity.javaType());
            checkEntity(schema, entity, keyTypes, keyUses, storedBy);
        }
    }

    private void checkIndexes(Collection<IndexSchema> declared) {
        int globals = 0;
        int locals = 0;
        int included = 0;
        for (IndexSchema index : declared) {
            included += index.projection().nonKeyAttributes().size();
            if (index.kind() == IndexKind.GLOBAL) {
                globals++;
                continue;
            }
            locals++;
            if (sortKey == null) {
                throw new SchemaDefinitionException("Table " + name + ": LSI '" + index.name() + "' needs a table with a sort key, "
                        + "as DynamoDB allows LSIs only there; give the table a sort key or make the index global");
            }
            if (!index.partitionKey().isEmpty() && !index.partitionKey().get(0).equals(partitionKey)) {
                throw new SchemaDefinitionException("Table " + name + ": LSI '" + index.name() + "' has partition key "
                        + index.partitionKey().get(0) + ", but an LSI has the table's partition key " + partitionKey
                        + "; leave partitionKey(...) out of the LSI, or make it a GSI (IndexSchema.global)");
            }
            if (index.sortKey().get(0).name().equals(sortKey.name())) {
                throw new SchemaDefinitionException("Table " + name + ": LSI '" + index.name() + "' has the table's own sort key '"
                        + sortKey.name() + "', which gives the table's order again; give it another sort key attribute");
            }
        }
        if (globals > 20) {
            throw new SchemaDefinitionException("Table " + name + " declares " + globals + " GSIs; DynamoDB allows 20 per table: "
                    + "remove " + (globals - 20) + ", or overload one index with several entities' keys (GSI1PK/GSI1SK)");
        }
        if (locals > 5) {
            throw new SchemaDefinitionException("Table " + name + " declares " + locals + " LSIs; DynamoDB allows 5 per table: "
                    + "remove " + (locals - 5) + ", or make some of them GSIs");
        }
        if (included > 100) {
            throw new SchemaDefinitionException("Table " + name + ": the INCLUDE projections of its indexes name " + included
                    + " attributes in all; DynamoDB allows 100 summed over every index (an attribute in two indexes counts "
                    + "twice): project fewer, or project ALL on the indexes that need most");
        }
    }

    private void keyUse(Map<String, KeyType> types, Map<String, String> uses, KeyAttribute attribute, String use) {
        KeyType previous = types.putIfAbsent(attribute.name(), attribute.type());
        if (previous != null && previous != attribute.type()) {
            throw new SchemaDefinitionException("Table " + name + ": key attribute '" + attribute.name() + "' is " + previous
                    + " as " + uses.get(attribute.name()) + " but " + attribute.type() + " as " + use
                    + "; an attribute has one type in DynamoDB: declare the same type for both");
        }
        uses.merge(attribute.name(), use, (a, b) -> a + " and " + b);
    }

    private void checkEntity(TableSchema schema, EntitySchema<?> entity, Map<String, KeyType> keyTypes, Map<String, String> keyUses,
                             Map<String, String> storedBy) {
        checkAttributeNames(schema, entity);
        // every key attribute this entity writes, and whether it is the entity's own attribute there
        Map<String, Boolean> ownKeys = new LinkedHashMap<>();
        List<KeyAttribute> primarySort = sortKey == null ? List.of() : List.of(sortKey);
        checkKeyShape(entity, "primary key", entity.primaryKey(), List.of(partitionKey), primarySort);
        Map<String, KeyTemplate> primaryTemplates = new LinkedHashMap<>();
        primaryTemplates.put(partitionKey.name(), entity.primaryKey().partition());
        if (sortKey != null) {
            primaryTemplates.put(sortKey.name(), entity.primaryKey().sort().orElseThrow());
        }
        for (Map.Entry<String, KeyTemplate> part : primaryTemplates.entrySet()) {
            checkPart(entity, "the table", part.getKey(), keyTypes.get(part.getKey()), part.getValue(), ownKeys, storedBy);
        }
        for (Map.Entry<String, IndexKey> entry : entity.indexKeys().entrySet()) {
            checkIndexKey(schema, entity, entry.getKey(), entry.getValue(), primaryTemplates, ownKeys, storedBy);
        }
        for (Attribute<?, ?> attribute : entity.attributes()) {
            String use = keyUses.get(attribute.name());
            if (use != null && !Boolean.TRUE.equals(ownKeys.get(attribute.name()))) {
                throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                        + "' collides with the attribute holding " + use + " in table " + name
                        + "; rename the entity attribute, or make it the key itself with the template '{" + attribute.name()
                        + "}' on " + (use.startsWith("the table") ? "the primary key" : "that index"));
            }
        }
    }

    /** The entity's attribute names against the table's entity-type and TTL attributes. */
    private void checkAttributeNames(TableSchema schema, EntitySchema<?> entity) {
        String timeToLiveAttribute = schema.timeToLiveAttribute().orElse(null);
        for (Attribute<?, ?> attribute : entity.attributes()) {
            if (attribute.name().equals(schema.entityTypeAttribute())) {
                throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                        + "' collides with the attribute holding the entity type in table " + name
                        + "; rename the entity attribute");
            }
            if (attribute.name().equals(timeToLiveAttribute) && !Kind.of(attribute.type()).filter(Kind::timeToLive).isPresent()) {
                throw new SchemaDefinitionException(Kind.timeToLiveWrongKind(entity.type(), attribute.name(),
                        "type " + attribute.type().typeName(), "declare it with AttributeTypes." + Kind.timeToLiveKinds(Kind::name)
                                + " (EPOCH_SECONDS for an Instant)"));
            }
        }
    }

    /** The entity's key on one index: a declared index, of its shape, reusing the primary templates on the table's key attributes. */
    private void checkIndexKey(TableSchema schema, EntitySchema<?> entity, String indexName, IndexKey key,
                               Map<String, KeyTemplate> primaryTemplates, Map<String, Boolean> ownKeys, Map<String, String> storedBy) {
        Optional<IndexSchema> declared = schema.index(indexName);
        if (declared.isEmpty()) {
            List<IndexSchema> indexes = schema.indexes();
            throw new SchemaDefinitionException(entity.type() + ": index '" + indexName + "' is not an index of table "
                    + name + "; " + (indexes.isEmpty() ? "it has no secondary indexes"
                    : "its indexes are " + indexes.stream().map(IndexSchema::name).toList()));
        }
        IndexSchema index = declared.get();
        checkKeyShape(entity, "index " + index.name(), key, index.partitionKey(), index.sortKey());
        List<KeyAttribute> attributes = index.keyAttributes();
        List<KeyTemplate> templates = key.templates();
        for (int i = 0; i < attributes.size(); i++) {
            KeyAttribute attribute = attributes.get(i);
            KeyTemplate template = templates.get(i);
            KeyTemplate primary = primaryTemplates.get(attribute.name());
            if (primary != null) {
                if (!primary.equals(template)) {
                    throw new SchemaDefinitionException(entity.type() + ": index " + index.name() + " of table " + name
                            + " keys on the table's key attribute '" + attribute.name() + "', which holds the entity's "
                            + "primary key template '" + primary.text() + "'; its template on the index is '"
                            + template.text() + "': give the index the same template, '" + primary.text() + "'");
                }
                continue;
            }
            checkPart(entity, "index " + index.name(), attribute.name(), attribute.type(), template, ownKeys, storedBy);
        }
    }

    /** One key attribute an entity fills with one template: typed keys take one slot, an own attribute is the key itself. */
    private void checkPart(EntitySchema<?> entity, String where, String keyAttribute, KeyType type, KeyTemplate template,
                           Map<String, Boolean> ownKeys, Map<String, String> storedBy) {
        boolean single = template.slots().size() == 1 && template.literals().get(0).isEmpty()
                && template.literals().get(1).isEmpty() && template.slots().get(0).format().isEmpty();
        String place = entity.type() + ": " + where + " of table " + name + ", key attribute '" + keyAttribute + "' (" + type + ")";
        if (type != KeyType.S && !single) {
            throw new SchemaDefinitionException(place + ": template '" + template.text() + "' has literal text or a format; a "
                    + (type == KeyType.N ? "number" : "binary") + " key stores one attribute's value, so its template is exactly "
                    + "one slot such as '{" + (template.slots().isEmpty() ? "score" : template.slots().get(0).attribute())
                    + "}' (or declare the key attribute a string, KeyAttribute.string(\"" + keyAttribute + "\"))");
        }
        Attribute<?, ?> slot = single ? entity.attribute(template.slots().get(0).attribute()).orElseThrow() : null;
        boolean own = single && slot.name().equals(keyAttribute);
        if (single && (type != KeyType.S || own)) {
            Optional<KeyType> stored = storedKeyType(slot.type());
            if (stored.isPresent() && stored.get() != type) {
                String other = storedBy.get(keyAttribute);
                throw new SchemaDefinitionException(place + ": template '" + template.text() + "' stores attribute '"
                        + slot.name() + "', " + IndefiniteArticle.before(slot.type().typeName()) + ", as " + stored.get() + (other == null ? ""
                        : ", while " + other + " stores it as " + type) + "; DynamoDB refuses " + IndefiniteArticle.before(stored.get().name())
                        + " value in " + IndefiniteArticle.before(type.name()) + " key: declare the key attribute " + stored.get()
                        + " or give the attribute a type stored as " + type);
            }
        }
        if (single && type == KeyType.S && !own && storedKeyType(slot.type()).filter(t -> t == KeyType.B).isPresent()) {
            throw new SchemaDefinitionException(place + ": attribute '" + slot.name() + "' is " + IndefiniteArticle.before(slot.type().typeName())
                    + ", which cannot be key text; declare the key attribute binary (KeyAttribute.binary(\"" + keyAttribute + "\"))");
        }
        storedBy.putIfAbsent(keyAttribute, entity.type() + " (" + where + ")");
        ownKeys.merge(keyAttribute, own, Boolean::logicalAnd);
    }

    /** The key type a built-in attribute type stores as; empty for types singletable cannot tell (checked on each write). */
    private static Optional<KeyType> storedKeyType(AttributeType<?> type) {
        if (type == AttributeTypes.INTEGER || type == AttributeTypes.LONG || type == AttributeTypes.BIG_INTEGER
                || type == AttributeTypes.DECIMAL || type == AttributeTypes.EPOCH_SECONDS) {
            return Optional.of(KeyType.N);
        }
        if (type == AttributeTypes.BYTES) {
            return Optional.of(KeyType.B);
        }
        if (type == AttributeTypes.STRING || type == AttributeTypes.INSTANT || type == AttributeTypes.LOCAL_DATE
                || type == AttributeTypes.UUID) {
            return Optional.of(KeyType.S);
        }
        return Optional.empty();
    }

    private void checkKeyShape(EntitySchema<?> entity, String where, IndexKey key, List<KeyAttribute> partition,
                               List<KeyAttribute> sort) {
        boolean hasSortKey = !sort.isEmpty();
        if (hasSortKey && key.sort().isEmpty()) {
            throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name
                    + " has a sort key, but the entity gives only a partition key template; add a sort key template");
        }
        if (!hasSortKey && key.sort().isPresent()) {
            throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name
                    + " has no sort key, but the entity gives sort key template '" + key.sort().get().text() + "'");
        }
        if (key.partitionTemplates().size() != partition.size() || key.sortTemplates().size() != sort.size()) {
            throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name + " has "
                    + partition.size() + " partition key attribute(s) " + names(partition) + " and " + sort.size()
                    + " sort key attribute(s) " + names(sort) + ", but the entity gives " + key.partitionTemplates().size()
                    + " and " + key.sortTemplates().size() + " templates (" + key + "); give one template per key attribute "
                    + "(IndexKey.ofAttributes(...))");
        }
    }

    private static List<String> names(List<KeyAttribute> attributes) {
        return attributes.stream().map(KeyAttribute::name).toList();
    }
}
