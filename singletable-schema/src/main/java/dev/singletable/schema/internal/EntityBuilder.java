package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.Declaration;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.KeyTemplate;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.SingleTableException;
import dev.singletable.ValidationException;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.AttributeDefinition.IdGenerator;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaError.Kind;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * An entity of {@code entities:} to the core's entity schema: its attributes, keys, index keys and conditions,
 * roles, checks before writes and item factory.
 */
final class EntityBuilder extends DesignSection {
    private final AttributeTypeBuilder types;
    private final EntityKeyChecks keys;
    private final ConditionBuilder conditionBuilder;
    private final EmptySets emptySets;

    EntityBuilder(SchemaDocument document, DesignProblems problems, AttributeTypeBuilder types, EntityKeyChecks keys,
                  ConditionBuilder conditionBuilder, EmptySets emptySets) {
        super(document, problems);
        this.types = types;
        this.keys = keys;
        this.conditionBuilder = conditionBuilder;
        this.emptySets = emptySets;
    }

    /**
     * The entity's schema; with {@code upperBound}, an index conditioned on a Java method takes every item whose key
     * slots have values (for the design tools composing items), else such an index refuses to decide (for writes).
     */
    Optional<EntitySchema<DynamicItem>> entity(String name, EntityDefinition entity, boolean upperBound) {
        String at = "/entities/" + LocatedTree.segment(name);
        int before = problems.size();
        volumeFits(at, entity);
        Map<String, Attribute<DynamicItem, ?>> attributes = attributes(name, at, entity);
        keys.keyTemplatesFit(name, entity);
        Set<String> placed = new HashSet<>();
        problems.subList(before, problems.size()).forEach(p -> placed.add(p.pointer()));
        keys.probeTemplates(name, entity, List.copyOf(attributes.values())).stream()
                .filter(p -> !placed.contains(p.pointer())).forEach(problems::add);
        Map<String, Predicate<DynamicItem>> conditions = new LinkedHashMap<>();
        entity.indexes().forEach((indexName, key) -> key.when().flatMap(w -> conditionBuilder.indexPredicate(at + "/indexes/"
                + LocatedTree.segment(indexName) + "/when", w, entity, new ConditionBuilder.IndexOf(name, indexName, slots(entity, key)),
                upperBound)).ifPresent(p -> conditions.put(indexName, p)));
        if (problems.size() > before) {
            return Optional.empty();
        }
        EntitySchema.Builder<DynamicItem> builder = EntitySchema.builder(DynamicItem.class).declaredWith(Declaration.SCHEMA_FILE);
        problems.core(Kind.SCHEMA_DEFINITION, at, () -> builder.type(name));
        problems.core(Kind.INVALID_VALUE, at, () -> builder.volume(entity.volume().toVolume()));
        attributes.values().forEach(builder::attribute);
        keys(builder, at, entity, conditions);
        entity.attributes().forEach((attributeName, attribute) -> maintained(builder, name, at, attributeName, attribute,
                attributes.get(attributeName)));
        if (emptySets.holdsSets(entity.attributes(), new HashSet<>())) {
            builder.beforeWrite(item -> {
                emptySets.refuseEmptySets(name, item, entity.attributes());
                return item;
            });
        }
        factory(builder, name, entity, List.copyOf(attributes.values()));
        if (problems.size() > before) {
            return Optional.empty();
        }
        try {
            return Optional.of(builder.build());
        } catch (SingleTableException e) {
            problems.add(Kind.SCHEMA_DEFINITION, where(at, entity, e), e.getMessage()); // the whole message: it names the entity and the role or attribute refused
            return Optional.empty();
        }
    }

    /** The write rates and the partition key values against the entity's count. */
    private void volumeFits(String at, EntityDefinition entity) {
        entity.volume().writes().ifPresent(writes -> problems.rates(at + "/writes", writes));
        entity.volume().count().ifPresent(count -> entity.volume().partitionKeyValues().filter(values -> values > Math.max(1, count))
                .ifPresent(values -> problems.add(Kind.INVALID_VALUE, at + "/partitionKeyValues", "partitionKeyValues " + values
                        + " is more than the entity's count " + count + "; each item has one partition key: give at most " + count)));
    }

