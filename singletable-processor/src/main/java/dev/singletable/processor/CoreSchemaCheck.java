package dev.singletable.processor;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.Relation;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * Builds a stand-in of the entity with the core's own {@link EntitySchema.Builder}, so that every rule the core
 * checks when a schema is built (slot formats against slot types, sort-key delimiters, keys of maintained
 * attributes, one key per index, ...) is a compile error with the core's own message, from one set of rules.
 * The stand-in has the entity's stored attribute names and storage types; its values are never read.
 */
final class CoreSchemaCheck {
    private CoreSchemaCheck() {
    }

    /**
     * The core's message when it refuses the entity, or empty. Empty too when the core on the processor path cannot
     * be run (its SDK classes missing): the schema is then still checked when it is first used.
     */
    static Optional<String> refusal(String typeName, String javaName, List<Property> properties, String partition, String sort,
                                    List<IndexModel> indexes) {
        try {
            standIn(Object.class, typeName, javaName, properties, partition, sort, indexes);
            return Optional.empty();
        } catch (SchemaDefinitionException e) {
            return Optional.of(e.getMessage());
        } catch (LinkageError | java.util.ServiceConfigurationError e) {
            // core runs only when its SDK classes are on the processor path too; without them the mistake fails at first use
            return Optional.empty();
        }
    }

    /** The table of {@code facts} (keys, indexes, entity-type attribute, time to live, stream) before its entities. */
    static TableSchema.Builder tableBuilder(TableFacts facts) {
        TableSchema.Builder table = TableSchema.builder(facts.name()).partitionKey(key(facts.partitionKey()));
        if (facts.hasSortKey()) {
            table.sortKey(key(facts.sortKey()));
        } else {
            table.noSortKey();
        }
        for (TableFacts.IndexFacts index : facts.indexes()) {
            IndexSchema.Builder builder = index.local() ? IndexSchema.local(index.name()) : IndexSchema.global(index.name());
            if (!index.partitionKey().isEmpty()) {
                builder.partitionKey(index.partitionKey().stream().map(CoreSchemaCheck::key).toArray(KeyAttribute[]::new));
            }
            if (!index.sortKey().isEmpty()) {
                builder.sortKey(index.sortKey().stream().map(CoreSchemaCheck::key).toArray(KeyAttribute[]::new));
            }
            table.index(builder.projection(switch (index.projection()) {
                case "KEYS_ONLY" -> Projection.keysOnly();
                case "INCLUDE" -> Projection.include(index.include().toArray(String[]::new));
                default -> Projection.all();
            }).build());
        }
        table.entityTypeAttribute(facts.entityTypeAttribute());
        if (!facts.timeToLiveAttribute().isEmpty()) {
            table.timeToLiveAttribute(facts.timeToLiveAttribute());
        }
        if (!facts.stream().isEmpty()) {
            table.stream(software.amazon.awssdk.services.dynamodb.model.StreamViewType.valueOf(facts.stream()));
        }
        return table;
    }

    /**
     * The core's message when it refuses the table of a {@code @TableDesign} holding these entities (an index an entity
     * names that the table lacks, literal text on a number key, an LSI without a table sort key, too many indexes...),
     * or empty. The table is built with the same builder calls the generated {@code SCHEMA} makes.
     */
    static Optional<String> tableRefusal(TableFacts facts, List<EntityModel> entities) {
        return tableRefusal(facts, entities, List.of());
    }

    /**
     * As {@link #tableRefusal(TableFacts, List)}, with the table's relations built by the core's {@link Relation.Builder}
     * on the entities' stand-ins and added to the table, so that a relation's mistakes (a side without a slot for the
     * other entity's key, a copied key attribute, an item type whose keys another entity can write...) are compile errors
     * with the core's own message.
     */
    static Optional<String> tableRefusal(TableFacts facts, List<EntityModel> entities, List<RelationFacts> relations) {
        try {
            TableSchema.Builder table = tableBuilder(facts);
            Map<EntityModel, EntitySchema<DynamicItem>> standIns = new HashMap<>();
            for (EntityModel entity : entities) {
                if (entity.states().isPresent()) {
                    table.states(standInStates(entity, entity.states().get()));
                    continue;
                }
                // DynamicItem: the stand-ins share one Java type, which the table allows only for dynamic entities
                EntitySchema<DynamicItem> standIn = standIn(DynamicItem.class, entity.typeName(), entity.element().getSimpleName().toString(),
                        entity.properties(), entity.partitionTemplate(), entity.sortTemplate(), entity.indexes());
                standIns.put(entity, standIn);
                table.entity(standIn);
            }
            for (RelationFacts relation : relations) {
                table.relation(relation(relation, standIns.get(relation.first()), standIns.get(relation.second())));
            }
            table.build();
            return Optional.empty();
        } catch (SchemaDefinitionException e) {
            return Optional.of(e.getMessage());
        } catch (LinkageError | java.util.ServiceConfigurationError e) {
            return Optional.empty();
        }
    }

