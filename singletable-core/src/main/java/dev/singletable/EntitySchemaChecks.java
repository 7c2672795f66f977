package dev.singletable;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The checks {@link EntitySchema.Builder#build()} runs on what is declared, besides the key templates' (bound by the
 * keys package): the parts every entity needs, the maintained attributes (version, createdAt, updatedAt), the
 * attributes sparse indexes' conditions read, and what the factory reads. Package-private beside its one caller, as
 * {@link FactoryReads} is: the builder's public methods stay its only way in.
 */
final class EntitySchemaChecks {
    private EntitySchemaChecks() {
    }

    /** Attributes, primary key and factory are declared: an entity cannot be written or read without any of them. */
    static void checkComplete(String type, Class<?> javaType, Map<String, ?> attributes, IndexKey primaryKey,
                              Function<ItemReader, ?> factory) {
        if (attributes.isEmpty()) {
            throw new SchemaDefinitionException(type + ": declare at least one attribute");
        }
        if (primaryKey == null) {
            throw new SchemaDefinitionException(type + ": declare the primary key templates with primaryKey(...)");
        }
        if (factory == null) {
            throw new SchemaDefinitionException(type + ": declare how to build " + IndefiniteArticle.before(javaType.getSimpleName())
                    + " from an item with factory(item -> new " + javaType.getSimpleName() + "(...))");
        }
    }

    /**
     * Each maintained attribute given is a declared attribute of a type singletable can maintain, and createdAt and
     * updatedAt are not the same attribute.
     */
    static <T> void checkMaintained(String type, Map<String, Attribute<T, ?>> attributes, Attribute<T, ? extends Number> version,
                                    Attribute<T, Instant> createdAt, Attribute<T, Instant> updatedAt) {
        checkMaintained(type, attributes, version, "version", "a Long or Integer attribute",
                version != null && (version.type() == AttributeTypes.LONG || version.type() == AttributeTypes.INTEGER));
        checkMaintained(type, attributes, createdAt, "createdAt", "an Instant attribute (AttributeTypes.INSTANT or EPOCH_SECONDS)",
                createdAt != null && (createdAt.type() == AttributeTypes.INSTANT || createdAt.type() == AttributeTypes.EPOCH_SECONDS));
        checkMaintained(type, attributes, updatedAt, "updatedAt", "an Instant attribute (AttributeTypes.INSTANT or EPOCH_SECONDS)",
                updatedAt != null && (updatedAt.type() == AttributeTypes.INSTANT || updatedAt.type() == AttributeTypes.EPOCH_SECONDS));
        if (createdAt != null && updatedAt != null && createdAt.name().equals(updatedAt.name())) {
            throw SchemaDefinitionException.ofAttribute(createdAt.name(), type + ": createdAt and updatedAt are both '" + createdAt.name()
                    + "'; give them their own attributes");
        }
    }

    private static <T> void checkMaintained(String type, Map<String, Attribute<T, ?>> attributes, Attribute<T, ?> attribute, String role,
                                            String expected, boolean typeFits) {
        if (attribute == null) {
            return;
        }
        if (attributes.get(attribute.name()) != attribute) {
            throw SchemaDefinitionException.ofAttribute(attribute.name(), type + ": " + role + " attribute '" + attribute.name()
                    + "' is not among the declared attributes; add it with attributes(...)");
        }
        if (!typeFits) {
            throw SchemaDefinitionException.ofAttribute(attribute.name(), type + ": " + role + " attribute '" + attribute.name() + "' is a "
                    + attribute.type().typeName() + "; it must be " + expected);
        }
    }

    /** Each index {@code indexConditionReads} names has a condition, and each attribute it reads is the entity's. */
    static void checkIndexConditionReads(String type, Set<String> attributes, Set<String> conditionedIndexes,
                                         Map<String, Set<String>> indexConditionReads) {
        indexConditionReads.forEach((indexName, reads) -> {
            if (!conditionedIndexes.contains(indexName)) {
                throw new SchemaDefinitionException(type + ": indexConditionReads names index '" + indexName + "', which has no "
                        + "condition; declare it with index(\"" + indexName + "\", ..., condition), or leave indexConditionReads out");
            }
            for (String read : reads) {
                if (!attributes.contains(read)) {
                    throw SchemaDefinitionException.ofAttribute(read, type + ": the condition of index " + indexName + " reads '" + read
                            + "', which is not one of " + type + "'s attributes " + List.copyOf(attributes));
                }
            }
        });
    }

    /** The factory reads no attribute the entity does not declare: one it never writes is declared read-only. */
    static void checkFactoryReads(String type, Function<ItemReader, ?> factory, Set<String> attributes, Set<String> readOnly) {
        for (String name : readOnly) {
            if (attributes.contains(name)) {
                throw SchemaDefinitionException.ofAttribute(name, type + ": attribute '" + name + "' is declared both with attributes(...), "
                        + "which writes it, and readOnlyAttributes(...), which never does; keep it in one of them");
            }
        }
        FactoryReads.check(type, factory, attributes, readOnly);
    }
}