    /** The entity's attributes the core accepts, by name; a problem for each it refuses and each generator on a wrong type. */
    private Map<String, Attribute<DynamicItem, ?>> attributes(String name, String at, EntityDefinition entity) {
        Map<String, Attribute<DynamicItem, ?>> attributes = new LinkedHashMap<>();
        entity.attributes().forEach((attributeName, attribute) -> {
            Optional<String> notTtl = document.table().timeToLiveAttribute().equals(Optional.of(attributeName))
                    ? timeToLiveWrongKind(name, attributeName, attribute.type()) : Optional.empty();
            if (notTtl.isPresent()) {
                problems.add(Kind.INVALID_VALUE, at + "/attributes/" + LocatedTree.segment(attributeName) + "/type", notTtl.get());
                return;
            }
            types.attribute(at + "/attributes/" + LocatedTree.segment(attributeName), attributeName, attribute)
                    .ifPresent(a -> attributes.put(attributeName, a));
            attribute.generated().ifPresent(generator -> {
                boolean fits = attribute.type() == AttributeKind.STRING || generator == IdGenerator.UUID && attribute.type() == AttributeKind.UUID;
                if (!fits) {
                    problems.add(Kind.SCHEMA_DEFINITION, at + "/attributes/" + LocatedTree.segment(attributeName) + "/generated",
                            "generated: " + generator.name().toLowerCase(java.util.Locale.ROOT) + " fills " + (generator == IdGenerator.ULID
                                    ? "string attributes" : "string or uuid attributes") + ", not " + attribute.type().fileName());
                }
            });
        });
        return attributes;
    }

