package dev.singletable.processor;

import dev.singletable.Attribute;
import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Builds a stand-in of the entity with the core's own {@link EntitySchema.Builder}, so that every rule the core
 * checks when a schema is built (slot formats against slot types, sort-key delimiters, keys of maintained
 * attributes, one key per index, ...) is a compile error with the core's own message, from one set of rules.
 * The stand-in has the entity's stored attribute names and storage types; its values are never read.
 */
final class CoreSchemaCheck {
    /** Stands in for the entity's enums: the core's rules for enum slots do not depend on the constants. */
    private enum AnyEnum { CONSTANT }

    private CoreSchemaCheck() {
    }

    /**
     * The core's message when it refuses the entity, or empty. Empty too when the core on the processor path cannot
     * be run (its SDK classes missing): the schema is then still checked when it is first used.
     */
    static Optional<String> refusal(String typeName, String javaName, List<Property> properties, String partition, String sort,
                                    List<IndexModel> indexes) {
        try {
            EntitySchema.Builder<Object> builder = EntitySchema.builder(Object.class).type(javaName);
            if (!typeName.equals(javaName)) {
                builder.type(typeName);
            }
            for (Property property : properties) {
                if (!property.mapped()) {
                    continue;
                }
                Attribute<Object, ?> attribute = Attribute.of(property.attributeName(), type(property.typeCode()), entity -> null);
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
            builder.factory(item -> null).build();
            return Optional.empty();
        } catch (SchemaDefinitionException e) {
            return Optional.of(e.getMessage());
        } catch (LinkageError | java.util.ServiceConfigurationError e) {
            // core runs only when its SDK classes are on the processor path too; without them the mistake fails at first use
            return Optional.empty();
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void maintain(EntitySchema.Builder<Object> builder, String role, Attribute<Object, ?> attribute) {
        if (role == null) {
            return;
        }
        switch (role) {
            case "version" -> builder.version((Attribute) attribute);
            case "createdAt" -> builder.createdAt((Attribute<Object, Instant>) attribute);
            case "updatedAt" -> builder.updatedAt((Attribute<Object, Instant>) attribute);
            default -> {
            }
        }
    }

    /** The core's type for a storage; types that cannot fill key slots stand in for one another. */
    private static AttributeType<?> type(TypeCode code) {
        if (code instanceof TypeCode.Constant constant) {
            return switch (constant.name()) {
                case "STRING" -> AttributeTypes.STRING;
                case "INTEGER" -> AttributeTypes.INTEGER;
                case "LONG" -> AttributeTypes.LONG;
                case "DECIMAL" -> AttributeTypes.DECIMAL;
                case "BIG_INTEGER" -> AttributeTypes.BIG_INTEGER;
                case "BOOLEAN" -> AttributeTypes.BOOLEAN;
                case "INSTANT" -> AttributeTypes.INSTANT;
                case "EPOCH_SECONDS" -> AttributeTypes.EPOCH_SECONDS;
                case "LOCAL_DATE" -> AttributeTypes.LOCAL_DATE;
                case "UUID" -> AttributeTypes.UUID;
                default -> AttributeTypes.STRING_LIST;
            };
        }
        if (code instanceof TypeCode.EnumOf) {
            return AttributeTypes.enumType(AnyEnum.class);
        }
        return AttributeTypes.STRING_LIST;
    }
}
