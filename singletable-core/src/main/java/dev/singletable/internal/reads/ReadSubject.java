package dev.singletable.internal.reads;

import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypes;
import dev.singletable.UnknownEntityTypeException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.kinds.ScalarType;
import dev.singletable.internal.table.BoundTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a read returns: one entity, or the members of a collection told apart by the entity-type
 * attribute. Queries, scans and PartiQL statements share it, and with it the entity lookup.
 *
 * @param description the entity type or the collection, for messages
 * @param collection  true for a collection, whose items are decoded by their entity type
 */
record ReadSubject<T>(BoundTable table, String description, List<BoundEntity<? extends T>> members, boolean collection) {
    private static final Logger LOG = LoggerFactory.getLogger("dev.singletable.requests");

    ReadSubject {
        members = List.copyOf(members);
    }

    static <T> ReadSubject<T> of(BoundTable table, EntityTypes<T> entities) {
        if (entities instanceof EntityCollection<T> collection) {
            return new ReadSubject<>(table, collection.toString(), table.members(collection), true);
        }
        BoundEntity<T> bound = table.bound((EntitySchema<T>) entities);
        return new ReadSubject<>(table, bound.type(), List.of(bound), false);
    }

    /** The one entity of a read that is not a collection, or a collection's first member. */
    BoundEntity<? extends T> first() {
        return members.get(0);
    }

    String memberTypes(String separator) {
        return members.stream().map(BoundEntity::type).collect(Collectors.joining(separator));
    }

    /**
     * True when the item's entity type is none of the collection's members: a collection read skips it, as a
     * filter on the entity-type attribute would (logged at debug on {@code dev.singletable.requests}).
     */
    boolean isForeign(Map<String, AttributeValue> item) {
        AttributeValue type = item.get(table.schema().entityTypeAttribute());
        String typeName = type == null ? null : type.s();
        for (BoundEntity<? extends T> member : members) {
            if (member.type().equals(typeName)) {
                return false;
            }
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: skipped item {} with {} '{}', which is none of {}", description, BoundEntity.describeKey(table.schema(), item),
                    table.schema().entityTypeAttribute(), type == null ? "(none)" : typeName == null ? ScalarType.describe(type) : typeName,
                    memberTypes(", "));
        }
        return true;
    }

    /**
     * The member that decodes this item, by its entity-type attribute.
     *
     * @param what      the read, for the message
     * @param narrowing what the user narrows to keep other entity types out, for the message
     */
    BoundEntity<? extends T> memberOf(Map<String, AttributeValue> item, String what, String narrowing) {
        AttributeValue type = item.get(table.schema().entityTypeAttribute());
        String typeName = type == null ? "(none)" : type.s() == null ? ScalarType.describe(type) : type.s();
        for (BoundEntity<? extends T> member : members) {
            if (member.type().equals(typeName)) {
                return member;
            }
        }
        String expected = memberTypes(", ");
        throw new UnknownEntityTypeException(what + " returned item " + BoundEntity.describeKey(table.schema(), item) + " with "
                + table.schema().entityTypeAttribute() + " '" + typeName + "', which is none of " + expected
                + "; add that entity to the collection, or narrow the " + narrowing, expected, typeName);
    }
}