    /** The registry's TTL rule in the schema file's words: the message when the TTL attribute cannot be of this type, else empty. */
    private static Optional<String> timeToLiveWrongKind(String entity, String attribute, AttributeKind type) {
        if (dev.singletable.internal.kinds.Kind.ofFileName(type.fileName())
                .filter(dev.singletable.internal.kinds.Kind::timeToLive).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(dev.singletable.internal.kinds.Kind.timeToLiveWrongKind(entity, attribute, "type " + type.fileName(),
                "use type: " + dev.singletable.internal.kinds.Kind.timeToLiveKinds(k -> k.fileName().orElseThrow())));
    }

    /** The primary key and the index keys, each index's with its condition when it has one. */
    private void keys(EntitySchema.Builder<DynamicItem> builder, String at, EntityDefinition entity,
                      Map<String, Predicate<DynamicItem>> conditions) {
        KeyDefinition keys = entity.keys();
        if (keys.sort().isEmpty()) {
            problems.core(Kind.KEY_TEMPLATE, at + "/keys/pk", () -> builder.primaryKey(keys.partition().get(0)));
        } else {
            problems.core(Kind.KEY_TEMPLATE, at + "/keys", () -> builder.primaryKey(keys.partition().get(0), keys.sort().get(0)));
        }
        entity.indexes().forEach((indexName, key) -> {
            String keyAt = at + "/indexes/" + LocatedTree.segment(indexName);
            boolean local = document.table().index(indexName).map(i -> i.kind() == IndexDefinition.IndexKind.LOCAL).orElse(false);
            // an LSI shares the table's partition key: its entity key may leave pk out, meaning the primary template
            List<String> partition = key.partition().isEmpty() && local ? keys.partition() : key.partition();
            if (partition.isEmpty()) {
                problems.add(Kind.INVALID_STRUCTURE, keyAt, "an index key needs its partition key template: add pk");
                return;
            }
            Optional<Predicate<DynamicItem>> when = Optional.ofNullable(conditions.get(indexName));
            problems.core(Kind.KEY_TEMPLATE, keyAt, () -> {
                IndexKey indexKey = IndexKey.ofAttributes(partition, key.sort());
                if (when.isEmpty()) {
                    return builder.index(indexName, indexKey);
                }
                // the file's condition says what it reads: an update changing none of it (nor the keys) leaves the index be.
                // A Java method may read any attribute (isShipped reads shippedAt), so none is declared, as the processor
                // does: every update is decided on the item it leaves (read first if need be), refused when it has the slots
                ConditionDefinition condition = key.when().orElseThrow();
                if (condition instanceof ConditionDefinition.JavaMethod) {
                    return builder.index(indexName, indexKey, when.get());
                }
                return builder.index(indexName, indexKey, when.get())
                        .indexConditionReads(indexName, ConditionBuilder.attributesRead(condition).toArray(String[]::new));
            });
        });
    }

    /** The entity's attributes an index's key templates are composed from (an LSI's without pk: the primary pk's too). */
    private static List<String> slots(EntityDefinition entity, KeyDefinition key) {
        Set<String> slots = new java.util.LinkedHashSet<>();
        List<String> templates = new java.util.ArrayList<>(key.partition().isEmpty() ? entity.keys().partition() : key.partition());
        templates.addAll(key.sort());
        for (String template : templates) {
            try {
                KeyTemplate.parse(template).attributeNames().stream().filter(entity.attributes()::containsKey).forEach(slots::add);
            } catch (RuntimeException unparsed) {
                // a template the key checks refuse, with its problem: no slots to read here
            }
        }
        return List.copyOf(slots);
    }

    /** What the entity maintains on an attribute: its role, its enum values checked and its generated id filled before writes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void maintained(EntitySchema.Builder<DynamicItem> builder, String name, String at, String attributeName,
                            AttributeDefinition attribute, Attribute attributeOfEntity) {
        String attributeAt = at + "/attributes/" + LocatedTree.segment(attributeName);
        attribute.role().ifPresent(role -> {
            switch (role) {
                case VERSION -> problems.core(Kind.SCHEMA_DEFINITION, attributeAt + "/role", () -> builder.version(attributeOfEntity));
                case CREATED_AT -> problems.core(Kind.SCHEMA_DEFINITION, attributeAt + "/role", () -> builder.createdAt(attributeOfEntity));
                case UPDATED_AT -> problems.core(Kind.SCHEMA_DEFINITION, attributeAt + "/role", () -> builder.updatedAt(attributeOfEntity));
                case TIME_TO_LIVE -> {
                    Optional<String> ttl = document.table().timeToLiveAttribute();
                    if (ttl.isEmpty() || !ttl.get().equals(attributeName)) {
                        problems.add(Kind.SCHEMA_DEFINITION, attributeAt + "/role", dev.singletable.internal.kinds.Kind.timeToLiveNotTheTables(
                                name, attributeName, "role timeToLive", document.table().name(), ttl, attributeName, ttl.isEmpty()
                                        ? "add timeToLiveAttribute: " + attributeName + " to the table" : "name this attribute '" + ttl.get() + "'"));
                    }
                }
            }
        });
        if (attribute.type() == AttributeKind.ENUM) {
            builder.beforeWrite(item -> {
                Object value = item.values().get(attributeName);
                if (value != null && !attribute.values().contains(value)) {
                    throw new ValidationException(name + "." + attributeName + ": '" + value + "' is not one of " + attribute.values()
                            + "; use one of them, or add it to the attribute's values in the schema file");
                }
                return item;
            });
        }
        attribute.generated().ifPresent(generator -> builder.beforeWrite(item -> item.has(attributeName) ? item
                : item.with(attributeName, generated(generator, attribute.type()))));
    }

    /** The attribute bag, when the entity keeps one, and the factory reading items back with exactly the attributes stored. */
    private static void factory(EntitySchema.Builder<DynamicItem> builder, String name, EntityDefinition entity,
                                List<Attribute<DynamicItem, ?>> ordered) {
        if (entity.attributeBag()) {
            builder.attributeBag(DynamicItem::unmappedAttributes);
        }
        boolean bag = entity.attributeBag();
        builder.factory(reader -> {
            DynamicItem.Builder item = DynamicItem.builder(name);
            ordered.forEach(attribute -> AttributeTypeBuilder.readInto(item, reader, attribute));
            if (bag) {
                item.unmappedAttributes(reader.unmappedAttributes());
            }
            return item.build();
        });
    }

    private static Object generated(IdGenerator generator, AttributeKind kind) {
        if (generator == IdGenerator.ULID) {
            return com.github.f4b6a3.ulid.UlidCreator.getMonotonicUlid().toString();
        }
        UUID uuid = UUID.randomUUID();
        return kind == AttributeKind.UUID ? uuid : uuid.toString();
    }

    /**
     * Where a failure of the entity's build points: at the attribute whose declaration the core refuses (a role it cannot
     * take), else at the entity. A template's failure never gets here: {@link EntityKeyChecks#probeTemplates} reports each at its template
     * before the entity is built.
     */
    private static String where(String at, EntityDefinition entity, SingleTableException e) {
        return (e instanceof SchemaDefinitionException definition ? definition.attribute() : Optional.<String>empty())
                .filter(entity.attributes()::containsKey).map(a -> at + "/attributes/" + LocatedTree.segment(a)).orElse(at);
    }
}