    private static Relation<DynamicItem, DynamicItem> relation(RelationFacts facts, EntitySchema<DynamicItem> first,
                                                               EntitySchema<DynamicItem> second) {
        Relation.Builder<DynamicItem, DynamicItem> builder = Relation.between(facts.name(), first, second)
                .firstSide(facts.firstPk(), facts.firstSk())
                .secondSide(facts.secondPk(), facts.secondSk());
        if (!facts.itemTypes().isEmpty()) {
            builder.itemTypes(facts.itemTypes().get(0), facts.itemTypes().get(1));
        }
        for (Property property : facts.copyFromFirst()) {
            builder.copyFromFirst(first.attribute(property.attributeName()).orElseThrow());
        }
        for (Property property : facts.copyFromSecond()) {
            builder.copyFromSecond(second.attribute(property.attributeName()).orElseThrow());
        }
        if (facts.propagateCopies()) {
            builder.propagateCopies();
        }
        for (RelationFacts.EdgeFacts edge : facts.edges()) {
            builder.edge(edge.required() ? Relation.requiredEdgeAttribute(edge.name(), edge.type())
                    : Relation.edgeAttribute(edge.name(), edge.type()));
        }
        return builder.build();
    }

    /** The states of an entity as stand-ins, each built as an entity would be, picked by the state attribute's values as text. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static dev.singletable.EntityStates<DynamicItem> standInStates(EntityModel entity, EntityModel.StatesModel states) {
        String javaName = entity.element().getSimpleName().toString();
        String stateAttribute = states.attribute().attributeName();
        List<String> values = states.states().stream().map(EntityModel.StateModel::value).toList();
        Attribute<DynamicItem, String> attribute = Attribute.required(stateAttribute, AttributeTypes.STRING, item -> null);
        dev.singletable.EntityStates.Builder<DynamicItem, String> builder = dev.singletable.EntityStates.byValues(attribute, values,
                () -> EntitySchema.builder(DynamicItem.class)).entityName(javaName);
        java.util.Map<String, EntitySchema<DynamicItem>> byType = new java.util.LinkedHashMap<>();
        for (EntityModel.StateModel state : states.states()) {
            EntitySchema<DynamicItem> built = byType.computeIfAbsent(state.type(), type -> {
                List<Property> others = entity.properties().stream().filter(p -> !p.attributeName().equals(stateAttribute)).toList();
                EntitySchema<DynamicItem> standIn = standIn(DynamicItem.class, type, javaName, others, state.partition(), state.sort(),
                        state.indexes(), List.of(attribute));
                return standIn;
            });
            builder.state(state.value(), built);
        }
        return builder.build();
    }

    static KeyAttribute key(TableFacts.KeyFacts key) {
        return switch (key.type()) {
            case "N" -> KeyAttribute.number(key.name());
            case "B" -> KeyAttribute.binary(key.name());
            default -> KeyAttribute.string(key.name());
        };
    }

    private static <T> EntitySchema<T> standIn(Class<T> javaType, String typeName, String javaName, List<Property> properties,
                                               String partition, String sort, List<IndexModel> indexes) {
        return standIn(javaType, typeName, javaName, properties, partition, sort, indexes, List.of());
    }

    private static <T> EntitySchema<T> standIn(Class<T> javaType, String typeName, String javaName, List<Property> properties,
                                               String partition, String sort, List<IndexModel> indexes, List<Attribute<T, ?>> more) {
        return standIn(javaType, typeName, javaName, properties, partition, sort, indexes, more, false);
    }

    /** The entity's stand-in; with {@code required}, its required attributes are required ones, for projection checks. */
    static <T> EntitySchema<T> standIn(Class<T> javaType, String typeName, String javaName, List<Property> properties,
                                       String partition, String sort, List<IndexModel> indexes, List<Attribute<T, ?>> more,
                                       boolean required) {
        EntitySchema.Builder<T> builder = EntitySchema.builder(javaType).type(javaName);
        for (Attribute<T, ?> attribute : more) {
            builder.attribute(attribute);
        }
        if (!typeName.equals(javaName)) {
            builder.type(typeName);
        }
        for (Property property : properties) {
            if (!property.mapped()) {
                continue;
            }
            Attribute<T, ?> attribute = required && property.required()
                    ? Attribute.required(property.attributeName(), PropertyTypes.type(property.typeCode()), entity -> null)
                    : Attribute.of(property.attributeName(), PropertyTypes.type(property.typeCode()), entity -> null);
            builder.attribute(attribute);
            maintain(builder, property.maintainedAs(), attribute);
        }
        if (sort == null) {
            builder.primaryKey(partition);
        } else {
            builder.primaryKey(partition, sort);
        }
        for (IndexModel index : indexes) {
            if (index.multiAttribute()) {
                builder.index(index.name(), IndexKey.ofAttributes(index.partitions(), index.sorts()));
            } else if (index.sort() == null) {
                builder.index(index.name(), index.partition());
            } else {
                builder.index(index.name(), index.partition(), index.sort());
            }
        }
        return builder.factory(item -> null).build();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T> void maintain(EntitySchema.Builder<T> builder, String role, Attribute<T, ?> attribute) {
        if (role == null) {
            return;
        }
        switch (role) {
            case "version" -> builder.version((Attribute) attribute);
            case "createdAt" -> builder.createdAt((Attribute<T, Instant>) attribute);
            case "updatedAt" -> builder.updatedAt((Attribute<T, Instant>) attribute);
            default -> {
            }
        }
    }
}
